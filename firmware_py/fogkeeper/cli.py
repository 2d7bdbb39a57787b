"""The ``fogkeeper`` command: run the box, check config, score a game, talk to a box."""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

from fogkeeper import __version__
from fogkeeper.errors import FogkeeperError

# subcommand -> (module with add_arguments/run, one-line help)
COMMANDS = {
    "run": ("fogkeeper.app.run", "run the box (real parts, or --sim)"),
    "config": ("fogkeeper.app.config_cmd", "check a config file"),
    "diagram": ("fogkeeper.app.diagram_cmd", "draw the state machines as PNG/DOT"),
    "link": ("fogkeeper.link.client", "send one command to a running box"),
    "score": ("fogkeeper.app.score_cmd", "score a finished game of The FOG from its record"),
    "maze": ("fogkeeper.app.maze_cmd", "check a FOGSITE maze file or generate a new maze"),
    "selftest": ("fogkeeper.app.selftest",
                 "check a wired box: display, each control, buzzer, serial loopback"),
    "board": ("fogkeeper.app.board_cmd", "show, correct and confirm a board of The FOG"),
    "history": ("fogkeeper.app.history_cmd", "list past games of The FOG, solo bests"),
}


def parser(chosen: str | None = None) -> argparse.ArgumentParser:
    """The command line; only the chosen subcommand's module is imported (start-up time)."""
    top = argparse.ArgumentParser(prog="fogkeeper", description="The fogkeeper game-table box.")
    top.add_argument("--version", action="version", version=f"fogkeeper {__version__}")
    subs = top.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for name, (module, help_text) in COMMANDS.items():
        sub = subs.add_parser(name, help=help_text, description=help_text)
        if name == chosen:
            commands = importlib.import_module(module)
            commands.add_arguments(sub)
            sub.set_defaults(handler=commands.run)
    return top


def main(argv: Sequence[str] | None = None) -> int:
    words = list(sys.argv[1:] if argv is None else argv)
    chosen = next((w for w in words if not w.startswith("-")), None)
    args = parser(chosen).parse_args(words)
    try:
        status: int = args.handler(args)
    except FogkeeperError as exc:  # a user's mistake: one clear line, no traceback
        print(f"fogkeeper {args.command}: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # e.g. `fogkeeper ... | head`: the reader left, nothing is wrong
        return 0
    return status
