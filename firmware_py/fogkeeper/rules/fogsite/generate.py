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


def _safe_blocks(width: int) -> frozenset[int]:
    """The blocks of ``_SAFE_WALL`` as they lie in a grid ``width`` wide: a space's 3x3
    block is ``street >> (space - width - 1)`` (its north-west corner at bit 0), masked
    to its three rows of three."""
    return frozenset(
        block & 7 | (block >> 3 & 7) << width | (block >> 6 & 7) << 2 * width
        for block in range(512) if _SAFE_WALL[block]
    )


_SAFE_BLOCKS = {size + 2: _safe_blocks(size + 2) for size in WALL_RANGE}


def _gates(block: int) -> list[int] | None:
    """The walls round the space of a 3x3 block, in groups: one group a stretch of the ring
    between two Street neighbours (a group's walls touch each other, diagonals count).
    None when no neighbour is Street."""
    streets = [at for at in range(1, 8, 2) if block >> _RING[at] & 1]  # orthogonal ones
    if not streets:
        return None
    gates = []
    for start, end in zip(streets, [*streets[1:], streets[0] + 8], strict=True):
        gate = sum(1 << _RING[at % 8] for at in range(start + 1, end))
        if gate & ~block:
            gates.append(gate & ~block)
    return gates


def _gates_by_block(width: int) -> dict[int, tuple[int, ...] | None]:
    """``_gates`` of every block not in ``_SAFE_WALL``, laid out as in ``_safe_blocks``."""
    def laid_out(bits: int) -> int:
        return bits & 7 | (bits >> 3 & 7) << width | (bits >> 6 & 7) << 2 * width

    found: dict[int, tuple[int, ...] | None] = {}
    for block in range(512):
        if not _SAFE_WALL[block]:
            gates = _gates(block)
            found[laid_out(block)] = (None if gates is None
                                      else tuple(laid_out(gate) for gate in gates))
    return found


_GATES = {size + 2: _gates_by_block(size + 2) for size in WALL_RANGE}


@dataclass(frozen=True, slots=True)
class _Space:
    """A space of the maze and the masks the generator looks up for it (bits of a Grid)."""

    bit_index: int
    bit: int  # 1 << bit_index
    block_shift: int  # street >> block_shift puts its 3x3 block's north-west corner at bit 0
    cross: int  # the space and its four orthogonal neighbours
    around: int  # the eight spaces around it, diagonals included


def _spaces(size: int) -> tuple[_Space, ...]:
    """Every space of a size x size maze (inside its ring), in bit order."""
    width, mask = size + 2, grid_mask(size)
    return tuple(
        _Space(index, 1 << index, index - width - 1,
               0b111 << index - 1 | 1 << index - width | 1 << index + width,
               0b111 << index - width - 1 | 0b101 << index - 1 | 0b111 << index + width - 1)
        for index in range(mask.bit_length()) if mask >> index & 1
    )


_SPACES = {size: _spaces(size) for size in WALL_RANGE}


def _rows(size: int) -> tuple[tuple[int, tuple[tuple[_Space, ...], ...]], ...]:
    """Per row of a size x size maze: its first space's bit index, and per Street pattern
    of the row (bit ``col`` set: that column is Street) its Street spaces."""
    width = size + 2
    rows = []
    for first in range(width + 1, width * (size + 1), width):
        spaces = _SPACES[size][(first // width - 1) * size:][:size]
        rows.append((first, tuple(
            tuple(space for col, space in enumerate(spaces) if pattern >> col & 1)
            for pattern in range(1 << size))))
    return tuple(rows)


_ROWS = {size: _rows(size) for size in WALL_RANGE}


def _street_spaces(size: int, street: int) -> list[_Space]:
    """The Street spaces of ``street``, in bit order (looked up a row at a time)."""
    spaces: list[_Space] = []
    row_mask = (1 << size) - 1
    for first, by_pattern in _ROWS[size]:
        spaces += by_pattern[street >> first & row_mask]
    return spaces

# per list length: the positions a shuffle swaps, last first, and the bits drawn for each
_SWAPS = [tuple((i, (i + 1).bit_length()) for i in reversed(range(1, n))) for n in range(64)]


def _shuffle(rng: random.Random, spaces: list[_Space]) -> None:
    """``rng.shuffle(spaces)`` step for step (the same draws, so the same mazes), without
    its two calls a swap: the generator shuffles twice a candidate."""
    getrandbits = rng.getrandbits
    for i, bits in _SWAPS[len(spaces)]:
        j = getrandbits(bits)
        while j > i:
            j = getrandbits(bits)
        spaces[i], spaces[j] = spaces[j], spaces[i]


def _joined_without(street: int, space: _Space, width: int) -> bool:
    """Whether the (connected) Street area stays connected without ``space``: it does
    exactly when the space's Street neighbours reach each other round it."""
    rest = street ^ space.bit
    neighbours = space.cross & rest
    if not neighbours:
        return not rest
    reach = neighbours & -neighbours
    while reach & neighbours != neighbours:
        grown = (reach | reach << 1 | reach >> 1 | reach << width | reach >> width) & rest
        if grown == reach:
            return False
        reach = grown
    return True


def _gates_apart(street: int, floating: int, space: _Space, block: int, width: int) -> bool:
    """Whether the Street area stays connected with a wall on ``space`` (its 3x3 ``block``
    not locally connected): it does unless two of its gates are joined through walls.

    Walls joined to the Outer Wall are all joined; a floating gate is joined to none of
    them, so with at most one floating gate the answer is known without a flood.
    """
    gates = _GATES[width][block]
    if gates is None:
        return _joined_without(street, space, width)
    anchored = ~(street | floating)  # walls joined to the Outer Wall, and the outside
    joined = 0
    for gate in gates:
        if gate << space.block_shift & anchored:
            joined += 1
    if joined >= 2:
        return False
    if len(gates) - joined <= 1:
        return True
    return _joined_without(street, space, width)


def _anchor(floating: int, wall: _Space, width: int) -> int:
    """The floating walls left once ``wall``, joined to the Outer Wall, anchors those it
    touches (and those they touch: diagonals count)."""
    reach = wall.around & floating
    while True:
        left = floating & ~reach
        if not left:
            return 0
        grown = reach | reach << 1 | reach >> 1
        grown = (grown | grown << width | grown >> width) & floating
        if grown == reach:
            return left
        reach = grown


def _floating_with(floating: int, street: int, wall: _Space, width: int) -> int:
    """The floating walls once ``wall`` is put in (``street`` is without it)."""
    if not wall.around & ~(street | floating):  # no wall joined to the Outer Wall touches it
        return floating | wall.bit
    if wall.around & floating:
        return _anchor(floating, wall, width)
    return floating


def _walled_street(rng: random.Random, size: int) -> int:
    """The Street area after Inner Walls are put on random spaces one by one, skipping any
    that would cut the Street area (as a ``Grid.street`` mask).

    A wall whose 3x3 block is not locally connected touches walls on two sides of it. When
    every wall is joined to the Outer Wall (diagonals count), those sides are joined round
    the outside, so the new wall would close a loop of walls round part of the Street
    area: it cuts. Only while some Inner Wall floats free is the area flooded to find out.
    """
    low, high = WALL_RANGE[size]
    wanted = rng.randint(low, high)
    spaces = list(_SPACES[size])
    _shuffle(rng, spaces)
    street, walls, width = grid_mask(size), 0, size + 2
    safe, block_mask = _SAFE_BLOCKS[width], 7 | 7 << width | 7 << 2 * width
    floating = 0  # Inner Walls not joined to the Outer Wall through walls
    for space in spaces:
        block = street >> space.block_shift & block_mask
        if block in safe or (floating and _gates_apart(street, floating, space, block, width)):
            street ^= space.bit
            if not floating:
                if not space.around & ~street:  # it touches no wall: it floats
                    floating = space.bit
            else:
                floating = _floating_with(floating, street, space, width)
            walls += 1
            if walls == wanted:
                break
    return street


def _colour_tiles(rng: random.Random, size: int, street: int, count: int
                  ) -> tuple[int, ...] | None:
    """Colour tiles on Street spaces, none orthogonally next to another (rule I); None when
    they do not fit."""
    spaces = _street_spaces(size, street)
    _shuffle(rng, spaces)
    chosen: list[int] = []
    near = 0  # the chosen tiles and their neighbours
    for space in spaces:
        if not near & space.bit:
            chosen.append(space.bit_index)
            if len(chosen) == count:
                return tuple(chosen)
            near |= space.cross
    return None


def raw_grid(rng: random.Random, size: int, colour_count: int) -> Grid | None:
    """One candidate from the raw generator: a valid layout, or None when the tiles don't fit.

    The Inner Wall count is drawn from WALL_RANGE (rule II); walls never cut the Street area
    (rule III); Colour tiles never touch (rule I).
    """
    street = _walled_street(rng, size)
    if (grid_mask(size) & ~street).bit_count() < WALL_RANGE[size][0]:
        return None
    colour_cells = _colour_tiles(rng, size, street, colour_count)
    if colour_cells is None:
        return None
    return Grid(size, street, colour_cells)


def _score(scored: tuple[float, float, float], calibration: Calibration) -> float:
    (colour_steps, dead_ends, explores) = scored
    means, spreads = calibration.means, calibration.spreads
    return ((colour_steps - means[0]) / spreads[0] + (dead_ends - means[1]) / spreads[1]
            + (explores - means[2]) / spreads[2])


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
    """The maze for this seed, size, level and colours, with its measures; always the same.

    A seed is a whole number from 0: Python's generator would take -3 for 3, so a negative
    seed is refused rather than quietly giving another seed's maze.
    """
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise RulesError(f"a maze seed is a whole number from 0, not {seed!r}")
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


