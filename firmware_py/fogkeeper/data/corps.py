"""Loads the Corps chapter's [CONFIG] rulings from ``config/corps/chapter.toml``, with the
owner's Monster cards (`<data>/corps/monsters.toml`: what each card names) over them."""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

from fogkeeper.data import read_toml
from fogkeeper.data.fog import owner_dir
from fogkeeper.errors import ConfigError
from fogkeeper.paths import config_dir
from fogkeeper.rules.corps import CorpsOptions, options_from_mapping

log = logging.getLogger(__name__)
CORPS_CHAPTER_FILE = Path("corps") / "chapter.toml"


def corps_chapter_path() -> Path:
    return config_dir() / CORPS_CHAPTER_FILE


MONSTERS_FILE = Path("corps") / "monsters.toml"


def owner_monsters_path() -> Path:
    """Where the owner keeps the Monster cards' Terrain and kill cost, read off the cards."""
    return owner_dir() / MONSTERS_FILE


def _with_owner_monsters(data: dict[str, Any]) -> dict[str, Any]:
    path = owner_monsters_path()
    if not path.is_file():
        return data
    given = read_toml(path).get("monster", [])
    if not isinstance(given, list):
        raise ConfigError(f"{path}: key 'monster': expected a list of Monster cards")
    own = {m.get("card"): m for m in given if isinstance(m, dict)}
    shipped = [own.pop(m.get("card"), m) for m in data.get("monster", [])]
    return {**data, "monster": [*shipped, *own.values()]}


def owner_monsters_problem() -> str | None:
    """Why the owner's Monster cards file cannot be used (it is then left aside), or None."""
    source = corps_chapter_path()
    shipped = read_toml(source)
    try:
        options_from_mapping(_with_owner_monsters(dict(shipped)), str(owner_monsters_path()))
    except ConfigError as exc:
        return str(exc)
    return None


def load_corps_options(path: Path | None = None) -> CorpsOptions:
    """Read and check the chapter options; ConfigError names the file and the key. The
    owner's Monster cards that the box cannot use are left aside, the file kept."""
    source = path or corps_chapter_path()
    data = read_toml(source)
    if path is None:
        try:
            return options_from_mapping(_with_owner_monsters(dict(data)), str(source))
        except ConfigError as exc:
            options = options_from_mapping(data, str(source))  # the shipped file's own fault
            log.warning("%s; the shipped Monster cards are used (the file is kept)", exc)
            return options
    return options_from_mapping(data, str(source))  # its errors name the file and the key
