"""The real program: `fogkeeper run --sim --link pty:...` in a subprocess, driven over pyserial.

It runs a timer to expiry, kills the box with SIGKILL in the middle of a countdown, starts
it again and finds the same screen after resuming.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from support.process import BoxProcess as Box


@pytest.fixture
def folder(tmp_path: Path) -> Iterator[Path]:
    yield tmp_path


def test_timer_to_expiry_then_power_loss_and_resume(folder: Path) -> None:
    box = Box(folder)
    try:
        assert box.request("hello")["name"] == "fogkeeper"
        assert box.request("timer.start", seconds=6)["phase"] == "running"
        expired = box.wait_for(lambda line: line.get("event") == "timer.expired", timeout=15)
        assert expired["player"] == 1
        warned = [e["seconds_left"] for e in box.events if e.get("event") == "timer.warning"]
        assert warned == [5, 4, 3, 2, 1]
        assert box.request("screen")["lines"][0].startswith("TIME UP")

        box.request("timer.reset")
        box.request("timer.start", seconds=30)
        box.wait_for(lambda line: line.get("event") == "screen"
                     and line["lines"][1] == "0:27", timeout=10)
        time.sleep(0.3)  # well inside the second that shows 0:27
        before = box.request("screen")["lines"]
        assert before[1] == "0:27"
        box.kill()
    finally:
        if box.process.poll() is None:
            box.process.kill()

    again = Box(folder)
    try:
        offer = again.request("screen")["lines"]
        assert offer[0] == "Resume?" and "Found timer P1 0:27 paused" in offer
        assert again.request("session.resume")["screen"] == "timer"
        after = again.request("screen")["lines"]
        assert after[1] == before[1]
        assert after[0] == "PAUSED  " + before[0]
        assert again.stop() == 0
    finally:
        if again.process.poll() is None:
            again.process.kill()


def test_sigterm_saves_and_exits_cleanly(folder: Path) -> None:
    box = Box(folder)
    box.request("timer.start", seconds=60)
    assert box.stop() == 0
    saved = json.loads((folder / "data" / "session.json").read_text())
    assert saved["hourglass"]["phase"] == "paused"
    assert os.path.exists(folder / "data" / "settings.json")


STOP_SIGNALS = {"SIGHUP": 1, "SIGINT": 2, "SIGTERM": 15}


def blocked_signals(pid: int, thread: str) -> set[str]:
    status = Path(f"/proc/{pid}/task/{thread}/status").read_text().splitlines()
    (mask,) = (int(line.split()[1], 16) for line in status if line.startswith("SigBlk:"))
    return {name for name, number in STOP_SIGNALS.items() if mask >> (number - 1) & 1}


@pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="needs Linux's /proc")
def test_only_the_loops_thread_takes_a_stop_signal(folder: Path) -> None:
    """The kernel gives a process's signal to any thread not blocking it; given to the link's
    reader, the loop slept on in its queue and systemd killed the service unsaved."""
    box = Box(folder)
    try:
        box.request("timer.start", seconds=60)
        pid = box.process.pid
        threads = os.listdir(f"/proc/{pid}/task")
        assert len(threads) >= 4  # the link's reader and writer, the hold timer, the buzzer
        assert blocked_signals(pid, str(pid)) == set()
        for thread in set(threads) - {str(pid)}:
            assert blocked_signals(pid, thread) == set(STOP_SIGNALS), thread
    finally:
        assert box.stop() == 0
    assert json.loads((folder / "data" / "session.json").read_text())["hourglass"]["phase"] \
        == "paused"


def test_a_box_brings_its_past_games_index_up_to_date_as_it_starts(
        folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # records and no index (a box upgraded, or its index lost): the index is rebuilt on a
    # thread of its own once the box plays, before any player opens Past games, and the
    # box answers meanwhile
    from fogkeeper.data.fog import OWNER_ENV, rules_fingerprint
    from fogkeeper.data.fog_history_index import index_path, read_fresh
    from rules.fog.test_fog_history_index import write_records

    data = folder / "data"
    data.mkdir(parents=True)
    write_records(data, 30)
    monkeypatch.delenv(OWNER_ENV, raising=False)  # the box's owner folder: its data_dir
    box = Box(folder)
    try:
        assert box.request("screen")["ok"]
        deadline = time.monotonic() + 20
        while not index_path(data).exists():
            assert time.monotonic() < deadline, "no index written"
            time.sleep(0.05)
        monkeypatch.setenv(OWNER_ENV, str(data))  # the rules as the box reads them
        fresh = read_fresh(data, rules_fingerprint())
        assert not isinstance(fresh, str), fresh  # whole, and fresh for every record
        assert len(fresh.names) == 30
    finally:
        box.stop()
