"""The key holder's side: the key menu, the slot-by-slot entry, sealing and unsealing.

Nothing here shows the key: the entry draws the one token being entered, on the box only.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from enum import Enum
from typing import TYPE_CHECKING

from fogkeeper.flow.game import GameContext
from fogkeeper.flow.kit.session import codec
from fogkeeper.rules import corps
from fogkeeper.secret import Secret

if TYPE_CHECKING:
    from fogkeeper.flow.corps.session import CorpsSession

log = logging.getLogger(__name__)

SEAL_PIN_TITLE = "PIN to seal"
UNSEAL_PIN_TITLE = "PIN to unseal"
# the wheel of the tokens still free: up/down one, left/right three (it wraps), as the PIN's
WHEEL_STEPS = {"down": 1, "up": -1, "right": 3, "left": -3}
KEY_HINT = "^v 1 <> 3 OK next B back"


class KeyWay(Enum):
    """How the key holder gives the key (the key menu's rows)."""

    JOYSTICK = "joystick"
    LINK = "link"
    SEAL = "seal"  # seal the key entered before (after an unseal)
    NO_KEY = "no_key"  # play a previous Chapter without a key


def key_ways(s: CorpsSession) -> tuple[KeyWay, ...]:
    """The key menu now: sealing only with a key entered, no key only before the board."""
    entered = corps.key_status(s.chapter) is corps.KeyStatus.ENTERED
    notebook = s.chapter.mode is corps.ChapterMode.NOTEBOOK
    return (KeyWay.JOYSTICK, KeyWay.LINK, *((KeyWay.SEAL,) if entered else ()),
            *((KeyWay.NO_KEY,) if notebook and not s.board_opened else ()))


def _entry_from_json(data: Mapping[str, object]) -> KeyEntry:
    saved = data["chosen"]
    if not isinstance(saved, Iterable):
        raise TypeError(f"'{type(saved).__name__}' object is not iterable")
    try:
        chosen = [corps.Token(value) for value in saved]
    except ValueError:
        raise ValueError("key_entry: a chosen token is not a guess token") from None
    return KeyEntry(_whole(data["map"]), Secret(chosen), _whole(data["choice"]))


def _whole(value: object) -> int:
    """``int(value)`` for what JSON can hold: a number or a string, else TypeError as int's."""
    if not isinstance(value, int | float | str):
        raise TypeError(f"int() argument must be a string or a real number, "
                        f"not '{type(value).__name__}'")
    return int(value)


@dataclass
class KeyEntry:
    """The key holder's entry, one circle at a time; only tokens not used yet are offered,
    and the last circle takes the one token left (OK on circle 8 ends the entry).

    Lives on the box only (in the snapshot on its own disk), never in a public view. The
    tokens are a Secret: a screen that shows one is private (fogkeeper.secret).
    """

    map_id: int
    hidden: Secret[list[corps.Token]] = field(default_factory=lambda: Secret([]))
    choice: int = 0  # index into ``choices`` for the circle being entered

    @property
    def chosen(self) -> list[corps.Token]:
        """The tokens given to circles 1.. so far (the key, being entered)."""
        return self.hidden.open()

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
        """Whether this circle's token leaves no choice for the ones after it."""
        return len(self.choices) <= 2

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

    def to_json(self) -> dict[str, object]:
        return {"map": self.map_id, "chosen": [t.value for t in self.chosen],
                "choice": self.choice}


# a damaged entry is refused without echoing the token written there
ENTRY_CODEC = codec(KeyEntry.to_json, _entry_from_json)


def start_entry(s: CorpsSession) -> None:
    s.key_entry = KeyEntry(s.chapter.map_id or s.map_choice)


def finish_entry(s: CorpsSession, context: GameContext) -> None:
    """The last circle with a choice is kept, the one token left goes to the circle after
    it, and the key goes to the engine (unsealed still)."""
    assert s.key_entry is not None  # KEY_SLOT is entered with an entry
    while s.key_entry.slot <= corps.SLOT_COUNT:
        s.key_entry.confirm()
    entry, s.key_entry = s.key_entry, None
    s.attempt(context, lambda: corps.enter_key(s.chapter, entry.to_key()))


def seal(s: CorpsSession, context: GameContext) -> None:
    if s.attempt(context, lambda: corps.seal(s.chapter)):
        announce_sealed(s, context)


def announce_sealed(s: CorpsSession, context: GameContext) -> None:
    """Tell the log and the link what the window shows: the Map and Water's circle."""
    log.info("corps: key sealed for map %s", s.chapter.map_id)
    context.effects.emit("corps.sealed", {"map": s.chapter.map_id,
                                          "water_slot": s.chapter.board.water_slot})


def unseal(s: CorpsSession, context: GameContext) -> None:
    s.attempt(context, lambda: corps.unseal(s.chapter))
    log.info("corps: key unsealed by the key holder")
