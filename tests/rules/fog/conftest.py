"""Fixtures for The FOG engine tests: shipped board/card data and record builders."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from fogkeeper.data.fog import OWNER_ENV, load_rules
from fogkeeper.rules.fog import FogRules, Record, record_from_dict

Islander = Callable[..., dict[str, Any]]
RecordMaker = Callable[..., Record]
RecordDict = Callable[..., dict[str, Any]]

# The owner's own "Rescued Islander" cards (37-48 are not printed in the rulebook): records
# that hold them are scored as on an owner's box.
os.environ[OWNER_ENV] = str(Path(__file__).resolve().parents[2] / "data" / "fog" / "owner")


def _islander(nation: str, kind: str, owner: str, at: str, **extra: Any) -> dict[str, Any]:
    return {"nation": nation, "type": kind, "owner": owner, "at": at, **extra}


def _record_dict(islanders: list[dict[str, Any]], **overrides: Any) -> dict[str, Any]:
    """A legal S-board record for players A (colour black) and B (pink) unless overridden."""
    data: dict[str, Any] = {
        "format": "fogkeeper-fog-record", "version": 1, "board": "S", "mode": "multiplayer",
        "players": [{"name": "A", "colours": ["black"]}, {"name": "B", "colours": ["pink"]}],
        "options": {}, "setup": {"boat_scoring": {"A": 7, "B": 5, "C": 4, "D": 2}},
        "fog": {"start": 9, "final": 0}, "final_positions": islanders,
        "preparation_bonuses": {},
    }
    data.update(overrides)
    return data


@pytest.fixture(scope="session")
def data_dir() -> Path:
    return Path(__file__).resolve().parents[2] / "data" / "fog"


@pytest.fixture(scope="session")
def rules_s() -> FogRules:
    return load_rules("S")


@pytest.fixture(scope="session")
def rules_l() -> FogRules:
    return load_rules("L")


@pytest.fixture(scope="session")
def islander() -> Islander:
    return _islander


@pytest.fixture(scope="session")
def record_dict() -> RecordDict:
    return _record_dict


@pytest.fixture(scope="session")
def make_record() -> RecordMaker:
    def make(islanders: list[dict[str, Any]], **overrides: Any) -> Record:
        return record_from_dict(_record_dict(islanders, **overrides))
    return make
