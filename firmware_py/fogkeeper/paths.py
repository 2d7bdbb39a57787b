"""Where fogkeeper finds its shipped configuration and data files."""

from __future__ import annotations

import os
from pathlib import Path

ENV_CONFIG_DIR = "FOGKEEPER_CONFIG_DIR"

# A regular install (a wheel, `pip install .`) carries the repository's config/ inside the
# package under this name (pyproject.toml maps it); a checkout or an editable install has none.
PACKAGED_CONFIG = "_config"


def config_dir() -> Path:
    """The folder holding the shipped TOML files (profiles, boards, decks).

    ``FOGKEEPER_CONFIG_DIR`` wins (an owner's edited copy of the data). Otherwise the copy a
    regular install put beside this module, and failing that the repository's ``config/`` next
    to ``firmware_py/`` (a checkout, an editable install).
    """
    override = os.environ.get(ENV_CONFIG_DIR)
    if override:
        return Path(override)
    here = Path(__file__).resolve().parent
    packaged = here / PACKAGED_CONFIG
    if packaged.is_dir():
        return packaged
    return here.parents[1] / "config"
