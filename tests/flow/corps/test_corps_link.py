"""A Fog chapter over the host link, on a whole box (mock pins, dummy display, recorded link)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from flow.corps.corps_table import shuffled_key
from fogkeeper.rules import corps
from fogkeeper.rules.corps import AnswerKey
from support.box import BoxHarness

KEY = shuffled_key(17, map_id=5)
FREE = [slot for slot in corps.SLOTS if slot != KEY.water_slot]
KEY_TEXT = corps.format_key_file([KEY, shuffled_key(4, map_id=6)])


@pytest.fixture
def box(tmp_path: Path) -> BoxHarness:
    h = BoxHarness(tmp_path, security={"pin": "4711"})
    assert h.request("game.start", game="corps")["ok"]
    return h


def ok(h: BoxHarness, cmd: str, **args: Any) -> dict[str, Any]:
    reply = h.request(cmd, **args)
    assert reply["ok"], reply
    return reply


def refused(h: BoxHarness, cmd: str, **args: Any) -> tuple[str, str]:
    reply = h.request(cmd, **args)
    assert not reply["ok"], reply
    return reply["error"]["code"], reply["error"]["message"]


def seal(h: BoxHarness) -> dict[str, Any]:
    return ok(h, "corps.key", pin="4711", key=KEY_TEXT, map=5)


def fill(h: BoxHarness, key: AnswerKey = KEY) -> None:
    for slot in FREE:
        ok(h, "corps.guess", op="place", token=key.answer(slot).value, slot=slot)


def test_a_chapter_over_the_link_from_key_to_verdict(box: BoxHarness) -> None:
    sealed = seal(box)
    assert (sealed["key"], sealed["map"], sealed["water_slot"]) == ("sealed", 5, KEY.water_slot)
    assert sealed["screen"] == "sealed" and box.lines[0] == "Key sealed"
    assert box.link.events("corps.sealed")[0]["water_slot"] == KEY.water_slot
    fill(box)
    for _ in range(3):
        ok(box, "corps.track", event="tipi")
    ok(box, "corps.track", event="water", delta=2)
    ok(box, "corps.track", event="monster", card="Monster 2", terrain="swamp")
    assert ok(box, "corps.track", event="explore", terrain="swamp")["water_lost"] == 1
    state = ok(box, "corps.state")
    assert state["can_end"] is False and state["blockers"] == [
        "1 Monster(s) face up, kill first: Monster 2"]
    ok(box, "corps.track", event="kill", card="Monster 2")
    ended = ok(box, "corps.end")
    assert ended["ended"] and ended["reveal"]["steps"] == [] and ended["screen"] == "reveal"
    first = ok(box, "corps.reveal")
    assert first["reveal"]["steps"][0]["answer"] == KEY.answer(1).value
    assert first["reveal"]["verdict"] is None and box.lines[0] == "The reveal [1/9]"
    last = ok(box, "corps.reveal", all=True)
    assert last["reveal"]["verdict"]["summary"] == "won: 9 of 9 rules right"
    assert last["screen"] == "verdict" and box.lines[1] == "WON 9/9"
    records = list((Path(box.config.storage.data_dir) / "records").glob("corps-*.json"))
    assert len(records) == 1
    assert json.loads(records[0].read_text())["answers"][0] == KEY.answer(1).value


@pytest.mark.parametrize("cmd,args,code,start", [
    ("corps.key", {"pin": "0000", "key": KEY_TEXT, "map": 5}, "locked", "wrong PIN"),
    ("corps.key", {"key": KEY_TEXT, "map": 5}, "locked", "wrong PIN"),
    ("corps.key", {"pin": "4711", "key": KEY_TEXT}, "bad_args", "the file holds maps 5, 6"),
    ("corps.key", {"pin": "4711", "key": "map 5\n1 = wood\n2 = wood\n"}, "bad_args",
     "key_file: line 3: this token is already used on line 2"),
    ("corps.key", {"pin": "4711", "slots": {"1": "wood"}}, "bad_args", "say which map"),
    ("corps.guess", {"op": "place", "token": "tipi", "slot": 1}, "not_now", "no_key: "),
    ("corps.end", {}, "not_now", "cannot_end: cannot end the chapter yet: 0 of 3 Tipis"),
    ("corps.reveal", {}, "not_now", "cannot_end: the verdict comes only after"),
    ("corps.peek", {}, "unknown_cmd", "unknown command corps.peek"),
])
def test_refusals_before_the_key(box: BoxHarness, cmd: str, args: dict[str, Any], code: str,
                                 start: str) -> None:
    error_code, message = refused(box, cmd, **args)
    assert error_code == code and message.startswith(start)


@pytest.mark.parametrize("cmd,args,code,start", [
    ("corps.key", {"pin": "4711", "key": KEY_TEXT, "map": 5}, "locked", "the key is already"),
    ("corps.guess", {"op": "place", "token": "food", "slot": KEY.water_slot}, "not_now",
     f"water_fixed: slot {KEY.water_slot} is Water's public slot"),
    ("corps.guess", {"op": "remove", "slot": FREE[0]}, "not_now", "slot_empty: "),
    ("corps.guess", {"op": "swap"}, "bad_args",
     "corps.guess: argument 'op' must be one of: place, move, remove"),
    ("corps.track", {"event": "kill", "card": "Monster 9"}, "not_now", "bad_track: "),
    ("corps.track", {"event": "row", "row": "two"}, "bad_args",
     "corps.track: argument 'row' must be an integer"),
])
def test_refusals_after_the_seal(box: BoxHarness, cmd: str, args: dict[str, Any], code: str,
                                 start: str) -> None:
    seal(box)
    error_code, message = refused(box, cmd, **args)
    assert error_code == code and message.startswith(start)


def test_the_key_holder_unseals_with_the_pin_and_seals_a_fixed_key(box: BoxHarness) -> None:
    seal(box)
    assert refused(box, "corps.key", pin="1234", op="unseal")[0] == "locked"
    assert ok(box, "corps.key", pin="4711", op="unseal")["key"] == "entered"
    assert refused(box, "corps.end")[1].endswith("the answer key is not sealed; place all 9 "
                                                 "tokens first: 8 circle(s) empty")
    slots = {str(slot): KEY.answer(slot).value for slot in corps.SLOTS}
    assert ok(box, "corps.key", pin="4711", slots=slots)["key"] == "sealed"


def test_without_a_pin_the_key_seals_and_cannot_be_opened(tmp_path: Path) -> None:
    h = BoxHarness(tmp_path)
    ok(h, "game.start", game="corps")
    assert ok(h, "corps.key", key=KEY_TEXT, map=5)["key"] == "sealed"
    assert refused(h, "corps.key", op="unseal") == (
        "locked", "no PIN is set: the key stays sealed until the end")


def test_a_restarted_box_resumes_the_sealed_chapter(tmp_path: Path) -> None:
    h = BoxHarness(tmp_path, security={"pin": "4711"})
    ok(h, "game.start", game="corps")
    seal(h)
    ok(h, "corps.guess", op="place", token="tipi", slot=FREE[0])
    h.close()
    again = BoxHarness(tmp_path, security={"pin": "4711"})
    assert ok(again, "session.resume")["screen"] == "game"
    state = ok(again, "corps.state")
    assert (state["key"], state["board"][FREE[0] - 1]["guess"]) == ("sealed", "tipi")
    assert refused(again, "corps.key", pin="4711", key=KEY_TEXT, map=5)[0] == "locked"
    assert again.lines[0] == "Key sealed"


def test_the_link_starts_a_chapter_in_either_mode_as_the_mode_screen_does(
        box: BoxHarness) -> None:
    started = ok(box, "corps.start", mode="notebook", map=3)
    assert (started["mode"], started["map"], started["screen"]) == ("notebook", 3, "setup")
    assert box.lines[0].startswith("Setup: previous")   # that Chapter's setup, then its board
    code, message = refused(box, "corps.start", mode="fog")
    assert code == "not_now" and message == "the box is on the setup screen, not mode"


def test_a_fog_chapter_started_over_the_link_waits_for_its_key(tmp_path: Path) -> None:
    h = BoxHarness(tmp_path, security={"pin": "4711"})
    assert h.request("game.start", game="corps")["ok"]
    assert ok(h, "corps.start", mode="fog", map=5)["screen"] == "key_menu"
    assert ok(h, "corps.key", pin="4711", key=KEY_TEXT)["screen"] == "sealed"   # map 5's key


def test_the_link_takes_back_the_last_tracker_change_as_undo_last_does(box: BoxHarness) -> None:
    seal(box)
    ok(box, "corps.track", event="water", delta=2)
    ok(box, "corps.track", event="tipi")
    undone = ok(box, "corps.undo")
    assert (undone["tracker"]["tipis_revealed"], undone["tracker"]["water"]) == (0, 2)
    code, message = refused(box, "corps.undo")   # one step back, as on the box
    assert code == "not_now" and "nothing to undo" in message
