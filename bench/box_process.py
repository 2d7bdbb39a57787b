"""The running box as a process: start-up, still-screen CPU, peak memory.

Starts `fogkeeper run --sim --link pty:...` headless (dummy display, mock pins) as a box
would run it: with its bytecode cached (the development shell's PYTHONDONTWRITEBYTECODE is
dropped and one start warms the cache; an installed package has its .pyc files), then:
- start-up, from spawning the process: to the splash and to the first real screen (the
  box logs each as it pushes it; targets 0.15 s and 0.3 s here), and to the first answered
  `screen` request over the link (target 0.4 s);
- CPU share of one core over --seconds on a still screen (target 0.15 %) and during a
  running countdown (from /proc/<pid>/stat);
- peak resident memory (VmHWM); target < 60 MB.
Each time is also printed as a ratio to the reference workload with a Pi Zero 2 W estimate.
Run: .venv/bin/python bench/box_process.py [--seconds 30] [--runs 7]
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import serial

sys.path.insert(0, str(Path(__file__).resolve().parent))

import reference

TICKS = os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS  # utime + stime


def on_cpu_ns(pid: int, main_only: bool = False) -> int:
    """Nanoseconds the process's threads (or its main thread, the box's loop) have run, from
    the scheduler's own accounting (schedstat: exact, not in 10 ms ticks)."""
    tasks = [str(pid)] if main_only else os.listdir(f"/proc/{pid}/task")
    total = 0
    for task in tasks:
        with contextlib.suppress(FileNotFoundError, ProcessLookupError):  # a thread ended
            total += int(Path(f"/proc/{pid}/task/{task}/schedstat").read_text().split()[0])
    return total


def peak_rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return float("nan")


BOX_ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


class Running:
    def __init__(self, folder: Path, screen: str = "",
                 env: dict[str, str] | None = None) -> None:
        """``env``: the box's environment (None: BOX_ENV, this one's)."""
        folder.mkdir(parents=True, exist_ok=True)
        config = folder / "box.toml"
        config.write_text(f'[storage]\ndata_dir = "{folder / "data"}"\n'
                          '[screen]\nshift_every_seconds = 0\n' + screen)  # more [screen] keys
        self.link = folder / "link"
        self.started = time.perf_counter()
        self.process = subprocess.Popen(
            [sys.executable, "-m", "fogkeeper", "run", "--sim", "--config", str(config),
             "--link", f"pty:{self.link}"],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
            env=BOX_ENV if env is None else env)
        self.splash = self._logged("splash on the display")
        self.first_screen = self._logged("first screen on the display")
        while not self.link.exists():
            time.sleep(0.001)
        self.port = serial.Serial(str(self.link), timeout=0.01)
        self.first_answer = self._first_answer() - self.started
        assert self.process.stderr is not None
        self.process.stderr.close()  # later log lines go nowhere; the box must not block

    def _logged(self, message: str) -> float:
        """Seconds from the spawn to the log line with ``message``."""
        assert self.process.stderr is not None
        for raw in self.process.stderr:
            if message in raw.decode():
                return time.perf_counter() - self.started
        raise SystemExit(f"the box ended before it logged {message!r}")

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
        return self.cpu_shares(seconds)[0]

    def cpu_shares(self, seconds: float) -> tuple[float, float, float]:
        """Share of a core over ``seconds``: the process (ticks), and from schedstat every
        thread and the main thread (the loop) alone."""
        pid = self.process.pid
        before, t0 = cpu_seconds(pid), time.perf_counter()
        every, main = on_cpu_ns(pid), on_cpu_ns(pid, main_only=True)
        end = t0 + seconds
        while time.perf_counter() < end:  # keep draining events like a host would
            self.port.read(4096)
            time.sleep(0.05)
        took = time.perf_counter() - t0
        return ((cpu_seconds(pid) - before) / took, (on_cpu_ns(pid) - every) / 1e9 / took,
                (on_cpu_ns(pid, main_only=True) - main) / 1e9 / took)

    def stop(self) -> None:
        self.port.close()
        self.process.terminate()
        self.process.wait(timeout=10)


def start_ups(ref: reference.Reference, boxes: list[Running]) -> None:
    for name, times in (("splash", [b.splash for b in boxes]),
                        ("first screen", [b.first_screen for b in boxes]),
                        ("first answer over the link", [b.first_answer for b in boxes])):
        print(ref.ms(f"spawn to {name}, median of {len(times)}", statistics.median(times))
              + f" (min {min(times) * 1000:.0f} ms, max {max(times) * 1000:.0f} ms)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--runs", type=int, default=7, help="start-ups to time")
    args = parser.parse_args()
    ref = reference.measure()
    print(ref.describe())
    with tempfile.TemporaryDirectory() as tmp:
        Running(Path(tmp) / "warm-up").stop()  # writes the bytecode cache
        boxes = []
        for run in range(args.runs):
            boxes.append(Running(Path(tmp) / f"run{run}"))
            if run < args.runs - 1:
                boxes[-1].stop()
        box = boxes[-1]
        start_ups(ref, boxes)
        time.sleep(1.0)  # let the start-up settle before counting
        print(ref.share(f"CPU on a still screen over {args.seconds:.0f} s",
                        box.cpu_share(args.seconds))
              + f" (counted in {1000 / TICKS:.0f} ms ticks: resolution "
              f"{100 / TICKS / args.seconds:.3f} %)")
        box.send("timer.start", seconds=3600)
        print(ref.share(f"CPU during a countdown over {args.seconds:.0f} s",
                        box.cpu_share(args.seconds)))
        print(f"peak RSS: {peak_rss_mb(box.process.pid):.1f} MB")
        box.stop()


if __name__ == "__main__":
    main()
