"""The key holder's side: PIN or none, a key over the link, unsealing, and the chapter config."""

from __future__ import annotations

from pathlib import Path

import pytest

from flow.corps.corps_table import DOWN, HOLD, LEFT, OK, RIGHT, UP, B, Table, shuffled_key
from fogkeeper.flow.corps import CorpsScreen as C
from fogkeeper.paths import ENV_CONFIG_DIR
from fogkeeper.rules import corps
from fogkeeper.rules.corps import Token

KEY = shuffled_key(31, map_id=2)


def chapter_config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, text: str) -> None:
    (tmp_path / "corps").mkdir()
    (tmp_path / "corps" / "chapter.toml").write_text(text)
    monkeypatch.setenv(ENV_CONFIG_DIR, str(tmp_path))


def test_a_wrong_pin_is_asked_again_and_b_goes_back_to_the_key_menu() -> None:
    t = Table().open_corps().choose(2).enter_key(KEY).type_pin("1234")
    assert t.screen is C.SEAL_PIN and t.lines[0] == "Wrong PIN, again"
    assert t.effects.sounds[-1] == "error"
    t.press(B)
    assert t.screen is C.KEY_MENU and t.lines[1:4] == (
        "> Enter on joystick", "  Load over link", "  Seal entered key")
    t.press(DOWN, DOWN, OK).type_pin()
    assert t.screen is C.SEALED


def test_without_a_pin_sealing_says_the_key_stays_shut_until_the_end() -> None:
    t = Table(pin="").open_corps().choose(2).enter_key(KEY)
    assert t.screen is C.SEAL_NO_PIN
    assert t.lines[1:4] == ("The key seals without one", "and nobody can open it",
                            "before the end.")
    t.press(OK, OK, OK, B, *[DOWN] * 4, OK)  # sealed, setup, board, chapter menu, Key holder
    assert t.screen is C.NO_PIN and corps.is_sealed(t.game.session.chapter)


def test_the_key_holder_unseals_with_the_pin_to_fix_a_circle() -> None:
    t = Table().open_corps().choose(2).enter_key(KEY).type_pin().press(OK, OK)  # setup, board
    t.press(B, *[DOWN] * 4, OK)
    assert t.screen is C.UNSEAL_PIN and t.lines[0] == "PIN to unseal"
    t.type_pin()
    assert t.screen is C.KEY_MENU and not corps.is_sealed(t.game.session.chapter)
    t.press(B)
    assert t.screen is C.BOARD and t.lines[0].endswith("open]")  # the board says so
    t.press(B, *[UP] * 6, *[DOWN] * 4, OK, DOWN, DOWN, OK).type_pin()   # Key holder
    assert t.screen is C.SEALED and corps.is_sealed(t.game.session.chapter)


def test_joystick_entry_goes_back_a_circle_and_offers_only_unused_tokens() -> None:
    t = Table().open_corps().choose(2).press(OK)
    t.press(DOWN, OK)  # circle 1: Tipi (Water is offered first)
    entry = t.game.session.key_entry
    assert entry is not None and (entry.slot, entry.current) == (2, Token.WATER)
    t.press(UP)  # wraps round the tokens still free
    assert (entry.slot, entry.current) == (2, Token.FLOWER)
    t.press(B)
    assert (entry.slot, entry.current) == (1, Token.TIPI) and t.lines[1].startswith("Circle 1")
    t.press(B)
    assert t.screen is C.KEY_MENU and t.game.session.key_entry is None


def test_left_and_right_turn_the_token_wheel_by_three_and_b_goes_back() -> None:
    t = Table().open_corps().choose(2).press(OK)
    entry = t.game.session.key_entry
    assert entry is not None and entry.current is Token.WATER
    t.press(RIGHT)
    assert (entry.slot, entry.current) == (1, Token.MUD)
    t.press(LEFT, LEFT)     # wraps round the nine: Water, then Food
    assert (entry.slot, entry.current) == (1, Token.FOOD)
    t.press(OK, LEFT)       # circle 2: three back from Water among the eight left
    assert (entry.slot, entry.current) == (2, Token.SKULL)
    t.press(B)
    assert (entry.slot, entry.current) == (1, Token.FOOD)


def test_ok_on_circle_8_ends_the_entry_with_the_token_left_on_circle_9() -> None:
    t = Table().open_corps().choose(2).press(OK)
    t.press(*[OK] * 7)
    assert t.lines[1].startswith("Circle 8") and t.screen is C.KEY_SLOT
    t.press(DOWN, OK)       # Flower on 8: Mushroom, the one left, goes on 9
    assert t.screen is C.SEAL_PIN
    chapter = t.game.session.chapter
    assert chapter.key == corps.AnswerKey(2, (*list(Token)[:7], Token.FLOWER, Token.MUSHROOM))
    t.type_pin()
    assert t.screen is C.SEALED and corps.is_sealed(t.game.session.chapter)


def test_a_key_over_the_link_moves_the_waiting_screen_on() -> None:
    t = Table().open_corps().choose(2).press(DOWN, OK)
    assert t.screen is C.KEY_WAIT and t.shows("Send corps.key with the")
    reply = t.game.commands.call(t.game, "key",
                                 {"pin": "4711", "key": corps.format_key_file([KEY])})
    assert reply["screen"] == "sealed" and t.lines[1] == f"Map 2, Water: circle {KEY.water_slot}."


def test_notebook_with_a_key_reveals_but_judges_nothing(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    chapter_config(tmp_path, monkeypatch, "notebook_reveal = true\n")
    t = Table().open_corps().choose(2, notebook=True)
    assert t.screen is C.KEY_MENU and t.shows("Play without key")
    t.enter_key(KEY).type_pin().press(OK, OK)  # setup, board
    assert t.game.session.chapter.board.water_slot is None  # no window in a previous Chapter
    t.place(KEY.water_slot, Token.WATER).press(B, DOWN, DOWN, DOWN, OK, HOLD, OK)
    assert t.screen is C.REVEAL
    t.press(HOLD, OK)
    assert t.lines[1:3] == ("NOTES 1/9", "Notebook check")


def test_all_at_once_pacing_from_config_uncovers_every_circle_on_ok(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    chapter_config(tmp_path, monkeypatch, 'reveal_pacing = "all_at_once"\n')
    t = Table().open_corps().choose(2).enter_key(KEY).type_pin().press(OK, OK)  # setup, board
    for slot in corps.SLOTS:
        if slot != KEY.water_slot:
            t.place(slot, KEY.answer(slot))
    t.tracker_row("Tipi revealed").press(OK, OK, OK, B, DOWN, DOWN, DOWN, OK, HOLD, OK)
    assert t.shows("OK: all circles")
    t.press(OK)
    assert t.screen is C.VERDICT and t.effects.sounds.count("reveal") == 1


def test_a_broken_chapter_config_falls_back_to_the_defaults(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    chapter_config(tmp_path, monkeypatch, 'reveal_pacing = "sideways"\n')
    t = Table().open_corps()
    assert t.game.session.options == corps.CorpsOptions()
    assert "reveal_pacing must be one of" in caplog.text
