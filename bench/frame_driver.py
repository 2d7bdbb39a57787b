"""Bytes on the display bus per frame kind, from the firmware's own frames and drivers.

Plays the box's own screens on a fake clock: a 60 s hourglass counting down (one frame a
second), the home and Settings menus moved through (one frame a press) and the turns of a
scripted four-player game of The FOG (tests/flow/fog/scripts.py, one frame a press on the
turn screen). Each frame goes through FrameSink into luma.oled's real SSD1306 and SH1106
classes over a bus that counts every call and byte. Bus time per frame is worked out from
those bytes: I2C sends 9 clocks a byte (8 bits and the ACK) plus the address and control
byte and about 2 clocks of start/stop per call; SPI sends 8 clocks a byte (command or data
is a pin, not a byte). Also prints the driver's software time per push (this thread's CPU
time) with its ratio to the reference workload. Usage: frame_driver.py [--seconds 600]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from PIL import Image

import reference
from common import CountingBus, percentile
from fogkeeper.drivers.display import FrameSink, create_device
from fogkeeper.drivers.simbus import i2c_seconds
from fogkeeper.events import Button
from fogkeeper.flow.app import Screen
from fogkeeper.flow.fog.table import FogScreen

BUS_ARGS: dict[str, Any] = dict(
    interface="i2c", i2c_port=1, i2c_address=0x3C, spi_port=0, spi_device=0,
    spi_speed_hz=8_000_000, gpio_dc=24, gpio_reset=25)
DRIVERS = ("ssd1306", "sh1106")
KINDS = ("countdown second", "menu change", "FOG turn")
LINKS: tuple[tuple[str, Callable[[int, int], float]], ...] = (
    ("I2C 100 kHz", lambda b, calls: i2c_seconds(b, calls, 100_000)),
    ("I2C 400 kHz", lambda b, calls: i2c_seconds(b, calls, 400_000)),
    ("SPI 8 MHz", lambda b, calls: b * 8 / 8_000_000),
)


class Panels:
    """One sink per driver; notes bytes, calls and push time per frame kind."""

    def __init__(self) -> None:
        self.buses = {name: CountingBus() for name in DRIVERS}
        self.sinks = {name: FrameSink(create_device(name, serial_interface=bus, **BUS_ARGS))
                      for name, bus in self.buses.items()}
        self.sent: dict[tuple[str, str], list[tuple[int, int]]] = defaultdict(list)
        self.push_seconds: list[float] = []

    def show(self, kind: str | None, image: Image.Image) -> None:
        for name, sink in self.sinks.items():
            bus = self.buses[name]
            before = (bus.command_bytes + bus.data_bytes, bus.calls)
            started = time.thread_time()
            pushed = sink.push(image)
            self.push_seconds.append(time.thread_time() - started)
            if kind is not None and pushed:
                self.sent[(kind, name)].append(
                    (bus.command_bytes + bus.data_bytes - before[0], bus.calls - before[1]))


def countdown(panels: Panels, seconds: int) -> None:
    from support.effects import Effects
    from support.table import AppTable

    table = AppTable(Effects())
    table.press(Button.DOWN, Button.DOWN, Button.DOWN, Button.PRESS, Button.PRESS)
    panels.show(None, table.frame.image)
    for _ in range(seconds):
        table.wait(1)
        if table.app.glass.phase.value == "expired":
            table.press(Button.PRESS)  # the next player's glass
        panels.show("countdown second", table.frame.image)


def menus(panels: Panels, rounds: int) -> None:
    from support.effects import Effects
    from support.table import AppTable

    table = AppTable(Effects())
    panels.show(None, table.frame.image)
    for _ in range(rounds):
        for button in [Button.DOWN] * 5 + [Button.UP] * 5:
            table.press(button)
            panels.show("menu change", table.frame.image)
    table.press(*[Button.DOWN] * 4, Button.PRESS)  # Settings
    assert table.app.state is Screen.SETTINGS, table.app.state
    for _ in range(rounds):
        for button in [Button.DOWN] * 4 + [Button.UP] * 4:
            table.press(button)
            panels.show("menu change", table.frame.image)


def fog_game(panels: Panels) -> None:
    from flow.fog.drivers import AppDriver
    from flow.fog.scripts import four_player_game
    from support.table import HOLD

    class Watched(AppDriver):
        def press(self, *buttons: Any) -> Any:
            held = False
            for b in buttons:
                if b == HOLD:
                    held = True
                    continue
                on_turn = self.app.game is not None and self.fog.screen is FogScreen.TURN
                super().press(*((HOLD, b) if held else (b,)))
                held = False
                panels.show("FOG turn" if on_turn else None, self.image)
            return self

    table = Watched()
    for step in four_player_game():
        step(table)


def report(panels: Panels) -> None:
    print("| frame kind | frames | driver | bytes a frame (median / mean / max) | calls | "
          + " | ".join(name for name, _ in LINKS) + " |")
    print("|---|---|---|---|---|" + "---|" * len(LINKS))
    for kind in KINDS:
        for driver in DRIVERS:
            sent = panels.sent[(kind, driver)]
            if not sent:
                continue
            mean_bytes = statistics.fmean(b for b, _ in sent)
            mean_calls = statistics.fmean(c for _, c in sent)
            times = [statistics.fmean(link(b, c) for b, c in sent) * 1000 for _, link in LINKS]
            print(f"| {kind} | {len(sent)} | {driver} | "
                  f"{statistics.median(b for b, _ in sent):.0f} / {mean_bytes:.0f} / "
                  f"{max(b for b, _ in sent)} | {mean_calls:.1f} | "
                  + " | ".join(f"{t:.2f} ms" for t in times) + " |")
    whole = [link(1024 + 6, 2) * 1000 for _, link in LINKS]
    print("| (a whole frame) | | ssd1306 | 1030 | 2 | "
          + " | ".join(f"{t:.2f} ms" for t in whole) + " |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=int, default=600, help="countdown seconds shown")
    args = parser.parse_args()
    ref = reference.measure()
    panels = Panels()
    countdown(panels, args.seconds)
    menus(panels, 5)
    fog_game(panels)
    report(panels)
    pushes = panels.push_seconds
    print()
    print(ref.describe())
    print(ref.ms(f"driver software time per push, median of {len(pushes)}",
                 statistics.median(pushes)))
    print(ref.ms("driver software time per push, p99", percentile(pushes, 0.99)))


if __name__ == "__main__":
    main()
