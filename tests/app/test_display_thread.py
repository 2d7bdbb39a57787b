"""The display's own thread in a whole box: a slow bus never holds a press up, only the
newest frame is pushed, a failing panel is reported to the loop, and closing pushes the
last frame. The panel is held up at a gate (support.display), not slept on."""

from __future__ import annotations

import logging
import threading
from pathlib import Path

import pytest
from PIL import Image

from fogkeeper.app.box import DISPLAY_RETRY_SECONDS, Wake
from fogkeeper.events import Button, ButtonEvent
from support.box import BoxHarness
from support.display import GatedPanel
from support.display import panel as panel

B = Button


def step(h: BoxHarness, button: Button) -> bytes:
    """One press through the loop's own step (no waiting for the display, as the loop does
    not wait); returns the frame the step left for the panel."""
    h.box.events.put(ButtonEvent(button))
    h.box.step(h.box._next_item())
    assert h.box.frame is not None
    return h.box.frame.image.tobytes()


def test_a_press_is_handled_while_the_bus_is_busy_with_the_last_frame(
        tmp_path: Path, panel: GatedPanel) -> None:
    h = BoxHarness(tmp_path)
    panel.gate.clear()  # from now on a push takes as long as the test says
    first = step(h, B.DOWN)
    assert panel.pushing.wait(5)  # the display thread is in that push
    second = step(h, B.DOWN)  # handled while the bus is still busy
    assert panel.pushing.is_set() and h.box.app.home.cursor == 2
    assert first not in panel.frames
    panel.gate.set()
    h.flush()
    assert panel.frames[-2:] == [first, second]
    assert h.shown.tobytes() == second


def test_of_the_frames_handed_over_during_a_slow_push_only_the_newest_is_pushed(
        tmp_path: Path, panel: GatedPanel) -> None:
    h = BoxHarness(tmp_path)
    shown_before = len(panel.frames)
    panel.gate.clear()
    slow = step(h, B.DOWN)
    assert panel.pushing.wait(5)
    quick = [step(h, button) for button in (B.DOWN, B.DOWN, B.DOWN)]
    assert len(set(quick)) == 3
    panel.gate.set()
    h.flush()
    assert panel.frames[shown_before:] == [slow, quick[-1]]
    assert h.shown.tobytes() == quick[-1]


def test_a_failing_panel_is_reported_to_the_loop_and_the_box_plays_on(
        tmp_path: Path, panel: GatedPanel, caplog: pytest.LogCaptureFixture) -> None:
    h = BoxHarness(tmp_path)
    sink = h.box.parts.sink
    assert h.box._seconds_to_next_deadline() is None  # a still screen: the loop sleeps on
    panel.failing = True
    step(h, B.DOWN)
    assert sink.flush(timeout=5)
    assert not sink.healthy
    # the display thread woke the loop, which now sleeps only until the retry
    assert isinstance(h.box.events.get_nowait(), Wake)
    assert h.box._seconds_to_next_deadline() == pytest.approx(DISPLAY_RETRY_SECONDS, abs=0.01)
    h.tap(B.DOWN, B.DOWN)
    assert h.box.app.home.cursor == 3
    assert h.request("state")["ok"]
    assert caplog.text.count("display frame failed") == 1
    panel.failing = False
    with caplog.at_level(logging.INFO):
        h.wait(DISPLAY_RETRY_SECONDS + 1)  # no press: the loop's own retry brings it back
    assert sink.healthy and "display recovered" in caplog.text
    assert h.box.frame is not None
    assert h.shown.tobytes() == h.box.frame.image.tobytes()


def test_closing_the_box_pushes_the_frame_still_waiting_for_the_bus(
        tmp_path: Path, panel: GatedPanel) -> None:
    h = BoxHarness(tmp_path)
    panel.gate.clear()
    step(h, B.DOWN)
    assert panel.pushing.wait(5)
    last = step(h, B.DOWN)  # waits behind the slow push when the box is told to stop
    threading.Timer(0.05, panel.gate.set).start()  # the bus comes free during the close
    h.close()
    assert panel.frames[-1] == last
    assert h.box.parts.sink.push(h.box.frame.image) is False  # closed: nothing more goes


def test_no_frame_is_drawn_on_once_it_is_handed_to_the_display(
        tmp_path: Path, panel: GatedPanel) -> None:
    """The display's thread sends the very image the loop handed over, while the loop goes
    on: through menus, a countdown's warnings and its end, a game, each image handed over
    still reads as it did then."""
    h = BoxHarness(tmp_path)
    sink = h.box.parts.sink
    handed: list[tuple[Image.Image, bytes]] = []
    push = sink.push

    def keep(image: Image.Image) -> bool:
        handed.append((image, image.tobytes()))
        return push(image)

    sink.push = keep  # type: ignore[method-assign]
    h.tap(B.DOWN, B.DOWN, B.DOWN, B.PRESS, B.DOWN, B.UP, B.PRESS)  # Timer, started
    h.wait(65)  # every second, the warnings, time up
    assert h.link.events("timer.warning") and h.link.events("timer.expired")
    h.tap(B.PRESS, B.PRESS).wait(3)
    assert h.request("game.start", game="fog")["ok"]
    h.tap(B.DOWN, B.PRESS, B.KEY1)
    h.flush()
    assert len(handed) > 60
    assert [shown for _, shown in handed] == [image.tobytes() for image, _ in handed]
