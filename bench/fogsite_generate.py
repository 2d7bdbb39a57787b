"""Mazes generated per second, per size and difficulty level (target: over 10,000 a second).

Each figure is whole `generate_measured` calls: raw candidates drawn until one lands in the
level's band, then measured. Usage: fogsite_generate.py [--mazes N]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import reference
from fogkeeper.rules.fogsite import Colour, Difficulty, generate_measured

TARGET_PER_SECOND = 10_000


def rate(size: int, level: Difficulty, colours: tuple[Colour, ...], mazes: int) -> float:
    started = time.process_time()  # CPU time: a busy machine's other jobs are not counted
    for seed in range(mazes):
        generate_measured(seed, size, level, colours)
    return mazes / (time.process_time() - started)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--mazes", type=int, default=5000, help="mazes per row (default 5000)")
    args = parser.parse_args()
    ref = reference.measure()
    print(ref.describe())
    print(f"| size | Colour tiles | level | mazes/s (over {args.mazes}) | target |")
    print("|---|---|---|---|---|")
    rates: list[float] = []
    for size in (5, 4):
        for colours in (tuple(Colour), (Colour.RED, Colour.BLUE)):
            for level in Difficulty:
                per_second = rate(size, level, colours, args.mazes)
                rates.append(per_second)
                verdict = "ok" if per_second > TARGET_PER_SECOND else "SLOW"
                print(f"| {size}x{size} | {len(colours)} | {level.value} | {per_second:,.0f} |"
                      f" {verdict} |")

    overall = len(rates) / sum(1 / r for r in rates)  # every row's mazes over their time
    print(ref.rate("all rows together", overall, "mazes"))


if __name__ == "__main__":
    main()
