"""RULINGS C.2 test vectors C-S03 .. C-S15, each played through the engine."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace

import pytest

from fogkeeper.errors import RulesError
from fogkeeper.rules.fogsite import (
    Colour,
    Direction,
    GuardianMove,
    InvestigatorStatus,
    Phase,
    RelicRequest,
    Side,
    end_turn,
    escape,
    explore,
    give,
    guardian_turn,
    move,
    use_relic,
)
from fogkeeper.rules.fogsite.answers import question_candidates
from fogkeeper.rules.fogsite.maze import COMPASS_WORDS
from fogkeeper.rules.fogsite.state import GameState

StartGame = Callable[..., GameState]
Place = Callable[..., GameState]

R, G, B = Colour.RED, Colour.GREEN, Colour.BLUE
N, E, S, W = Direction.N, Direction.E, Direction.S, Direction.W
RNG = random.Random(0)
Lay = Callable[..., GameState]


def _team_turn(state: GameState) -> GameState:
    """The Guardian passes (no move), so the Investigators play."""
    return guardian_turn(state, ())[0]


def _with_hand(state: GameState, colour: Colour, *hand: int) -> GameState:
    return state.with_investigator(replace(state.investigator(colour), hand=hand))


@pytest.mark.parametrize(("colours", "decks"), [("RB", (10, 10, 20)), ("RGB", (15, 15, 20))])
def test_c_s03_time_limit_decks(start_game: StartGame, colours: str, decks: tuple[int, ...]
                                ) -> None:
    state = start_game(colours=colours)
    assert state.time_limit.decks == decks


@pytest.mark.parametrize(("balancing", "removed"), [((), 6), (("G4",), 8)])
def test_c_s04_attack_removes_3_or_4_per_intruder(
    start_game: StartGame, place: Place, balancing: tuple[str, ...], removed: int
) -> None:
    state = place(start_game(balancing=balancing), guardian="C3", R="B3", G="A3")
    after, report = guardian_turn(state, [GuardianMove(W, 2)])
    assert set(report.attacked) == {R, G}
    assert report.tiles_removed == removed
    assert after.time_limit.decks == (15, 15, 20 - removed)


def test_c_s05_example_1(start_game: StartGame, lay: Lay) -> None:
    # The example opens with a Move, so Red's sheet already shows the Room south of the
    # Starting tile (explored in an earlier round): a Move stays on the sheet.
    state = lay(_team_turn(start_game()), "R", (0, 1))
    state, _ = move(state, R, [S], RNG)
    state, first = explore(state, R, S)
    state, second = explore(state, R, N)
    state, _ = move(state, R, [S], RNG)
    state = end_turn(state, R)
    assert (first.text, second.text) == ("You can move", "You can move")
    assert state.time_limit.tiles_left == 50 - 2
    assert state.digging_tokens == 4
    assert state.investigator(R).status is InvestigatorStatus.FINISHED
    assert state.current is None


def test_c_s06_example_2(start_game: StartGame) -> None:
    state = _with_hand(_team_turn(start_game()), R, 9)
    state, answer = explore(state, R, N)
    assert answer.text == "You can't move"
    assert state.investigator(R).status is InvestigatorStatus.DOWN
    with pytest.raises(RulesError):
        move(state, R, [S], RNG)
    state, _ = use_relic(state, R, RelicRequest(9), RNG)
    assert state.time_limit.tiles_left == 49
    assert state.digging_tokens == 3
    assert state.collected == (9,)
    assert state.investigator(R).status is InvestigatorStatus.FINISHED
    assert state.investigator(R).sheet == (((0, -1), False), ((0, 0), True))


@pytest.mark.parametrize(("relic", "expected"), [
    (1, {0}), (3, {0}), (2, set(COMPASS_WORDS)), (5, set(COMPASS_WORDS)),
])
def test_c_s07_same_cell_answers(
    start_game: StartGame, place: Place, relic: int, expected: set[object]
) -> None:
    state = place(start_game(), guardian="B3", R="B3", G="B3", B="B3")
    assert set(question_candidates(state, state.investigator(R), relic, None, ())) == expected


@pytest.mark.parametrize("relic", [4, 6])
def test_c_s07_zero_allowed_but_guardian_may_choose_another(
    start_game: StartGame, place: Place, relic: int
) -> None:
    state = place(start_game(), R="B3", G="B3", B="E1")
    candidates = question_candidates(state, state.investigator(R), relic, None, ())
    assert 0 in candidates and len(candidates) == 2


def _fail_explore(state: GameState, colour: Colour) -> GameState:
    state, answer = explore(state, colour, N if colour is not G else S)
    assert not answer.can_move
    return end_turn(state, colour) if state.current is colour else state


@pytest.mark.parametrize(("balancing", "draw_on"), [((), 4), (("I1",), 3)])
def test_c_s08_digging(start_game: StartGame, balancing: tuple[str, ...], draw_on: int) -> None:
    state = _team_turn(start_game(balancing=balancing))
    full = state.digging_tokens
    order = [R, G, B, R]
    for number, colour in enumerate(order, start=1):
        if state.investigator(colour).status is not InvestigatorStatus.ACTIVE:
            state = _team_turn(escape(_finish_all(state), announce=False))
        top, hand = state.relic_deck[0], state.investigator(colour).hand
        state = _fail_explore(state, colour)
        if number == draw_on:
            assert state.investigator(colour).hand == (*hand, top)
            assert state.digging_tokens == full
            return
        assert state.digging_tokens == full - number


def _finish_all(state: GameState) -> GameState:
    for investigator in state.investigators:
        if state.investigator(investigator.colour).status is not InvestigatorStatus.FINISHED:
            state = end_turn(state, investigator.colour)
    return state


def test_c_s09_planning_swaps_targets(start_game: StartGame, place: Place) -> None:
    state = place(start_game(), guardian="C3", R="B3")
    after, _ = guardian_turn(state, [GuardianMove(W, 1)])
    assert {c: after.investigator(c).target for c in (R, G, B)} == {R: False, G: True, B: True}


def test_c_s09_all_attacked_changes_nothing(start_game: StartGame, place: Place) -> None:
    state = place(start_game(), guardian="C3", R="B3", G="A3", B="A3")
    after, report = guardian_turn(state, [GuardianMove(W, 2)])
    assert len(report.attacked) == 3 and report.tiles_removed == 9
    assert {c: after.investigator(c).target for c in (R, G, B)} == {R: True, G: True, B: False}


def test_c_s09_no_attack_no_planning(start_game: StartGame, place: Place) -> None:
    state = place(start_game(), guardian="C3")
    after, report = guardian_turn(state, [GuardianMove(N, 1)])
    assert report.attacked == () and after.time_limit == state.time_limit
    assert [i.target for i in after.investigators] == [i.target for i in state.investigators]


@pytest.mark.parametrize(("balancing", "status"), [
    ((), InvestigatorStatus.ACTIVE), (("G6",), InvestigatorStatus.DOWN),
])
def test_c_s10_ending_a_move_on_the_guardian_is_no_attack(
    start_game: StartGame, place: Place, lay: Lay, balancing: tuple[str, ...],
    status: InvestigatorStatus
) -> None:
    state = _team_turn(place(start_game(balancing=balancing), guardian="A3"))
    after, _ = move(lay(state, "R", (0, 1), (0, 2)), R, [S, S], RNG)
    assert after.time_limit == state.time_limit
    assert after.investigator(R).status is status
    assert after.phase is Phase.INVESTIGATORS


@pytest.mark.parametrize(("balancing", "guardian", "r_cell", "winner"), [
    ((), "A5", "B3", Side.INVESTIGATORS),
    ((), "A5", "C3", Side.GUARDIAN),
    (("G8",), "B3", "B3", Side.GUARDIAN),
    (("G8",), "A5", "B3", Side.INVESTIGATORS),
])
def test_c_s11_escape(start_game: StartGame, place: Place, balancing: tuple[str, ...],
                      guardian: str, r_cell: str, winner: Side) -> None:
    state = _team_turn(start_game(balancing=balancing))
    state = place(_finish_all(state), guardian=guardian, R=r_cell, G="B3", B="B3")
    assert state.phase is Phase.ESCAPE
    assert escape(state, announce=True).winner is winner


def test_c_s12_easy_rule(start_game: StartGame) -> None:
    state = start_game(maze="R . # .\n. # . G\n. . . #\n# . . .\n", colours="RG",
                       guardian=None, sleeping=None, easy=True)
    assert state.phase is Phase.INVESTIGATORS
    assert state.time_limit.decks == (53,)
    assert state.digging_tokens == 0 and state.relic_deck == ()
    hands = [inv.hand for inv in state.investigators]
    assert all(len(hand) == 2 and min(hand) >= 4 for hand in hands)
    after = escape(_finish_all(state), announce=False)
    assert after.time_limit.tiles_left == 50
    assert after.phase is Phase.INVESTIGATORS and after.round_number == 2


@pytest.mark.parametrize(("colours", "seconds"), [("RGB", 360), ("RB", 240)])
def test_c_s13_g9_team_time(start_game: StartGame, colours: str, seconds: int) -> None:
    assert start_game(colours=colours, balancing=("G9",)).team_seconds == seconds


@pytest.mark.parametrize("colours", ["RB", "RGB"])
def test_c_s14_setup(start_game: StartGame, colours: str) -> None:
    state = start_game(colours=colours, sleeping="R")
    assert [inv.target for inv in state.investigators].count(False) == 1
    assert not state.investigator(R).target
    assert all(len(inv.hand) == 1 for inv in state.investigators)
    assert len(state.relic_deck) == 13 - len(colours)
    dealt = sorted([*state.relic_deck, *(c for inv in state.investigators for c in inv.hand)])
    assert dealt == list(range(1, 14))
    assert state.digging_tokens == 4
    assert state.phase is Phase.GUARDIAN


@pytest.mark.parametrize(("balancing", "allowed"), [((), False), (("I5",), True)])
def test_c_s15_second_use_or_give(start_game: StartGame, balancing: tuple[str, ...],
                                  allowed: bool) -> None:
    state = _with_hand(_team_turn(start_game(balancing=balancing)), R, 9, 8)
    state, _ = use_relic(state, R, RelicRequest(9), RNG)
    if allowed:
        assert give(state, R, 8, G).investigator(G).hand[-1] == 8
    else:
        with pytest.raises(RulesError, match="once per turn"):
            give(state, R, 8, G)


def test_c_s15_no_give_in_two_player_variant(start_game: StartGame) -> None:
    state = _team_turn(start_game(colours="RB", two_player=True))
    with pytest.raises(RulesError, match="2-player"):
        give(state, R, state.investigator(R).hand[0], B)
