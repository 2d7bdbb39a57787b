"""A cursor is not a promise: moving it costs the disk nothing until a change that matters
(or a few seconds) carries it there; every change that matters is still on disk first."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from fogkeeper.app.box import SAVE_CURSOR_WITHIN_SECONDS
from fogkeeper.events import Button
from support.box import BoxHarness


@pytest.fixture
def fsyncs(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    calls: list[int] = []
    real = os.fsync

    def counted(fd: int) -> None:
        calls.append(fd)
        real(fd)

    monkeypatch.setattr(os, "fsync", counted)
    yield calls


def saved(h: BoxHarness) -> dict[str, object]:
    return dict(json.loads((h.data_dir / "session.json").read_text()))


def in_the_fog_setup(tmp_path: Path) -> BoxHarness:
    h = BoxHarness(tmp_path)
    h.request("game.start", game="fog")
    return h


def test_a_cursor_move_is_not_fsynced_before_its_frame(tmp_path: Path,
                                                       fsyncs: list[int]) -> None:
    h = in_the_fog_setup(tmp_path)
    before, writes = saved(h), h.box.session_writes
    fsyncs.clear()
    h.tap(Button.DOWN, Button.DOWN)
    assert h.lines[3] == "> Players: 4"  # the frame moved at once
    assert fsyncs == [] and h.box.session_writes == writes
    assert saved(h) == before


def test_the_next_change_that_matters_carries_the_cursor(tmp_path: Path) -> None:
    h = in_the_fog_setup(tmp_path)
    h.tap(Button.DOWN, Button.DOWN, Button.RIGHT)  # another number of players, a promise
    assert h.lines[3] != "> Players: 4"
    again = BoxHarness(tmp_path)  # the plug pulled: no save on the way out
    assert again.request("session.resume")["ok"]
    assert again.lines[3] == h.lines[3]  # the choice, and the cursor on it


def test_a_cursor_alone_reaches_the_disk_within_seconds(tmp_path: Path,
                                                        fsyncs: list[int]) -> None:
    h = in_the_fog_setup(tmp_path)
    fsyncs.clear()
    h.tap(Button.DOWN, Button.DOWN)
    h.wait(SAVE_CURSOR_WITHIN_SECONDS - 1)
    assert fsyncs == []
    h.wait(1.5)
    assert fsyncs  # written by the deadline, with nobody pressing
    again = BoxHarness(tmp_path)
    assert again.request("session.resume")["ok"]
    assert again.lines[3] == "> Players: 4"


def test_a_pulled_plug_after_a_cursor_move_loses_only_the_cursor(tmp_path: Path) -> None:
    h = in_the_fog_setup(tmp_path)
    h.tap(Button.RIGHT)  # Mode: solo, a promise
    h.tap(Button.DOWN)
    again = BoxHarness(tmp_path)
    assert again.request("session.resume")["ok"]
    assert again.lines[1] == "> Mode: solo"  # the choice kept, the cursor back on its row


def test_a_running_timer_ticking_is_no_reason_to_write(tmp_path: Path,
                                                       fsyncs: list[int]) -> None:
    h = BoxHarness(tmp_path)
    assert h.request("timer.start", seconds=60)["ok"]
    fsyncs.clear()
    assert h.request("timer.pause")["ok"]  # paused: a promise, written before the ok
    assert fsyncs
