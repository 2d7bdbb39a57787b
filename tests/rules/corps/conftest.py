"""Fixtures of the Corps Fog-chapter tests."""

from __future__ import annotations

import pytest
from corps_builders import shuffled_key

from fogkeeper.rules.corps import AnswerKey


@pytest.fixture
def key() -> AnswerKey:
    return shuffled_key(7)
