"""A text longer than the screen is read whole: up/down scroll it (with a mark where more
is), never an ellipsis; any other control still goes to the screen."""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import ImageChops

from fogkeeper.events import Button
from fogkeeper.flow.app import Screen
from support.box import BoxHarness


@pytest.fixture
def on_a_long_message(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> BoxHarness:
    """The problem screen of a broken FOGSITE data file: more lines than the screen holds."""
    config = tmp_path / "config"
    config.mkdir()
    (config / "fogsite.toml").write_text("[guardian]\nchoice_policy = 7\n", encoding="utf-8")
    monkeypatch.setenv("FOGKEEPER_CONFIG_DIR", str(config))
    h = BoxHarness(tmp_path / "data", security={"pin": "1234"})
    h.tap(Button.DOWN, Button.PRESS)
    assert h.box.app.state is Screen.PROBLEM
    return h


def test_down_shows_the_rest_of_a_long_text_and_up_comes_back(
        on_a_long_message: BoxHarness) -> None:
    h = on_a_long_message
    assert h.box.frame is not None and h.box.frame.scroll_most == 1
    top = h.shown.copy()
    h.tap(Button.DOWN)
    moved = h.shown.copy()
    assert h.box.app.state is Screen.PROBLEM  # the screen stays: its text moved
    assert ImageChops.logical_xor(top, moved).getbbox() is not None
    h.tap(Button.DOWN)  # already at the end: nothing more to show
    assert ImageChops.logical_xor(moved, h.shown).getbbox() is None
    h.tap(Button.UP)
    assert ImageChops.logical_xor(top, h.shown).getbbox() is None
    assert h.lines[-2] == "got 7"  # the link always has the whole text
    h.tap(Button.PRESS)  # OK still means OK
    assert h.box.app.state is Screen.HOME


def test_a_text_that_fits_leaves_up_and_down_to_the_screen(box: BoxHarness) -> None:
    box.tap(Button.DOWN)
    assert box.box.frame is not None and box.box.frame.scroll_most == 0
    assert box.lines[2] == "> FOGSITE"
