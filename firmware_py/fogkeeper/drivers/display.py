"""The OLED: a luma device for the configured driver (its row in ``registry``), a frame
sink that survives a flaky display bus, and the display thread that pushes the sink's
frames off the box's loop."""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from functools import partial
from typing import Any

from PIL import Image

from fogkeeper.drivers.pages import (  # noqa: F401  (FullFrameWriter: part of this API)
    FrameWriter,
    FullFrameWriter,
    frame_writer_for,
)
from fogkeeper.drivers.registry import (
    DISPLAY_DRIVERS,
    INTERFACES,
    DisplayDriver,
)
from fogkeeper.errors import ConfigError, FogkeeperError, describe_bug

logger = logging.getLogger(__name__)

WIDTH_PX = 128
HEIGHT_PX = 64
# Degrees to luma's quarter turns; 90 and 270 would make the screen 64x128.
ROTATIONS_DEGREES = {0: 0, 180: 2}
# How long closing waits for the display thread's last frame (a whole frame takes the bus
# about 23 ms at 400 kHz, 93 ms at 100 kHz) before it gives up on a bus that hangs.
CLOSE_SECONDS = 1.0
# luma.core's spi() accepts only these clock rates.
SPI_SPEEDS_HZ = tuple(int(mhz * 1_000_000) for mhz in (
    0.5, 1, 2, 4, 8, 16, 20, 24, 28, 32, 36, 40, 44, 48, 50, 52))


class DisplayError(FogkeeperError):
    """The display bus could not be opened (not enabled, wrong address, no permission)."""


def _bus(
    *, interface: str, i2c_port: int, i2c_address: int, spi_port: int, spi_device: int,
    spi_speed_hz: int, gpio_dc: int, gpio_reset: int | None, serial_interface: Any,
) -> Any:
    """The luma serial interface for an OLED controller, or the one the caller supplied."""
    if serial_interface is not None:
        return serial_interface
    if interface not in INTERFACES:
        raise ConfigError(f"display interface {interface!r} is not one of: {', '.join(INTERFACES)}")
    if interface == "spi" and spi_speed_hz not in SPI_SPEEDS_HZ:
        allowed = ", ".join(str(speed) for speed in SPI_SPEEDS_HZ)
        raise ConfigError(f"display spi_speed_hz {spi_speed_hz} is not one of: {allowed}")
    from luma.core.error import Error as LumaError
    from luma.core.interface.serial import i2c, spi

    try:
        if interface == "i2c":
            return _smbus_only_fallback(i2c(port=i2c_port, address=i2c_address), i2c)
        return spi(port=spi_port, device=spi_device, gpio_DC=gpio_dc, gpio_RST=gpio_reset,
                   bus_speed_hz=spi_speed_hz)
    except (OSError, ImportError, RuntimeError, LumaError) as exc:
        where = _where(interface, i2c_port, i2c_address, spi_port, spi_device)
        raise DisplayError(f"cannot open the display on {where}: {exc} "
                           f"({_display_hint(interface, exc)})") from exc


def _smbus_only_fallback(serial: Any, i2c: Any) -> Any:
    """luma's I2C interface, or one sending SMBus blocks on an adapter that speaks SMBus only.

    luma's own bus sends each frame in one plain I2C transfer (I2C_RDWR), which an
    SMBus-only adapter refuses (a PC's SMBus controller; the kernel's ``i2c-stub``, which
    the VM test in hw/ drives): every frame would fail. There the same opened bus goes back
    to luma as a bus of the caller's, which luma writes in 32-byte SMBus block writes (what
    its commands use anyway). A Pi's I2C controller speaks plain I2C and keeps the fast way.
    """
    bus = getattr(serial, "_bus", None)
    funcs = getattr(bus, "funcs", None)
    if not isinstance(funcs, int):
        return serial  # not smbus2's bus (a test's stand-in): nothing to ask
    import smbus2

    if funcs & smbus2.I2cFunc.I2C:
        return serial
    logger.info("the display's I2C adapter speaks SMBus only: frames go in 32-byte blocks")
    return i2c(bus=bus, address=serial._addr)


def _where(interface: str, i2c_port: int, i2c_address: int, spi_port: int,
           spi_device: int) -> str:
    return (f"I2C bus {i2c_port} address 0x{i2c_address:02X}" if interface == "i2c"
            else f"SPI{spi_port}.{spi_device}")


def _display_hint(interface: str, exc: BaseException) -> str:
    """What to try for a display that will not open: the group for a device node this user
    may not open, the boot setting for one that is not there."""
    from luma.core.error import DevicePermissionError

    if isinstance(exc, (PermissionError, DevicePermissionError)):
        group = "i2c" if interface == "i2c" else "spi"
        return (f"this user may not open the {interface.upper()} device: add it to the "
                f"{group} group (sudo usermod -a -G {group} USER, then log in again)")
    return f"is {interface.upper()} enabled? see hw/README.md"


def _oled(driver: DisplayDriver, *, rotate: int, **bus: Any) -> Any:
    """The driver's luma.oled device on its bus (luma.oled loads only for a real panel)."""
    import luma.oled.device
    from luma.core.error import Error as LumaError

    device_class = getattr(luma.oled.device, driver.luma_class)
    serial = _bus(**bus)
    try:
        return device_class(serial, width=WIDTH_PX, height=HEIGHT_PX, rotate=rotate)
    except (OSError, LumaError) as exc:  # the bus opened, the panel does not answer on it
        where = _where(bus["interface"], bus["i2c_port"], bus["i2c_address"],
                       bus["spi_port"], bus["spi_device"])
        raise DisplayError(f"the display on {where} does not answer: {exc} (check its "
                           "wiring and [display] i2c_address; i2cdetect -y 1 shows the "
                           "addresses that answer)") from exc


def create_device(
    driver: str, *, interface: str, i2c_port: int, i2c_address: int, spi_port: int,
    spi_device: int, spi_speed_hz: int, gpio_dc: int, gpio_reset: int | None,
    serial_interface: Any = None, rotation_degrees: int = 0,
) -> Any:
    """A 128x64 mode "1" luma device for ``driver``; ``serial_interface`` replaces the bus.

    ``rotation_degrees`` 180 turns every frame upside down in the driver (a box mounted
    the other way up); the frames drawn stay 128x64.
    """
    row = DISPLAY_DRIVERS.get(driver)
    if row is None:
        raise ConfigError(
            f"display driver {driver!r} is not one of: {', '.join(sorted(DISPLAY_DRIVERS))}")
    if rotation_degrees not in ROTATIONS_DEGREES:
        raise ConfigError(f"display rotation {rotation_degrees} is not one of: 0, 180")
    factory = row.factory or partial(_oled, row)
    return factory(
        rotate=ROTATIONS_DEGREES[rotation_degrees],
        interface=interface, i2c_port=i2c_port, i2c_address=i2c_address, spi_port=spi_port,
        spi_device=spi_device, spi_speed_hz=spi_speed_hz, gpio_dc=gpio_dc,
        gpio_reset=gpio_reset, serial_interface=serial_interface)


class FrameSink:
    """Pushes frames to a luma device only when they change; a bus fault never escapes.

    After a failure the sink is unhealthy, logs one line, and retries the latest frame on
    the first push after ``retry_seconds``; a success logs one recovery line.
    """

    def __init__(
        self, device: Any, *, retry_seconds: float = 2.0,
        clock: Callable[[], float] = time.monotonic, writer: FrameWriter | None = None,
    ) -> None:
        self._device = device
        self._writer = writer if writer is not None else frame_writer_for(device)
        self._retry_seconds = retry_seconds
        self._clock = clock
        self._healthy = True
        self._retry_at = 0.0
        self._sent: bytes | None = None
        self._contrast: int | None = None
        self._watchers: list[Callable[[], None]] = []

    @property
    def healthy(self) -> bool:
        """False from a bus failure until a frame goes through again."""
        return self._healthy

    def watch(self, changed: Callable[[], None]) -> None:
        """Call ``changed`` each time ``healthy`` turns, on the thread that pushes: a loop
        that pushes elsewhere (DisplayThread) still learns that it must retry, and when."""
        self._watchers.append(changed)

    def flush(self, timeout: float | None = None) -> bool:
        """True: every push is on the panel when it returns (DisplayThread's waits)."""
        return True

    @property
    def device(self) -> Any:
        return self._device

    def push(self, image: Image.Image) -> bool:
        """Send ``image`` if it differs from the last frame sent; True when it was sent."""
        size = tuple(self._device.size)
        if image.size != size:
            raise ValueError(f"frame is {image.size[0]}x{image.size[1]}, display is "
                             f"{size[0]}x{size[1]}")
        frame = image if image.mode == self._device.mode else image.convert(self._device.mode)
        data = self._writer.encode(frame)
        if self._healthy and data == self._sent:
            return False
        if not self._healthy and self._clock() < self._retry_at:
            return False
        if not self._attempt("frame", lambda: self._writer.write(frame, data)):
            return False
        self._sent = data
        return True

    def set_contrast(self, level: int) -> None:
        """OLED drive level 0-255 (the dimmer of the idle screen)."""
        if not 0 <= level <= 255:
            raise ValueError(f"contrast {level} is outside 0-255")
        self._contrast = level
        self._attempt("contrast", lambda: self._device.contrast(level))

    def set_rotation(self, degrees: int) -> None:
        """Turn the picture 0 or 180 degrees from now on (Settings); the next push resends."""
        if degrees not in ROTATIONS_DEGREES:
            raise ValueError(f"rotation {degrees} is not one of: 0, 180")
        self._device.rotate = ROTATIONS_DEGREES[degrees]
        self._sent = None
        self._writer.invalidate()

    def close(self) -> None:
        """Release the device (luma blanks the panel); never raises."""
        try:
            self._device.cleanup()
        except Exception as exc:
            logger.warning("display cleanup failed: %s: %s", type(exc).__name__, exc)

    def _attempt(self, what: str, action: Callable[[], None]) -> bool:
        try:
            action()
        except Exception as exc:  # any bus or driver fault; the box must keep running
            self._fail(what, exc)
            return False
        if not self._healthy:
            self._recover()
        return True

    def _fail(self, what: str, exc: Exception) -> None:
        self._retry_at = self._clock() + self._retry_seconds
        self._sent = None
        self._writer.invalidate()
        if self._healthy:
            logger.warning("display %s failed: %s: %s; retrying every %.1f s",
                           what, type(exc).__name__, exc, self._retry_seconds)
            self._turn(healthy=False)

    def _recover(self) -> None:
        self._turn(healthy=True)
        logger.info("display recovered")
        # The panel may have been power-cycled: restore what the settings asked for.
        restore: list[Callable[[], None]] = []
        if self._contrast is not None:
            level = self._contrast
            restore.append(lambda: self._device.contrast(level))
        restore.append(self._device.show)
        for action in restore:
            try:
                action()
            except Exception as exc:
                self._fail("restore", exc)
                return

    def _turn(self, *, healthy: bool) -> None:
        self._healthy = healthy  # set first: a watcher woken now reads the new health
        for changed in self._watchers:
            changed()


class DisplayThread:
    """The display's own thread: the loop hands it a finished frame and goes on at once.

    A frame takes the I2C bus 15-25 ms at 400 kHz (bench/display_thread.py); pushed on the
    loop's thread, a press or a timer's end waited behind it. Here the loop only leaves the
    newest frame and the newest contrast and rotation in a slot (a frame is never drawn on
    once it is made, ui.draw.Frame: it is handed over as it is, not copied), and this
    thread sends them to the sink when the bus is free: frames handed over while it is busy
    replace each other, and only the newest is pushed. The thread touches
    nothing but the sink it owns; it never reads game or app state.

    The sink's health is read as it was (``healthy``); its turns are told, from this thread,
    to whoever ``watch``-es (the box: its loop wakes to retry). A fault in the sink or the
    bus never escapes the thread. ``flush`` waits until everything handed over is pushed;
    ``close`` pushes the last frame, joins the thread (giving up after ``close_seconds`` on
    a bus that hangs) and releases the device.

    The thread starts when this is made; the box makes it after blocking the stop signals
    (app/run.py), so it inherits their mask and a stop signal always reaches the loop.
    """

    def __init__(self, sink: FrameSink, *, close_seconds: float = CLOSE_SECONDS) -> None:
        self._sink = sink
        self._close_seconds = close_seconds
        self._handed = threading.Condition()
        self._frame: Image.Image | None = None
        self._contrast: int | None = None
        self._rotation: int | None = None
        self._busy = False
        self._closing = False
        self.replaced = 0  # frames handed over and replaced by a newer one before their push
        self._thread = threading.Thread(target=self._serve, name="display", daemon=True)
        self._thread.start()

    @property
    def healthy(self) -> bool:
        """The sink's health as of its last push (made on this thread)."""
        return self._sink.healthy

    @property
    def device(self) -> Any:
        return self._sink.device

    def watch(self, changed: Callable[[], None]) -> None:
        """Call ``changed`` (from the display thread) each time the health turns."""
        self._sink.watch(changed)

    def push(self, image: Image.Image) -> bool:
        """Hand ``image`` over for the display; True unless closed. Never waits for the bus."""
        size = tuple(self._sink.device.size)
        if image.size != size:  # the caller's mistake: raised here, on its thread
            raise ValueError(f"frame is {image.size[0]}x{image.size[1]}, display is "
                             f"{size[0]}x{size[1]}")
        with self._handed:
            if self._closing:
                return False
            if self._frame is not None:
                self.replaced += 1
            self._frame = image
            self._handed.notify_all()
        return True

    def set_contrast(self, level: int) -> None:
        """OLED drive level 0-255, sent before the next frame."""
        if not 0 <= level <= 255:
            raise ValueError(f"contrast {level} is outside 0-255")
        with self._handed:
            self._contrast = level
            self._handed.notify_all()

    def set_rotation(self, degrees: int) -> None:
        """Turn the picture 0 or 180 degrees from the next frame on."""
        if degrees not in ROTATIONS_DEGREES:
            raise ValueError(f"rotation {degrees} is not one of: 0, 180")
        with self._handed:
            self._rotation = degrees
            self._handed.notify_all()

    def flush(self, timeout: float | None = None) -> bool:
        """Wait until everything handed over is pushed (or failed); False on a timeout."""
        with self._handed:
            return self._handed.wait_for(self._idle, timeout)

    def close(self) -> None:
        """Push what is still handed over, stop the thread and release the device (luma
        blanks the panel); never raises, and a second call does nothing."""
        with self._handed:
            if self._closing:
                return
            self._closing = True
            self._handed.notify_all()
        self._thread.join(self._close_seconds)
        if self._thread.is_alive():
            logger.warning("the display did not take its last frame in %.1f s; closing "
                           "without it", self._close_seconds)
            return  # the bus is stuck in the thread: releasing it under it would hang too
        self._sink.close()

    def _idle(self) -> bool:
        return not self._busy and self._frame is None and self._contrast is None \
            and self._rotation is None

    def _serve(self) -> None:
        while True:
            with self._handed:
                self._handed.wait_for(lambda: self._closing or not self._idle())
                if self._idle():
                    return  # closing, and nothing left to push
                rotation, contrast, frame = self._rotation, self._contrast, self._frame
                self._rotation = self._contrast = self._frame = None
                self._busy = True
            try:
                if rotation is not None:
                    self._sink.set_rotation(rotation)
                if contrast is not None:
                    self._sink.set_contrast(contrast)
                if frame is not None:
                    self._sink.push(frame)
            except Exception as exc:  # the sink keeps bus faults: this is a bug; the box
                logger.error("the display thread could not push: %s", describe_bug(exc))
            finally:  # plays on (and so does this thread) either way
                with self._handed:
                    self._busy = False
                    self._handed.notify_all()
