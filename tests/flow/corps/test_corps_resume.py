"""A power cut mid-chapter: the box comes back on the same screen with the key still sealed."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest

from flow.corps.corps_table import DOWN, HOLD, OK, RIGHT, UP, B, Table, shuffled_key
from fogkeeper.errors import FogkeeperError
from fogkeeper.flow import snapshot
from fogkeeper.flow.app import Screen
from fogkeeper.flow.corps import CorpsScreen as C
from fogkeeper.link.protocol import ErrorCode, LinkError
from fogkeeper.rules import corps
from fogkeeper.rules.corps import Token

KEY = shuffled_key(13, map_id=9)
FREE = [slot for slot in corps.SLOTS if slot != KEY.water_slot]


def power_cut(t: Table) -> Table:
    """Save as the loop does, then a fresh box offers the session and OK resumes it."""
    saved = snapshot.check(json.loads(json.dumps(snapshot.take(t.app, t.now))))
    back = Table(first=Screen.RESUME)
    back.now = t.now + 60
    back.app.saved = saved
    assert back.shows("Found a game of Corps of Discovery")
    back.press(OK)
    return back


def on_board(t: Table) -> Table:
    t.open_corps().choose(9).enter_key(KEY).type_pin().press(OK, OK)  # setup, board
    return t.place(FREE[0], Token.TIPI).place(FREE[1], Token.ROCK)


def mid_board(t: Table) -> Table:
    return on_board(t).go_to(FREE[2])


def carrying(t: Table) -> Table:
    return on_board(t).go_to(FREE[0]).press(OK)


def in_tracker(t: Table) -> Table:
    return on_board(t).tracker_row("Water").press(RIGHT, RIGHT)


def naming_terrain(t: Table) -> Table:
    """Monster 2 turning face up asleep, its Terrain's list on Mud."""
    return on_board(t).tracker_row("Monsters").press(OK, DOWN, RIGHT, *[DOWN] * 3)


def at_setup(t: Table) -> Table:
    return t.open_corps().choose(9).enter_key(KEY).type_pin().press(OK)


def sealing(t: Table) -> Table:
    return t.open_corps().choose(9).enter_key(KEY).press(UP, RIGHT)


@pytest.mark.parametrize("play,screen", [
    (mid_board, C.BOARD), (carrying, C.CARRY), (in_tracker, C.TRACKER), (sealing, C.SEAL_PIN),
    (naming_terrain, C.TERRAIN), (at_setup, C.SETUP),
])
def test_the_same_screen_comes_back(play: Callable[[Table], Table], screen: C) -> None:
    t = play(Table())
    assert t.screen is screen
    back = power_cut(t)
    assert back.app.state is Screen.GAME and back.screen is screen
    if screen is C.SEAL_PIN:
        assert back.lines[1] == "_ _ _ _"  # the digits typed before the cut are not kept
    else:
        assert back.lines == t.lines
        assert corps.is_sealed(back.game.session.chapter)
        assert back.game.session.chapter.board == t.game.session.chapter.board


def test_a_monster_named_after_the_cut_is_the_card_asked_before_it() -> None:
    back = power_cut(naming_terrain(Table())).press(OK)
    assert [(m.card, m.terrain, m.status.value)
            for m in back.game.session.chapter.tracker.monsters] == [
        ("Monster 2", "Mud", "dormant")]


def test_the_setup_after_the_cut_still_goes_on_to_the_board() -> None:
    back = power_cut(at_setup(Table())).press(OK)
    assert back.screen is C.BOARD


def test_the_key_is_still_sealed_and_still_secret_after_the_cut() -> None:
    back = power_cut(mid_board(Table()))
    with pytest.raises(LinkError) as refused:
        back.game.commands.call(back.game, "key",
                                {"pin": "4711", "key": corps.format_key_file([KEY])})
    assert refused.value.code is ErrorCode.LOCKED
    public = json.dumps(back.game.public_state())
    assert public.count('"key": "sealed"') == 1 and '"answers"' not in public
    back.place(FREE[2], Token.MUD)
    assert back.game.session.chapter.board.token_at(FREE[2]) is Token.MUD


def test_a_cut_mid_reveal_keeps_the_circles_already_uncovered() -> None:
    t = on_board(Table())
    for slot, token in zip(FREE[2:], [tok for tok in Token if tok not in (
            Token.WATER, Token.TIPI, Token.ROCK)], strict=True):
        t.place(slot, token)
    t.tracker_row("Tipi revealed").press(OK, OK, OK, B, DOWN, DOWN, DOWN, OK, HOLD, OK)
    t.press(OK).wait(1.6)
    assert t.lines[0] == "The reveal [2/9]"
    back = power_cut(t)
    assert back.screen is C.REVEAL and back.lines[0] == "The reveal [2/9]"
    back.wait(1.5)
    assert back.lines[0] == "The reveal [3/9]"  # the slow reveal goes on by itself
    assert len(t.effects.records) == 1 and back.effects.records == []  # written once


@pytest.mark.parametrize("field,value", [
    ("chapter", "{not json"), ("screen", "nowhere"), ("cursor_slot", 12), ("version", 99),
    ("key_entry", {"map": 1, "chosen": ["lava"], "choice": 0}),
])
def test_a_damaged_corps_save_is_refused_as_a_fogkeeper_error(field: str, value: object) -> None:
    """The app discards a session whose game raises a FogkeeperError on restore."""
    saved = mid_board(Table()).game.snapshot() | {field: value}
    fresh = Table().open_corps()
    with pytest.raises(FogkeeperError) as refused:
        fresh.game.restore(saved)
    assert KEY.answer(FREE[0]).value not in str(refused.value)
