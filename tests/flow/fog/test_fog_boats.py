"""The boat grid: a colour's Islanders entered boat by boat, as fast as the joystick allows."""

from __future__ import annotations

from flow.fog.drivers import AppDriver
from flow.fog.fog_table import DOWN, HOLD, LEFT, OK, RIGHT, UP, B
from flow.fog.scripts import (
    FOUR_PLAYER_BONUSES,
    FOUR_PLAYER_FINAL,
    confirm_score,
    four_player_game,
    score_colour,
    score_colour_by_boats,
)
from fogkeeper.flow.fog.session import Islander
from fogkeeper.flow.fog.table import FogScreen

F = FogScreen


def to_grid(players: str = "2") -> AppDriver:
    t = AppDriver()
    t.press(OK).choose("Players", players).choose("1 Hourglass", "off")
    t.go_to_row("Start game").press(OK, OK, HOLD, OK, HOLD, OK, OK)
    assert t.screen is F.BOATS
    return t


def test_ok_turns_a_places_nation_own_first_then_none() -> None:
    t = to_grid()
    colour = t.fog.s.colours[0]
    t.press(DOWN)                                   # blue A warrior
    assert t.cursor_label() == "A warrior: -"
    t.press(OK)
    assert t.cursor_label() == "A warrior: blue"
    t.press(OK, OK)
    assert t.cursor_label() == "A warrior: red"
    assert t.fog.s.final[colour] == [Islander("red", "warrior", "boat:blue:A")]
    t.press(OK)
    assert t.cursor_label() == "A warrior: -" and t.fog.s.final[colour] == []


def test_left_right_walk_the_boats_on_the_same_place_and_wrap() -> None:
    t = to_grid()
    t.press(DOWN, RIGHT)
    assert t.lines[0].startswith(f"{t.fog.s.colours[0].capitalize()}: green boat")
    assert t.cursor_label() == "A warrior: -"
    t.press(LEFT, LEFT)
    assert "red boat" in t.lines[0]
    t.press(UP, UP)
    assert t.cursor_label() == "pier +: 0"
    t.press(UP)
    assert t.cursor_label() == "stern +: 0"


def test_a_place_another_colour_holds_is_not_offered() -> None:
    t = to_grid()
    t.press(DOWN, OK, HOLD, OK, OK)                 # first colour: blue A warrior, no bonus
    assert t.screen is F.BOATS and t.fog.s.score_colour == 1
    assert "A warrior: -" not in [line[2:] for line in t.lines]


def test_stern_and_pier_open_the_picker_there_and_come_back() -> None:
    t = to_grid()
    t.press(UP, OK)                                 # blue pier
    assert t.screen is F.PICK and t.cursor_label().startswith("type")
    assert "  where: blue pier" in t.lines and "  nation: blue" in t.lines
    t.press(LEFT, OK)                               # a commoner
    assert t.screen is F.BOATS and t.cursor_label() == "pier +: 1"
    t.press(B)
    assert t.screen is F.SCORE and "  blue pier: blue commoner" in t.lines


def play(colour_step: object) -> dict[str, object]:
    t = AppDriver()
    steps = four_player_game()
    for step in steps[:-5]:
        step(t)
    for _ in range(4):
        colour_step(t)  # type: ignore[operator]
    confirm_score(t)
    assert t.fog.s.result is not None
    return t.fog.s.result


def test_the_grid_and_the_picker_give_the_same_result() -> None:
    one_by_one = play(score_colour(FOUR_PLAYER_FINAL, FOUR_PLAYER_BONUSES))
    boat_by_boat = play(score_colour_by_boats(FOUR_PLAYER_FINAL, FOUR_PLAYER_BONUSES))
    assert boat_by_boat == one_by_one
