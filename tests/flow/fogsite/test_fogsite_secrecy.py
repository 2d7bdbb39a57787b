"""Secrecy: in a scripted game the maze, the Guardian's space and routes, and who sleeps
never reach a frame, a link reply, an event or a log record before the PIN or the end."""

from __future__ import annotations

import json
import logging
import re
from typing import Any

import pytest

from flow.fogsite.fogsite_table import MAZE, PIN, FogsiteTable
from fogkeeper.rules.fogsite import Phase

CELL_NAME = re.compile(r"\b[A-E][1-5]\b")
SECRET_WORDS = re.compile(r"target|sleep|\"maze\":|\"guardian\":|intruders|routes", re.I)
UNLOCKED = {"guardian_moves", "peek"}
MAZE_ROWS = [line.split(";")[0].strip() for line in MAZE.splitlines()]
MAZE_ROWS = [row for row in MAZE_ROWS if row]


def leaks(text: str) -> list[str]:
    """Everything in ``text`` that gives the hidden layout or positions away."""
    found = CELL_NAME.findall(text) + SECRET_WORDS.findall(text)
    for row in MAZE_ROWS:
        found += [form for form in (row, row.replace(" ", "")) if form in text]
    return found


def play(t: FogsiteTable) -> list[dict[str, Any]]:
    """A game mixing the joystick and the link; returns every link reply."""
    def command(action: str, args: dict[str, Any]) -> dict[str, Any]:
        return t.flow.commands.call(t.flow, action, args)

    replies = [command("setup", {"maze": MAZE, "sleeping": "G", "guardian_start": "E3",
                                 "pin": PIN, "options": {"balancing": ["I2", "G6"]}})]
    t.look().press("ok").lock().press("down", "ok", "ok")  # Guardian S1, behind the PIN
    t.press("ok", "ok", "up", "ok")  # RED looks north: a wall; RED is down
    replies.append(command("state", {}))
    t.press("hold_key3").lock().press("ok")  # the Guardian peeks, then hides it again
    replies.append(command("end_turn", {"colour": "R"}))
    replies.append(command("explore", {"colour": "G", "direction": "W"}))
    replies.append(command("move", {"colour": "G", "route": "W"}))  # onto the explored B5
    replies.append(_try(command, "move", {"colour": "G", "route": "N"}))  # off the sheet
    replies.append(_try(command, "relic", {"colour": "G", "relic": t.session.running.investigator(
        _colour("G")).hand[0], "wall_offset": [1, 0], "receiver": "R", "card": 1}))
    for colour in ("R", "G", "B", "R", "G", "B"):  # twice: a Relic 12 may raise one again
        replies.append(_try(command, "end_turn", {"colour": colour}))
    replies.append(command("escape", {"announce": False}))
    replies.append(_try(command, "guardian_move", {"moves": "N1"}))  # no PIN: locked
    replies.append(_try(command, "reveal", {}))
    replies.append(command("guardian_move", {"moves": "N1", "pin": PIN}))
    t.look()
    return replies


def _colour(letter: str) -> Any:
    from fogkeeper.rules.fogsite import Colour

    return Colour(letter)


def _try(command: Any, name: str, args: dict[str, Any]) -> dict[str, Any]:
    from fogkeeper.link.protocol import LinkError

    try:
        return dict(command(name, args))
    except LinkError as error:
        return {"error": error.code.value, "message": error.message}


def test_nothing_secret_leaves_the_box_before_the_pin_or_the_end(
        caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    t = FogsiteTable().open_fogsite()
    replies = play(t)
    assert t.session.running.phase is not Phase.OVER
    shared = [lines for screen, lines in t.seen if screen not in UNLOCKED]
    for lines in shared:
        assert leaks("\n".join(lines)) == [], lines
    for reply in replies:
        assert leaks(json.dumps(reply)) == [], reply
    for event in t.effects.events:
        assert leaks(json.dumps(event)) == [], event
    for record in caplog.records:
        assert leaks(record.getMessage()) == [], record.getMessage()
    assert leaks(json.dumps(t.flow.public_state())) == []
    assert {r.get("error") for r in replies} >= {"locked"}


def test_the_scan_finds_the_maze_where_it_is_allowed() -> None:
    t = FogsiteTable().open_fogsite()
    play(t)
    unlocked = ["\n".join(lines) for screen, lines in t.seen if screen in UNLOCKED]
    assert unlocked and all("R.#.B" in text for text in unlocked)
    revealed = t.flow.commands.call(t.flow, "reveal", {"pin": PIN})
    assert leaks(json.dumps(revealed))  # the Guardian's PIN opens it


def test_a_repr_or_an_error_of_the_running_game_hides_the_maze() -> None:
    t = FogsiteTable().open_fogsite()
    play(t)
    assert leaks(repr(t.session.running)) == []
    assert leaks(repr(t.session.running.maze)) == []
