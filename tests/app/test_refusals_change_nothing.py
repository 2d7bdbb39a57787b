"""A refused command changes nothing: every game command, fed bad arguments at several points
of a game, leaves the box's whole saved state exactly as it was."""

from __future__ import annotations

import json
import os
import random
import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from fogkeeper.app.commands import BOX_COMMANDS, BOX_ROWS
from fogkeeper.data.fog import OWNER_ENV
from fogkeeper.flow import snapshot
from fogkeeper.flow.corps.link import COMMANDS as CORPS
from fogkeeper.flow.fog import board_check
from fogkeeper.flow.fog.link import COMMANDS as FOG
from fogkeeper.flow.fogsite.link import COMMANDS as FOGSITE
from fogkeeper.link.protocol import MAX_LINE_BYTES, ErrorCode, LinkError, parse_line
from support.box import BoxHarness

JUNK: list[Any] = [None, True, -1, 0, 7, 10**9, 1.5, "", "x", "pink", [], [1], ["x"], {},
                   {"a": 1}, [{"x": 1}], "A1", "N", {"colour": "pink"},
                   # the borders: huge numbers, text that is no text, the longest lists
                   10**30, -(2**63), 2**64, "\ud800", "x" * 1500, [0] * 400,
                   [{"owner": "pink", "row": "A", "type": "sailor"}] * 60, [["E", 2]] * 50]
DOCUMENTED = {"bad_args", "not_now", "locked", "bad_json", "bad_request", "too_long"}
NAMES = ["colour", "choice", "count", "losses", "islanders", "bonuses", "button", "mp", "to",
         "slot", "token", "op", "pin", "key", "map", "kind", "steps", "move", "moves", "seed",
         "board", "mode", "players", "values", "card", "relic", "direction", "route",
         "answer", "who", "reason", "name", "size", "maze", "guardian", "page", "at"]


@pytest.fixture(autouse=True)
def _owner_copy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The owner's data folder copied for these tests: a junk line that happens to be right
    (fog.board.save after fog.board.open) writes the owner's files as the box would, and
    must not write them in the folder other tests share."""
    shared = Path(os.environ.get(OWNER_ENV) or "")
    copy = tmp_path / "owner"
    if shared.name and shared.is_dir():
        shutil.copytree(shared, copy)
    monkeypatch.setenv(OWNER_ENV, str(copy))
    board_check.forget()
    yield
    board_check.forget()


def _commands(h: BoxHarness, game: str) -> list[str]:
    refused = h.request(f"{game}.nosuchcommand")
    assert refused["error"]["code"] == "unknown_cmd"
    found = set(re.findall(rf"{game}\.[a-z_.]+", refused["error"]["message"]))
    return sorted(found - {f"{game}.nosuchcommand"}) + [row.name for row in BOX_COMMANDS]


def _declared(cmd: str) -> list[str]:
    """The argument names ``cmd`` declares: junk under a real name reaches its checks."""
    game, _, action = cmd.partition(".")
    rows = {"fog": FOG, "fogsite": FOGSITE, "corps": CORPS}.get(game)
    row = rows.rows.get(action) if rows is not None else BOX_ROWS.get(cmd)
    return [] if row is None else [f.key for f in row.args]


def _ask_by_line(h: BoxHarness, cmd: str, args: dict[str, Any]) -> dict[str, Any]:
    """One request as the host writes it (escapes and all), read by the box's own parser;
    exactly one reply comes back, whatever the line held."""
    h._next_id += 1
    line = json.dumps({"id": h._next_id, "cmd": cmd, **args}).encode() + b"\n"
    before = len(h.link.lines)
    if len(line) > MAX_LINE_BYTES:
        h.box.step(LinkError(ErrorCode.TOO_LONG, "line too long"))
    else:
        try:
            h.box.step(parse_line(line))
        except LinkError as refused:
            h.box.step(refused)
    replies = [x for x in h.link.lines[before:] if "event" not in x]
    assert len(replies) == 1, (cmd, args, replies)
    return replies[0]


def _saved(h: BoxHarness) -> str:
    """The saved session, but for the wrong-PIN count: a refused PIN must cost a try."""
    taken = snapshot.take(h.box.app, h.now)
    taken.pop("pin_guard")
    return json.dumps(taken, sort_keys=True)


def _clone(h: BoxHarness) -> BoxHarness:
    """The same box, restarted from its saved session in a folder of its own."""
    h.box.save(force=True)
    folder: Path = h.box.stores.folder
    n = len(list(folder.parent.glob(f"{folder.name}-clone*")))
    twin = folder.parent / f"{folder.name}-clone{n}"
    shutil.copytree(folder, twin)
    clone = BoxHarness(twin, **h.sections)
    assert clone.request("session.resume")["ok"]
    return clone


def _try_everything(h: BoxHarness, game: str, rng: random.Random, rounds: int) -> int:
    """Fuzz a clone of ``h`` (a junk line that happens to be right may move the game on)."""
    h = _clone(h)
    refused = 0
    for cmd in _commands(h, game):
        for _ in range(rounds):
            names = NAMES + _declared(cmd) * 3
            args = {rng.choice(names): rng.choice(JUNK) for _ in range(rng.randint(0, 3))}
            before = _saved(h)
            reply = _ask_by_line(h, cmd, args)
            if not reply["ok"]:
                refused += 1
                assert _saved(h) == before, f"{cmd} {args} was refused but changed the box"
                assert reply["error"]["code"] in DOCUMENTED, (cmd, args, reply)
    return refused


@pytest.mark.parametrize("game", ["fog", "fogsite", "corps"])
def test_bad_arguments_to_every_game_command_change_nothing(tmp_path: Path, game: str) -> None:
    rng = random.Random(f"refusals-{game}")
    h = BoxHarness(tmp_path / "box", security={"pin": "2468"})
    assert h.request("game.start", game=game)["ok"]
    refused = _try_everything(h, game, rng, rounds=12)
    assert refused > 50


def test_bad_arguments_change_nothing_at_every_phase_of_the_fog(tmp_path: Path) -> None:
    from flow.fog.scripts import FOUR_PLAYER_BONUSES, FOUR_PLAYER_FINAL
    from flow.fog.test_fog_link import SETUP, place

    rng = random.Random("refusals-fog-phases")
    h = BoxHarness(tmp_path / "box", security={"pin": "2468"})

    def ask(cmd: str, **args: Any) -> dict[str, Any]:
        reply = h.request(cmd, **args)
        assert reply["ok"], reply
        return reply

    ask("game.start", game="fog")
    ask("fog.setup", **SETUP, seed=5, pin="2468")
    ask("fog.continue")
    _try_everything(h, "fog", rng, rounds=4)      # the missions
    for i in range(4):
        ask("fog.mission.show")
        ask("fog.mission.keep", choice=1 + i % 2)
    _try_everything(h, "fog", rng, rounds=4)      # the draft
    ask("fog.draft.pick", count=32)
    _try_everything(h, "fog", rng, rounds=4)      # a turn
    while ask("fog.state")["screen"] == "turn":
        step = ask("fog.end_turn")["fog_step"]
    assert step is not None
    _try_everything(h, "fog", rng, rounds=4)      # the FOG step
    ask("fog.losses", losses=[]) if step.get("rows") else ask("fog.continue")
    ask("fog.end_game")
    colour, islanders = next(iter(FOUR_PLAYER_FINAL.items()))
    ask("fog.score.enter", colour=colour, bonuses=FOUR_PLAYER_BONUSES[colour],
        islanders=[{"at": place(w), "nation": n, "type": k} for w, n, k in islanders])
    _try_everything(h, "fog", rng, rounds=4)      # the scoring


def test_bad_arguments_change_nothing_at_every_phase_of_fogsite(tmp_path: Path) -> None:
    from flow.fogsite.fogsite_table import PIN
    from flow.fogsite.test_box_guardian_link import MOST_ACTIONS, ok, send, set_up
    from fogkeeper.rules.fogsite import MapperTeam

    rng = random.Random("refusals-fogsite-phases")
    h = BoxHarness(tmp_path / "box", security={"pin": PIN})
    assert h.request("game.start", game="fogsite")["ok"]
    reply = ok(set_up(h))
    team, phases = MapperTeam(), set()
    for _ in range(MOST_ACTIONS):
        phase = reply["phase"]
        if phase not in phases:  # the first moment of each phase, the end included
            phases.add(phase)
            _try_everything(h, "fogsite", rng, rounds=3)
        if reply["winner"] is not None:
            break
        reply = ok(send(h, team.next_action(reply)))
    assert reply["winner"] is not None and len(phases) >= 3


def test_bad_arguments_change_nothing_in_a_sealed_corps_chapter(tmp_path: Path) -> None:
    from flow.corps.test_corps_link import KEY_TEXT

    rng = random.Random("refusals-corps-phases")
    h = BoxHarness(tmp_path / "box", security={"pin": "2468"})
    assert h.request("game.start", game="corps")["ok"]
    assert h.request("corps.key", pin="2468", key=KEY_TEXT, map=5)["ok"]
    _try_everything(h, "corps", rng, rounds=6)      # the chapter, key sealed
    assert h.request("corps.lose", reason="the Water ran out")["ok"]  # the chapter ends
    _try_everything(h, "corps", rng, rounds=6)      # the reveal
