"""A cursor is not a promise: moving it costs the disk nothing until a change that matters
(or a few seconds) carries it there; every change that matters is still on disk first."""

from __future__ import annotations

import os
import random
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from fogkeeper.app.box import SAVE_CURSOR_WITHIN_SECONDS
from fogkeeper.app.journal import leaves
from fogkeeper.events import Button
from fogkeeper.flow import snapshot
from support.box import BoxHarness
from support.saved import on_disk


@pytest.fixture
def fsyncs(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    """Every fsync and fdatasync the box makes."""
    calls: list[int] = []

    def counting(real: Callable[[int], None]) -> Callable[[int], None]:
        def counted(fd: int) -> None:
            calls.append(fd)
            real(fd)
        return counted

    for name in ("fsync", "fdatasync"):
        monkeypatch.setattr(os, name, counting(getattr(os, name)))
    yield calls


def saved(h: BoxHarness) -> dict[str, object]:
    return dict(on_disk(h.data_dir))


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


def promised_now(h: BoxHarness) -> dict[tuple[str, ...], object]:
    """What the session promises now (as the box compares it before a save)."""
    return snapshot.promised(leaves(snapshot.take(h.box.app, h.box.clock())))


@pytest.mark.parametrize("seed", range(4))
def test_a_press_the_app_calls_a_cursor_move_changes_nothing_promised(
        tmp_path: Path, seed: int) -> None:
    """The app says which presses only moved a cursor (App.moves), and the box then saves
    nothing before their frame, without even a snapshot to compare: over random presses on
    the link and the buttons, in the menus and a game of The FOG, every press it so called
    left what the session promises as it was."""
    rng = random.Random(seed)
    h = BoxHarness(tmp_path)
    if seed % 2:
        assert h.request("game.start", game="fog")["ok"]
    called = 0
    for _ in range(300):
        before, moves, changes = promised_now(h), h.box.app.moves, h.box.app.changes
        button = rng.choice([Button.UP, Button.DOWN, Button.UP, Button.DOWN, Button.LEFT,
                             Button.RIGHT, Button.PRESS, Button.KEY1])
        hold = rng.random() < 0.1
        if rng.random() < 0.5:
            h.request("press", button=button.value, hold=hold)  # refused when private
        else:
            h.hold(button) if hold else h.tap(button)
        if h.box.app.moves != moves:
            called += 1
            assert h.box.app.changes == changes
            assert promised_now(h) == before, f"{button} on {h.box.app.state}"
    assert called > 30   # the walk did move cursors, on both paths
