"""The games' shipped data (boards, decks, options) read from ``config/`` for the rules engines.

It sits just above ``rules/`` so that both the table flows and the CLI commands can use it.
Every file is read by ``read_toml`` or ``read_json``: one failure policy, a ConfigError naming
the file, and a bound on what is read (a damaged or huge file is refused, never read whole).
"""

from __future__ import annotations

import json
import tomllib
from pathlib import Path
from typing import Any

from fogkeeper.errors import ConfigError

# The largest shipped data file is about 4 kB, an owner's correction file smaller still; a
# game record is tens of kB. Anything past these bounds is a mistake, refused unread.
MAX_DATA_BYTES = 256 * 1024
MAX_RECORD_BYTES = 1 << 20


def read_text(path: Path, most: int = MAX_DATA_BYTES) -> str:
    """The UTF-8 text of ``path``, at most ``most`` bytes of it; ConfigError naming the file
    when it is missing, unreadable, larger or not UTF-8."""
    try:
        with path.open("rb") as handle:
            data = handle.read(most + 1)
    except FileNotFoundError:
        raise ConfigError(f"{path}: file not found") from None
    except OSError as error:
        raise ConfigError(f"{path}: cannot read ({error.strerror or error})") from None
    if len(data) > most:
        raise ConfigError(f"{path}: larger than {most} bytes, not read")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise ConfigError(f"{path}: not UTF-8 text (byte {error.start})") from None


def read_toml(path: Path, most: int = MAX_DATA_BYTES) -> dict[str, Any]:
    """The TOML document at ``path``; ConfigError naming the file when it cannot be read."""
    text = read_text(path, most)
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise ConfigError(f"{path}: not valid TOML ({error})") from None


def read_json(path: Path, most: int = MAX_DATA_BYTES) -> Any:
    """The JSON document at ``path``; ConfigError naming the file when it cannot be read
    (cut short, not JSON, nested past the parser's depth)."""
    text = read_text(path, most)
    try:
        return json.loads(text)
    except ValueError as error:
        raise ConfigError(f"{path}: not valid JSON ({error})") from None
    except RecursionError:
        raise ConfigError(f"{path}: not valid JSON (nested too deep)") from None
