"""Press latency with the OLED pushed on the loop's thread (before) and on its own (after).

A real Box (its app, stores on a temporary disk, mock pins; app.run.assemble and connect, as
``build`` makes it) draws on luma.oled's real SSD1306 through the box's page writer, over
the simulated 400 kHz I2C bus (fogkeeper.drivers.simbus: it sleeps as long as the bus would
take for every byte sent). The box's own loop (Box.run) runs on a thread; this thread puts
button events on its queue as the input driver does. A press's latency is from its event
entering the queue to the loop asking for its next item (ready for the next press). Two
players: one pressing every 100 ms (a quick thumb: the bus is free again by the next press)
and a burst (each press as soon as the loop is ready for it, as a held key's repeat or the
link may send them). Moves go down and up the home menu (a menu change each).

Also prints the bus time per frame (what the simulated bus took: menu change, and the whole
frame of the first screen) and how many frames the display thread pushed of those handed to
it. Latencies are wall-clock times (the bus's time is a wait, not CPU); their ratios to the
reference workload (CPU time) are printed as the other benches do, with the loop thread's
CPU time a press beside them (what the machine's other jobs do not change). Usage:
display_thread.py [--presses 200]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import reference
from common import percentile, quiet_config
from fogkeeper.app.box import Box, Stop
from fogkeeper.app.run import assemble, connect
from fogkeeper.drivers.display import DisplayThread, FrameSink
from fogkeeper.drivers.simbus import SimulatedI2C, simulated_oled
from fogkeeper.events import Button, ButtonEvent

MOVES = [Button.DOWN] * 4 + [Button.UP] * 4  # home menu: Timer ... Settings and back
QUICK_THUMB_SECONDS = 0.1


class Running:
    """A box on the simulated bus with its loop on a thread, stamping each time the loop is
    ready for its next item."""

    def __init__(self, folder: Path, *, threaded: bool) -> None:
        config = quiet_config(folder)
        device = simulated_oled("ssd1306")
        self.bus: SimulatedI2C = device._serial_interface
        sink: Any = FrameSink(device)
        self.display = DisplayThread(sink) if threaded else None
        self.box: Box = assemble(config, self.display or sink)
        connect(self.box, config)
        self.box.parts.sink.flush()  # the settings' contrast command
        started = self.bus.seconds
        self.box.refresh()  # the first screen: a whole frame (after luma's init cleared it)
        self.box.parts.sink.flush()
        self.first_frame_seconds = self.bus.seconds - started
        self.ready = threading.Event()
        self.loop_cpu = 0.0  # the loop thread's CPU time when it was last ready
        taking = self.box._next_item

        def next_item() -> Any:
            self.loop_cpu = time.thread_time()
            self.ready.set()
            return taking()

        self.box._next_item = next_item  # type: ignore[method-assign]
        self.loop = threading.Thread(target=self.box.run, name="loop", daemon=True)
        self.loop.start()
        self.ready.wait(5)

    def press(self, button: Button) -> tuple[float, float]:
        """Seconds from the press entering the loop's queue to the loop ready again, and the
        loop thread's CPU seconds meanwhile."""
        self.ready.clear()
        cpu = self.loop_cpu
        started = time.perf_counter()
        self.box.events.put(ButtonEvent(button))
        if not self.ready.wait(5):
            raise SystemExit("the loop did not take a press in 5 s")
        return time.perf_counter() - started, self.loop_cpu - cpu

    def stop(self) -> float:
        """Stop the loop and close the box; the seconds the close took (its last frame)."""
        self.box.events.put(Stop())
        self.loop.join(10)
        started = time.perf_counter()
        self.box.close()
        return time.perf_counter() - started


def play(threaded: bool, presses: int, gap: float) -> tuple[list[float], dict[str, float]]:
    with tempfile.TemporaryDirectory() as folder:
        box = Running(Path(folder), threaded=threaded)
        bus_before, calls_before = box.bus.seconds, box.bus.calls
        latencies, cpu = [], []
        for n in range(presses):
            latency, loop_cpu = box.press(MOVES[n % len(MOVES)])
            latencies.append(latency)
            cpu.append(loop_cpu)
            if gap:
                time.sleep(gap)
        box.box.parts.sink.flush(timeout=5)
        figures = {"cpu_median": statistics.median(cpu), "cpu_p99": percentile(cpu, 0.99),
                   "bus_seconds": box.bus.seconds - bus_before,
                   "calls": box.bus.calls - calls_before,
                   "first_frame": box.first_frame_seconds,
                   "replaced": box.display.replaced if box.display else 0}
        figures["close"] = box.stop()
        return latencies, figures


def menu_change_bus_seconds(presses: int) -> list[float]:
    """The bus time of each menu change's frame, on a box stepped here (no loop thread)."""
    with tempfile.TemporaryDirectory() as folder:
        config = quiet_config(Path(folder))
        device = simulated_oled("ssd1306")
        bus: SimulatedI2C = device._serial_interface
        box = assemble(config, FrameSink(device))
        box.refresh()
        times = []
        for n in range(presses):
            before = bus.seconds
            box.step(ButtonEvent(MOVES[n % len(MOVES)]))
            times.append(bus.seconds - before)
        box.close()
        return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--presses", type=int, default=200, help="presses per run")
    args = parser.parse_args()
    ref = reference.measure()
    print(ref.describe())
    menu = menu_change_bus_seconds(40)
    runs = {}
    for who, gap in (("a press every 100 ms", QUICK_THUMB_SECONDS), ("a burst", 0.0)):
        for threaded in (False, True):
            runs[(who, threaded)] = play(threaded, args.presses, gap)
    first = runs[("a press every 100 ms", False)][1]["first_frame"]
    print()
    print("bus time per frame (simulated SSD1306 on I2C at 400 kHz, the box's page writer; "
          "a wait on the bus, the same on a Pi):")
    for name, seconds in ((f"menu change, median of {len(menu)}", statistics.median(menu)),
                          ("menu change, max", max(menu)),
                          ("whole frame (the first screen)", first)):
        print(f"  {name}: {seconds * 1000:.2f} ms = {ref.ratio(seconds):.4f} ref")
    print()
    print("press latency, queue -> loop ready for the next item (wall clock):")
    for (who, threaded), (latencies, figures) in runs.items():
        where = "display thread (after)" if threaded else "loop thread (before)"
        median, p99 = statistics.median(latencies), percentile(latencies, 0.99)
        print(f"  {who}, push on the {where}: median {median * 1000:.2f} ms, "
              f"p99 {p99 * 1000:.2f} ms, max {max(latencies) * 1000:.2f} ms over "
              f"{len(latencies)} presses; {ref.ratio(median):.4f} / {ref.ratio(p99):.4f} ref")
        pushed = f"{figures['replaced']:.0f} frames replaced before their push" if threaded \
            else "every frame pushed"
        print(f"    the loop's CPU time a press: median {figures['cpu_median'] * 1000:.2f} ms, "
              f"p99 {figures['cpu_p99'] * 1000:.2f} ms = {ref.ratio(figures['cpu_median']):.4f}"
              f" / {ref.ratio(figures['cpu_p99']):.4f} ref")
        print(f"    bus busy {figures['bus_seconds'] * 1000:.0f} ms in "
              f"{figures['calls']:.0f} calls ({pushed}); close took "
              f"{figures['close'] * 1000:.1f} ms")
    for who in ("a press every 100 ms", "a burst"):
        before = statistics.median(runs[(who, False)][0])
        after = statistics.median(runs[(who, True)][0])
        before99 = percentile(runs[(who, False)][0], 0.99)
        after99 = percentile(runs[(who, True)][0], 0.99)
        print(f"  {who}: after / before = {after / before:.2f} (median), "
              f"{after99 / before99:.2f} (p99)")


if __name__ == "__main__":
    main()
