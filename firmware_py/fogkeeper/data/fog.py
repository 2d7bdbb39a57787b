"""Reads The FOG's board and deck TOML files from the config folder for the rules engine."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

from fogkeeper.errors import ConfigError
from fogkeeper.paths import config_dir
from fogkeeper.rules.fog import Board, CardSet, FogRules, board_from_dict, cards_from_dict

BOARD_NAMES = ("S", "F", "M", "L")
DECK_FILES = {
    "guardians": "fog_guardians.toml", "fog": "fog_uncertainty.toml", "events": "fog_events.toml",
    "rescued_islanders": "fog_rescued_islanders.toml",
    "rescue_achievements": "fog_rescue_achievements.toml",
}


def _read(path: Path) -> dict[str, Any]:
    try:
        with path.open("rb") as handle:
            return tomllib.load(handle)
    except FileNotFoundError:
        raise ConfigError(f"{path}: file not found") from None
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{path}: not valid TOML: {exc}") from None


def load_board(name: str, folder: Path | None = None) -> Board:
    """Board S, F, M or L from `<config>/boards/<name>.toml`."""
    if name not in BOARD_NAMES:
        raise ConfigError(f"board {name!r}: choose one of {', '.join(BOARD_NAMES)}")
    path = (folder or config_dir()) / "boards" / f"{name}.toml"
    return board_from_dict(_read(path), source=str(path))


def load_cards(folder: Path | None = None) -> CardSet:
    """The five Uncertainty decks from `<config>/decks/fog_*.toml`."""
    base = (folder or config_dir()) / "decks"
    return cards_from_dict({deck: _read(base / file) for deck, file in DECK_FILES.items()})


def load_rules(board: str, folder: Path | None = None) -> FogRules:
    """Board and cards together, ready for the engine."""
    return FogRules(load_board(board, folder), load_cards(folder))
