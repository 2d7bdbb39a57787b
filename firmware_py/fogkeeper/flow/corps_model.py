"""The Corps flow's screens and the data it keeps besides the engine state (cursors, entry)."""

from __future__ import annotations

from enum import StrEnum

from fogkeeper.flow.corps_setup import (
    CHAPTER_ITEMS,
    KEY_ITEMS,
    MODE_ITEMS,
    TRACKER_ITEMS,
    KeyEntry,
    end_reasons,
    load_options,
    monster_names,
)
from fogkeeper.flow.game import GameContext, Outcome
from fogkeeper.flow.kit.pin import PinPad
from fogkeeper.rules import corps


class CorpsScreen(StrEnum):
    MODE = "mode"  # Fog chapter or Fog in previous Chapters, and the Map
    KEY_MENU = "key_menu"  # how the key holder gives the key
    KEY_SLOT = "key_slot"  # one circle of the key at a time
    KEY_WAIT = "key_wait"  # waiting for corps.key over the link
    SEAL_PIN = "seal_pin"
    SEAL_NO_PIN = "seal_no_pin"
    SEALED = "sealed"  # hand the box to the table
    BOARD = "board"  # the guess board, cursor on a circle
    PICK = "pick"  # which token goes on the empty circle
    CARRY = "carry"  # a token in the hand, moving to another circle
    CHAPTER = "chapter"  # the chapter menu
    TRACKER = "tracker"
    MONSTERS = "monsters"
    WHY = "why"  # can we end? and why not
    END_CONFIRM = "end_confirm"
    REVEAL = "reveal"
    VERDICT = "verdict"
    REVIEW = "review"  # the nine circles after the verdict
    UNSEAL_PIN = "unseal_pin"
    NO_PIN = "no_pin"  # no PIN configured: the key cannot be opened before the end
    QUIT = "quit"


C = CorpsScreen
# screens the table reaches before the board opens: a key arriving over the link moves on
KEY_SCREENS = frozenset({C.MODE, C.KEY_MENU, C.KEY_SLOT, C.KEY_WAIT, C.SEAL_PIN,
                         C.SEAL_NO_PIN})


class CorpsModel:
    """Everything the flow keeps; the engine's ``chapter`` holds the game itself."""

    state: CorpsScreen

    def __init__(self, context: GameContext) -> None:
        self.context = context
        self.options = load_options()
        self.chapter = corps.new_chapter(options=self.options)
        self.cursors: dict[str, int] = {}
        self.map_choice = 1
        self.key_entry: KeyEntry | None = None
        self.pad = PinPad("PIN")
        self.cursor_slot = 1
        self.carried: int | None = None
        self.row_choice = 1
        self.board_opened = False
        self.next_reveal_at: float | None = None
        self.record_path: str | None = None
        self.quit_from = C.MODE
        self.why_from = C.CHAPTER
        self.undo: corps.CorpsState | None = None  # the state before the last tracker change
        self.note = ""  # one-shot line: why the last control did nothing
        self.outcome = Outcome.STAY
        self.last_trigger = ""

    # ---- menus that change with the chapter ----------------------------------------------
    def menu_items(self, screen: CorpsScreen) -> tuple[str, ...]:
        """The rows of the menu ``screen`` right now."""
        if screen is C.MODE:
            return MODE_ITEMS
        if screen is C.KEY_MENU:
            return self.key_items()
        if screen is C.PICK:
            return tuple(t.value.capitalize() for t in self.pickable())
        if screen is C.CHAPTER:
            return CHAPTER_ITEMS if self.key_allowed() else CHAPTER_ITEMS[:-1]
        if screen is C.TRACKER:
            return TRACKER_ITEMS
        if screen is C.MONSTERS:
            return monster_names(self.options)
        if screen is C.WHY:
            return end_reasons(self.chapter)
        if screen is C.REVIEW:
            return tuple(str(slot) for slot in corps.SLOTS)
        return ()

    def key_items(self) -> tuple[str, ...]:
        entered = corps.key_status(self.chapter) is corps.KeyStatus.ENTERED
        notebook = self.chapter.mode is corps.ChapterMode.NOTEBOOK
        shown = {KEY_ITEMS[0], KEY_ITEMS[1]}
        shown |= {KEY_ITEMS[2]} if entered else set()
        shown |= {KEY_ITEMS[3]} if notebook and not self.board_opened else set()
        return tuple(item for item in KEY_ITEMS if item in shown)

    def chosen(self, screen: CorpsScreen) -> str:
        items = self.menu_items(screen)
        return items[min(self.cursor(screen), len(items) - 1)] if items else ""

    def cursor(self, screen: CorpsScreen) -> int:
        return self.cursors.get(screen.value, 0)

    def pickable(self) -> tuple[corps.Token, ...]:
        """Tokens beside the board that the table may place (Water sits fixed in the Fog)."""
        fixed = self.chapter.board.water_slot is not None
        return tuple(t for t in self.chapter.board.supply if not (fixed and t is corps.Token.WATER))

    def key_allowed(self) -> bool:
        """Whether this chapter takes a key: always in the Fog, by config in a previous one."""
        return (self.chapter.mode is corps.ChapterMode.FOG
                or self.options.notebook_reveal)
