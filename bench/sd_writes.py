"""Writes and fsyncs on the SD card per hour of countdown, from the box's own save path.

Builds the real box (dummy display, mock pins, a data folder on this disk) on a fake clock
and plays an hour: (a) one hour-long glass with nobody pressing, (b) 60 s turns, each
started by a press on the box when the last one ran out (the link's ``press``). Every
os.write/os.fsync/os.fdatasync the box makes is counted (a journal line is one write and
one fdatasync; a whole snapshot a write of the file, an fsync of it and one of its
folder). Budget: at most one write every 5 s while a glass runs, 720 an hour. Also times
one save against the reference workload.
Usage: sd_writes.py
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import reference
from fogkeeper.app.run import build
from fogkeeper.config import parse_config
from fogkeeper.link.protocol import Request
from support.clock import pass_time

HOUR = 3600.0


class Counted:
    """Counts os.fsync and file writes while active (the box's saves are all it does)."""

    def __init__(self) -> None:
        self.fsyncs = self.writes = 0
        self._fsync, self._fdatasync, self._write = os.fsync, os.fdatasync, os.write

    def __enter__(self) -> Counted:
        def fsync(fd: int) -> None:
            self.fsyncs += 1
            self._fsync(fd)

        def fdatasync(fd: int) -> None:  # a journal line's: counted as a sync too
            self.fsyncs += 1
            self._fdatasync(fd)

        def write(fd: int, data: Any) -> int:
            self.writes += 1
            return self._write(fd, data)

        os.fsync, os.fdatasync, os.write = fsync, fdatasync, write  # type: ignore[assignment]
        return self

    def __exit__(self, *exc: object) -> None:
        os.fsync, os.fdatasync, os.write = (  # type: ignore[assignment]
            self._fsync, self._fdatasync, self._write)


class Clocked:
    """The real box on a fake clock, stepped the way its loop steps."""

    def __init__(self, folder: Path) -> None:
        self.now = 1000.0
        config = parse_config({"display": {"driver": "dummy"}, "inputs": {"pin_factory": "mock"},
                               "storage": {"data_dir": str(folder)},
                               # no dimming: the busy loop past the dim deadline is issue 14's
                               "screen": {"shift_every_seconds": 0, "dim_after_seconds": 0}},
                              source="bench")
        self.box = build(config, clock=lambda: self.now, wall_clock=lambda: self.now)

    def request(self, cmd: str, **args: Any) -> None:
        self.box.step(Request(1, cmd, args))

    def play(self, seconds: float, each_deadline: Callable[[], None] = lambda: None) -> None:
        def next_deadline(now: float) -> float | None:
            wait = self.box._seconds_to_next_deadline()
            return None if wait is None else now + wait

        def tick(now: float) -> None:
            self.now = now
            self.box.step(None)
            each_deadline()

        pass_time(self.now, seconds, next_deadline, tick)


def one_long_glass(folder: Path) -> tuple[int, int, int]:
    box = Clocked(folder)
    box.request("timer.set", seconds=3600, players=1)
    box.request("timer.start")
    before = box.box.session_writes
    with Counted() as counted:
        box.play(HOUR - 1)
    return box.box.session_writes - before, counted.writes, counted.fsyncs


def minute_turns(folder: Path) -> tuple[int, int, int]:
    box = Clocked(folder)
    box.request("timer.set", seconds=60, players=4)
    box.request("timer.start")

    def next_turn() -> None:
        if box.box.app.glass.phase.value == "expired":
            box.request("press", button="press")  # the next player's glass

    before = box.box.session_writes
    with Counted() as counted:
        box.play(HOUR, next_turn)
    return box.box.session_writes - before, counted.writes, counted.fsyncs


def main() -> None:
    ref = reference.measure()
    print(ref.describe())
    with tempfile.TemporaryDirectory(dir=Path.cwd()) as tmp:
        for name, scenario in (("one hour-long glass, no press", one_long_glass),
                               ("60 s turns, a press starts each", minute_turns)):
            saves, writes, fsyncs = scenario(Path(tmp) / name.split()[0])
            print(f"{name}: {saves} session saves, {writes} file writes, {fsyncs} fsyncs "
                  f"an hour (budget: at most {HOUR / 5:.0f} writes while a glass runs)")
        box = Clocked(Path(tmp) / "timed")
        times = []
        for _ in range(50):
            started = time.perf_counter()
            box.box.save(force=True)
            times.append(time.perf_counter() - started)
        print(ref.ms("one session save (write, fsync, rename, fsync of the folder), median",
                     sorted(times)[len(times) // 2]))


if __name__ == "__main__":
    main()
