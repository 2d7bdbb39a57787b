"""Secrecy: before the end nothing the table or the link can see depends on the sealed key.

The same scripted chapter is played against keys that share only Water's slot; every public
view, repr, str and error message along the way must be identical across those keys.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable

import pytest

from fogkeeper.rules import corps
from fogkeeper.rules.corps import AnswerKey, CorpsState, Token

Step = Callable[[CorpsState], CorpsState]
WATER_SLOT = 4


def _rotated_key(shift: int) -> AnswerKey:
    """Water on WATER_SLOT; every other token moved ``shift`` circles along."""
    others = [t for t in Token if t is not Token.WATER]
    others = others[shift:] + others[:shift]
    answers = [*others[: WATER_SLOT - 1], Token.WATER, *others[WATER_SLOT - 1 :]]
    return AnswerKey(9, tuple(answers))


def _script() -> list[Step]:
    """A chapter as a table plays it, with mistakes; guesses do not depend on the key."""
    place = [(Token.TIPI, 1), (Token.WOOD, 2), (Token.MUD, 3), (Token.ROCK, 5), (Token.SKULL, 6)]
    steps: list[Step] = [lambda s, t=t, n=n: corps.place_token(s, t, n) for t, n in place]
    steps += [
        lambda s: corps.track(s, corps.TipiRevealed()),
        lambda s: corps.place_token(s, Token.FOOD, WATER_SLOT),  # refused: Water's circle
        lambda s: corps.end_chapter(s),  # refused: too early
        lambda s: corps.verdict(s),  # type: ignore[arg-type,return-value]  # refused
        lambda s: corps.reveal_next(s),  # refused
        lambda s: corps.track(s, corps.MonsterRevealed("Monster 2", "swamp")),
        lambda s: corps.track(s, corps.WaterChanged(2)),
        lambda s: corps.track(s, corps.TerrainExplored("swamp")),
        lambda s: corps.move_token(s, 1, 7),
        lambda s: corps.place_token(s, Token.FOOD, 8),
        lambda s: corps.place_token(s, Token.MUSHROOM, 9),
        lambda s: corps.place_token(s, Token.FLOWER, 1),
        lambda s: corps.track(s, corps.TipiRevealed()),
        lambda s: corps.track(s, corps.TipiRevealed()),
        lambda s: corps.end_chapter(s),  # refused: Monster 2 is face up
        lambda s: corps.track(s, corps.MonsterKilled("Monster 2")),
        lambda s: corps.track(s, corps.RowCompleted(3)),
        lambda s: corps.move_token(s, 9, 9),  # refused
        lambda s: corps.unseal(s),
        lambda s: corps.end_chapter(s),  # refused: unsealed
        lambda s: corps.seal(s),
    ]
    return steps


def _observe(key: AnswerKey) -> tuple[list[str], CorpsState]:
    """Everything a shared screen, the link or a log could show after each step."""
    state = corps.seal(corps.enter_key(corps.new_chapter(), key))
    seen: list[str] = [repr(key), str(key)]
    for step in _script():
        try:
            state = step(state)
        except corps.CorpsError as error:
            seen.append(f"error {type(error).__name__}: {error}")
        seen += [json.dumps(corps.public_view(state), sort_keys=True), repr(state), str(state)]
        allowed, reason = corps.can_end(state)
        seen.append(f"{allowed} {reason} {corps.end_blockers(state)}")
    return seen, state


def test_nothing_seen_before_the_end_depends_on_the_key() -> None:
    base_seen, base_state = _observe(_rotated_key(0))
    assert base_state.board.is_complete and corps.can_end(base_state)[0]
    for shift in range(1, 8):
        seen, state = _observe(_rotated_key(shift))
        assert seen == base_seen, f"key rotated by {shift} changed what the table can see"
        # The test can fail: after the end the same guesses score differently.
        ended_views = [corps.full_view(corps.end_chapter(s)) for s in (base_state, state)]
        assert ended_views[0]["reveal"] != ended_views[1]["reveal"]


@pytest.mark.parametrize("seed", range(6))
def test_public_view_never_carries_answers_or_counts(seed: int) -> None:
    rng = random.Random(seed)
    others = [t for t in Token if t is not Token.WATER]
    rng.shuffle(others)
    key = AnswerKey(3, tuple([*others[:2], Token.WATER, *others[2:]]))
    state = corps.seal(corps.enter_key(corps.new_chapter(), key))
    for slot in corps.SLOTS:
        if slot != key.water_slot:
            state = corps.place_token(state, key.answer(slot), slot)
    text = json.dumps(corps.public_view(state))
    for forbidden in ('"answer"', '"answers"', '"right"', "right_count", 'verdict": {'):
        assert forbidden not in text
    assert corps.public_view(state)["reveal"] is None


def test_the_sealed_key_is_in_the_saved_state_only() -> None:
    key = _rotated_key(3)
    state = corps.seal(corps.enter_key(corps.new_chapter(), key))
    saved = json.loads(corps.to_json(state))
    assert saved["key"]["answers"] == [t.value for t in key.answers]
    assert "answers" not in json.dumps(corps.public_view(state))
