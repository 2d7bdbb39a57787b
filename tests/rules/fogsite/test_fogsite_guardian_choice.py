"""The human Guardian's own choices: which true answer, G6's standing choice, the G7 lie."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace

import pytest

from fogkeeper.errors import RulesError
from fogkeeper.rules.fogsite import (
    Colour,
    Direction,
    GameState,
    InvestigatorStatus,
    RelicRequest,
    guardian_turn,
    move,
    use_relic,
)
from fogkeeper.rules.fogsite.answers import answer_values, question_candidates
from fogkeeper.rules.fogsite.policy import GuardianChoice, fair_pick

StartGame = Callable[..., GameState]
Place = Callable[..., GameState]
Lay = Callable[..., GameState]
R, G, B = Colour.RED, Colour.GREEN, Colour.BLUE
S, E = Direction.S, Direction.E

# R . # . B  / . # . . #  / . . . # .  / # . # . .  / . . G . #   (Blue sleeps)


def _asking(state: GameState, relic: int) -> GameState:
    return state.with_investigator(replace(state.investigator(R), hand=(relic,)))


def test_the_guardian_picks_among_the_true_answers(start_game: StartGame, place: Place
                                                   ) -> None:
    state = _asking(guardian_turn(place(start_game(), R="B3", G="C5", B="E1"), ())[0], 4)
    candidates = question_candidates(state, state.investigator(R), 4, None, ())
    assert len(candidates) == 2
    for chosen in candidates:
        _after, answer = use_relic(state, R, RelicRequest(4), random.Random(1),
                                   GuardianChoice(chosen))
        assert answer.value == chosen
    with pytest.raises(RulesError, match="true answers"):
        use_relic(state, R, RelicRequest(4), random.Random(1), GuardianChoice(99))


def test_the_fair_default_is_the_fair_policys_answer_and_uses_no_randomness(
        start_game: StartGame, place: Place) -> None:
    state = _asking(guardian_turn(place(start_game(), R="B3"), ())[0], 5)
    candidates = question_candidates(state, state.investigator(R), 5, None, ())
    rng = random.Random(4)
    before = rng.getstate()
    default = fair_pick(state, R, 5, candidates, rng)
    assert rng.getstate() == before
    assert use_relic(state, R, RelicRequest(5), rng)[1].value == default


@pytest.mark.parametrize("announce", [True, False])
def test_g6_follows_the_guardians_standing_choice(start_game: StartGame, place: Place,
                                                  lay: Lay, announce: bool) -> None:
    state = place(start_game(balancing=("G6",)), guardian="A3")
    state = guardian_turn(state.with_g6(announce), ())[0]
    state = lay(state, "R", (0, 1), (0, 2), (1, 2))
    after, answer = move(state, R, [S, S, E], random.Random(1), GuardianChoice())
    assert answer.laid_down_by_guardian is announce
    expected = InvestigatorStatus.DOWN if announce else InvestigatorStatus.ACTIVE
    assert after.investigator(R).status is expected
    with pytest.raises(RulesError, match="G6"):
        start_game().with_g6(False)


@pytest.mark.parametrize("relic", range(1, 11))
def test_every_true_answer_is_among_the_answers_a_lie_may_take(
        start_game: StartGame, place: Place, lay: Lay, relic: int) -> None:
    state = guardian_turn(place(start_game(), R="B3"), ())[0]
    state = lay(state, "R", wall=((2, 1),))  # (1, -1) from B3, where Red stands
    asker = state.investigator(R)
    wall = (1, -1) if relic == 10 else None
    candidates = question_candidates(state, asker, relic, wall, ())
    values = answer_values(state, relic)
    assert set(candidates) <= set(values) and len(values) > len(candidates)
