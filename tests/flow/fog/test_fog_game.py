"""Whole games of The FOG played with the buttons: screens, the final score, the record file."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from PIL import Image, ImageChops

from flow.fog.drivers import AppDriver, BoxDriver
from flow.fog.scripts import (
    FOUR_PLAYER_BONUSES,
    FOUR_PLAYER_FINAL,
    Driver,
    solo_game,
)
from fogkeeper.app import score_cmd
from fogkeeper.flow.fog.table import FogScreen
from fogkeeper.rules.fog import load_record, score_record
from fogkeeper.rules.fog.scoring import EMPTY_BOAT_RP, LEADER_OWN_PLACE_RP

REFERENCE = Path(__file__).resolve().parent / "reference"
UPDATE = os.environ.get("FOGKEEPER_UPDATE_REFERENCES") == "1"
DATA = Path(__file__).resolve().parents[2] / "data" / "fog"
KEY_SCREENS = ("setup", "info", "pass", "draft", "turn", "cost", "fog", "losses", "pick",
               "score", "bonus", "review", "results", "detail")


def play(t: Driver, steps: list[Any]) -> Driver:
    for step in steps:
        step(t)
    return t


def the_record(t: BoxDriver) -> tuple[Path, dict[str, Any]]:
    records = sorted((Path(t.harness.config.storage.data_dir) / "records").glob("fog-*.json"))
    assert len(records) == 1
    return records[0], json.loads(records[0].read_text(encoding="utf-8"))


def test_the_game_ends_on_the_results_with_the_ranking(box_game: BoxDriver) -> None:
    result = box_game.fog.s.result
    assert box_game.fog.screen is FogScreen.RESULTS and result is not None
    ranked = sorted(result["players"], key=lambda p: p["rank"])
    assert box_game.lines[1] == f"> 1. {ranked[0]['name']}: {ranked[0]['score']}"
    assert ranked[0]["name"] in result["winners"]


def expected_totals(record: dict[str, Any]) -> dict[str, int]:
    """Each colour's total from what the script entered, worked out by hand per category."""
    area = record["setup"]["boat_scoring"]
    leaders = {(x["nation"], x["type"]) for x in record["setup"]["leaders"]}
    nation_rp = 4
    lost_row_a = -9
    totals = {}
    for colour, islanders in FOUR_PLAYER_FINAL.items():
        boats = {where.split()[0] for where, _, _ in islanders if "pier" not in where}
        own = sum(nation_rp for where, nation, _ in islanders
                  if "pier" not in where and where.split()[0] == nation)
        areas = sum(area[where.split()[1]] for where, _, _ in islanders if "pier" not in where)
        empty = EMPTY_BOAT_RP * (3 - len(boats))
        leader = sum(LEADER_OWN_PLACE_RP for where, nation, kind in islanders
                     if (nation, kind) in leaders and where.split()[0] == nation)
        lost = lost_row_a if colour == "pink" else 0
        if colour == "pink" and ("blue", "sailor") in leaders:
            leader -= 5
        totals[colour] = own + areas + empty + leader + lost + sum(FOUR_PLAYER_BONUSES[colour])
    return totals


def test_the_scores_follow_from_what_the_table_entered(box_game: BoxDriver) -> None:
    _, record = the_record(box_game)
    result = box_game.fog.s.result
    assert result is not None
    totals = {c: v["total"] for c, v in result["colours"].items()}
    assert totals == expected_totals(record)
    assert {"hourglass", "boats_without_colour", "rescue_leaders"} <= {
        k for k, v in record["options"].items() if v is True}
    assert record["options"]["events"] == "with_calm"
    assert record["options"]["fog_cards"] == "standard"


def test_fogkeeper_score_on_the_record_gives_the_screen_result(
        box_game: BoxDriver, capsys: pytest.CaptureFixture[str]) -> None:
    path, record = the_record(box_game)
    assert record["format"] == "fogkeeper-fog-record"
    assert len(record["final_positions"]) == 1 + sum(len(x) for x in FOUR_PLAYER_FINAL.values())
    assert score_cmd.main([str(path), "--json"]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert printed == box_game.fog.s.result


def test_the_record_keeps_the_history(box_game: BoxDriver) -> None:
    _, record = the_record(box_game)
    steps = record["fog"]["steps"]
    assert steps[0]["from"] == record["fog"]["start"]
    assert steps[-1]["to"] == record["fog"]["final"]
    assert len(record["draws"]["events"]) == record["turns"]["rounds"]
    assert any(s["card"] for s in steps)  # the FOG cards drove the end of the track
    assert len(record["missions"]["held"]) == 4


@pytest.mark.parametrize("name", KEY_SCREENS)
def test_key_screens_match_their_reviewed_pictures(box_game: BoxDriver, name: str) -> None:
    image = box_game.shots[name]
    path = REFERENCE / f"{name}.png"
    if UPDATE:
        REFERENCE.mkdir(exist_ok=True)
        image.save(path)
    reference = Image.open(path).convert("1")
    diff = ImageChops.logical_xor(image.convert("1"), reference).getbbox()
    assert diff is None, f"{name} differs from {path.name} in the box {diff}"


def test_the_solo_game_scores_like_the_rulebook_example() -> None:
    t = play(AppDriver(), solo_game())
    result = t.fog.s.result
    assert result is not None and t.fog.screen is FogScreen.RESULTS
    example = score_record(load_record((DATA / "solo_example.json").read_text()),
                           t.fog.s.rules).to_dict()
    assert result["colours"]["solo"] == example["colours"]["solo"]
    assert result["level"] == example["level"]
    assert t.lines[2] == f"  {example['level']}"
    record = t.effects.records[-1]
    assert record["mode"] == "solo"
    assert record["setup"]["nation_mp"] == {"blue": 5, "green": 5, "red": 5}


def test_solo_turns_are_nation_turns_with_nation_mp() -> None:
    t = play(AppDriver(), solo_game()[:3])
    assert t.fog.screen is FogScreen.TURN
    assert t.lines[1] == "BLUE" and t.lines[2].startswith("MP 5/5")
