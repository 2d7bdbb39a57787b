"""The game clock in the real program over a pty: a Fischer bank measured against the host's
own clock, and a SIGKILL mid-turn that brings every bank back within the downtime."""

from __future__ import annotations

import time
from pathlib import Path

from support.process import BoxProcess as Box

ROUNDING = 0.011  # the link rounds seconds to 0.01


def test_a_bank_turn_then_sigkill_resumes_every_bank_within_the_downtime(
        tmp_path: Path) -> None:
    box = Box(tmp_path)
    try:
        assert box.request("timer.set", players=2, mode="bank", bank_seconds=60,
                           increment_seconds=2)["ok"]
        sent = time.monotonic()
        assert box.request("timer.start")["banks"] == [60, 60]
        started = time.monotonic()
        time.sleep(1.0)
        # P1's turn lies between the two replies, however slow the machine is
        next_sent = time.monotonic()
        banks = box.request("timer.next")["banks"]
        next_back = time.monotonic()
        assert 62 - (next_back - sent) - ROUNDING <= banks[0] <= 62 - (next_sent - started) \
            + ROUNDING
        assert banks[1] == 60
        time.sleep(1.5)
        before = box.request("state")["timer"]["banks"]
        assert before[0] == banks[0]
        killed = time.monotonic()
        box.kill()
    finally:
        if box.process.poll() is None:
            box.process.kill()

    time.sleep(1.0)  # the box is off
    again = Box(tmp_path)
    try:
        assert again.request("screen")["lines"][0] == "Resume?"
        assert again.request("session.resume")["screen"] == "timer"
        timer = again.request("state")["timer"]
        resumed = time.monotonic()
        assert timer["phase"] == "paused" and timer["player"] == 2
        assert timer["banks"][0] == banks[0]  # the waiting bank exactly as it was
        # the running bank lost the time from P2's start to the box's restart, downtime
        # included (the wall clock ages it), whatever save of it was the last
        assert 60 - (resumed - next_sent) - ROUNDING <= timer["banks"][1] \
            <= 60 - (killed - next_back) + ROUNDING
        time.sleep(0.5)
        assert again.request("state")["timer"]["banks"] == timer["banks"]  # paused
        assert again.stop() == 0
    finally:
        if again.process.poll() is None:
            again.process.kill()
