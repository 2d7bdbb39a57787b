"""The timer's turn times on the whole box: the Turn times screen survives the player count
going down."""

from __future__ import annotations

from pathlib import Path

from fogkeeper.events import Button
from support.box import BoxHarness

B = Button
TIMER = (B.DOWN, B.DOWN, B.DOWN, B.PRESS)
TURN_TIMES = (*[B.DOWN] * 4, B.PRESS)  # from the timer's menu


def on_turn_times_at_p8(h: BoxHarness) -> BoxHarness:
    assert h.request("timer.set", players=8)["ok"]
    h.tap(*TIMER, *TURN_TIMES, *[B.DOWN] * 7)
    assert h.lines[0] == "Turn times [8/8]" and "> P8: -" in h.lines
    return h


def test_fewer_players_over_the_link_leave_turn_times_drawn(tmp_path: Path) -> None:
    h = on_turn_times_at_p8(BoxHarness(tmp_path))
    assert h.request("timer.set", players=4)["players"] == 4
    assert h.lines[0] == "Turn times [4/4]" and "> P4: -" in h.lines
    assert h.link.events("screen")[-1]["lines"] == list(h.lines)
    assert h.request("hello")["ok"]


def test_fewer_players_on_the_joystick_leave_turn_times_drawn(tmp_path: Path) -> None:
    h = on_turn_times_at_p8(BoxHarness(tmp_path))
    h.tap(B.LEFT, B.UP, B.UP, *[B.LEFT] * 4)  # back to the menu, Players down to 4
    assert "> Players: 4" in h.lines
    h.tap(B.DOWN, B.DOWN, B.PRESS)
    assert h.lines[0] == "Turn times [4/4]" and "> P4: -" in h.lines
    assert h.request("hello")["ok"]
