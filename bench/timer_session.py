"""What a long timer session costs the box: the session save and the link's `state` reply.

Builds the real box (dummy display, mock pins, a data folder on this disk) with 8 players,
records TURNS turn times straight into its glass (the flow driven directly; a real table
plays them one press at a time), then times the save the box makes after every command
(the snapshot, its JSON, the atomic write with its fsyncs) and the `state` reply, and prints
the bytes of the session file and of the reply line (a line may hold 4,096).
Usage: timer_session.py [TURNS ...]   (default: 1000 10000 100000)
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import Replies, describe_ms, quiet_config
from fogkeeper.app.run import build
from fogkeeper.app.store import encode
from fogkeeper.flow import snapshot
from fogkeeper.link.protocol import MAX_LINE_BYTES, Request

RUNS = 50


def session(turns: int, folder: Path) -> None:
    now = 1000.0
    config = quiet_config(folder)
    box = build(config, clock=lambda: now, wall_clock=lambda: now)
    link = Replies()
    box.parts.link = link
    try:
        box.step(Request(1, "timer.set", {"players": 8}))
        times = box.app.glass.times
        for turn in range(turns):
            times.add(turn % 8, 30.0 + turn % 61 + 0.37)
        take, save = [], []
        for _ in range(RUNS):
            started = time.perf_counter()
            taken = snapshot.take(box.app, now)
            encode(taken)
            take.append(time.perf_counter() - started)
            started = time.perf_counter()
            box.save(force=True)
            save.append(time.perf_counter() - started)
        box.step(Request(2, "state", {}))
        reply = link.lines.get(2)
        said = "NO REPLY SENT" if reply is None else f"{len(reply)} bytes of {MAX_LINE_BYTES}"
        file_bytes = (folder / "session.json").stat().st_size
        print(f"{turns} turns: session file {file_bytes} bytes; `state` reply {said}")
        print("  " + describe_ms("snapshot + JSON", take))
        print("  " + describe_ms("whole save (write, fsync file and folder)", save)
              + f"; mean {statistics.fmean(save) * 1000:.2f} ms")
    finally:
        box.close()


def main(argv: list[str]) -> int:
    for turns in [int(a) for a in argv] or [1000, 10_000, 100_000]:
        with tempfile.TemporaryDirectory() as folder:
            session(turns, Path(folder))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
