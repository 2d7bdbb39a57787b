"""The timer's turn times on the whole box: a session of any length stays small on the link
and on the disk, a saved session of the old firmware comes back, and the Turn times screen
survives the player count going down."""

from __future__ import annotations

import json
from pathlib import Path

from fogkeeper.events import Button
from fogkeeper.link.protocol import MAX_LINE_BYTES
from support.box import BoxHarness

B = Button
TIMER = (B.DOWN, B.DOWN, B.DOWN, B.PRESS)
TURN_TIMES = (*[B.DOWN] * 8, B.PRESS)  # from the timer's menu


def on_turn_times_at_p8(h: BoxHarness) -> BoxHarness:
    assert h.request("timer.set", players=8)["ok"]
    h.tap(*TIMER, *TURN_TIMES, *[B.DOWN] * 7)
    assert h.lines[:2] == ("Turns P8 [8/8]", "no turn yet")
    return h


def test_fewer_players_over_the_link_leave_turn_times_drawn(tmp_path: Path) -> None:
    h = on_turn_times_at_p8(BoxHarness(tmp_path))
    assert h.request("timer.set", players=4)["players"] == 4
    assert h.lines[:2] == ("Turns P4 [4/4]", "no turn yet")
    assert h.link.events("screen")[-1]["lines"] == list(h.lines)
    assert h.request("hello")["ok"]


def test_fewer_players_on_the_joystick_leave_turn_times_drawn(tmp_path: Path) -> None:
    h = on_turn_times_at_p8(BoxHarness(tmp_path))
    h.tap(B.LEFT, B.UP, B.UP, *[B.LEFT] * 4)  # back to the menu, Players down to 4
    assert "> Players: 4" in h.lines
    h.tap(B.DOWN, B.DOWN, B.PRESS)
    assert h.lines[:2] == ("Turns P4 [4/4]", "no turn yet")
    assert h.request("hello")["ok"]


def test_after_100000_turns_the_state_reply_still_fits_a_line(tmp_path: Path) -> None:
    h = BoxHarness(tmp_path)
    h.request("timer.set", players=8)
    times = h.box.app.glass.times
    for turn in range(100_000):  # the flow driven directly: a real session, only faster
        times.add(turn % 8, 30.0 + turn % 61 + 0.37)
    reply = h.request("state")
    assert len(json.dumps(reply, separators=(",", ":"))) < MAX_LINE_BYTES
    first = reply["timer"]["turns"][0]
    assert first["count"] == 12_500 and first["longest_seconds"] == 90.37
    assert first["last_seconds"][-1] == 30.0 + 99_992 % 61 + 0.37
    h.tap(*TIMER, *TURN_TIMES)
    assert h.lines[1:4] == ("12500 turns, total 209:36:30", "avg 1:00  long 1:30",
                            "last 0:43")


def test_a_session_saved_with_every_turn_listed_still_resumes(tmp_path: Path) -> None:
    """The firmware before the turn times were bounded saved each turn's seconds."""
    old = {"cursors": {"home": 3, "settings": 0, "timer_menu": 4, "timer_times": 0},
           "format": "fogkeeper-session", "game": None,
           "hourglass": {"duration_seconds": 60, "left_seconds": 60.0, "phase": "ready",
                         "player": 0, "turns": [[60.0, 30.5, 12.25], [20.0], [42.0]],
                         "warned": []},
           "pin_guard": {"wait_seconds": 0.0, "wrong": 0}, "screen": "timer_times",
           "summary": "timer P1 1:00 ready", "version": 1, "visual_only": False}
    (tmp_path / "session.json").write_text(json.dumps(old))
    h = BoxHarness(tmp_path)
    assert "Found timer P1 1:00 ready" in h.lines
    assert h.request("session.resume")["screen"] == "timer_times"
    assert h.lines[:4] == ("Turns P1 [1/3]", "3 turns, total 1:43", "avg 0:34  long 1:00",
                           "last 0:12")
    h.tap(B.DOWN)
    assert h.lines[:2] == ("Turns P2 [2/3]", "1 turn, total 0:20")
    first = h.request("state")["timer"]["turns"][0]
    assert first == {"count": 3, "total_seconds": 102.75, "mean_seconds": 34.25,
                     "longest_seconds": 60.0, "last_seconds": [60.0, 30.5, 12.25],
                     "overtime_seconds": 0.0}


def test_a_reset_glass_keeps_the_turn_times_and_hold_ok_clears_them(tmp_path: Path) -> None:
    h = BoxHarness(tmp_path)
    h.request("timer.set", seconds=30, players=2)
    h.request("timer.start")
    h.wait(10)
    h.request("timer.next")
    assert h.request("timer.reset")["phase"] == "ready"
    assert [p["count"] for p in h.request("state")["timer"]["turns"]] == [1, 0]
    h.tap(*TURN_TIMES)
    assert h.lines[:3] == ("Turns P1 [1/2]", "1 turn, total 0:10", "avg 0:10  long 0:10")
    h.hold(B.PRESS)
    assert h.lines[1] == "no turn yet"
    assert [p["count"] for p in h.request("state")["timer"]["turns"]] == [0, 0]
