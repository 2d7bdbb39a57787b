"""Builders shared by the Corps Fog-chapter tests: keys, sealed chapters, filled boards."""

from __future__ import annotations

import random

from fogkeeper.rules import corps
from fogkeeper.rules.corps import AnswerKey, CorpsState, Token


def shuffled_key(seed: int, map_id: int = 1) -> AnswerKey:
    """A key with the nine tokens in a seeded random order."""
    tokens = list(Token)
    random.Random(seed).shuffle(tokens)
    return AnswerKey(map_id, tuple(tokens))


def sealed_chapter(key: AnswerKey, **options: object) -> CorpsState:
    """A Fog chapter with ``key`` entered and sealed."""
    state = corps.new_chapter(options=corps.CorpsOptions(**options))  # type: ignore[arg-type]
    return corps.seal(corps.enter_key(state, key))


def guess_all(state: CorpsState, guesses: dict[int, Token]) -> CorpsState:
    """Place every non-Water guess on its slot."""
    for slot, token in guesses.items():
        if token is not Token.WATER:
            state = corps.place_token(state, token, slot)
    return state


def key_guesses(key: AnswerKey) -> dict[int, Token]:
    """The guesses that match ``key`` everywhere."""
    return {slot: key.answer(slot) for slot in corps.SLOTS}


def swap_two(guesses: dict[int, Token], water_slot: int) -> dict[int, Token]:
    """The same guesses with the first two non-Water slots exchanged (two wrong)."""
    a, b = [slot for slot in guesses if slot != water_slot][:2]
    changed = dict(guesses)
    changed[a], changed[b] = guesses[b], guesses[a]
    return changed


def unlock_end(state: CorpsState) -> CorpsState:
    """Three Tipis revealed."""
    for _ in range(corps.TIPIS_TO_UNLOCK):
        state = corps.track(state, corps.TipiRevealed())
    return state
