"""The FOG flow tests import their helpers from this folder; presets start empty each test."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from scripts import four_player_game

from drivers import BoxDriver
from fogkeeper.flow import fog


@pytest.fixture(autouse=True)
def fresh_presets() -> Iterator[None]:
    fog._PRESETS.clear()
    yield
    fog._PRESETS.clear()


@pytest.fixture(scope="session")
def box_game(tmp_path_factory: pytest.TempPathFactory) -> BoxDriver:
    """One 4-player game on a whole Box (mock pins, dummy display), shared by the checks."""
    fog._PRESETS.clear()  # runs before the per-test reset: no checklist from another test
    t = BoxDriver(tmp_path_factory.mktemp("box"))
    for step in four_player_game():
        step(t)
    return t
