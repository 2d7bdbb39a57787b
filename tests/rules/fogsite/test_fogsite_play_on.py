"""Playing on after a loss (the rulebook's Q&A): Map tiles count on below zero, a negative
score, until the team escapes; the result stays the Guardian's."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import pytest

from fogkeeper.errors import PhaseError
from fogkeeper.rules.fogsite import (
    Colour,
    Direction,
    GameState,
    GuardianMove,
    Phase,
    Side,
    end_turn,
    escape,
    explore,
    from_json,
    guardian_turn,
    play_on,
    public_view,
    to_json,
)
from fogkeeper.rules.fogsite.state import TimeLimit

StartGame = Callable[..., GameState]
Place = Callable[..., GameState]
R, G, B = Colour.RED, Colour.GREEN, Colour.BLUE
E, W = Direction.E, Direction.W

# R . # . B  / . # . . #  / . . . # .  / # . # . .  / . . G . #   (Blue sleeps)


def _finish_all(state: GameState) -> GameState:
    for colour in (R, G, B):
        state = end_turn(state, colour)
    return state


def _lost_to_an_attack(start_game: StartGame, place: Place) -> GameState:
    """The Guardian's W2 from C3 attacks Red (B3) and Green (A3): 6 tiles, the last 6."""
    state = place(start_game(), guardian="C3", R="B3", G="A3")
    state = replace(state, time_limit=replace(state.time_limit, decks=(0, 0, 6)))
    lost, _ = guardian_turn(state, [GuardianMove(W, 2)])
    assert lost.phase is Phase.OVER and lost.winner is Side.GUARDIAN
    return lost


def test_after_an_attack_the_team_plays_on_below_zero(start_game: StartGame,
                                                      place: Place) -> None:
    state = play_on(_lost_to_an_attack(start_game, place))
    assert state.phase is Phase.INVESTIGATORS and state.winner is None and state.playing_on
    assert public_view(state)["playing_on"] and state.log[-1].action == "play_on"
    state, answer = explore(state, R, E)  # B3 -> C3: a tile the decks no longer hold
    assert answer.can_move and state.time_limit.tiles_left == -1
    state = _finish_all(state)
    assert state.phase is Phase.ESCAPE  # no Map tile left no longer ends the game
    state = escape(state, announce=False)
    state, report = guardian_turn(state, [GuardianMove(E, 1)])  # A3 -> B3: Red again
    assert report.attacked == (R,) and report.tiles_removed == 3
    assert state.phase is Phase.INVESTIGATORS and state.time_limit.tiles_left == -4
    assert not state.investigator(R).target and state.investigator(G).target  # planning
    assert from_json(to_json(state)) == state


def test_the_escape_after_a_loss_ends_with_the_negative_score(start_game: StartGame,
                                                              place: Place) -> None:
    state = play_on(_lost_to_an_attack(start_game, place))
    state = replace(state, time_limit=replace(state.time_limit, owed=7))
    state = _finish_all(place(state, R="B5", G="B5", B="B5"))
    over = escape(state, announce=True)
    assert over.phase is Phase.OVER and over.winner is Side.GUARDIAN
    assert over.end_reason == "escaped after the loss; score -7"
    with pytest.raises(PhaseError, match="already played on"):
        play_on(over)


def test_a_failed_escape_while_playing_on_plays_on(start_game: StartGame, place: Place
                                                   ) -> None:
    state = _finish_all(play_on(_lost_to_an_attack(start_game, place)))
    state = escape(state, announce=True)  # Red B3, Green A3, Blue E1: not one space
    assert state.phase is Phase.GUARDIAN and state.round_number == 2


@pytest.mark.parametrize(("how", "resumes"), [
    ("no tiles when the team finished", Phase.ESCAPE),
    ("failed escape", Phase.GUARDIAN),
])
def test_play_resumes_where_the_loss_stopped_it(start_game: StartGame, how: str,
                                                resumes: Phase) -> None:
    state = guardian_turn(start_game(), ())[0]
    if how == "failed escape":
        lost = escape(_finish_all(state), announce=True)
    else:
        lost = _finish_all(replace(state, time_limit=TimeLimit((0, 0, 0))))
    assert lost.winner is Side.GUARDIAN
    assert play_on(lost).phase is resumes


def test_only_a_lost_game_is_played_on(start_game: StartGame, place: Place) -> None:
    running = guardian_turn(start_game(), ())[0]
    with pytest.raises(PhaseError):
        play_on(running)
    won = escape(_finish_all(place(running, R="B5", G="B5", B="B5")), announce=True)
    assert won.winner is Side.INVESTIGATORS
    with pytest.raises(PhaseError):
        play_on(won)


def test_the_easy_rule_counts_its_three_tiles_below_zero(start_game: StartGame) -> None:
    maze = """
R . # B
. # . .
. . . #
# G . .
"""
    state = start_game(maze=maze, easy=True, sleeping=None, guardian=None)
    state = replace(state, time_limit=TimeLimit((3,)))
    lost = escape(_finish_all(state), announce=False)
    assert lost.winner is Side.GUARDIAN
    state = escape(_finish_all(play_on(lost)), announce=False)
    assert state.phase is Phase.INVESTIGATORS and state.time_limit.tiles_left == -3
