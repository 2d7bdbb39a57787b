"""The checklist's Past games and the owner's board walk-through over the link: the same
records and the same walk the box's screens use, every reply a line, a refusal changing
nothing, the owner's file written before the host hears of it."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from flow.fog.drivers import AppDriver, BoxDriver
from flow.fog.fog_table import DOWN, OK, RIGHT
from fogkeeper.data.fog import OWNER_ENV, board_status, owner_board
from fogkeeper.data.fog_history import past_games, solo_bests
from fogkeeper.flow.fog import board_check
from fogkeeper.flow.fog.link import BOARD_PAGE, HISTORY_PAGE
from fogkeeper.flow.fog.table import FogScreen
from fogkeeper.link.protocol import MAX_LINE_BYTES

F = FogScreen
DATA = Path(__file__).resolve().parents[2] / "data" / "fog"


def ok(reply: dict[str, Any]) -> dict[str, Any]:
    assert reply["ok"], reply
    return reply


def refused(reply: dict[str, Any], code: str) -> str:
    assert not reply["ok"] and reply["error"]["code"] == code, reply
    message: str = reply["error"]["message"]
    return message


def on_checklist(folder: Path) -> BoxDriver:
    t = BoxDriver(folder)
    ok(t.harness.request("game.start", game="fog"))
    assert t.fog.screen is F.SETUP
    return t


def every_line_fits(t: BoxDriver) -> None:
    sent = [json.dumps(line, separators=(",", ":"), ensure_ascii=False).encode()
            for line in t.harness.link.lines]
    assert max(len(line) + 1 for line in sent) <= MAX_LINE_BYTES


# ---- past games ------------------------------------------------------------------------------
def write_records(data: Path, count: int, solo: int = 0) -> None:
    """``count`` multiplayer games, one a day from 2026-01-01, then ``solo`` solo games."""
    (data / "records").mkdir(parents=True, exist_ok=True)
    for day in range(count + solo):
        month, date = divmod(day, 28)
        example = "multiplayer_example.json" if day < count else "solo_example.json"
        shutil.copy(DATA / example, data / "records" / f"fog-{2026 + month // 12}"
                    f"{month % 12 + 1:02d}{date + 1:02d}-201500.json")


def test_past_games_page_by_page_as_the_box_reads_them(empty_data: Path) -> None:
    write_records(empty_data, 9, solo=2)
    (empty_data / "records" / "fog-20270101-100000.json").write_text("{broken")
    t = on_checklist(empty_data / "box")
    first = ok(t.harness.request("fog.history"))
    assert (first["page"], first["pages"], first["games_total"]) == (1, 3, 12)
    assert len(first["games"]) == HISTORY_PAGE
    assert first["games"][0]["date"] == "2027-01-01 10:00"      # newest first, as the screen
    assert first["games"][0]["problem"].startswith("fog-20270101-100000.json: ")
    assert first["games"][1]["mode"] == "solo" and first["games"][1]["scores"] == [
        ["Solo", 42]]
    assert first["solo_best"] == [{"scenario": "rulebook example", "board": "S", "score": 42,
                                   "level": "Guardian Apprentice", "games": 2}]
    pages = [first] + [ok(t.harness.request("fog.history", page=n)) for n in (2, 3)]
    listed = [g["date"] for p in pages for g in p["games"]]
    read = [g.date for g in reversed(past_games(empty_data))]      # one reading, no copy
    assert listed == read and len(set(listed)) == 12
    last = pages[-1]["games"][-1]
    assert last["winners"] == ["Pink"] and ["Black", 20] in last["scores"]
    assert pages[2]["solo_best"] == []
    assert t.fog.screen is F.SETUP                              # read only: nothing moved
    every_line_fits(t)


def test_a_page_past_the_last_is_refused_naming_how_many_there_are(empty_data: Path) -> None:
    write_records(empty_data, 5)
    t = on_checklist(empty_data / "box")
    assert "2 pages (5 games recorded)" in refused(t.harness.request("fog.history", page=3),
                                                   "bad_args")
    refused(t.harness.request("fog.history", page=0), "bad_args")
    refused(t.harness.request("fog.history", page="2"), "bad_args")
    empty = ok(t.harness.request("fog.history", page=2))
    assert len(empty["games"]) == 1


def test_no_past_game_is_one_empty_page(empty_data: Path) -> None:
    t = on_checklist(empty_data / "box")
    reply = ok(t.harness.request("fog.history"))
    assert (reply["pages"], reply["games"], reply["solo_best"]) == (1, [], [])


def test_the_longest_records_still_fit_a_line_a_page(empty_data: Path) -> None:
    """A hand-written record with six long names, a long scenario and a long problem: a page
    of them is still a line (long words cut, never the page)."""
    example = json.loads((DATA / "multiplayer_example.json").read_text())
    (empty_data / "records").mkdir()
    for n in range(HISTORY_PAGE * 2):
        record = json.loads(json.dumps(example))
        for i, player in enumerate(record["players"]):
            player["name"] = f"{i}" + "\u00e9" * 200
        path = empty_data / "records" / f"fog-20260{n + 1}01-201500{'x' * 150}.json"
        path.write_text(json.dumps(record))
    (empty_data / "records" / ("fog-20250101-101010" + "y" * 200 + ".json")).write_text("[")
    t = on_checklist(empty_data / "box")
    for page in (1, 2, 3):
        reply = ok(t.harness.request("fog.history", page=page))
        assert reply["games"]
    every_line_fits(t)


def test_past_games_carry_no_secret(empty_data: Path) -> None:
    """A record's missions, seed and draws are not in the history: only what `fogkeeper
    history` prints (public results)."""
    write_records(empty_data, 1, solo=1)
    t = on_checklist(empty_data / "box")
    reply = ok(t.harness.request("fog.history"))
    for game in reply["games"]:
        assert set(game) == {"date", "board", "mode", "scenario", "scores", "winners",
                             "level", "problem"}
    assert reply["solo_best"] == [
        {"scenario": b.scenario, "board": b.board, "score": b.score, "level": b.level,
         "games": b.games} for b in solo_bests(past_games(empty_data))]


# ---- the owner's board -----------------------------------------------------------------------
def joystick_walk(data: Path) -> dict[str, Any]:
    """On the box: Row D one up, the first boat's Stern room one up, every other value
    OK'd, saved."""
    board_check.forget()
    t = AppDriver()
    t.press(OK).choose("Board", "S").go_to_row("Check board").press(OK)
    for label in ("Row D: RP each", "Stern room"):
        while t.lines[1] != label:
            t.press(OK)
        t.press(RIGHT)
    while t.screen is F.BOARD:
        t.press(OK)
    t.press(OK)
    assert t.screen is F.SETUP
    loaded: dict[str, Any] = json.loads((data / "fog" / "boards" / "S.json").read_text())
    return loaded


def test_the_link_walk_leaves_the_same_owner_file_as_the_joystick(
        empty_data: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    by_joystick = joystick_walk(empty_data)
    linked = empty_data / "linked"
    monkeypatch.setenv(OWNER_ENV, str(linked))
    board_check.forget()
    t = on_checklist(linked / "box")
    ask = t.harness.request
    opened = ok(ask("fog.board.open", board="S"))
    assert opened["screen"] == "board" and opened["changed"] == []
    assert opened["values_total"] == len(board_status("S"))
    walk = ok(ask("fog.board"))
    assert walk["values"][0] == {"key": "rows", "group": "", "label": "Beach rows",
                                 "value": "A,B,C,D,E,F,G,H,I,J", "shown": "A-J",
                                 "what": "assumed", "status": "assumed: check it"}
    d = ok(ask("fog.board.set", key="row_value.D", value="-5"))["value"]
    assert (d["value"], d["status"]) == ("-5", "changed, was -6")
    assert t.fog.s.board_check.changed == {"row_value.D": "-5"}
    stern = next(v for p in range(1, walk["pages"] + 1)
                 for v in ok(ask("fog.board", page=p))["values"] if v["label"] == "Stern room")
    assert stern["group"] == "Blue boat"
    ok(ask("fog.board.set", key=stern["key"], value=str(int(stern["value"]) + 1)))
    assert not (linked / "fog").exists()                 # nothing before the save
    saved = ok(ask("fog.board.save"))
    assert saved["screen"] == "setup"
    assert saved["corrected"] == sorted(["row_value.D", stern["key"]])
    assert json.loads((linked / "fog" / "boards" / "S.json").read_text()) == by_joystick
    assert owner_board("S").confirmed
    events = [line for line in t.harness.link.lines if line.get("event") == "fog.board.checked"]
    assert len(events) == 1 and events[0]["corrected"] == saved["corrected"]
    every_line_fits(t)


def test_confirming_a_board_as_it_stands_over_the_link(empty_data: Path) -> None:
    t = on_checklist(empty_data / "box")
    ok(t.harness.request("fog.board.open"))
    assert ok(t.harness.request("fog.board.save"))["corrected"] == []
    assert json.loads((empty_data / "fog" / "boards" / "S.json").read_text()) == {
        "confirmed": True, "values": {}}
    assert t.lines[0].startswith("The FOG setup") and any(
        "Check board: checked" in line for line in t.lines)


def test_setting_a_value_back_is_no_change_and_drop_keeps_nothing(empty_data: Path) -> None:
    t = on_checklist(empty_data / "box")
    ask = t.harness.request
    ok(ask("fog.board.open", board="M"))
    was = ok(ask("fog.board.set", key="row_value.D", value="-3"))["value"]["status"]
    shipped = was.removeprefix("changed, was ")
    back = ok(ask("fog.board.set", key="row_value.D", value=shipped))
    assert back["changed"] == [] and back["value"]["value"] == shipped
    ok(ask("fog.board.set", key="row_value.D", value="-3"))
    dropped = ok(ask("fog.board.drop"))
    assert dropped == {"id": dropped["id"], "ok": True, "screen": "setup", "board": "M",
                       "dropped": ["row_value.D"]}
    assert not (empty_data / "fog").exists()
    ok(ask("fog.board.open"))                                 # a new walk starts afresh
    assert ok(ask("fog.board"))["changed"] == [] and t.fog.s.setup["board"] == "M"


@pytest.mark.parametrize("key,value,words", [
    ("row_value.Z", "-5", "no value 'row_value.Z'"),
    ("row_value.D", "five", "expected a whole number"),
    ("row_value.D", "3", "Row D: RP each: a whole number -99 to 0"),
    ("fog_track.3", "A,J", "neighbouring rows"),
    ("rows", "A,B", "rows A-C to A-P"),
])
def test_a_value_the_walk_cannot_show_is_refused_and_nothing_changes(
        empty_data: Path, key: str, value: str, words: str) -> None:
    t = on_checklist(empty_data / "box")
    ok(t.harness.request("fog.board.open"))
    t.press(DOWN)
    before = t.lines
    assert words in refused(t.harness.request("fog.board.set", key=key, value=value),
                            "bad_args")
    assert t.fog.s.board_check.changed == {} and t.lines == before


def test_a_board_that_cannot_hold_the_corrections_is_refused_and_the_walk_stays(
        empty_data: Path) -> None:
    t = on_checklist(empty_data / "box")
    ask = t.harness.request
    ok(ask("fog.board.open"))
    ok(ask("fog.board.set", key="fog_track.9", value="J"))   # row J is already on 1
    t.press(DOWN)
    before = t.lines
    message = refused(ask("fog.board.save"), "bad_args")
    assert message == "fog.board.save: FOG on 1 swallows: row 'J' is swallowed twice"
    assert t.fog.screen is F.BOARD and t.lines == before
    assert t.fog.s.board_check.changed == {"fog_track.9": "J"}
    assert not (empty_data / "fog").exists()
    assert not any(line.get("event") == "fog.board.checked" for line in t.harness.link.lines)


def test_a_disk_that_refuses_the_save_is_said_and_the_walk_stays(empty_data: Path) -> None:
    (empty_data / "fog").mkdir()
    (empty_data / "fog" / "boards").write_text("not a folder")
    t = on_checklist(empty_data / "box")
    ask = t.harness.request
    ok(ask("fog.board.open"))
    ok(ask("fog.board.set", key="row_value.D", value="-5"))
    before = t.lines
    assert "board S not saved" in refused(ask("fog.board.save"), "bad_args")
    assert t.fog.screen is F.BOARD and t.lines == before
    assert t.fog.s.board_check.changed == {"row_value.D": "-5"}
    assert not any(line.get("event") == "fog.board.checked" for line in t.harness.link.lines)


def test_the_walk_commands_wait_for_their_screens(empty_data: Path) -> None:
    t = on_checklist(empty_data / "box")
    for cmd in ("fog.board", "fog.board.set", "fog.board.save", "fog.board.drop"):
        args = {"key": "rows", "value": "A,B,C"} if cmd == "fog.board.set" else {}
        refused(t.harness.request(cmd, **args), "not_now")
    refused(t.harness.request("fog.board.open", board="X"), "bad_args")
    assert t.fog.s.setup["board"] == "S" and t.fog.screen is F.SETUP
    ok(t.harness.request("fog.board.open"))
    refused(t.harness.request("fog.board.open"), "not_now")


def test_every_page_of_every_board_is_a_line(empty_data: Path) -> None:
    t = on_checklist(empty_data / "box")
    for board in ("S", "F", "M", "L"):
        ok(t.harness.request("fog.board.open", board=board))
        total = ok(t.harness.request("fog.board"))
        assert total["pages"] == -(-total["values_total"] // BOARD_PAGE)
        keys = [v["key"] for p in range(1, total["pages"] + 1)
                for v in ok(t.harness.request("fog.board", page=p))["values"]]
        assert keys == [v.key for v, _ in board_status(board)]
        ok(t.harness.request("fog.board.drop"))
    every_line_fits(t)
