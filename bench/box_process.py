"""The running box as a process: start-up to first frame, idle CPU, peak memory.

Starts `fogkeeper run --sim --link pty:...` headless (dummy display, mock pins), then:
- start-up: from spawning the process to the first answered `screen` request (the first
  frame is drawn just before the loop starts answering); target < 0.5 s;
- CPU share of one core over --seconds on a static screen and during a running countdown
  (from /proc/<pid>/stat); targets < 1 % and < 3 %;
- peak resident memory (VmHWM); target < 60 MB.
Run: .venv/bin/python bench/box_process.py [--seconds 30] [--runs 5]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import serial

TICKS = os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS  # utime + stime


def peak_rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return float("nan")


class Running:
    def __init__(self, folder: Path, more_config: str = "") -> None:
        folder.mkdir(parents=True, exist_ok=True)
        config = folder / "box.toml"
        config.write_text(f'[storage]\ndata_dir = "{folder / "data"}"\n' + more_config)
        self.link = folder / "link"
        self.started = time.perf_counter()
        self.process = subprocess.Popen(
            [sys.executable, "-m", "fogkeeper", "run", "--sim", "--config", str(config),
             "--link", f"pty:{self.link}"],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        while not self.link.exists():
            time.sleep(0.001)
        self.port = serial.Serial(str(self.link), timeout=0.01)
        self.first_frame = self._first_answer() - self.started

    def _first_answer(self) -> float:
        while True:
            self.port.write(b'{"id": 1, "cmd": "screen"}\n')
            deadline = time.perf_counter() + 0.02
            while time.perf_counter() < deadline:
                line = self.port.readline()
                if line and json.loads(line).get("id") == 1:
                    return time.perf_counter()

    def send(self, cmd: str, **args: object) -> None:
        self.port.write(json.dumps({"id": 2, "cmd": cmd, **args}).encode() + b"\n")
        time.sleep(0.2)
        self.port.reset_input_buffer()

    def cpu_share(self, seconds: float) -> float:
        before, t0 = cpu_seconds(self.process.pid), time.perf_counter()
        end = t0 + seconds
        while time.perf_counter() < end:  # keep draining events like a host would
            self.port.read(4096)
            time.sleep(0.05)
        return (cpu_seconds(self.process.pid) - before) / (time.perf_counter() - t0)

    def stop(self) -> None:
        self.port.close()
        self.process.terminate()
        self.process.wait(timeout=10)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--runs", type=int, default=5, help="start-ups to time")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        starts = []
        for run in range(args.runs):
            box = Running(Path(tmp) / f"run{run}")
            starts.append(box.first_frame)
            if run < args.runs - 1:
                box.stop()
        print(f"start-up to first frame: median {statistics.median(starts) * 1000:.0f} ms, "
              f"max {max(starts) * 1000:.0f} ms over {len(starts)} starts")
        static = box.cpu_share(args.seconds)
        print(f"CPU on a static screen: {static * 100:.2f} % of a core over {args.seconds:.0f} s")
        box.send("timer.start", seconds=3600)
        countdown = box.cpu_share(args.seconds)
        print(f"CPU during a countdown: {countdown * 100:.2f} % of a core "
              f"over {args.seconds:.0f} s")
        print(f"peak RSS: {peak_rss_mb(box.process.pid):.1f} MB")
        box.stop()


if __name__ == "__main__":
    main()
