"""The box's Guardian levels, measured: win rate per level against both reference teams.

Each cell is ``--games`` simulated 5x5 games with three Investigators (maze seeds from 50000,
the game's seed from 0); the table shows the Guardian's win rate with its 95 % interval
(Wilson) and checks that the intervals of neighbouring levels do not overlap, for each team.
It also prints the Guardian's turn decision time (CPU time) with its p99.

``--measures`` prints the maze measures per maze difficulty; ``--calibrate`` re-measures the
raw generator and prints the CALIBRATION table that rules/fogsite/generate.py holds.
Usage: fogsite_difficulty.py [--games N] [--jobs N] [--measures] [--calibrate]
(iterate with a few games and one job; the full run is --games 1000 --jobs 2)
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import describe_ms, percentile
from fogkeeper.data.fogsite import load_fogsite_options
from fogkeeper.rules.fogsite import (
    Colour,
    Difficulty,
    Side,
    generate_maze,
    simulate,
)
from fogkeeper.rules.fogsite.generate import calibrate, difficulty_score, generate_measured
from fogkeeper.rules.fogsite.levels import LEVELS, Level, level_options, level_player
from fogkeeper.rules.fogsite.measure import MEASURE_NAMES, MazeMeasures
from fogkeeper.rules.fogsite.teams import REFERENCE_TEAMS
from fogsite_guardian import Timed

CALIBRATION_SEED = 20240
CALIBRATION_SAMPLES = 20_000
MAZE_SEEDS = 50_000
TARGET_P99_MS = 50.0  # issue 15; issue 16's goal for the Guardian's decision is 5 ms
Z95 = 1.96


def measures_table(size: int, mazes: int) -> None:
    found: dict[Difficulty, list[MazeMeasures]] = {
        level: [generate_measured(seed, size, level)[1] for seed in range(mazes)]
        for level in Difficulty
    }
    print(f"\n{size}x{size}, 3 Colour tiles, {mazes:,} mazes a level (seeds 0-{mazes - 1})\n")
    print("| measure | " + " | ".join(f"{lv.value} mean (p10-p90)" for lv in Difficulty) + " |")
    print("|---|" + "---|" * len(Difficulty))
    for name in (*MEASURE_NAMES, "difficulty_score"):
        cells = []
        for level in Difficulty:
            values = [difficulty_score(m, size, 3) if name == "difficulty_score"
                      else float(getattr(m, name)) for m in found[level]]
            deciles = statistics.quantiles(values, n=10)
            cells.append(f"{statistics.fmean(values):.2f} ({deciles[0]:.2f}-{deciles[-1]:.2f})")
        print(f"| {name} | " + " | ".join(cells) + " |")


def play_cell(cell: tuple[str, int, int]) -> tuple[str, int, int, int, list[float]]:
    """One level against one team: (level, team index, games, Guardian wins, turn times)."""
    name, team_index, games = cell
    level = Level(name)
    options = level_options(load_fogsite_options(), level)
    player = Timed(level_player(level))
    team = REFERENCE_TEAMS[team_index]
    wins = 0
    for game in range(games):
        maze = generate_maze(MAZE_SEEDS + game, difficulty=LEVELS[level].maze)
        result = simulate(maze, player, team(), random.Random(game), options)
        wins += result.winner is Side.GUARDIAN
    return name, team_index, games, wins, player.seconds


def wilson(wins: int, games: int) -> tuple[float, float]:
    """The 95 % interval of a win rate (Wilson score)."""
    rate = wins / games
    centre = (rate + Z95 ** 2 / (2 * games)) / (1 + Z95 ** 2 / games)
    half = Z95 * math.sqrt(rate * (1 - rate) / games + Z95 ** 2 / (4 * games ** 2)) / (
        1 + Z95 ** 2 / games)
    return centre - half, centre + half


def play_table(games: int, jobs: int) -> bool:
    """Print the levels x teams table; True when neighbouring levels' intervals never overlap."""
    cells = [(level.value, t, games) for level in Level for t in range(len(REFERENCE_TEAMS))]
    if jobs > 1:
        with Pool(jobs) as pool:
            results = pool.map(play_cell, cells, chunksize=1)
    else:
        results = [play_cell(cell) for cell in cells]
    found = {(name, t): (wins, n) for name, t, n, wins, _ in results}
    teams = [team().name for team in REFERENCE_TEAMS]
    print(f"\nGuardian win rate, {games:,} games a cell (5x5, 3 Investigators, maze seeds "
          f"{MAZE_SEEDS}-{MAZE_SEEDS + games - 1}), 95 % interval\n")
    print("| level | what the box says | " + " | ".join(f"vs {t}" for t in teams) + " |")
    print("|---|---|" + "---|" * len(teams))
    for level in Level:
        cells_text = []
        for t in range(len(teams)):
            wins, n = found[(level.value, t)]
            low, high = wilson(wins, n)
            cells_text.append(f"{wins / n:.1%} ({low:.1%}-{high:.1%})")
        print(f"| {level.value} | {LEVELS[level].line} | " + " | ".join(cells_text) + " |")
    separated = True
    for t, team in enumerate(teams):
        for lower, upper in zip(list(Level), list(Level)[1:], strict=False):
            low_high = wilson(*found[(lower.value, t)])[1]
            up_low = wilson(*found[(upper.value, t)])[0]
            step = (found[(upper.value, t)][0] - found[(lower.value, t)][0]) / games
            ok = low_high < up_low and step >= 0.12
            separated = separated and ok
            print(f"vs {team}: {lower.value} -> {upper.value}: +{step:.1%}, intervals "
                  f"{'apart' if low_high < up_low else 'OVERLAP'}"
                  f"{'' if step >= 0.12 else ' (step under 12 points)'}")
    seconds = [s for *_, times in results for s in times]
    print("\n" + describe_ms("Guardian turn decision (all levels, CPU time)", seconds))
    worst = percentile(seconds, 0.99) * 1000
    print(f"p99 {worst:.2f} ms: {'ok' if worst < TARGET_P99_MS else 'OVER'} "
          f"(goal < {TARGET_P99_MS:.0f} ms; issue 16's goal < 5 ms: "
          f"{'ok' if worst < 5 else 'over'})")
    print("levels " + ("separated" if separated else "NOT separated") + " for every team")
    return separated


def print_calibration() -> None:
    print("CALIBRATION: dict[tuple[int, int], Calibration] = {")
    for size in (5, 4):
        for colours in (3, 2):
            found = calibrate(random.Random(CALIBRATION_SEED), size, colours, CALIBRATION_SAMPLES)
            print(f"    ({size}, {colours}): Calibration({found.means}, {found.spreads}, "
                  f"{found.easy_below}, {found.hard_above}),")
    print("}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=1000, help="simulated games per cell")
    parser.add_argument("--jobs", type=int, default=1, help="processes (2 for the full run)")
    parser.add_argument("--measures", action="store_true", help="the maze measures table")
    parser.add_argument("--mazes", type=int, default=10_000, help="mazes per level and size")
    parser.add_argument("--calibrate", action="store_true", help="print the CALIBRATION table")
    args = parser.parse_args()
    if args.calibrate:
        print_calibration()
        return
    if args.measures:
        for size in (5, 4):
            measures_table(size, args.mazes)
        print(f"\nColour tiles: {', '.join(c.name for c in Colour)}; bands in "
              "generate.CALIBRATION")
        return
    sys.exit(0 if play_table(args.games, args.jobs) else 1)


if __name__ == "__main__":
    main()
