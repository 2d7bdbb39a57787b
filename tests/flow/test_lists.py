"""Lists move the same everywhere: up/down stop at a list's ends (never round to the other
end), on the home menu, in Settings, in each game's menus; left/right values go round."""

from __future__ import annotations

import pytest

from fogkeeper.events import Button
from fogkeeper.flow.app import HomeItem, Screen
from fogkeeper.flow.kit.menu import step_cursor
from support.effects import Effects
from support.table import AppTable


@pytest.mark.parametrize(("cursor", "trigger", "length", "after"), [
    (0, "up", 5, 0), (4, "down", 5, 4), (2, "up", 5, 1), (2, "down", 5, 3),
    (2, "left", 5, 2), (0, "down", 1, 0), (0, "up", 0, 0), (7, "up", 5, 3),
])
def test_a_list_stops_at_its_ends(cursor: int, trigger: str, length: int, after: int) -> None:
    assert step_cursor(cursor, trigger, length) == after


def test_the_home_menu_and_settings_stop_at_their_ends() -> None:
    t = AppTable(Effects())
    t.press(Button.UP)
    assert t.app.home.cursor == 0
    t.press(*[Button.DOWN] * 20)
    assert t.app.home.cursor == len(t.app.home.items) - 1
    t.app.home.place(HomeItem.SETTINGS)
    t.press(Button.PRESS)
    assert t.app.state is Screen.SETTINGS
    t.press(Button.UP)
    assert t.app.settings_row == 0
    t.press(*[Button.DOWN] * 20)
    last = t.app.settings_row
    t.press(Button.DOWN)
    assert t.app.settings_row == last > 0
