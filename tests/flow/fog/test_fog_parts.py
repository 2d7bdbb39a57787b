"""The FOG's flow as parts: each trigger declared once (``Go``), fired only by its name, and
every row's callback bound to a part's method when the machine is built."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from fogkeeper.config import Config
from fogkeeper.flow.fog import FogFlow
from fogkeeper.flow.fog import flow as fog_flow
from fogkeeper.flow.fog.table import GAME_PATH, FogScreen, Go, back_to
from fogkeeper.flow.game import GameContext
from fogkeeper.flow.tables import Work, bind_rows
from support.effects import Effects

PACKAGE = Path(fog_flow.__file__).parent
# the only calls that fire a trigger by a computed name: the flow's ``fire`` (typed ``Go``),
# a control's own name (a button where the button alone changes the screen) and the asides'
# way back to a screen
COMPUTED = {("FogFlow", "fire"), ("Controls", "press"), ("Controls", "go_back")}
MOST_METHODS = 40
# what FogFlow itself keeps: the GameFlow protocol and the wiring of its parts
FLOW_METHODS = {"__init__", "fire", "trigger", "handle", "frame", "tick", "next_deadline",
                "snapshot", "restore", "public_state", "commands"}


def fresh() -> FogFlow:
    return FogFlow(GameContext(Config(), Effects(), lambda: 0.0), seed=1)


def fired(source: str) -> list[str]:
    """Each trigger fired in ``source`` that is not named by ``Go``: a ``.fire`` or
    ``.trigger`` call whose argument is not ``Go.<member>``, outside the COMPUTED places."""
    wrong: list[str] = []

    def visit(node: ast.AST, where: tuple[str, ...]) -> None:
        if isinstance(node, ast.ClassDef | ast.FunctionDef):
            where = (*where, node.name)
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                and node.func.attr in ("fire", "trigger") and node.args
                and tuple(where[-2:]) not in COMPUTED):
            arg = node.args[0]
            named = (isinstance(arg, ast.Attribute) and isinstance(arg.value, ast.Name)
                     and arg.value.id == "Go" and arg.attr in Go.__members__)
            if not named:
                wrong.append(f"{'.'.join(where)}: {ast.unparse(node)}")
        for child in ast.iter_child_nodes(node):
            visit(child, where)

    visit(ast.parse(source), ())
    return wrong


def methods_by_class(source: str) -> dict[str, set[str]]:
    """Each class's methods: the ``def`` lines directly in its body (properties included)."""
    return {node.name: {d.name for d in node.body if isinstance(d, ast.FunctionDef)}
            for node in ast.walk(ast.parse(source)) if isinstance(node, ast.ClassDef)}


def modules() -> dict[str, str]:
    return {path.name: path.read_text(encoding="utf-8") for path in sorted(PACKAGE.glob("*.py"))}


def test_every_trigger_of_the_table_is_declared_and_every_declared_one_is_in_the_table() -> None:
    triggers = set(fresh().machine.events)
    asides = {back_to(screen) for screen in FogScreen}
    assert triggers - asides - set(Go) == set()
    assert set(Go) - triggers == set()


def test_every_row_of_the_game_names_its_trigger_by_go() -> None:
    plain = [row for row in GAME_PATH
             for go in (row["trigger"] if isinstance(row["trigger"], list) else [row["trigger"]])
             if not isinstance(go, Go)]
    assert plain == []


def test_every_trigger_fired_is_named_by_go() -> None:
    wrong = [f"{name}: {call}" for name, source in modules().items() for call in fired(source)]
    assert wrong == []


def test_the_check_catches_a_trigger_fired_by_its_words() -> None:
    source = ("class Rounds:\n"
              "    def close(self):\n"
              "        self.flow.fire('start')\n"
              "        self.flow.fire(Go.STRAT)\n"
              "        self.flow.trigger(name)\n"
              "        self.flow.fire(Go.START)\n"
              "class Controls:\n"
              "    def go_back(self):\n"
              "        self.flow.trigger(back_to(self.s.back_to))\n")
    assert len(fired(source)) == 3


def test_no_class_of_the_flow_has_more_than_forty_methods() -> None:
    sizes = {f"{name}.{cls}": len(defs) for name, source in modules().items()
             for cls, defs in methods_by_class(source).items()}
    assert {k: n for k, n in sizes.items() if n > MOST_METHODS} == {}
    assert len(sizes) >= 8   # the flow, its parts and their base: the count saw them


def test_the_flow_keeps_only_the_game_protocol_and_the_wiring() -> None:
    assert methods_by_class(modules()["flow.py"])["FogFlow"] <= FLOW_METHODS


def test_every_row_callback_is_a_method_of_a_part() -> None:
    flow = fresh()
    for event in flow.machine.events.values():
        for rows in event.transitions.values():
            for t in rows:
                for callback in [*(c.func for c in t.conditions), *t.before, *t.after]:
                    assert isinstance(callback, Work), callback
                    part, method = str(callback).split(".")
                    assert getattr(getattr(flow, part), method) == callback.method


@pytest.mark.parametrize("name", ["rounds.no_such_method", "nowhere.start_turn", "s",
                                  "start_turn"])
def test_a_row_naming_what_no_part_holds_fails_when_the_machine_is_built(name: str) -> None:
    row = {"trigger": Go.OK, "source": FogScreen.TURN, "dest": FogScreen.TURN, "before": name}
    with pytest.raises(ValueError, match="the FOG table names"):
        bind_rows(fresh(), [row], "FOG")


def test_one_callback_a_name_shared_by_the_rows() -> None:
    rows = [{"trigger": Go.OK, "source": FogScreen.FOG, "dest": FogScreen.BOATS,
             "conditions": "rounds.is_over", "before": ["scores.start_scoring"]},
            {"trigger": Go.TIME_UP, "source": FogScreen.TURN, "dest": FogScreen.TURN,
             "unless": "rounds.is_over"}]
    first, second = bind_rows(fresh(), rows, "FOG")
    assert first["conditions"] == second["unless"]
    assert repr(first["before"]) == "[scores.start_scoring]"
