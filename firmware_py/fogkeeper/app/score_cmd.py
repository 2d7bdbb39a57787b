"""`fogkeeper score FILE [--json] [--lenient]`: The FOG's final scoring from a game record."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TextIO

from fogkeeper.data.fog import load_rules
from fogkeeper.errors import FogkeeperError, cannot_read
from fogkeeper.rules.fog import Result, load_record, score_record
from fogkeeper.rules.fog.assumed import level_basis
from fogkeeper.rules.fog.scoring import LABELS

EXIT_OK = 0
EXIT_REFUSED = 2


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Declare the subcommand's arguments on `parser`."""
    parser.add_argument("file", type=Path, help="a game record (JSON) written by the box")
    parser.add_argument("--json", action="store_true", help="print the result as JSON")
    parser.add_argument("--lenient", action="store_true",
                        help="score a record that breaks the rules and list the warnings")


def run(args: argparse.Namespace) -> int:
    """Score the record; 0 on success, 2 with one message on stderr if it is refused."""
    path: Path = args.file
    try:
        record = load_record(path.read_text(encoding="utf-8"))
        result = score_record(record, load_rules(record.board), lenient=args.lenient)
    except (OSError, UnicodeDecodeError) as exc:
        print(f"fogkeeper score: {cannot_read(path, exc)}", file=sys.stderr)
        return EXIT_REFUSED
    except FogkeeperError as exc:
        print(f"fogkeeper score: {path}: {exc}", file=sys.stderr)
        return EXIT_REFUSED
    if args.json:
        print(json.dumps(result.to_dict(), indent=2))
    else:
        write_table(result, sys.stdout)
    return EXIT_OK


def _row(cells: Sequence[str], widths: Sequence[int]) -> str:
    first, *rest = cells
    return (first.ljust(widths[0]) + "".join(c.rjust(w) for c, w in
                                             zip(rest, widths[1:], strict=True))).rstrip()


def write_table(result: Result, out: TextIO) -> None:
    """The breakdown per colour and category, then ranks and winners, as plain text."""
    colours = [c for p in result.players for c in p.colours]
    names = [c.colour for c in colours]
    used = [k for k in LABELS if any(k in dict(c.categories) for c in colours)]
    widths = [max(len(LABELS[k]) for k in used) + 2, *(max(len(n), 5) + 2 for n in names)]
    out.write(f"The FOG - final scoring (board {result.board}, {result.mode})\n\n")
    out.write(_row(["Category", *names], widths) + "\n")
    for key in used:
        out.write(_row([LABELS[key], *(str(c.category(key)) for c in colours)], widths) + "\n")
    out.write(_row(["Total", *(str(c.total) for c in colours)], widths) + "\n\n")
    out.write("Rank  Player (colours)  Score  Missions  Lost  Commoners rescued\n")
    for p in sorted(result.players, key=lambda p: (p.rank, p.name)):
        who = f"{p.name} ({', '.join(c.colour for c in p.colours)})"
        missions = sum(m.rp for m in p.missions)
        out.write(f"{p.rank:<6}{who:<18}{p.score:>5}  {missions:>8}  {p.lost:>4}  "
                  f"{p.commoners_rescued:>17}\n")
    for t in sorted(result.teams, key=lambda t: t.rank):
        out.write(f"Team {' + '.join(t.members)}: {t.score} (rank {t.rank})\n")
    shared = " (shared victory)" if result.shared_victory else ""
    out.write(f"\nWinner: {', '.join(result.winners)}{shared}\n")
    if result.level:
        out.write(f"Rescue level: {result.level}\n")
        out.write(f"  {level_basis(result.level_assumed)}\n")
    for title, lines in (("Warnings (scored anyway)", result.warnings),
                         ("Notes", result.notes)):
        if lines:
            out.write(f"\n{title}:\n" + "".join(f"- {line}\n" for line in lines))


def main(argv: list[str] | None = None) -> int:
    """Run the subcommand on its own (tests, `python -m fogkeeper.app.score_cmd`)."""
    parser = argparse.ArgumentParser(prog="fogkeeper score", description=__doc__)
    add_arguments(parser)
    return run(parser.parse_args(argv))


if __name__ == "__main__":
    sys.exit(main())
