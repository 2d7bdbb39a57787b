"""Write-ahead on the real box: what an "ok" that is on disk costs, and a flood it survives.

Starts `fogkeeper run --sim --link pty:...` headless (the same process as on the Pi, with the
dummy display), starts The FOG over the link and then measures, one request at a time as a
host does:
- read-only commands per second (`hello`: nothing to save);
- commands that change the session per second (`press` right/left on the checklist's Players
  row, a setup choice: each one is a journal line, fdatasynced before its reply leaves);
- the save cost per command: the difference of the two (with the frame the change draws),
  and as a ratio to a reference workload measured in the same run on the same disk (an
  atomic 4 kB write with fsync of the file and the folder, which is what one save was before
  the journal), so the figure carries to a Pi's SD;
- a flood: requests written as fast as the pty takes them for --flood seconds; peak memory
  of the box (target < 60 MB), how many got ``busy``, and how long the next request waits.
Run: .venv/bin/python bench/link_writeahead.py [--count 300] [--flood 60]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import serial

sys.path.insert(0, str(Path(__file__).resolve().parent))

import reference as workload
from box_process import BOX_ENV, peak_rss_mb


class Box:
    def __init__(self, folder: Path) -> None:
        folder.mkdir(parents=True, exist_ok=True)
        config = folder / "box.toml"
        config.write_text(f'[storage]\ndata_dir = "{folder / "data"}"\n'
                          "[screen]\nshift_every_seconds = 0\n", encoding="utf-8")
        self.link = folder / "link"
        self.process = subprocess.Popen(
            [sys.executable, "-m", "fogkeeper", "run", "--sim", "--config", str(config),
             "--link", f"pty:{self.link}"],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            env=BOX_ENV)
        while not self.link.exists():
            time.sleep(0.01)
        self.port = serial.Serial(str(self.link), timeout=5)
        self.next_id = 0

    def request(self, cmd: str, **args: object) -> dict[str, object]:
        self.next_id += 1
        self.port.write(json.dumps({"id": self.next_id, "cmd": cmd, **args}).encode() + b"\n")
        while True:
            line = json.loads(self.port.readline())
            if line.get("id") == self.next_id:
                return dict(line)

    def stop(self) -> None:
        self.port.close()
        self.process.terminate()
        self.process.wait(timeout=10)


def per_second(box: Box, count: int, commands: list[tuple[str, dict[str, object]]]) -> float:
    started = time.perf_counter()
    for i in range(count):
        cmd, args = commands[i % len(commands)]
        reply = box.request(cmd, **args)
        assert reply["ok"], reply
    return count / (time.perf_counter() - started)


def reference_save_seconds(folder: Path, count: int) -> float:
    """One atomic save done by hand: temp file, fsync, rename, fsync of the folder."""
    payload = os.urandom(2048).hex().encode()
    target, tmp = folder / "ref.json", folder / "ref.json.tmp"
    times = []
    for _ in range(count):
        t0 = time.perf_counter()
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        os.write(fd, payload)
        os.fsync(fd)
        os.close(fd)
        os.replace(tmp, target)
        dfd = os.open(folder, os.O_RDONLY)
        os.fsync(dfd)
        os.close(dfd)
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def flood(box: Box, seconds: float) -> tuple[int, int, float, float]:
    """Write requests without waiting for replies; count replies and busy ones meanwhile."""
    counts = {"replies": 0, "busy": 0}
    stop = threading.Event()

    def read() -> None:
        while not stop.is_set():
            raw = box.port.readline()
            if raw and b'"id"' in raw:
                counts["replies"] += 1
                counts["busy"] += b'"busy"' in raw

    reading = threading.Thread(target=read, daemon=True)
    reading.start()
    line = b'{"id":"f","cmd":"state"}\n'
    sent = 0
    end = time.perf_counter() + seconds
    peak = 0.0
    while time.perf_counter() < end:
        box.port.write(line * 64)
        sent += 64
        if sent % 6400 == 0:
            peak = max(peak, peak_rss_mb(box.process.pid))
    stop.set()
    reading.join()
    box.port.reset_input_buffer()
    time.sleep(0.5)
    box.port.reset_input_buffer()
    t0 = time.perf_counter()
    box.request("hello")
    return sent, counts["busy"], max(peak, peak_rss_mb(box.process.pid)), time.perf_counter() - t0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=300, help="requests per measurement")
    parser.add_argument("--flood", type=float, default=60.0, help="seconds of flood")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(dir=Path.cwd()) as tmp:
        box = Box(Path(tmp) / "box")
        try:
            assert box.request("game.start", game="fog")["ok"]
            reads = per_second(box, args.count, [("hello", {})])
            for _ in range(2):  # onto Players: right/left change it, a setup choice kept
                assert box.request("press", button="down")["ok"]  # (a cursor is not saved)
            writes = per_second(box, args.count, [("press", {"button": "right"}),
                                                  ("press", {"button": "left"})])
            save = 1 / writes - 1 / reads
            reference = reference_save_seconds(Path(tmp), args.count)
            print(f"read-only commands: {reads:.0f} per second")
            print(f"commands with write-ahead (saved and fsynced before the ok): "
                  f"{writes:.0f} per second")
            cpu = workload.measure()
            print(cpu.describe())
            print(cpu.ms("save cost per command", save))
            print(f"save cost per command: {save * 1000:.2f} ms = "
                  f"{save / reference:.2f} x a reference atomic 4 kB save "
                  f"({reference * 1000:.2f} ms on this disk)")
            sent, busy, peak, next_wait = flood(box, args.flood)
            print(f"flood of {args.flood:.0f} s: {sent} requests written, {busy} answered busy "
                  f"(the rest answered or dropped with the host's backlog); peak RSS "
                  f"{peak:.1f} MB (target < 60 MB); the next request answered in "
                  f"{next_wait * 1000:.0f} ms")
        finally:
            box.stop()


if __name__ == "__main__":
    main()
