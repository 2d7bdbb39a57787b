"""``fogkeeper maze check FILE``: read a FOGSITE maze file and say whether it is valid."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from fogkeeper.rules.fogsite.maze_text import MazeFormatError, parse_maze
from fogkeeper.rules.fogsite.validate import maze_counts, validate_maze

EXIT_VALID = 0
EXIT_INVALID = 1
EXIT_UNREADABLE = 2


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Add the ``maze`` sub-subcommands (``check`` for now) to the ``maze`` parser."""
    actions = parser.add_subparsers(dest="maze_action", metavar="ACTION", required=True)
    check = actions.add_parser(
        "check", help="validate a maze file (rules I, II, III; Easy Rule 4x4)",
        description="Rows of R G B . # (one row a line, spaces optional, ';' starts a comment).",
    )
    check.add_argument("file", type=Path, metavar="FILE", help="the maze text file")


def _check(path: Path) -> int:
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        reason = error.strerror if isinstance(error, OSError) else "not UTF-8 text"
        print(f"{path}: cannot read: {reason}", file=sys.stderr)
        return EXIT_UNREADABLE
    try:
        maze = parse_maze(text)
    except MazeFormatError as error:
        where = f"{path}:{error.line}" if error.line else str(path)
        print(f"{where}: {error.reason}", file=sys.stderr)
        return EXIT_UNREADABLE
    violations = validate_maze(maze)
    if violations:
        print(f"{path}: INVALID ({len(violations)} rule(s) broken)")
        for violation in violations:
            print(f"  {violation.describe()}")
        return EXIT_INVALID
    counts = maze_counts(maze)
    colours = ", ".join(f"{colour.name} {cell.name}" for colour, cell in counts.colour_cells)
    print(f"{path}: OK {counts.size}x{counts.size}, {counts.inner_walls} Inner Walls, "
          f"{counts.street_cells} Street spaces, Colour tiles: {colours}")
    return EXIT_VALID


def run(args: argparse.Namespace) -> int:
    """Run the chosen ``maze`` action; exit 0 valid, 1 invalid, 2 unreadable or malformed."""
    if args.maze_action == "check":
        return _check(args.file)
    raise AssertionError(f"unknown maze action {args.maze_action!r}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="fogkeeper maze", description="FOGSITE mazes")
    add_arguments(parser)
    return run(parser.parse_args(argv))
