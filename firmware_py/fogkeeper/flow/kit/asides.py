"""The asides a game shares: the quit question and a notice, each back where it cut in.

An aside interrupts a screen and returns to it. The rows below put every screen's way into
and back out of the asides in a game's table; the game's model keeps ``back_to`` (the screen
to return to) and fires ``back_to_<screen>`` when the aside is done.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import Enum

QUIT_HINT = "OK quit  B back"  # the quit question's footer, the same in every game


def aside_rows(screens_: Sequence[Enum], *, quit_screen: Enum, notice: Enum,
               remember: str = "remember", quit_game: str = "quit_game",
               go_back: str = "go_back", returned: str | None = None,
               ) -> list[dict[str, object]]:
    """Rows for the quit question (hold B anywhere, OK quits, B returns) and for a notice
    (``refused`` shows it, OK or B return); ``remember``/``quit_game``/``go_back`` name the
    model's callbacks, ``returned`` one run once back on the screen under the aside (to put
    its cursor back where the player left it)."""
    back = {"after": returned} if returned else {}
    playing = [s for s in screens_ if s is not quit_screen]
    asides = [quit_screen, notice]
    return [
        {"trigger": "hold_back", "source": playing, "dest": quit_screen, "before": remember},
        {"trigger": "ok", "source": quit_screen, "dest": None, "after": quit_game},
        {"trigger": "refused", "source": playing, "dest": notice, "before": remember},
        {"trigger": "back", "source": asides, "dest": None, "after": go_back},
        {"trigger": "ok", "source": notice, "dest": None, "after": go_back},
        *({"trigger": f"back_to_{s.value}", "source": asides, "dest": s, **back}
          for s in screens_ if s not in asides),
    ]
