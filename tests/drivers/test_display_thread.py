"""The display thread over a panel held up at a gate: settings in order, faults kept, and a
close that gives up on a bus that hangs."""

from __future__ import annotations

import logging
import time
from collections.abc import Iterator

import pytest
from PIL import Image

from fogkeeper.drivers.display import DisplayThread, FrameSink
from support.display import GatedPanel


@pytest.fixture
def gated() -> Iterator[GatedPanel]:
    made = GatedPanel()
    yield made
    made.gate.set()


def picture(x: int) -> Image.Image:
    image = Image.new("1", (128, 64))
    image.putpixel((x, 0), 1)
    return image


def test_the_thread_pushes_the_newest_frame_handed_over(gated: GatedPanel) -> None:
    display = DisplayThread(FrameSink(gated))
    gated.gate.clear()
    assert display.push(picture(1)) and display.push(picture(2))
    gated.gate.set()
    assert display.flush(timeout=5)
    assert gated.frames[-1] == picture(2).tobytes()
    display.close()


def test_a_wrong_sized_frame_is_refused_on_the_callers_thread(gated: GatedPanel) -> None:
    display = DisplayThread(FrameSink(gated))
    with pytest.raises(ValueError, match="64x32"):
        display.push(Image.new("1", (64, 32)))
    with pytest.raises(ValueError):
        display.set_contrast(300)
    with pytest.raises(ValueError):
        display.set_rotation(90)
    display.close()


def test_a_rotation_reaches_the_panel_before_the_next_frame(gated: GatedPanel) -> None:
    display = DisplayThread(FrameSink(gated))
    display.push(picture(3))
    display.set_rotation(180)
    display.push(picture(3))
    assert display.flush(timeout=5)
    assert gated.image.tobytes() == picture(3).rotate(180).tobytes()
    display.close()


def test_a_fault_in_the_sink_never_stops_the_thread(
        gated: GatedPanel, monkeypatch: pytest.MonkeyPatch,
        caplog: pytest.LogCaptureFixture) -> None:
    sink = FrameSink(gated)
    display = DisplayThread(sink)
    real = sink.push
    monkeypatch.setattr(sink, "push", lambda image: 1 / 0)
    display.push(picture(4))
    assert display.flush(timeout=5)
    assert "could not push: ZeroDivisionError" in caplog.text
    monkeypatch.setattr(sink, "push", real)
    display.push(picture(5))
    assert display.flush(timeout=5)
    assert gated.frames[-1] == picture(5).tobytes()
    display.close()


def test_closing_gives_up_on_a_bus_that_hangs(
        gated: GatedPanel, caplog: pytest.LogCaptureFixture) -> None:
    display = DisplayThread(FrameSink(gated), close_seconds=0.2)
    gated.gate.clear()
    display.push(picture(6))
    assert gated.pushing.wait(5)
    started = time.monotonic()
    with caplog.at_level(logging.WARNING):
        display.close()
    assert time.monotonic() - started < 2
    assert "did not take its last frame" in caplog.text
    assert not display.flush(timeout=0)  # the push still hangs in the thread
