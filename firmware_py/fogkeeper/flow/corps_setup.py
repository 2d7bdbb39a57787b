"""Corps chapter set-up pieces: the chapter config, the key holder's slot-by-slot entry, menus."""

from __future__ import annotations

import logging
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from fogkeeper.paths import config_dir
from fogkeeper.rules import corps

log = logging.getLogger(__name__)

CHAPTER_FILE = Path("corps") / "chapter.toml"
FALLBACK_MONSTERS = tuple(f"Monster {n}" for n in range(1, 6))  # the expansion's five Threats

MODE_ITEMS = ("Map", "Fog chapter", "Previous Chapter")
KEY_ITEMS = ("Enter on joystick", "Load over link", "Seal entered key", "Play without key")
CHAPTER_ITEMS = ("Guess board", "Tracker", "Can we end?", "End chapter", "Key holder")
TRACKER_ITEMS = ("Tipi revealed", "Monsters", "Water", "Row complete", "Skull found",
                 "Night fell", "Can we end?", "Undo last")


def load_options(folder: Path | None = None) -> corps.CorpsOptions:
    """The chapter's [CONFIG] rulings from ``config/corps/chapter.toml``; defaults if absent.

    A broken file is logged and replaced by the defaults: the table can still play, and the
    log names the key to fix.
    """
    path = (folder or config_dir()) / CHAPTER_FILE
    try:
        with path.open("rb") as handle:
            data: dict[str, Any] = tomllib.load(handle)
        return corps.options_from_mapping(data, str(path))
    except FileNotFoundError:
        return corps.CorpsOptions()
    except (tomllib.TOMLDecodeError, corps.CorpsError, ValueError) as exc:
        log.error("corps chapter config ignored, using defaults: %s", exc)
        return corps.CorpsOptions()


def monster_names(options: corps.CorpsOptions) -> tuple[str, ...]:
    """The Threat cards the tracker offers, from config, else the five unnamed ones."""
    return tuple(card.card for card in options.monsters) or FALLBACK_MONSTERS


@dataclass
class KeyEntry:
    """The key holder's entry, one circle at a time; only tokens not used yet are offered.

    Lives on the box only (in the snapshot on its own disk), never in a public view.
    """

    map_id: int
    chosen: list[corps.Token] = field(default_factory=list)
    choice: int = 0  # index into ``choices`` for the circle being entered

    @property
    def slot(self) -> int:
        """The circle being entered, 1..9."""
        return len(self.chosen) + 1

    @property
    def choices(self) -> tuple[corps.Token, ...]:
        return tuple(token for token in corps.Token if token not in self.chosen)

    @property
    def current(self) -> corps.Token:
        return self.choices[self.choice % len(self.choices)]

    @property
    def is_last(self) -> bool:
        return self.slot == corps.SLOT_COUNT

    def step(self, direction: int) -> None:
        self.choice = (self.choice + direction) % len(self.choices)

    def confirm(self) -> None:
        """Keep the shown token for this circle and go to the next one."""
        self.chosen.append(self.current)
        self.choice = 0

    def back(self) -> None:
        """Reopen the previous circle, showing the token it had."""
        if self.chosen:
            previous = self.chosen.pop()
            self.choice = self.choices.index(previous)

    def to_key(self) -> corps.AnswerKey:
        return corps.key_from_slots(self.map_id, dict(zip(corps.SLOTS, self.chosen, strict=False)))

    def to_json(self) -> dict[str, Any]:
        return {"map": self.map_id, "chosen": [t.value for t in self.chosen],
                "choice": self.choice}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> KeyEntry:
        chosen = [corps.Token(value) for value in data["chosen"]]
        return cls(int(data["map"]), chosen, int(data["choice"]))


def end_reasons(chapter: corps.CorpsState) -> tuple[str, ...]:
    """Why the table may not end now, each short enough for one row of the screen."""
    if chapter.ended:
        return ("The chapter has ended",)
    if chapter.mode is corps.ChapterMode.NOTEBOOK:
        return ("Your Chapter's rules say",)  # the box does not judge that Chapter's end
    if corps.can_end(chapter)[0]:
        return ("Yes: you may end now",)
    tracker = chapter.tracker
    reasons = []
    if not tracker.end_unlocked:
        reasons.append(f"Tipis: {tracker.tipis_revealed} of {corps.TIPIS_TO_UNLOCK}")
    blocking = tracker.monsters if chapter.options.dormant_blocks else tracker.active_monsters
    reasons.extend(f"Kill {m.card}" for m in blocking)
    if not corps.is_sealed(chapter):
        reasons.append("Key not sealed")
    empty = len(chapter.board.empty_slots)
    if empty:
        reasons.append(f"Empty circles: {empty}")
    return tuple(reasons)
