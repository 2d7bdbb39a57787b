"""Turns at the table: MP, undo and its limits, the hourglass, leaving, presets."""

from __future__ import annotations

from flow.fog.drivers import AppDriver
from flow.fog.fog_table import DOWN, HOLD, LEFT, OK, RIGHT, B
from fogkeeper.flow.app import Screen
from fogkeeper.flow.fog.table import FogScreen

F = FogScreen


def to_first_turn(hourglass: bool = False, players: str = "2") -> AppDriver:
    t = AppDriver()
    t.press(OK).choose("Players", players).choose("1 Hourglass", "on" if hourglass else "off")
    t.go_to_row("Start game").press(OK, OK, HOLD, OK)   # info, then the draft is done
    assert t.screen is F.TURN
    return t


def test_mp_spent_and_undone_within_a_turn() -> None:
    t = to_first_turn()
    t.press(DOWN, DOWN, DOWN)
    assert t.lines[2] == "MP 4/7"
    t.press(B, B)
    assert t.lines[2] == "MP 6/7"


def test_undo_takes_back_an_ended_turn_and_a_fog_step_after_a_question() -> None:
    t = to_first_turn()
    first = t.lines[1]
    t.press(OK)
    assert t.lines[1] != first
    t.press(B)
    assert t.lines[1] == first
    entries = len(t.fog.s.state.setup.entries)
    t.press(*[OK] * entries)
    assert t.screen is F.ASK and t.lines[0] == "End the round?"
    t.press(OK)
    assert t.screen is F.FOG and t.fog.s.state.fog_position == 8
    t.press(OK)
    assert t.screen is F.TURN and "DOUBLE" in t.lines[2]
    t.press(B)
    assert t.screen is F.ASK and t.lines[0] == "Undo the FOG step?"
    t.press(B)   # keep it
    assert t.screen is F.TURN and t.fog.s.state.fog_position == 8
    t.press(B, OK)
    assert t.screen is F.TURN and t.fog.s.state.fog_position == 9
    assert t.fog.s.state.round_no == 1 and t.fog.s.state.fog_steps == ()


def test_the_hourglass_warns_expires_and_the_mp_are_lost() -> None:
    t = to_first_turn(hourglass=True)
    t.wait(30)
    assert t.lines[3] == "hourglass 0:30"
    t.press(LEFT).wait(100)
    assert "paused" in t.lines[3]
    t.press(LEFT).wait(30)
    assert t.effects.sounds[-1] == "expired" and "warning" in t.effects.sounds
    assert t.lines[2].startswith("MP 0/7") and "TIME UP" in t.lines[3]
    assert ("fog.timer.expired", {"seconds_left": 0}) in t.effects.events
    t.press(OK)
    assert t.lines[3] == "hourglass 1:00"


def test_the_cost_helper_shows_the_price_and_pays_it() -> None:
    t = to_first_turn()
    t.press(RIGHT).choose("move", "squeeze")
    assert t.lines[-3] == "squeeze: 4 MP"
    t.choose("zone", "water")
    assert t.lines[0].startswith("Not possible") and t.lines[-2].startswith("only Run and Boarding")
    t.choose("zone", "beach").press(OK)
    assert t.screen is F.TURN and t.lines[2] == "MP 3/7"


def test_a_swap_on_the_shore_is_paid_as_the_run_that_pulls_the_other_back() -> None:
    t = to_first_turn()
    t.press(RIGHT).choose("move", "swap").choose("zone", "water")
    assert t.lines[-2] == "pull-back Run (Swap): 1 MP"
    t.press(OK)
    assert t.screen is F.TURN and t.lines[2] == "MP 6/7"


def test_the_cost_screen_reminds_the_move_a_jump_onto_the_shore_still_needs() -> None:
    t = to_first_turn()
    t.press(RIGHT).choose("move", "jump")
    assert t.lines[-3:-1] == ("jump: 3 MP", "on a shore Isl.: move on")
    t.choose("move", "run")
    assert t.lines[-2] == "run: 1 MP" and "move on" not in t.lines[-3]


def test_ending_early_goes_to_the_scoring_wizard() -> None:
    t = to_first_turn()
    t.press(HOLD, OK)
    assert t.screen is F.END_NOW
    t.press(OK)
    assert t.screen is F.BOATS and t.lines[0].endswith("blue boat [1/10]")
    t.press(B)
    assert t.screen is F.SCORE and t.lines[-1] == "OK: add/remove/done"
    assert t.fog.s.state.end_reason == "no Islander is left to move"


def test_leaving_needs_a_confirmation() -> None:
    t = to_first_turn()
    t.press(HOLD, B)
    assert t.screen is F.QUIT and t.lines[-1] == "OK quit  B back"
    t.press(B)
    assert t.screen is F.TURN
    t.press(HOLD, B, OK)
    assert t.app.state is Screen.HOME and t.app.game is None


def test_the_checklist_remembers_the_last_game() -> None:
    t = AppDriver()
    t.press(OK).choose("Board", "L").choose("Players", "5").choose("Guardians", "B")
    t.go_to_row("Start game").press(OK, HOLD, B, OK)
    again = AppDriver(effects=t.effects)
    again.press(OK)
    assert again.shows_all("  Board: L", "  Players: 5", "  Guardians: B")


def test_the_quit_question_over_a_notice_returns_to_the_game() -> None:
    t = to_first_turn()
    t.press(B)   # nothing to undo yet
    assert t.screen is F.NOTICE
    t.press(HOLD, B)
    assert t.screen is F.QUIT
    t.press(B)
    assert t.screen is F.TURN
