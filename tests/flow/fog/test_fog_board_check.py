"""The owner's board on the box: each value the box assumes for a board is shown one a
screen, confirmed or corrected once, and kept in the data folder (as `fogkeeper board`)."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from PIL import Image, ImageChops

from flow.fog.drivers import AppDriver, BoxDriver
from flow.fog.fog_table import DOWN, LEFT, OK, RIGHT, UP, B
from fogkeeper.app.board_cmd import main as board_main
from fogkeeper.data.fog import BOARD_NAMES, board_status, owner_board
from fogkeeper.flow.fog import FogFlow, board_check
from fogkeeper.flow.fog.table import FogScreen
from fogkeeper.rules.fog import assumed
from support.effects import Effects

F = FogScreen
REFERENCE = Path(__file__).resolve().parent / "reference"
UPDATE = os.environ.get("FOGKEEPER_UPDATE_REFERENCES") == "1"


@pytest.fixture
def data(empty_data: Path) -> Path:
    """No board checked yet."""
    return empty_data


def open_walk(t: AppDriver, board: str = "S") -> AppDriver:
    t.press(OK).choose("Board", board).go_to_row("Check board").press(OK)
    assert t.screen is F.BOARD
    return t


def go_to(t: AppDriver | BoxDriver, label: str) -> None:
    """OK (it matches) until the value named ``label`` is on screen."""
    for _ in range(120):
        if t.lines[1] == label:
            return
        t.press(OK)
    raise AssertionError(f"no value {label!r}")


def go_to_last(t: AppDriver | BoxDriver) -> None:
    """Down to the board's last value (down stays there)."""
    for _ in range(len(board_status(t.fog.s.board_check.board))):
        t.press(DOWN)
    assert t.lines[4] == "<> fix  OK: save"


def saved(folder: Path, board: str = "S") -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads((folder / "fog" / "boards" / f"{board}.json").read_text())
    return loaded


def test_each_value_is_shown_with_whose_word_it_is(data: Path) -> None:
    t = AppDriver()
    t.press(OK)
    assert "  Check board: assumed!" in t.lines or "> Check board: assumed!" in t.lines
    open_walk(t)
    count = len(board_status("S"))
    assert t.lines[:4] == (f"Board S [1/{count}]", "Beach rows", "A-J", "assumed: check it")
    go_to(t, "Row A: RP each")
    assert t.lines[2:4] == ("-9", "from the rulebook")
    go_to(t, "FOG on 3 swallows")
    assert t.lines[2:4] == ("E,F", "assumed: check it")
    go_to(t, "A: elder places")
    go_to(t, "Stern room")
    assert t.lines[0].startswith("Blue boat [") and t.lines[2] == "3"
    t.press(UP)
    assert t.lines[1] != "Stern room"
    t.press(DOWN)
    assert t.lines[1] == "Stern room"


def test_a_value_corrected_on_the_box_is_saved_and_used_by_the_next_game(data: Path) -> None:
    t = open_walk(AppDriver())
    go_to(t, "Row D: RP each")
    t.press(RIGHT)
    assert t.lines[2:4] == ("-5", "changed, was -6")
    assert not (data / "fog" / "boards" / "S.json").exists()   # nothing before the end
    for _ in range(120):
        if t.screen is not F.BOARD:
            break
        t.press(OK)                      # every other value matches the table
    assert t.screen is F.ASK
    assert t.lines[:4] == ("Save board S?", "Every value matches", "the board on the table.",
                           "1 changed here.")
    t.press(OK)
    assert t.screen is F.SETUP and t.lines[0].startswith("The FOG setup")
    assert "> Check board: checked" in t.lines
    assert saved(data) == {"confirmed": True, "values": {"row_value.D": -5}}
    assert ("fog.board.checked", {"board": "S", "corrected": ["row_value.D"]}) in (
        t.effects.events)
    # the same word `fogkeeper board` records, and the game uses it
    assert owner_board("S").confirmed and owner_board("S").values == {"row_value.D": -5}
    t.go_to_row("Start game").press(OK)
    assert t.fog.s.rules.board.row_value["D"] == -5


def test_walking_a_checked_board_again_shows_the_owners_word(data: Path) -> None:
    assert board_main(["S", "--set", "row_value.D=-5", "--confirm"]) == 0
    t = open_walk(AppDriver())
    assert t.lines[3] == "checked by owner"
    go_to(t, "Row D: RP each")
    assert t.lines[2:4] == ("-5", "corrected by owner")
    t.press(LEFT)                    # back to the shipped value: no correction is kept
    assert t.lines[2:4] == ("-6", "changed, was -5")
    go_to_last(t)
    t.press(OK, OK)
    assert saved(data) == {"confirmed": True, "values": {}}


def test_a_board_that_cannot_hold_a_correction_is_refused_and_nothing_is_written(
        data: Path) -> None:
    t = open_walk(AppDriver())
    go_to(t, "FOG on 9 swallows")
    t.press(LEFT)                    # the last run of the beach: row J, already on 1
    assert t.lines[2] == "J"
    go_to_last(t)
    t.press(OK)
    assert t.screen is F.NOTICE
    assert " ".join(line.lstrip("> ") for line in t.lines[1:-1]) == (
        "FOG on 1 swallows: row 'J' is swallowed twice")
    assert not (data / "fog" / "boards").exists()
    t.press(OK)
    assert t.screen is F.BOARD and t.lines[4] == "<> fix  OK: save"


def test_leaving_with_changes_asks_and_keeps_nothing(data: Path) -> None:
    t = open_walk(AppDriver())
    t.press(B)                       # nothing changed: straight back to the checklist
    assert t.screen is F.SETUP and t.cursor_label() == "Check board: assumed!"
    t.press(OK, DOWN, RIGHT)
    t.press(B)
    assert t.screen is F.ASK and t.lines[:3] == ("Leave the board?", "1 value changed",
                                                 "here are not saved.")
    t.press(B)                       # stay: the change is still on screen
    assert t.screen is F.BOARD and t.lines[3].startswith("changed")
    t.press(B, OK)
    assert t.screen is F.SETUP
    assert not (data / "fog").exists()
    t.press(OK)                      # a new walk starts afresh
    assert t.lines[:4] == (t.lines[0], "Beach rows", "A-J", "assumed: check it")


class FullDisk(Effects):
    def keep_board(self, name: str, confirmed: bool, values: dict[str, Any]) -> bool:
        return False


def test_a_disk_that_refuses_the_save_is_said_and_the_walk_is_kept(data: Path) -> None:
    t = open_walk(AppDriver(effects=FullDisk()))
    t.press(OK, RIGHT)
    go_to_last(t)
    t.press(OK, OK)
    assert t.screen is F.NOTICE
    assert "board S not saved" in " ".join(t.lines)
    t.press(OK)
    assert t.screen is F.ASK            # OK tries again, B goes back to the values
    t.press(B)
    assert t.screen is F.BOARD and t.fog.s.board_check.changed == {"row_value.A": "-8"}


def test_a_walk_cut_by_a_power_loss_comes_back_where_it_was(data: Path) -> None:
    t = open_walk(AppDriver())
    go_to(t, "FOG on 3 swallows")
    t.press(RIGHT)
    before = t.lines
    game = t.fog
    again = FogFlow(game.context)
    again.restore(json.loads(json.dumps(game.snapshot())))
    assert again.screen is F.BOARD
    assert again.frame(0.0).lines == before


@pytest.mark.parametrize("board", BOARD_NAMES)
def test_every_value_of_every_board_can_be_walked_and_changed(data: Path, board: str) -> None:
    """Left and right on each value give a value of its kind, and back again."""
    check = board_check.BoardCheck(board=board)
    values = board_check.walk(check)
    assert [v.key for v in values] == [v.key for v, _ in board_status(board)]
    for at, shown in enumerate(values):
        check.at = at
        board_check.change(check, +1)
        board_check.change(check, -1)
        assert board_check.current(check).value == shown.value and not check.changed
        assert board_check.label(shown.key)
        assert assumed.parse_value(shown.key, board_check.text_form(shown.value)) == (
            shown.value)


def test_the_walk_matches_its_reviewed_picture(data: Path) -> None:
    """A corrected value, as the owner sees it (also the picture in the docs)."""
    t = open_walk(AppDriver())
    go_to(t, "Row D: RP each")
    t.press(RIGHT)
    path = REFERENCE / "board.png"
    if UPDATE:
        t.image.save(path)
    reference = Image.open(path).convert("1")
    assert ImageChops.logical_xor(t.image.convert("1"), reference).getbbox() is None


def test_a_whole_box_writes_the_board_where_fogkeeper_board_reads_it(
        empty_data: Path) -> None:
    """On mock pins and the dummy display, the link watching: the save is on disk before the
    box says so, and the file is the one the command line reads."""
    tmp_path = empty_data
    t = BoxDriver(tmp_path)
    t.go_to_row("The FOG").press(OK)
    t.press(OK).go_to_row("Check board").press(OK)
    t.press(OK, OK, OK, OK)
    assert t.harness.request("press", button="right")["ok"]   # the host may drive it too
    shown = t.harness.request("screen")                        # board data is no secret
    assert shown["lines"][1:4] == ["Row D: RP each", "-5", "changed, was -6"]
    assert "png" in shown and not t.harness.box.frame.private   # type: ignore[union-attr]
    go_to_last(t)
    t.press(OK)
    assert t.lines[0] == "Save board S?"
    assert not (tmp_path / "fog" / "boards").exists()
    on_disk_when_sent: list[bool] = []
    send = t.harness.link.send

    def watching(line: bytes, host: int | None = None) -> None:
        if b"fog.board.checked" in line:
            on_disk_when_sent.append((tmp_path / "fog" / "boards" / "S.json").is_file())
        send(line, host)

    t.harness.link.send = watching  # type: ignore[method-assign]
    t.press(OK)
    assert on_disk_when_sent == [True]
    assert saved(tmp_path) == {"confirmed": True, "values": {"row_value.D": -5}}
    assert t.harness.link.events("fog.board.checked") == [
        {"event": "fog.board.checked", "board": "S", "corrected": ["row_value.D"]}]
    assert "> Check board: checked" in t.lines
