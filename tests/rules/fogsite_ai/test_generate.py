"""The maze generator: valid mazes, the same maze per seed, levels that really differ."""

from __future__ import annotations

import hashlib
import random
import statistics
from dataclasses import astuple

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
from fogkeeper.rules.fogsite.generate import CALIBRATION, calibrate, difficulty_of
from fogkeeper.rules.fogsite.measure import (
    Grid,
    grid_from_maze,
    grid_mask,
    maze_from_grid,
    scripted_mapping,
    spaces_to_map,
)
from fogkeeper.rules.fogsite.raw_maze import WALL_RANGE, raw_grid

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


@pytest.mark.parametrize(("size", "level", "colours"), CONFIGS)
def test_the_box_gets_the_maze_maze_new_prints(
    size: int, level: Difficulty, colours: tuple[Colour, ...]
) -> None:
    """generate_maze (the box) skips the measures generate_measured (`maze new`) takes."""
    for seed in (*range(20), 2**128 - 1):
        assert generate_maze(seed, size, level, colours) == generate_measured(
            seed, size, level, colours)[0]


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


# Digests of the mazes the generator gave before it was made faster: a saved game keeps only
# its seed, size, level and colours, so any change here is a different maze for a saved game.
PINNED_SEEDS = (*range(24), 1_000_003, 123_456_789, 2**32 - 1)
PINNED_COLOURS = (ALL_COLOURS, TWO_COLOURS, (Colour.BLUE, Colour.GREEN, Colour.RED),
                  (Colour.GREEN, Colour.RED))
PINNED_MAZES_SHA256 = "2b6083645e246f1e9085010e47d9723b3874245ea1b3f2920b816fa2b281d544"
PINNED_RAW_GRIDS_SHA256 = "922c81cdd0353bc0d98bfba4727377efdccf9152d8d01e335a86152ef76e0950"


def _sha256(lines: list[str]) -> str:
    return hashlib.sha256("\n".join(lines).encode()).hexdigest()


def test_the_same_mazes_as_pinned() -> None:
    """648 mazes: both sizes, every level, four colour choices, 27 seeds."""
    lines = []
    for size in (5, 4):
        for level in Difficulty:
            for colours in PINNED_COLOURS:
                for seed in PINNED_SEEDS:
                    maze, measures = generate_measured(seed, size, level, colours)
                    names = "".join(colour.value for colour in colours)
                    lines.append(f"{size} {level.value} {names} {seed} {astuple(measures)!r}")
                    lines.extend(maze.rows_text())
    assert _sha256(lines) == PINNED_MAZES_SHA256


def test_the_same_raw_candidates_as_pinned() -> None:
    """The raw generator's candidates in a row from one rng (what `calibrate` measures)."""
    rng = random.Random(2024)
    lines = []
    for n in range(600):
        size, colour_count = (5, 4)[n % 2], (3, 2)[n // 2 % 2]
        grid = raw_grid(rng, size, colour_count)
        if grid is None:
            lines.append("None")
        else:
            lines.extend(maze_from_grid(grid, ALL_COLOURS[:colour_count]).rows_text())
    assert lines.count("None") < 100
    assert _sha256(lines) == PINNED_RAW_GRIDS_SHA256


def _joined(street: int, width: int) -> bool:
    """A flood from one Street space reaches them all."""
    reach = street & -street
    while True:
        grown = (reach | reach << 1 | reach >> 1 | reach << width | reach >> width) & street
        if grown == reach:
            return reach == street
        reach = grown


def _raw_grid_the_plain_way(rng: random.Random, size: int, colour_count: int) -> Grid | None:
    """The raw generator as the rules say it, with Python's own shuffle and a whole flood
    for every wall: the reference the fast generator must match draw for draw."""
    width, low, high = size + 2, *WALL_RANGE[size]
    street = grid_mask(size)
    wanted = rng.randint(low, high)
    spaces = [i for i in range(street.bit_length()) if street >> i & 1]
    rng.shuffle(spaces)
    walls = 0
    for space in spaces:
        if walls < wanted and _joined(street ^ 1 << space, width):
            street, walls = street ^ 1 << space, walls + 1
    if walls < low:
        return None
    spaces = [i for i in range(street.bit_length()) if street >> i & 1]
    rng.shuffle(spaces)
    tiles: list[int] = []
    for space in spaces:
        if len(tiles) < colour_count and all(abs(space - tile) not in (1, width)
                                             for tile in tiles):
            tiles.append(space)
    return Grid(size, street, tuple(tiles)) if len(tiles) == colour_count else None


@pytest.mark.parametrize(("size", "colour_count"), sorted(CALIBRATION))
def test_the_raw_generator_is_the_plain_one(size: int, colour_count: int) -> None:
    fast, plain = random.Random(size * 10 + colour_count), random.Random(size * 10 + colour_count)
    for _ in range(3000):
        assert raw_grid(fast, size, colour_count) == _raw_grid_the_plain_way(
            plain, size, colour_count)
