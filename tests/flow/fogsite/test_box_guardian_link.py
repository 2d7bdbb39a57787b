"""The box as Guardian over the host link, on a whole box: a scripted team plays a whole game
from the replies alone, and nothing secret leaves the box before the end."""

from __future__ import annotations

import json
import logging
from pathlib import Path
from typing import Any

import pytest

from flow.fogsite.fogsite_table import PIN, leaks
from fogkeeper.flow.fogsite.box import THINK_SECONDS
from fogkeeper.rules.fogsite import Colour, Difficulty, MapperTeam, generate_maze
from fogkeeper.rules.fogsite.sim import EndTurn, Escape, Explore, TeamAction, Walk
from support.box import BoxHarness, box_in_game

SEED = 2718281828  # a seed no count or log size will ever spell by chance
MOST_ACTIONS = 400


@pytest.fixture
def box(tmp_path: Path) -> BoxHarness:
    return box_in_game(tmp_path, "fogsite", PIN)


def ok(reply: dict[str, Any]) -> dict[str, Any]:
    assert reply["ok"], reply
    return reply


def code_of(reply: dict[str, Any]) -> str:
    assert not reply["ok"], reply
    return str(reply["error"]["code"])


def set_up(box: BoxHarness, **extra: Any) -> dict[str, Any]:
    args = {"guardian": "box", "size": 5, "level": "hard", "seed": SEED, "pin": PIN, **extra}
    return dict(box.request("fogsite.setup", **args))


def send(box: BoxHarness, action: TeamAction) -> dict[str, Any]:
    """One decision of the scripted team, as a host would send it."""
    args: dict[str, Any]
    if isinstance(action, Explore):
        args = {"cmd": "fogsite.explore", "colour": action.colour.value,
                "direction": action.direction.name}
    elif isinstance(action, Walk):
        args = {"cmd": "fogsite.move", "colour": action.colour.value,
                "route": "".join(d.name for d in action.route),
                "copies": [{"colour": c.teammate.value, "shift": list(c.shift)}
                           for c in action.copies]}
    elif isinstance(action, EndTurn):
        args = {"cmd": "fogsite.end_turn", "colour": action.colour.value}
    else:
        assert isinstance(action, Escape)
        args = {"cmd": "fogsite.escape", "announce": action.announce}
    return dict(box.request(**args))


def play_to_the_end(box: BoxHarness, reply: dict[str, Any]) -> list[dict[str, Any]]:
    """The scripted team plays from each reply until someone wins; every reply and screen."""
    team, seen = MapperTeam(), [reply]
    for _ in range(MOST_ACTIONS):
        if reply["winner"] is not None:
            return seen
        reply = ok(send(box, team.next_action(reply)))
        seen.append({**reply, "shown": list(box.lines)})
    raise AssertionError("the game did not end")


def test_a_whole_game_against_the_box_over_the_link(box: BoxHarness,
                                                     caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    reply = ok(set_up(box))
    assert reply["screen"] == "box_turn" and reply["phase"] == "investigators"
    assert reply["note"].startswith("the box is the Guardian")
    assert reply["guardian_kind"] == "box"
    assert reply["box"] == {"size": 5, "level": "hard"}
    assert box.lines[1] == "The Guardian moves..."
    count = reply["last_attack"]["count"]
    box.wait(THINK_SECONDS)
    assert box.lines[1] == f"{count} attacked"  # the table learns what the host learnt
    replies = play_to_the_end(box, reply)
    over = replies[-1]
    assert over["screen"] == "winner" and over["winner"] in ("guardian", "investigators")
    maze = generate_maze(SEED, 5, Difficulty.HARD)
    before_end = replies[:-1] + [{"event": e} for e in box.link.lines if "event" in e]
    for text in [json.dumps(r) for r in before_end] + [r.getMessage() for r in caplog.records]:
        assert leaks(text, maze, SEED) == [], text
    revealed = ok(box.request("fogsite.reveal"))["reveal"]
    assert revealed["maze"] == list(maze.rows_text())
    assert revealed["box"] == {"size": 5, "level": "hard", "seed": SEED}
    entries: list[list[Any]] = []
    while len(entries) < revealed["log_size"]:
        page = ok(box.request("fogsite.reveal", log_from=len(entries), log_count=5))
        entries += page["reveal"]["log"]
    why = [entry[4] for entry in entries if entry[1:3] == ["Guardian", "turn"]]
    assert why and all("; why: " in secret for secret in why)  # how the box played
    route = revealed["routes"]["Guardian"]
    assert len(route) > 1 and revealed["guardian"] == route[-1]  # every space it entered
    assert leaks(json.dumps(revealed), maze, SEED)  # the scan sees them once they are shown


@pytest.mark.parametrize("cmd,args,code", [
    ("fogsite.guardian_move", {"moves": "S1", "pin": PIN}, "not_now"),
    ("fogsite.guardian_move", {"moves": []}, "not_now"),
    ("fogsite.reveal", {"pin": PIN}, "not_now"),  # no PIN opens the box's maze
    ("fogsite.relic", {"colour": "R", "relic": 4, "lie": 1, "pin": PIN}, "not_now"),
    ("fogsite.setup", {"guardian": "box"}, "not_now"),  # a game is already set
])
def test_what_only_a_human_guardian_may_do_is_refused(box: BoxHarness, cmd: str,
                                                      args: dict[str, Any], code: str) -> None:
    ok(set_up(box))
    reply = box.request(cmd, **args)
    assert code_of(reply) == code
    assert leaks(json.dumps(reply), generate_maze(SEED, 5, Difficulty.HARD), SEED) == []


@pytest.mark.parametrize("args,words", [
    ({"size": 6}, "'size' must be 5, or 4"),
    ({"size": 5, "options": {"easy": True}}, "'size' is 5, or 4"),
    ({"level": "cruel"}, "'level' must be one of"),
    ({"difficulty": "hard"}, "'difficulty': the box now takes one 'level'"),
    ({"strength": "hunter"}, "'strength': the box now takes one 'level'"),
    ({"seed": -1}, "'seed' must be an integer 0-4294967295"),
    ({"seed": "7"}, "'seed' must be an integer 0-4294967295"),
    ({"guardian": "robot"}, "'guardian' must be one of"),
    ({"colours": ["R", "G", "B"], "options": {"two_player": True}}, "exactly 2 Investigators"),
    ({"colours": ["R", "R"]}, "2 or 3 Colour tiles of different colours"),
])
def test_a_bad_box_setup_is_refused_naming_the_argument(box: BoxHarness, args: dict[str, Any],
                                                        words: str) -> None:
    reply = set_up(box, **args)
    assert code_of(reply) == "bad_args" and words in reply["error"]["message"]
    assert ok(box.request("fogsite.state"))["screen"] == "setup_menu"


def test_the_easy_rule_box_game_starts_with_the_team_and_a_drawn_seed(box: BoxHarness) -> None:
    reply = box.request("fogsite.setup", guardian="box", size=4, level="easy")
    assert ok(reply)["phase"] == "investigators" and reply["screen"] == "choose"
    assert reply["easy"] and reply["box"]["size"] == 4
    assert "seed" not in json.dumps(reply)


def test_a_hint_costs_a_tile_and_tells_a_true_fact_the_team_lacked(box: BoxHarness) -> None:
    ok(set_up(box))
    box.wait(THINK_SECONDS)
    before = ok(box.request("fogsite.state"))
    sheets = {inv["colour"]: inv["sheet"] for inv in before["investigators"]}
    reply = ok(box.request("fogsite.hint"))
    assert reply["time_limit"]["tiles_left"] == before["time_limit"]["tiles_left"] - 1
    assert reply["log"][-1][1:] == ["team", "hint", reply["hint"]]  # said to the whole table
    assert box.lines[1] == "Hint"
    dx, dy = reply["offset"]
    assert [dx, dy, reply["room"]] not in sheets[reply["colour"]]
    after = {inv["colour"]: inv["sheet"] for inv in reply["investigators"]}
    assert [dx, dy, reply["room"]] in after[reply["colour"]]  # the tile lies on the sheet
    maze = generate_maze(SEED, 5, Difficulty.HARD)
    start = maze.colour_cells()[Colour(reply["colour"])]
    assert maze.is_street(start.offset(dx, dy)) is reply["room"]  # and it is true


def test_a_hint_needs_the_box_as_guardian(box: BoxHarness) -> None:
    reply = box.request("fogsite.hint")
    assert code_of(reply) == "not_now"


@pytest.mark.parametrize("seed", [SEED, 12345, 999])
def test_the_reveal_pages_the_whole_log_with_the_largest_page_in_one_line_each(
        box: BoxHarness, seed: int) -> None:
    replies = play_to_the_end(box, ok(set_up(box, seed=seed)))
    assert replies[-1]["winner"] is not None
    before = len(box.link.lines)
    plain = ok(box.request("fogsite.reveal"))["reveal"]
    entries: list[list[Any]] = []
    while len(entries) < plain["log_size"]:
        page = ok(box.request("fogsite.reveal", log_from=len(entries), log_count=20))
        assert page["reveal"]["log"], "a page that fits nothing would never end"
        entries += page["reveal"]["log"]
    assert len(entries) == plain["log_size"] and entries[-1] == plain["log"][-1]
    state_pages: list[list[Any]] = []
    while len(state_pages) < plain["log_size"]:
        state_pages += ok(box.request("fogsite.state", log_from=len(state_pages),
                                      log_count=20))["log"]
    assert state_pages == [entry[:4] for entry in entries]  # the public columns only
    assert box.link.lines[before:]  # RecordingLink held every line to 4,096 bytes


def test_routes_of_a_game_played_long_are_paged_and_the_log_keeps_its_room(
        box: BoxHarness) -> None:
    """A team that plays on walks on: the reveal pages the routes by steps (``route_from``)
    within half a line, so every reveal fits and its log page is never crowded out."""
    play_to_the_end(box, ok(set_up(box)))
    session = box.box.app.game.session  # type: ignore[union-attr]
    walked = {who: list(cells) * 200 for who, cells in session.routes.items()}
    session.routes = walked  # as long as a game played on for hours
    steps = max(len(cells) for cells in walked.values())
    first = ok(box.request("fogsite.reveal"))["reveal"]
    assert first["route_steps"] == steps and first["route_from"] == 0
    assert 0 < len(next(iter(first["routes"].values()))) < steps
    assert first["log"], "the routes left the log no room"
    pages: dict[str, list[str]] = {who: [] for who in walked}
    start = 0
    while start < steps:
        page = ok(box.request("fogsite.reveal", route_from=start, log_from=0, log_count=20))
        got = page["reveal"]["routes"]
        assert page["reveal"]["log"] and max(len(c) for c in got.values()) > 0
        for who, cells in got.items():
            pages[who] += cells
        start += max(len(c) for c in got.values())
    from fogkeeper.rules.fogsite import Cell

    assert pages == {who: [Cell(*c).name for c in cells] for who, cells in walked.items()}
