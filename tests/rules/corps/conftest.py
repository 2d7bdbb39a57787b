"""Fixtures of the Corps Fog-chapter tests, and the path to their shared builders."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

# Under --import-mode=importlib pytest adds no test folder to sys.path; the test modules
# import corps_builders by name, so this folder goes on the path in either import mode.
if str(Path(__file__).parent) not in sys.path:
    sys.path.insert(0, str(Path(__file__).parent))

from corps_builders import shuffled_key

from fogkeeper.rules.corps import AnswerKey


@pytest.fixture
def key() -> AnswerKey:
    return shuffled_key(7)
