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
    layout_measures,
    maze_from_grid,
    measure_grid,
    quick_measures,
)
from fogkeeper.rules.fogsite.raw_maze import WALL_RANGE, raw_grid, raw_layout

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


def _score(scored: tuple[float, float, float], calibration: Calibration) -> float:
    """Each measure counted in spreads from its mean, summed left to right: the order fixes
    the float, and so the band a maze near a cut point falls in."""
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


def _level_grid(seed: int, size: int, difficulty: Difficulty, colours: Sequence[Colour]
                ) -> tuple[Grid, tuple[float, int, int], tuple[Colour, ...]]:
    """The first raw candidate of this seed in the level's band, its scored measures, and the
    colours (checked) its tiles stand for: the one search both generators share.

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
    colour_count = len(chosen)
    calibration = CALIBRATION[(size, colour_count)]
    for _attempt in range(MAX_ATTEMPTS):
        layout = raw_layout(rng, size, colour_count)  # bare numbers: most are dropped
        if layout is None:
            continue
        street, colour_cells = layout
        quick = layout_measures(size, street, colour_cells)
        if _level(_score(quick, calibration), calibration) is difficulty:
            return Grid(size, street, colour_cells), quick, chosen
    raise RulesError(f"no {difficulty.value} maze found for seed {seed}")


def generate_measured(
    seed: int, size: int = NORMAL_SIZE, difficulty: Difficulty = Difficulty.NORMAL,
    colours: Sequence[Colour] = tuple(Colour),
) -> tuple[Maze, MazeMeasures]:
    """The maze for this seed, size, level and colours, with its measures; always the same
    (and the same as ``generate_maze``'s)."""
    grid, quick, chosen = _level_grid(seed, size, difficulty, colours)
    return maze_from_grid(grid, chosen), measure_grid(grid, quick)


def generate_maze(
    seed: int, size: int = NORMAL_SIZE, difficulty: Difficulty = Difficulty.NORMAL,
    colours: Sequence[Colour] = tuple(Colour),
) -> Maze:
    """A valid maze (rules I-III; the Easy Rule when ``size`` is 4) for this seed and level.

    The box's own path: it keeps no measures, so none beyond the level's are taken (the
    measures cost about a fifth of a measured maze).
    """
    grid, _quick, chosen = _level_grid(seed, size, difficulty, colours)
    return maze_from_grid(grid, chosen)
