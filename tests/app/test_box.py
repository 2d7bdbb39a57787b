"""The whole box on simulated parts: buttons on mock pins, the dummy OLED, the link, the disk."""

from __future__ import annotations

import base64
import io
from pathlib import Path
from typing import Any

import pytest
from PIL import Image, ImageChops

from fogkeeper.events import Button
from support.box import BoxHarness
from support.saved import on_disk

B = Button
TIMER = (B.DOWN, B.DOWN, B.DOWN, B.PRESS)


def same(a: Image.Image, b: Image.Image) -> bool:
    return ImageChops.logical_xor(a.convert("1"), b.convert("1")).getbbox() is None


def test_buttons_on_gpio_pins_drive_the_screen(tmp_path: Path) -> None:
    h = BoxHarness(tmp_path)
    assert h.lines[0] == "fogkeeper [1/6]"
    h.tap(*TIMER)
    assert h.lines[0] == "Timer [1/9]"
    assert h.box.frame is not None and same(h.shown, h.box.frame.image)


def test_a_countdown_on_the_oled_and_its_events_on_the_link(tmp_path: Path) -> None:
    h = BoxHarness(tmp_path).tap(*TIMER, B.PRESS)
    h.wait(30.5)
    assert h.lines[1] == "0:30"
    h.wait(30)
    assert h.lines[0].startswith("TIME UP")
    warnings = [e["seconds_left"] for e in h.link.events("timer.warning")]
    assert warnings == [10, 5, 4, 3, 2, 1]
    assert h.link.events("timer.expired") == [{"event": "timer.expired", "seconds_left": 0,
                                               "player": 1}]
    screens = h.link.events("screen")
    assert len(screens) >= 60 and screens[-1]["lines"][1] == "TIME UP"  # as drawn, big
    assert "expired" in h.box.parts.buzzer.history  # type: ignore[attr-defined]


def test_the_expiry_tune_reaches_the_buzzer_pin(tmp_path: Path) -> None:
    import time

    from fogkeeper.drivers.buzzer import TUNES, Tune

    h = BoxHarness(tmp_path).tap(*TIMER, B.PRESS)
    pin = h.box.parts.pin_factory.pin(h.config.buzzer.pin)
    h.wait(60)  # the glass runs out; the buzzer plays on its own thread, in real time
    expiry_notes = {round(n.frequency_hz) for n in TUNES[Tune.EXPIRED] if n.frequency_hz}
    heard = set()
    deadline = time.monotonic() + 3
    # the 10 s warning's tune may still be playing first (the fake minute passes at once)
    while time.monotonic() < deadline and len(heard & expiry_notes) < 3:
        if pin.state > 0:
            heard.add(round(pin.frequency))
        time.sleep(0.002)
    assert len(heard & expiry_notes) >= 3


def test_link_commands_run_the_timer(tmp_path: Path) -> None:
    h = BoxHarness(tmp_path)
    hello = h.request("hello")
    assert hello["ok"] and hello["name"] == "fogkeeper" and hello["protocol"] == 2
    assert set(hello["games"]) == {"fog", "fogsite", "corps"}
    assert h.request("timer.set", seconds=30, players=2)["players"] == 2
    started = h.request("timer.start")
    assert started["phase"] == "running" and started["seconds_left"] == 30
    assert h.lines[1] == "0:30"
    h.wait(10)
    assert h.request("timer.pause")["seconds_left"] == 20
    assert h.request("timer.pause")["error"]["code"] == "not_now"
    h.wait(100)
    assert h.request("state")["timer"]["seconds_left"] == 20
    assert h.request("timer.resume")["phase"] == "running"
    assert h.request("timer.next")["player"] == 2
    assert h.request("timer.reset")["phase"] == "ready"
    assert [t["last_seconds"] for t in h.request("state")["timer"]["turns"]] == [[10.0], []]


def test_hold_ok_on_home_is_the_links_timer_start(tmp_path: Path) -> None:
    """One long press on the home menu starts the timer as last set, as timer.start does."""
    held, sent = BoxHarness(tmp_path / "held"), BoxHarness(tmp_path / "sent")
    for h in (held, sent):
        assert h.request("timer.set", seconds=45)["ok"]
        h.wait(1)
    held.hold(Button.PRESS)
    sent.request("timer.start")
    for h in (held, sent):
        h.wait(5)
    assert held.lines == sent.lines and held.lines[1] == "0:40"
    assert held.request("state")["timer"] == sent.request("state")["timer"]
    assert held.link.events("timer.started") == sent.link.events("timer.started")


def test_screen_command_returns_text_and_the_exact_picture(tmp_path: Path) -> None:
    h = BoxHarness(tmp_path)
    reply = h.request("screen")
    assert reply["lines"][1] == "> The FOG"
    png = Image.open(io.BytesIO(base64.b64decode(reply["png"])))
    assert png.size == (128, 64) and same(png, h.shown)


def test_press_command_is_the_same_as_a_button(tmp_path: Path) -> None:
    h = BoxHarness(tmp_path)
    for button in ("down", "down", "down", "press"):
        assert h.request("press", button=button)["ok"]
    assert h.box.app.state.value == "timer_menu"
    h.request("press", button="press")
    h.request("press", button="press", hold=True)  # hold OK resets
    assert h.box.app.glass.phase.value == "ready"


@pytest.mark.parametrize("cmd,args,code", [
    ("nope", {}, "unknown_cmd"),
    ("press", {}, "bad_args"),
    ("press", {"button": "jump"}, "bad_args"),
    ("press", {"button": "up", "hold": "yes"}, "bad_args"),
    ("timer.start", {"seconds": 2}, "bad_args"),
    ("timer.start", {"seconds": "60"}, "bad_args"),
    ("timer.set", {"players": 9}, "bad_args"),
    ("timer.set", {"colour": "red"}, "bad_args"),
    ("timer.resume", {}, "not_now"),
    ("session.resume", {}, "not_now"),
    ("game.start", {"game": "chess"}, "bad_args"),
    ("chess.state", {}, "unknown_cmd"),
    ("corps.state", {}, "not_now"),
])
def test_bad_commands_get_a_coded_error_and_the_box_goes_on(
        tmp_path: Path, cmd: str, args: dict[str, object], code: str) -> None:
    h = BoxHarness(tmp_path)
    reply = h.request(cmd, **args)
    assert reply["ok"] is False and reply["error"]["code"] == code
    assert reply["error"]["message"]
    assert h.request("hello")["ok"]


def test_power_loss_resumes_the_same_screen_with_the_time_left(tmp_path: Path) -> None:
    first = BoxHarness(tmp_path).tap(*TIMER, B.PRESS)
    first.wait(17.5)
    assert first.lines[1] == "0:43"
    # no close(): the plug is pulled; only what the loop already wrote survives
    again = BoxHarness(tmp_path)
    assert again.lines[0] == "Resume?" and "Found timer P1 0:43 paused" in again.lines
    assert again.request("timer.start")["error"]["code"] == "not_now"
    again.tap(B.PRESS)
    assert again.box.app.state.value == "timer" and again.lines[1] == "0:43"
    assert again.lines[0].startswith("PAUSED")
    again.tap(B.PRESS).wait(43)
    assert again.lines[0].startswith("TIME UP")


def test_a_saved_session_can_be_discarded_with_a_long_press(tmp_path: Path) -> None:
    BoxHarness(tmp_path).tap(*TIMER, B.PRESS).wait(5)
    again = BoxHarness(tmp_path)
    again.tap(B.PRESS)  # a short press resumes
    assert again.box.app.state.value == "timer"
    third = BoxHarness(tmp_path)
    third.hold(B.PRESS)
    assert third.box.app.state.value == "home"
    assert BoxHarness(tmp_path).box.app.state.value == "home"  # nothing offered any more


def test_settings_survive_a_restart(tmp_path: Path) -> None:
    h = BoxHarness(tmp_path).tap(B.DOWN, B.DOWN, B.DOWN, B.DOWN, B.PRESS, B.DOWN, B.LEFT)
    assert h.box.parts.buzzer.volume_percent == 60
    again = BoxHarness(tmp_path)
    assert again.box.app.settings.volume_percent == 60
    assert again.box.parts.buzzer.volume_percent == 60


def test_idle_screen_dims_and_the_waking_press_does_nothing_else(tmp_path: Path) -> None:
    h = BoxHarness(tmp_path, screen={"dim_after_seconds": 60, "dim_contrast": 5})
    h.wait(61)
    assert h.box._dimmed
    h.tap(B.DOWN)
    assert not h.box._dimmed and h.lines[1] == "> The FOG"  # the cursor did not move
    h.tap(B.DOWN)
    assert h.lines[2] == "> FOGSITE"


def test_a_running_countdown_never_dims(tmp_path: Path) -> None:
    h = BoxHarness(tmp_path, screen={"dim_after_seconds": 10}, timer={"default_seconds": 60})
    h.tap(*TIMER, B.PRESS).wait(30)
    assert not h.box._dimmed


def test_static_screen_shifts_a_pixel_now_and_then(tmp_path: Path) -> None:
    h = BoxHarness(tmp_path, screen={"shift_every_seconds": 60})
    before = h.shown.copy()
    h.wait(61)
    after = h.shown
    assert not same(before, after)
    assert same(ImageChops.offset(before, 1, 0), after)


def test_rotation_turns_the_picture_on_the_panel(tmp_path: Path) -> None:
    h = BoxHarness(tmp_path).tap(B.DOWN, B.DOWN, B.DOWN, B.DOWN, B.PRESS)
    h.tap(B.DOWN, B.DOWN, B.DOWN, B.RIGHT)
    assert h.box.frame is not None
    assert same(h.shown, h.box.frame.image.rotate(180))


class FlakyBus:
    """A display bus that works until it is told to die, then raises I/O errors."""

    def __init__(self) -> None:
        self.dead = False

    def command(self, *cmd: int) -> None:
        if self.dead:
            raise OSError(121, "Remote I/O error")

    def data(self, data: object) -> None:
        if self.dead:
            raise OSError(121, "Remote I/O error")

    def cleanup(self) -> None:
        pass


def test_a_display_that_stops_answering_loses_no_state(tmp_path: Path,
                                                       caplog: pytest.LogCaptureFixture) -> None:
    from luma.oled.device import ssd1306

    from fogkeeper.drivers.display import FrameSink

    bus = FlakyBus()
    h = BoxHarness(tmp_path)
    sink = FrameSink(ssd1306(bus, width=128, height=64), clock=lambda: h.now)
    h.box.parts.sink = sink
    h.tap(*TIMER)
    bus.dead = True
    h.tap(B.PRESS).wait(5)
    assert not sink.healthy
    assert h.request("state")["timer"]["seconds_left"] == 55
    assert h.request("screen")["lines"][1] == "0:55"
    assert caplog.text.count("display frame failed") == 1
    assert h.request("timer.pause")["ok"]
    bus.dead = False
    h.wait(3)  # a still screen: the loop wakes by itself to retry
    assert sink.healthy


def test_a_private_screen_never_reaches_the_link(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    from fogkeeper.app import box as box_module
    from fogkeeper.ui.screens import render_digits

    h = BoxHarness(tmp_path)
    pin_pad = render_digits("Guardian PIN", (4, 7, None, None), 1, "hint")
    assert pin_pad.private and "7" not in pin_pad.lines[1]
    monkeypatch.setattr(box_module, "frame", lambda app, now: pin_pad)
    h.box.refresh()
    reply = h.request("screen")
    assert reply["private"] is True and "png" not in reply
    assert reply["lines"] == list(box_module.PRIVATE_LINES)
    assert h.link.events("screen")[-1]["lines"] == list(box_module.PRIVATE_LINES)
    assert all("Guardian PIN" not in " ".join(line.get("lines", [])) for line in h.link.lines)


def test_session_discard_over_the_link(tmp_path: Path) -> None:
    BoxHarness(tmp_path).tap(*TIMER, B.PRESS).wait(5)
    again = BoxHarness(tmp_path)
    assert again.request("session.discard") == {"id": 1, "ok": True, "screen": "home"}
    assert again.request("state")["timer"]["phase"] == "ready"
    assert BoxHarness(tmp_path).box.app.state.value == "home"


def test_a_saved_game_this_firmware_cannot_restore_is_named_then_goes_home(
        tmp_path: Path) -> None:
    import json

    BoxHarness(tmp_path).tap(*TIMER, B.PRESS).wait(5)
    path = tmp_path / "session.json"
    saved = on_disk(tmp_path)
    saved["screen"] = "game"
    saved["game"] = {"name": "corps", "state": {"nonsense": True}}
    path.write_text(json.dumps(saved))
    again = BoxHarness(tmp_path)
    assert again.box.app.state.value == "problem"  # no offer of what cannot be resumed
    assert "could not be restored" in " ".join(again.lines)
    again.tap(B.PRESS)
    assert again.box.app.state.value == "home" and again.box.app.game is None


def test_a_bug_in_a_flow_is_logged_without_its_message_and_the_box_goes_on(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        caplog: pytest.LogCaptureFixture) -> None:
    h = BoxHarness(tmp_path).tap(*TIMER)

    def broken() -> None:
        raise ValueError("the maze is R at A1")  # a message that must not reach the log

    monkeypatch.setattr(h.box.app, "start_glass", broken)
    h.tap(B.PRESS)
    assert "ValueError at" in caplog.text and "A1" not in caplog.text
    monkeypatch.undo()
    assert h.request("hello")["ok"]
    assert h.lines[0] == "P1 of 4 ready"  # the screen moved on before the bug; still usable
    h.tap(B.PRESS)
    assert h.box.app.glass.phase.value == "running"


def test_a_games_setup_preset_is_remembered_across_restarts(tmp_path: Path) -> None:
    h = BoxHarness(tmp_path)
    assert h.box.load_preset("fog") is None
    h.box.save_preset("fog", {"board": "L", "players": 5})
    h.box.save_preset("corps", {"mode": "fog"})
    again = BoxHarness(tmp_path)
    assert again.box.load_preset("fog") == {"board": "L", "players": 5}
    assert again.box.load_preset("corps") == {"mode": "fog"}


def test_a_broken_game_data_file_is_named_on_screen_and_on_the_link(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    config = tmp_path / "config"
    config.mkdir()
    (config / "fogsite.toml").write_text("[guardian]\nchoice_policy = 7\n", encoding="utf-8")
    monkeypatch.setenv("FOGKEEPER_CONFIG_DIR", str(config))
    h = BoxHarness(tmp_path / "data").tap(B.DOWN, B.PRESS)
    assert h.lines[:3] == ("Can't start FOGSITE", "config/fogsite.toml:",
                           "guardian.choice_policy")
    h.tap(B.PRESS)
    assert h.box.app.state.value == "home"
    reply = h.request("game.start", game="fogsite")
    assert reply["error"]["code"] == "not_now" and "fogsite.toml" in reply["error"]["message"]


@pytest.mark.parametrize("cmd,args", [("timer.start", {}), ("timer.next", {}),
                                      ("timer.reset", {}), ("timer.set", {"seconds": 30}),
                                      ("timer.pause", {}), ("timer.resume", {})])
def test_the_box_timer_never_leaves_a_game_behind(
        tmp_path: Path, cmd: str, args: dict[str, Any]) -> None:
    h = BoxHarness(tmp_path)
    h.request("game.start", game="fog")
    refused = h.request(cmd, **args)
    assert refused["error"]["code"] == "not_now" and "game.quit" in refused["error"]["message"]
    assert h.request("state")["state"] == "game"
    assert h.request("game.quit")["screen"] == "home"
    assert h.request("state")["game"] is None
