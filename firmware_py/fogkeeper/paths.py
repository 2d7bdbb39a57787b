"""Where fogkeeper finds its shipped configuration and data files."""

from __future__ import annotations

import os
from pathlib import Path

ENV_CONFIG_DIR = "FOGKEEPER_CONFIG_DIR"


def config_dir() -> Path:
    """The folder holding the shipped TOML files (profiles, boards, decks).

    It is the repository's ``config/`` next to ``firmware_py/``; the environment variable
    ``FOGKEEPER_CONFIG_DIR`` points elsewhere (an installed box keeps the clone in place).
    """
    override = os.environ.get(ENV_CONFIG_DIR)
    if override:
        return Path(override)
    return Path(__file__).resolve().parents[2] / "config"
