"""``fogkeeper maze check FILE`` validates a FOGSITE maze; ``maze new`` generates one."""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

from fogkeeper.errors import RulesError, cannot_read
from fogkeeper.rules.fogsite.generate import Difficulty, difficulty_score, generate_measured
from fogkeeper.rules.fogsite.maze import EASY_SIZE, NORMAL_SIZE, Colour
from fogkeeper.rules.fogsite.maze_text import MazeFormatError, format_maze, parse_maze
from fogkeeper.rules.fogsite.measure import MEASURE_NAMES
from fogkeeper.rules.fogsite.validate import maze_counts, validate_maze

EXIT_VALID = 0
EXIT_INVALID = 1
EXIT_UNREADABLE = 2
EXIT_BAD_REQUEST = 2
MAX_SEED = 2**128 - 1  # the box draws its maze seeds from the same range (128 bits)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Add the ``maze`` sub-subcommands (``check``, ``new``) to the ``maze`` parser."""
    actions = parser.add_subparsers(dest="maze_action", metavar="ACTION", required=True)
    check = actions.add_parser(
        "check", help="validate a maze file (rules I, II, III; Easy Rule 4x4)",
        description="Rows of R G B . # (one row a line, spaces optional, ';' starts a comment).",
    )
    check.add_argument("file", type=Path, metavar="FILE", help="the maze text file")
    new = actions.add_parser(
        "new", help="generate a valid maze and print it with its measures",
        description="Prints the maze in the text format `maze check` reads; the measures and "
                    "the seed are comment lines. Secret: show it to the Guardian only.",
    )
    new.add_argument("--seed", type=int, default=None,
                     help=f"same seed, same maze: 0 to {MAX_SEED} (default: a random seed, "
                          "printed)")
    new.add_argument("--size", type=int, choices=(NORMAL_SIZE, EASY_SIZE), default=NORMAL_SIZE,
                     help="5 (normal game) or 4 (Easy Rule)")
    new.add_argument("--difficulty", choices=[d.value for d in Difficulty],
                     default=Difficulty.NORMAL.value, help="measured difficulty level")
    new.add_argument("--colours", default="RGB", metavar="LETTERS",
                     help="Colour tiles in play: RGB (3 Investigators) or two of the letters")


def _check(path: Path) -> int:
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        print(f"fogkeeper maze: {cannot_read(path, error)}", file=sys.stderr)
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


def _colours(letters: str) -> tuple[Colour, ...]:
    try:
        return tuple(Colour(letter) for letter in letters.upper())
    except ValueError:
        raise RulesError(f"--colours {letters!r}: use the letters R, G, B") from None


def _new(args: argparse.Namespace) -> int:
    seed = random.SystemRandom().randint(0, MAX_SEED) if args.seed is None else args.seed
    if not 0 <= seed <= MAX_SEED:
        print(f"maze new: --seed {seed}: a seed is a whole number from 0 to {MAX_SEED}",
              file=sys.stderr)
        return EXIT_BAD_REQUEST
    difficulty = Difficulty(args.difficulty)
    try:
        colours = _colours(args.colours)
        maze, measures = generate_measured(seed, args.size, difficulty, colours)
    except RulesError as error:
        print(f"maze new: {error}", file=sys.stderr)
        return EXIT_BAD_REQUEST
    score = difficulty_score(measures, args.size, len(colours))
    letters = "".join(colour.value for colour in colours)
    print(f"; fogkeeper maze new --seed {seed} --size {args.size} "
          f"--difficulty {difficulty.value} --colours {letters}")
    for name in MEASURE_NAMES:
        value = getattr(measures, name)
        print(f"; {name}: {value:.2f}" if isinstance(value, float) else f"; {name}: {value}")
    print(f"; difficulty_score: {score:+.2f} ({difficulty.value})")
    print(format_maze(maze), end="")
    return EXIT_VALID


def run(args: argparse.Namespace) -> int:
    """Run the chosen ``maze`` action; exit 0 valid, 1 invalid, 2 unreadable or malformed."""
    if args.maze_action == "check":
        return _check(args.file)
    if args.maze_action == "new":
        return _new(args)
    raise AssertionError(f"unknown maze action {args.maze_action!r}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="fogkeeper maze", description="FOGSITE mazes")
    add_arguments(parser)
    return run(parser.parse_args(argv))
