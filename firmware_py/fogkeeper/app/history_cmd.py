"""`fogkeeper history [--data DIR] [--json]`: past games of The FOG from the box's records."""

from __future__ import annotations

import argparse
import json
import os
import sys
from dataclasses import asdict
from pathlib import Path

from fogkeeper.data.fog import OWNER_ENV, owner_dir
from fogkeeper.data.fog_history import past_games, solo_bests


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Declare the subcommand's arguments on `parser`."""
    parser.add_argument("--data", type=Path, help="the box's data folder (default: "
                        f"${OWNER_ENV} or ~/.local/share/fogkeeper)")
    parser.add_argument("--json", action="store_true", help="print the history as JSON")


def run(args: argparse.Namespace) -> int:
    """List every past game, then the best solo score per scenario."""
    if args.data is not None:
        os.environ[OWNER_ENV] = str(args.data)
    games = past_games(owner_dir())
    bests = solo_bests(games)
    if args.json:
        print(json.dumps({"games": [asdict(g) for g in games],
                          "solo_best": [asdict(b) for b in bests]}, indent=2))
        return 0
    if not games:
        print(f"No game of The FOG recorded yet in {owner_dir() / 'records'}.")
        return 0
    print("Date              Board  Scores                                  Winner")
    for g in games:
        if g.problem:
            print(f"{g.date:<18}{'?':<7}not scored: {g.problem}")
            continue
        scores = ", ".join(f"{name} {score}" for name, score in g.scores)
        winner = g.level if g.mode == "solo" else ", ".join(g.winners)
        print(f"{g.date:<18}{g.board:<7}{scores:<40}{winner}")
    if bests:
        print("\nSolo, best per scenario:")
        for b in bests:
            print(f"  {b.scenario} (board {b.board}): {b.score} RP, {b.level} "
                  f"({b.games} game{'s' if b.games != 1 else ''})")
    return 0


def main(argv: list[str] | None = None) -> int:
    """Run the subcommand on its own."""
    parser = argparse.ArgumentParser(prog="fogkeeper history", description=__doc__)
    add_arguments(parser)
    return run(parser.parse_args(argv))


if __name__ == "__main__":
    sys.exit(main())
