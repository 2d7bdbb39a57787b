"""Frame cost in the display driver: software time per push and bytes on the bus.

Runs the real luma ssd1306/sh1106 classes over a counting fake bus, pushing a countdown
screen (big digits and a shrinking bar) once a second of game time, and prints median and
p99 software time per frame plus the bytes sent, for whole frames and for changed pages.
Usage: python bench/frame_driver.py [frames]
"""

from __future__ import annotations

import statistics
import sys
import time
from typing import Any

from PIL import Image, ImageDraw, ImageFont

from fogkeeper.drivers.display import FrameSink, FullFrameWriter, create_device

I2C_HZ = 400_000
SPI_HZ = 8_000_000
BUS_ARGS: dict[str, Any] = dict(
    interface="i2c", i2c_port=1, i2c_address=0x3C, spi_port=0, spi_device=0,
    spi_speed_hz=SPI_HZ, gpio_dc=24, gpio_reset=25)


class CountingBus:
    def __init__(self) -> None:
        self.sent_bytes = 0

    def command(self, *cmd: int) -> None:
        self.sent_bytes += len(cmd)

    def data(self, data: Any) -> None:
        self.sent_bytes += len(data)

    def cleanup(self) -> None:
        pass


def countdown(seconds_left: int, font: Any) -> Image.Image:
    image = Image.new("1", (128, 64))
    draw = ImageDraw.Draw(image)
    draw.text((4, 0), "Timer  player 2", fill=1)
    draw.text((34, 18), f"{seconds_left // 60}:{seconds_left % 60:02d}", font=font, fill=1)
    draw.rectangle((4, 54, 4 + seconds_left * 2, 60), fill=1)
    return image


def run(driver: str, paged: bool, frames: int, font: Any) -> None:
    bus = CountingBus()
    device = create_device(driver, serial_interface=bus, **BUS_ARGS)
    sink = FrameSink(device) if paged else FrameSink(device, writer=FullFrameWriter(device))
    bus.sent_bytes = 0
    times_ms: list[float] = []
    for frame in range(frames):
        started = time.perf_counter()
        sink.push(countdown(60 - frame % 60, font))
        times_ms.append((time.perf_counter() - started) * 1000)
    per_frame = bus.sent_bytes / frames
    bus_ms = per_frame * 9 / I2C_HZ * 1000 if driver == "ssd1306" else per_frame * 8 / SPI_HZ * 1000
    link = "I2C 400 kHz" if driver == "ssd1306" else "SPI 8 MHz"
    p99 = statistics.quantiles(times_ms, n=100)[98]
    print(f"{driver:8} {'changed pages' if paged else 'whole frames':14} "
          f"median {statistics.median(times_ms):6.3f} ms  p99 {p99:6.3f} ms  "
          f"{per_frame:7.1f} B/frame  ~{bus_ms:5.2f} ms on {link}")


def main() -> None:
    frames = int(sys.argv[1]) if len(sys.argv) > 1 else 600
    try:
        font: Any = ImageFont.load_default(size=28)
    except TypeError:  # Pillow without FreeType sizes
        font = ImageFont.load_default()
    print(f"{frames} frames of a countdown screen (render + push through the real driver)")
    for driver in ("ssd1306", "sh1106"):
        for paged in (False, True):
            run(driver, paged, frames, font)


if __name__ == "__main__":
    main()
