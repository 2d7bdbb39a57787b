"""The sealed answer key of one Map: which token each terrain-rule slot really finds."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from fogkeeper.rules.corps.errors import KeyFileError
from fogkeeper.rules.corps.tokens import SLOT_COUNT, SLOTS, Token

# The Map Folder holds 20 Maps (component list); maps are numbered 1..MAP_COUNT.
MAP_COUNT = 20


@dataclass(frozen=True)
class AnswerKey:
    """One Map's answers, slot 1..9 in order; only Water's slot is public.

    ``repr``/``str`` hide the answers so that a stray log line or error cannot spoil the map.
    """

    map_id: int
    answers: tuple[Token, ...] = field(repr=False)

    def __post_init__(self) -> None:
        check_map_id(self.map_id)
        _check_bijection(self.answers)

    def __repr__(self) -> str:
        return f"AnswerKey(map_id={self.map_id}, water_slot={self.water_slot}, answers=<sealed>)"

    __str__ = __repr__

    @property
    def water_slot(self) -> int:
        """The slot shown through the window in the Mission Briefing Covering (public)."""
        return self.answers.index(Token.WATER) + 1

    def answer(self, slot: int) -> Token:
        """The true token of ``slot``; call only after the end or for the Water slot."""
        return self.answers[slot - 1]


def check_map_id(map_id: object) -> int:
    """``map_id`` as a Map number 1..MAP_COUNT, or a KeyFileError."""
    if isinstance(map_id, bool) or not isinstance(map_id, int) or not 1 <= map_id <= MAP_COUNT:
        raise KeyFileError(f"map must be a whole number from 1 to {MAP_COUNT}")
    return map_id


def _check_bijection(answers: tuple[Token, ...]) -> None:
    # Messages count and name slots only: naming a token would hint at where it belongs.
    if len(answers) != SLOT_COUNT or not all(isinstance(a, Token) for a in answers):
        raise KeyFileError(f"a key gives exactly one token for each of the {SLOT_COUNT} slots")
    missing = SLOT_COUNT - len(set(answers))
    if missing:
        raise KeyFileError(
            f"each token is used exactly once: {missing} token(s) repeated, {missing} missing"
        )


def key_from_slots(map_id: int, by_slot: Mapping[int, Token]) -> AnswerKey:
    """A key from a complete slot -> token mapping (joystick entry or a parsed file)."""
    empty = [slot for slot in SLOTS if slot not in by_slot]
    if empty:
        raise KeyFileError(f"map {map_id}: slot(s) {_join(empty)} have no token")
    extra = sorted(set(by_slot) - set(SLOTS))
    if extra:
        raise KeyFileError(f"map {map_id}: no slot {_join(extra)} (slots are 1..{SLOT_COUNT})")
    return AnswerKey(map_id, tuple(by_slot[slot] for slot in SLOTS))


def _join(numbers: list[int]) -> str:
    return ", ".join(str(n) for n in numbers)
