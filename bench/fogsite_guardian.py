"""Guardian turn decision time (gentle, hunter) and the win-rate table of simulated games.

Both Guardians play the same normal-level mazes and seeds against the same scripted team
(MapperTeam: maps from its Colour tiles, fits the sheets together, gathers, escapes).
Target here: decision p99 under 5 ms. Usage: fogsite_guardian.py [--games N] [--quick]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import reference
from common import describe_ms, percentile
from fogkeeper.data.fogsite import load_fogsite_options
from fogkeeper.rules.fogsite import (
    Colour,
    Difficulty,
    GameState,
    GuardianMove,
    Maze,
    Options,
    Side,
    generate_maze,
    simulate,
)
from fogkeeper.rules.fogsite.players import GENTLE, HUNTER, GuardianPlayer, GuardianSetup
from fogkeeper.rules.fogsite.sim import GameResult, MapperTeam

QUICK_GAMES = 100
TARGET_P99_MS = 5.0


class Timed:
    """Wraps a Guardian player and keeps the time of every turn decision."""

    def __init__(self, inner: GuardianPlayer) -> None:
        self.inner = inner
        self.seconds: list[float] = []
        self.arrows: list[int] = []

    @property
    def name(self) -> str:
        return self.inner.name

    def choose_setup(self, maze: Maze, colours: Sequence[Colour], options: Options,
                     rng: random.Random) -> GuardianSetup:
        return self.inner.choose_setup(maze, colours, options, rng)

    def choose_turn(self, state: GameState, rng: random.Random) -> tuple[GuardianMove, ...]:
        started = time.thread_time()  # CPU time: what the decision costs the processor
        moves = self.inner.choose_turn(state, rng)
        self.seconds.append(time.thread_time() - started)
        self.arrows.append(state.visible_arrows)
        return moves


def play(player: Timed, options: Options, games: int) -> list[GameResult]:
    team = MapperTeam()
    return [simulate(generate_maze(seed, difficulty=Difficulty.NORMAL), player, team,
                     random.Random(seed), options) for seed in range(games)]


def win_row(name: str, results: list[GameResult]) -> str:
    games = len(results)
    guardian = sum(r.winner is Side.GUARDIAN for r in results) / games
    rounds = statistics.fmean(r.rounds for r in results)
    attacked = statistics.fmean(r.intruders_attacked for r in results)
    return (f"| {name} | {games} | {guardian:.1%} | {1 - guardian:.1%} | {rounds:.1f} |"
            f" {attacked:.2f} |")


def timing_lines(player: Timed, label: str) -> list[str]:
    lines = [describe_ms(f"{label} turn decision (all)", player.seconds)]
    for arrows in sorted(set(player.arrows)):
        picked = [s for s, a in zip(player.seconds, player.arrows, strict=True) if a == arrows]
        lines.append("  " + describe_ms(f"{arrows} arrow(s)", picked))
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=1000, help="games per Guardian")
    parser.add_argument("--quick", action="store_true", help=f"smoke run: {QUICK_GAMES} games")
    args = parser.parse_args()
    games = QUICK_GAMES if args.quick else args.games
    options = load_fogsite_options()
    rows, timed = [], []
    for player in (GENTLE, HUNTER):
        wrapped = Timed(player)
        rows.append(win_row(player.name, play(wrapped, options, games)))
        timed.append(wrapped)
    print("| Guardian | games | Guardian wins | Investigators win | rounds | attacked a game |")
    print("|---|---|---|---|---|---|")
    print("\n".join(rows))
    print()
    for wrapped in timed:
        print("\n".join(timing_lines(wrapped, wrapped.name)))
    # G1 adds an arrow: up to 4 straight moves, the hunter's largest search.
    g1 = Timed(HUNTER)
    play(g1, options.with_game(frozenset({"G1"})), max(games // 5, 20))
    print("\n".join(timing_lines(g1, "hunter with G1")))
    worst = max(percentile(w.seconds, 0.99) * 1000 for w in (*timed, g1))
    print(f"worst p99 {worst:.2f} ms: {'ok' if worst < TARGET_P99_MS else 'OVER'} "
          f"(target < {TARGET_P99_MS:.0f} ms)")
    ref = reference.measure()
    print(ref.describe())
    print(ref.ms("worst turn decision p99", worst / 1000))


if __name__ == "__main__":
    main()
