"""What the game clock's bank modes cost: CPU of a running bank clock vs the glass's, and the
session size after many turns.

CPU: a real `fogkeeper run --sim --link pty:...` process (headless, dimming after DIM_AFTER
seconds, as in countdown_cpu.py); over the link it runs a Fischer bank clock (4 players,
50 min + 5 s) and then, reset, a 10-minute glass, and reads the process's CPU time from
/proc/<pid>/stat over --seconds of real time for each; prints both as a share of one core
(with the Pi Zero 2 W estimate from bench/reference.py) and their ratio. Goal: the bank
clock within the glass's figure.
Size: the real box built in-process (dummy display, mock pins, this disk) with 8 players in
byo-yomi with an increment and names; TURNS turns are played through its glass on a fake
clock (every switch as B makes it), then the session file, the `state` and `timer.stats`
replies are measured in bytes. Goal: the same size whatever the number of turns.
Usage: clock_modes.py [--seconds 30] [--turns 10 1000 100000]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import reference
from box_process import TICKS, Running
from common import Replies, quiet_config
from fogkeeper.app.run import build
from fogkeeper.link.protocol import MAX_LINE_BYTES, Request

DIM_AFTER = 2
GLASS_SECONDS = 600
BANK = {"players": 4, "mode": "bank", "bank_seconds": 3000, "increment_seconds": 5}
SIZED = {"players": 8, "mode": "byoyomi", "bank_seconds": 5999, "periods": 5,
         "period_seconds": 30, "increment_seconds": 2,
         "names": ["Alice", "Bob", "Cyrano", "Dee", "Eve", "Fay", "Gus", "Hal"]}


def cpu(seconds: float) -> tuple[float, float]:
    """A core's share for a running bank clock, then for a running glass."""
    with tempfile.TemporaryDirectory() as tmp:
        box = Running(Path(tmp), f"dim_after_seconds = {DIM_AFTER}\n")
        try:
            box.send("timer.set", **BANK)
            box.send("timer.start")
            time.sleep(DIM_AFTER + 1)
            bank = box.cpu_share(seconds)
            box.send("timer.pause")
            box.send("timer.reset")
            box.send("timer.set", mode="glass", players=4)
            box.send("timer.start", seconds=GLASS_SECONDS)
            time.sleep(DIM_AFTER + 1)
            glass = box.cpu_share(seconds)
        finally:
            box.stop()
    return bank, glass


def sizes(turns: int, folder: Path) -> str:
    now = 1000.0
    config = quiet_config(folder)
    box = build(config, clock=lambda: now, wall_clock=lambda: now)
    link = Replies()
    box.parts.link = link
    try:
        box.step(Request(1, "timer.set", dict(SIZED)))
        glass = box.app.glass
        glass.start(now)
        for turn in range(turns):
            now += 1.0 + turn % 7 * 0.37  # short turns: the banks only grow
            glass.tick(now)
            glass.next_player(now)
        box.save(force=True)
        box.step(Request(2, "state", {}))
        box.step(Request(3, "timer.stats", {}))
        state, stats = len(link.lines[2]), len(link.lines[3])
        file_bytes = (folder / "session.json").stat().st_size
        return (f"{turns} turns (round {glass.round}): session file {file_bytes} bytes; "
                f"`state` reply {state} and `timer.stats` {stats} bytes of {MAX_LINE_BYTES}")
    finally:
        box.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=30.0,
                        help="real seconds measured for each CPU figure")
    parser.add_argument("--turns", type=int, nargs="*", default=[10, 1000, 100_000])
    args = parser.parse_args()
    for turns in args.turns:
        with tempfile.TemporaryDirectory() as folder:
            print(sizes(turns, Path(folder)))
    ref = reference.measure()
    print(ref.describe())
    bank, glass = cpu(args.seconds)
    print(ref.share(f"CPU of a running 4-player Fischer bank clock over {args.seconds:.0f} s",
                    bank))
    print(ref.share(f"CPU of a running {GLASS_SECONDS} s glass over {args.seconds:.0f} s",
                    glass) + f" (counted in {1000 / TICKS:.0f} ms ticks: resolution "
          f"{100 / TICKS / args.seconds:.3f} %)")
    print(f"bank / glass: {bank / glass:.2f}" if glass else "bank / glass: glass used no tick")


if __name__ == "__main__":
    main()
