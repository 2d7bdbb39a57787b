"""The maze generator: valid mazes, the same maze per seed, levels that really differ."""

from __future__ import annotations

import random
import statistics

import pytest

from fogkeeper.errors import RulesError
from fogkeeper.rules.fogsite import (
    Colour,
    Difficulty,
    generate_maze,
    generate_measured,
    measure_maze,
    parse_maze,
    validate_maze,
)
from fogkeeper.rules.fogsite.generate import CALIBRATION, calibrate, difficulty_of, raw_grid
from fogkeeper.rules.fogsite.measure import grid_from_maze, scripted_mapping, spaces_to_map

ALL_COLOURS = tuple(Colour)
TWO_COLOURS = (Colour.RED, Colour.BLUE)
CONFIGS = [(size, level, colours) for size in (5, 4) for level in Difficulty
           for colours in (ALL_COLOURS, TWO_COLOURS)]

# C-S02, the rulebook's correct example as RULINGS reconstructs it; measures counted by hand.
CORRECT_MAZE = """
R . # . B
. # . . #
. . . # .
# . # . .
. . G . #
"""


def test_every_maze_over_10000_seeds_is_valid() -> None:
    broken = []
    for seed in range(10_000):
        size, level, colours = CONFIGS[seed % len(CONFIGS)]
        maze = generate_maze(seed, size, level, colours)
        if validate_maze(maze) or maze.size != size or set(maze.colour_cells()) != set(colours):
            broken.append(seed)
    assert broken == []


@pytest.mark.parametrize(("size", "level", "colours"), CONFIGS)
def test_same_seed_same_maze_and_seeds_differ(
    size: int, level: Difficulty, colours: tuple[Colour, ...]
) -> None:
    first = [generate_maze(seed, size, level, colours) for seed in range(40)]
    again = [generate_maze(seed, size, level, colours) for seed in range(40)]
    assert first == again
    assert len(set(first)) >= 35


@pytest.mark.parametrize(("size", "level", "colours"), CONFIGS)
def test_a_maze_is_of_the_level_asked_and_its_measures_are_its_own(
    size: int, level: Difficulty, colours: tuple[Colour, ...]
) -> None:
    for seed in range(30):
        maze, measures = generate_measured(seed, size, level, colours)
        assert measures == measure_maze(maze)
        assert difficulty_of(measures, size, len(colours)) is level


def test_hand_counted_measures_of_the_rulebook_example() -> None:
    measures = measure_maze(parse_maze(CORRECT_MAZE))
    assert measures.inner_walls == 7
    assert measures.dead_ends == 4  # B1, E1, E3, A5
    assert measures.mean_colour_steps == pytest.approx((8 + 6 + 8) / 3)  # R-B, R-G, G-B
    assert measures.explores_to_map == 18 + 7 + 15 - 1  # Street, inner and outer walls, start


def _welch_t(high: list[float], low: list[float]) -> float:
    spread = (statistics.variance(high) / len(high) + statistics.variance(low) / len(low)) ** 0.5
    return (statistics.fmean(high) - statistics.fmean(low)) / spread


@pytest.mark.parametrize("size", [5, 4])
@pytest.mark.parametrize("measure", ["mean_colour_steps", "dead_ends", "explores_to_map"])
def test_levels_differ_on_their_measures(size: int, measure: str) -> None:
    values = {
        level: [float(getattr(generate_measured(seed, size, level)[1], measure))
                for seed in range(300)]
        for level in Difficulty
    }
    # Welch's t well beyond noise (|t| > 4) between neighbouring levels.
    assert _welch_t(values[Difficulty.NORMAL], values[Difficulty.EASY]) > 4
    assert _welch_t(values[Difficulty.HARD], values[Difficulty.NORMAL]) > 4


@pytest.mark.parametrize(("size", "colour_count"), sorted(CALIBRATION))
def test_bands_come_from_the_raw_distribution(size: int, colour_count: int) -> None:
    fresh = calibrate(random.Random(7), size, colour_count, 3000)
    shipped = CALIBRATION[(size, colour_count)]
    assert fresh.easy_below == pytest.approx(shipped.easy_below, abs=0.12)
    assert fresh.hard_above == pytest.approx(shipped.hard_above, abs=0.12)
    for fresh_mean, mean in zip(fresh.means, shipped.means, strict=True):
        assert fresh_mean == pytest.approx(mean, rel=0.03)


def test_the_scripted_mapper_asks_each_space_once() -> None:
    rng = random.Random(3)
    for _ in range(500):
        grid = raw_grid(rng, rng.choice((4, 5)), 3)
        if grid is not None:
            assert scripted_mapping(grid, grid.colour_cells[0])[0] == spaces_to_map(grid)


def test_bad_requests_are_refused() -> None:
    with pytest.raises(RulesError):
        generate_maze(1, size=6)
    with pytest.raises(RulesError):
        generate_maze(1, colours=(Colour.RED,))
    with pytest.raises(RulesError):
        generate_maze(1, colours=(Colour.RED, Colour.RED))


def test_measures_of_an_easy_rule_maze_use_its_own_grid() -> None:
    maze = generate_maze(5, size=4)
    assert grid_from_maze(maze).size == 4
    assert measure_maze(maze).inner_walls == len(maze.inner_walls())
