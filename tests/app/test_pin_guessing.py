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


def test_the_wait_survives_a_restart_and_the_pad_counts_it_down(tmp_path: Path) -> None:
    h = BoxHarness(tmp_path, security={"pin": "4711"})
    assert h.request("game.start", game="corps")["ok"]
    assert h.request("corps.key", pin="4711", key=KEY_TEXT, map=5)["ok"]
    for guess in range(5):
        assert h.request("corps.key", pin=f"{guess:04d}", op="unseal")["error"]["code"] == \
            "locked"
    wait = h.link.events("pin.refused")[-1]["wait_seconds"]
    h.wait(10)
    h.close()  # the plug is pulled; the box comes back on the same disk
    again = BoxHarness(tmp_path, security={"pin": "4711"})
    assert again.request("session.resume")["ok"]
    assert again.request("corps.key", pin="4711", op="unseal")["error"]["code"] == "locked"
    game = again.box.app.game
    assert game is not None
    assert game.context.pin_wait() > wait - 12  # type: ignore[attr-defined]
    left = game.context.pin_wait()  # type: ignore[attr-defined]
    pad = game.pad.frame(left)  # type: ignore[attr-defined]
    assert pad.lines[0].startswith("Wait ") and pad.private
    again.wait(left + 1)
    assert again.request("corps.key", pin="4711", op="unseal")["ok"]


def test_a_pin_of_other_digits_over_the_link_is_a_counted_wrong_try(tmp_path: Path) -> None:
    h = BoxHarness(tmp_path, security={"pin": "4711"})
    assert h.request("game.start", game="corps")["ok"]
    assert h.request("corps.key", pin="4711", key=KEY_TEXT, map=5)["ok"]
    for guess in ("é", "٤٧١١"):  # Arabic-Indic 4711: digits, but not the PIN's
        refused = h.request("corps.key", pin=guess, op="unseal")
        assert refused["error"]["code"] == "locked", refused
    assert h.box.app.pin_guard.wrong == 2
    assert h.link.events("pin.refused")[-1]["wrong"] == 2
