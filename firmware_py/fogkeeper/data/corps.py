"""Loads the Corps chapter's [CONFIG] rulings from ``config/corps/chapter.toml``."""

from __future__ import annotations

from pathlib import Path

from fogkeeper.data import read_toml
from fogkeeper.paths import config_dir
from fogkeeper.rules.corps import CorpsOptions, options_from_mapping

CORPS_CHAPTER_FILE = Path("corps") / "chapter.toml"


def corps_chapter_path() -> Path:
    return config_dir() / CORPS_CHAPTER_FILE


def load_corps_options(path: Path | None = None) -> CorpsOptions:
    """Read and check the chapter options; ConfigError names the file and the key."""
    source = path or corps_chapter_path()
    data = read_toml(source)
    return options_from_mapping(data, str(source))  # its errors name the file and the key
