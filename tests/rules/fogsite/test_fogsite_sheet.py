"""Move stays inside the Mapping Sheet; Relic 07 and 10 read the sheet the card names."""

from __future__ import annotations

import random
from collections import defaultdict
from collections.abc import Callable
from dataclasses import replace

import pytest

from fogkeeper.errors import RulesError
from fogkeeper.rules.fogsite import (
    Cell,
    Colour,
    Direction,
    GameState,
    Maze,
    Options,
    RelicRequest,
    explore,
    generate_maze,
    guardian_turn,
    move,
    new_game,
    use_relic,
)
from fogkeeper.rules.fogsite.sheet import OffSheetError, SheetCopy

StartGame = Callable[..., GameState]
Place = Callable[..., GameState]
Lay = Callable[..., GameState]
R, G, B = Colour.RED, Colour.GREEN, Colour.BLUE
N, E, S, W = Direction.N, Direction.E, Direction.S, Direction.W
MAZES = 300

# R . # . B  / . # . . #  / . . . # .  / # . # . .  / . . G . #   (Blue sleeps)


def _team_turn(start_game: StartGame, **kwargs: object) -> GameState:
    return guardian_turn(start_game(**kwargs), ())[0]


def test_a_move_off_the_sheet_is_refused_and_changes_nothing(start_game: StartGame) -> None:
    state = _team_turn(start_game)
    # A1 -> A2 is a Room space of the maze, but Red's sheet shows only the Starting tile.
    with pytest.raises(OffSheetError, match=r"step 1 \(S\)") as refused:
        move(state, R, [S], random.Random(1))
    assert "A2" not in str(refused.value) and "wall" not in str(refused.value).lower()
    assert state.current is None and state.investigator(R).cell.name == "A1"


def test_a_move_along_explored_tiles_walks(start_game: StartGame) -> None:
    state = _team_turn(start_game)
    state, answer = explore(state, R, S)
    assert answer.can_move
    state, moved = move(state, R, [S], random.Random(1))
    assert moved.text == "Moved" and state.investigator(R).offset == (0, 1)
    # Back north onto the Starting tile is on the sheet too; a second space south is not.
    with pytest.raises(OffSheetError, match=r"step 3 \(S\)"):
        move(state, R, [N, S, S, S], random.Random(1))


def test_a_teammates_sheet_copied_onto_yours_opens_a_route(start_game: StartGame, lay: Lay
                                                           ) -> None:
    state = lay(_team_turn(start_game), "G", (-1, 0), (-1, -1), (-1, -2))  # B5 B4 B3
    # Green's Starting tile C5 lies at (2, 4) from Red's A1; Red has explored A2 and A3.
    state = lay(state, "R", (0, 1), (0, 2))
    copy = (SheetCopy(G, (2, 4)),)
    with pytest.raises(OffSheetError):
        move(state, R, [S, S, E], random.Random(1))
    after, answer = move(state, R, [S, S, E], random.Random(1), copies=copy)
    assert answer.completed and after.investigator(R).cell.name == "B3"
    assert ((1, 2), True) in after.investigator(R).sheet


@pytest.mark.parametrize(("copies", "error"), [
    ((SheetCopy(R, (1, 0)),), "not your own"),
    ((SheetCopy(G, (0, -1)),), "disagrees"),
])
def test_copies_that_cannot_lie_on_the_sheet_are_refused(
    start_game: StartGame, lay: Lay, copies: tuple[SheetCopy, ...], error: str
) -> None:
    state = lay(_team_turn(start_game), "R", wall=((0, -1),))
    with pytest.raises(RulesError, match=error):
        move(state, R, [S], random.Random(1), copies=copies)


def test_pause_mode_names_no_step_of_a_route_open_at_first(start_game: StartGame, lay: Lay
                                                           ) -> None:
    # Green's sheet laid wrongly shows B2 (a wall) as a Room: A2 is open, B2 is not.
    state = lay(_team_turn(start_game, illegal_step="pause"), "R", (0, 1))
    after, answer = move(state, R, [S, E], random.Random(1), copies=(SheetCopy(G, (1, 1)),))
    assert answer.paused and "step" not in answer.text
    assert answer.text.startswith("You can't move")
    assert after.investigator(R).cell == state.investigator(R).cell
    open_route, walked = move(state, R, [S], random.Random(1))
    assert walked.text == "Moved" and open_route.investigator(R).cell.name == "A2"


def _seated(maze: Maze, options: Options, seed: int) -> GameState:
    colours = sorted(maze.colour_cells(), key=lambda colour: colour.value)
    chosen = options.with_game(two_player=len(colours) == 2, easy=maze.is_easy)
    start = None if maze.is_easy else next(
        cell for cell in maze.street_cells() if cell not in maze.colour_cells().values())
    state = new_game(maze, colours, None if maze.is_easy else colours[0], start, chosen,
                     random.Random(seed))
    return state if maze.is_easy else guardian_turn(state, ())[0]


def _refusal(state: GameState, colour: Colour, route: list[Direction]) -> str:
    with pytest.raises(RulesError) as refused:
        move(state, colour, route, random.Random(0))
    return f"{type(refused.value).__name__}: {refused.value}"


def test_moves_into_unexplored_spaces_get_one_reply_for_wall_and_street(options: Options
                                                                         ) -> None:
    """Differential: the same public moves on many mazes; whatever lies on the unexplored
    space (Room, Inner Wall, Outer Wall), the refusal is byte-identical."""
    replies: dict[tuple[object, ...], set[str]] = defaultdict(set)
    kinds: dict[tuple[object, ...], set[str]] = defaultdict(set)
    for seed in range(MAZES):
        maze = generate_maze(seed, size=4 if seed % 3 == 0 else 5)
        for reading in ("partial", "pause"):
            state = _seated(maze, replace(options, illegal_step=type(options.illegal_step)(
                reading)), seed)
            for investigator in state.investigators:
                for direction in Direction:
                    # From the start: nothing but the Starting tile is on the sheet.
                    target = investigator.cell.step(direction)
                    key = (maze.size, investigator.colour, direction)
                    replies[key].add(_refusal(state, investigator.colour, [direction]))
                    kinds[key].add(_kind(maze, target))
                    # One explored Room, then a step past it into the unexplored.
                    after, answer = explore(state, investigator.colour, direction)
                    if not answer.can_move:
                        continue
                    onward = [direction, direction]
                    key = (maze.size, investigator.colour, "onward", direction)
                    replies[key].add(_refusal(after, investigator.colour, onward))
                    kinds[key].add(_kind(maze, target.step(direction)))
    for key, seen in replies.items():
        assert len(seen) == 1, (key, seen)
    mixed = [key for key, found in kinds.items() if {"room", "inner", "outer"} <= found]
    assert len(mixed) >= 12, "the mazes should put every kind of space behind some move"


def _kind(maze: Maze, cell: Cell) -> str:
    if not maze.in_grid(cell):
        return "outer"
    return "room" if maze.is_street(cell) else "inner"


def test_relic_07_in_explores_mode_never_names_the_starting_tile(start_game: StartGame,
                                                                 lay: Lay) -> None:
    # Red stands on A2 (explored); the Street neighbours are A1 (Red's Starting tile) and A3.
    state = _team_turn(start_game, unplaced_source="explores")
    state, _ = explore(state, R, S)
    state, _ = move(state, R, [S], random.Random(1))
    state = state.with_investigator(replace(state.investigator(R), hand=(7,)))
    answers = {use_relic(state, R, RelicRequest(7), random.Random(seed))[1].value
               for seed in range(12)}
    assert answers == {"S"}


def test_relic_10_refuses_a_space_with_no_wall_tile_on_the_sheet(start_game: StartGame,
                                                                 lay: Lay) -> None:
    state = _team_turn(start_game)
    state = state.with_investigator(replace(state.investigator(R), hand=(10,)))
    # From A1: B1 is a Room, north is the Outer Wall, C1 an Inner Wall. None of them carries
    # a tile on Red's sheet yet, so all three get the same refusal.
    replies = set()
    for offset in ((1, 0), (0, -1), (2, 0)):
        with pytest.raises(OffSheetError) as refused:
            use_relic(state, R, RelicRequest(10, wall_offset=offset), random.Random(1))
        replies.add(str(refused.value).replace(str(offset), "<offset>"))
    assert len(replies) == 1
    state, explored = explore(state, R, N)
    assert not explored.can_move
    after, answer = use_relic(state, R, RelicRequest(10, wall_offset=(0, -1)), random.Random(1))
    assert answer.value == "Outer" and after.collected == (10,)


@pytest.mark.parametrize(("shift", "expected"), [((2, 4), "Outer"), ((2, 3), "not a wall")])
def test_relic_10_reads_a_wall_copied_from_a_teammate(
    start_game: StartGame, lay: Lay, shift: tuple[int, int], expected: str
) -> None:
    # Green found the Outer Wall south of its Starting tile C5, which lies at (2, 4) from
    # Red's A1. Laid one space too far north, the copy puts that wall on C5 itself.
    state = lay(_team_turn(start_game), "G", wall=((0, 1),))
    state = state.with_investigator(replace(state.investigator(R), hand=(10,)))
    wall = (shift[0], shift[1] + 1)
    request = RelicRequest(10, wall_offset=wall, copies=(SheetCopy(G, shift),))
    _after, answer = use_relic(state, R, request, random.Random(1))
    assert answer.value == expected
