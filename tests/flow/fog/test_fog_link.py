"""The FOG over the host link: the same game as the buttons' gives the same record."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from flow.fog.drivers import PIN, BoxDriver
from flow.fog.scripts import FOUR_PLAYER_BONUSES, FOUR_PLAYER_FINAL

SETUP = {"players": 4, "hourglass": True, "boats_without_colour": True, "rescue_leaders": True,
         "events": "with_calm", "fog_cards": "standard", "rescue_achievements": "secret"}


def ok(reply: dict[str, Any]) -> dict[str, Any]:
    assert reply["ok"], reply
    return reply


def place(where: str) -> str:
    nation, spot = where.split()
    return f"pier:{nation}" if spot == "pier" else f"boat:{nation}:{spot}"


def play_over_link(t: BoxDriver, seed: int) -> dict[str, Any]:
    ask = t.harness.request
    ok(ask("game.start", game="fog"))
    ok(ask("fog.setup", **SETUP, seed=seed, pin=PIN))
    ok(ask("fog.continue"))
    for i in range(4):
        ok(ask("fog.mission.show"))
        ok(ask("fog.mission.keep", choice=1 + i % 2))
    ok(ask("fog.draft.pick", count=32))
    pink_lost = False
    while True:
        screen = ok(ask("fog.state"))["screen"]
        if screen == "turn":
            ok(ask("fog.end_turn"))
        elif screen == "show":
            ok(ask("fog.continue"))
        elif screen == "fog":
            step = t.fog.s.last_step.to_dict() if t.fog.s.last_step else {}
            losses = []
            if "A" in step.get("rows", []) and not pink_lost:
                losses = [{"owner": "pink", "row": "A", "nation": "blue", "type": "sailor"}]
                pink_lost = True
            ok(ask("fog.losses", losses=losses) if step.get("rows") else ask("fog.continue"))
        else:
            break
    for colour, islanders in FOUR_PLAYER_FINAL.items():
        entered = [{"at": place(w), "nation": n, "type": k} for w, n, k in islanders]
        ok(ask("fog.score.enter", colour=colour, islanders=entered,
               bonuses=FOUR_PLAYER_BONUSES[colour]))
    return ok(ask("fog.score.confirm"))


def test_the_link_game_gives_the_same_record(tmp_path: Path, box_game: BoxDriver) -> None:
    buttons = box_game
    linked = BoxDriver(tmp_path / "link")
    reply = play_over_link(linked, buttons.fog.s.seed)
    assert reply["result"] == buttons.fog.s.result
    by_buttons = json.loads(Path(buttons.fog.s.record_path).read_text(encoding="utf-8"))
    by_link = json.loads(Path(reply["record"]).read_text(encoding="utf-8"))
    for key in ("setup", "fog", "draws", "turns", "missions", "preparation_bonuses"):
        assert by_link[key] == by_buttons[key], key
    assert sorted(map(json.dumps, by_link["final_positions"])) == sorted(
        map(json.dumps, by_buttons["final_positions"]))


@pytest.mark.parametrize("cmd,args,code", [
    ("fog.end_turn", {}, "not_now"),                       # still on the checklist
    ("fog.setup", {"players": "four"}, "bad_args"),
    ("fog.setup", {"colour_blind": True}, "bad_args"),
    ("fog.nonsense", {}, "unknown_cmd"),
])
def test_refusals_name_the_problem(tmp_path: Path, cmd: str, args: dict[str, Any],
                                   code: str) -> None:
    t = BoxDriver(tmp_path)
    ok(t.harness.request("game.start", game="fog"))
    reply = t.harness.request(cmd, **args)
    assert not reply["ok"] and reply["error"]["code"] == code
    assert cmd.removeprefix("fog.").split(".")[0] in reply["error"]["message"]


def on_first_turn(folder: Path) -> BoxDriver:
    """A three-player game over the link, on its first turn."""
    t = BoxDriver(folder)
    ask = t.harness.request
    ok(ask("game.start", game="fog"))
    ok(ask("fog.setup", players=3, seed=7, pin=PIN))
    ok(ask("fog.continue"))
    ok(ask("fog.draft.pick", count=99))
    return t


def test_cost_answers_with_the_engines_price_and_pays_on_request(tmp_path: Path) -> None:
    t = on_first_turn(tmp_path)
    ask = t.harness.request
    price = ok(ask("fog.cost", type="sailor", characteristic="jump", move="jump"))
    assert price["mp"] == 2 and "jump characteristic" in price["reasons"][0]
    assert price["reminder"] == "on a shore Isl.: move on"
    boarding = ok(ask("fog.cost", move="boarding", zone="water", enters_boat=True))
    assert boarding["reminder"] == "shore:stern pier:side/mid"
    refused = ok(ask("fog.cost", move="cross", zone="water"))
    assert refused["allowed"] is False and "shore" in refused["reason"]
    paid = ok(ask("fog.cost", move="squeeze", pay=True))
    assert paid["mp_left"] == 7 - paid["mp"]
    ok(ask("fog.undo"))
    assert ok(ask("fog.state"))["turn"]["mp_left"] == 7


def test_a_refused_score_entry_changes_nothing(tmp_path: Path) -> None:
    t = on_first_turn(tmp_path)
    ask = t.harness.request
    ok(ask("fog.end_game"))
    colour = t.fog.s.colours[0]
    ok(ask("fog.score.enter", colour=colour, bonuses=[6],
           islanders=[{"at": "pier:blue", "nation": "blue", "type": "sailor"}]))
    before = t.lines
    reply = ask("fog.score.enter", colour=colour, bonuses=[5],
                islanders=[{"at": "pier:red", "nation": "red", "type": "sailor"},
                           {"at": "nowhere", "nation": "red", "type": "sailor"}])
    assert not reply["ok"] and reply["error"]["code"] == "bad_args"
    assert t.lines == before
    assert len(t.fog.s.final[colour]) == 1 and t.fog.s.bonuses[colour] == {"6": 1}
