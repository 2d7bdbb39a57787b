"""One row a display driver (``fogkeeper.drivers.registry``): the config's allowed words, its
pin check, the missing-module check and its hint, the factory and the page writer all follow
the rows, so a driver cannot be half known."""

from __future__ import annotations

from typing import Any

import pytest

from fogkeeper.config import DisplayConfig, parse_config, schema_table
from fogkeeper.drivers.display import FrameSink, create_device
from fogkeeper.drivers.pages import (
    FullFrameWriter,
    Sh1106PageWriter,
    Ssd1306PageWriter,
    frame_writer_for,
)
from fogkeeper.drivers.registry import DISPLAY_DRIVERS, SPI
from fogkeeper.errors import ConfigError

BUS_ARGS: dict[str, Any] = dict(
    interface="i2c", i2c_port=1, i2c_address=0x3C, spi_port=0, spi_device=0,
    spi_speed_hz=8_000_000, gpio_dc=24, gpio_reset=25)
SPI_DRIVERS = [name for name, row in DISPLAY_DRIVERS.items() if SPI in row.buses]


def test_the_config_allows_exactly_the_registry_s_drivers() -> None:
    import dataclasses

    driver = next(f for f in dataclasses.fields(DisplayConfig) if f.name == "driver")
    check = driver.metadata["check"]
    assert [name for name in (*DISPLAY_DRIVERS, "st7735", "SSD1306", "") if check(name)] == \
        list(DISPLAY_DRIVERS)
    assert driver.metadata["allowed"] == "ssd1306, sh1106, ssd1309, terminal or dummy"
    assert "ssd1309" in schema_table()
    for name in DISPLAY_DRIVERS:
        assert parse_config({"display": {"driver": name}}).display.driver == name


def test_ssd1309_is_a_driver_since_luma_has_it() -> None:
    import luma.oled.device

    assert hasattr(luma.oled.device, "ssd1309")
    assert DISPLAY_DRIVERS["ssd1309"].luma_class == "ssd1309"


@pytest.mark.parametrize("driver", SPI_DRIVERS)
@pytest.mark.parametrize("key", SPI.pins)
def test_an_spi_panel_claims_its_dc_and_reset_pins(driver: str, key: str) -> None:
    clash = {"display": {"driver": driver, "interface": "spi", key: 22}}  # 22: [inputs] down
    with pytest.raises(ConfigError, match=f"GPIO 22 is both \\[inputs\\] down and "
                                          f"\\[display\\] {key}"):
        parse_config(clash)
    parse_config({"display": {"driver": driver, "interface": "i2c", key: 22}})  # no DC on I2C


@pytest.mark.parametrize("driver", SPI_DRIVERS)
def test_an_spi_panel_without_its_modules_names_them_and_the_extra(
        driver: str, monkeypatch: pytest.MonkeyPatch) -> None:
    import importlib.util

    from fogkeeper.app import run

    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None)
    config = parse_config({"display": {"driver": driver, "interface": "spi"}},
                          source="box.toml")
    with pytest.raises(ConfigError) as caught:
        run.check_modules(config)
    message = str(caught.value)
    assert "spidev for an SPI display" in message and "RPi.GPIO" in message
    assert "fogkeeper[pi]" in message


def test_a_simulated_screen_needs_no_bus_and_claims_no_pin() -> None:
    for driver in ("terminal", "dummy"):
        config = parse_config({"display": {"driver": driver, "interface": "spi",
                                           "gpio_dc": 22}})
        assert config.display.driver == driver


@pytest.mark.parametrize(("driver", "writer"), [
    ("ssd1306", Ssd1306PageWriter), ("ssd1309", Ssd1306PageWriter),
    ("sh1106", Sh1106PageWriter), ("dummy", FullFrameWriter),
])
def test_each_device_gets_its_row_s_page_writer(driver: str, writer: type, bus: Any) -> None:
    device = create_device(driver, serial_interface=bus, **BUS_ARGS)
    assert type(frame_writer_for(device)) is writer


def test_an_ssd1309_sends_only_the_changed_pages(bus: Any, make_ram: Any) -> None:
    from PIL import Image, ImageDraw

    ram = make_ram("ssd1309")
    device = create_device("ssd1309", serial_interface=bus, **BUS_ARGS)
    sink = FrameSink(device)
    ram.apply(bus.calls)
    bus.calls.clear()
    sink.push(Image.new("1", (128, 64)))
    ram.apply(bus.calls)
    bus.calls.clear()
    digit = Image.new("1", (128, 64))
    ImageDraw.Draw(digit).rectangle((60, 24, 67, 31), fill=1)
    sink.push(digit)
    ram.apply(bus.calls)
    assert len(bus.data_bytes()) == 8  # 8 columns of page 3, not the whole 1024 bytes
    assert ram.image().tobytes() == digit.tobytes()
