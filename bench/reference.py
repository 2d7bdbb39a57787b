"""The reference workload every bench runs beside its own figures, so a figure carries to
another machine as a ratio: "this frame costs 0.03 reference runs" holds on a Pi as here.

The workload is fixed, deterministic and pure Python (integer arithmetic, small objects,
dicts, lists, strings: what the firmware's own code does), and its answer is checked, so a
change to it cannot go unnoticed. The Pi Zero 2 W figures are an estimate: this machine's
figure times ``PI_ZERO_2W_SLOWDOWN``, an assumed factor, not a measurement.
"""

from __future__ import annotations

import statistics
import time
from dataclasses import dataclass

# Assumed: CPython on a Pi Zero 2 W (Cortex-A53 at 1 GHz) runs pure-Python code about 5-10x
# slower per core than a current x86-64 desktop core; 8 is the middle we plan with. Run
# this workload on the Pi itself to replace the estimate by a measurement.
PI_ZERO_2W_SLOWDOWN = 8.0
ANSWER = 757_291_952  # what workload() returns; anything else is a changed reference


@dataclass(frozen=True)
class _Spot:
    col: int
    row: int


def workload() -> int:
    """One reference run (about 30-50 ms on a desktop core)."""
    total = 0
    seen: dict[_Spot, int] = {}
    for i in range(6000):
        spot = _Spot(i % 37, i % 11)
        seen[spot] = seen.get(spot, 0) + i
        words = [f"{n:03d}" for n in range(i % 7, i % 7 + 5)]
        total = (total * 31 + len("".join(words)) + spot.col * spot.row) % 2_147_483_647
    rows = sorted(seen.items(), key=lambda item: (item[1], item[0].col, item[0].row))
    for spot, value in rows:
        total = (total + value * (spot.col + 1)) % 2_147_483_647
    grid = [[(x * y) % 13 for x in range(32)] for y in range(32)]
    for _ in range(20):
        grid = [[(row[x - 1] + row[x] + row[(x + 1) % 32]) % 13 for x in range(32)]
                for row in grid]
    return (total + sum(map(sum, grid))) % 2_147_483_647


@dataclass(frozen=True)
class Reference:
    """CPU seconds of one reference run here (the fastest of several: the least disturbed)."""

    seconds: float

    def describe(self) -> str:
        return (f"reference workload: {self.seconds * 1000:.1f} ms a run here; Pi Zero 2 W "
                f"about {self.seconds * PI_ZERO_2W_SLOWDOWN * 1000:.0f} ms (estimate: "
                f"x{PI_ZERO_2W_SLOWDOWN:g}, an assumed slowdown, not measured)")

    def ratio(self, seconds: float) -> float:
        return seconds / self.seconds

    def ms(self, name: str, seconds: float) -> str:
        """A time figure: here, as reference runs, and the Pi Zero 2 W estimate."""
        return (f"{name}: {seconds * 1000:.3f} ms = {self.ratio(seconds):.4f} ref; "
                f"Pi Zero 2 W ~{seconds * PI_ZERO_2W_SLOWDOWN * 1000:.2f} ms")

    def rate(self, name: str, per_second: float, unit: str) -> str:
        """A throughput figure: here, reference runs per item, and the Pi Zero 2 W estimate."""
        return (f"{name}: {per_second:,.0f} {unit}/s = {self.ratio(1 / per_second):.5f} ref "
                f"a {unit.rstrip('s')}; Pi Zero 2 W ~{per_second / PI_ZERO_2W_SLOWDOWN:,.0f} "
                f"{unit}/s")

    def share(self, name: str, fraction: float) -> str:
        """A CPU share of one core: the same work takes the Pi proportionally longer."""
        return (f"{name}: {fraction * 100:.3f} % of a core = {fraction / self.seconds:.4f} "
                f"ref runs a second; Pi Zero 2 W ~{fraction * PI_ZERO_2W_SLOWDOWN * 100:.2f} %")


def measure(runs: int = 7) -> Reference:
    """Run the workload ``runs`` times; the fastest run is the reference."""
    times = []
    for _ in range(runs):
        started = time.thread_time()  # CPU time, as the benches' own figures mostly are
        answer = workload()
        times.append(time.thread_time() - started)
        if answer != ANSWER:
            raise SystemExit(f"reference workload answered {answer}, not {ANSWER}: it changed")
    return Reference(min(times))


if __name__ == "__main__":
    found = measure()
    print(found.describe())
    print(f"(median {statistics.median([measure(1).seconds for _ in range(5)]) * 1000:.1f} ms)")
