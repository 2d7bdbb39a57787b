"""A Fog chapter played on the joystick, from the home menu to the verdict, as the table would."""

from __future__ import annotations

import pytest

from flow.corps.corps_table import DOWN, HOLD, KEY3, LEFT, OK, RIGHT, UP, B, Table, shuffled_key
from fogkeeper.flow.app import Screen
from fogkeeper.flow.corps import CorpsScreen as C
from fogkeeper.rules import corps
from fogkeeper.rules.corps import AnswerKey, Token
from fogkeeper.ui.icons import Icon
from ui.icon_search import icon_at


def sealed_table(key: AnswerKey) -> Table:
    """Home -> Corps -> Map -> Fog chapter -> key on the joystick -> PIN -> the setup
    reminder -> the board."""
    return Table().open_corps().choose(key.map_id).enter_key(key).type_pin().press(OK, OK)


def fill_board(t: Table, guesses: dict[int, Token]) -> Table:
    water = t.game.session.chapter.board.water_slot
    for slot, token in guesses.items():
        if slot != water:
            t.place(slot, token)
    return t


def right_guesses(key: AnswerKey) -> dict[int, Token]:
    return {slot: key.answer(slot) for slot in corps.SLOTS}


def two_swapped(key: AnswerKey) -> dict[int, Token]:
    guesses = right_guesses(key)
    a, b = [slot for slot in corps.SLOTS if slot != key.water_slot][:2]
    guesses[a], guesses[b] = guesses[b], guesses[a]
    return guesses


def unlock_end(t: Table) -> Table:
    """Three Tipis on the tracker, back to the chapter menu."""
    return t.tracker_row("Tipi revealed").press(OK, OK, OK, B)


def end_from_menu(t: Table) -> Table:
    """Chapter menu -> End chapter -> hold OK."""
    return t.press(*[UP] * 5, DOWN, DOWN, DOWN, OK, HOLD, OK)


def test_a_whole_chapter_won_on_the_joystick() -> None:
    key = shuffled_key(11, map_id=7)
    t = Table().open_corps()
    assert t.app.state is Screen.GAME and t.lines[0] == "Corps: Fog"
    t.choose(7)
    assert t.lines[0] == "Answer key, map 7" and t.shows("Enter on joystick")
    t.press(OK)
    assert t.lines[1] == "Circle 1 of 9: token shown on the box only"
    assert t.game.session.key_entry is not None and t.game.session.key_entry.current is Token.WATER
    t.press(B)
    t.enter_key(key)
    assert t.screen is C.SEAL_PIN and t.lines[0] == "PIN to seal"
    t.type_pin()
    assert t.lines[:3] == ("Key sealed", f"Map 7, Water: circle {key.water_slot}.",
                           "Hand the box over.")
    assert icon_at(t.frame.image, Icon.HAND_OFF) is not None  # a hand-off, at a glance
    t.press(OK)  # the table has the box: the chapter's setup first
    assert t.screen is C.SETUP and t.lines[0].startswith("Setup: Fog")
    assert t.lines[-1] == "^v read  OK board"
    t.press(OK)
    assert t.screen is C.BOARD and t.lines[0] == "Map 7 [1/9]"
    assert any(f"{key.water_slot} water#" in line for line in t.lines)
    fill_board(t, right_guesses(key))
    assert t.lines[0] == "Map 7 [9/9]"
    unlock_end(t)
    assert t.screen is C.CHAPTER and t.shows("Can we end?: yes")
    end_from_menu(t)
    assert t.screen is C.REVEAL and t.shows("OK: circle by circle")
    t.press(OK)
    assert t.lines[1] == "Circle 1: RIGHT" and t.lines[0] == "The reveal [1/9]"
    t.wait(8 * 1.5 + 0.1)
    assert t.lines[0] == "The reveal [9/9]"
    t.wait(1.5)
    assert t.screen is C.VERDICT and t.lines[1:3] == ("WON 9/9", "The fog lifts")
    assert t.effects.sounds.count("reveal") == 9
    t.press(HOLD, B, OK)
    assert t.app.state is Screen.HOME and t.app.game is None


@pytest.mark.parametrize("guesses,big,line,tune", [
    (right_guesses, "WON 9/9", "The fog lifts", "win"),  # C-C01
    (two_swapped, "LOST 7/9", "Lost to the fog", "loss"),  # C-C02, on a full board
])
def test_the_verdict_is_won_only_with_nine_right(guesses: object, big: str, line: str,
                                                 tune: str) -> None:
    key = shuffled_key(5)
    t = sealed_table(key)
    fill_board(t, guesses(key))  # type: ignore[operator]
    end_from_menu(unlock_end(t))
    t.press(HOLD, OK)  # every circle at once
    assert t.screen is C.VERDICT and t.lines[1:3] == (big, line)
    # the outcome heard as well as read, once: a win and a loss have tunes of their own
    assert t.effects.sounds[-1] == tune and t.effects.sounds.count(tune) == 1
    t.press(OK, B)  # the circles, and back: the verdict is not sounded again
    assert t.screen is C.VERDICT and t.effects.sounds.count(tune) == 1


def test_a_face_up_monster_blocks_the_end_until_killed() -> None:  # C-C03
    key = shuffled_key(3)
    t = fill_board(sealed_table(key), right_guesses(key))
    unlock_end(t).tracker_row("Monsters").press(OK, OK)
    assert t.screen is C.TERRAIN and t.lines[0].startswith("Monster 1: Terrain")
    t.press(OK)  # the Terrain printed on the card
    assert t.screen is C.MONSTERS and t.lines[1] == "> Monster 1: up"
    t.press(B, B)
    end_from_menu(t)
    assert t.screen is C.WHY and t.lines[1] == "> Kill Monster 1"
    t.press(OK).press(B).tracker_row("Monsters").press(OK, OK)  # killed
    assert t.lines[1] == "> Monster 1: killed"
    t.press(B, B)
    end_from_menu(t)
    assert t.screen is C.REVEAL


def test_a_monster_revealed_by_herbs_sleeps_and_does_not_block() -> None:  # B-C03, B-C07
    key = shuffled_key(3)
    t = fill_board(sealed_table(key), right_guesses(key))
    unlock_end(t).tracker_row("Monsters").press(OK, RIGHT)
    assert t.screen is C.TERRAIN and t.lines[-1] == "OK asleep  B back"
    t.press(OK)
    assert t.lines[1] == "> Monster 1: asleep"
    t.press(B).tracker_row("Can we end?").press(OK)
    assert t.lines[1] == "> Yes: you may end now"
    t.press(OK).tracker_row("Skull found").press(OK).tracker_row("Can we end?").press(OK)
    assert t.lines[1] == "> Kill Monster 1"


def test_the_end_needs_every_token_and_three_tipis() -> None:
    key = shuffled_key(8)
    t = sealed_table(key)
    t.place(1 if key.water_slot != 1 else 2, Token.FOOD)
    t.tracker_row("Tipi revealed").press(OK).press(B)
    end_from_menu(t)
    assert t.screen is C.WHY
    assert t.lines[1:3] == ("> Tipis: 1 of 3", "  Empty circles: 7")


def test_tokens_move_and_leave_the_board_and_water_stays() -> None:
    key = shuffled_key(2)
    t = sealed_table(key)
    free = [slot for slot in corps.SLOTS if slot != key.water_slot]
    t.place(free[0], Token.TIPI).press(OK)
    assert t.screen is C.CARRY and t.lines[-1] == "OK drop  B off the board"
    t.go_to(free[1]).press(OK)
    assert t.game.session.chapter.board.token_at(free[1]) is Token.TIPI
    assert t.game.session.chapter.board.token_at(free[0]) is None
    t.press(OK, B)  # picked up again and taken off the board
    assert t.game.session.chapter.board.token_at(free[1]) is None and t.screen is C.BOARD
    t.go_to(key.water_slot).press(OK)
    assert t.screen is C.BOARD and t.lines[-1] == f"Water stays on circle {key.water_slot}"
    t.go_to(free[0]).press(OK)
    assert "Water" not in t.lines[1:-1]  # not offered: it sits on its circle


def test_a_move_onto_a_taken_circle_is_refused_with_a_reason() -> None:
    key = shuffled_key(2)
    t = sealed_table(key)
    a, b = [slot for slot in corps.SLOTS if slot != key.water_slot][:2]
    t.place(a, Token.TIPI).place(b, Token.ROCK).go_to(a).press(OK).go_to(b).press(OK)
    assert t.screen is C.CARRY and t.lines[-1] == f"circle {b} is taken: move its token first"


def test_tracker_counts_water_rows_and_undo() -> None:  # C-C07
    t = sealed_table(shuffled_key(4))
    t.tracker_row("Water").press(RIGHT, RIGHT, LEFT)
    assert t.shows("Water: 1")
    t.tracker_row("Row complete").press(RIGHT, RIGHT, OK)
    assert t.shows("Row complete: <3> done") and t.game.session.chapter.tracker.water == 2
    t.press(OK)
    assert t.lines[-1].startswith("row 3 is already complete")
    t.tracker_row("Undo last").press(OK)
    tracker = t.game.session.chapter.tracker
    assert tracker.water == 1 and tracker.rows_completed == ()
    t.tracker_row("Water").press(LEFT, LEFT)
    assert t.lines[-1] == "the table has 0 Water, cannot spend 1"


def test_notebook_mode_ends_without_a_key_or_a_full_board() -> None:  # C-C11
    t = Table().open_corps().choose(3, notebook=True)
    assert t.screen is C.SETUP and t.shows("That Chapter's setup")  # its setup first
    t.press(OK)
    assert t.screen is C.BOARD and t.lines[0] == "Map 3 notes [0/9]"
    t.place(1, Token.WATER).place(2, Token.TIPI)  # Water is a free token here
    t.press(B)
    assert "Key holder" not in " ".join(t.lines)  # no key without notebook_reveal
    t.press(DOWN, DOWN, OK)
    assert t.lines[1] == "> Your Chapter's rules say"
    t.press(OK, DOWN, OK, HOLD, OK)
    assert t.screen is C.VERDICT and t.lines[1:3] == ("No key was entered:", "nothing to reveal.")
    assert t.effects.records[0]["mode"] == "notebook"


def test_quitting_needs_a_long_press_and_a_confirmation() -> None:
    t = sealed_table(shuffled_key(6))
    t.press(B, B)  # chapter menu, board: a short B never leaves the game
    assert t.screen is C.BOARD
    t.press(HOLD, B)
    assert t.screen is C.QUIT and t.shows("The chapter is lost")
    assert t.lines[-1] == "OK quit  B back"
    t.press(B)
    assert t.screen is C.BOARD
    t.press(HOLD, B, OK)
    assert t.app.state is Screen.HOME and t.app.game is None


def test_key3_opens_the_tracker_from_the_board() -> None:
    t = sealed_table(shuffled_key(6)).press(KEY3)
    assert t.screen is C.TRACKER and t.lines[1] == "> Tipi revealed: 0/3"


def test_the_slow_reveal_waits_while_the_quit_question_is_up() -> None:
    key = shuffled_key(12)
    t = fill_board(sealed_table(key), right_guesses(key))
    end_from_menu(unlock_end(t)).press(OK)
    t.press(HOLD, B).wait(30)
    assert t.screen is C.QUIT and t.effects.sounds.count("reveal") == 1
    t.press(B, OK).wait(1.6)
    assert t.lines[0] == "The reveal [3/9]" and t.effects.sounds.count("reveal") == 3
