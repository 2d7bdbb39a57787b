"""How hard a FOGSITE maze is, measured: walls, dead ends, Colour-tile distances, mapping cost."""

from __future__ import annotations

from dataclasses import dataclass, fields
from functools import cache

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
        width = self.size + 2
        return (mask | mask << 1 | mask >> 1 | mask << width | mask >> width) & (
            (1 << width * width) - 1)


@cache
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


@cache
def _plain_rows(size: int) -> tuple[tuple[CellKind, ...], ...]:
    """Every row of Room spaces and Inner Walls ``size`` wide, indexed by its Street pattern
    (bit ``col`` set: the space in that column is a Room space)."""
    return tuple(
        tuple(CellKind.ROOM if pattern >> col & 1 else CellKind.WALL for col in range(size))
        for pattern in range(1 << size)
    )


def maze_from_grid(grid: Grid, colours: tuple[Colour, ...]) -> Maze:
    """The Maze a grid stands for; ``colours`` name the tiles at ``grid.colour_cells``."""
    size, street, width = grid.size, grid.street, grid.width
    plain_rows, row_mask = _plain_rows(size), (1 << size) - 1
    rows = [plain_rows[street >> first & row_mask]
            for first in range(width + 1, width * (size + 1), width)]
    for index, colour in zip(grid.colour_cells, colours, strict=True):
        if street >> index & 1:
            row, col = divmod(index - width - 1, width)
            kinds = list(rows[row])
            kinds[col] = colour_kind(colour)
            rows[row] = tuple(kinds)
    return Maze(size, tuple(rows))


def flood(grid: Grid, start: int, passable: int) -> int:
    """Every space of ``passable`` connected to the ``start`` mask."""
    # dilate() inlined: this is the generator's innermost loop (``passable`` lies inside
    # the ring, so no mask with ``full`` is needed)
    width = grid.size + 2
    reach = start & passable
    while True:
        grown = (reach | reach << 1 | reach >> 1 | reach << width | reach >> width) & passable
        if grown == reach:
            return reach
        reach = grown


def steps_between(grid: Grid, origin: int, target: int, passable: int | None = None) -> int:
    """BFS walking steps from bit ``origin`` to bit ``target`` (-1 when cut off)."""
    passable = grid.street if passable is None else passable
    width = grid.size + 2
    reach, goal, steps = 1 << origin, 1 << target, 0
    while not reach & goal:
        grown = (reach | reach << 1 | reach >> 1 | reach << width | reach >> width) & passable
        if grown == reach:
            return -1
        reach, steps = grown, steps + 1
    return steps


def _dead_ends_and_spaces_to_map(street: int, width: int) -> tuple[int, int]:
    """Street spaces with exactly one Street neighbour, and ``spaces_to_map``, counted by
    bits: both from the Street area shifted one space each way, so it is shifted once."""
    north, south, west, east = street >> width, street << width, street >> 1, street << 1
    some = north | south | west | east  # spaces next to Street (Street lies inside the ring)
    two_or_more = north & south | west & east | (north | south) & (west | east)
    return (street & some & ~two_or_more).bit_count(), (street | some).bit_count() - 1


def _mean_colour_steps(street: int, width: int, tiles: tuple[int, ...]) -> float:
    """The mean of ``steps_between`` over every pair of Colour tiles, by one BFS on copies
    of the maze stacked one above another (their Outer Wall rings keep them apart): the
    copy for each tile but the last walks from it to every later tile, all at once."""
    if len(tiles) < 2:
        return 0.0
    copy = width * width  # one copy's bits
    streets = reach = goals = 0
    later = 1 << tiles[-1]  # the tiles after this copy's
    for tile in tiles[-2::-1]:  # built from the last copy down: a shift a copy, no loop a pair
        streets = streets << copy | street
        reach = reach << copy | 1 << tile
        goals = goals << copy | later
        later |= 1 << tile
    total = 0
    for steps in range(street.bit_count()):  # no walk is as long as the Street area
        found = reach & goals
        if found:
            total += steps * found.bit_count()
            goals ^= found
            if not goals:
                break
        reach = (reach | reach << 1 | reach >> 1 | reach << width | reach >> width) & streets
    else:
        total -= goals.bit_count()  # cut off: -1 a pair, as steps_between says
    return total / (len(tiles) * (len(tiles) - 1) // 2)


@cache
def _neighbours(size: int) -> dict[int, int]:
    """Per space of a size x size maze, keyed by its bit (``1 << index``, not the index):
    the mask of its four orthogonal neighbours."""
    width = size + 2
    spaces = grid_mask(size)
    return {1 << cell: 1 << cell - 1 | 1 << cell + 1 | 1 << cell - width | 1 << cell + width
            for cell in range(spaces.bit_length()) if spaces >> cell & 1}


def scripted_mapping(grid: Grid, start: int) -> tuple[int, int]:
    """Explores and walking steps the scripted mapper needs to know every space by its Street.

    It starts on the Street space ``start`` and never asks about a space it already knows,
    so the explores are the Street area plus the walls around it (less the start); the steps
    depend on the maze's corridors.
    """
    here = known_street = 1 << start
    unknown = grid.full ^ here
    steps = 0
    street, width = grid.street, grid.width
    neighbours = _neighbours(grid.size)
    while True:
        around = neighbours[here]
        asked = around & unknown
        unknown ^= asked
        known_street |= asked & street
        # Known Street spaces with a space still unknown next to them.
        frontier = known_street & (unknown << 1 | unknown >> 1 | unknown << width
                                   | unknown >> width)
        if not frontier:
            # every space asked once, the start never
            return (grid.full ^ unknown).bit_count() - 1, steps
        # Walk to the nearest of them (``here`` is not one: all around it is known now).
        reach = here | around & known_street
        steps += 1
        while not reach & frontier:
            reach = (reach | reach << 1 | reach >> 1 | reach << width | reach >> width
                     ) & known_street
            steps += 1
        nearest = reach & frontier
        here = nearest & -nearest


def spaces_to_map(grid: Grid) -> int:
    """Explores any mapper that never asks twice needs: the Street area and the walls
    around it, less the start (equal to the scripted mapper's count; a test checks it)."""
    return _dead_ends_and_spaces_to_map(grid.street, grid.width)[1]


def quick_measures(grid: Grid) -> tuple[float, int, int]:
    """Mean Colour-tile steps, dead ends, explores to map: the scored measures, fast."""
    return layout_measures(grid.size, grid.street, grid.colour_cells)


def layout_measures(size: int, street: int, colour_cells: tuple[int, ...]
                    ) -> tuple[float, int, int]:
    """``quick_measures`` of a layout not (yet) made a Grid: the level search measures every
    candidate, and keeps a Grid only for the one it takes."""
    width = size + 2
    dead_ends, spaces = _dead_ends_and_spaces_to_map(street, width)
    return _mean_colour_steps(street, width, colour_cells), dead_ends, spaces


def measure_grid(grid: Grid, quick: tuple[float, int, int] | None = None) -> MazeMeasures:
    """Every measure; ``quick`` is this grid's ``quick_measures`` when already known."""
    colour_steps, dead_ends, _ = quick_measures(grid) if quick is None else quick
    walls = (grid_mask(grid.size) & ~grid.street).bit_count()
    explores, steps = scripted_mapping(grid, grid.colour_cells[0]) if grid.colour_cells else (0, 0)
    return MazeMeasures(walls, dead_ends, colour_steps, explores, steps)


def measure_maze(maze: Maze) -> MazeMeasures:
    """The measures of a maze (a secret-free summary: counts and means, no positions)."""
    return measure_grid(grid_from_maze(maze))
