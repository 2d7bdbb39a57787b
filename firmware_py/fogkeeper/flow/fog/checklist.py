"""The checklist before a game, as a part of The FOG's flow: its rows and values, the walk
through the owner's board, the preset kept and the game laid out (its past games are
``past_games.py``)."""

from __future__ import annotations

from fogkeeper.data.fog import owner_board
from fogkeeper.errors import FogkeeperError
from fogkeeper.flow.fog import board_check, table_cards
from fogkeeper.flow.fog.begin import begin, public_setup, value_rows
from fogkeeper.flow.fog.menus import Entry, Key
from fogkeeper.flow.fog.part import Part
from fogkeeper.flow.fog.session import Ask, BoardCheck, FogFlowError, Session
from fogkeeper.flow.fog.setup import BOARD_CHECK, HISTORY, START, problems, step
from fogkeeper.flow.fog.setup import rows as setup_rows
from fogkeeper.flow.fog.table import Go
from fogkeeper.flow.kit import session as snapshots


class Checklist(Part):
    """The setup, values and board screens, and the start of a game."""

    # ---- presses -------------------------------------------------------------------------
    def setup_key(self, trigger: str) -> bool:
        if trigger == "hold_ok":   # from any row, straight to "Start game" (then one OK)
            self.s.cursor = setup_rows(self.s.setup).index(START)
            return True
        if trigger != "ok":
            return False
        chosen = self.flow.controls.chosen()
        if chosen is HISTORY:
            self.flow.fire(Go.HISTORY)
        elif chosen is BOARD_CHECK:
            self.flow.fire(Go.CHECK_BOARD)
        elif chosen is not START:
            self.flow.controls.change(+1)
        elif problems(self.s.setup):
            self.flow.controls.refuse("; ".join(problems(self.s.setup)))
        elif value_rows(self.s.setup):
            self.flow.fire(Go.ENTER_VALUES)
        else:
            self.flow.fire(Go.START)
        return True

    def values_key(self, trigger: str) -> bool:
        if trigger != "ok":
            return False
        if self.flow.controls.chosen() is Entry.DONE:
            self.flow.fire(Go.START)
        else:
            self.flow.controls.change(+1)
        return True

    def board_key(self, trigger: str) -> bool:
        """The board walk-through: <> change the value, OK it matches (the last one: save),
        up/down the previous or next value."""
        check = self.s.board_check
        if trigger in ("left", "right"):
            board_check.change(check, -1 if trigger == "left" else +1)
        elif trigger in ("up", "down"):
            board_check.move(check, -1 if trigger == "up" else +1)
        elif trigger == "ok" and board_check.is_last(check):
            self.flow.fire(Go.BOARD_DONE)
        elif trigger == "ok":
            board_check.move(check, +1)
        else:
            return False
        return True

    def open_on_start(self) -> None:
        """A checklist kept from the last game opens on "Start game" when nothing in it must
        change first (the same table again is one OK); else on its first row."""
        if not problems(self.s.setup):
            self.s.cursor = setup_rows(self.s.setup).index(START)

    def change_row(self, direction: int) -> None:
        """The checklist row under the cursor one choice on; rows it hides take the cursor
        no further than the last row left."""
        s = self.s
        s.setup = step(s.setup, setup_rows(s.setup)[s.cursor], direction)
        s.cursor = min(s.cursor, len(setup_rows(s.setup)) - 1)

    def change_value(self, key: Key | None, direction: int) -> None:
        """A tile's value one up or down, within what the tile may show."""
        for row in value_rows(self.s.setup):
            if row == key:
                value = self.s.values.get(row.key, row.default) + direction
                self.s.values[row.key] = min(row.high, max(row.low, value))

    # ---- the owner's board ---------------------------------------------------------------
    def open_check(self) -> None:
        board_check.open_check(self.s)

    def ask_save_board(self) -> None:
        """The walk's end: the board must hold the corrections before the question is asked
        (a refusal names what it cannot hold, and the walk stays open)."""
        board_check.holds(self.s.board_check)
        self.s.asking = Ask.SAVE_BOARD

    def ask_drop_board(self) -> None:
        self.s.asking = Ask.DROP_BOARD

    def save_board(self) -> None:
        """Every value as shown, written before the box says so; the owner's word from now
        on, on this box and in `fogkeeper board`."""
        check = self.s.board_check
        values = board_check.holds(check)
        if not self.flow.context.effects.keep_board(check.board, True, values):
            raise FogFlowError(f"board {check.board} not saved: the disk refused")
        board_check.forget()
        self.s.board_check = BoardCheck()
        self.emit("fog.board.checked", {"board": check.board, "corrected": sorted(values)})

    def is_asking_save_board(self) -> bool:
        return self.s.asking is Ask.SAVE_BOARD

    def is_asking_drop_board(self) -> bool:
        return self.s.asking is Ask.DROP_BOARD

    def has_board_changes(self) -> bool:
        return bool(self.s.board_check.changed)

    def cursor_to_board_check(self) -> None:
        self.flow.controls.place(BOARD_CHECK)

    # ---- the game laid out ---------------------------------------------------------------
    def ask_values(self) -> None:
        needed = value_rows(self.s.setup)
        self.s.values = {r.key: self.s.values.get(r.key, r.default) for r in needed}

    def start_game(self) -> None:
        """Lay out the game; a refusal on the way leaves the session as it was."""
        before = snapshots.dump(self.s)
        try:
            begin(self.s)
            self.s.board_checked = owner_board(str(self.s.setup["board"])).confirmed
            if table_cards.table_draws(self.s):
                table_cards.setup_asks(self.s)
        except FogkeeperError:
            self.flow.s = snapshots.load(Session, before)
            raise
        self.emit("fog.setup", public_setup(self.s))

    def store_preset(self) -> None:
        """The checklist a game started from, kept for the next one (only then: a refused
        start keeps nothing)."""
        self.flow.context.effects.save_preset(self.flow.name, dict(self.s.setup))
