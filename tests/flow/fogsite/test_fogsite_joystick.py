"""A whole FOGSITE game on the joystick, from the home menu to the reveal, on a fake clock."""

from __future__ import annotations

from dataclasses import replace

import pytest

from flow.fogsite.fogsite_table import MAZE, FogsiteTable
from fogkeeper.flow.app import Screen
from fogkeeper.link.protocol import LinkError
from fogkeeper.rules.fogsite import Colour, Phase


def test_a_whole_game_from_the_home_menu_to_the_log() -> None:
    t = FogsiteTable().set_up()
    assert t.lines[1:3] == ("Guardian's turn", "Up to 1 move(s)")
    t.press("ok").lock().press("down", "ok")  # the Guardian steps S, from E3 to E4
    assert t.lines[1:3] == ("0 attacked", "No Map tile lost")
    t.press("ok")
    assert t.lines[0] == "Round 1: tiles 50, arrows 1, digging 4"
    t.press("ok", "ok", "down")  # RED explores south
    assert t.lines[1] == "You can move"
    # A Move stays on the sheet: the routes below were mapped (or copied) in earlier rounds.
    t.lay("R", (0, 2), (1, 2), (2, 2)).lay("G", (-1, 0), (-1, -1), (-1, -2), (0, -2))
    t.lay("B", (-1, 0), (-1, 1), (-2, 1), (-2, 2))
    t.press("ok").menu_to("Move").press("ok", "down", "down", "right", "right")
    assert "Route: S S E E" in t.lines
    t.press("ok")
    assert t.lines[1:3] == ("Moved", "RED walked S S E E")
    t.press("ok").menu_to("End turn").press("ok")
    assert t.shows("RED: done")
    for colour, route in (("GREEN", ("left", "up", "up", "right")),
                          ("BLUE", ("left", "down", "left", "down"))):
        t.menu_to(colour).press("ok").menu_to("Move").press("ok", *route, "ok", "ok")
        t.menu_to("End turn").press("ok")
    assert t.stage == "escape_call"
    t.press("down", "ok")
    assert t.lines[-1] == "Hold OK to escape"  # a short press never ends the game
    t.press("hold_ok")
    assert t.lines[1] == "Team wins"
    assert t.effects.sounds[-1] == "win"  # the outcome heard too: the win's own tune
    assert " ".join(t.lines[2:-1]) == "escaped: every Intruder on one space"
    t.press("ok")
    assert t.lines[:2] == ("Reveal", "All routes")
    assert "R.#.B" in t.lines  # the maze, revealed at last
    t.press("right")
    assert t.lines[1] == "RED route"
    t.press("ok")
    assert t.lines[0].startswith("Log [1-4/")
    t.press(*["down"] * 40)
    assert any("escape" in line for line in t.lines)
    t.press("hold_back")
    assert t.app.state is Screen.HOME and t.app.game is None
    record = t.effects.records[0]
    assert record["view"]["winner"] == "investigators"
    assert record["routes"]["RED"] == ["A1", "A2", "A3", "B3", "C3"]
    assert record["routes"]["Guardian"] == ["E3", "E4"]


@pytest.mark.parametrize("presses,reason", [
    (("left",), "Refused: move 1 (W1): it runs into an Inner Wall"),
    (("up",), "Refused: move 1 (N1): it runs into an Inner Wall"),
    (("right",), "Refused: move 1 (E1): it leaves the maze"),
    (("down", "down"), "Refused: move 1 (S2): it runs into an Inner Wall"),
])
def test_an_illegal_guardian_move_is_refused_with_its_reason_behind_the_pin(
        presses: tuple[str, ...], reason: str) -> None:
    t = FogsiteTable().set_up().press("ok").lock().press(*presses)
    assert t.lines[0] == "Refused"
    assert " ".join(t.lines[1:4]) == reason.removeprefix("Refused: ")
    assert t.session.plan == ([] if len(presses) == 1 else t.session.plan[:1])
    assert t.effects.sounds[-1] == "error"


def test_without_a_pin_the_guardian_moves_blind_and_a_refusal_says_no_why() -> None:
    t = FogsiteTable(pin="").set_up(pin="")
    t.press("ok")  # handed over: a plain OK opens nothing
    assert t.stage == "guardian_gate" and "Guardian, hold OK" in t.lines
    t.press("hold_ok", "left")
    assert "Refused: not a legal move" in t.lines
    assert not any("Wall" in line for line in t.lines)
    t.press("down", "ok")
    assert t.lines[1] == "0 attacked"


def test_no_pin_set_says_nothing_can_be_unlocked_before_the_end() -> None:
    t = FogsiteTable(pin="").open_fogsite().enter_maze(MAZE).press("hold_ok")
    t.menu_to("GREEN").press("ok", "right", "ok")
    assert t.lines[1:4] == ("No PIN is set, so", "nothing can be opened", "before the end.")


def test_an_attack_is_announced_as_a_count_and_with_i2_by_colour() -> None:
    t = FogsiteTable().open_fogsite().menu_to("Balancing").press("ok")
    t.menu_to("I2").press("ok", "back")
    t.enter_maze(MAZE).press("hold_ok").menu_to("BLUE").press("ok")
    t.press("right", "right", "right", "up", "ok").lock()  # the Guardian starts on D5
    t.press("ok").lock().press("left", "ok")  # onto GREEN's C5
    assert t.lines[1:4] == ("1 attacked", "3 Map tiles removed", "G")
    t.press("ok")
    assert t.lines[0] == "Round 1: tiles 47, arrows 1, digging 4"


def test_a_failed_explore_lays_the_token_down_and_costs_a_digging_token() -> None:
    t = FogsiteTable().set_up().press("ok").lock().press("ok", "ok")
    t.press("ok", "ok", "up")  # RED on A1 looks north: Outer Wall
    assert t.lines[1:3] == ("You can't move", "RED explored N")
    t.press("ok")
    assert t.lines[0] == "RED: tiles 49, arrows 1, digging 3"
    offered = [line.lstrip("> ").strip() for line in t.lines[1:-1]]
    assert offered and not any(row.startswith(("Explore", "Move")) for row in offered), offered


def test_a_move_into_a_wall_stops_before_it() -> None:
    t = FogsiteTable().set_up().press("ok").lock().press("ok", "ok")
    t.lay("R", (1, 0), (2, 0))  # copied from a teammate, wrongly: C1 is an Inner Wall
    t.press("ok").menu_to("Move").press("ok", "right", "right", "ok")
    assert t.lines[1:3] == ("You can't move", "E E: stopped before step 2")


def test_a_move_off_the_sheet_reads_the_same_for_a_street_and_a_wall() -> None:
    shown = []
    for press in ("right", "left"):  # B1 is a Room space, west of A1 the Outer Wall
        t = FogsiteTable().set_up().press("ok").lock().press("ok", "ok")
        t.press("ok").menu_to("Move").press("ok", press, "ok")
        shown.append(tuple(line.replace("(E)", "(W)") for line in t.lines))
        assert t.session.running.investigator(Colour.RED).cell.name == "A1"
    assert shown[0] == shown[1] and shown[0][1] == "Not now"


@pytest.mark.parametrize("presses,big", [
    (("right",), "not a wall"), (("left",), "Outer"), (("down", "right"), "Inner"),
])
def test_relic_10_asks_for_the_space_step_by_step(presses: tuple[str, ...], big: str) -> None:
    t = FogsiteTable().set_up().press("ok").lock().press("ok", "ok")
    game = t.session.running
    red = replace(game.investigator(Colour.RED), hand=(10,))
    t.session.running = game.with_investigator(red)
    # Relic 10 names a Wall tile on the sheet: Red has some there (B1's copied wrongly).
    t.lay("R", wall=((1, 0), (-1, 0), (1, 1)))
    t.press("ok").menu_to("Use Relic").press("ok")
    assert t.lines[1] == "> 10 Which wall"
    t.press("ok", *presses)
    t.press("ok")
    assert " ".join(t.lines[1:-1]).startswith("Inner wall, Outer wall or no wall there?")
    t.press("ok")
    assert t.lines[1:3] == (big, "Relic 10 Which wall")
    assert t.session.running.collected == (10,)


def g9_game(pause: bool = False) -> FogsiteTable:
    """A joystick game with G9, at the choose screen of the team's first turn; ``pause``:
    the house rule that lets the table pause the team's time (off by default)."""
    t = FogsiteTable().open_fogsite()
    if pause:
        t.flow.options = replace(t.flow.options, team_time_pause=True)
    t.menu_to("Balancing").press("ok")
    t.menu_to("G9").press("ok", "back").enter_maze(MAZE).press("hold_ok")
    t.menu_to("GREEN").press("ok", "right", "right", "right", "right", "down", "down", "ok")
    return t.lock().press("ok").lock().press("down", "ok")  # the Guardian's move, its report


def test_the_shared_team_time_g9_ends_the_turn() -> None:
    t = g9_game()
    assert t.lines[0].endswith("team time 6:00")  # the report: the team's time runs already
    t.wait(10).press("ok")
    assert t.stage == "choose" and t.lines[0].endswith("team time 5:50")
    t.wait(190)
    assert t.lines[0].endswith("team time 2:40")
    t.press("key3").wait(100).press("key3")  # the rulebook's G9 is a hard stop: no pause
    assert t.lines[0].endswith("team time 1:00")
    assert not t.shows("House rule: pause")
    t.wait(59)
    assert t.lines[0].endswith("team time 0:01")
    t.wait(1)
    assert t.lines[1:3] == ("Time up", "The team's turn is over")
    assert t.session.running.phase is Phase.ESCAPE
    assert "expired" in t.effects.sounds


def chosen(t: FogsiteTable) -> str:
    return next(line for line in t.lines if line.startswith(">"))


def test_a_two_key_box_pauses_team_time_and_lets_the_guardian_look_from_the_menu() -> None:
    """No KEY3 (the bonnet, the simulator): the choose screen's own rows do its two jobs;
    the pause is the house rule's, labelled as such."""
    t = g9_game(pause=True).press("ok")
    assert t.stage == "choose" and t.lines[0].endswith("team time 6:00")
    t.wait(100)
    t.menu_to("House rule")
    assert chosen(t) == "> House rule: pause"
    t.press("ok").wait(300)  # paused: the shared time stands still
    assert t.lines[0].endswith("team time 4:20||") and chosen(t) == "> House rule: go on"
    t.press("ok").wait(60)
    assert t.lines[0].endswith("team time 3:20")
    t.menu_to("Guardian's look").press("ok")
    assert t.stage == "peek_pin"
    t.lock().press("ok")
    assert t.stage == "choose"


def test_quitting_mid_game_asks_first() -> None:
    t = FogsiteTable().set_up().press("hold_back")
    assert t.lines[0] == "Quit FOGSITE?" and t.lines[-1] == "OK quit  B back"
    t.press("back")
    assert t.stage == "guardian_gate"
    t.press("hold_back", "ok")
    assert t.app.state is Screen.HOME


def test_give_with_an_empty_hand_says_so_instead_of_failing() -> None:
    t = FogsiteTable().set_up()
    t.press("ok").lock().press("down", "ok")  # the Guardian steps S: its report
    t.press("ok", "ok")  # the team's turn; RED chosen: the actions menu
    state = t.session.running  # RED's cards are gone (given away or used in an earlier turn)
    t.session.running = state.with_investigator(replace(state.investigator(Colour.RED), hand=()))
    assert t.stage == "actions"
    t.menu_to("Give").press("ok")
    assert t.lines[1:3] == ("Nothing to give", "There is no card in this hand")
    t.press("ok")  # nothing was played: back to choosing, as after "No Relic"
    assert t.stage == "choose" and t.shows("RED: ready")


def test_the_link_pauses_team_time_under_the_house_rule_as_its_row_does() -> None:
    t = g9_game(pause=True).press("ok")
    t.wait(100)

    def team_time(running: bool) -> dict[str, object]:
        reply = t.flow.commands.call(t.flow, "team_time", {"running": running})
        return dict(reply["team_time"])  # type: ignore[call-overload]

    assert team_time(False)["running"] is False
    t.wait(300)  # paused: the shared time stands still
    assert t.lines[0].endswith("team time 4:20||") and t.shows("House rule: go on")
    assert team_time(False)["left_seconds"] == 260   # already paused: it stays so
    assert team_time(True)["running"] is True
    t.wait(60)
    assert t.lines[0].endswith("team time 3:20")


def test_without_the_house_rule_the_link_cannot_stop_g9() -> None:
    t = g9_game().press("ok")
    with pytest.raises(LinkError) as refused:
        t.flow.commands.call(t.flow, "team_time", {"running": False})
    assert refused.value.code == "not_now" and "house rule" in refused.value.message
