"""`fogkeeper board`: every value the box assumes, corrected or confirmed once by the owner,
kept in the data folder (so it survives a reinstall)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from fogkeeper.cli import main
from fogkeeper.data.fog import OWNER_ENV, load_board


@pytest.fixture
def owner(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    monkeypatch.setenv(OWNER_ENV, str(tmp_path))
    return tmp_path


def test_the_listing_says_what_is_printed_and_what_is_assumed(
        owner: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["board", "S"]) == 0
    out = capsys.readouterr().out
    assert "values marked 'assumed' are the box's guesses" in out
    lines = {line.split()[0]: line.split()[-1] for line in out.splitlines()[1:]}
    assert lines["row_value.A"] == "printed" and lines["row_value.D"] == "assumed"
    assert lines["fog_start.3"] == "printed" and lines["fog_track.7"] == "assumed"
    assert lines["boat.blue.stern_capacity"] == "assumed"


def test_a_correction_lives_in_the_data_folder_and_is_used(
        owner: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["board", "S", "--set", "row_value.D=-5", "--set", "fog_track.3=E"]) == 0
    saved = json.loads((owner / "fog" / "boards" / "S.json").read_text())
    assert saved == {"confirmed": False, "values": {"fog_track.3": ["E"], "row_value.D": -5}}
    board = load_board("S")
    assert board.row_value["D"] == -5 and board.fog_track[3] == ("E",)
    assert "corrected" in capsys.readouterr().out
    assert main(["board", "S", "--confirm"]) == 0
    assert "checked by the owner" in capsys.readouterr().out
    assert json.loads((owner / "fog" / "boards" / "S.json").read_text())["confirmed"]


@pytest.mark.parametrize(("setting", "reason"), [
    ("row_value.Z=-3", "row_value.Z: not a value of board S"),
    ("fog_track.7=Q", "row 'Q' is not in rows"),
    ("nation_rp=four", "nation_rp: expected a whole number"),
])
def test_a_wrong_correction_is_refused_and_changes_nothing(
        owner: Path, capsys: pytest.CaptureFixture[str], setting: str, reason: str) -> None:
    assert main(["board", "S", "--set", "row_value.D=-5"]) == 0
    before = (owner / "fog" / "boards" / "S.json").read_text()
    capsys.readouterr()
    assert main(["board", "S", "--set", setting]) == 2
    err = capsys.readouterr().err
    assert reason in err and err.count("\n") == 1
    assert (owner / "fog" / "boards" / "S.json").read_text() == before


def test_the_box_points_the_owner_folder_at_its_data_dir() -> None:
    from fogkeeper.app import run

    assert f'os.environ.setdefault("{OWNER_ENV}", str(data_dir(config)))' in Path(
        run.__file__).read_text()


def test_the_board_listing_names_the_fog_speed_values_as_assumed(
        capsys: pytest.CaptureFixture[str]) -> None:
    """The rulebook prints "FOG Speed 0/2" only: the box's 0 and 2 are its guesses."""
    from fogkeeper.app import board_cmd

    assert board_cmd.main(["S"]) == 0
    listed = [line.split() for line in capsys.readouterr().out.splitlines()]
    speed = {words[0]: words[1:3] for words in listed if words and words[0] in
             ("B14", "B15", "C16", "C17")}
    assert speed == {"B14": ["0", "assumed"], "B15": ["2", "assumed"],
                     "C16": ["0", "assumed"], "C17": ["2", "assumed"]}


def test_the_listing_marks_the_values_of_solo_s001_the_rulebook_does_not_print(
        owner: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """RULINGS B-F27: S001's sheet is only paraphrased; of it the rulebook prints blue 2,
    green 5 and the two 20 RP goals. The rest is the box's placeholder."""
    assert main(["board", "S"]) == 0
    lines = {line.split()[0]: line.split(maxsplit=2)[1:] for line in
             capsys.readouterr().out.splitlines()[1:]}
    assert lines["scenario.S001.nation_mp.blue"] == ["2", "printed"]
    assert lines["scenario.S001.nation_mp.green"] == ["5", "printed"]
    assert lines["scenario.S001.minimum_crew_rp"] == ["20", "printed"]
    for key in ("fog_start", "nation_mp.red", "boat_scoring.A", "boat_scoring.D"):
        assert lines[f"scenario.S001.{key}"][1] == "assumed: copy your sheet", key
    assert not any(key.startswith("scenario.example") for key in lines)  # its own sheet


def test_a_copied_s001_value_is_used_by_the_solo_checklist(
        owner: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from fogkeeper.data.fog import load_scenarios

    assert "nation_mp.red" in load_scenarios()["S001"].assumed
    assert main(["board", "S", "--set", "scenario.S001.nation_mp.red=7"]) == 0
    sheet = load_scenarios()["S001"]
    assert sheet.nation_mp["red"] == 7 and "nation_mp.red" not in sheet.assumed
    assert "fog_start" in sheet.assumed
    assert main(["board", "S", "--confirm"]) == 0
    assert load_scenarios()["S001"].assumed == ()
    capsys.readouterr()
    assert main(["board", "S", "--set", "scenario.S001.nation_mp.pink=3"]) == 2
    assert "not a value of a solo scenario" in capsys.readouterr().err


def test_an_s001_value_no_sheet_could_hold_is_refused_and_changes_nothing(
        owner: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["board", "S", "--set", "scenario.S001.nation_mp.red=0"]) == 2
    assert "nation_mp" in capsys.readouterr().err
    assert not (owner / "fog" / "boards" / "S.json").exists()
