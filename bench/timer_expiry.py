"""Timer expiry error against the monotonic clock, on the real event loop.

Runs the box's loop (simulated parts, real clock) on a thread, starts the hourglass again
and again, and measures when the loop reports expiry compared with the deadline
(start + duration on time.monotonic()). Target: under 20 ms.
Run: .venv/bin/python bench/timer_expiry.py [--runs 20] [--seconds 1]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import reference
from common import percentile
from fogkeeper.app.box import Stop
from fogkeeper.app.run import build
from fogkeeper.config import parse_config
from fogkeeper.link.protocol import Request


class Stamps:
    """A link that notes the monotonic time of each timer.expired event."""

    def __init__(self) -> None:
        self.expired: list[float] = []
        self.event = threading.Event()

    def send(self, line: bytes, host: int | None = None) -> None:
        if b'"event":"timer.expired"' in line:
            self.expired.append(time.monotonic())
            self.event.set()

    def close(self) -> None:
        pass


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--seconds", type=int, default=5, help="timer length (5-3600)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        config = parse_config({"display": {"driver": "dummy"},
                               "inputs": {"pin_factory": "mock"},
                               "storage": {"data_dir": folder}})
        box = build(config)
        stamps = Stamps()
        box.parts.link = stamps
        loop = threading.Thread(target=box.run, daemon=True)
        loop.start()
        errors: list[float] = []
        starts: list[float] = []
        for run in range(args.runs):
            stamps.event.clear()
            started = time.monotonic()
            args_: dict[str, Any] = {"seconds": args.seconds}
            box.events.put(Request(run, "timer.start", args_))
            stamps.event.wait(args.seconds + 5)
            deadline = box.app.glass._deadline
            starts.append(deadline - args.seconds - started)  # queue -> glass started
            errors.append(stamps.expired[-1] - deadline)
            box.events.put(Request(run, "timer.reset", {}))
        box.events.put(Stop())
        loop.join(5)
        box.close()
    ms = [e * 1000 for e in errors]
    print(f"expiry error vs monotonic deadline: median {statistics.median(ms):.2f} ms, "
          f"p99 {percentile(ms, 0.99):.2f} ms, max {max(ms):.2f} ms, min {min(ms):.2f} ms "
          f"over {len(ms)} runs of {args.seconds} s")
    print(f"(request queued -> glass started: median {statistics.median(starts) * 1000:.2f} ms)")
    ref = reference.measure()
    print(ref.describe())
    print(ref.ms("expiry error, median (mostly waking, little CPU: the ratio says little)",
                 statistics.median(errors)))


if __name__ == "__main__":
    main()
