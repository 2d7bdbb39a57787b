"""Solo S001's sheet as the table plays it (issue 25, finding 3): the values the rulebook
does not print (RULINGS B-F27) are shown as assumed on the checklist and the setup screen,
the rescue level says which values it rests on, and a link setup relying on them says so."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from flow.fog.drivers import AppDriver
from flow.fog.fog_table import OK, RIGHT
from fogkeeper.app.score_cmd import main as score_main
from fogkeeper.flow.fog import scoring
from fogkeeper.flow.fog.table import FogScreen

F = FogScreen
RED = "scenario.S001.nation_mp.red"


@pytest.fixture(autouse=True)
def owner(empty_data: Path) -> Path:
    """No owner's word on board S (so none on S001), the box's caches read again."""
    return empty_data


def on_s001() -> AppDriver:
    t = AppDriver()
    t.press(OK).choose("Mode", "solo").choose("Scenario", "S001")
    return t


def row(t: AppDriver, label: str) -> str:
    t.go_to_row(label)
    return next(line for line in t.lines if label in line)


def test_the_checklist_marks_what_the_rulebook_does_not_print() -> None:
    t = on_s001()
    assert "assumed" not in row(t, "MP blue") and "2" in row(t, "MP blue")
    assert "5 assumed" in row(t, "MP red")
    assert "9 assumed" in row(t, "FOG start")
    t.choose("MP red", "4")           # copied from the sheet: entered, no longer assumed
    assert "assumed" not in row(t, "MP red")


def test_the_setup_screen_says_copy_your_sheet() -> None:
    t = on_s001()
    t.go_to_row("Start game").press(OK)
    assert t.screen is F.VALUES              # the sheet's Boat Scorings, to check
    assert any("Area A" in line and "6 assumed" in line for line in t.lines)
    t.go_to_row("Done").press(OK)
    assert t.screen is F.INFO
    shown = t.lines
    assert any("copy your sheet" in line or "copy sheet" in line for line in shown)
    assert any("MP red" in line and "assumed" in line for line in shown)


def test_the_record_and_the_level_say_which_values_were_assumed(tmp_path: Path,
                                                                capsys: pytest.CaptureFixture[str]
                                                                ) -> None:
    t = on_s001()
    t.choose("1 Hourglass", "off").choose("Events deck", "off").choose("FOG cards", "off")
    t.go_to_row("Start game").press(OK)
    t.go_to_row("Done").press(OK)
    record = scoring.build_record(t.fog.s)
    assert RED in record["solo"]["assumed"]
    assert "scenario.S001.boat_scoring.A" in record["solo"]["assumed"]
    assert "scenario.S001.nation_mp.blue" not in record["solo"]["assumed"]   # printed
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record))
    score_main([str(path), "--lenient"])
    out = capsys.readouterr().out
    assert "Rescue level:" in out and "assumed: copy your sheet" in out and "MP red" in out


def test_a_link_setup_relying_on_assumed_values_says_so() -> None:
    t = AppDriver()
    t.press(OK)
    reply = t.fog.commands.call(t.fog, "setup", {"mode": "solo", "scenario": "S001"})
    assert RED in reply["assumed"] and "scenario.S001.fog_start" in reply["assumed"]
    assert "copy your sheet" in reply["note"]
    again = AppDriver()
    again.press(OK)
    given = {"mode": "solo", "scenario": "S001", "nation_mp": {"blue": 2, "green": 5, "red": 6},
             "fog_start": 10, "values": {"area.A": 7, "area.B": 6, "area.C": 5, "area.D": 3}}
    reply = again.fog.commands.call(again.fog, "setup", given)
    assert "assumed" not in reply


def test_the_results_screen_says_which_values_the_level_rests_on() -> None:
    t = AppDriver()
    t.press(OK)

    def call(name: str, args: dict[str, object] | None = None) -> dict[str, object]:
        return dict(t.fog.commands.call(t.fog, name, args or {}))

    call("setup", {"mode": "solo", "scenario": "S001", "hourglass": False})
    call("continue")
    call("end_game")
    call("score.enter", {"colour": "solo", "islanders": []})
    result = call("score.confirm")["result"]
    assert isinstance(result, dict) and RED in result["level_assumed"]
    assert t.screen is F.RESULTS
    shown = " ".join(t.lines)
    assert "Guardian Apprentice" in shown and "on assumed values" in shown
    assert "FOG start" in shown and "Area A-D" in shown


def test_the_sheet_copied_in_the_board_walk_is_no_longer_assumed() -> None:
    t = AppDriver()
    t.press(OK).choose("Board", "S").go_to_row("Check board").press(OK)
    for _ in range(120):
        if t.lines[0].startswith("Solo S001") and t.lines[1] == "MP red":
            break
        t.press(OK)
    assert t.lines[3] == "assumed: copy sheet"
    t.press(RIGHT)                        # the sheet says 6
    while t.screen is F.BOARD:
        t.press(OK)                       # every other value matches the sheet and board
    t.press(OK)                           # save: corrected and checked
    assert t.screen is F.SETUP
    t.choose("Mode", "solo").choose("Scenario", "S001")
    assert row(t, "MP red").endswith("6") and "assumed" not in row(t, "FOG start")
    t.go_to_row("Start game").press(OK)
    t.go_to_row("Done").press(OK)
    assert t.screen is F.INFO and not any("assumed" in line for line in t.lines[2:])
    assert scoring.build_record(t.fog.s)["solo"].get("assumed") is None
