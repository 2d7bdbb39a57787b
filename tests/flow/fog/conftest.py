"""The FOG flow tests import their helpers from this folder."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from flow.fog.drivers import BoxDriver
from flow.fog.scripts import four_player_game
from fogkeeper.data.fog import OWNER_ENV
from fogkeeper.flow.fog import board_check


@pytest.fixture
def empty_data(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[Path]:
    """An empty data folder: no owner's cards, no board checked, no past games; the box's
    remembered boards and rules are read again before and after."""
    monkeypatch.setenv(OWNER_ENV, str(tmp_path))
    board_check.forget()
    yield tmp_path
    board_check.forget()


@pytest.fixture(scope="session")
def box_game(tmp_path_factory: pytest.TempPathFactory) -> BoxDriver:
    """One 4-player game on a whole Box (mock pins, dummy display), shared by the checks."""
    t = BoxDriver(tmp_path_factory.mktemp("box"))
    for step in four_player_game():
        step(t)
    return t


# The owner's own "Rescued Islander" cards (the rulebook does not print 37-48): the scripted
# games deal them, so the box knows them as an owner who copied them from the cards would.
OWNER = Path(__file__).resolve().parents[2] / "data" / "fog" / "owner"
os.environ[OWNER_ENV] = str(OWNER)
