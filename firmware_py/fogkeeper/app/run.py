"""Composition root: config in, the real or simulated drivers picked, the box's loop run.

Start-up order: the display and a splash first (only the config, PIL's image module and the
display's driver are loaded for it), then the app and its first real screen, then the parts
a player touches (buttons, buzzer: gpiozero) and the host link (pyserial), then the loop.
``tests/app/test_start_up.py`` keeps the modules loaded before the splash few.
"""

from __future__ import annotations

import argparse
import getpass
import logging
import os
import shlex
import signal
import stat
import sys
import threading
import time
import traceback
from collections.abc import Callable, Mapping
from dataclasses import replace
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING, Any

from fogkeeper.app.store import FolderInUseError, FolderLock, Stores, reason_of
from fogkeeper.config import NO_PIN, Config, check_link, data_dir, load_config
from fogkeeper.drivers.registry import DISPLAY_DRIVERS, Module
from fogkeeper.errors import ConfigError, FogkeeperError
from fogkeeper.events import Button

if TYPE_CHECKING:
    from fogkeeper.app.box import Box, Sink
    from fogkeeper.drivers.display import DisplayThread

log = logging.getLogger(__name__)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--config", type=Path, help="a TOML config file (default: built-in)")
    parser.add_argument("--sim", action="store_true",
                        help="simulated parts: terminal screen and keyboard, or headless")
    parser.add_argument("--headless", action="store_true",
                        help="never use this terminal as screen or keyboard; log to stderr "
                             "(the same when stdin is not a terminal or the box runs in the "
                             "background)")
    parser.add_argument("--link", metavar="SPEC",
                        help="host link: a serial device, a pyserial URL or pty:PATH")


def run(args: argparse.Namespace) -> int:
    try:
        return _run(args)
    except FogkeeperError as exc:
        if not journal_stderr():
            raise  # the command line prints it: one line, exit 2
        # the same line, filed as an error: `journalctl -p err -u fogkeeper` shows why the
        # service stopped at start
        print(with_priority(f"fogkeeper run: {exc}", SD_ERR), file=sys.stderr)
        return 2


def _run(args: argparse.Namespace) -> int:
    config = load_config(args.config)
    # the owner's corrections (boards, decks, Monster cards) and records live in data_dir;
    # the name is fogkeeper.data.fog.OWNER_ENV (not imported: the splash comes first)
    os.environ.setdefault("FOGKEEPER_DATA_DIR", str(data_dir(config)))
    terminal = not args.headless and own_terminal()
    if args.sim:
        config = simulated(config, terminal=terminal)
    elif not terminal and config.display.driver == "terminal":
        config = replace(config, display=replace(config.display, driver="dummy"))
    if args.link is not None:
        config = replace(config, link=replace(config.link, port=link_option(args.link)))
    check_data_folder(config)
    setup_logging(config)
    exposed = pin_exposure(config, args.config)
    if exposed is not None:
        log.warning("%s", exposed)  # once, at start: the box still runs (a warning, no refusal)
    lock = FolderLock(data_dir(config))
    try:
        lock.acquire()
    except FolderInUseError as exc:
        print(f"fogkeeper: {exc}", file=sys.stderr)
        return 2
    check_modules(config)
    # every thread the box starts from here on keeps the stop signals blocked (a thread
    # inherits its creator's mask), so the kernel hands them to the loop's own thread
    signal.pthread_sigmask(signal.SIG_BLOCK, STOP_SIGNALS)
    sink = open_display(config)
    sink.push(splash())
    log.info("splash on the display")
    box = assemble(config, sink, keymap=args.sim and config.display.driver == "terminal")
    box.refresh()
    log.info("first screen on the display")
    stop_on_signals(box)
    connect(box, config)
    warm_history()
    signal.pthread_sigmask(signal.SIG_UNBLOCK, STOP_SIGNALS)  # one sent meanwhile comes now
    log.info("fogkeeper running: %s display, config %s", config.display.driver, config.source)
    try:
        box.run()
    finally:
        box.close()
        lock.release()
    return 0


STOP_SIGNALS = (signal.SIGTERM, signal.SIGINT, signal.SIGHUP)  # HUP: its terminal closed


def warm_history() -> None:
    """Bring The FOG's past games' index up to date on a thread of its own, once the box
    plays: the loop never scores thousands of records when Past games first opens. The
    thread only reads the records folder and writes the index (whole, by a rename); the
    loop reads it when a list opens, and rebuilds it itself if it comes first. The FOG's
    modules are imported there too: the loop's first answer does not wait for them."""
    threading.Thread(target=_warm_history, name="history-index", daemon=True).start()


# the index is brought up to date this long after the loop starts: the box's first
# answers (start-up is measured to the first link answer) do not share the processor with
# the FOG modules' import and a folder's listing
WARM_AFTER_SECONDS = 2.0


def _warm_history() -> None:
    time.sleep(WARM_AFTER_SECONDS)
    from fogkeeper.data import fog_history
    from fogkeeper.data.fog import owner_dir

    fog_history.warm(owner_dir())


def stop_on_signals(box: Box) -> None:
    """A stop signal ends the loop the way a Stop item does: saved, then closed.

    Three things make sure the loop hears it. Python runs the handler on the main thread, but
    the kernel may deliver the signal to any thread that does not block it; one delivered to
    the link's reader left the loop asleep in its queue's ``get`` with no deadline, for ever,
    and systemd killed the service unsaved when its stop time ran out. So every other thread
    is started with the stop signals blocked (``_run``), and only the loop's thread takes
    them. And the handler runs between any two bytecodes, maybe inside that ``get``: the
    box's events are a ``queue.SimpleQueue``, whose ``put`` may be called from there (a
    ``queue.Queue``'s would wait on the lock the interrupted ``get`` holds). And a signal that
    lands just before that ``get`` begins its wait is run when the wait ends: the loop never
    waits longer than ``box.STOP_POLL_SECONDS``.
    """
    from fogkeeper.app.box import Stop

    for number in STOP_SIGNALS:
        signal.signal(number, lambda *_: box.events.put(Stop()))


def own_terminal() -> bool:
    """Whether the box may take this terminal as its screen and keyboard: stdin and stdout
    are a terminal and the box is its foreground job (a job started with ``&`` is not: it
    would be stopped at its first read and draw over the shell)."""
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        return False
    try:
        return os.tcgetpgrp(sys.stdin.fileno()) == os.getpgrp()
    except OSError:
        return False


def link_option(spec: str) -> str:
    """``--link SPEC`` checked as ``[link] port`` is; an empty one is refused, not taken as
    "no link" (leaving --link out is how to say that)."""
    if not spec:
        raise ConfigError("--link '' names no port: give a device path, a pyserial URL or "
                          "pty:PATH, or leave --link out for no link")
    check_link(spec, "--link")
    return spec


def check_data_folder(config: Config, *, create: bool = True) -> None:
    """ConfigError when the data folder is not this user's to write, e.g. a shipped profile's
    /var/lib/fogkeeper (the service's) in a run by hand. A full or read-only disk is not
    refused: the box then plays on from memory and says NOT SAVED. ``create=False`` (for
    ``config check``) judges the folder the same way without making it."""
    folder = data_dir(config)
    refused = False
    if create:
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except PermissionError:
            refused = True
        except OSError:
            return
    if not refused and _writable(folder):
        return
    raise ConfigError(
        f"{config.source}: [storage] data_dir {str(folder)!r} is not yours to write (user "
        f"{getpass.getuser()}). A shipped profile keeps the service's data there: stop the "
        "service (sudo systemctl stop fogkeeper) and run as its user (sudo -u fogkeeper "
        "/opt/fogkeeper/venv/bin/fogkeeper run --config /etc/fogkeeper/config.toml), or "
        "copy the profile and set data_dir = \"~/.local/share/fogkeeper\"")


# the group hw/install.sh gives the installed config, the one hw/fogkeeper.service runs in
SERVICE_GROUP = "fogkeeper"


def pin_exposure(config: Config, path: Path | None) -> str | None:
    """A warning when the config file at ``path`` holds a PIN and every local user may read
    it, with the commands that mend it; None when it holds no PIN or others cannot read it.
    The PIN itself is never in it."""
    if path is None or not config.security.pin:
        return None
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return None  # it was just read; gone since, nothing left to warn about
    if not mode & stat.S_IROTH:
        return None
    # world-readable only: a group's members are the owner's choice, the service needs one
    quoted = shlex.quote(str(path))
    return (f"{path} holds the Guardian PIN and every user of this machine can read it "
            f"(mode {stat.S_IMODE(mode):04o}); make it readable by root and the service only: "
            f"sudo chmod 640 {quoted} && sudo chown root:{SERVICE_GROUP} {quoted}")


def _writable(folder: Path) -> bool:
    """Whether this user may write in ``folder``, or make it in its nearest folder that is
    there; a read-only disk counts as writable (the box says NOT SAVED, not refused)."""
    there = folder
    while not there.exists() and there != there.parent:
        there = there.parent
    try:
        if not there.is_dir():
            return True  # as when making it fails for another reason: played from memory
        return os.access(there, os.W_OK | os.X_OK) or bool(
            os.statvfs(there).f_flag & os.ST_RDONLY)
    except OSError:
        return True  # a disk that does not answer: the box plays on from memory


def simulated(config: Config, *, terminal: bool) -> Config:
    """The same config on simulated parts: mock pins, terminal or dummy screen."""
    display = replace(config.display, driver="terminal" if terminal else "dummy")
    inputs = replace(config.inputs, pin_factory="mock")
    return replace(config, display=display, inputs=inputs)


def setup_logging(config: Config) -> None:
    """One-line records on stderr (journald adds the time); in the terminal sim, to a file
    in the data folder (stderr is the screen there), or stderr when the folder refuses.

    On a stderr that is journald's stream (under systemd), each line starts with its
    sd-daemon priority (``<4>`` a warning), so ``journalctl -p warning`` finds them."""
    level = getattr(logging, config.log.level.upper())
    fmt = "%(levelname)s %(name)s: %(message)s"
    if config.display.driver == "terminal":
        folder = data_dir(config)
        try:
            folder.mkdir(parents=True, exist_ok=True)
            logging.basicConfig(level=level, format="%(asctime)s " + fmt,
                                filename=folder / "fogkeeper.log")
        except OSError as exc:
            print(f"fogkeeper: cannot log to {folder} ({reason_of(exc)}); logging to stderr",
                  file=sys.stderr)
        else:
            logging.getLogger("transitions").setLevel(logging.ERROR)
            return
    handler = logging.StreamHandler(sys.stderr)
    if journal_stderr():
        handler.setFormatter(JournalFormatter(fmt))
        # a library's warnings.warn (gpiozero's) and a crash's traceback at their priority
        # too, not as info lines
        logging.captureWarnings(True)
        sys.excepthook = _journal_excepthook
    else:
        handler.setFormatter(logging.Formatter(fmt))
    logging.basicConfig(level=level, handlers=[handler])
    logging.getLogger("transitions").setLevel(logging.ERROR)  # ignored keys are not news


# sd-daemon's priorities (man sd-daemon: SD_CRIT, SD_ERR, SD_WARNING, SD_INFO, SD_DEBUG)
SD_CRIT, SD_ERR, SD_WARNING, SD_INFO, SD_DEBUG = 2, 3, 4, 6, 7


def sd_priority(levelno: int) -> int:
    """The syslog priority journald files a record of this logging level under."""
    if levelno >= logging.CRITICAL:
        return SD_CRIT
    if levelno >= logging.ERROR:
        return SD_ERR
    if levelno >= logging.WARNING:
        return SD_WARNING
    if levelno >= logging.INFO:
        return SD_INFO
    return SD_DEBUG


def with_priority(text: str, priority: int) -> str:
    """``text`` with ``<priority>`` before each line: journald reads every line of its
    stream as a record of its own, so a traceback's later lines need it too."""
    return "\n".join(f"<{priority}>{line}" for line in text.split("\n"))


class JournalFormatter(logging.Formatter):
    """The usual record, each line prefixed with the record's sd-daemon priority."""

    def format(self, record: logging.LogRecord) -> str:
        return with_priority(super().format(record), sd_priority(record.levelno))


def journal_stderr(environ: Mapping[str, str] | None = None) -> bool:
    """Whether stderr is journald's stream: systemd sets JOURNAL_STREAM to its
    ``device:inode`` (man systemd.exec). Compared, not only looked for: a shell or program
    started from a service inherits the variable with its stderr somewhere else."""
    value = (os.environ if environ is None else environ).get("JOURNAL_STREAM", "")
    device, _, inode = value.partition(":")
    if not (device.isdigit() and inode.isdigit()):
        return False
    try:
        info = os.fstat(sys.stderr.fileno())
    except (OSError, ValueError, AttributeError):  # closed, or a stream with no descriptor
        return False
    return (info.st_dev, info.st_ino) == (int(device), int(inode))


def _journal_excepthook(kind: type[BaseException], exc: BaseException,
                        tb: TracebackType | None) -> None:
    text = "".join(traceback.format_exception(kind, exc, tb)).rstrip("\n")
    print(with_priority(text, SD_CRIT), file=sys.stderr)


# the Python modules a real box needs beyond the simulator's, and the extra that installs them
# (a display's come with its row in fogkeeper.drivers.registry)
LGPIO = Module("lgpio", "the lgpio pin factory ([inputs] pin_factory)")


def missing_modules(config: Config) -> list[Module]:
    """What the config needs that is not installed; [] on a good box."""
    import importlib.util

    needed = [LGPIO] if config.inputs.pin_factory == "lgpio" else []
    bus = DISPLAY_DRIVERS[config.display.driver].bus(config.display.interface)
    needed += bus.modules if bus is not None else ()
    return [module for module in needed
            if importlib.util.find_spec(module.name.split(".")[0]) is None]


def check_modules(config: Config) -> None:
    """ConfigError naming every missing module, what it is for, and what installs it."""
    missing = missing_modules(config)
    if missing:
        named = "; ".join(f"{module.name} for {module.why}" for module in missing)
        installs = " and ".join(dict.fromkeys(module.install for module in missing))
        raise ConfigError(f"{config.source}: not installed: {named}. "
                          f"Install them with {installs}")


# what to do when no GPIO library works: one sentence for the one line the box stops with
GPIO_FIX = ("install the GPIO library (Raspberry Pi OS: sudo apt install python3-lgpio; "
            "elsewhere: pip install 'fogkeeper[pi]'), or on a machine with no GPIO set "
            "[inputs] pin_factory = \"mock\" or run with --sim")
GPIO_ACCESS = ("if the library is there, this user may not open /dev/gpiochip*: add it to the "
               "gpio group (sudo usermod -a -G gpio USER, then log in again)")


def pin_factory(name: str) -> Any:
    """The gpiozero pin factory the config names (None: gpiozero's own default, made now).

    A missing or failing factory is a ConfigError, one line naming what is missing and how
    to fix it: gpiozero itself would end the start in a traceback of fallback warnings."""
    if name == "mock":
        from gpiozero.pins.mock import MockFactory, MockPWMPin

        return MockFactory(pin_class=MockPWMPin)
    if name == "lgpio":
        try:
            from gpiozero.pins.lgpio import LGPIOFactory
        except ImportError as exc:  # check_modules names it first; a broken install still
            raise ConfigError(f"the lgpio pin factory is not installed ({exc}): "
                              f"{GPIO_FIX}") from None
        try:
            return LGPIOFactory()
        except Exception as exc:  # not a Pi, or no access to /dev/gpiochip*
            raise ConfigError(f"the lgpio pin factory cannot start here ({exc}); "
                              f"{GPIO_ACCESS}; on a PC use --sim") from None
    _default_pin_factory()
    return None  # the devices take gpiozero's default, which is now made


def _default_pin_factory() -> None:
    """Make gpiozero's default pin factory (GPIOZERO_PIN_FACTORY, or the first that works of
    lgpio, RPi.GPIO, pigpio, native), its fallback warnings folded into one line."""
    import warnings

    from gpiozero import Device

    with warnings.catch_warnings(record=True) as fell_back:
        warnings.simplefilter("always")
        try:
            Device.ensure_pin_factory()
        except Exception as exc:
            tried = "; ".join(str(w.message).removeprefix("Falling back from ")
                              for w in fell_back if "Falling back" in str(w.message))
            raise ConfigError(f"no GPIO pin factory works here ({tried or exc}): "
                              f"{GPIO_FIX}; {GPIO_ACCESS}") from None
    if fell_back:
        log.warning("GPIO: gpiozero's %s pin factory (%s)", type(Device.pin_factory).__name__,
                    "; ".join(str(w.message).splitlines()[0] for w in fell_back))


def input_pins(config: Config) -> dict[Button, int]:
    wired = {b: getattr(config.inputs, b.value) for b in Button}
    return {b: pin for b, pin in wired.items() if pin != NO_PIN}


def splash() -> Any:
    from fogkeeper.app.splash import splash_image

    return splash_image()


# How long the box under systemd waits for its display's device node: the unit starts after
# udev's trigger, which does not wait for i2c-dev or spidev (loaded later at boot). By hand it
# does not wait: the device is there or it is not.
DEVICE_WAIT_SECONDS = 20.0


def display_device(config: Config) -> Path | None:
    """The device node the display's bus opens (/dev/i2c-1, /dev/spidev0.0); None when it
    draws elsewhere (terminal, dummy)."""
    d = config.display
    bus = DISPLAY_DRIVERS[d.driver].bus(d.interface)
    if bus is None:
        return None
    return Path(f"/dev/i2c-{d.i2c_port}" if bus.name == "i2c"
                else f"/dev/spidev{d.spi_port}.{d.spi_device}")


def wait_for_device(path: Path, seconds: float, *, what: str,
                    clock: Callable[[], float] = time.monotonic,
                    sleep: Callable[[float], None] = time.sleep) -> bool:
    """Whether ``path`` is there, waiting up to ``seconds`` for it, with one log line when
    it is not there at once."""
    if path.exists():
        return True
    log.info("%s is not there yet: waiting up to %g s for it (%s)", path, seconds, what)
    deadline = clock() + seconds
    while clock() < deadline:
        sleep(0.25)
        if path.exists():
            log.info("%s is there", path)
            return True
    return False


def open_display(config: Config, clock: Callable[[], float] = time.monotonic) -> DisplayThread:
    """The configured display behind a FrameSink on its own thread (the first thing the box
    opens). The thread starts here: ``_run`` calls this after blocking the stop signals."""
    from fogkeeper.drivers.display import DisplayThread, FrameSink, create_device

    device = display_device(config)
    if device is not None and "INVOCATION_ID" in os.environ:  # a systemd service
        wait_for_device(device, DEVICE_WAIT_SECONDS, what="the display's bus")
    d = config.display
    device = create_device(d.driver, interface=d.interface, i2c_port=d.i2c_port,
                           i2c_address=d.i2c_address, spi_port=d.spi_port,
                           spi_device=d.spi_device, spi_speed_hz=d.spi_speed_hz,
                           gpio_dc=d.gpio_dc,
                           gpio_reset=None if d.gpio_reset == NO_PIN else d.gpio_reset)
    return DisplayThread(FrameSink(device, clock=clock))


def build(config: Config, *, keymap: bool = False,
          clock: Callable[[], float] = time.monotonic,
          wall_clock: Callable[[], float] = time.time) -> Box:
    """Pick and start every part the config names, then make the box around them."""
    check_modules(config)
    box = assemble(config, open_display(config, clock), keymap=keymap, clock=clock,
                   wall_clock=wall_clock)
    connect(box, config)
    return box


class _NoSound:
    """The buzzer until ``connect`` brings the real one (the first screen needs no sound)."""

    volume_percent = 0
    muted = True

    def play(self, tune: Any) -> None:
        """Nothing plays before the parts are connected."""

    def close(self) -> None:
        """Nothing to release."""


def assemble(config: Config, sink: Sink, *, keymap: bool = False,
             clock: Callable[[], float] = time.monotonic,
             wall_clock: Callable[[], float] = time.time) -> Box:
    """The box around its display: app, stores and settings; no pins or link yet."""
    from fogkeeper.app.box import Box, Parts
    from fogkeeper.drivers.buzzer import Tune

    parts = Parts(sink=sink, buzzer=_NoSound(), tune=lambda name: Tune(name),
                  closers=(sink.close,))
    return Box(config, parts, Stores(data_dir(config)), keymap=keymap, clock=clock,
               wall_clock=wall_clock)


def connect(box: Box, config: Config) -> None:
    """Start the parts a player touches or hears, and the host link."""
    from fogkeeper.drivers.buzzer import BuzzerPlayer, create_buzzer
    from fogkeeper.drivers.inputs import GpioInputs

    parts = box.parts
    factory = pin_factory(config.inputs.pin_factory)
    b = config.buzzer
    buzzer_device = None if b.kind == "none" else create_buzzer(b.kind, b.pin, factory)
    settings = box.app.settings
    parts.buzzer = BuzzerPlayer(buzzer_device, volume_percent=settings.volume_percent,
                                muted=settings.muted)
    pins = input_pins(config)
    inputs = GpioInputs(pins, box.events.put, hold_seconds=settings.hold_seconds,
                        bounce_seconds=config.inputs.bounce_seconds or None,
                        pin_factory=factory)
    parts.set_hold_seconds = lambda s: setattr(inputs, "hold_seconds", s)
    parts.pin_factory, parts.input_pins = factory, pins
    closers: list[Callable[[], None]] = [inputs.close, parts.buzzer.close, *parts.closers]
    if config.display.driver == "terminal" and factory is not None:
        closers.insert(0, _start_keyboard(box, factory, pins))
    if config.link.port:
        closers.insert(0, _start_link(box, config))
    parts.closers = tuple(closers)


def _start_keyboard(box: Box, factory: Any, pins: dict[Button, int]) -> Callable[[], None]:
    from fogkeeper.app.box import Stop
    from fogkeeper.drivers.keyboard import KeyboardDriver
    from fogkeeper.flow.app import Screen

    # the key card says "any key: go on": its first key goes on whatever it is
    first_key = Button.PRESS if box.app.state is Screen.KEYMAP else None
    keyboard = KeyboardDriver(sys.stdin.fileno(), {b: factory.pin(p) for b, p in pins.items()},
                              hold_seconds=lambda: box.app.settings.hold_seconds,
                              on_quit=lambda: box.events.put(Stop()), first_key=first_key)
    keyboard.start()
    return keyboard.close


def _start_link(box: Box, config: Config) -> Callable[[], None]:
    from fogkeeper.link.transport import LinkServer

    server = LinkServer(config.link.port, box.link_input, baudrate=config.link.baudrate)
    box.parts.link = server
    server.start()
    return server.close
