"""The PIN set and changed on the box: Settings > PIN, entered twice, behind the old PIN; a
game with secrets offers to set one when none is set."""

from __future__ import annotations

import json
from pathlib import Path

from flow.corps.test_corps_link import KEY_TEXT
from fogkeeper.events import Button
from fogkeeper.flow.app import Screen
from support.box import BoxHarness

UP, DOWN, RIGHT, OK, B = Button.UP, Button.DOWN, Button.RIGHT, Button.PRESS, Button.KEY2
SETTINGS_DOWNS, PIN_ROW_DOWNS = 4, 5  # HOME -> Settings; Settings -> its PIN row


def type_pin(t: BoxHarness, digits: str) -> None:
    for digit in digits:
        t.tap(*[UP] * int(digit), OK)


def new_pin(t: BoxHarness, digits: str) -> None:
    """A new PIN takes 4 to 8 digits: hold OK ends it."""
    type_pin(t, digits)
    t.hold(OK)


def to_pin_row(t: BoxHarness) -> None:
    t.tap(*[DOWN] * SETTINGS_DOWNS, OK, *[DOWN] * PIN_ROW_DOWNS)
    assert t.box.app.state is Screen.SETTINGS and t.lines[-1] == "OK set PIN  B back"


def test_a_pin_set_twice_in_settings_guards_the_link_and_survives_a_restart(
        tmp_path: Path) -> None:
    t = BoxHarness(tmp_path)
    to_pin_row(t)
    t.tap(OK)
    assert t.box.app.state is Screen.PIN_NEW
    new_pin(t, "3141")
    assert t.box.app.state is Screen.PIN_AGAIN
    type_pin(t, "3142")  # a slip: asked again from the start
    assert t.box.app.state is Screen.PIN_NEW and t.box.app.pin_note == "The two differed: again"
    new_pin(t, "3141")
    type_pin(t, "3141")
    assert t.box.app.state is Screen.SETTINGS and "PIN set" in t.lines
    sent = json.dumps(t.link.lines)
    assert "3141" not in sent and "pbkdf2" not in sent and "pbkdf2" not in json.dumps(
        t.request("state"))
    kept = (tmp_path / "pin.json").read_text(encoding="utf-8")
    assert "3141" not in kept and "pbkdf2" in kept
    t.close()
    again = BoxHarness(tmp_path)
    if again.box.app.state is Screen.RESUME:
        assert again.request("session.discard")["ok"]
    started = again.request("game.start", game="corps")
    assert started["ok"], started
    assert again.request("corps.key", pin="1234", key=KEY_TEXT, map=5)["error"]["code"] == \
        "locked"
    assert again.request("corps.key", pin="3141", key=KEY_TEXT, map=5)["ok"]


def test_changing_the_pin_needs_the_old_one(tmp_path: Path) -> None:
    t = BoxHarness(tmp_path, security={"pin": "2222"})
    to_pin_row(t)
    t.tap(OK)
    assert t.box.app.state is Screen.PIN_OLD
    type_pin(t, "1111")
    assert t.box.app.state is Screen.PIN_OLD and t.lines[0] == "Wrong PIN, again"
    t.tap(B)
    assert t.box.app.state is Screen.SETTINGS and "PIN not changed" in t.lines
    t.tap(OK)
    type_pin(t, "2222")
    new_pin(t, "555123")  # six digits this time
    type_pin(t, "555123")
    assert t.box.app.pin_guard.check("2222", t.now) is False
    assert t.box.app.pin_guard.check("555123", t.now) is True
    assert t.box.app.pin_guard.length == 6  # the next pads ask for six


def test_a_secret_game_without_a_pin_offers_one_then_starts(tmp_path: Path) -> None:
    t = BoxHarness(tmp_path)
    t.tap(DOWN, OK)  # FOGSITE
    assert t.box.app.state is Screen.PIN_OFFER and t.lines[0] == "No PIN set"
    t.tap(OK)
    new_pin(t, "8642")
    type_pin(t, "8642")
    assert t.box.app.state is Screen.GAME and t.box.app.game is not None
    assert t.box.app.game.name == "fogsite" and t.box.app.pin_guard.is_set
    other = BoxHarness(tmp_path / "other")
    other.tap(DOWN, DOWN, OK)  # Corps, played without a PIN after all
    assert other.box.app.state is Screen.PIN_OFFER
    other.tap(B)
    assert other.box.app.state is Screen.GAME and not other.box.app.pin_guard.is_set
