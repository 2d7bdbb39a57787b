"""Board: the guess board, its cursor, placing a token and carrying one to another circle."""

from __future__ import annotations

from typing import TYPE_CHECKING

from fogkeeper.flow.corps import chapter
from fogkeeper.flow.corps.session import CorpsScreen
from fogkeeper.flow.corps.table import Go

if TYPE_CHECKING:
    from fogkeeper.flow.corps.game import CorpsFlow


class Board:
    """OK on a circle places, takes or refuses; the hand (``carried``) is in the session."""

    def __init__(self, flow: CorpsFlow) -> None:
        self.flow = flow

    def note_opened(self) -> None:
        """After every screen change: once the board has shown, the key menu's B goes to it."""
        if self.flow.state is CorpsScreen.BOARD:
            self.flow.session.board_opened = True

    def opened_before(self) -> bool:
        """Whether the table has seen the board (until then, its way there shows the setup)."""
        return self.flow.session.board_opened

    def move_cursor(self) -> None:
        chapter.move_cursor(self.flow.session, self.flow.last_trigger)

    def ok(self) -> None:
        s = self.flow.session
        if chapter.on_fixed_water(s):
            s.note = f"Water stays on circle {s.cursor_slot}"
        elif chapter.on_empty_circle(s):
            s.cursors[CorpsScreen.PICK] = 0
            self.flow.trigger(Go.PICK_TOKEN)
        else:
            s.carried = s.cursor_slot
            self.flow.trigger(Go.TAKE_TOKEN)

    def place_chosen(self) -> None:
        flow = self.flow
        token = flow.menus.menu(CorpsScreen.PICK, chapter.pickable(flow.session)).chosen
        chapter.place(flow.session, flow.context, token)

    def carry_ok(self) -> None:
        s = self.flow.session
        if s.cursor_slot == s.carried:
            s.carried = None
            self.flow.trigger(Go.PUT_DOWN)
        elif chapter.on_empty_circle(s) and not chapter.on_fixed_water(s):
            chapter.drop_carried(s, self.flow.context)
            self.flow.trigger(Go.PUT_DOWN)
        else:
            s.note = f"circle {s.cursor_slot} is taken: move its token first"

    def return_carried(self) -> None:
        chapter.return_carried(self.flow.session, self.flow.context)

    def drop_hand(self) -> None:
        self.flow.session.carried = None
