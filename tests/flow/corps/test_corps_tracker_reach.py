"""The tracker is reached on every shipped hardware profile with the buttons it has: from the
board, B then the chapter menu's Tracker row on any box; KEY3 as a shortcut only where a
profile wires it (the Waveshare HAT; the Adafruit bonnet and the default config have none).
docs/corps.md says both ways, as the box does them."""

from __future__ import annotations

from pathlib import Path

import pytest

from flow.corps.corps_table import DOWN, KEY3, OK, B, shuffled_key
from flow.corps.test_corps_joystick import sealed_table
from fogkeeper.config import BUTTONS, NO_PIN, Config, load_config
from fogkeeper.events import Button
from fogkeeper.flow.corps import CorpsScreen as C

ROOT = Path(__file__).resolve().parents[3]
PROFILES = sorted(p for p in (ROOT / "config").glob("*.toml") if "[inputs]" in p.read_text())


def wired(config: Config) -> set[Button]:
    return {Button(name) for name in BUTTONS if getattr(config.inputs, name) != NO_PIN}


def test_the_two_boards_one_with_key3_one_without_and_the_default_without() -> None:
    keys = {p.stem: Button.KEY3 in wired(load_config(p)) for p in PROFILES}
    assert (keys["adafruit-bonnet"], keys["waveshare-hat"]) == (False, True)
    assert Button.KEY3 not in wired(Config())   # the default config: no KEY3


@pytest.mark.parametrize("profile", PROFILES, ids=lambda p: p.stem)
def test_the_tracker_opens_from_the_board_with_the_profiles_own_buttons(profile: Path) -> None:
    buttons = wired(load_config(profile))
    t = sealed_table(shuffled_key(6))
    assert t.screen is C.BOARD and t.lines[-1].endswith("B menu")
    way = [B, DOWN, OK]   # the chapter menu, its Tracker row
    assert set(way) <= buttons
    t.press(*way)
    assert t.screen is C.TRACKER
    if Button.KEY3 in buttons:
        t.press(B, B)   # the chapter menu, the board
        t.press(KEY3)
        assert t.screen is C.TRACKER


def test_the_docs_say_how_a_box_without_key3_reaches_the_tracker() -> None:
    board_row = next(line for line in (ROOT / "docs" / "corps.md").read_text().splitlines()
                     if line.startswith("| board |"))
    assert "chapter menu → Tracker" in board_row and "KEY3" in board_row
    assert "Adafruit bonnet" in board_row
