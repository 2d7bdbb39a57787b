"""``fogkeeper diagram``: draw each state machine's table with transitions' GraphMachine."""

from __future__ import annotations

import argparse
import shutil
from pathlib import Path
from typing import Any

from fogkeeper.errors import FogkeeperError


def machines() -> dict[str, tuple[list[Any], list[dict[str, Any]], Any]]:
    """Every flow's (states, transition table, initial state), by name."""
    from fogkeeper.flow import app, corps, fog, hourglass
    from fogkeeper.flow.corps_model import CorpsScreen
    from fogkeeper.flow.fog_model import FogScreen
    from fogkeeper.flow.fogsite.table import GAME_PATH, ROWS, Stage
    from fogkeeper.flow.tables import expand

    return {
        "app": (list(app.Screen), expand(app.TRANSITIONS), app.Screen.HOME),
        "hourglass": (list(hourglass.Phase), hourglass.TRANSITIONS, hourglass.Phase.READY),
        "fog": (list(FogScreen), expand(fog.TRANSITIONS), FogScreen.SETUP),
        # the game's path alone, without the quit prompt and notices every screen shares
        "fog-path": (list(FogScreen), expand(fog.GAME_PATH), FogScreen.SETUP),
        "fogsite": (list(Stage), ROWS, Stage.SETUP_MENU),
        # the game's path alone, without the asides (peek, quit)
        "fogsite-path": (list(Stage), GAME_PATH, Stage.SETUP_MENU),
        "corps": (list(CorpsScreen), expand(corps.TRANSITIONS), CorpsScreen.MODE),
    }


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--out", type=Path, default=Path("docs/diagrams"),
                        help="folder for the .dot and .png files (default docs/diagrams)")
    parser.add_argument("names", nargs="*", help="machines to draw (default: all)")


def graph_source(name: str) -> str:
    """The DOT text of one machine, as transitions draws it."""
    from transitions.extensions import GraphMachine

    states, table, initial = machines()[name]
    model = type(f"{name}_model", (), {})()
    machine = GraphMachine(model=model, states=states, transitions=table, initial=initial,
                           auto_transitions=False, graph_engine="graphviz", title=name,
                           show_conditions=True)
    return str(machine.get_graph().source)


def run(args: argparse.Namespace) -> int:
    known = machines()
    names = args.names or sorted(known)
    unknown = [n for n in names if n not in known]
    if unknown:
        raise FogkeeperError(f"no machine named {', '.join(unknown)}; known: {', '.join(known)}")
    args.out.mkdir(parents=True, exist_ok=True)
    can_draw = shutil.which("dot") is not None
    for name in names:
        source = graph_source(name)
        (args.out / f"{name}.dot").write_text(source, encoding="utf-8")
        if can_draw:
            import graphviz

            graphviz.Source(source).render(outfile=args.out / f"{name}.png", format="png",
                                           cleanup=True)
        print(f"{name}: {args.out / name}.dot" + (" and .png" if can_draw else ""))
    if not can_draw:
        print("PNG needs Graphviz's dot program: apt-get install graphviz")
    return 0
