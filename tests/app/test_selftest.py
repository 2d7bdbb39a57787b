"""`fogkeeper selftest` on gpiozero's MockFactory, luma's dummy display and a loop:// port."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

from fogkeeper.app.run import pin_factory
from fogkeeper.app.selftest import Result, Selftest, Status, report
from fogkeeper.config import Config, parse_config

BIN = Path(sys.executable).parent


def box_config(**sections: dict[str, Any]) -> Config:
    raw: dict[str, Any] = {"display": {"driver": "dummy"}, "inputs": {"pin_factory": "mock"},
                           "link": {"port": "loop://"}}
    for name, values in sections.items():
        raw[name] = {**raw.get(name, {}), **values}
    return parse_config(raw, source="test")


class Owner:
    """Does what the terminal asks: presses the named control on its mock pin, except the
    ones it leaves alone or skips, and once presses another control first."""

    def __init__(self, factory: Any, *, leave: frozenset[str] = frozenset(),
                 skip: frozenset[str] = frozenset(),
                 first_press: dict[str, str] | None = None) -> None:
        self.factory, self.leave, self.skip_these = factory, leave, skip
        self.first_press = first_press or {}
        self.skip = threading.Event()
        self.heard: list[str] = []

    def say(self, text: str) -> None:
        self.heard.append(text)
        asked = re.match(r"press (\w+) \(GPIO (\d+)\)", text)
        if asked is None:
            return
        name, gpio = asked.group(1), int(asked.group(2))
        if name in self.skip_these:
            self.skip.set()
        elif name not in self.leave:
            # one finger, one thread: the other control is pressed before the asked one, in
            # that order (two timers could fire either way round)
            first = self.first_press.get(name)
            taps = [int(first)] if first is not None else []
            threading.Timer(0.02, self._tap, ([*taps, gpio],)).start()

    def _tap(self, gpios: list[int]) -> None:
        for gpio in gpios:
            pin = self.factory.pin(gpio)
            pin.drive_low()
            pin.drive_high()


def check(config: Config, owner: Owner, **options: Any) -> dict[str, Result]:
    test = Selftest(config, say=owner.say, skip=owner.skip, pin_factory=owner.factory,
                    **options)
    return {r.part: r for r in test.run()}


def test_every_part_passes_on_the_mocks_and_each_control_is_ticked_off() -> None:
    config = box_config()
    factory = pin_factory("mock")
    owner = Owner(factory)
    results = check(config, owner, press_seconds=5)
    assert all(r.status is Status.OK for r in results.values()), report(list(results.values()))
    controls = [p for p in results if p.startswith("control ")]
    assert controls == [f"control {b.upper()}" for b in
                        ("up", "down", "left", "right", "press", "key1", "key2")]
    assert [h for h in owner.heard if h.endswith(" ok")] == [
        f"  {c.split()[1]} ok" for c in controls]
    assert results["serial"].detail == "loop://: a line went out and came back"
    buzzer_pin = factory.pin(config.buzzer.pin)
    assert buzzer_pin.state == 0 and "scale played" in results["buzzer"].detail


def test_a_control_not_pressed_fails_with_its_gpio_and_a_skipped_one_is_skipped() -> None:
    config = box_config()
    owner = Owner(pin_factory("mock"), leave={"LEFT"}, skip={"KEY2"},
                  first_press={"UP": str(config.inputs.right)})
    results = check(config, owner, press_seconds=0.5)
    left = results["control LEFT"]
    assert left.status is Status.FAILED
    assert f"GPIO {config.inputs.left}" in left.detail and "ground" in left.hint
    assert results["control KEY2"].status is Status.SKIPPED
    assert results["control RIGHT"].status is Status.OK  # ticked off before it was asked for
    assert "  RIGHT ok" in owner.heard[:owner.heard.index("press DOWN (GPIO 22)")]


def test_no_display_at_its_address_says_how_to_turn_i2c_on() -> None:
    config = box_config(display={"driver": "ssd1306", "interface": "i2c", "i2c_port": 9})
    result = check(config, Owner(pin_factory("mock")), press_seconds=0.5)["display"]
    assert result.status is Status.FAILED
    assert "no display at 0x3C on I2C bus 9: is I2C on?" in result.hint
    assert "`sudo raspi-config nonint do_i2c 0`" in result.hint


def test_a_port_that_sends_nothing_back_asks_for_the_loopback_jumper() -> None:
    master, slave = os.openpty()
    try:
        config = box_config(link={"port": os.ttyname(slave)})
        result = check(config, Owner(pin_factory("mock")), press_seconds=0.5)["serial"]
    finally:
        os.close(master)
        os.close(slave)
    assert result.status is Status.FAILED and "nothing came back" in result.detail
    assert "TX (GPIO 14, header pin 8) to RX (GPIO 15, pin 10)" in result.hint


def test_the_command_passes_on_the_simulator(tmp_path: Path) -> None:
    done = subprocess.run([str(BIN / "fogkeeper"), "selftest", "--sim"],
                          stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=120,
                          env={**os.environ, "HOME": str(tmp_path)})
    assert done.returncode == 0, done.stdout + done.stderr
    assert "0 failed" in done.stdout and "control PRESS: GPIO" in done.stdout
    assert done.stderr == ""
