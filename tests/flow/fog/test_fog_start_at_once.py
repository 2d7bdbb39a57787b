"""The FOG's "Start game" at once: a checklist kept from the last game opens on it, and on
any checklist (a box's first game too) hold OK takes the cursor there, one OK from play."""

from __future__ import annotations

from flow.fog.fog_table import DOWN, HOLD, OK, Table
from fogkeeper.flow.fog import FogFlow
from fogkeeper.flow.fog.table import FogScreen


def test_hold_ok_on_any_checklist_row_goes_to_start_game() -> None:
    t = Table().press(OK)                       # The FOG, on a box's first game
    assert t.screen is FogScreen.SETUP and not t.cursor_label().startswith("Start game")
    t.press(DOWN, DOWN)
    flow = t.app.game
    assert isinstance(flow, FogFlow)
    setup = flow.s.setup
    t.press(HOLD, OK)
    assert t.cursor_label().startswith("Start game")
    assert flow.s.setup == setup                 # only the cursor moved
    t.press(OK)
    assert t.screen is not FogScreen.SETUP       # the game is laid out


def test_the_checklist_says_how() -> None:
    t = Table().press(OK)
    assert t.lines[-1] == "<> change  hold OK: Start"
