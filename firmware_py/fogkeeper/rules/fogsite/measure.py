"""How hard a FOGSITE maze is, measured: walls, dead ends, Colour-tile distances, mapping cost."""

from __future__ import annotations

from dataclasses import dataclass, fields
from itertools import combinations

from fogkeeper.rules.fogsite.maze import CellKind, Colour, Maze, colour_kind


@dataclass(frozen=True)
class MazeMeasures:
    """The measures of one maze.

    ``explores_to_map`` and ``steps_to_map`` come from the scripted mapper: one Investigator
    who explores every unknown space next to it, then walks (on spaces it knows) to the
    nearest known Street space with an unknown neighbour, until nothing is unknown.
    """

    inner_walls: int
    dead_ends: int
    mean_colour_steps: float
    explores_to_map: int
    steps_to_map: int


MEASURE_NAMES: tuple[str, ...] = tuple(f.name for f in fields(MazeMeasures))


@dataclass(frozen=True)
class Grid:
    """A maze as a bit mask of Street spaces with a ring of Outer Wall around it.

    Bit ``(row + 1) * width + (col + 1)`` is set for a Street space; whole-area steps (one
    BFS layer, a flood fill) are a few integer operations. ``colour_cells`` are bit indices
    in the Colour order.
    """

    size: int
    street: int
    colour_cells: tuple[int, ...]

    @property
    def width(self) -> int:
        return self.size + 2

    @property
    def full(self) -> int:
        """Every space, the ring included."""
        return (1 << self.width * self.width) - 1

    def index(self, col: int, row: int) -> int:
        return (row + 1) * self.width + col + 1

    def dilate(self, mask: int) -> int:
        """The spaces in ``mask`` and their orthogonal neighbours."""
        width = self.width
        return (mask | mask << 1 | mask >> 1 | mask << width | mask >> width) & self.full


def grid_mask(size: int) -> int:
    """The spaces of a size x size maze inside its ring."""
    width = size + 2
    mask = 0
    for row in range(1, size + 1):
        mask |= ((1 << size) - 1) << (row * width + 1)
    return mask


def grid_from_maze(maze: Maze) -> Grid:
    width = maze.size + 2
    street = 0
    for row, kinds in enumerate(maze.kinds):
        for col, kind in enumerate(kinds):
            if kind.is_street:
                street |= 1 << ((row + 1) * width + col + 1)
    found = maze.colour_cells()
    colour_cells = tuple(
        (found[c].row + 1) * width + found[c].col + 1 for c in Colour if c in found
    )
    return Grid(maze.size, street, colour_cells)


def maze_from_grid(grid: Grid, colours: tuple[Colour, ...]) -> Maze:
    """The Maze a grid stands for; ``colours`` name the tiles at ``grid.colour_cells``."""
    kinds = {index: colour_kind(colour) for index, colour in
             zip(grid.colour_cells, colours, strict=True)}
    rows = []
    for row in range(grid.size):
        cells = []
        for col in range(grid.size):
            index = grid.index(col, row)
            street = grid.street >> index & 1
            cells.append(kinds.get(index, CellKind.ROOM) if street else CellKind.WALL)
        rows.append(tuple(cells))
    return Maze(grid.size, tuple(rows))


def flood(grid: Grid, start: int, passable: int) -> int:
    """Every space of ``passable`` connected to the ``start`` mask."""
    reach = start & passable
    while True:
        grown = grid.dilate(reach) & passable
        if grown == reach:
            return reach
        reach = grown


def steps_between(grid: Grid, origin: int, target: int, passable: int | None = None) -> int:
    """BFS walking steps from bit ``origin`` to bit ``target`` (-1 when cut off)."""
    passable = grid.street if passable is None else passable
    reach, goal, steps = 1 << origin, 1 << target, 0
    while not reach & goal:
        grown = grid.dilate(reach) & passable
        if grown == reach:
            return -1
        reach, steps = grown, steps + 1
    return steps


def _dead_ends(grid: Grid) -> int:
    street, width = grid.street, grid.width
    # A dead end is a Street space with exactly one Street neighbour: count neighbours by bits.
    shifted = (street << 1, street >> 1, street << width, street >> width)
    one = two_or_more = 0
    for neighbours in shifted:
        two_or_more |= one & neighbours
        one |= neighbours
    return (street & one & ~two_or_more).bit_count()


def _mean_colour_steps(grid: Grid) -> float:
    pairs = list(combinations(grid.colour_cells, 2))
    if not pairs:
        return 0.0
    return sum(steps_between(grid, a, b) for a, b in pairs) / len(pairs)


def scripted_mapping(grid: Grid, start: int) -> tuple[int, int]:
    """Explores and walking steps the scripted mapper needs to know every space by its Street.

    It never asks about a space it already knows, so the explores are the Street area plus
    the walls around it (less the start); the steps depend on the maze's corridors.
    """
    known = known_street = here = 1 << start
    explores = steps = 0
    while True:
        asked = grid.dilate(here) & ~known
        explores += asked.bit_count()
        known |= asked
        known_street |= asked & grid.street
        # Known Street spaces with a space still unknown next to them.
        frontier = known_street & grid.dilate(grid.full & ~known)
        if not frontier:
            return explores, steps
        reach, walked = here, 0
        while not reach & frontier:
            reach, walked = grid.dilate(reach) & known_street, walked + 1
        nearest = reach & frontier
        here = nearest & -nearest
        steps += walked


def spaces_to_map(grid: Grid) -> int:
    """Explores any mapper that never asks twice needs: the Street area and the walls
    around it, less the start (equal to the scripted mapper's count; a test checks it)."""
    return grid.dilate(grid.street).bit_count() - 1


def quick_measures(grid: Grid) -> tuple[float, int, int]:
    """Mean Colour-tile steps, dead ends, explores to map: the scored measures, fast."""
    return _mean_colour_steps(grid), _dead_ends(grid), spaces_to_map(grid)


def measure_grid(grid: Grid) -> MazeMeasures:
    walls = (grid_mask(grid.size) & ~grid.street).bit_count()
    explores, steps = scripted_mapping(grid, grid.colour_cells[0]) if grid.colour_cells else (0, 0)
    return MazeMeasures(walls, _dead_ends(grid), _mean_colour_steps(grid), explores, steps)


def measure_maze(maze: Maze) -> MazeMeasures:
    """The measures of a maze (a secret-free summary: counts and means, no positions)."""
    return measure_grid(grid_from_maze(maze))
