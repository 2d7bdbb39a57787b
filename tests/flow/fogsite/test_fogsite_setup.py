"""FOGSITE setup on the joystick: a maze that breaks a rule is refused, naming the rule."""

from __future__ import annotations

import pytest

from flow.fogsite.fogsite_table import FogsiteTable
from fogkeeper.paths import config_dir
from fogkeeper.rules.fogsite import Phase


def maze(name: str) -> str:
    return (config_dir() / "mazes" / name).read_text(encoding="utf-8")


@pytest.mark.parametrize("text,rules", [
    (maze("c_s01_wrong.txt"), ["rule I", "rule II", "rule III"]),
    ("R . # . B\n. # . . #\n. . . # .\n# . # . .\n. . . . #", ["Colour tiles: one each"]),
    ("R . # . B\n. # . . #\n. . . . .\n. . . . .\n. . G . .", ["rule II"]),
])
def test_a_maze_breaking_a_rule_is_refused_naming_it(text: str, rules: list[str]) -> None:
    t = FogsiteTable().open_fogsite().enter_maze(text).press("hold_ok")
    assert t.lines[0].startswith("Maze refused")
    shown = " ".join(t.lines[1:-1]) + " " + " ".join(
        " ".join(lines[1:-1]) for _, lines in t.press(*["down"] * 6).seen[-6:])
    for rule in rules:
        assert rule in shown
    assert "error" in t.effects.sounds
    t.press("ok")
    assert t.stage == "maze_edit"


def test_a_wrong_pin_does_not_lock() -> None:
    t = FogsiteTable().set_up(pin="4321")
    assert t.stage == "lock" and t.lines[0] == "Wrong PIN, again"
    t.lock()
    assert t.stage == "guardian_gate"


def test_the_easy_rule_uses_a_4x4_maze_and_the_team_starts() -> None:
    t = FogsiteTable().open_fogsite().press("right").menu_to("Easy Rule").press("ok")
    t.enter_maze(maze("easy_4x4.txt"), colours="RG").press("hold_ok")
    assert t.lines[0] == "Lock with PIN"  # no sleeper and no Guardian token to place
    t.lock()
    game = t.session.running
    assert game.phase is Phase.INVESTIGATORS and game.maze.size == 4
    assert t.lines[0] == "Round 1: tiles 53, digging 0"


def test_options_are_set_on_a_checklist() -> None:
    t = FogsiteTable().open_fogsite().menu_to("Balancing").press("ok")
    t.menu_to("G1").press("ok").menu_to("I5").press("ok")
    assert t.shows("G1 +1 Guardian move: on") and t.shows("I5 Use/Give again: on")
    t.press("back")
    assert t.shows("Balancing: G1 I5")
    t.menu_to("2-player").press("ok")
    assert t.shows("2-player: on") and t.shows("Investigators: R G")
