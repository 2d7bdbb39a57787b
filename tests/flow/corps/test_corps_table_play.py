"""Corps at a real table: an Explore and its Terrain on the box, the core game's loss on the
box, the Monster cards' Terrain and kill cost kept by the owner."""

from __future__ import annotations

from pathlib import Path

import pytest

from flow.corps.corps_table import DOWN, HOLD, OK, RIGHT, UP, B, Table, shuffled_key
from fogkeeper.data.fog import OWNER_ENV
from fogkeeper.flow.corps import CorpsScreen as C


@pytest.fixture
def owner(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    monkeypatch.setenv(OWNER_ENV, str(tmp_path))
    (tmp_path / "corps").mkdir()
    (tmp_path / "corps" / "monsters.toml").write_text(
        '[[monster]]\ncard = "Monster 1"\nterrain = "Mud"\nkill_cost = ["Food"]\n')
    return tmp_path


def sealed(key_seed: int = 3) -> Table:
    key = shuffled_key(key_seed, map_id=2)
    return Table().open_corps().choose(2).enter_key(key).type_pin().press(OK, OK)  # setup, board


def test_the_owners_monster_cards_are_read_over_the_shipped_ones(owner: Path) -> None:
    t = sealed()
    monsters = {m.card: m for m in t.game.session.options.monsters}
    assert monsters["Monster 1"].terrain == "Mud"
    assert monsters["Monster 2"].terrain == ""


def test_an_explore_names_its_terrain_and_costs_the_monsters_water(owner: Path) -> None:
    t = sealed()
    t.tracker_row("Water").press(RIGHT, RIGHT, RIGHT)      # 3 Water
    t.tracker_row("Monsters").press(OK, OK)                # Monster 1 turns face up:
    assert t.lines[1] == "> Mud: card"                     # its card's Terrain comes first
    t.press(OK)                                            # Monster 1 (Mud) face up
    t.press(DOWN, OK, *[UP] * 10, *[DOWN] * 9)              # Monster 2 (not known) face up:
    assert t.lines[-2] == "> another Terrain"              # a Terrain not on the list
    t.press(OK, B)
    water = t.game.session.chapter.tracker.water
    t.tracker_row("Explore")
    assert t.shows("Explore: Mud")
    t.press(OK)                                            # an Explore revealed Mud
    assert t.game.session.chapter.tracker.water == water - 1
    t.press(RIGHT)
    assert t.shows("Explore: as Monster 2")
    t.press(OK)
    assert t.game.session.chapter.tracker.water == water - 2
    t.press(RIGHT, OK)                                     # another Terrain: no Water lost
    assert t.game.session.chapter.tracker.water == water - 2


def test_the_core_games_loss_is_entered_on_the_box(owner: Path) -> None:
    t = sealed()
    t.tracker_row("Tipi revealed").press(B)               # the chapter menu
    assert t.screen is C.CHAPTER
    t.press(*[UP] * 6, *[DOWN] * 5, OK)
    assert t.screen is C.LOSE_CONFIRM
    t.press(B)
    assert t.screen is C.CHAPTER
    t.press(OK, HOLD, OK)
    assert t.game.session.chapter.ended and t.game.session.chapter.core_loss == "core rules"
    assert t.screen in (C.REVEAL, C.VERDICT)


def test_a_monster_sent_without_a_terrain_takes_its_cards_from_the_owners_data(
        owner: Path) -> None:
    t = sealed()
    t.game.commands.call(t.game, "track", {"event": "monster", "card": "Monster 1"})
    assert [(m.card, m.terrain) for m in t.game.session.chapter.tracker.monsters] == [
        ("Monster 1", "Mud")]   # as the box's Terrain list starts on it
