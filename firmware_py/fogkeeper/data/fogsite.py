"""Loads the FOGSITE engine options from ``config/fogsite.toml`` (the rules never read files)."""

from __future__ import annotations

from pathlib import Path

from fogkeeper.data import read_toml
from fogkeeper.errors import ConfigError
from fogkeeper.paths import config_dir
from fogkeeper.rules.fogsite.options import Options, options_from_mapping

FOGSITE_CONFIG_NAME = "fogsite.toml"


def fogsite_config_path() -> Path:
    return config_dir() / FOGSITE_CONFIG_NAME


def load_fogsite_options(path: Path | None = None) -> Options:
    """Read and check the FOGSITE options; ConfigError names the file and the key."""
    source = path or fogsite_config_path()
    data = read_toml(source)
    try:
        return options_from_mapping(data)
    except ConfigError as error:
        raise ConfigError(f"{source}: {error}") from None
