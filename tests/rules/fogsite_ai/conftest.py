"""Fixtures for the box-as-Guardian tests: shipped FOGSITE options, a game on a generated maze."""

from __future__ import annotations

import pytest

from fogkeeper.data.fogsite import load_fogsite_options
from fogkeeper.rules.fogsite import Options


@pytest.fixture(scope="session")
def options() -> Options:
    return load_fogsite_options()
