"""A missing or failing hardware module (GPIO pin factory, display bus) ends the start with
one line naming what is missing and how to fix it (exit 2), never a traceback; under systemd
the box waits a bounded time for its display's device node first."""

from __future__ import annotations

import logging
import subprocess
import sys
import warnings
from pathlib import Path
from typing import Any, NoReturn

import pytest
from gpiozero import Device
from gpiozero.exc import BadPinFactory, PinFactoryFallback

from fogkeeper.app import run
from fogkeeper.config import load_config
from fogkeeper.drivers import display
from fogkeeper.drivers.buzzer import BuzzerError, create_buzzer
from fogkeeper.errors import ConfigError

BIN = Path(sys.executable).parent  # where the test's own fogkeeper command is installed
BUS_ARGS: dict[str, Any] = {"interface": "i2c", "i2c_port": 1, "i2c_address": 0x3C,
                            "spi_port": 0, "spi_device": 0, "spi_speed_hz": 8_000_000,
                            "gpio_dc": 24, "gpio_reset": 25}


def start(tmp_path: Path, toml: str, **env: str) -> subprocess.CompletedProcess[str]:
    config = tmp_path / "box.toml"
    config.write_text(toml + f'\n[storage]\ndata_dir = "{tmp_path / "data"}"\n',
                      encoding="utf-8")
    return subprocess.run([str(BIN / "fogkeeper"), "run", "--headless", "--config",
                           str(config)], stdin=subprocess.DEVNULL, capture_output=True,
                          text=True, timeout=60, check=False,
                          env={"PATH": "/usr/bin:/bin", "HOME": str(tmp_path), **env})


def the_last_line(done: subprocess.CompletedProcess[str]) -> str:
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr and "warnings.warn" not in done.stderr, done.stderr
    lines = done.stderr.splitlines()
    assert all(line.startswith("INFO ") for line in lines[:-1]), done.stderr
    return lines[-1]


def test_a_pin_factory_that_will_not_load_is_one_line(tmp_path: Path) -> None:
    # gpiozero's default factory, told to use one that is not there (on every machine, Pi
    # or not): gpiozero itself ends in a traceback
    done = start(tmp_path, '[display]\ndriver = "dummy"\n[inputs]\npin_factory = "default"',
                 GPIOZERO_PIN_FACTORY="nosuchfactory")
    line = the_last_line(done)
    assert line.startswith("fogkeeper run: no GPIO pin factory works here"), line
    assert "nosuchfactory" in line and "python3-lgpio" in line and '"mock"' in line


def no_gpio_library(*_: object) -> NoReturn:
    """gpiozero's default factory on a machine with no GPIO library: every one falls back."""
    for name, why in (("lgpio", "No module named 'lgpio'"), ("rpigpio", "No module named 'RPi'"),
                      ("native", "unable to locate Pi revision in /proc/device-tree")):
        warnings.warn(PinFactoryFallback(f"Falling back from {name}: {why}"), stacklevel=1)
    raise BadPinFactory("Unable to load any default pin factory!")


def test_no_gpio_library_names_each_factory_tried_and_the_fix(
    monkeypatch: pytest.MonkeyPatch, recwarn: pytest.WarningsRecorder,
) -> None:
    monkeypatch.setattr(Device, "pin_factory", None)
    monkeypatch.setattr(Device, "_default_pin_factory", staticmethod(no_gpio_library))
    with pytest.raises(ConfigError) as refused:
        run.pin_factory("default")
    said = str(refused.value)
    assert "\n" not in said
    assert "lgpio: No module named 'lgpio'; rpigpio: No module named 'RPi'" in said
    assert "sudo apt install python3-lgpio" in said and "--sim" in said
    assert not [w for w in recwarn if isinstance(w.message, PinFactoryFallback)]


def test_an_lgpio_factory_that_is_not_installed_is_one_line(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(sys.modules, "gpiozero.pins.lgpio", None)  # import fails
    with pytest.raises(ConfigError, match=r"lgpio pin factory is not installed.*python3-lgpio"):
        run.pin_factory("lgpio")


def test_an_lgpio_factory_refused_the_gpio_chip_names_the_group(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    class Refused:
        def __init__(self) -> None:
            raise OSError("can not open gpiochip")

    module = type(sys)("gpiozero.pins.lgpio")
    module.LGPIOFactory = Refused  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "gpiozero.pins.lgpio", module)
    with pytest.raises(ConfigError, match=r"can not open gpiochip.*gpio group"):
        run.pin_factory("lgpio")


def test_a_buzzer_pin_gpiozero_refuses_is_one_line() -> None:
    factory = run.pin_factory("mock")
    first = create_buzzer("active", 12, factory)
    try:
        with pytest.raises(BuzzerError, match=r"cannot use GPIO 12 for the buzzer"):
            create_buzzer("tonal", 12, factory)  # the pin is taken
    finally:
        first.close()


def test_a_display_bus_that_is_not_there_is_one_line(tmp_path: Path) -> None:
    done = start(tmp_path, '[display]\ndriver = "ssd1306"\ninterface = "i2c"\ni2c_port = 9\n'
                 '[inputs]\npin_factory = "mock"')
    line = the_last_line(done)
    assert line.startswith("fogkeeper run: cannot open the display on I2C bus 9"), line
    assert "/dev/i2c-9" in line and "is I2C enabled?" in line


def test_a_display_bus_this_user_may_not_open_names_the_group(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import luma.core.error
    import luma.core.interface.serial

    def refused(**_: object) -> NoReturn:
        raise luma.core.error.DevicePermissionError(
            "I2C device permission denied: /dev/i2c-1")

    monkeypatch.setattr(luma.core.interface.serial, "i2c", refused)
    with pytest.raises(display.DisplayError) as failed:
        display.create_device("ssd1306", **BUS_ARGS)
    assert str(failed.value) == (
        "cannot open the display on I2C bus 1 address 0x3C: I2C device permission denied: "
        "/dev/i2c-1 (this user may not open the I2C device: add it to the i2c group (sudo "
        "usermod -a -G i2c USER, then log in again))")


def test_a_panel_that_does_not_answer_is_one_line() -> None:
    # the bus opens, the address does not acknowledge (luma: DeviceNotFoundError)
    import luma.core.error

    class Silent:
        def command(self, *cmd: int) -> None:
            raise luma.core.error.DeviceNotFoundError("I2C device not found on address: 0x3C")

        def data(self, data: bytes) -> None:
            self.command()

        def cleanup(self) -> None:
            """Nothing to release."""

    with pytest.raises(display.DisplayError, match=r"I2C bus 1 address 0x3C does not answer: "
                                                   r"I2C device not found.*i2cdetect"):
        display.create_device("sh1106", serial_interface=Silent(), **BUS_ARGS)


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> None:
        self.now += seconds


def test_the_box_waits_a_bounded_time_for_a_late_device(
    tmp_path: Path, caplog: pytest.LogCaptureFixture,
) -> None:
    node, clock = tmp_path / "i2c-1", Clock()

    def sleep(seconds: float) -> None:
        clock.sleep(seconds)
        if clock.now >= 3:
            node.touch()  # udev made it 3 s in

    caplog.set_level(logging.INFO, logger="fogkeeper.app.run")
    assert run.wait_for_device(node, 20, what="the display's bus", clock=clock, sleep=sleep)
    assert 3 <= clock.now < 3.5
    assert [r.getMessage() for r in caplog.records] == [
        f"{node} is not there yet: waiting up to 20 s for it (the display's bus)",
        f"{node} is there"]
    caplog.clear()
    assert not run.wait_for_device(tmp_path / "never", 20, what="x", clock=clock,
                                   sleep=clock.sleep)
    assert len(caplog.records) == 1  # one line, then the display's own error


@pytest.mark.parametrize(("service", "waited"), [(True, True), (False, False)])
def test_only_the_service_waits_for_its_display(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, service: bool, waited: bool,
) -> None:
    config_file = tmp_path / "box.toml"
    config_file.write_text('[display]\ndriver = "ssd1306"\ninterface = "i2c"\ni2c_port = 9\n',
                           encoding="utf-8")
    config = load_config(config_file)
    assert run.display_device(config) == Path("/dev/i2c-9")
    calls: list[Path] = []

    def waited_for(path: Path, seconds: float, **_: object) -> bool:
        calls.append(path)
        return False

    monkeypatch.setattr(run, "wait_for_device", waited_for)
    if service:
        monkeypatch.setenv("INVOCATION_ID", "0123456789abcdef")  # systemd sets it
    else:
        monkeypatch.delenv("INVOCATION_ID", raising=False)
    with pytest.raises(display.DisplayError):
        run.open_display(config)
    assert calls == ([Path("/dev/i2c-9")] if waited else [])
