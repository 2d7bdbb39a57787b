"""The Corps flow's conditions and actions, named in its transition table (flow/corps.py)."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING

from fogkeeper.flow.corps_model import CorpsModel, CorpsScreen
from fogkeeper.flow.corps_setup import CHAPTER_ITEMS, KEY_ITEMS, MODE_ITEMS, KeyEntry
from fogkeeper.flow.game import Outcome
from fogkeeper.flow.kit.pin import PinPad
from fogkeeper.rules import corps

log = logging.getLogger(__name__)
C = CorpsScreen
GRID_COLUMNS = 3


class ChapterActions(CorpsModel):
    """Conditions (``is_``/``can_``/``has_``) and actions; each is one row's word."""

    if TYPE_CHECKING:
        def trigger(self, name: str) -> bool: ...
        def set_screen(self, screen: CorpsScreen) -> None: ...

    # ---- conditions ----------------------------------------------------------------------
    def is_chosen_fog(self) -> bool:
        return self.chosen(C.MODE) == MODE_ITEMS[1]

    def is_chosen_notebook(self) -> bool:
        return self.chosen(C.MODE) == MODE_ITEMS[2]

    def is_notebook_key_allowed(self) -> bool:
        return self.options.notebook_reveal

    def is_chosen_joystick(self) -> bool:
        return self.chosen(C.KEY_MENU) == KEY_ITEMS[0]

    def is_chosen_link(self) -> bool:
        return self.chosen(C.KEY_MENU) == KEY_ITEMS[1]

    def is_chosen_seal(self) -> bool:
        return self.chosen(C.KEY_MENU) == KEY_ITEMS[2]

    def is_chosen_no_key(self) -> bool:
        return self.chosen(C.KEY_MENU) == KEY_ITEMS[3]

    def has_pin(self) -> bool:
        return bool(self.context.config.security.pin)

    def is_board_opened(self) -> bool:
        return self.board_opened

    def is_last_slot(self) -> bool:
        return self.key_entry is not None and self.key_entry.is_last

    def is_first_slot(self) -> bool:
        return self.key_entry is None or self.key_entry.slot == 1

    def is_on_fixed_water(self) -> bool:
        return self.chapter.board.water_slot == self.cursor_slot

    def is_on_empty_circle(self) -> bool:
        return self.chapter.board.token_at(self.cursor_slot) is None

    def is_on_carried(self) -> bool:
        return self.cursor_slot == self.carried

    def is_on_free_circle(self) -> bool:
        return self.is_on_empty_circle() and not self.is_on_fixed_water()

    def is_chosen_board(self) -> bool:
        return self.chosen(C.CHAPTER) == CHAPTER_ITEMS[0]

    def is_chosen_tracker(self) -> bool:
        return self.chosen(C.CHAPTER) == CHAPTER_ITEMS[1]

    def is_chosen_why(self) -> bool:
        return self.chosen(self.state) == "Can we end?"

    def is_chosen_end(self) -> bool:
        return self.chosen(C.CHAPTER) == CHAPTER_ITEMS[3]

    def is_chosen_key_holder(self) -> bool:
        return self.chosen(C.CHAPTER) == CHAPTER_ITEMS[4]

    def is_chosen_monsters(self) -> bool:
        return self.chosen(C.TRACKER) == "Monsters"

    def can_end_now(self) -> bool:
        return corps.can_end(self.chapter)[0]

    def is_key_sealed(self) -> bool:
        return corps.is_sealed(self.chapter)

    def has_key(self) -> bool:
        return self.chapter.key is not None

    def is_all_revealed(self) -> bool:
        return self.chapter.revealed >= corps.SLOT_COUNT

    def is_paced_all_at_once(self) -> bool:
        return self.options.reveal_pacing is corps.RevealPacing.ALL_AT_ONCE

    # ---- moving about --------------------------------------------------------------------
    def remember_for_quit(self) -> None:
        self.quit_from = self.state

    def back_from_quit(self) -> None:
        self.set_screen(self.quit_from)

    def quit_game(self) -> None:
        self.outcome = Outcome.EXIT

    def remember_for_why(self) -> None:
        self.why_from = self.state
        self.cursors[C.WHY.value] = 0

    def back_from_why(self) -> None:
        self.set_screen(self.why_from)

    def menu_up(self) -> None:
        self.cursors[self.state.value] = max(0, self.cursor(self.state) - 1)

    def menu_down(self) -> None:
        last = max(0, len(self.menu_items(self.state)) - 1)
        self.cursors[self.state.value] = min(last, self.cursor(self.state) + 1)

    def map_up(self) -> None:
        self.map_choice = self.map_choice % corps.MAP_COUNT + 1

    def map_down(self) -> None:
        self.map_choice = (self.map_choice - 2) % corps.MAP_COUNT + 1

    def on_screen_change(self) -> None:
        if self.state is C.BOARD:
            self.board_opened = True

    # ---- chapter and key -----------------------------------------------------------------
    def start_fog(self) -> None:
        self._start(corps.ChapterMode.FOG)

    def start_notebook(self) -> None:
        self._start(corps.ChapterMode.NOTEBOOK)

    def _start(self, mode: corps.ChapterMode) -> None:
        self.chapter = corps.new_chapter(mode, self.options, self.map_choice)
        self.board_opened = False
        self.cursors[C.KEY_MENU.value] = 0
        log.info("corps: %s chapter on map %d", mode.value, self.map_choice)

    def start_key_entry(self) -> None:
        self.key_entry = KeyEntry(self.chapter.map_id or self.map_choice)

    def drop_key_entry(self) -> None:
        self.key_entry = None

    def key_token_up(self) -> None:
        assert self.key_entry is not None  # KEY_SLOT is entered with an entry
        self.key_entry.step(-1)

    def key_token_down(self) -> None:
        assert self.key_entry is not None
        self.key_entry.step(+1)

    def key_next_slot(self) -> None:
        assert self.key_entry is not None
        self.key_entry.confirm()

    def key_previous_slot(self) -> None:
        assert self.key_entry is not None
        self.key_entry.back()

    def finish_key(self) -> None:
        assert self.key_entry is not None
        self.key_entry.confirm()
        entry, self.key_entry = self.key_entry, None
        self.attempt(lambda: corps.enter_key(self.chapter, entry.to_key()))

    def new_pad(self) -> None:
        self.pad = PinPad("PIN to unseal" if self.state is C.CHAPTER else "PIN to seal")

    def pad_input(self) -> None:
        result = self.pad.handle(self.last_trigger)
        if result == "":
            self.trigger("pin_cancel")
        elif result is not None and self.context.pin_matches(result):
            self.trigger("pin_right")
        elif result is not None:
            self.pad = PinPad("Wrong PIN, again")
            self.context.effects.sound("error")

    def seal_key(self) -> None:
        if self.attempt(lambda: corps.seal(self.chapter)):
            self.announce_sealed()

    def announce_sealed(self) -> None:
        """Tell the log and the link what the window shows: the Map and Water's circle."""
        log.info("corps: key sealed for map %s", self.chapter.map_id)
        self.context.effects.emit("corps.sealed", {"map": self.chapter.map_id,
                                                   "water_slot": self.chapter.board.water_slot})

    def unseal_key(self) -> None:
        self.attempt(lambda: corps.unseal(self.chapter))
        log.info("corps: key unsealed by the key holder")

    # ---- the engine, with a refusal shown instead of raised -------------------------------
    def attempt(self, change: Callable[[], corps.CorpsState]) -> bool:
        """Apply one engine change; a refusal becomes the screen's note and a buzz."""
        try:
            self.chapter = change()
        except corps.CorpsError as exc:
            self.note = str(exc)
            self.context.effects.sound("error")
            return False
        return True

    def move_cursor(self) -> None:
        row, column = divmod(self.cursor_slot - 1, GRID_COLUMNS)
        row += {"up": -1, "down": 1}.get(self.last_trigger, 0)
        column += {"left": -1, "right": 1}.get(self.last_trigger, 0)
        last_row = (corps.SLOT_COUNT - 1) // GRID_COLUMNS
        if 0 <= row <= last_row and 0 <= column < GRID_COLUMNS:
            self.cursor_slot = row * GRID_COLUMNS + column + 1
