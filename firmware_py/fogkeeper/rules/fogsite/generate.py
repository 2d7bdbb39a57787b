"""Valid FOGSITE mazes from a seed, at a measured difficulty (easy, normal, hard)."""

from __future__ import annotations

import random
import statistics
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from fogkeeper.errors import RulesError
from fogkeeper.rules.fogsite.maze import EASY_SIZE, NORMAL_SIZE, Colour, Maze
from fogkeeper.rules.fogsite.measure import (
    Grid,
    MazeMeasures,
    grid_mask,
    maze_from_grid,
    measure_grid,
    quick_measures,
)
from fogkeeper.rules.fogsite.validate import MIN_INNER_WALLS_EASY, MIN_INNER_WALLS_NORMAL

# The raw generator draws its Inner Wall count evenly from these ranges. The top is where a
# 5x5 (4x4) maze still leaves room for 3 Colour tiles that do not touch in most draws.
WALL_RANGE = {NORMAL_SIZE: (MIN_INNER_WALLS_NORMAL, 12), EASY_SIZE: (MIN_INNER_WALLS_EASY, 7)}
MAX_ATTEMPTS = 2000


class Difficulty(Enum):
    """How hard the maze is for the Investigators, by its measured difficulty score."""

    EASY = "easy"
    NORMAL = "normal"
    HARD = "hard"


@dataclass(frozen=True)
class Calibration:
    """Mean and spread of the scored measures over raw mazes, and the level cut points.

    Copied from ``bench/fogsite_difficulty.py --calibrate`` (see docs/fogsite-generator.md):
    a level is a third of the raw generator's mazes, ordered by score.
    """

    means: tuple[float, float, float]
    spreads: tuple[float, float, float]
    easy_below: float
    hard_above: float


def _scored(measures: MazeMeasures) -> tuple[float, float, float]:
    return (measures.mean_colour_steps, measures.dead_ends, measures.explores_to_map)


# (size, Colour tiles) -> calibration; from `bench/fogsite_difficulty.py --calibrate`
# (20,000 raw mazes each, seed 20240). tests/rules/fogsite_ai re-measures it.
CALIBRATION: dict[tuple[int, int], Calibration] = {
    (5, 3): Calibration((4.454, 3.308, 35.859), (1.327, 1.166, 3.014), -0.735, 0.721),
    (5, 2): Calibration((4.444, 3.308, 35.859), (2.121, 1.166, 3.014), -0.758, 0.658),
    (4, 3): Calibration((3.481, 2.561, 24.822), (0.881, 1.004, 2.122), -0.828, 0.771),
    (4, 2): Calibration((3.477, 2.561, 24.822), (1.458, 1.004, 2.122), -0.844, 0.719),
}


# The 3x3 block around a space as 9 bits, row by row from the north-west (bit 4 is the
# space itself), and the ring of 8 around it in walking order (orthogonal neighbours at 1, 5,
# 7, 3).
_RING = (0, 1, 2, 5, 8, 7, 6, 3)
_ORTHOGONAL = (1, 5, 7, 3)


def _locally_connected(block: int) -> bool:
    """True when the space's Street neighbours stay connected around it without it.

    Then a wall there cannot cut the Street area (any way through it goes round); False
    means "not known": the whole area is flooded to find out.
    """
    if not any(block >> bit & 1 for bit in _ORTHOGONAL):
        return False
    ring = [block >> bit & 1 for bit in _RING]
    if all(ring):
        return True
    runs = 0  # runs of Street spaces around the ring that hold a neighbour
    for start in range(8):
        if ring[start] and not ring[start - 1]:
            at, holds = start, False
            while ring[at % 8]:
                holds = holds or _RING[at % 8] in _ORTHOGONAL
                at += 1
            runs += holds
    return runs == 1


_SAFE_WALL = tuple(_locally_connected(block) for block in range(512))


def _cell_list(size: int) -> list[int]:
    grid = Grid(size, grid_mask(size), ())
    return [i for i in range(grid.full.bit_length()) if grid.street >> i & 1]


_CELLS = {size: _cell_list(size) for size in WALL_RANGE}


# per list length: the positions a shuffle swaps, last first, and the bits drawn for each
_SWAPS = [tuple((i, (i + 1).bit_length()) for i in reversed(range(1, n))) for n in range(64)]


def _shuffle(rng: random.Random, cells: list[int]) -> None:
    """``rng.shuffle(cells)`` step for step (the same draws, so the same mazes), without
    its two calls a swap: the generator shuffles twice a candidate."""
    getrandbits = rng.getrandbits
    for i, bits in _SWAPS[len(cells)]:
        j = getrandbits(bits)
        while j > i:
            j = getrandbits(bits)
        cells[i], cells[j] = cells[j], cells[i]


def _joined_without(rest: int, cell: int, width: int, street_count: int) -> bool:
    """Whether the Street area ``rest`` (the area less ``cell``, which was connected) is
    still connected: it is exactly when the cell's Street neighbours reach each other."""
    neighbours = (1 << cell + 1 | 1 << cell - 1 | 1 << cell + width | 1 << cell - width) & rest
    if not neighbours:
        return street_count == 1
    reach = neighbours & -neighbours
    while reach & neighbours != neighbours:
        grown = (reach | reach << 1 | reach >> 1 | reach << width | reach >> width) & rest
        if grown == reach:
            return False
        reach = grown
    return True


def _place_walls(rng: random.Random, grid: Grid) -> Grid:
    """Walls on random spaces one by one, skipping any that would cut the Street area."""
    low, high = WALL_RANGE[grid.size]
    wanted = rng.randint(low, high)
    street = grid.street
    cells = [i for i in _CELLS[grid.size] if street >> i & 1]
    _shuffle(rng, cells)
    street_count, walls, width = len(cells), 0, grid.width
    safe = _SAFE_WALL
    for cell in cells:
        if walls == wanted:
            break
        rest = street ^ 1 << cell
        around = street >> cell - width - 1  # the 3x3 block from its north-west corner
        if not (safe[around & 7 | around >> width - 3 & 0o70 | around >> 2 * width - 6 & 0o700]
                or _joined_without(rest, cell, width, street_count)):
            continue
        street, street_count, walls = rest, street_count - 1, walls + 1
    return Grid(grid.size, street, ())


def _place_colours(rng: random.Random, grid: Grid, count: int) -> tuple[int, ...] | None:
    """Colour tiles on Street spaces, none orthogonally next to another (rule I)."""
    street, width = grid.street, grid.width
    cells = [i for i in _CELLS[grid.size] if street >> i & 1]
    _shuffle(rng, cells)
    chosen: list[int] = []
    near = 0  # the chosen tiles and their neighbours
    for cell in cells:
        if not near >> cell & 1:
            chosen.append(cell)
            if len(chosen) == count:
                return tuple(chosen)
            near |= (0b111 << cell - 1 | 1 << cell + width | 1 << cell - width)
    return None


def raw_grid(rng: random.Random, size: int, colour_count: int) -> Grid | None:
    """One candidate from the raw generator: a valid layout, or None when the tiles don't fit.

    The Inner Wall count is drawn from WALL_RANGE (rule II); walls never cut the Street area
    (rule III); Colour tiles never touch (rule I).
    """
    walled = _place_walls(rng, Grid(size, grid_mask(size), ()))
    if (grid_mask(size) & ~walled.street).bit_count() < WALL_RANGE[size][0]:
        return None
    colour_cells = _place_colours(rng, walled, colour_count)
    if colour_cells is None:
        return None
    return Grid(size, walled.street, colour_cells)


def _score(scored: tuple[float, float, float], calibration: Calibration) -> float:
    return sum(
        (value - mean) / spread for value, mean, spread in
        zip(scored, calibration.means, calibration.spreads, strict=True)
    )


def difficulty_score(measures: MazeMeasures, size: int, colour_count: int) -> float:
    """Mean Colour-tile steps + dead ends + explores to map, each counted in spreads from
    the raw generator's mean: 0 is a typical maze, +1 one spread harder."""
    return _score(_scored(measures), CALIBRATION[(size, colour_count)])


def _level(score: float, calibration: Calibration) -> Difficulty:
    if score < calibration.easy_below:
        return Difficulty.EASY
    if score > calibration.hard_above:
        return Difficulty.HARD
    return Difficulty.NORMAL


def difficulty_of(measures: MazeMeasures, size: int, colour_count: int) -> Difficulty:
    """The level whose band holds this maze's difficulty score."""
    calibration = CALIBRATION[(size, colour_count)]
    return _level(difficulty_score(measures, size, colour_count), calibration)


def calibrate(rng: random.Random, size: int, colour_count: int, samples: int) -> Calibration:
    """Measure ``samples`` raw mazes: the scored measures' means and spreads, and the score
    tertiles as level cut points (so each level is a third of the raw mazes)."""
    scored: list[tuple[float, float, float]] = []
    while len(scored) < samples:
        grid = raw_grid(rng, size, colour_count)
        if grid is not None:
            scored.append(quick_measures(grid))
    columns = list(zip(*scored, strict=True))
    means = tuple(round(statistics.fmean(column), 3) for column in columns)
    spreads = tuple(round(statistics.pstdev(column), 3) for column in columns)
    scores = [
        sum((v - m) / s for v, m, s in zip(row, means, spreads, strict=True)) for row in scored
    ]
    easy_below, hard_above = statistics.quantiles(scores, n=3)
    return Calibration(
        (means[0], means[1], means[2]), (spreads[0], spreads[1], spreads[2]),
        round(easy_below, 3), round(hard_above, 3),
    )


def generate_measured(
    seed: int, size: int = NORMAL_SIZE, difficulty: Difficulty = Difficulty.NORMAL,
    colours: Sequence[Colour] = tuple(Colour),
) -> tuple[Maze, MazeMeasures]:
    """The maze for this seed, size, level and colours, with its measures; always the same."""
    if size not in WALL_RANGE:
        raise RulesError(f"a maze is {NORMAL_SIZE}x{NORMAL_SIZE} or {EASY_SIZE}x{EASY_SIZE}")
    chosen = tuple(dict.fromkeys(colours))
    if len(chosen) not in (2, 3) or len(chosen) != len(colours):
        raise RulesError("a maze has 2 or 3 Colour tiles of different colours")
    rng = random.Random(seed)
    calibration = CALIBRATION[(size, len(chosen))]
    for _attempt in range(MAX_ATTEMPTS):
        grid = raw_grid(rng, size, len(chosen))
        if grid is None:
            continue
        quick = quick_measures(grid)
        if _level(_score(quick, calibration), calibration) is difficulty:
            return maze_from_grid(grid, chosen), measure_grid(grid, quick)
    raise RulesError(f"no {difficulty.value} maze found for seed {seed}")


def generate_maze(
    seed: int, size: int = NORMAL_SIZE, difficulty: Difficulty = Difficulty.NORMAL,
    colours: Sequence[Colour] = tuple(Colour),
) -> Maze:
    """A valid maze (rules I-III; the Easy Rule when ``size`` is 4) for this seed and level."""
    return generate_measured(seed, size, difficulty, colours)[0]


