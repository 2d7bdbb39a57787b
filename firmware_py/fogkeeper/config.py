"""The box's TOML configuration: every key has a default and a check; errors name the key path.

The schema is the dataclasses below: each field's default is the default, and its
``metadata`` holds the check and the words that tell a user what is allowed. The loader
never writes files and never exits; it raises ``ConfigError`` with one clear message.
"""

from __future__ import annotations

import dataclasses
import functools
import os
import re
import stat
import tomllib
import types
import typing
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from fogkeeper.drivers.registry import DISPLAY_DRIVERS, INTERFACES, words
from fogkeeper.errors import ConfigError
from fogkeeper.schema import Field, Schema, SchemaError

Check = Callable[[Any], bool]
NO_PIN = -1  # an input pin set to -1 is not wired (for example KEY3 on a two-key board)
MAX_CONFIG_BYTES = 64 * 1024  # a config file is a few hundred bytes; anything huge is a mistake
BUTTONS = ("up", "down", "left", "right", "press", "key1", "key2", "key3")


def _rule(default: Any, allowed: str, check: Check | None = None) -> Any:
    return field(default=default, metadata={"allowed": allowed, "check": check})


def _between(low: float, high: float) -> Check:
    return lambda value: low <= value <= high


def _one_of(*choices: object) -> Check:
    return lambda value: value in choices


def _gpio(value: int) -> bool:
    return value == NO_PIN or 0 <= value <= 27


def _seconds_list(value: tuple[int, ...]) -> bool:
    return all(1 <= v <= 3600 for v in value) and len(set(value)) == len(value)


def _presets(value: tuple[int, ...]) -> bool:
    return 1 <= len(value) <= 12 and _seconds_list(value)


def _folder(value: str) -> bool:
    """A path the box can make a folder of: not empty, no NUL byte (no system call takes
    one), and a leading ``~user`` only for a user this system knows."""
    if value.strip() == "" or "\0" in value:
        return False
    if value.startswith("~"):
        try:
            return not os.path.expanduser(value).startswith("~")
        except (KeyError, RuntimeError):  # no home for that user
            return False
    return True


def _pin_code(value: str) -> bool:
    return value == "" or re.fullmatch(r"[0-9]{4,8}", value) is not None


GPIO = "a BCM GPIO number 0-27, or -1 for not wired"
# the SPI clock rates luma.core's spi() accepts, in Hz
SPI_SPEEDS_HZ = tuple(int(mhz * 1_000_000) for mhz in (
    0.5, 1, 2, 4, 8, 16, 20, 24, 28, 32, 36, 40, 44, 48, 50, 52))


@dataclass(frozen=True)
class DisplayConfig:
    driver: str = _rule("ssd1306", words(tuple(DISPLAY_DRIVERS)), _one_of(*DISPLAY_DRIVERS))
    interface: str = _rule("i2c", words(INTERFACES), _one_of(*INTERFACES))
    i2c_port: int = _rule(1, "an I2C bus number 0-10", _between(0, 10))
    i2c_address: int = _rule(0x3C, "an I2C address 0x03-0x77", _between(0x03, 0x77))
    spi_port: int = _rule(0, "an SPI bus number 0-6", _between(0, 6))
    spi_device: int = _rule(0, "an SPI chip select 0-2", _between(0, 2))
    spi_speed_hz: int = _rule(8_000_000, "one of luma's SPI clocks: " + ", ".join(
        str(s) for s in SPI_SPEEDS_HZ), _one_of(*SPI_SPEEDS_HZ))
    gpio_dc: int = _rule(24, GPIO, _gpio)
    gpio_reset: int = _rule(25, GPIO, _gpio)
    rotation: int = _rule(0, "0 or 180 (degrees)", _one_of(0, 180))
    contrast: int = _rule(207, "0-255", _between(0, 255))


@dataclass(frozen=True)
class InputsConfig:
    pin_factory: str = _rule("default", "default, lgpio or mock",
                             _one_of("default", "lgpio", "mock"))
    up: int = _rule(17, GPIO, _gpio)
    down: int = _rule(22, GPIO, _gpio)
    left: int = _rule(27, GPIO, _gpio)
    right: int = _rule(23, GPIO, _gpio)
    press: int = _rule(4, GPIO, _gpio)
    key1: int = _rule(5, GPIO, _gpio)
    key2: int = _rule(6, GPIO, _gpio)
    key3: int = _rule(NO_PIN, GPIO, _gpio)
    bounce_seconds: float = _rule(0.02, "0-0.5 seconds", _between(0.0, 0.5))
    hold_seconds: float = _rule(1.0, "0.3-3.0 seconds", _between(0.3, 3.0))


@dataclass(frozen=True)
class BuzzerConfig:
    kind: str = _rule("tonal", "tonal, active or none", _one_of("tonal", "active", "none"))
    pin: int = _rule(12, GPIO, _gpio)
    volume_percent: int = _rule(70, "0-100", _between(0, 100))
    muted: bool = _rule(False, "true or false")


@dataclass(frozen=True)
class LinkConfig:
    port: str = _rule("", "a device path, a pyserial URL, pty:PATH, or empty for no link")
    baudrate: int = _rule(115200, "1200-4000000", _between(1200, 4_000_000))


@dataclass(frozen=True)
class TimerConfig:
    default_seconds: int = _rule(60, "5-3600 seconds", _between(5, 3600))
    presets_seconds: tuple[int, ...] = _rule((30, 60, 90, 120),
                                             "1-12 distinct whole seconds 1-3600", _presets)
    warn_at_seconds: tuple[int, ...] = _rule((10, 5, 4, 3, 2, 1),
                                             "distinct whole seconds 1-3600", _seconds_list)
    visual_only: bool = _rule(False, "true or false")
    players: int = _rule(4, "1-8 players", _between(1, 8))


@dataclass(frozen=True)
class ScreenConfig:
    dim_after_seconds: int = _rule(120, "0 (never) to 3600 seconds", _between(0, 3600))
    dim_contrast: int = _rule(8, "0-255", _between(0, 255))
    shift_every_seconds: int = _rule(60, "0 (never) to 3600 seconds", _between(0, 3600))


@dataclass(frozen=True)
class StorageConfig:
    data_dir: str = _rule("~/.local/share/fogkeeper", "a folder path (not empty, no NUL "
                          "byte; ~user only for a user of this system)", _folder)


@dataclass(frozen=True)
class SecurityConfig:
    pin: str = field(default="", metadata={
        "allowed": '4 to 8 digits as a string, e.g. "1234", or "" for none',
        "check": _pin_code, "secret": True})  # a wrong PIN is never echoed in an error


@dataclass(frozen=True)
class LogConfig:
    level: str = _rule("info", "debug, info, warning or error",
                       _one_of("debug", "info", "warning", "error"))


@dataclass(frozen=True)
class Config:
    display: DisplayConfig = field(default_factory=DisplayConfig)
    inputs: InputsConfig = field(default_factory=InputsConfig)
    buzzer: BuzzerConfig = field(default_factory=BuzzerConfig)
    link: LinkConfig = field(default_factory=LinkConfig)
    timer: TimerConfig = field(default_factory=TimerConfig)
    screen: ScreenConfig = field(default_factory=ScreenConfig)
    storage: StorageConfig = field(default_factory=StorageConfig)
    security: SecurityConfig = field(default_factory=SecurityConfig)
    log: LogConfig = field(default_factory=LogConfig)
    source: str = "built-in defaults"


def load_config(path: Path | None) -> Config:
    """Read and check a config file; ``None`` gives the built-in defaults."""
    if path is None:
        return Config()
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):
            raise ConfigError(f"{path}: not a regular file")
        with open(path, "rb") as file:
            data = file.read(MAX_CONFIG_BYTES + 1)
        if len(data) > MAX_CONFIG_BYTES:
            raise ConfigError(f"{path}: larger than {MAX_CONFIG_BYTES} bytes; "
                              "a config file is a few hundred")
        raw = tomllib.loads(data.decode("utf-8"))
    except OSError as exc:
        raise ConfigError(f"{path}: cannot read the file ({exc.strerror or exc})") from None
    except UnicodeDecodeError:
        raise ConfigError(f"{path}: not a UTF-8 text file") from None
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{path}: not valid TOML ({exc})") from None
    except RecursionError:
        raise ConfigError(f"{path}: not valid TOML (arrays or tables nested too deep)") from None
    return parse_config(raw, source=str(path))


def parse_config(raw: Mapping[str, Any], *, source: str = "<config>") -> Config:
    """Build a ``Config`` from parsed TOML, checking every key against the schema."""
    sections: dict[str, Any] = {}
    section_types = _field_types(Config)
    for name, value in raw.items():
        if name == "source" or name not in section_types:
            allowed = ", ".join(f"[{n}]" for n in section_types if n != "source")
            raise ConfigError(f"{source}: unknown section [{name}]; allowed: {allowed}")
        if not isinstance(value, dict):
            raise ConfigError(f"{source}: {name} must be a table, written [{name}]")
        sections[name] = _parse_section(section_types[name], value, f"{source}: [{name}]")
    config = Config(**sections, source=source)
    _check_wiring(config, source)
    check_link(config.link.port, f"{source}: [link] port")
    return config


def _check_wiring(config: Config, source: str) -> None:
    """No pin does two jobs: each button, the buzzer and the SPI display lines apart."""
    jobs: dict[int, str] = {}

    def claim(pin: int, job: str) -> None:
        if pin == NO_PIN:
            return
        if pin in jobs:
            raise ConfigError(f"{source}: GPIO {pin} is both {jobs[pin]} and {job}; "
                              "each pin can do one job")
        jobs[pin] = job

    for button in BUTTONS:
        claim(getattr(config.inputs, button), f"[inputs] {button}")
    if config.buzzer.kind != "none":
        claim(config.buzzer.pin, "[buzzer] pin")
    d = config.display
    driver = DISPLAY_DRIVERS[d.driver]
    bus = driver.bus(d.interface)
    if driver.buses and bus is None:
        raise ConfigError(f"{source}: [display] driver {d.driver!r} is not wired over "
                          f"{d.interface}; interface: "
                          f"{words(tuple(b.name for b in driver.buses))}")
    for key in bus.pins if bus is not None else ():
        claim(getattr(d, key), f"[display] {key}")


# device numbers of /dev/null, /dev/zero, /dev/full, /dev/random...: never a serial port
_MEMORY_DEVICES_MAJOR = 1


def check_link(spec: str, where: str) -> None:
    """The link spec is one the box can open: a serial device, a pyserial URL or pty:PATH.

    A device that is absent now is fine (a USB gadget appears later; the box retries).
    """
    if not spec:
        return
    if spec.startswith("pty:"):
        path = Path(spec[4:]).expanduser()
        if not spec[4:]:
            raise ConfigError(f"{where} = {spec!r} needs a path, e.g. pty:/tmp/fogkeeper-link")
        if not path.absolute().parent.is_dir():
            raise ConfigError(f"{where} = {spec!r}: folder {str(path.absolute().parent)!r} "
                              "does not exist")
        return
    if "://" in spec:
        import serial

        try:
            serial.serial_for_url(spec, do_not_open=True)
        except (ValueError, serial.SerialException) as exc:
            raise ConfigError(f"{where} = {spec!r}: {exc}") from None
        return
    if not spec.startswith("/"):
        raise ConfigError(f"{where} = {spec!r}: a device path starts with /, e.g. /dev/serial0")
    try:
        info = os.stat(spec)
    except OSError:
        return
    if not stat.S_ISCHR(info.st_mode) or os.major(info.st_rdev) == _MEMORY_DEVICES_MAJOR:
        raise ConfigError(f"{where} = {spec!r} is not a serial port")


@functools.cache
def section_schema(cls: Any) -> Schema:
    """A config section's keys as the one schema every border reads through: each
    dataclass field's type, default, check and allowed words (a list of whole numbers is
    written as a TOML array and kept as a tuple)."""
    hints = _field_types(cls)
    declared = []
    for f in dataclasses.fields(cls):
        wanted = hints[f.name]
        is_tuple = typing.get_origin(wanted) is tuple
        if not is_tuple and wanted not in (bool, int, float, str):
            raise TypeError(f"config schema uses an unsupported type {wanted!r}")  # a bug
        declared.append(Field(f.name, list if is_tuple else wanted, default=f.default,
                              items=Field(f.name, int) if is_tuple else None,
                              check=f.metadata.get("check"), allowed=f.metadata["allowed"]))
    return Schema(tuple(declared))


def _parse_section(cls: Any, raw: Mapping[str, Any], where: str) -> Any:
    schema = section_schema(cls)
    try:
        read = schema.read(raw)
    except SchemaError as exc:
        key = exc.path.split("[", 1)[0]
        if key not in schema:
            raise ConfigError(f"{where} unknown key {key!r}; allowed: "
                              f"{', '.join(f.key for f in schema)}") from None
        secret = next(f for f in dataclasses.fields(cls) if f.name == key).metadata.get("secret")
        shown = f"{key} is" if secret else f"{key} = {raw[key]!r} is"
        raise ConfigError(f"{where} {shown} not allowed; expected "
                          f"{schema.by_key[key].words()}") from None
    return cls(**{key: tuple(value) if isinstance(value, list) else value
                  for key, value in read.items() if key in raw})


def _field_types(cls: Any) -> dict[str, Any]:
    hints = typing.get_type_hints(cls, globalns=vars(types) | globals())
    return {f.name: hints[f.name] for f in dataclasses.fields(cls)}


def data_dir(config: Config) -> Path:
    """The folder for saved sessions, settings and game records."""
    return Path(config.storage.data_dir).expanduser()


def schema_table() -> str:
    """Every section and key with its default and what is allowed, as a Markdown table."""
    rows = ["| key | default | allowed |", "|---|---|---|"]
    for section in dataclasses.fields(Config):
        if section.name == "source":
            continue
        for key in dataclasses.fields(_field_types(Config)[section.name]):
            default = key.default
            shown = list(default) if isinstance(default, tuple) else default
            text = str(shown).lower() if isinstance(shown, bool) else repr(shown)
            rows.append(f"| `[{section.name}] {key.name}` | `{text}` | {key.metadata['allowed']} |")
    return "\n".join(rows) + "\n"
