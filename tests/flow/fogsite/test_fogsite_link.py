"""The same FOGSITE game over the host link, through a whole box (tests/support/box.py)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from flow.fogsite.fogsite_table import MAZE, PIN
from support.box import BoxHarness, box_in_game


@pytest.fixture
def box(tmp_path: Path) -> BoxHarness:
    return box_in_game(tmp_path, "fogsite", PIN)


def ok(reply: dict[str, Any]) -> dict[str, Any]:
    assert reply["ok"], reply
    return reply


def error(reply: dict[str, Any]) -> tuple[str, str]:
    assert not reply["ok"], reply
    return reply["error"]["code"], reply["error"]["message"]


def set_up(box: BoxHarness, **extra: Any) -> dict[str, Any]:
    args = {"maze": MAZE, "colours": ["R", "G", "B"], "sleeping": "G",
            "guardian_start": "E3", "pin": PIN, **extra}
    return dict(box.request("fogsite.setup", **args))


def test_a_whole_game_over_the_link(box: BoxHarness) -> None:
    reply = ok(set_up(box))
    assert reply["screen"] == "guardian_gate" and reply["phase"] == "guardian"
    reply = ok(box.request("fogsite.guardian_move", pin=PIN, moves="S1"))
    assert (reply["attacked"], reply["tiles_removed"], reply["phase"]) == (0, 0, "investigators")
    reply = ok(box.request("fogsite.explore", colour="R", direction="S"))
    assert reply["answer"] == "You can move" and reply["time_limit"]["tiles_left"] == 49
    assert box.lines[1] == "You can move"  # the shared screen says it too
    # Each Move stays on the mover's sheet: explore a step, walk it. Red maps A1-C3.
    ok(box.request("fogsite.move", colour="R", route="S"))
    walk(box, "R", "SEE")
    ok(box.request("fogsite.end_turn", colour="R"))
    # Green maps B5 and B4, then walks on to C3 over Red's sheet copied onto its own
    # (Red's Starting tile lies 2 west and 4 north of Green's).
    walk(box, "G", "WN")
    from_red = [{"colour": "R", "shift": [-2, -4]}]
    reply = ok(box.request("fogsite.move", colour="G", route="NE", copies=from_red))
    assert reply["answer"] == "Moved" and reply["completed"]
    ok(box.request("fogsite.end_turn", colour="G"))
    walk(box, "B", "WSW")
    reply = ok(box.request("fogsite.move", colour="B", route="S",
                           copies=[{"colour": "R", "shift": [-4, 0]}]))
    assert reply["completed"] and reply["time_limit"]["tiles_left"] == 50 - 9
    ok(box.request("fogsite.end_turn", colour="B"))
    reply = ok(box.request("fogsite.escape", announce=True))
    assert reply["winner"] == "investigators" and reply["screen"] == "winner"
    revealed = ok(box.request("fogsite.reveal"))["reveal"]
    assert revealed["maze"][0] == "R . # . B" and revealed["guardian"] == "E4"
    assert revealed["routes"]["BLUE"] == ["E1", "D1", "D2", "C2", "C3"]
    page = ok(box.request("fogsite.reveal", log_from=0, log_count=3))["reveal"]["log"]
    assert page[0][2] == "setup" and len(page) == 3


def walk(box: BoxHarness, colour: str, route: str) -> None:
    """Explore one step (a Room space each time here), then Move onto it."""
    for direction in route:
        ok(box.request("fogsite.explore", colour=colour, direction=direction))
        reply = ok(box.request("fogsite.move", colour=colour, route=direction))
        assert reply["answer"] == "Moved"


def test_a_move_off_the_sheet_is_refused_alike_for_a_street_and_a_wall(box: BoxHarness
                                                                       ) -> None:
    ok(set_up(box))
    ok(box.request("fogsite.guardian_move", pin=PIN, moves="S1"))
    street = error(box.request("fogsite.move", colour="R", route="S"))  # A2: a Room space
    wall = error(box.request("fogsite.move", colour="R", route="N"))  # the Outer Wall
    assert street[0] == wall[0] == "bad_args"
    assert street[1].replace("(S)", "(N)") == wall[1]
    state = ok(box.request("fogsite.state"))
    assert state["investigators"][0]["offset"] == [0, 0] and state["log_size"] == 2


@pytest.mark.parametrize("cmd,args,code", [
    ("fogsite.explore", {"colour": "R", "direction": "N"}, "not_now"),  # the Guardian's turn
    ("fogsite.guardian_move", {"moves": "S1"}, "locked"),
    ("fogsite.guardian_move", {"moves": "S1", "pin": "9999"}, "locked"),
    ("fogsite.guardian_move", {"moves": "W1", "pin": PIN}, "bad_args"),
    ("fogsite.guardian_move", {"moves": "sideways", "pin": PIN}, "bad_args"),
    ("fogsite.reveal", {}, "locked"),
    ("fogsite.escape", {"announce": True}, "not_now"),
    ("fogsite.setup", {"maze": MAZE, "pin": PIN}, "not_now"),  # a game is already set
    ("fogsite.fly", {}, "unknown_cmd"),
])
def test_refusals_name_their_reason(box: BoxHarness, cmd: str, args: dict[str, Any],
                                    code: str) -> None:
    ok(set_up(box))
    assert error(box.request(cmd, **args))[0] == code


def test_the_guardians_refusal_names_the_wall_only_to_the_pin(box: BoxHarness) -> None:
    ok(set_up(box))
    code, message = error(box.request("fogsite.guardian_move", pin=PIN, moves=[["W", 1]]))
    assert code == "bad_args"
    assert message == "fogsite.guardian_move: move 1 (W1): it runs into an Inner Wall"


@pytest.mark.parametrize("args,code,words", [
    ({"pin": "0000"}, "locked", "needs the Guardian PIN"),
    ({"maze": MAZE.replace("R . # . B", "R B # . ."), "pin": PIN}, "bad_args", "rule I"),
    ({"maze": MAZE.replace("# . # . .", ". . . . ."), "pin": PIN}, "bad_args", "rule II"),
    ({"sleeping": "X", "pin": PIN}, "bad_args", "'sleeping' must be R, G or B"),
    ({"guardian_start": "C4", "pin": PIN}, "bad_args", "Street space"),
])
def test_setup_refuses_a_bad_maze_naming_the_rule(box: BoxHarness, args: dict[str, Any],
                                                  code: str, words: str) -> None:
    got_code, message = error(set_up(box, **args))
    assert got_code == code and words in message


def test_without_the_pin_a_refused_maze_names_rules_not_cells(tmp_path: Path) -> None:
    box = BoxHarness(tmp_path)
    ok(box.request("game.start", game="fogsite"))
    bad = MAZE.replace("R . # . B", "R B # . .")
    message = error(box.request("fogsite.setup", maze=bad, sleeping="G",
                                guardian_start="E3"))[1]
    assert "rule I: Colour tiles orthogonally adjacent" in message and "A1" not in message
    reply = ok(box.request("fogsite.setup", maze=MAZE, sleeping="G", guardian_start="E3"))
    assert reply["note"] == "no PIN is set: nothing can be unlocked before the end"
    assert error(box.request("fogsite.guardian_move", moves="S1"))[0] == "locked"


def test_state_gives_the_public_view_and_pages_of_the_log(box: BoxHarness) -> None:
    ok(set_up(box))
    state = ok(box.request("fogsite.state"))
    assert state["phase"] == "guardian" and state["log_size"] == 1
    assert "maze" not in state and "guardian" not in state
    whole = ok(box.request("state"))["game"]
    assert whole["name"] == "fogsite" and whole["screen"] == "guardian_gate"
