"""Mazes generated per second, per size and difficulty level (target: over 10,000 a second a
row; the standard game row, 5x5 with three Colour tiles, over 12,000).

Each row's figure is whole `generate_measured` calls: raw candidates drawn until one lands in
the level's band, then measured. The standard row is then given on its own, every level
together: once by `generate_measured`, once by `generate_maze` (the box's own path: no
measures kept) on 128-bit seeds as the box draws them. Usage: fogsite_generate.py [--mazes N]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import reference
from fogkeeper.flow.fogsite.box import BOX_SEED_BITS
from fogkeeper.rules.fogsite import Colour, Difficulty, generate_maze, generate_measured

TARGET_PER_SECOND = 10_000
STANDARD_TARGET_PER_SECOND = 12_000  # issue 29: 5x5, three Colour tiles
STANDARD = (5, tuple(Colour))

Generator = Callable[[int, int, Difficulty, Sequence[Colour]], object]


def rate(generate: Generator, seeds: Sequence[int], size: int, level: Difficulty,
         colours: tuple[Colour, ...]) -> float:
    started = time.process_time()  # CPU time: a busy machine's other jobs are not counted
    for seed in seeds:
        generate(seed, size, level, colours)
    return len(seeds) / (time.process_time() - started)


def together(rates: Sequence[float]) -> float:
    """Rows of equal maze counts as one: their mazes over their summed time."""
    return len(rates) / sum(1 / r for r in rates)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--mazes", type=int, default=5000, help="mazes per row (default 5000)")
    args = parser.parse_args()
    ref = reference.measure()
    print(ref.describe())
    print(f"| size | Colour tiles | level | mazes/s (over {args.mazes}) | ref a maze | target |")
    print("|---|---|---|---|---|---|")
    small_seeds = range(args.mazes)
    rates: list[float] = []
    standard: list[float] = []
    for size in (5, 4):
        for colours in (tuple(Colour), (Colour.RED, Colour.BLUE)):
            for level in Difficulty:
                per_second = rate(generate_measured, small_seeds, size, level, colours)
                rates.append(per_second)
                if (size, colours) == STANDARD:
                    standard.append(per_second)
                verdict = "ok" if per_second > TARGET_PER_SECOND else "SLOW"
                print(f"| {size}x{size} | {len(colours)} | {level.value} | {per_second:,.0f} |"
                      f" {ref.ratio(1 / per_second):.5f} | {verdict} |")
    print(ref.rate("all rows together", together(rates), "mazes"))

    public = random.Random(29)  # the box draws from its secret stream; a bench needs no secret
    box_seeds = [public.getrandbits(BOX_SEED_BITS) for _ in range(args.mazes)]
    size, colours = STANDARD
    box = [rate(generate_maze, box_seeds, size, level, colours) for level in Difficulty]
    for name, figures in (("generate_measured", standard), ("generate_maze, box seeds", box)):
        per_second = together(figures)
        verdict = "ok" if per_second > STANDARD_TARGET_PER_SECOND else "SLOW"
        print(ref.rate(f"standard row (5x5, 3 Colour tiles, every level), {name}", per_second,
                       "mazes") + f" [target {STANDARD_TARGET_PER_SECOND:,}: {verdict}]")


if __name__ == "__main__":
    main()
