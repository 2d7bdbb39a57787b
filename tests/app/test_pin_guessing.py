"""Guessing the Guardian PIN over the link costs time, like on the joystick."""

from __future__ import annotations

from pathlib import Path

from flow.corps.test_corps_link import KEY_TEXT
from support.box import BoxHarness


def test_ten_wrong_pins_then_the_right_one_waits_for_the_delay(tmp_path: Path) -> None:
    h = BoxHarness(tmp_path, security={"pin": "4711"})
    assert h.request("game.start", game="corps")["ok"]
    assert h.request("corps.key", pin="4711", key=KEY_TEXT, map=5)["ok"]
    for guess in range(10):
        refused = h.request("corps.key", pin=f"{guess:04d}", op="unseal")
        assert refused["error"]["code"] == "locked"
    right_too_soon = h.request("corps.key", pin="4711", op="unseal")
    assert right_too_soon["error"]["code"] == "locked"
    events = h.link.events("pin.refused")
    assert events[-1]["wait_seconds"] > 0 and "4711" not in str(h.link.lines)
    h.wait(events[-1]["wait_seconds"] + 1)
    assert h.request("corps.key", pin="4711", op="unseal")["ok"]
