"""Fixtures of the Corps Fog-chapter tests."""

from __future__ import annotations

import pytest

from fogkeeper.rules.corps import AnswerKey
from rules.corps.corps_builders import shuffled_key


@pytest.fixture
def key() -> AnswerKey:
    return shuffled_key(7)
