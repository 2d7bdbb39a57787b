"""Fixtures every test folder may use; the helpers themselves live in ``support``."""

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from fogkeeper.data.fog import OWNER_ENV
from support.box import box as box
from support.box import close_all


@pytest.fixture(autouse=True)
def _close_boxes() -> Iterator[None]:
    """Every whole box a test built is closed after it, with its driver threads."""
    yield
    close_all()


@pytest.fixture(autouse=True)
def _owner_folder_stays() -> Iterator[None]:
    """The owner's folder (FOGKEEPER_DATA_DIR) is put back after every test: `run` and
    `config check` run in-process set it when unset, and a box a later test starts would
    take that test's folder for its owner's."""
    before = os.environ.get(OWNER_ENV)
    yield
    if before is None:
        os.environ.pop(OWNER_ENV, None)
    else:
        os.environ[OWNER_ENV] = before


DATA = Path(__file__).resolve().parent / "data"


@pytest.fixture(autouse=True, scope="session")
def _shared_data_stays() -> Iterator[None]:
    """No test writes into the data every test shares (tests/data): a test that saves the
    owner's files gives the box a folder of its own."""
    before = sorted(p.relative_to(DATA) for p in DATA.rglob("*"))
    yield
    after = sorted(p.relative_to(DATA) for p in DATA.rglob("*"))
    assert after == before, f"tests wrote into {DATA}: {sorted(set(after) - set(before))}"
