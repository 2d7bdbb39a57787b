"""The maze measures per difficulty level over 10,000 generated mazes a level (markdown).

Also the scripted team's results per level against both Guardians, to show the levels
matter in play. ``--calibrate`` re-measures the raw generator and prints the CALIBRATION
table that rules/fogsite/generate.py holds.
Usage: fogsite_difficulty.py [--mazes N] [--games N] [--calibrate]
"""

from __future__ import annotations

import argparse
import random
import statistics

from fogkeeper.data.fogsite import load_fogsite_options
from fogkeeper.rules.fogsite import Colour, Difficulty, Side, generate_maze, simulate
from fogkeeper.rules.fogsite.generate import calibrate, difficulty_score, generate_measured
from fogkeeper.rules.fogsite.measure import MEASURE_NAMES, MazeMeasures
from fogkeeper.rules.fogsite.players import GENTLE, HUNTER
from fogkeeper.rules.fogsite.sim import MapperTeam

CALIBRATION_SEED = 20240
CALIBRATION_SAMPLES = 20_000


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


def play_table(games: int) -> None:
    options = load_fogsite_options()
    print(f"\nScripted team (MapperTeam), 5x5, {games} games a cell: Guardian win rate\n")
    print("| Guardian | " + " | ".join(level.value for level in Difficulty) + " |")
    print("|---|" + "---|" * len(Difficulty))
    for player in (GENTLE, HUNTER):
        cells = []
        for level in Difficulty:
            wins = sum(
                simulate(generate_maze(seed, difficulty=level), player, MapperTeam(),
                         random.Random(seed), options).winner is Side.GUARDIAN
                for seed in range(games)
            )
            cells.append(f"{wins / games:.1%}")
        print(f"| {player.name} | " + " | ".join(cells) + " |")


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
    parser.add_argument("--mazes", type=int, default=10_000, help="mazes per level and size")
    parser.add_argument("--games", type=int, default=300, help="simulated games per cell")
    parser.add_argument("--calibrate", action="store_true", help="print the CALIBRATION table")
    args = parser.parse_args()
    if args.calibrate:
        print_calibration()
        return
    for size in (5, 4):
        measures_table(size, args.mazes)
    if args.games:
        play_table(args.games)
    print(f"\nColour tiles: {', '.join(c.name for c in Colour)}; bands in generate.CALIBRATION")


if __name__ == "__main__":
    main()
