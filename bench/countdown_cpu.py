"""CPU of the real box process during a 10-minute countdown with no press, past the dim deadline.

Method: a real `fogkeeper run --sim --link pty:...` process, headless because its stdin is not
a terminal (dummy display, mock pins), whose config dims after DIM_AFTER seconds instead of
the default 120, so that the part of a 10-minute countdown that comes after the dim deadline
(8 of its 10 minutes with the default) starts at once. The box starts a 600 s countdown over
the link (no press), the bench waits past the dim deadline, then reads the process's CPU time
from /proc/<pid>/stat over --seconds of real time (60 by default; --seconds 590 measures
nearly the whole countdown) and prints it as a share of one core. For comparison it then
stops the countdown and measures a still screen the same way, and prints the ratio of the
two. Each share is also printed in reference runs a second with a Pi Zero 2 W estimate
(bench/reference.py). Goal: under 1 % of a core, as for a still screen.
Run: .venv/bin/python bench/countdown_cpu.py [--seconds 60]
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

import reference
from box_process import TICKS, Running

DIM_AFTER = 2        # seconds of no press before the (still) screen dims
COUNTDOWN = 600      # the countdown measured: 10 minutes


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=60.0,
                        help="real seconds measured for each figure")
    args = parser.parse_args()
    seconds = min(args.seconds, COUNTDOWN - DIM_AFTER - 5)
    ref = reference.measure()
    print(ref.describe())
    with tempfile.TemporaryDirectory() as tmp:
        box = Running(Path(tmp), f"dim_after_seconds = {DIM_AFTER}\n")
        try:
            box.send("timer.start", seconds=COUNTDOWN)
            time.sleep(DIM_AFTER + 1)  # past the dim deadline, the countdown running
            countdown, every, loop = box.cpu_shares(seconds)
            box.send("timer.reset")
            time.sleep(DIM_AFTER + 1)  # the still screen has dimmed
            still = box.cpu_share(seconds)
        finally:
            box.stop()
    print(ref.share(f"CPU during a {COUNTDOWN // 60}-minute countdown past the dim deadline, "
                    f"no press, over {seconds:.0f} s", countdown))
    print("  " + ref.ms("main-thread (the loop's) CPU per countdown second, schedstat", loop))
    print("  " + ref.ms("every thread's CPU per countdown second, schedstat", every))
    print(ref.share(f"CPU on a still screen over {seconds:.0f} s (for comparison)", still)
          + f" (counted in {1000 / TICKS:.0f} ms ticks: resolution "
          f"{100 / TICKS / seconds:.3f} %)")


if __name__ == "__main__":
    main()
