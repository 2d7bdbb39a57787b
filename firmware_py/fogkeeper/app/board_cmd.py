"""`fogkeeper board NAME [--set KEY=VALUE ...] [--confirm] [--data DIR]`: the owner's board.

Lists every value the box uses for board S, F, M or L, marked printed (the rulebook gives
it), assumed (the box's guess from the board's pictures; for a solo scenario played on the
board, "assumed: copy your sheet"), corrected (the owner's) or checked (the owner confirmed
the board). `--set` corrects values, `--confirm` says every value now
matches the board on the table. Corrections live in the data folder
(`<data>/fog/boards/<name>.json`), so they survive a reinstall of the software.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from fogkeeper.data.fog import (
    BOARD_NAMES,
    OWNER_ENV,
    board_status,
    checked_board,
    load_cards,
    owner_board_document,
    owner_file,
    read_owner_board,
)
from fogkeeper.errors import ConfigError
from fogkeeper.rules.fog import assumed


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Declare the subcommand's arguments on `parser`."""
    parser.add_argument("name", choices=BOARD_NAMES, help="the board: S, F, M or L")
    parser.add_argument("--set", action="append", default=[], metavar="KEY=VALUE",
                        help="correct a value (rows and FOG track fields as letters: E,F)")
    parser.add_argument("--confirm", action="store_true",
                        help="every value now matches the board on the table")
    parser.add_argument("--data", type=Path, help="the box's data folder (default: "
                        f"${OWNER_ENV} or ~/.local/share/fogkeeper)")


def save(name: str, confirmed: bool, values: dict[str, assumed.Value]) -> Path:
    """Write the owner's file whole (temp file, fsync, rename): a pulled plug leaves the old
    one or the new one, never half of each. StorageError when the disk refuses."""
    from fogkeeper.app.store import JsonStore

    path = owner_file("boards", f"{name}.json")
    JsonStore(path).save(owner_board_document(confirmed, values))
    return path


def run(args: argparse.Namespace) -> int:
    """Show the board; with --set / --confirm, record the owner's word first (checked whole)."""
    if args.data is not None:
        os.environ[OWNER_ENV] = str(args.data)
    name: str = args.name
    owner = read_owner_board(name)
    values = dict(owner.values)
    for item in args.set:
        key, sep, text = item.partition("=")
        if not sep:
            raise ConfigError(f"--set {item!r}: write KEY=VALUE, e.g. row_value.D=-6")
        values[key.strip()] = assumed.parse_value(key.strip(), text.strip())
    if args.set or args.confirm:
        checked_board(name, values)        # refused whole, before anything is written
        print(f"saved in {save(name, owner.confirmed or args.confirm, values)}")
    rows = board_status(name)
    width = max(len(v.key) for v, _ in rows) + 2
    print(f"Board {name}: " + ("checked by the owner" if read_owner_board(name).confirmed else
                               "values marked 'assumed' are the box's guesses: check them"))
    for value, what in rows:
        words = assumed.status_words(value.key, what)
        print(f"  {value.key.ljust(width)}{value.shown():>8}  {words}")
    guessed = [c for c in load_cards().fog if c.steps_assumed]
    if guessed:  # the rulebook prints "0/2": the table enters what its card shows
        print("FOG cards (any board): the rulebook prints only the steps a card may show")
        for card in guessed:
            shown = "/".join(str(n) for n in card.printed_steps)
            print(f"  {card.card_id.ljust(width)}{card.steps:>8}  assumed (the card shows "
                  f"{shown}: enter what yours shows)")
    return 0


def main(argv: list[str] | None = None) -> int:
    """Run the subcommand on its own."""
    parser = argparse.ArgumentParser(prog="fogkeeper board", description=__doc__)
    add_arguments(parser)
    return run(parser.parse_args(argv))


if __name__ == "__main__":
    sys.exit(main())
