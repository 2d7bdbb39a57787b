"""An "ok" is a promise: the effect is on disk before the reply leaves the box."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fogkeeper.events import Button
from support.box import BoxHarness


def _watch(h: BoxHarness) -> list[str]:
    """Record, in order, each save of the session and each line the box sends."""
    order: list[str] = []
    save, send = h.box.stores.save_session, h.link.send

    def saving(data: Any) -> None:
        save(data)
        order.append("saved")

    def sending(line: bytes, host: int | None = None) -> None:
        send(line, host)
        order.append("sent")

    h.box.stores.save_session = saving  # type: ignore[method-assign]
    h.link.send = sending  # type: ignore[method-assign]
    return order


def test_a_command_that_changes_the_session_is_saved_before_its_ok(tmp_path: Path) -> None:
    h = BoxHarness(tmp_path)
    order = _watch(h)
    assert h.request("timer.start", seconds=30)["ok"]
    assert order[:2] == ["saved", "sent"]
    order.clear()
    assert h.request("timer.pause")["ok"]
    assert order[:2] == ["saved", "sent"]


def test_a_press_is_saved_before_its_frame_is_pushed(tmp_path: Path) -> None:
    h = BoxHarness(tmp_path)
    order = _watch(h)
    pushed = h.box.parts.sink.push

    def pushing(image: Any) -> bool:
        order.append("pushed")
        return bool(pushed(image))

    h.box.parts.sink.push = pushing  # type: ignore[method-assign]
    h.tap(Button.DOWN, Button.DOWN, Button.DOWN, Button.PRESS)  # Timer, then into its menu
    assert "saved" in order and order.index("saved") < order.index("pushed")


def test_a_request_flood_gets_busy_replies_and_a_press_still_goes_first(tmp_path: Path) -> None:
    from fogkeeper.app.box import WAITING_REQUESTS
    from fogkeeper.events import ButtonEvent
    from fogkeeper.link.protocol import Request

    h = BoxHarness(tmp_path)
    taken = [h.box.link_input(Request(i, "hello", {})) for i in range(WAITING_REQUESTS + 10)]
    assert taken.count(True) == WAITING_REQUESTS and taken[-1] is False
    h.box.events.put(ButtonEvent(Button.DOWN))
    assert h.box._next_item() == ButtonEvent(Button.DOWN)  # the press jumps the queue
    seen = 0
    while (item := h.box._next_item()) is not None:
        assert isinstance(item, Request)
        seen += 1
    assert seen == WAITING_REQUESTS
