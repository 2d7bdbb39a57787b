"""The box's Guardian levels: ordered against both reference teams; the teams play well."""

from __future__ import annotations

import random

import pytest

from fogkeeper.rules.fogsite import (
    Options,
    Phase,
    Side,
    generate_maze,
    guardian_turn,
    new_game,
)
from fogkeeper.rules.fogsite.levels import LEVELS, Level, level_options, level_player
from fogkeeper.rules.fogsite.players import FocusedGuardian, guardian_knowledge
from fogkeeper.rules.fogsite.sim import _apply, simulate
from fogkeeper.rules.fogsite.teams import REFERENCE_TEAMS, CautiousMapper, RelicTeam
from fogkeeper.rules.fogsite.views import public_view
from rules.fogsite_ai.test_players import _Checked, _other_hidden, _random_state

GAMES = 50


def _rate(level: Level, team: type[CautiousMapper], options: Options) -> float:
    chosen = level_options(options, level)
    wins = sum(
        simulate(generate_maze(50_000 + seed, difficulty=LEVELS[level].maze),
                 level_player(level), team(), random.Random(seed), chosen).winner
        is Side.GUARDIAN
        for seed in range(GAMES))
    return wins / GAMES


@pytest.mark.parametrize("team", REFERENCE_TEAMS)
def test_the_levels_are_felt_in_order_against_both_teams(options: Options,
                                                         team: type[CautiousMapper]) -> None:
    rates = [_rate(level, team, options) for level in (Level.LEARNING, Level.NORMAL,
                                                       Level.BRUTAL)]
    # the full table (1,000 games a cell) is bench/fogsite_difficulty.py's; on 50 games
    # the steps of about 35 points between these three are far outside the noise
    assert rates[0] + 0.15 < rates[1] < rates[2] - 0.1
    assert rates[0] <= 0.3 and rates[2] >= 0.7


def test_each_level_explains_itself_in_one_line_that_names_it() -> None:
    for level, play in LEVELS.items():
        assert play.line.lower().startswith(level.value + ":")
    assert LEVELS[Level.BRUTAL].balancing == frozenset({"G4"})


def test_brutal_adds_g4_to_the_tables_own_balancing(options: Options) -> None:
    chosen = level_options(options.with_game(frozenset({"I2"})), Level.BRUTAL)
    assert chosen.balancing == frozenset({"G4", "I2"})
    assert chosen.choice_policy == "hunter"
    assert level_options(options, Level.LEARNING).balancing == options.balancing


def _relic_game(seed: int, options: Options) -> list[str]:
    """The actions the Relic team took in one game against the normal level."""
    rng = random.Random(seed)
    maze = generate_maze(50_000 + seed)
    player, team = level_player(Level.NORMAL), RelicTeam()
    colours = list(maze.colour_cells())
    setup = player.choose_setup(maze, colours, options, rng)
    state = new_game(maze, colours, setup.sleeping, setup.start, options, rng)
    while state.phase is not Phase.OVER:
        if state.phase is Phase.GUARDIAN:
            state = guardian_turn(state, player.choose_turn(guardian_knowledge(state), rng))[0]
        else:
            state = _apply(state, team.next_action(public_view(state)), rng)
    return [entry.action for entry in state.log]


def test_the_relic_team_plays_its_cards_and_gives(options: Options) -> None:
    actions = [action for seed in range(30) for action in _relic_game(seed, options)]
    for used in ("relic 07", "relic 11", "relic 12", "give"):
        assert used in actions


@pytest.mark.parametrize("team", REFERENCE_TEAMS)
def test_the_reference_teams_call_the_escape_only_when_it_wins(options: Options,
                                                               team: type[CautiousMapper]
                                                               ) -> None:
    for seed in range(40):
        result = simulate(generate_maze(seed), level_player(Level.HARD), team(),
                          random.Random(seed), options)
        assert result.end_reason != "failed escape"


def test_the_guardian_says_why_it_played_each_turn(options: Options) -> None:
    maze = generate_maze(3)
    colours = list(maze.colour_cells())
    for focus, words in ((0.0, ("wanders",)), (1.0, ("hunts", "waits", "closes in"))):
        player = FocusedGuardian("x", focus)
        rng = random.Random(1)
        setup = player.choose_setup(maze, colours, options, rng)
        state = new_game(maze, colours, setup.sleeping, setup.start, options, rng)
        moves, why = player.choose_turn_why(guardian_knowledge(state), rng)
        assert why.startswith(words)
        _, report = guardian_turn(state, moves)
        assert ("attacks" in why or "meets" in why) == bool(report.attacked)


@pytest.mark.parametrize("level", list(Level))
def test_every_level_plays_only_legal_turns(options: Options, level: Level) -> None:
    for seed in range(6):
        player = _Checked(level_player(level))
        chosen = level_options(options.with_game(frozenset({"G1", "G2", "G3"})), level)
        simulate(generate_maze(seed, difficulty=LEVELS[level].maze), player, RelicTeam(),
                 random.Random(seed), chosen)
        assert player.turns >= 1


@pytest.mark.parametrize("level", list(Level))
def test_the_levels_decide_without_the_hands_or_the_relic_deck(options: Options,
                                                               level: Level) -> None:
    for seed in range(10):
        state = _random_state(options, seed, frozenset(), False, 2)
        other = _other_hidden(state, seed)
        player = level_player(level)
        assert (player.choose_turn_why(guardian_knowledge(state), random.Random(seed))
                == player.choose_turn_why(guardian_knowledge(other), random.Random(seed)))
