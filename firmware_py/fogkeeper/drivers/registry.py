"""Every display driver the box knows, one row each: adding a driver is one row here.

The config's allowed words, its pin check, the start-up check for missing modules and its
install hint, the device factory and the page writer are all made from these rows. This
module is plain data: it imports no luma, no Pillow (the config reads it at every start).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

PI_EXTRA = "pip install 'fogkeeper[pi]' (or .venv/bin/pip install -e '.[pi]' from the source)"


@dataclass(frozen=True)
class Module:
    """A Python module a part needs beyond the simulator's, what for, and how to get it."""

    name: str  # as imported, e.g. "RPi.GPIO"
    why: str
    install: str = PI_EXTRA


@dataclass(frozen=True)
class Bus:
    """How a panel is wired: ``pins`` are the ``[display]`` keys whose GPIO it takes (no
    button or buzzer may use them too), ``modules`` what must be installed to talk on it."""

    name: str  # the [display] interface value
    pins: tuple[str, ...] = ()
    modules: tuple[Module, ...] = ()


I2C = Bus("i2c")  # smbus2 comes with luma.core
SPI = Bus("spi", pins=("gpio_dc", "gpio_reset"), modules=(
    Module("spidev", "an SPI display ([display] interface = 'spi')"),
    Module("RPi.GPIO", "an SPI display's DC and reset lines ([display] interface = 'spi')")))


class PageWriting(StrEnum):
    """How a controller takes a frame: whole, or only its changed 8-row pages."""

    WHOLE = "whole"
    SSD1306 = "ssd1306"  # horizontal addressing: a window of columns and pages
    SH1106 = "sh1106"    # page addressing: one page at a time


@dataclass(frozen=True)
class DisplayDriver:
    """One ``[display] driver``: the buses it can be wired on (none: it draws elsewhere), the
    luma.oled device class it builds (or its own factory), and how frames reach it."""

    name: str
    buses: tuple[Bus, ...] = ()
    luma_class: str = ""  # a class of luma.oled.device, built on the configured bus
    writing: PageWriting = PageWriting.WHOLE
    factory: Callable[..., Any] | None = None  # a device not of luma.oled: rotate=, bus args

    def bus(self, interface: str) -> Bus | None:
        """The bus this driver uses for ``interface``; None when it uses none."""
        return next((bus for bus in self.buses if bus.name == interface), None)


def _terminal(**kwargs: Any) -> Any:
    from fogkeeper.drivers.terminal import terminal_device

    return terminal_device(**kwargs)


def _dummy(*, rotate: int = 0, **_bus_unused: Any) -> Any:
    from luma.core.device import dummy

    return dummy(width=128, height=64, rotate=rotate, mode="1")


OLED_BUSES = (I2C, SPI)
DISPLAY_DRIVERS: dict[str, DisplayDriver] = {driver.name: driver for driver in (
    DisplayDriver("ssd1306", OLED_BUSES, "ssd1306", PageWriting.SSD1306),
    DisplayDriver("sh1106", OLED_BUSES, "sh1106", PageWriting.SH1106),
    DisplayDriver("ssd1309", OLED_BUSES, "ssd1309", PageWriting.SSD1306),
    DisplayDriver("terminal", factory=_terminal),
    DisplayDriver("dummy", factory=_dummy),
)}
INTERFACES = tuple(dict.fromkeys(bus.name for d in DISPLAY_DRIVERS.values() for bus in d.buses))


def words(choices: tuple[str, ...]) -> str:
    """``a, b or c``: how the config says what is allowed."""
    return choices[0] if len(choices) == 1 else f"{', '.join(choices[:-1])} or {choices[-1]}"
