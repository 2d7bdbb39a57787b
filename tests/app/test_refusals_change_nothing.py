"""A refused command changes nothing: every game command, fed bad arguments at several points
of a game, leaves the box's whole saved state exactly as it was."""

from __future__ import annotations

import json
import random
import re
import shutil
from pathlib import Path
from typing import Any

import pytest

from fogkeeper.flow import snapshot
from support.box import BoxHarness

JUNK: list[Any] = [None, True, -1, 0, 7, 10**9, 1.5, "", "x", "pink", [], [1], ["x"], {},
                   {"a": 1}, [{"x": 1}], "A1", "N", {"colour": "pink"}]
NAMES = ["colour", "choice", "count", "losses", "islanders", "bonuses", "button", "mp", "to",
         "slot", "token", "op", "pin", "key", "map", "kind", "steps", "move", "moves", "seed",
         "board", "mode", "players", "values", "card", "relic", "direction", "route",
         "answer", "who", "reason", "name", "size", "maze", "guardian", "page", "at"]


def _commands(h: BoxHarness, game: str) -> list[str]:
    refused = h.request(f"{game}.nosuchcommand")
    assert refused["error"]["code"] == "unknown_cmd"
    return sorted(set(re.findall(rf"{game}\.[a-z_.]+", refused["error"]["message"]))
                  - {f"{game}.nosuchcommand"})


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
            args = {rng.choice(NAMES): rng.choice(JUNK) for _ in range(rng.randint(0, 3))}
            before = _saved(h)
            reply = h.request(cmd, **args)
            if not reply["ok"]:
                refused += 1
                assert _saved(h) == before, f"{cmd} {args} was refused but changed the box"
                assert reply["error"]["code"] in {"bad_args", "not_now", "locked"}, reply
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
