"""`fogkeeper history`: the past games the box recorded, and the best solo score per scenario."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from fogkeeper.cli import main
from fogkeeper.data.fog import OWNER_ENV
from fogkeeper.data.fog_history import history_lines, past_games

DATA = Path(__file__).resolve().parents[2] / "data" / "fog"


@pytest.fixture(autouse=True)
def _restored_env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """--data sets the data folder for the process: put it back after each test."""
    monkeypatch.setenv(OWNER_ENV, str(tmp_path / "elsewhere"))


def test_history_lists_games_and_the_best_solo_score(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    records = tmp_path / "records"
    records.mkdir()
    shutil.copy(DATA / "multiplayer_example.json", records / "fog-20261201-201500.json")
    shutil.copy(DATA / "solo_example.json", records / "fog-20261130-190000.json")
    worse = json.loads((DATA / "solo_example.json").read_text())
    worse["final_positions"] = worse["final_positions"][:3]
    (records / "fog-20261129-180000.json").write_text(json.dumps(worse))
    (records / "fog-20261128-170000.json").write_text("{broken")
    assert main(["history", "--data", str(tmp_path)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[1].startswith("2026-11-28 17:00") and "not scored" in out[1]
    assert out[-4].startswith("2026-12-01 20:15  S ") and out[-4].endswith("Pink")
    assert "Black 20" in out[-4] and "Pink 30" in out[-4]
    assert out[-1] == "  rulebook example (board S): 42 RP, Guardian Apprentice (2 games)"
    assert main(["history", "--data", str(tmp_path), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [g["date"] for g in data["games"]][-1] == "2026-12-01 20:15"
    assert data["solo_best"][0]["score"] == 42


def test_no_history_yet(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["history", "--data", str(tmp_path)]) == 0
    assert "No game of The FOG recorded yet" in capsys.readouterr().out


def test_the_box_lists_the_history_newest_first_never_cut(tmp_path: Path) -> None:
    records = tmp_path / "records"
    records.mkdir()
    shutil.copy(DATA / "multiplayer_example.json", records / "fog-20261201-201500.json")
    shutil.copy(DATA / "solo_example.json", records / "fog-20261130-190000.json")
    lines = history_lines(past_games(tmp_path))
    assert lines[:2] == ["12-01 S Pink 30", "11-30 S solo 42"]
    assert " ".join(lines[2:]) == "best rulebook example: 42 (Guardian Apprentice)"
    assert all(len(line) <= 21 for line in lines)


def test_a_long_history_reads_each_board_once(tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """Past games on the box and `fogkeeper history` re-score every record: the boards and
    decks (seven TOML files) are read once for the whole list, not once a record."""
    from fogkeeper.data import fog_history

    records = tmp_path / "records"
    records.mkdir()
    for i in range(30):
        shutil.copy(DATA / "multiplayer_example.json", records / f"fog-20261201-{i:06d}.json")
        shutil.copy(DATA / "solo_example.json", records / f"fog-20261130-{i:06d}.json")
    read: list[str] = []
    real = fog_history.load_rules
    monkeypatch.setattr(fog_history, "load_rules", lambda board: read.append(board) or
                        real(board))
    games = past_games(tmp_path)
    assert len(games) == 60 and not any(g.problem for g in games)
    assert sorted(read) == sorted(set(read))  # each board once
