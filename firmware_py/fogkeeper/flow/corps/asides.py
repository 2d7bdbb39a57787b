"""Asides: the quit question and "can we end?", screens that go back where they were asked."""

from __future__ import annotations

from typing import TYPE_CHECKING

from fogkeeper.flow.corps.session import CorpsScreen
from fogkeeper.flow.corps.table import BACK_TO
from fogkeeper.flow.game import Outcome

if TYPE_CHECKING:
    from fogkeeper.flow.corps.game import CorpsFlow


class Asides:
    """Each aside remembers the screen it interrupted in the session (a restart keeps it)."""

    def __init__(self, flow: CorpsFlow) -> None:
        self.flow = flow

    # ---- quitting: a long press on B anywhere, OK to confirm ------------------------------
    def remember_for_quit(self) -> None:
        self.flow.session.quit_from = self.flow.state

    def back_from_quit(self) -> None:
        self.go_back(self.flow.session.quit_from)

    def quit_game(self) -> None:
        self.flow.outcome = Outcome.EXIT

    # ---- "can we end?", from the chapter menu, the tracker and the end's question ---------
    def remember_for_why(self) -> None:
        self.flow.session.why_from = self.flow.state
        self.flow.session.cursors[CorpsScreen.WHY] = 0

    def back_from_why(self) -> None:
        self.go_back(self.flow.session.why_from)

    def go_back(self, screen: CorpsScreen) -> None:
        """To the screen remembered; one with no way back (only a damaged save holds such a
        screen) stays where it is, as the trigger's row from here would not exist."""
        back = BACK_TO.get(screen)
        if back is not None:
            self.flow.trigger(back)
