"""Fixtures every test folder may use; the helpers themselves live in ``support``."""

from collections.abc import Iterator

import pytest

from support.box import box as box
from support.box import close_all


@pytest.fixture(autouse=True)
def _close_boxes() -> Iterator[None]:
    """Every whole box a test built is closed after it, with its driver threads."""
    yield
    close_all()
