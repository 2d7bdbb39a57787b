"""This tree's box against an earlier commit's, both real processes, run side by side.

On a shared machine the CPU a box spends on the same work moves by half from one hour to
the next (other tenants' load, caches, steal), more than most changes move it. Two boxes
run at the same time share that noise, so their ratio holds where each one's seconds do not.

Method: the earlier commit (``--base``, default HEAD) is checked out in a temporary git
worktree; both boxes are `fogkeeper run --sim --link pty:...` headless (the process a Pi
runs), the base one with its own package first on PYTHONPATH, the same venv otherwise.
- presses: the same request to one box then the other, one at a time as a host does; each
  box's CPU over its own request from /proc/<pid>/task/*/schedstat (every thread), summed;
- FOGSITE Moves: the same, over the first 100 Moves of a game and again after 1,000 more;
- a countdown: both run a 10-minute countdown past the dim deadline, measured over the same
  --seconds (the loop's thread alone, as countdown_cpu.py).
Prints each box's figure and this tree's as a share of the base's (0.80: 20 % less CPU).
Run: .venv/bin/python bench/side_by_side.py [--base REV] [--seconds 40]
"""

from __future__ import annotations

import argparse
import contextlib
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import box_process
from press_cost import PIN, action, cursor, fog_on_players, fogsite_game, move, on_cpu_ns
from support.process import BoxProcess

ROOT = Path(__file__).resolve().parents[1]
Step = Callable[[BoxProcess, int], None]


@contextlib.contextmanager
def base_tree(rev: str) -> Iterator[Path]:
    """The package of commit ``rev``, checked out in a temporary worktree."""
    with tempfile.TemporaryDirectory(prefix="fogkeeper-base-") as tmp:
        tree = Path(tmp) / "tree"
        subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "-q", "--detach",
                        str(tree), rev], check=True)
        try:
            yield tree / "firmware_py"
        finally:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force",
                            str(tree)], check=False)


def box_env(package: Path) -> dict[str, str]:
    """The environment of a box that imports fogkeeper from ``package``."""
    return {**box_process.BOX_ENV, "PYTHONPATH": str(package)}


def start(package: Path, folder: Path, pin: str = "") -> BoxProcess:
    return BoxProcess(folder, pin=pin, env=box_env(package))


def alternate(boxes: dict[str, BoxProcess], step: Step, count: int,
              first: int = 0) -> dict[str, float]:
    """CPU seconds per step of each box, the steps given to one box then the other."""
    spent = dict.fromkeys(boxes, 0)
    for i in range(first, first + count):
        for name, box in boxes.items():
            before = on_cpu_ns(box.process.pid)
            step(box, i)
            time.sleep(0.003)  # its frame pushed, its event written
            spent[name] += on_cpu_ns(box.process.pid) - before
    return {name: ns / 1e9 / count for name, ns in spent.items()}


def report(what: str, figures: dict[str, float]) -> None:
    base, this = figures["base"], figures["this"]
    print(f"{what}: base {base * 1000:.3f} ms, this tree {this * 1000:.3f} ms = "
          f"{this / base:.2f} of the base's")


def countdowns(packages: dict[str, Path], work: Path, seconds: float) -> dict[str, float]:
    """The loop's CPU per countdown second of each box, measured over the same seconds."""
    boxes = {name: box_process.Running(work / f"glass-{name}", "dim_after_seconds = 2\n",
                                       env=box_env(package))
             for name, package in packages.items()}
    for box in boxes.values():
        box.send("timer.start", seconds=600)
    time.sleep(3)  # past the dim deadline
    found: dict[str, float] = {}

    def measure(name: str) -> None:
        found[name] = boxes[name].cpu_shares(seconds)[2]

    try:
        threads = [threading.Thread(target=measure, args=(name,)) for name in boxes]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    finally:
        for box in boxes.values():
            box.stop()
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", default="HEAD", help="the commit to compare with")
    parser.add_argument("--seconds", type=float, default=40.0,
                        help="real seconds of countdown measured")
    parser.add_argument("--presses", type=int, default=300)
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="fogkeeper-side-"))
    with base_tree(args.base) as base:
        packages = {"base": base, "this": ROOT / "firmware_py"}
        print(f"base: {args.base}; this tree: {ROOT}")
        boxes = {name: start(package, work / f"fog-{name}") for name, package in packages.items()}
        try:
            for box in boxes.values():
                fog_on_players(box)
            report("cursor-only press, every thread", alternate(boxes, cursor, args.presses))
            report("acknowledged action, every thread", alternate(boxes, action, args.presses))
        finally:
            for box in boxes.values():
                box.stop()
        boxes = {name: start(package, work / f"site-{name}", PIN)
                 for name, package in packages.items()}
        try:
            for box in boxes.values():
                fogsite_game(box)
            early = alternate(boxes, move, 100)
            report("FOGSITE Move, the first 100, every thread", early)
            for i in range(100, 1100):
                for box in boxes.values():
                    move(box, i)
            late = alternate(boxes, move, 100, first=1100)
            report("FOGSITE Move after 1,100, every thread", late)
            for name in boxes:
                print(f"  growth over the game, {name}: x{late[name] / early[name]:.2f}")
        finally:
            for box in boxes.values():
                box.stop()
        report(f"the loop's CPU per countdown second, over {args.seconds:.0f} s",
               countdowns(packages, work, args.seconds))


if __name__ == "__main__":
    main()
