"""The games' shipped data (boards, decks, options) read from ``config/`` for the rules engines.

It sits just above ``rules/`` so that both the table flows and the CLI commands can use it.
Every file is read by ``read_toml``: one failure policy, a ConfigError naming the file.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

from fogkeeper.errors import ConfigError


def read_toml(path: Path) -> dict[str, Any]:
    """The TOML document at ``path``; ConfigError naming the file when it cannot be read."""
    try:
        with path.open("rb") as handle:
            return tomllib.load(handle)
    except FileNotFoundError:
        raise ConfigError(f"{path}: file not found") from None
    except OSError as error:
        raise ConfigError(f"{path}: cannot read ({error.strerror})") from None
    except tomllib.TOMLDecodeError as error:
        raise ConfigError(f"{path}: not valid TOML ({error})") from None
