"""The SD card's budget: a running glass is written rarely, and still comes back right."""

from __future__ import annotations

from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest

from fogkeeper.app.box import SAVE_RUNNING_EVERY_SECONDS
from fogkeeper.events import Button
from fogkeeper.flow.hourglass import SAVED_AT_WALL, resumed
from support.box import WALL_CLOCKS, BoxHarness


def counted_saves(h: BoxHarness, monkeypatch: pytest.MonkeyPatch) -> list[float]:
    """The fake time of every session write from now on."""
    times: list[float] = []
    save = h.box.stores.session.save

    def noted(data: Any) -> None:
        times.append(h.now)
        save(data)

    monkeypatch.setattr(h.box.stores.session, "save", noted)
    return times


def running_glass(tmp_path: Path, seconds: int) -> BoxHarness:
    h = BoxHarness(tmp_path)
    assert h.request("timer.set", seconds=seconds)["ok"]
    assert h.request("timer.start")["ok"]
    return h


def test_an_hour_long_glass_writes_at_most_once_in_five_seconds(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    h = running_glass(tmp_path, 3600)
    saves = counted_saves(h, monkeypatch)
    h.wait(3599)  # every warning on the way; the glass still runs
    gaps = [b - a for a, b in pairwise(saves)]
    assert all(gap >= SAVE_RUNNING_EVERY_SECONDS for gap in gaps), gaps
    assert len(saves) <= 3599 / SAVE_RUNNING_EVERY_SECONDS


def test_a_press_while_the_glass_runs_is_on_disk_at_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    h = running_glass(tmp_path, 600)
    h.wait(2)
    saves = counted_saves(h, monkeypatch)
    assert h.request("timer.pause")["ok"]
    assert saves == [h.now]


@pytest.mark.parametrize("killed_after", [3.2, 17.5, 59.9, 301.0])
def test_after_a_kill_the_glass_comes_back_within_a_second_of_the_screen(
    tmp_path: Path, killed_after: float,
) -> None:
    first = running_glass(tmp_path, 600).wait(killed_after)
    shown = first.box.app.glass.shown_seconds(first.now)
    # no close(): the plug is pulled; the box comes back at once
    again = BoxHarness(tmp_path)
    assert again.lines[0] == "Resume?"
    again.tap(Button.PRESS)
    back = again.box.app.glass.shown_seconds(again.now)
    assert abs(back - shown) <= 1, (shown, back, again.lines)


def test_time_that_ran_out_while_the_box_was_off_is_gone(tmp_path: Path) -> None:
    running_glass(tmp_path, 600).wait(10)
    WALL_CLOCKS[tmp_path] += 120  # two minutes without power
    again = BoxHarness(tmp_path)
    assert "Found timer P1 7:50 paused" in again.lines


def test_resuming_trusts_the_saved_wall_clock_but_never_adds_time() -> None:
    glass = {"phase": "paused", "left_seconds": 42.0, SAVED_AT_WALL: 1000.0}
    assert resumed(glass, 1000.4)["left_seconds"] == 41.6
    assert resumed(glass, 5000.0)["left_seconds"] == 0.0
    assert resumed(glass, 900.0)["left_seconds"] == 42.0  # clock not set yet after boot
    assert SAVED_AT_WALL not in resumed(glass, 1000.0)
    paused = {"phase": "paused", "left_seconds": 42.0}
    assert resumed(paused, 5000.0) is paused
