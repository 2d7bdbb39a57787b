"""The FOG flow tests import their helpers from this folder."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from flow.fog.drivers import BoxDriver
from flow.fog.scripts import four_player_game
from fogkeeper.data.fog import OWNER_ENV


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
