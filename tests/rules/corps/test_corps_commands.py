"""Host-link argument decoding for corps.guess and corps.track, and board invariants."""

from __future__ import annotations

import contextlib
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fogkeeper.rules import corps
from fogkeeper.rules.corps import AnswerKey, Token
from fogkeeper.rules.corps import errors as e
from rules.corps.corps_builders import sealed_chapter, shuffled_key


@pytest.mark.parametrize(
    ("args", "slot", "token"),
    [
        ({"op": "place", "token": "Tipi", "slot": 1}, 1, Token.TIPI),
        ({"op": "move", "from": 1, "to": 6}, 6, Token.TIPI),
        ({"op": "remove", "slot": 1}, 1, None),
    ],
)
def test_guess_commands(args: dict[str, Any], slot: int, token: Token) -> None:
    state = sealed_chapter(AnswerKey(1, (Token.TIPI, Token.WATER, *list(Token)[2:])))
    if args["op"] != "place":
        state = corps.place_token(state, Token.TIPI, 1)
    assert corps.apply_guess(state, args).board.token_at(slot) is token


@pytest.mark.parametrize(
    ("args", "error", "says"),
    [
        ({"op": "swap"}, e.CommandError, "op must be"),
        ({}, e.CommandError, "op must be a string"),
        ({"op": "place", "token": "tipi", "slot": "1"}, e.CommandError, "slot must be a whole"),
        ({"op": "place", "token": "teepee", "slot": 1}, e.TokenError, "'teepee' is not"),
        ({"op": "move", "from": 1, "to": True}, e.CommandError, "to must be a whole"),
        ({"op": "remove", "slot": 3}, e.SlotEmptyError, "holds no token"),
    ],
)
def test_bad_guess_commands(args: dict[str, Any], error: type[Exception], says: str) -> None:
    with pytest.raises(error, match=says) as caught:
        corps.apply_guess(sealed_chapter(AnswerKey(1, tuple(Token))), args)
    assert isinstance(caught.value, corps.CorpsError) and caught.value.code


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        ({"event": "tipi"}, corps.TipiRevealed()),
        (
            {"event": "monster", "card": "Monster 1", "terrain": "swamp"},
            corps.MonsterRevealed("Monster 1", "swamp"),
        ),
        ({"event": "monster", "card": "M", "dormant": True}, corps.MonsterRevealed("M", "", True)),
        ({"event": "kill", "card": "M"}, corps.MonsterKilled("M")),
        ({"event": "skull"}, corps.SkullFound()),
        ({"event": "night"}, corps.NightFell()),
        ({"event": "explore", "terrain": "swamp"}, corps.TerrainExplored("swamp")),
        ({"event": "row", "row": 4}, corps.RowCompleted(4)),
        ({"event": "water", "delta": -2}, corps.WaterChanged(-2)),
    ],
)
def test_track_commands(args: dict[str, Any], expected: corps.TrackAction) -> None:
    assert corps.track_action(args) == expected


@pytest.mark.parametrize(
    ("args", "says"),
    [
        ({"event": "dance"}, "event must be one of"),
        ({"event": "kill"}, "card must be a string"),
        ({"event": "row", "row": 2.5}, "row must be a whole"),
        ({"event": "monster", "card": "M", "dormant": "yes"}, "dormant must be true or false"),
    ],
)
def test_bad_track_commands(args: dict[str, Any], says: str) -> None:
    with pytest.raises(e.CommandError, match=says):
        corps.track_action(args)


_OPS = st.lists(
    st.tuples(
        st.sampled_from(["place", "move", "remove"]),
        st.sampled_from(list(Token)),
        st.integers(0, 10),
        st.integers(1, 9),
    ),
    max_size=40,
)


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 1000), ops=_OPS)
def test_any_sequence_of_moves_keeps_the_board_a_partial_bijection(
    seed: int, ops: list[tuple[str, Token, int, int]]
) -> None:
    key = shuffled_key(seed)
    state = sealed_chapter(key)
    for op, token, slot, other in ops:
        args: dict[str, Any] = {
            "op": op,
            "token": token.value,
            "slot": slot,
            "from": slot,
            "to": other,
        }
        with contextlib.suppress(corps.CorpsError):
            state = corps.apply_guess(state, args)
        board = state.board
        placed = [t for t in board.slots if t is not None]
        assert len(placed) == len(set(placed))
        assert board.token_at(key.water_slot) is Token.WATER
        assert set(board.supply) | set(placed) == set(Token)
