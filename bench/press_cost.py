"""What one press and one acknowledged action cost the real box: fsyncs, bytes, CPU.

Starts `fogkeeper run --sim --link pty:...` headless (the process a Pi runs, dummy display,
mock pins), then plays over its link, one request at a time as a host does:
- cursor-only presses: down/up on The FOG's setup checklist (nothing a game promises);
- acknowledged actions: right/left on its Players row (a setup choice, kept before the ok);
- a long FOGSITE game: --actions Moves back and forth (each one kept before its ok); its
  CPU per Move is measured over the first 100 and again after the rest, to show the growth.
Each phase is played twice. Once under ``strace -f -y`` attached to the box: every fsync,
fdatasync and write the box makes on a file in its data folder is counted, per press and per
action (bytes and calls). Once untraced: the box's own CPU per press from
/proc/<pid>/task/*/schedstat (every thread; and the loop's thread alone), with the reference
workload run in this process before every block of 20 steps, so each figure is also a ratio
taken beside the box's own work (the median block's: a shared machine's noise moves both).
Run: .venv/bin/python bench/press_cost.py [--presses 200] [--actions 1000]
"""

from __future__ import annotations

import argparse
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import NamedTuple

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import reference
from box_process import on_cpu_ns
from flow.fogsite.fogsite_table import MAZE, PIN
from support.process import BoxProcess

Step = Callable[[BoxProcess, int], None]
SYSCALL = re.compile(r"^\d+\s+(?P<call>write|fsync|fdatasync)\((?P<fd>\d+)<(?P<path>[^>]*)>"
                     r".*= (?P<result>-?\d+)")


def ok(box: BoxProcess, cmd: str, **args: object) -> None:
    reply = box.request(cmd, **args)
    if not reply.get("ok"):
        raise SystemExit(f"{cmd} refused: {reply}")


def cursor(box: BoxProcess, i: int) -> None:
    ok(box, "press", button="down" if i % 2 == 0 else "up")


def action(box: BoxProcess, i: int) -> None:
    ok(box, "press", button="right" if i % 2 == 0 else "left")


def move(box: BoxProcess, i: int) -> None:
    ok(box, "fogsite.move", colour="R", route="S" if i % 2 == 0 else "N")


def fog_on_players(box: BoxProcess) -> None:
    ok(box, "game.start", game="fog")
    for _ in range(2):
        ok(box, "press", button="down")  # the cursor on Players, for the actions
    ok(box, "press", button="up")  # and back to Board: a cursor phase starts there


def fogsite_game(box: BoxProcess) -> None:
    ok(box, "game.start", game="fogsite")
    ok(box, "fogsite.setup", maze=MAZE, colours=["R", "G", "B"], sleeping="G",
       guardian_start="E3", pin=PIN)
    ok(box, "fogsite.guardian_move", pin=PIN, moves="S1")
    ok(box, "fogsite.explore", colour="R", direction="S")


class Traced:
    """strace attached to the box while a phase plays: its writes and syncs on data files."""

    def __init__(self, pid: int, data: Path, out: Path) -> None:
        self.data, self.out = str(data), out
        self.process = subprocess.Popen(
            ["strace", "-f", "-y", "-qq", "-e", "trace=write,fsync,fdatasync", "-o", str(out),
             "-p", str(pid)], stderr=subprocess.DEVNULL)
        time.sleep(1.0)  # strace attaches to every thread

    def counts(self) -> tuple[int, int]:
        """(fsyncs + fdatasyncs, bytes written) on files in the data folder."""
        self.process.send_signal(signal.SIGINT)
        self.process.wait(timeout=30)
        syncs = written = 0
        for line in self.out.read_text(errors="replace").splitlines():
            found = SYSCALL.match(line)
            if found is None or not found["path"].startswith(self.data):
                continue
            if found["call"] == "write":
                written += max(0, int(found["result"]))
            else:
                syncs += 1
        return syncs, written


def traced(box: BoxProcess, data: Path, step: Step, count: int,
           work: Path) -> tuple[float, float]:
    """fsyncs and bytes written per step, over ``count`` steps."""
    trace = Traced(box.process.pid, data, work / "trace.txt")
    for i in range(count):
        step(box, i)
    time.sleep(0.3)  # the last step's lines written
    syncs, written = trace.counts()
    return syncs / count, written / count


def per_step_bytes(box: BoxProcess, data: Path, step: Step, count: int, block: int,
                   work: Path) -> list[float]:
    """Bytes per step in each block of ``block`` steps, over ``count`` steps: how the cost
    of a step moves as the game grows."""
    blocks = []
    for start in range(0, count, block):
        trace = Traced(box.process.pid, data, work / f"trace-{start}.txt")
        for i in range(start, start + block):
            step(box, i)
        time.sleep(0.3)
        blocks.append(trace.counts()[1] / block)
    return blocks


BLOCK = 20  # steps between two reference runs: the machine's noise changes within a phase
PI_MS = reference.PI_ZERO_2W_SLOWDOWN * 1000  # seconds here to ms on a Pi Zero 2 W


class Cost(NamedTuple):
    """CPU per step: every thread and the loop's alone, as seconds (the median block's) and
    as ratios to the reference run beside each block (their median)."""

    every: float
    loop: float
    every_ratio: float
    loop_ratio: float

    def lines(self, name: str) -> list[str]:
        return [f"  box CPU, {name}every thread: {self.every * 1000:.3f} ms = "
                f"{self.every_ratio:.4f} ref; Pi Zero 2 W ~{self.every * PI_MS:.2f} ms",
                f"  box CPU, {name}the loop's thread: {self.loop * 1000:.3f} ms = "
                f"{self.loop_ratio:.4f} ref; Pi Zero 2 W ~{self.loop * PI_MS:.2f} ms"]


def cpu(box: BoxProcess, step: Step, count: int) -> Cost:
    """CPU per step over ``count`` steps, in blocks of BLOCK with a reference run before
    each: on a shared machine the reference slows with the box, so each block's ratio holds
    where the seconds do not (the median block is given)."""
    pid = box.process.pid
    every, loop, every_ratio, loop_ratio = [], [], [], []
    for start in range(0, count, BLOCK):
        steps = min(BLOCK, count - start)
        ref = reference.measure(1).seconds
        all_before, main_before = on_cpu_ns(pid), on_cpu_ns(pid, main_only=True)
        for i in range(start, start + steps):
            step(box, i)
        time.sleep(0.05)  # the block's last frame pushed
        every.append((on_cpu_ns(pid) - all_before) / 1e9 / steps)
        loop.append((on_cpu_ns(pid, main_only=True) - main_before) / 1e9 / steps)
        every_ratio.append(every[-1] / ref)
        loop_ratio.append(loop[-1] / ref)
    return Cost(*map(statistics.median, (every, loop, every_ratio, loop_ratio)))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--presses", type=int, default=200)
    parser.add_argument("--actions", type=int, default=1000)
    args = parser.parse_args()
    ref = reference.measure()
    print(ref.describe())
    work = Path(tempfile.mkdtemp(prefix="fogkeeper-press-"))
    refs = [ref.seconds]

    fog = BoxProcess(work / "fog")
    try:
        fog_on_players(fog)
        data = work / "fog" / "data"
        for name, step in (("cursor-only press", cursor), ("acknowledged action", action)):
            syncs, written = traced(fog, data, step, args.presses, work)
            cost = cpu(fog, step, args.presses)
            refs.append(reference.measure(3).seconds)  # interleaved with the box's work
            print(f"{name} (The FOG's checklist, {args.presses} over the link): "
                  f"{syncs:.2f} fsyncs, {written:,.0f} bytes written")
            print("\n".join(cost.lines("")))
    finally:
        fog.stop()

    site = BoxProcess(work / "fogsite", pin=PIN)
    try:
        fogsite_game(site)
        data = work / "fogsite" / "data"
        first = cpu(site, move, 100)  # the game's first 100 Moves
        block = max(1, args.actions // 10)
        blocks = per_step_bytes(site, data, move, args.actions, block, work)
        late = cpu(site, move, 100)
        refs.append(reference.measure(3).seconds)
        print(f"FOGSITE Moves, {args.actions} actions: bytes written per action by block of "
              f"{block}: " + ", ".join(f"{b:,.0f}" for b in blocks))
        print(f"  median {statistics.median(blocks):,.0f} bytes an action")
        print("\n".join(first.lines("a Move, the first 100: ")))
        print("\n".join(late.lines(f"a Move after {args.actions + 100}: ")))
        print(f"  growth over the game, in reference runs: every thread "
              f"x{late.every_ratio / first.every_ratio:.2f}, the loop's "
              f"x{late.loop_ratio / first.loop_ratio:.2f} (flat: x1.00)")
    finally:
        site.stop()
    spread = (max(refs) - min(refs)) / min(refs) * 100
    print(f"reference runs between the phases: {min(refs) * 1000:.1f}-{max(refs) * 1000:.1f} "
          f"ms ({spread:.0f} % apart: a wider spread means a noisier machine)")


if __name__ == "__main__":
    main()
