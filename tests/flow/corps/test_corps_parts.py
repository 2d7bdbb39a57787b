"""The Corps flow composed of parts: every row's work is a part's method, bound when the
machine is built, and no class grows back into one that holds the whole chapter."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from fogkeeper.config import Config
from fogkeeper.flow.corps import CorpsFlow, game, table
from fogkeeper.flow.game import GameContext
from fogkeeper.flow.tables import Work
from support.effects import Effects

CORPS = Path(game.__file__).parent
MOST_METHODS = 40


def flow() -> CorpsFlow:
    return CorpsFlow(GameContext(Config(), Effects(), lambda: 0.0))


def test_every_rows_work_is_a_parts_method() -> None:
    machine = flow().machine
    work = [callback for event in machine.events.values()
            for transitions in event.transitions.values() for t in transitions
            for callback in (*t.before, *t.after, *(c.func for c in t.conditions))]
    assert work and all(isinstance(w, Work) for w in work)
    parts = {str(w).partition(".")[0] for w in work}
    assert parts == {"asides", "menus", "mode", "key_holder", "board", "tracker", "end"}


def test_a_name_that_is_no_parts_method_stops_the_build(monkeypatch: pytest.MonkeyPatch) -> None:
    for bad in ("end.has_kee", "ends.has_key", "has_key", "end."):
        rows = [*table.TRANSITIONS, {"trigger": "ok", "source": "verdict", "dest": "review",
                                     "conditions": bad}]
        monkeypatch.setattr(game, "TRANSITIONS", rows)
        with pytest.raises(ValueError, match=f"names '{bad}', which is no part's method"):
            flow()


def test_work_prints_as_the_table_names_it() -> None:
    # transitions logs each callback it runs: two games played alike log alike
    seal = Work("key_holder.seal", object(), "seal")
    assert str(seal) == repr(seal) == seal.__name__ == "key_holder.seal"


def methods_by_class(source: str) -> dict[str, int]:
    tree = ast.parse(source)
    return {node.name: sum(isinstance(item, ast.FunctionDef | ast.AsyncFunctionDef)
                           for item in node.body)
            for node in ast.walk(tree) if isinstance(node, ast.ClassDef)}


def test_no_corps_class_holds_more_than_forty_methods() -> None:
    counts = {f"{path.name}:{name}": count for path in sorted(CORPS.glob("*.py"))
              for name, count in methods_by_class(path.read_text(encoding="utf-8")).items()}
    assert "game.py:CorpsFlow" in counts
    assert {where: n for where, n in counts.items() if n > MOST_METHODS} == {}


def test_the_method_count_sees_every_method() -> None:
    body = "".join(f"    def m{i}(self) -> None: ...\n" for i in range(41))
    assert methods_by_class(f"class Big:\n{body}") == {"Big": 41}
