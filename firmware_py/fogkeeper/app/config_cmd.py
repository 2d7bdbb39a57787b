"""``fogkeeper config check FILE``: load a config file and say whether the box would accept it."""

from __future__ import annotations

import argparse
from pathlib import Path

from fogkeeper.config import load_config, schema_table


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
    config = load_config(args.file)
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
    return 0
