"""The FOG flow tests import their helpers from this folder; presets start empty each test."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from fogkeeper.flow import fog  # noqa: E402


@pytest.fixture(autouse=True)
def fresh_presets() -> Iterator[None]:
    fog._PRESETS.clear()
    yield
    fog._PRESETS.clear()
