"""The true answers to the Relic questions 01-10, as sets the Guardian may choose from."""

from __future__ import annotations

from collections.abc import Sequence

from fogkeeper.errors import RulesError
from fogkeeper.rules.fogsite.maze import (
    COMPASS_WORDS,
    Cell,
    Direction,
    chebyshev,
    compass,
    manhattan,
)
from fogkeeper.rules.fogsite.options import PresenceDistance, RowColumnCount, UnplacedSource
from fogkeeper.rules.fogsite.policy import AnswerValue
from fogkeeper.rules.fogsite.sheet import SheetCopy, designated_wall, mapping_sheet
from fogkeeper.rules.fogsite.state import GameState, Investigator, Offset

NO_ROOM = "none"
OUTER_WALL = "Outer"
INNER_WALL = "Inner"
NOT_A_WALL = "not a wall"
_SURROUNDING_8 = tuple((dx, dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1) if (dx, dy) != (0, 0))
STARTING_TILE: Offset = (0, 0)
_SURROUNDING_4 = tuple(direction.value for direction in Direction)


def walking_distance(state: GameState, origin: Cell, target: Cell) -> int:
    """B-S07: shortest walk over Street spaces; tokens never block."""
    steps = state.maze.walking_steps(origin).get(target)
    if steps is None:
        raise RulesError("no walking route between the two spaces")
    return steps


def presence_distance(state: GameState, origin: Cell, target: Cell) -> int:
    if state.options.presence_distance is PresenceDistance.CHEBYSHEV:
        return chebyshev(origin, target)
    return manhattan(origin, target)


def directions_to(origin: Cell, target: Cell) -> tuple[str, ...]:
    """B-S08: the one true direction word, or every word when both share the space."""
    word = compass(origin, target)
    return COMPASS_WORDS if word is None else (word,)


def _guardian_cell(state: GameState) -> Cell:
    if state.guardian is None:
        raise RulesError("there is no Guardian token in this game")
    return state.guardian


def _others(state: GameState, asker: Investigator) -> tuple[Cell, ...]:
    return tuple(inv.cell for inv in state.investigators if inv.colour is not asker.colour)


def unplaced_rooms(state: GameState, asker: Investigator, placed: tuple[Offset, ...]
                   ) -> tuple[str, ...]:
    """B-S09: directions to neighbouring Street spaces with no tile yet on the asker's sheet.

    The asker's own Starting tile lies on their sheet from setup on, in either reading.
    """
    if state.options.unplaced_source is UnplacedSource.EXPLORES:
        on_sheet = set(asker.explored)
    else:
        on_sheet = {offset for offset, _street in asker.sheet}
    on_sheet |= {STARTING_TILE, *placed}
    found = []
    for direction in Direction:
        neighbour = asker.cell.step(direction)
        if state.maze.is_street(neighbour) and neighbour.minus(asker.start) not in on_sheet:
            found.append(direction.name)
    return tuple(found)


def row_column_counts(state: GameState, origin: Cell) -> tuple[int, ...]:
    """B-S10: Street spaces in the asker's row and column (the asker's space in each)."""
    maze = state.maze
    if state.options.row_column_count is RowColumnCount.FULL:
        row = sum(maze.is_street(Cell(col, origin.row)) for col in range(maze.size))
        column = sum(maze.is_street(Cell(origin.col, row_)) for row_ in range(maze.size))
        return (row, column)
    arms = []
    for direction in Direction:
        here, count = origin, 1
        while maze.in_grid(here := here.step(direction)):
            count += maze.is_street(here)
        arms.append(count)
    return tuple(arms)


def walls_around(state: GameState, origin: Cell) -> int:
    """B-S11: Inner and Outer walls among the surrounding spaces (8 or 4 by config)."""
    around = _SURROUNDING_8 if state.options.wall_neighbourhood == 8 else _SURROUNDING_4
    return sum(not state.maze.is_street(origin.offset(dx, dy)) for dx, dy in around)


def wall_kind(state: GameState, origin: Cell, wall_offset: Offset) -> str:
    """B-S12: Outer outside the grid, Inner on an Inner Wall, else "not a wall"."""
    cell = origin.offset(*wall_offset)
    if not state.maze.in_grid(cell):
        return OUTER_WALL
    return INNER_WALL if state.maze.is_inner_wall(cell) else NOT_A_WALL


def question_candidates(
    state: GameState, asker: Investigator, relic: int,
    wall_offset: Offset | None, placed: tuple[Offset, ...], copies: Sequence[SheetCopy] = (),
) -> tuple[AnswerValue, ...]:
    """Every true answer to question Relic ``relic`` (01-10); the Guardian picks one.

    Relic 10's designation is checked against the asker's sheet (own tiles and ``copies``)
    before the maze is looked at.
    """
    here = asker.cell
    others = _others(state, asker)
    if relic == 1:
        return (walking_distance(state, here, _guardian_cell(state)),)
    if relic == 2:
        return directions_to(here, _guardian_cell(state))
    if relic == 3:
        return (presence_distance(state, here, _guardian_cell(state)),)
    if relic == 4:
        return tuple(sorted({walking_distance(state, here, other) for other in others}))
    if relic == 5:
        return tuple(sorted({word for other in others for word in directions_to(here, other)}))
    if relic == 6:
        return tuple(sorted({presence_distance(state, here, other) for other in others}))
    if relic == 7:
        return unplaced_rooms(state, asker, placed) or (NO_ROOM,)
    if relic == 8:
        return (row_column_counts(state, here),)
    if relic == 9:
        return (walls_around(state, here),)
    if relic == 10:
        if wall_offset is None:
            raise RulesError("Relic 10 needs the designated space as an offset from you")
        designated_wall(mapping_sheet(state, asker, copies), asker.offset, wall_offset,
                        asker.colour)
        return (wall_kind(state, here, wall_offset),)
    raise RulesError(f"Relic {relic:02d} asks no question")


def answer_text(state: GameState, relic: int, value: AnswerValue) -> str:
    """How the box says an answer aloud."""
    if relic == 1:
        return f"{value} steps"
    if relic == 8 and isinstance(value, tuple):
        if len(value) == 2:
            return f"row {value[0]}, column {value[1]}"
        return " ".join(f"{d.name} {n}" for d, n in zip(Direction, value, strict=False))
    if relic == 9:
        return f"{value} walls"
    return str(value)


def answer_values(state: GameState, relic: int) -> tuple[AnswerValue, ...]:
    """Every answer question Relic ``relic`` could get on this maze: the choices for the
    Guardian's one lie (G7), the true ones among them."""
    size = state.maze.size
    most_steps = size * size - 1
    if relic in (1, 4):
        return tuple(range(most_steps + 1))
    if relic in (2, 5):
        return COMPASS_WORDS
    if relic in (3, 6):
        return tuple(range(2 * (size - 1) + 1))
    if relic == 7:
        return (*(d.name for d in Direction), NO_ROOM)
    if relic == 8:
        if state.options.row_column_count is RowColumnCount.FULL:
            return tuple((row, col) for row in range(1, size + 1) for col in range(1, size + 1))
        return tuple((n, e, s, w) for n in range(1, size + 1) for e in range(1, size + 1)
                     for s in range(1, size + 1) for w in range(1, size + 1))
    if relic == 9:
        return tuple(range(state.options.wall_neighbourhood + 1))
    if relic == 10:
        return (INNER_WALL, OUTER_WALL, NOT_A_WALL)
    raise RulesError(f"Relic {relic:02d} asks no question")
