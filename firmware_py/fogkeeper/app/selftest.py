"""``fogkeeper selftest``: the owner's check of a wired box, part by part, with a hint per fault.

It shows a test pattern and sweeps the contrast, asks for each control in turn and ticks it
off, plays a scale on the buzzer and sends a line round the serial port's loopback; each part
that fails says what to try (``no display at 0x3C: is I2C on?``).
"""

from __future__ import annotations

import argparse
import contextlib
import queue
import sys
import threading
import time
import warnings
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import Any

from fogkeeper.config import NO_PIN, Config, load_config
from fogkeeper.errors import FogkeeperError
from fogkeeper.events import Button, ButtonEvent
from fogkeeper.ui import draw as d

PRESS_SECONDS = 15.0   # how long each control is waited for before it counts as not pressed
ECHO_SECONDS = 2.0     # how long the serial line is waited for to come back
CONTRAST_STEPS = (0, 16, 64, 128, 255)
SCALE_HZ = (523.3, 587.3, 659.3, 698.5, 784.0, 880.0, 987.8, 1046.5)  # C5 to C6
NOTE_SECONDS = 0.2
SERVICE = "is the box's service stopped? it holds the parts: `sudo systemctl stop fogkeeper`"
PI_EXTRA = "the `pi` extra installs the Pi's modules: .venv/bin/pip install -e '.[pi]'"


class Status(StrEnum):
    OK = "ok"
    FAILED = "FAILED"
    SKIPPED = "skipped"


@dataclass(frozen=True)
class Result:
    """One part checked: what was found and, when it failed, what to try."""

    part: str
    status: Status
    detail: str
    hint: str = ""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--config", type=Path, help="the box's TOML config (default: built-in)")
    parser.add_argument("--sim", action="store_true",
                        help="simulated parts (dummy display, mock pins pressed for you, "
                             "loop:// serial)")
    parser.add_argument("--press-seconds", type=float, default=PRESS_SECONDS, metavar="S",
                        help=f"how long to wait for each control (default {PRESS_SECONDS:g})")
    parser.add_argument("--serial", metavar="SPEC",
                        help="the port to loop back (default: [link] port in the config)")


def run(args: argparse.Namespace) -> int:
    config = load_config(args.config)
    serial = args.serial
    if args.sim:
        from fogkeeper.app.run import simulated

        config = simulated(config, terminal=False)
        serial = serial or "loop://"
    warnings.simplefilter("ignore")  # gpiozero's fallback warnings: the results say it once
    skip = threading.Event()
    if sys.stdin.isatty():
        threading.Thread(target=_enter_skips, args=(skip,), daemon=True).start()
    test = Selftest(config, say=print, skip=skip, press_seconds=args.press_seconds,
                    serial=serial, finger=args.sim)
    print("fogkeeper selftest: watch the box's screen; press each control it asks for "
          "(Enter here skips one)")
    results = test.run()
    print(report(results))
    return 1 if any(r.status is Status.FAILED for r in results) else 0


def _enter_skips(skip: threading.Event) -> None:
    for _line in sys.stdin:
        skip.set()


def report(results: list[Result]) -> str:
    """The results as text: one line a part, its hint under it, then a count."""
    lines = []
    for r in results:
        lines.append(f"{r.status.value:>8}  {r.part}: {r.detail}")
        if r.hint:
            lines.append(f"{'':>10}{'try' if r.status is Status.FAILED else 'note'}: {r.hint}")
    failed = sum(r.status is Status.FAILED for r in results)
    lines.append(f"{len(results) - failed} of {len(results)} parts ok or skipped, "
                 f"{failed} failed")
    return "\n".join(lines)


class Selftest:
    """Checks each part the config names; ``say`` tells the owner what to do."""

    def __init__(self, config: Config, *, say: Callable[[str], None],
                 skip: threading.Event | None = None, press_seconds: float = PRESS_SECONDS,
                 serial: str | None = None, finger: bool = False,
                 pin_factory: Any = None) -> None:
        self.config = config
        self.say = say
        self.skip = skip or threading.Event()
        self.press_seconds = press_seconds
        self.serial = serial if serial is not None else config.link.port
        self.finger = finger  # simulated parts: the test presses each mock pin itself
        self.factory = pin_factory
        self.device: Any = None

    def run(self) -> list[Result]:
        from fogkeeper.app.run import pin_factory

        results = [self.display()]
        try:
            if self.factory is None:
                self.factory = pin_factory(self.config.inputs.pin_factory)
        except Exception as exc:  # no lgpio module, not a Pi, no access to the GPIO chip
            results.append(Result("controls and buzzer", Status.FAILED,
                                  f"no GPIO: {exc}", _gpio_hint()))
        else:
            results += self.controls()
            results.append(self.buzzer())
        results.append(self.loopback())
        self._show("selftest done", [f"{sum(r.status is Status.FAILED for r in results)} "
                                     "failed", "see the terminal"])
        if self.device is not None:
            with contextlib.suppress(Exception):
                self.device.cleanup()
        return results

    # ---- the display ---------------------------------------------------------------------
    def display(self) -> Result:
        from fogkeeper.app.run import check_modules
        from fogkeeper.drivers.display import create_device

        c = self.config.display
        try:
            check_modules(self.config)
        except FogkeeperError as exc:
            return Result("display", Status.FAILED, str(exc), PI_EXTRA)
        try:
            self.device = create_device(
                c.driver, interface=c.interface, i2c_port=c.i2c_port,
                i2c_address=c.i2c_address, spi_port=c.spi_port, spi_device=c.spi_device,
                spi_speed_hz=c.spi_speed_hz, gpio_dc=c.gpio_dc,
                gpio_reset=None if c.gpio_reset == NO_PIN else c.gpio_reset)
        except FogkeeperError as exc:
            return Result("display", Status.FAILED, str(exc), self._display_hint())
        try:
            self._pattern()
            for level in CONTRAST_STEPS:
                self.device.contrast(level)
                self._pattern(f"contrast {level}")
                time.sleep(0.3 if not self.finger else 0)
            self.device.contrast(self.config.display.contrast)
        except Exception as exc:  # a bus fault mid-way: the wiring, not the software
            return Result("display", Status.FAILED, f"it stopped answering: {exc}",
                          "a loose wire or a bad power supply; " + self._display_hint())
        return Result("display", Status.OK,
                      f"{c.driver}: test pattern and contrast {CONTRAST_STEPS[0]}-"
                      f"{CONTRAST_STEPS[-1]} sent (look: a frame, squares, the words)")

    def _display_hint(self) -> str:
        c = self.config.display
        if c.driver in ("dummy", "terminal"):
            return "the config names a simulated display"
        if c.interface == "i2c":
            return (f"no display at 0x{c.i2c_address:02X} on I2C bus {c.i2c_port}: is I2C on? "
                    "`sudo raspi-config nonint do_i2c 0`, then reboot; `i2cdetect -y "
                    f"{c.i2c_port}` lists the addresses that answer ([display] i2c_address); "
                    "is your user in the i2c group?")
        return (f"no display on SPI{c.spi_port}.{c.spi_device}: is SPI on? `sudo raspi-config "
                "nonint do_spi 0`, then reboot; check [display] gpio_dc and gpio_reset; "
                "is your user in the spi and gpio groups?")

    def _pattern(self, note: str = "test pattern") -> None:
        image, draw = d.blank()
        draw.rectangle((0, 0, d.WIDTH - 1, d.HEIGHT - 1), outline=1)
        for x in range(4, 36, 8):  # a checkerboard: every pixel pair lit and dark
            for y in range(4, 60, 8):
                if (x + y) // 8 % 2:
                    draw.rectangle((x, y, x + 7, y + 7), fill=1)
        draw.put((44, 8), "fogkeeper", d.BODY)
        draw.put((44, 24), "selftest", d.BODY)
        draw.put((44, 44), note, d.SMALL)
        self._push(image)

    def _show(self, title: str, lines: list[str]) -> None:
        if self.device is None:
            return
        image, draw = d.blank()
        d.title_bar(draw, title)
        for i, line in enumerate(lines[:4]):
            draw.put((2, d.TITLE_HEIGHT + 2 + i * 10), line, d.SMALL)
        with contextlib.suppress(Exception):
            self._push(image)

    def _push(self, image: Any) -> None:
        if self.device is not None:
            self.device.display(image.convert(self.device.mode))

    # ---- the controls --------------------------------------------------------------------
    def controls(self) -> list[Result]:
        from fogkeeper.app.run import input_pins
        from fogkeeper.drivers.inputs import GpioInputs

        pins = input_pins(self.config)
        presses: queue.Queue[ButtonEvent] = queue.Queue()
        try:
            inputs = GpioInputs(pins, presses.put, hold_seconds=1.0,
                                bounce_seconds=self.config.inputs.bounce_seconds or None,
                                pin_factory=self.factory)
        except FogkeeperError as exc:
            return [Result("controls", Status.FAILED, str(exc), _gpio_hint())]
        ticked: dict[Button, Status] = {}
        try:
            for button in pins:
                if button not in ticked:
                    ticked[button] = self._await_press(button, pins, ticked, presses)
        finally:
            inputs.close()
        return [self._control_result(b, pins[b], ticked[b]) for b in pins]

    def _await_press(self, wanted: Button, pins: dict[Button, int],
                     ticked: dict[Button, Status], presses: queue.Queue[ButtonEvent]) -> Status:
        """Wait for ``wanted``; any other control pressed meanwhile is ticked off too."""
        self.skip.clear()  # an Enter typed before the question skips nothing
        self.say(f"press {wanted.value.upper()} (GPIO {pins[wanted]})")
        self._show(f"press {wanted.value.upper()}", _tick_lines(pins, ticked))
        with self._pressing(wanted, pins):
            deadline = time.monotonic() + self.press_seconds
            while (left := deadline - time.monotonic()) > 0:
                if self.skip.is_set():
                    return Status.SKIPPED
                try:
                    event = presses.get(timeout=min(left, 0.1))
                except queue.Empty:
                    continue
                if event.button not in ticked or ticked[event.button] is not Status.OK:
                    ticked[event.button] = Status.OK
                    self.say(f"  {event.button.value.upper()} ok")
                    self._show(f"press {wanted.value.upper()}", _tick_lines(pins, ticked))
                if event.button is wanted:
                    return Status.OK
        return Status.FAILED

    @contextlib.contextmanager
    def _pressing(self, button: Button, pins: dict[Button, int]) -> Iterator[None]:
        """On simulated parts, a finger pushes the wanted control's mock pin."""
        if not self.finger:
            yield
            return
        pin = self.factory.pin(pins[button])
        timer = threading.Timer(0.05, lambda: (pin.drive_low(), pin.drive_high()))
        timer.start()
        try:
            yield
        finally:
            timer.cancel()

    def _control_result(self, button: Button, pin: int, status: Status) -> Result:
        part = f"control {button.value.upper()}"
        if status is Status.OK:
            return Result(part, status, f"GPIO {pin} pressed")
        if status is Status.SKIPPED:
            return Result(part, status, "skipped")
        return Result(part, status, f"nothing from GPIO {pin} in {self.press_seconds:g} s",
                      f"check the wire from GPIO {pin} to the control and from its other side "
                      f"to ground; [inputs] {button.value} is the GPIO (BCM) number, not the "
                      "header pin")

    # ---- the buzzer ----------------------------------------------------------------------
    def buzzer(self) -> Result:
        from fogkeeper.drivers.buzzer import create_buzzer

        b = self.config.buzzer
        if b.kind == "none":
            return Result("buzzer", Status.SKIPPED, "[buzzer] kind = 'none'")
        self.say("listen: a rising scale of 8 notes")
        self._show("listen", ["a rising scale", "of 8 notes"])
        try:
            device = create_buzzer(b.kind, b.pin, self.factory)
        except Exception as exc:
            return Result("buzzer", Status.FAILED, f"cannot use GPIO {b.pin}: {exc}",
                          _gpio_hint())
        try:
            for hz in SCALE_HZ:
                if b.kind == "tonal":
                    from gpiozero.tones import Tone

                    device.play(Tone.from_frequency(hz))
                    device.pwm_device.value = 0.5 * max(b.volume_percent, 30) / 100
                else:
                    device.on()
                time.sleep(NOTE_SECONDS / 2)
                if b.kind != "tonal":
                    device.off()
                time.sleep(NOTE_SECONDS / 2)
        finally:
            device.close()
        return Result("buzzer", Status.OK, f"{b.kind} buzzer on GPIO {b.pin}: scale played",
                      "heard nothing? a bare piezo needs kind = 'tonal', a buzzer with its own "
                      f"oscillator 'active'; check the wires to GPIO {b.pin} and ground")

    # ---- the serial port -----------------------------------------------------------------
    def loopback(self) -> Result:
        import serial

        from fogkeeper.drivers.serialport import PTY_PREFIX, open_port

        spec = self.serial
        if not spec:
            return Result("serial", Status.SKIPPED, "no [link] port in the config",
                          "join TX (GPIO 14, header pin 8) to RX (GPIO 15, pin 10) with a "
                          "jumper and give --serial /dev/serial0")
        if spec.startswith(PTY_PREFIX):
            return Result("serial", Status.SKIPPED, f"{spec}: a pty has no wire to loop back")
        sent = f"fogkeeper selftest {time.monotonic_ns() % 100000:05d}\n".encode()
        try:
            port = open_port(spec, baudrate=self.config.link.baudrate, timeout_seconds=0.1)
        except (FogkeeperError, serial.SerialException, OSError) as exc:
            return Result("serial", Status.FAILED, f"cannot open {spec}: {exc}",
                          "is the serial port on? `sudo raspi-config nonint do_serial_hw 0`, "
                          "and its login console off: `sudo raspi-config nonint "
                          "do_serial_cons 1`, then reboot; is your user in the dialout "
                          f"group? {SERVICE}")
        try:
            port.write(sent)
            back = b""
            deadline = time.monotonic() + ECHO_SECONDS
            while len(back) < len(sent) and time.monotonic() < deadline:
                back += port.read(len(sent) - len(back))
        finally:
            port.close()
        if back == sent:
            return Result("serial", Status.OK, f"{spec}: a line went out and came back")
        if back:
            return Result("serial", Status.FAILED, f"{spec}: it came back garbled",
                          f"the far end runs at another speed: [link] baudrate is "
                          f"{self.config.link.baudrate}")
        return Result("serial", Status.FAILED,
                      f"{spec}: nothing came back in {ECHO_SECONDS:g} s",
                      "join TX (GPIO 14, header pin 8) to RX (GPIO 15, pin 10) with a jumper, "
                      "or have the host echo what it gets")


def _tick_lines(pins: dict[Button, int], ticked: dict[Button, Status]) -> list[str]:
    """The controls in rows of four, each with a tick once pressed."""
    marks = {Status.OK: "+", Status.SKIPPED: "-", Status.FAILED: "x"}
    words = [(marks[ticked[b]] if b in ticked else " ") + b.value for b in pins]
    return [" ".join(words[i:i + 4]) for i in range(0, len(words), 4)]


def _gpio_hint() -> str:
    return f"{PI_EXTRA}; is your user in the gpio group? {SERVICE}"
