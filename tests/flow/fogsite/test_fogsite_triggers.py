"""FOGSITE's triggers are declared once (``Go``): every row's trigger is a member, every
member is some row's trigger, and no code fires a trigger spelt as a string."""

from __future__ import annotations

from enum import StrEnum
from pathlib import Path

from fogkeeper.flow.fogsite import table
from fogkeeper.flow.fogsite.table import BACK_TO, Go
from support.triggers import spelt_triggers, undeclared, unused

FOGSITE = Path(table.__file__).parent


def test_every_trigger_of_the_table_is_declared_and_every_declared_one_used() -> None:
    assert undeclared(table.ROWS, Go) == []
    assert unused(table.ROWS, Go) == []


def test_the_path_alone_fires_only_declared_triggers() -> None:
    # what `fogkeeper diagram fogsite-path` draws is the same table, not a copy of it
    assert undeclared(table.GAME_PATH, Go) == []


def test_each_way_back_is_declared_for_each_screen_an_aside_leaves() -> None:
    assert set(BACK_TO) == {*table.QUITTABLE, *table.TEAM_STAGES}
    assert all(BACK_TO[s] == f"back_to_{s.value}" for s in BACK_TO)


def test_no_fogsite_module_fires_a_trigger_spelt_as_a_string() -> None:
    spelt = {path.name: lines for path in sorted(FOGSITE.glob("*.py"))
             if (lines := spelt_triggers(path.read_text(encoding="utf-8")))}
    assert spelt == {}


def test_the_checks_catch_a_string_trigger_an_unused_member_and_a_spelt_call() -> None:
    class Few(StrEnum):
        OK = "ok"
        GONE = "gone"

    rows = [{"trigger": Few.OK}, {"trigger": "ok"}]
    assert undeclared(rows, Few) == ["ok"]
    assert unused(rows, Few) == [Few.GONE]
    source = ('self.fire("ok")\nself.fire(Go.OK)\nself.fire(f"back_to_{x}")\n'
              'self.flow.fire(Go.OK if a else "no")\n')
    assert spelt_triggers(source) == [1, 3, 4]
