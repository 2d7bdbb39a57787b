"""``fogkeeper diagram``: draw each state machine as its flow builds it, with GraphMachine.

The states and rows come from the constructed ``transitions.Machine``, so a row added by
code (an aside, a generated row) is drawn as well as the ones in the table.
"""

from __future__ import annotations

import argparse
import shutil
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from transitions import Machine

from fogkeeper.errors import FogkeeperError

Drawn = tuple[list[Any], list[dict[str, Any]], Any]  # (states, one row a transition, initial)


class _Quiet:
    """The effects of a flow built only to be looked at: nothing happens, nothing is kept."""

    def sound(self, tune: str) -> None: ...
    def apply_settings(self, settings: Any) -> None: ...
    def emit(self, event: str, payload: Mapping[str, object]) -> None: ...

    def save_record(self, game: str, record: Mapping[str, object]) -> str:
        return ""

    def load_preset(self, game: str) -> Any:
        return None

    def save_preset(self, game: str, preset: Any) -> None: ...
    def set_aside_session(self, reason: str, what: str = "session") -> None: ...

    def keep_pin(self, digest: str) -> bool:
        return False

    def keep_board(self, name: str, confirmed: bool, values: dict[str, Any]) -> bool:
        return False


def built() -> dict[str, Callable[[], Machine]]:
    """Each flow's machine, built the way the box builds it, by name."""
    from fogkeeper.config import Config
    from fogkeeper.flow.app import App
    from fogkeeper.flow.game import GAMES, GameContext
    from fogkeeper.flow.hourglass import Hourglass
    from fogkeeper.flow.settings import Settings

    config = Config()

    def app() -> Machine:
        return App(config, _Quiet(), lambda: 0.0, settings=Settings()).machine

    def hourglass() -> Machine:
        return Hourglass(60, warn_at=(), players=1).machine

    def game(name: str) -> Callable[[], Machine]:
        def make() -> Machine:
            flow: Any = GAMES[name].make(GameContext(config, _Quiet(), lambda: 0.0))
            machine: Machine = flow.machine
            return machine
        return make

    return {"app": app, "hourglass": hourglass, **{name: game(name) for name in GAMES}}


def as_built(machine: Machine) -> Drawn:
    """The states, rows (one trigger and one source a row, in the order they are tried) and
    initial state of a constructed machine."""
    states = {name: state.value for name, state in machine.states.items()}
    auto = {f"to_{name}" for name in states} if machine.auto_transitions else set()
    rows: list[dict[str, Any]] = []
    for trigger, event in machine.events.items():
        if trigger in auto:
            continue
        for source, transitions in event.transitions.items():
            for t in transitions:
                rows.append({
                    "trigger": trigger, "source": states[source],
                    "dest": None if t.dest is None else states[t.dest],
                    "conditions": [c.func for c in t.conditions if c.target],
                    "unless": [c.func for c in t.conditions if not c.target],
                    "after": list(t.after)})
    assert machine.initial is not None  # every flow names its first screen
    return list(states.values()), rows, states[machine.initial]


def machines() -> dict[str, Drawn]:
    """Every flow's (states, rows, initial state), by name, as built; and two partial views."""
    from fogkeeper.flow.fog import table as fog
    from fogkeeper.flow.fog.table import FogScreen
    from fogkeeper.flow.fogsite import table as fogsite
    from fogkeeper.flow.tables import expand

    drawn = {name: as_built(make()) for name, make in built().items()}
    # partial views for reading: the game's path alone, without the asides every screen shares
    drawn["fog-path"] = (list(FogScreen), expand(fog.GAME_PATH), FogScreen.SETUP)
    drawn["fogsite-path"] = (list(fogsite.Stage), fogsite.GAME_PATH, fogsite.Stage.SETUP_MENU)
    return drawn


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
