"""The controls every screen of The FOG shares: a press goes to its screen's part, else to the
cursor, a dial or the table; the question asked before the box acts; the asides (leaving the
game, a refusal to read) that come back where they cut in."""

from __future__ import annotations

import textwrap

from fogkeeper.flow.fog import scoring
from fogkeeper.flow.fog.menus import Entry, Key, Tile, menu_rows
from fogkeeper.flow.fog.part import Part
from fogkeeper.flow.fog.session import Ask, CostField, PickField
from fogkeeper.flow.fog.setup import SetupRow
from fogkeeper.flow.fog.table import FogScreen, Go, back_to
from fogkeeper.flow.game import Outcome
from fogkeeper.flow.kit.menu import step_cursor

F = FogScreen
LISTS = {F.SETUP, F.VALUES, F.INFO, F.HAND, F.OPEN, F.LOSSES, F.SCORE, F.BONUS, F.REVIEW,
         F.RESULTS, F.DETAIL, F.NOTICE, F.COST, F.PICK, F.SHOW, F.PICTURE, F.HISTORY}
DIALS = {F.SETUP, F.VALUES, F.BONUS, F.COST, F.PICK}   # left/right change the row's value
NOTICE_WIDTH = 21


class Controls(Part):
    """What a press does when its screen's part leaves it, and the asides."""

    def press(self, trigger: str) -> None:
        """A control: a change on this screen, else the table's trigger of that name."""
        flow = self.flow
        if flow.rounds.resumed_key(trigger):
            return
        here = flow.presses.get(flow.screen)
        if here is not None and here(trigger):
            return
        if trigger in ("up", "down") and flow.screen in LISTS:
            self.move_cursor(trigger)
            flow.outcome = Outcome.MOVED
        elif trigger in ("left", "right") and flow.screen in DIALS:
            self.change(-1 if trigger == "left" else +1)
        else:
            # the control itself (any button's name): a row of the table when the control
            # alone changes this screen, else nothing (invalid triggers are ignored)
            flow.trigger(trigger)

    def move_cursor(self, trigger: str) -> None:
        rows = len(menu_rows(self.s, self.flow.screen))
        self.s.cursor = step_cursor(self.s.cursor, trigger, rows)

    def chosen(self) -> Key | None:
        """The key of the row under the cursor."""
        found = menu_rows(self.s, self.flow.screen)
        return found[min(self.s.cursor, len(found) - 1)].key if found else None

    def place(self, key: Key) -> None:
        """Put the cursor on the row ``key``."""
        self.s.cursor = [r.key for r in menu_rows(self.s, self.flow.screen)].index(key)

    def change(self, direction: int) -> None:
        """Left/right: the value of the row under the cursor one choice down or up (the
        part whose row it is changes it)."""
        key = self.chosen()
        if isinstance(key, SetupRow):
            self.flow.checklist.change_row(direction)
        elif self.flow.screen is F.VALUES:
            self.flow.checklist.change_value(key, direction)
        elif isinstance(key, CostField):
            self.flow.rounds.change_cost(key, direction)
        elif isinstance(key, PickField):   # one Islander, for the losses or the score
            scoring.step_pick(self.s, key, direction)
        elif isinstance(key, Tile):
            self.flow.scores.change_bonus(key, direction)

    def cursor_to_add(self) -> None:
        """The losses and the score lists start on their "add" row."""
        self.place(Entry.ADD)

    # ---- the question before the box acts ----------------------------------------------
    def ask_before_removing(self, what: Ask, index: int) -> None:
        """Removing a loss or an Islander asks first."""
        self.s.asking, self.s.removing = what, index
        self.flow.fire(Go.ASK_REMOVE)

    def forget_question(self) -> None:
        self.s.asking, self.s.removing = None, -1

    # ---- asides --------------------------------------------------------------------------
    def entered(self) -> None:
        self.s.cursor = 0

    def refuse(self, message: str) -> None:
        """Show why an action is not possible; OK or B returns to where the table was."""
        self._notify(message.removeprefix("record breaks the rules: ").split("; "), kept=False)

    def warn_if_noted(self) -> None:
        """An entry the box noted against its assumed board data is kept, and said now:
        under the title "Kept as entered", never "Not possible" (it was possible)."""
        if self.s.warning:
            warning, self.s.warning = self.s.warning, ""
            self._notify([warning], kept=True)

    def _notify(self, reasons: list[str], *, kept: bool) -> None:
        self.s.notice = [line for why in reasons for line in textwrap.wrap(why, NOTICE_WIDTH)]
        self.s.notice_kept = kept
        self.flow.fire(Go.REFUSED)

    def remember(self) -> None:
        """The screen an aside returns to (the one under a notice, never the notice), and
        its cursor: the player comes back to the row they left, never to the first."""
        if self.flow.screen is not F.NOTICE:
            self.s.back_to, self.s.back_cursor = self.flow.screen, self.s.cursor

    def go_back(self) -> None:
        # the asides' ways back are generated a screen each (``table.back_to``)
        self.flow.trigger(back_to(self.s.back_to))

    def back_on_row(self) -> None:
        """Back from an aside: the cursor where the player left it."""
        self.s.cursor = self.s.back_cursor

    def quit_game(self) -> None:
        self.flow.outcome = Outcome.EXIT
