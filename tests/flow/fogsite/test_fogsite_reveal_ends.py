"""After a loss the team may play on, or look at the maze: not both. Seeing the maze without
the PIN (the winner screen's OK, or ``fogsite.reveal``) ends a lost game for good; the human
Guardian's PIN holder, who knows the maze, may look over the link and the team still plays
on. Both orders, on the joystick and over the link, for a human Guardian and for the box."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from flow.fogsite.fogsite_table import PIN, FogsiteTable, restart, secret_rows
from fogkeeper.flow.fogsite.box import THINK_SECONDS
from fogkeeper.link.protocol import LinkError
from fogkeeper.rules.fogsite import Side
from fogkeeper.rules.fogsite.state import TimeLimit
from support.box import BoxHarness, box_in_game

SEED = 123
MAZE_SEEN = "the maze was revealed"


def human_lost() -> FogsiteTable:
    """A human Guardian with a PIN; the team uses up the Time Limit: the Guardian wins."""
    t = FogsiteTable(pin=PIN).set_up(pin=PIN)
    t.press("ok").lock().press("ok", "ok")  # the Guardian stays; the team plays
    return out_of_time(t)


def box_lost() -> FogsiteTable:
    """The box as Guardian; the team uses up the Time Limit: the box wins."""
    t = FogsiteTable().set_up_box(SEED, level="hard").press("ok")
    t.wait(THINK_SECONDS).press("ok")  # the box's first turn, its count read
    return out_of_time(t)


def out_of_time(t: FogsiteTable) -> FogsiteTable:
    t.session.running = replace(t.session.running, time_limit=TimeLimit((0, 0, 0)))
    for letter in "RGB":
        call(t, "end_turn", colour=letter)
    assert t.stage == "winner" and t.session.facts().winner is Side.GUARDIAN
    return t


LOSSES = [pytest.param(human_lost, id="human"), pytest.param(box_lost, id="box")]


def call(t: FogsiteTable, action: str, **args: Any) -> dict[str, Any]:
    return t.flow.commands.call(t.flow, action, args)


def refusal(t: FogsiteTable, action: str, **args: Any) -> LinkError:
    with pytest.raises(LinkError) as refused:
        call(t, action, **args)
    return refused.value


def shows_the_maze(t: FogsiteTable) -> bool:
    return any(row in t.lines for row in secret_rows(t.session.running.maze))


@pytest.mark.parametrize("lost", LOSSES)
def test_the_teams_loss_is_heard_by_its_own_tune(lost: Any) -> None:
    t = lost()
    assert t.effects.sounds[-1] == "loss" and "win" not in t.effects.sounds


@pytest.mark.parametrize("lost", LOSSES)
def test_the_winner_screen_says_a_reveal_ends_the_game(lost: Any) -> None:
    t = lost()
    assert "A reveal ends it." in t.lines and t.lines[-1] == "OK reveal  > play on"
    assert not t.private


@pytest.mark.parametrize("lost", LOSSES)
def test_on_the_joystick_a_reveal_takes_the_play_on_away(lost: Any) -> None:
    t = lost().press("ok")
    assert t.stage == "reveal" and shows_the_maze(t)
    t.press("back")
    assert t.stage == "winner" and t.lines[-1] == "OK: reveal the maze"
    assert "A reveal ends it." not in t.lines
    t.press("right")  # no play on any more
    assert t.stage == "winner" and not t.session.facts().playing_on
    assert MAZE_SEEN in refusal(t, "play_on").message
    # and a power cut does not give it back
    t = restart(t)
    assert t.stage == "winner" and t.lines[-1] == "OK: reveal the maze"
    assert MAZE_SEEN in refusal(t, "play_on").message


@pytest.mark.parametrize("lost", LOSSES)
def test_on_the_joystick_play_on_comes_before_any_look(lost: Any) -> None:
    t = lost().press("right")
    assert t.session.facts().playing_on and t.stage == "escape_call"
    assert not t.private
    error = refusal(t, "reveal")  # play goes on: the maze is closed again
    assert error.code.value == ("not_now" if t.session.box_plays() else "locked")


@pytest.mark.parametrize("lost", LOSSES)
def test_over_the_link_a_reveal_without_the_pin_ends_the_game(lost: Any) -> None:
    t = lost()
    reply = call(t, "reveal")
    assert reply["note"] == "the maze is revealed: the game is over for good, no play on"
    assert reply["reveal"]["maze"]
    error = refusal(t, "play_on")
    assert error.code.value == "not_now" and MAZE_SEEN in error.message
    assert t.stage == "winner" and t.lines[-1] == "OK: reveal the maze"
    t.press("right")
    assert t.stage == "winner" and not t.session.facts().playing_on
    assert "note" not in call(t, "reveal")  # a second look ends nothing more


@pytest.mark.parametrize("lost", LOSSES)
def test_over_the_link_play_on_comes_before_any_look(lost: Any) -> None:
    t = lost()
    assert call(t, "play_on")["playing_on"]
    error = refusal(t, "reveal")
    assert error.code.value == ("not_now" if t.session.box_plays() else "locked")


def test_the_human_guardians_pin_holder_looks_and_the_team_still_plays_on() -> None:
    t = human_lost()
    reply = call(t, "reveal", pin=PIN)
    assert reply["reveal"]["maze"] and "note" not in reply
    assert t.lines[-1] == "OK reveal  > play on"
    assert call(t, "play_on")["playing_on"]


def test_a_wrong_pin_is_a_look_without_the_pin() -> None:
    t = human_lost()
    assert "note" in call(t, "reveal", pin="9999")
    assert MAZE_SEEN in refusal(t, "play_on").message


def test_the_box_as_guardian_has_no_pin_that_keeps_the_play_on() -> None:
    t = box_lost()
    assert "note" in call(t, "reveal", pin=PIN)
    assert MAZE_SEEN in refusal(t, "play_on").message


# ---- a whole box, a host with no PIN: the joystick's buttons and screens over the link ----
@pytest.fixture
def box(tmp_path: Path) -> BoxHarness:
    return box_in_game(tmp_path, "fogsite", PIN)


def lose_over_the_link(box: BoxHarness) -> None:
    assert box.request("fogsite.setup", guardian="box", size=5, level="hard")["ok"]
    box.wait(THINK_SECONDS)
    assert box.request("press", button="press")["ok"]  # the box's count read
    game = box.box.app.game
    assert game is not None
    game.session.running = replace(  # type: ignore[attr-defined]
        game.session.running, time_limit=TimeLimit((0, 0, 0)))  # type: ignore[attr-defined]
    for letter in "RGB":
        reply = box.request("fogsite.end_turn", colour=letter)
        assert reply["ok"], reply
    assert reply["winner"] == "guardian"


def test_a_host_that_reads_the_reveal_screen_cannot_play_on(box: BoxHarness) -> None:
    lose_over_the_link(box)
    assert box.request("press", button="press")["ok"]  # the winner screen's OK: the reveal
    screen = box.request("screen")
    assert not screen.get("private") and screen["lines"][:2] == ["Reveal", "All routes"]
    assert box.request("press", button="key2")["ok"]
    assert box.request("press", button="right")["ok"]
    refused = box.request("fogsite.play_on")
    assert refused["error"]["code"] == "not_now" and MAZE_SEEN in refused["error"]["message"]
    assert box.request("fogsite.state")["playing_on"] is False


def test_a_host_that_plays_on_first_reads_no_maze(box: BoxHarness) -> None:
    lose_over_the_link(box)
    assert box.request("fogsite.play_on")["ok"]
    assert box.request("fogsite.reveal")["error"]["code"] == "not_now"
    assert box.request("press", button="press")["ok"]
    assert box.request("screen")["lines"][:2] != ["Reveal", "All routes"]
