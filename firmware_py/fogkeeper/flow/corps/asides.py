"""Asides: the quit question and "can we end?", screens that go back where they were asked."""

from __future__ import annotations

from typing import TYPE_CHECKING

from fogkeeper.flow.corps.session import CorpsScreen
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
        self.flow.trigger(f"back_to_{self.flow.session.quit_from.value}")

    def quit_game(self) -> None:
        self.flow.outcome = Outcome.EXIT

    # ---- "can we end?", from the chapter menu, the tracker and the end's question ---------
    def remember_for_why(self) -> None:
        self.flow.session.why_from = self.flow.state
        self.flow.session.cursors[CorpsScreen.WHY] = 0

    def back_from_why(self) -> None:
        self.flow.trigger(f"back_to_{self.flow.session.why_from.value}")
