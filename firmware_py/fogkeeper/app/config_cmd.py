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
    from fogkeeper.app.run import check_modules

    config = load_config(args.file)
    check_modules(config)  # what `run` refuses, `config check` refuses too
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
    check_game_data()
    return 0


def check_game_data() -> None:
    """Load every game's shipped data so a broken board, deck or option file shows now."""
    import tomllib

    from fogkeeper.data.fog import BOARD_NAMES, load_rules
    from fogkeeper.data.fogsite import fogsite_config_path, load_fogsite_options
    from fogkeeper.errors import ConfigError
    from fogkeeper.paths import config_dir
    from fogkeeper.rules import corps

    for board in BOARD_NAMES:
        load_rules(board)
    print(f"  The FOG: boards {', '.join(BOARD_NAMES)} and the Uncertainty decks OK")
    load_fogsite_options()
    print(f"  FOGSITE: {fogsite_config_path().name} OK")
    chapter = config_dir() / "corps" / "chapter.toml"
    try:
        corps.options_from_mapping(tomllib.loads(chapter.read_text(encoding="utf-8")),
                                   str(chapter))
    except (OSError, tomllib.TOMLDecodeError, corps.CorpsError, ValueError) as exc:
        raise ConfigError(f"{chapter}: {exc}") from None
    print("  Corps of Discovery: corps/chapter.toml OK")
