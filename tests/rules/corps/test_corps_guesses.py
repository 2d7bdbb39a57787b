"""The guess board through the chapter: legal moves, refused moves, Water fixed, key changes."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from fogkeeper.rules import corps
from fogkeeper.rules.corps import AnswerKey, CorpsState, Token
from fogkeeper.rules.corps import errors as e
from rules.corps.corps_builders import guess_all, key_guesses, sealed_chapter, unlock_end

# A fixed key keeps the tables readable: Water on slot 3.
KEY = AnswerKey(
    2,
    (
        Token.WOOD,
        Token.MUD,
        Token.WATER,
        *[t for t in Token if t not in (Token.WOOD, Token.MUD, Token.WATER)],
    ),
)

Move = Callable[[CorpsState], CorpsState]


def _start() -> CorpsState:
    """Tipi on 1, Food on 5, the rest beside the board."""
    state = sealed_chapter(KEY)
    return corps.place_token(corps.place_token(state, Token.TIPI, 1), Token.FOOD, 5)


@pytest.mark.parametrize(
    ("move", "expected"),
    [
        (lambda s: corps.place_token(s, Token.ROCK, 2), {1: "tipi", 2: "rock", 5: "food"}),
        (lambda s: corps.move_token(s, 1, 9), {9: "tipi", 5: "food"}),
        (lambda s: corps.remove_token(s, 5), {1: "tipi"}),
        (
            lambda s: corps.place_token(corps.remove_token(s, 1), Token.TIPI, 4),
            {4: "tipi", 5: "food"},
        ),
    ],
)
def test_legal_moves(move: Move, expected: dict[int, str]) -> None:
    board = move(_start()).board
    placed = {slot: token.value for slot, token in board.as_dict().items() if slot != 3}
    assert placed == expected
    assert board.token_at(3) is Token.WATER
    assert Token.WATER not in board.supply


@pytest.mark.parametrize(
    ("move", "error", "says"),
    [
        (lambda s: corps.place_token(s, Token.TIPI, 2), e.TokenInUseError, "already on slot 1"),
        (lambda s: corps.place_token(s, Token.ROCK, 1), e.SlotTakenError, "slot 1 already holds"),
        (lambda s: corps.place_token(s, Token.ROCK, 3), e.WaterFixedError, "Water's public slot"),
        (lambda s: corps.place_token(s, Token.WATER, 2), e.WaterFixedError, "fixed"),
        (lambda s: corps.remove_token(s, 3), e.WaterFixedError, "Water's public slot"),
        (lambda s: corps.move_token(s, 3, 2), e.WaterFixedError, "Water's public slot"),
        (lambda s: corps.move_token(s, 1, 3), e.WaterFixedError, "Water's public slot"),
        (lambda s: corps.move_token(s, 1, 5), e.SlotTakenError, "slot 5 already holds"),
        (lambda s: corps.move_token(s, 2, 4), e.SlotEmptyError, "slot 2 holds no token"),
        (lambda s: corps.move_token(s, 1, 1), e.GuessError, "already on slot 1"),
        (lambda s: corps.remove_token(s, 2), e.SlotEmptyError, "slot 2 holds no token"),
        (lambda s: corps.place_token(s, Token.ROCK, 0), e.SlotError, "1 to 9"),
        (lambda s: corps.place_token(s, Token.ROCK, 10), e.SlotError, "1 to 9"),
        (lambda s: corps.move_token(s, True, 2), e.SlotError, "1 to 9"),  # type: ignore[arg-type]
    ],
)
def test_illegal_moves_raise_typed_errors(move: Move, error: type[Exception], says: str) -> None:
    before = _start()
    with pytest.raises(error, match=says):
        move(before)
    assert isinstance(error("x"), corps.CorpsError)


def test_fog_chapter_guesses_wait_for_the_key() -> None:
    with pytest.raises(e.NoKeyError, match="Water's slot"):
        corps.place_token(corps.new_chapter(), Token.TIPI, 1)


def test_guesses_move_freely_while_sealed_and_lock_at_the_end(key: AnswerKey) -> None:
    state = guess_all(sealed_chapter(key), key_guesses(key))
    slot = next(s for s in corps.SLOTS if s != key.water_slot)
    token = state.board.token_at(slot)
    assert token is not None
    state = corps.place_token(corps.remove_token(state, slot), token, slot)
    ended = corps.end_chapter(unlock_end(state))
    for move in (
        lambda s: corps.remove_token(s, slot),
        lambda s: corps.move_token(s, slot, key.water_slot),
        lambda s: corps.place_token(s, Token.TIPI, slot),
    ):
        with pytest.raises(e.EndError, match="has ended"):
            move(ended)


def test_replacing_an_unsealed_key_moves_water_and_frees_its_circle() -> None:
    state = corps.enter_key(corps.new_chapter(), KEY)
    state = corps.place_token(state, Token.ROCK, 7)
    other = AnswerKey(2, tuple(reversed(KEY.answers)))  # Water now on slot 7
    moved = corps.enter_key(state, other)
    assert moved.board.token_at(7) is Token.WATER
    assert moved.board.token_at(3) is None
    assert Token.ROCK in moved.board.supply


@pytest.mark.parametrize("token", list(Token))
def test_notebook_mode_treats_water_like_any_token(token: Token) -> None:
    state = corps.new_chapter(corps.ChapterMode.NOTEBOOK)
    state = corps.move_token(corps.place_token(state, token, 3), 3, 8)
    assert state.board.as_dict() == {8: token}
    assert corps.remove_token(state, 8).board.supply == tuple(Token)


@pytest.mark.parametrize("text", ["Tipi", " MUD ", "mushroom"])
def test_token_names_parse_case_blind(text: str) -> None:
    assert corps.parse_token(text).value == text.strip().lower()


@pytest.mark.parametrize("text", ["teepee", "", "fire"])
def test_unknown_token_names_are_refused(text: str) -> None:
    with pytest.raises(e.TokenError, match="not a guess token"):
        corps.parse_token(text)
