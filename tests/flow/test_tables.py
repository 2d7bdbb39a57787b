"""Every state machine as built: each row can fire and each screen can be reached.

The machines come from ``fogkeeper diagram``'s list, so what is checked is what is drawn.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

import pytest

from fogkeeper.app import diagram_cmd
from fogkeeper.flow import app, hourglass
from fogkeeper.flow.corps import table as corps
from fogkeeper.flow.fog import table as fog
from fogkeeper.flow.fogsite import table as fogsite

# The machines checked: the app, the hourglass and every game.
CHECKED = ["app", "hourglass", "fog", "fogsite", "corps"]

# Screens a machine may start on besides its initial one, and screens only a restored
# session puts back: the checks start walking from these too. Each entry says why.
ENTRY_SCREENS: dict[str, set[Any]] = {
    # the boot offer (a saved session exists) and the simulator's key map (--sim)
    "app": {app.Screen.RESUME, app.Screen.KEYMAP},
}

# The declared tables, to catch a row that names no source at all: such a row is never built,
# so the machine as built cannot show it.
DECLARED: dict[str, list[dict[str, Any]]] = {
    "app": app.TRANSITIONS,
    "hourglass": hourglass.TRANSITIONS,
    "fog": fog.TRANSITIONS,
    "fogsite": fogsite.ROWS,
    "corps": corps.TRANSITIONS,
}


def _condition_set(row: dict[str, Any]) -> frozenset[tuple[str, bool]]:
    return frozenset([(str(c), True) for c in row["conditions"]]
                     + [(str(c), False) for c in row["unless"]])


def never_firing(rows: list[dict[str, Any]]) -> list[str]:
    """Rows shadowed by an earlier row for the same trigger and source whose conditions are
    a subset of theirs (an unconditional earlier row shadows every later one)."""
    earlier: dict[tuple[str, Any], list[frozenset[tuple[str, bool]]]] = defaultdict(list)
    shadowed = []
    for row in rows:
        key = (row["trigger"], row["source"])
        needs = _condition_set(row)
        if any(before <= needs for before in earlier[key]):
            shadowed.append(f"{row['trigger']} from {row['source']} -> {row['dest']} "
                            f"(conditions {sorted(needs)})")
        earlier[key].append(needs)
    return shadowed


def unreachable(states: list[Any], rows: list[dict[str, Any]], starts: set[Any]) -> list[Any]:
    """The states no chain of rows leads to from ``starts``."""
    leads: dict[Any, set[Any]] = defaultdict(set)
    for row in rows:
        if row["dest"] is not None:
            leads[row["source"]].add(row["dest"])
    seen, todo = set(starts), list(starts)
    while todo:
        for dest in leads[todo.pop()] - seen:
            seen.add(dest)
            todo.append(dest)
    return [s for s in states if s not in seen]


@pytest.fixture(scope="module")
def machines() -> dict[str, diagram_cmd.Drawn]:
    return diagram_cmd.machines()


@pytest.mark.parametrize("name", CHECKED)
def test_every_row_can_fire(name: str, machines: dict[str, diagram_cmd.Drawn]) -> None:
    _states, rows, _initial = machines[name]
    assert never_firing(rows) == []


@pytest.mark.parametrize("name", CHECKED)
def test_every_declared_row_names_a_source(name: str) -> None:
    empty = [row["trigger"] for row in DECLARED[name] if row["source"] in ([], (), set())]
    assert empty == []


@pytest.mark.parametrize("name", CHECKED)
def test_every_screen_can_be_reached(name: str,
                                     machines: dict[str, diagram_cmd.Drawn]) -> None:
    states, rows, initial = machines[name]
    assert unreachable(states, rows, {initial, *ENTRY_SCREENS.get(name, set())}) == []


def test_the_checks_catch_a_shadowed_row_and_a_lost_screen() -> None:
    rows = [{"trigger": "ok", "source": "a", "dest": "b", "conditions": [], "unless": []},
            {"trigger": "ok", "source": "a", "dest": "c", "conditions": ["is_x"], "unless": []}]
    assert len(never_firing(rows)) == 1
    assert unreachable(["a", "b", "c"], rows, {"a"}) == []
    assert unreachable(["a", "b", "c", "d"], rows[:1], {"a"}) == ["c", "d"]
