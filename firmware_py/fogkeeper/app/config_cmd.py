"""``fogkeeper config check FILE``: load a config file and say whether the box would accept it."""

from __future__ import annotations

import argparse
import os
from pathlib import Path

from fogkeeper.config import data_dir, load_config, schema_table


def add_arguments(parser: argparse.ArgumentParser) -> None:
    sub = parser.add_subparsers(dest="action", required=True, metavar="ACTION")
    check = sub.add_parser("check", help="check a config file and print its summary")
    check.add_argument("file", type=Path)
    sub.add_parser("keys", help="print every key with its default and allowed values")


def run(args: argparse.Namespace) -> int:
    """Exit 0 and a summary when the file is good; a ConfigError (exit 2) names what is wrong."""
    if args.action == "keys":
        print(schema_table(), end="")
        return 0
    from fogkeeper.app.run import check_data_folder, check_modules, pin_exposure

    config = load_config(args.file)
    # what `run` refuses, `config check` refuses too (the folder judged, not made)
    check_modules(config)
    check_data_folder(config, create=False)
    os.environ.setdefault("FOGKEEPER_DATA_DIR", str(data_dir(config)))  # the owner's files
    d, i = config.display, config.inputs
    print(f"{args.file}: OK")
    print(f"  display {d.driver} over {d.interface}, rotation {d.rotation}")
    wired = ", ".join(f"{b}={getattr(i, b)}" for b in
                      ("up", "down", "left", "right", "press", "key1", "key2", "key3")
                      if getattr(i, b) >= 0)
    print(f"  inputs {wired}; hold {i.hold_seconds} s")
    print(f"  buzzer {config.buzzer.kind}; link {config.link.port or 'none'}")
    print(f"  PIN {'set' if config.security.pin else 'not set'}; "
          f"data in {config.storage.data_dir}")
    exposed = pin_exposure(config, args.file)
    if exposed is not None:
        print(f"  warning: {exposed}")  # the file is still good: exit 0, as run starts
    check_game_data()
    return 0


def check_game_data() -> None:
    """Load every game's shipped data so a broken board, deck or option file shows now, and
    name each of the owner's own files the box would leave aside (it plays on without)."""
    from fogkeeper.data.corps import (
        CORPS_CHAPTER_FILE,
        load_corps_options,
        owner_monsters_problem,
    )
    from fogkeeper.data.fog import BOARD_NAMES, load_rules, owner_problems
    from fogkeeper.data.fogsite import fogsite_config_path, load_fogsite_options

    for board in BOARD_NAMES:
        load_rules(board)
    print(f"  The FOG: boards {', '.join(BOARD_NAMES)} and the Uncertainty decks OK")
    problems = dict.fromkeys(str(p) for board in BOARD_NAMES for p in owner_problems(board))
    load_fogsite_options()
    print(f"  FOGSITE: {fogsite_config_path().name} OK")
    load_corps_options()
    print(f"  Corps of Discovery: {CORPS_CHAPTER_FILE.as_posix()} OK")
    monsters = owner_monsters_problem()
    if monsters is not None:
        problems[monsters] = None
    for problem in problems:
        print(f"  warning: {problem}: left aside, the shipped data is used (the file is kept)")
