"""`fogkeeper score` end to end on record files: table, JSON, refusals, --lenient."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from fogkeeper.app.score_cmd import main


def test_multiplayer_example_table(data_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main([str(data_dir / "multiplayer_example.json")]) == 0
    out = capsys.readouterr().out
    total = next(line for line in out.splitlines() if line.startswith("Total"))
    assert total.split()[1:] == ["20", "30", "22"]
    assert "Winner: Pink" in out


def test_multiplayer_example_json(data_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main([str(data_dir / "multiplayer_example.json"), "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert {c: v["total"] for c, v in result["colours"].items()} == {
        "black": 20, "pink": 30, "yellow": 22}
    assert result["colours"]["black"] == {"own_nation": 4, "boat_areas": 9, "lost": -3,
                                          "preparation": 10, "total": 20}
    assert {p["name"]: p["rank"] for p in result["players"]} == {"Pink": 1, "Yellow": 2,
                                                                 "Black": 3}
    assert result["winners"] == ["Pink"]


def test_solo_example(data_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main([str(data_dir / "solo_example.json"), "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["players"][0]["score"] == 42
    assert result["level"] == "Guardian Apprentice"


@pytest.mark.parametrize(("name", "reason"), [
    ("refused_two_in_one_place.json", "two Islanders in one productive place: boat red Area B"),
    ("refused_lost_in_unreached_row.json", "lost in row G, but the FOG (from 10 to 3)"),
    ("refused_bonus_not_in_stacks.json", "1 bonus(es) of 1 taken, the stacks in play hold 0"),
])
def test_rule_breaking_records_are_refused(
    data_dir: Path, capsys: pytest.CaptureFixture[str], name: str, reason: str
) -> None:
    assert main([str(data_dir / name)]) == 2
    captured = capsys.readouterr()
    assert reason in captured.err and "Traceback" not in captured.err
    assert captured.out == ""
    assert main([str(data_dir / name), "--lenient"]) == 0
    out = capsys.readouterr().out
    assert "Warnings (scored anyway)" in out and reason in out


@pytest.mark.parametrize(("text", "reason"), [
    ("{not json", "not valid JSON (line 1"),
    ('{"format": "other"}', "expected format 'fogkeeper-fog-record'"),
    ('{"format": "fogkeeper-fog-record", "version": 1, "board": "S", "players": [], '
     '"fog": {"start": 9, "final": 0}, "final_positions": []}', "at least one player"),
    ('{"format": "fogkeeper-fog-record", "version": 1, "board": "S", '
     '"players": [{"name": "A", "colours": ["red"]}], "fog": {"start": 9, "final": 0}, '
     '"final_positions": [{"nation": "red", "type": "sailor", "owner": "red", '
     '"at": "boat:red:E"}]}', "final_positions[0].at: 'boat:red:E' is not one of"),
    ('{"format": "fogkeeper-fog-record", "version": 1, "board": "X", '
     '"players": [{"name": "A", "colours": ["red"]}], "fog": {"start": 9, "final": 0}, '
     '"final_positions": []}', "board 'X': choose one of S, F, M, L"),
])
def test_malformed_records_get_one_clear_message(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, reason: str
) -> None:
    path = tmp_path / "record.json"
    path.write_text(text)
    assert main([str(path)]) == 2
    err = capsys.readouterr().err
    assert reason in err and err.count("\n") == 1


def test_missing_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main([str(tmp_path / "nope.json")]) == 2
    said = f"fogkeeper score: cannot read {tmp_path / 'nope.json'}: No such file or directory\n"
    assert capsys.readouterr().err == said  # worded as `maze check` words it
