"""Guardian players: only legal turns, the most attacks for hunter, Guardian knowledge only."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from fogkeeper.rules.fogsite import (
    Cell,
    Colour,
    Direction,
    GameState,
    GuardianMove,
    GuardianPlayer,
    Maze,
    Options,
    Phase,
    RelicRequest,
    generate_maze,
    guardian_player,
    guardian_turn,
    legal_turns,
    move,
    new_game,
    parse_maze,
    policy_named,
    trace_moves,
    use_relic,
)
from fogkeeper.rules.fogsite.answers import question_candidates
from fogkeeper.rules.fogsite.guardian import attacked_by
from fogkeeper.rules.fogsite.options import NoReturn
from fogkeeper.rules.fogsite.players import (
    GENTLE,
    HUNTER,
    HUNTER_POLICY,
    GuardianSetup,
    guardian_knowledge,
    turn_options,
)
from fogkeeper.rules.fogsite.sim import MapperTeam, simulate

# R and G share column A; from A4 or A5 one straight move north passes both.
TWO_IN_LINE = """
R . . . #
. # # . .
G . # . B
. # . . .
. . . # #
"""
CORRECT_MAZE = """
R . # . B
. # . . #
. . . # .
# . # . .
. . G . #
"""


def _random_state(options: Options, seed: int, balancing: frozenset[str],
                  end_only: bool, arrows: int) -> GameState:
    """A Guardian turn with tokens scattered at random over a generated maze."""
    rng = random.Random(seed)
    maze = generate_maze(seed)
    chosen = replace(options, initial_arrows=arrows,
                     no_return=NoReturn.END_ONLY if end_only else NoReturn.STRICT)
    state = new_game(maze, list(Colour), Colour.BLUE, maze.street_cells()[0],
                     chosen.with_game(balancing), rng)
    streets = maze.street_cells()
    scattered = tuple(replace(inv, cell=rng.choice(streets), target=rng.random() < 0.6)
                      for inv in state.investigators)
    return replace(state, investigators=scattered, guardian=rng.choice(streets))


def _other_hidden(state: GameState, seed: int) -> GameState:
    """The same public game with what the Guardian may not know changed: the Relic deck
    shuffled again and every hand emptied."""
    shuffled = list(state.relic_deck)
    random.Random(seed).shuffle(shuffled)
    return replace(state, relic_deck=tuple(shuffled), investigators=tuple(
        replace(inv, hand=()) for inv in state.investigators))


def _outcomes(state: GameState, turns: Sequence[tuple[GuardianMove, ...]]
              ) -> set[tuple[Cell, frozenset[Colour]]]:
    found = set()
    for turn in turns:
        walk = trace_moves(state, turn)
        found.add((walk.end, frozenset(attacked_by(state, walk.entered))))
    return found


turn_states = st.builds(
    lambda seed, balancing, end_only, arrows: (seed, frozenset(balancing), end_only, arrows),
    st.integers(0, 10**6), st.sets(st.sampled_from(["G1", "G2", "G3"])), st.booleans(),
    st.integers(1, 2),
)


@settings(max_examples=40, deadline=None)
@given(turn_states)
def test_turn_options_are_legal_and_reach_every_legal_outcome(
    options: Options, case: tuple[int, frozenset[str], bool, int]
) -> None:
    state = _random_state(options, *case)
    legal = list(legal_turns(state))
    found = turn_options(state)
    assert {option.moves for option in found} <= set(legal)
    assert {(o.end, frozenset(o.attacked)) for o in found} == _outcomes(state, legal)


@settings(max_examples=40, deadline=None)
@given(turn_states)
def test_hunter_attacks_as_many_as_any_legal_turn(
    options: Options, case: tuple[int, frozenset[str], bool, int]
) -> None:
    state = _random_state(options, *case)
    best = max(len(attacked) for _end, attacked in _outcomes(state, list(legal_turns(state))))
    _after, report = guardian_turn(state, HUNTER.choose_turn(state, random.Random(0)))
    assert len(report.attacked) == best


class _Checked:
    """A Guardian player whose every setup and turn is checked against the engine."""

    def __init__(self, inner: GuardianPlayer) -> None:
        self.inner = inner
        self.turns = 0

    @property
    def name(self) -> str:
        return self.inner.name

    def choose_setup(self, maze: Maze, colours: Sequence[Colour], options: Options,
                     rng: random.Random) -> GuardianSetup:
        setup = self.inner.choose_setup(maze, colours, options, rng)
        assert setup.start is not None and maze.is_street(setup.start)
        assert setup.sleeping in colours
        return setup

    def choose_turn(self, state: GameState, rng: random.Random) -> tuple[GuardianMove, ...]:
        moves = self.inner.choose_turn(state, rng)
        if state.visible_arrows <= 3:
            assert moves in set(legal_turns(state))
        trace_moves(state, moves)
        self.turns += 1
        return moves


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from(["gentle", "hunter"]),
       st.sets(st.sampled_from(["G1", "G2", "G3", "G6", "G8", "I1", "I3"])),
       st.sampled_from(["RGB", "RG", "GB"]))
def test_a_guardian_player_never_makes_an_illegal_move(
    options: Options, seed: int, name: str, balancing: set[str], letters: str
) -> None:
    colours = tuple(Colour(letter) for letter in letters)
    maze = generate_maze(seed, colours=colours)
    player = _Checked(guardian_player(name))
    result = simulate(maze, player, MapperTeam(), random.Random(seed),
                      options.with_game(frozenset(balancing)))
    assert player.turns >= 1 and result.rounds >= 1


def test_the_guardian_decides_without_the_relic_deck_order_or_the_hands(
    options: Options
) -> None:
    for seed in range(20):
        state = _random_state(options, seed, frozenset(), False, 2)
        other = _other_hidden(state, seed)
        assert guardian_knowledge(other).relic_deck == guardian_knowledge(state).relic_deck
        for player in (GENTLE, HUNTER):
            assert (player.choose_turn(guardian_knowledge(state), random.Random(seed))
                    == player.choose_turn(guardian_knowledge(other), random.Random(seed)))


def test_hunter_sets_up_to_attack_two_intruders_on_the_first_turn(options: Options) -> None:
    maze = parse_maze(TWO_IN_LINE)
    setup = HUNTER.choose_setup(maze, list(Colour), options, random.Random(1))
    assert setup.sleeping is Colour.BLUE
    assert setup.start in (Cell.parse("A4"), Cell.parse("A5"))
    state = new_game(maze, list(Colour), setup.sleeping, setup.start, options, random.Random(1))
    _after, report = guardian_turn(state, HUNTER.choose_turn(state, random.Random(1)))
    assert set(report.attacked) == {Colour.RED, Colour.GREEN}


def test_gentle_setup_and_turns_follow_the_seed(options: Options) -> None:
    maze = generate_maze(11)
    picks = {GENTLE.choose_setup(maze, list(Colour), options, random.Random(s)) for s in range(30)}
    again = {GENTLE.choose_setup(maze, list(Colour), options, random.Random(s)) for s in range(30)}
    assert picks == again and len(picks) > 5


def test_hunter_policy_is_registered_and_sends_into_the_smaller_pocket(options: Options) -> None:
    assert policy_named("hunter") is HUNTER_POLICY
    base = new_game(parse_maze(CORRECT_MAZE), list(Colour), Colour.BLUE, Cell.parse("C3"),
                    options, random.Random(0))
    base = replace(base, phase=Phase.INVESTIGATORS)
    red = base.investigator(Colour.RED)
    for offset in ((0, 1), (0, 2), (1, 2)):  # explored in earlier rounds: a Move stays on them
        red = red.with_sheet(offset, True, explored=True)
    base = base.with_investigator(red)
    state, _ = move(base, Colour.RED, (Direction.S, Direction.S, Direction.E), random.Random(0))
    red = state.investigator(Colour.RED)
    state = state.with_investigator(replace(red, hand=(7,)))
    # From B3 the unplaced Street neighbours are C3 (a 5-space pocket) and B4 (8 spaces).
    answers = {use_relic(state, Colour.RED, RelicRequest(7), random.Random(seed),
                         HUNTER_POLICY)[1].value for seed in range(12)}
    fair = {use_relic(state, Colour.RED, RelicRequest(7), random.Random(seed))[1].value
            for seed in range(12)}
    assert answers == {"E"}
    assert fair == {"E", "S"}


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from([2, 4, 5, 6, 7]))
def test_hunter_policy_answers_are_true(options: Options, seed: int, relic: int) -> None:
    state = _random_state(options, seed, frozenset(), False, 1)
    asker = state.investigators[seed % 3]
    candidates = question_candidates(state, asker, relic, None, ())
    chosen = HUNTER_POLICY.choose_answer(state, asker.colour, relic, candidates,
                                         random.Random(seed))
    assert chosen in candidates
