"""A display bus that takes as long as a real I2C bus, for benches and tests on a PC.

It stands where luma's ``i2c`` interface stands, under luma.oled's real controller classes
and the box's page writer (drivers/pages.py), so it is given exactly what a panel would be:
luma's init, contrast and show commands, and per frame the writer's windows (a 6-byte
command call, then one data call of the changed pages' columns). luma.oled's own
``ssd1306.display`` would send the whole 1024 bytes every time; the box never calls it for
an OLED. Each call sleeps as long as the bus needs for it: on I2C every byte is 9 clocks
(8 bits and the ACK), a call adds its address and control byte and about 2 clocks of start
and stop. Nothing is sent anywhere.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Any

from fogkeeper.drivers.pages import CALL_BYTES

I2C_FAST_HZ = 400_000  # "fast mode", what a Pi's I2C is set to for an OLED (hw/README.md)
BYTE_CLOCKS = 9        # 8 bits and the receiver's ACK
CALL_CLOCKS = 2        # start and stop, about a clock each


def i2c_seconds(payload_bytes: int, calls: int, hz: int = I2C_FAST_HZ) -> float:
    """How long ``calls`` I2C writes carrying ``payload_bytes`` in all take at ``hz``."""
    return ((payload_bytes + CALL_BYTES * calls) * BYTE_CLOCKS + CALL_CLOCKS * calls) / hz


class SimulatedI2C:
    """A luma serial interface that sends nothing and takes the bus's time for each call.

    ``sleep`` is how the time is taken (a test may pass one that blocks until told);
    ``sent_bytes``, ``calls`` and ``seconds`` add up what went over it.
    """

    def __init__(self, hz: int = I2C_FAST_HZ, *,
                 sleep: Callable[[float], None] = time.sleep) -> None:
        self.hz = hz
        self._sleep = sleep
        self.sent_bytes = 0
        self.calls = 0
        self.seconds = 0.0

    def command(self, *cmd: int) -> None:
        self._take(len(cmd))

    def data(self, data: Sequence[int] | bytes) -> None:
        self._take(len(data))

    def cleanup(self) -> None:
        """Nothing to release."""

    def _take(self, payload: int) -> None:
        seconds = i2c_seconds(payload, 1, self.hz)
        self.sent_bytes += payload
        self.calls += 1
        self.seconds += seconds
        self._sleep(seconds)


def simulated_oled(driver: str = "ssd1306", *, hz: int = I2C_FAST_HZ,
                   sleep: Callable[[float], None] = time.sleep) -> Any:
    """luma.oled's real ``driver`` device on a simulated I2C bus (its ``serial_interface``
    is the SimulatedI2C, for its figures)."""
    from fogkeeper.drivers.display import create_device

    return create_device(driver, interface="i2c", i2c_port=1, i2c_address=0x3C, spi_port=0,
                         spi_device=0, spi_speed_hz=8_000_000, gpio_dc=24, gpio_reset=None,
                         serial_interface=SimulatedI2C(hz, sleep=sleep))
