"""Loads the Corps chapter's [CONFIG] rulings from ``config/corps/chapter.toml``, with the
owner's Monster cards (`<data>/corps/monsters.toml`: what each card names) over them."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fogkeeper.data import read_toml
from fogkeeper.data.fog import owner_dir
from fogkeeper.paths import config_dir
from fogkeeper.rules.corps import CorpsOptions, options_from_mapping

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
    own = {m.get("card"): m for m in read_toml(path).get("monster", []) if isinstance(m, dict)}
    shipped = [own.pop(m.get("card"), m) for m in data.get("monster", [])]
    return {**data, "monster": [*shipped, *own.values()]}


def load_corps_options(path: Path | None = None) -> CorpsOptions:
    """Read and check the chapter options; ConfigError names the file and the key."""
    source = path or corps_chapter_path()
    data = read_toml(source)
    if path is None:
        data = _with_owner_monsters(dict(data))
    return options_from_mapping(data, str(source))  # its errors name the file and the key
