"""The FOG flow tests import their helpers from this folder."""

from __future__ import annotations

import pytest

from flow.fog.drivers import BoxDriver
from flow.fog.scripts import four_player_game


@pytest.fixture(scope="session")
def box_game(tmp_path_factory: pytest.TempPathFactory) -> BoxDriver:
    """One 4-player game on a whole Box (mock pins, dummy display), shared by the checks."""
    t = BoxDriver(tmp_path_factory.mktemp("box"))
    for step in four_player_game():
        step(t)
    return t
