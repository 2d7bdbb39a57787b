"""Balancing G9 at a table on the link and on the joystick: the team's shared time runs from
the moment a team turn starts, however it started, a full glass every turn, and when it runs
out the turn ends at once (the host hears it only once the box has saved it)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from flow.fogsite.fogsite_table import PIN
from flow.fogsite.test_box_guardian_link import ok, send
from fogkeeper.rules.fogsite.sim import MapperTeam
from support.box import BoxHarness, box_in_game
from support.saved import on_disk

SEED = 31415926
TEAM_SECONDS = 360  # G9: 2 minutes for each of 3 Investigators, shared
MOST_ACTIONS = 400


@pytest.fixture
def box(tmp_path: Path) -> BoxHarness:
    return box_in_game(tmp_path, "fogsite", PIN)


def left(reply: dict[str, Any]) -> int:
    return int(reply["team_time"]["left_seconds"])


def saved_phase(box: BoxHarness) -> str:
    """The phase of the game as the box's save on disk holds it."""
    saved = on_disk(box.data_dir)
    game = saved["game"]["state"]["session"]["game"]
    return str(json.loads(game)["phase"])


def listen(box: BoxHarness) -> list[tuple[dict[str, Any], str]]:
    """Every fogsite.answer event the host hears, with the game's phase on disk then."""
    heard: list[tuple[dict[str, Any], str]] = []
    send_line = box.link.send

    def hear(line: bytes, host: int | None = None) -> None:
        decoded = json.loads(line)
        if decoded.get("event") == "fogsite.answer":
            heard.append((decoded, saved_phase(box)))
        send_line(line, host)

    box.link.send = hear  # type: ignore[method-assign]
    return heard


def set_up_easy_g9(box: BoxHarness) -> dict[str, Any]:
    return ok(box.request("fogsite.setup", guardian="box", size=4, level="easy", seed=SEED,
                          pin=PIN, options={"easy": True, "balancing": ["G9"]}))


TIME_UP = {"event": "fogsite.answer", "action": "time_up", "colour": None,
           "answer": "team time is over"}


def test_g9_runs_out_mid_turn_in_an_easy_game_played_over_the_link(box: BoxHarness) -> None:
    heard = listen(box)
    reply = set_up_easy_g9(box)
    # nobody pressed anything: the team's turn began with the game, and its time runs
    assert reply["screen"] == "choose" and reply["team_time"]["running"]
    assert left(reply) == TEAM_SECONDS and reply["team_time"]["of_seconds"] == TEAM_SECONDS
    team = MapperTeam()
    reply = ok(send(box, team.next_action(reply)))
    box.wait(100)
    reply = ok(send(box, team.next_action(reply)))
    assert left(reply) == TEAM_SECONDS - 100
    box.wait(TEAM_SECONDS - 100 - 1)
    state = ok(box.request("fogsite.state"))
    assert state["phase"] == "investigators" and left(state) == 1
    box.wait(1)  # the time runs out in the middle of the team's turn
    assert [event for event, _ in heard if event["action"] == "time_up"] == [TIME_UP]
    assert box.lines[1:3] == ("Time up", "The team's turn is over")
    state = ok(box.request("fogsite.state"))
    assert state["phase"] == "escape" and "team_time" not in state
    refused = box.request("fogsite.end_turn", colour="R")
    assert refused["error"]["code"] == "not_now"
    again = ok(box.request("fogsite.state"))
    assert {**again, "id": 0} == {**state, "id": 0}  # a refused command changes nothing
    # the Easy Rule: no escape, 3 Map tiles go, and round 2's team turn has a full glass
    reply = ok(box.request("fogsite.escape", announce=False))
    assert reply["round"] == 2 and reply["phase"] == "investigators"
    assert left(reply) == TEAM_SECONDS and reply["team_time"]["running"]
    box.wait(5)
    assert left(ok(box.request("fogsite.state"))) == TEAM_SECONDS - 5
    for _ in range(MOST_ACTIONS):  # the rest of the game, in no time at all
        if reply["winner"] is not None:
            break
        reply = ok(send(box, team.next_action(reply)))
    assert reply["winner"] is not None and reply["phase"] == "over"
    assert "team_time" not in reply


def test_a_command_after_the_time_ran_out_finds_the_turn_over(box: BoxHarness) -> None:
    """The loop may wake late: a command that comes after the deadline is refused, the
    turn being over already."""
    heard = listen(box)
    set_up_easy_g9(box)
    box.now += TEAM_SECONDS + 3  # no wake-up on the way
    refused = box.request("fogsite.end_turn", colour="R")
    assert refused["error"]["code"] == "not_now" and "escape" in refused["error"]["message"]
    assert [e for e, _ in heard if e["action"] == "time_up"] == [TIME_UP]
    assert ok(box.request("fogsite.state"))["phase"] == "escape"


def test_the_time_up_on_a_deadline_is_saved_before_the_host_hears_it(box: BoxHarness) -> None:
    heard = listen(box)
    set_up_easy_g9(box)
    box.wait(TEAM_SECONDS)
    assert [(e, phase) for e, phase in heard if e["action"] == "time_up"] == [
        (TIME_UP, "escape")]
    # the same for a refused command that met the time-up (app/commands marks only an ok one)
