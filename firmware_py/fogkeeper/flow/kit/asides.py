"""The asides every game shares: the quit question, a notice to read, a hand-off, a hand back.

An aside interrupts a screen and returns to it. The rows below put every screen's way into
and back out of the asides in a game's table; the game's model keeps ``back_to`` (the screen
to return to) and fires ``back_to_<screen>`` when the aside is done.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import Enum

from fogkeeper.ui import screens
from fogkeeper.ui.draw import Frame

QUIT_HINT = "OK quit game  B keep playing"


def aside_rows(screens_: Sequence[Enum], *, quit_screen: Enum, notice: Enum,
               remember: str = "remember", quit_game: str = "quit_game",
               go_back: str = "go_back") -> list[dict[str, object]]:
    """Rows for the quit question (hold B anywhere, OK quits, B returns) and for a notice
    (``refused`` shows it, OK or B return); ``remember``/``quit_game``/``go_back`` name the
    model's callbacks."""
    playing = [s for s in screens_ if s is not quit_screen]
    asides = [quit_screen, notice]
    return [
        {"trigger": "hold_back", "source": playing, "dest": quit_screen, "before": remember},
        {"trigger": "ok", "source": quit_screen, "dest": None, "after": quit_game},
        {"trigger": "refused", "source": playing, "dest": notice, "before": remember},
        {"trigger": "back", "source": asides, "dest": None, "after": go_back},
        {"trigger": "ok", "source": notice, "dest": None, "after": go_back},
        *({"trigger": f"back_to_{s.value}", "source": asides, "dest": s}
          for s in screens_ if s not in asides),
    ]


def quit_frame(game_title: str) -> Frame:
    """The question before a game is thrown away (its progress is lost)."""
    return screens.render_message(screens.MessageView(
        "Quit game?", (game_title, "This game will be lost."), QUIT_HINT))


def notice_frame(title: str, lines: Sequence[str], hint: str = "OK back") -> Frame:
    """A refusal or a note to read, then back where the player was."""
    return screens.render_message(screens.MessageView(title, tuple(lines), hint))


def handoff_frame(name: str, why: str, hint: str = "hold OK when ready") -> Frame:
    """"Pass the box to Pink": the next screen is for that player's eyes only."""
    return screens.render_message(screens.MessageView(
        "Pass the box", (f"to {name}", why), hint, big=""))
