"""Benchmark: `fogkeeper history` and the box's "Past games" over many FOG records: the CPU
per record (read, checked and scored again), with its ratio to the reference workload.

It times the firmware's own ``past_games`` on a data folder of N copies of the tests' four-
player record, as the box reads them on the loop thread when the checklist's "Past games"
opens. Run: .venv/bin/python bench/fog_history.py [N]"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import reference
from fogkeeper.data.fog import OWNER_ENV
from fogkeeper.data.fog_history import past_games

RECORD = Path(__file__).resolve().parents[1] / "tests" / "data" / "fog" / "multiplayer_example.json"


def main(argv: list[str]) -> int:
    count = int(argv[0]) if argv else 1000
    with tempfile.TemporaryDirectory() as folder:
        os.environ[OWNER_ENV] = folder  # no owner corrections: the shipped boards
        records = Path(folder) / "records"
        records.mkdir()
        for i in range(count):
            shutil.copy(RECORD, records / f"fog-20261201-{i:06d}.json")
        ref = reference.measure()
        print(ref.describe())
        best = float("inf")
        for _ in range(3):  # the least disturbed of three whole readings
            started = time.process_time()
            games = past_games(Path(folder))
            best = min(best, time.process_time() - started)
        assert len(games) == count and not any(g.problem for g in games), games[:1]
        print(ref.ms(f"past_games, {count} records, per record", best / count))
        print(f"  whole history of {count} records: {best:.2f} s here, Pi Zero 2 W "
              f"~{best * reference.PI_ZERO_2W_SLOWDOWN:.1f} s (estimate)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
