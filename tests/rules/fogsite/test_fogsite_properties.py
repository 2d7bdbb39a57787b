"""Property tests over random valid mazes and random legal games."""

from __future__ import annotations

import json
import random
from dataclasses import replace

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from fogkeeper.errors import RulesError
from fogkeeper.rules.fogsite import (
    Cell,
    CellKind,
    Colour,
    Direction,
    GameState,
    InvestigatorStatus,
    Maze,
    Options,
    Phase,
    RelicRequest,
    begin_turn,
    end_turn,
    escape,
    explore,
    from_json,
    give,
    guardian_turn,
    legal_turns,
    move,
    new_game,
    state_to_dict,
    to_json,
    trace_moves,
    use_relic,
    validate_maze,
)
from fogkeeper.rules.fogsite.maze import manhattan

SETTINGS = settings(max_examples=40, deadline=None,
                    suppress_health_check=[HealthCheck.filter_too_much])


@st.composite
def valid_mazes(draw: st.DrawFn, size: int = 5, colours: int = 3) -> Maze:
    """A random grid cut down to its biggest Street area, with non-adjacent Colour tiles."""
    walls = [[draw(st.integers(0, 99)) < 35 for _ in range(size)] for _ in range(size)]
    grid = [[CellKind.WALL if w else CellKind.ROOM for w in row] for row in walls]
    maze = Maze(size, tuple(tuple(row) for row in grid))
    streets = maze.street_cells()
    assume(streets)
    biggest = max((maze.walking_steps(cell) for cell in streets), key=len)
    order = draw(st.permutations(sorted(biggest)))
    chosen: list[Cell] = []
    for cell in order:
        if len(chosen) < colours and all(manhattan(cell, c) > 1 for c in chosen):
            chosen.append(cell)
    assume(len(chosen) == colours)
    for cell in maze.cells():
        if cell not in biggest:
            grid[cell.row][cell.col] = CellKind.WALL
    for colour, cell in zip(Colour, chosen, strict=False):
        grid[cell.row][cell.col] = CellKind(colour.value)
    maze = Maze(size, tuple(tuple(row) for row in grid))
    assume(not validate_maze(maze))
    return maze


@given(valid_mazes(), st.data())
@SETTINGS
def test_walking_distance_never_below_grid_distance(maze: Maze, data: st.DataObject) -> None:
    streets = maze.street_cells()
    origin = data.draw(st.sampled_from(streets))
    steps = maze.walking_steps(origin)
    assert set(steps) == set(streets)  # rule III: every Street space is reachable
    for cell, count in steps.items():
        assert count >= manhattan(origin, cell)


@given(valid_mazes(), st.data())
@SETTINGS
def test_explore_answers_agree_with_the_maze(
    options: Options, maze: Maze, data: st.DataObject
) -> None:
    state = _new_game(maze, options, 0)
    state = guardian_turn(state, ())[0]
    red = state.investigator(Colour.RED)
    cell = data.draw(st.sampled_from(maze.street_cells()))
    direction = data.draw(st.sampled_from(list(Direction)))
    state = state.with_investigator(replace(red, cell=cell))
    _, answer = explore(state, Colour.RED, direction)
    assert answer.can_move == maze.is_street(cell.step(direction))


def _new_game(maze: Maze, options: Options, seed: int, balancing: frozenset[str] = frozenset()
              ) -> GameState:
    colours = sorted(maze.colour_cells(), key=lambda c: c.value)
    chosen = options.with_game(balancing, two_player=len(colours) == 2, easy=maze.is_easy)
    start = None if maze.is_easy else maze.street_cells()[seed % len(maze.street_cells())]
    return new_game(maze, colours, colours[0], start, chosen, random.Random(seed))


def _check_invariants(state: GameState) -> None:
    assert all(deck >= 0 for deck in state.time_limit.decks)
    assert state.options.easy or state.maze.is_street(state.guardian or Cell(-1, -1))
    assert all(state.maze.is_street(inv.cell) for inv in state.investigators)
    assert state.digging_tokens >= 0


def _random_action(state: GameState, colour: Colour, rng: random.Random) -> GameState:
    investigator = state.investigator(colour)
    choice = rng.randrange(4)
    directions = list(Direction)
    try:
        if choice == 0 and investigator.hand:
            relic = rng.choice(investigator.hand)
            request = RelicRequest(relic, wall_offset=(rng.randint(-2, 2), rng.randint(-2, 2)),
                                   receiver=rng.choice(list(Colour)), card=relic)
            return use_relic(state, colour, request, rng)[0]
        if choice == 1 and investigator.hand:
            return give(state, colour, investigator.hand[0], rng.choice(list(Colour)))
        if choice == 2:
            route = [rng.choice(directions) for _ in range(rng.randint(1, 3))]
            return move(state, colour, route, rng)[0]
        return explore(state, colour, rng.choice(directions))[0]
    except RulesError:
        return state


def _team_turn(state: GameState, rng: random.Random) -> GameState:
    seats = [inv.colour for inv in state.investigators]
    for colour in rng.sample(seats, k=len(seats)):
        if state.phase is not Phase.INVESTIGATORS:
            break
        if state.investigator(colour).status is not InvestigatorStatus.ACTIVE:
            continue
        state = begin_turn(state, colour)
        if state.time_limit.tiles_left:  # every turn spends time, so the game must end
            state = explore(state, colour, rng.choice(list(Direction)))[0]
        for _ in range(rng.randint(0, 4)):
            if state.current is colour:
                state = _random_action(state, colour, rng)
        if state.current is colour:
            state = end_turn(state, colour)
    return state


def _guardian_plays(state: GameState, rng: random.Random) -> GameState:
    turns = list(legal_turns(state))
    turn = rng.choice(turns)
    walk = trace_moves(state, turn)
    assert all(state.maze.is_street(cell) for cell in walk.entered)
    assert walk.walls_passed <= (1 if state.options.has("G2") else 0)
    return guardian_turn(state, turn)[0]


GAME_MAZES = st.one_of(
    valid_mazes(), valid_mazes(colours=2), valid_mazes(size=4, colours=2),
    valid_mazes(size=4, colours=3),
)


@given(GAME_MAZES, st.integers(0, 10_000),
       st.frozensets(st.sampled_from(["G1", "G2", "G3", "G4", "G6", "I1", "I4", "I5"])))
@SETTINGS
def test_random_games_stay_legal_and_always_end(
    options: Options, maze: Maze, seed: int, balancing: frozenset[str]
) -> None:
    rng = random.Random(seed)
    state = first = _new_game(maze, options, seed, balancing)
    for step in range(120):
        if state.phase is Phase.OVER:
            break
        if state.phase is Phase.GUARDIAN:
            state = _guardian_plays(state, rng)
        elif state.phase is Phase.INVESTIGATORS:
            state = _team_turn(state, rng)
        else:
            state = escape(state, announce=rng.random() < 0.05)
        _check_invariants(state)
        # the save's text is made from the log's last text and its new entries: it is
        # the whole state's, whether the log grew, or another game's came between
        assert to_json(state) == json.dumps(state_to_dict(state), sort_keys=True)
        if step % 7 == 3:
            assert to_json(first) == json.dumps(state_to_dict(first), sort_keys=True)
    assert state.phase is Phase.OVER and state.winner is not None
    assert from_json(to_json(state)) == state

