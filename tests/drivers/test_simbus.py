"""The simulated I2C bus takes a real bus's time for what luma.oled and the page writer send."""

from __future__ import annotations

import pytest
from PIL import Image, ImageDraw

from fogkeeper.drivers.display import FrameSink
from fogkeeper.drivers.simbus import i2c_seconds, simulated_oled


class Sleeps(list[float]):
    def __call__(self, seconds: float) -> None:
        self.append(seconds)


def test_a_whole_frame_takes_a_400_khz_bus_about_23_ms() -> None:
    sleeps = Sleeps()
    device = simulated_oled("ssd1306", sleep=sleeps)
    bus = device._serial_interface
    sleeps.clear()
    sent, calls = bus.sent_bytes, bus.calls
    picture = Image.new("1", (128, 64))
    ImageDraw.Draw(picture).rectangle((0, 0, 127, 63), fill=1)
    assert FrameSink(device).push(picture)
    # the window command (6 bytes) and the 1024 bytes of RAM, each call with its address
    # and control byte: 1034 bytes of 9 clocks and 4 clocks of start and stop
    assert (bus.sent_bytes - sent, bus.calls - calls) == (1030, 2)
    assert sum(sleeps) == pytest.approx((1034 * 9 + 4) / 400_000)
    assert sum(sleeps) == pytest.approx(0.023275)


def test_a_small_change_takes_the_bus_only_for_its_window() -> None:
    sleeps = Sleeps()
    sink = FrameSink(simulated_oled("ssd1306", sleep=sleeps))
    sink.push(Image.new("1", (128, 64)))
    sleeps.clear()
    dot = Image.new("1", (128, 64))
    dot.putpixel((10, 20), 1)  # page 2, column 10: one byte of RAM
    assert sink.push(dot)
    assert sleeps == [pytest.approx(i2c_seconds(6, 1)), pytest.approx(i2c_seconds(1, 1))]
    assert sum(sleeps) < 0.001


def test_a_slower_bus_takes_longer_in_proportion() -> None:
    assert i2c_seconds(1030, 2, 100_000) == pytest.approx(4 * i2c_seconds(1030, 2))
