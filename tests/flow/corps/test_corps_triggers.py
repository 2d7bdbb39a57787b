"""The Corps triggers are declared once (``Go``): every row's trigger is a member, every
member is some row's trigger, and no code fires a trigger spelt as a string."""

from __future__ import annotations

from enum import StrEnum
from pathlib import Path

from fogkeeper.flow.corps import table
from fogkeeper.flow.corps.table import BACK_TO, Go
from fogkeeper.flow.tables import expand
from support.triggers import spelt_triggers, undeclared, unused

CORPS = Path(table.__file__).parent


def test_every_trigger_of_the_table_is_declared_and_every_declared_one_used() -> None:
    rows = expand(table.TRANSITIONS)
    assert undeclared(rows, Go) == []
    assert unused(rows, Go) == []


def test_each_way_back_is_declared_for_each_screen_an_aside_leaves() -> None:
    assert set(BACK_TO) == set(table.NOT_QUIT)
    assert all(BACK_TO[s] == f"back_to_{s.value}" for s in BACK_TO)


def test_no_corps_module_fires_a_trigger_spelt_as_a_string() -> None:
    spelt = {path.name: lines for path in sorted(CORPS.glob("*.py"))
             if (lines := spelt_triggers(path.read_text(encoding="utf-8")))}
    assert spelt == {}


def test_the_checks_catch_a_string_trigger_an_unused_member_and_a_spelt_call() -> None:
    class Few(StrEnum):
        OK = "ok"
        GONE = "gone"

    rows = [{"trigger": Few.OK}, {"trigger": "ok"}]
    assert undeclared(rows, Few) == ["ok"]
    assert unused(rows, Few) == [Few.GONE]
    source = ('flow.trigger("ok")\nflow.trigger(Go.OK)\nflow.fire(f"back_to_{x}")\n'
              'flow.trigger(Go.OK if a else "no")\n')
    assert spelt_triggers(source) == [1, 3, 4]
