"""Software time per frame: state change -> image -> bytes out of the real SSD1306/SH1106 driver.

Runs the real app flow on a fake clock through a countdown, and for each displayed second
renders the frame and pushes it through FrameSink to luma.oled's driver over a bus that only
counts bytes (bus time per frame kind: frame_driver.py). Times are this thread's CPU time
(what the frame costs the processor; a busy machine's preemptions are not the firmware's).
Targets here: median < 0.6 ms,
p99 < 1.5 ms; printed with the ratio to the reference workload and a Pi Zero 2 W estimate.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import reference
from common import CountingBus, describe_ms, percentile
from fogkeeper.config import Config
from fogkeeper.drivers.display import FrameSink, create_device
from fogkeeper.events import Button, ButtonEvent
from fogkeeper.flow.app import App, Screen
from fogkeeper.flow.app.views import frame
from fogkeeper.flow.settings import Settings


class Quiet:
    def sound(self, tune: str) -> None: ...
    def apply_settings(self, settings: Settings) -> None: ...
    def emit(self, event: str, payload: dict[str, Any]) -> None: ...
    def set_aside_session(self, reason: str) -> None: ...


def run(driver: str, turns: int, ref: reference.Reference | None = None,
        spaced: float = 0.0) -> None:
    """``spaced``: seconds of real time between frames, as the box spaces them (its caches
    cold again by the next one); 0 runs them back to back, a hot loop that flatters."""
    bus = CountingBus()
    d = Config().display
    device = create_device(driver, interface=d.interface, i2c_port=1, i2c_address=0x3C,
                           spi_port=0, spi_device=0, spi_speed_hz=8_000_000, gpio_dc=24,
                           gpio_reset=25, serial_interface=bus)
    sink = FrameSink(device)
    now = [0.0]
    app = App(Config(), Quiet(), lambda: now[0], settings=Settings(), first_screen=Screen.HOME)
    for b in (Button.DOWN, Button.DOWN, Button.DOWN, Button.PRESS, Button.PRESS):
        app.handle(ButtonEvent(b))
    sink.push(frame(app, now[0]).image)
    bus.data_bytes = 0
    samples = []
    sent = 0
    for _ in range(turns * 60):
        if spaced:
            time.sleep(spaced)
        now[0] += 1.0
        started = time.thread_time()
        app.tick(now[0])
        if app.glass.phase.value == "expired":
            app.handle(ButtonEvent(Button.PRESS))
        sent += sink.push(frame(app, now[0]).image)
        samples.append(time.thread_time() - started)
    how = f"{spaced * 1000:.0f} ms apart" if spaced else "back to back"
    print(describe_ms(f"{driver} frame (tick+render+push), {how}", samples))
    if ref is not None:
        print("  " + ref.ms("median", statistics.median(samples)))
        print("  " + ref.ms("p99", percentile(samples, 0.99)))
    print(f"{driver}: {sent} frames sent, {bus.data_bytes / max(sent, 1):.0f} data bytes a "
          f"frame on average (a full frame is 1024)")


if __name__ == "__main__":
    found = reference.measure()
    print(found.describe())
    for name in ("ssd1306", "sh1106"):
        run(name, turns=20, ref=found, spaced=0.05)  # the box's own rhythm: the budget's
        run(name, turns=20, ref=found)
