"""Everything the Corps table keeps, in one typed session; the engine's CorpsState stays typed.

The session is what a power cut must not lose; it goes to the box's own disk only (it holds
the sealed key), never to the link. The PIN pad's digits are never part of it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from enum import StrEnum

from fogkeeper.flow.corps.key_entry import ENTRY_CODEC, KeyEntry
from fogkeeper.flow.game import GameContext
from fogkeeper.flow.kit.session import codec
from fogkeeper.rules import corps
from fogkeeper.rules.corps.codec import from_data, to_data


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
    TERRAIN = "terrain"  # the Terrain printed on a Monster card turning face up
    WHY = "why"  # can we end? and why not
    SETUP = "setup"  # the chapter's setup, as the rulebook asks it: a reminder to read
    END_CONFIRM = "end_confirm"
    LOSE_CONFIRM = "lose_confirm"  # the core game's loss ended the chapter
    REVEAL = "reveal"
    VERDICT = "verdict"
    REVIEW = "review"  # the nine circles after the verdict
    UNSEAL_PIN = "unseal_pin"
    NO_PIN = "no_pin"  # no PIN configured: the key cannot be opened before the end
    QUIT = "quit"


STATE_CODEC = codec(to_data, from_data)


@dataclass
class CorpsSession:
    """The chapter (engine state) and the table's own data: cursors, the hand, the reveal."""

    chapter: corps.CorpsState = field(metadata=STATE_CODEC)
    cursors: dict[CorpsScreen, int] = field(default_factory=dict)  # menu screen -> row
    map_choice: int = 1
    key_entry: KeyEntry | None = field(default=None, metadata=ENTRY_CODEC)
    cursor_slot: int = 1  # the circle under the board's cursor
    carried: int | None = None  # the circle whose token is in the hand
    row_choice: int = 1  # the tracker's "Row complete" chooser
    explore_choice: int = 0  # the tracker's Explore: which Terrain was revealed
    terrain_card: str = ""  # the Monster card whose Terrain the table is naming
    terrain_dormant: bool = False  # ... turned face up asleep, by Medicinal Herbs
    board_opened: bool = False
    next_reveal_at: float | None = None  # clock seconds of the next slow-reveal step
    record_path: str | None = None  # the game record, written once at the end
    quit_from: CorpsScreen = CorpsScreen.MODE
    why_from: CorpsScreen = CorpsScreen.CHAPTER
    # the chapter before the last tracker change, for "Undo last"
    undo: corps.CorpsState | None = field(default=None, metadata=STATE_CODEC)
    note: str = ""  # one-shot line: why the last control did nothing

    def __post_init__(self) -> None:
        corps.parse_slot(str(self.cursor_slot))  # a damaged save is refused, not half used
        if self.carried is not None:
            corps.parse_slot(str(self.carried))

    @property
    def options(self) -> corps.CorpsOptions:
        return self.chapter.options

    def cursor(self, screen: CorpsScreen) -> int:
        return self.cursors.get(screen, 0)

    def attempt(self, context: GameContext, change: Callable[[], corps.CorpsState]) -> bool:
        """Apply one engine change; a refusal becomes the screen's note and a buzz."""
        try:
            self.chapter = change()
        except corps.CorpsError as exc:
            self.note = str(exc)
            context.effects.sound("error")
            return False
        return True
