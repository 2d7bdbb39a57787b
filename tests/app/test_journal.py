"""The session's journal: one small line a save, read back whole after any pulled plug."""

from __future__ import annotations

import json
import os
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from fogkeeper.app.journal import JOURNAL, SessionJournal, apply, changes, leaves, whole
from support.box import BoxHarness
from support.saved import on_disk


def a_game(turns: int) -> dict[str, Any]:
    """A session like a game's: a log that grows, a cursor, a clock, nested state."""
    log = [{"turn": n, "colour": "RGB"[n % 3], "answer": "You can move"} for n in range(turns)]
    return {"format": "fogkeeper-session", "screen": "game", "cursors": {"home": turns % 4},
            "game": {"name": "fogsite", "state": {"stage": "play", "session": {
                "game": json.dumps({"log": log, "phase": "investigators"}),
                "cursor": turns % 3, "walks": {"R": [[0, n] for n in range(turns)]}}}},
            "hourglass": {"left_seconds": 60.0 - turns, "phase": "paused"}}


def test_the_leaves_make_the_document_again() -> None:
    document = {**a_game(5), "empty": {}, "none": None, "deep": {"a": {"b": {"c": {"d": 1}}}}}
    assert whole(leaves(document)) == document


def test_changes_turn_one_session_into_the_next_whatever_changed() -> None:
    shaker = random.Random(29)
    old = a_game(3)
    for _ in range(300):
        new = json.loads(json.dumps(old))
        turns = shaker.randrange(40)
        new.update(a_game(turns) if shaker.random() < 0.5 else {})
        if shaker.random() < 0.3:
            new["game"] = None
        if shaker.random() < 0.3:
            new.pop("cursors", None)
        parts = leaves(old)
        apply(parts, json.loads(json.dumps(changes(leaves(old), leaves(new)))))
        assert whole(parts) == new
        old = new


def test_a_long_leaf_that_grew_is_spliced_not_written_again(tmp_path: Path) -> None:
    journal = SessionJournal(tmp_path)
    journal.save(a_game(200))  # the first save: a snapshot
    before = (tmp_path / JOURNAL).stat().st_size
    journal.save(a_game(201))
    line = (tmp_path / JOURNAL).stat().st_size - before
    assert line < 400 < len(json.dumps(a_game(201)))  # one turn's worth, not the session
    assert SessionJournal(tmp_path).load() == a_game(201)


def test_a_torn_last_line_is_dropped_and_the_rest_kept(tmp_path: Path) -> None:
    journal = SessionJournal(tmp_path)
    for turns in range(5):
        journal.save(a_game(turns))
    path = tmp_path / JOURNAL
    whole_size = path.stat().st_size
    journal.save(a_game(5))
    with open(path, "r+b") as torn:  # the plug pulled mid-write: half the last line
        torn.truncate(whole_size + (path.stat().st_size - whole_size) // 2)
    assert SessionJournal(tmp_path).load() == a_game(4)


def test_a_damaged_line_ends_the_journal_there(tmp_path: Path) -> None:
    journal = SessionJournal(tmp_path)
    for turns in range(4):
        journal.save(a_game(turns))
    path = tmp_path / JOURNAL
    lines = path.read_bytes().split(b"\n")
    lines[2] = lines[2].replace(b"You", b"Yuo")  # the second line after the header
    path.write_bytes(b"\n".join(lines))
    assert SessionJournal(tmp_path).load() == a_game(1)


def test_a_snapshot_written_since_makes_the_old_journal_stale(tmp_path: Path) -> None:
    journal = SessionJournal(tmp_path)
    for turns in range(3):
        journal.save(a_game(turns))
    (tmp_path / "session.json").write_text(json.dumps(a_game(9)))  # by hand, or a compaction
    assert SessionJournal(tmp_path).load() == a_game(9)


def test_every_save_after_a_restart_goes_on_from_what_was_read(tmp_path: Path) -> None:
    first = SessionJournal(tmp_path)
    for turns in range(3):
        first.save(a_game(turns))
    second = SessionJournal(tmp_path)
    assert second.load() == a_game(2)
    second.save(a_game(3))
    second.save(a_game(4))
    assert SessionJournal(tmp_path).load() == a_game(4)


def test_a_journal_that_vanished_is_begun_again_with_a_snapshot(tmp_path: Path) -> None:
    journal = SessionJournal(tmp_path)
    journal.save(a_game(1))
    journal.save(a_game(2))
    (tmp_path / JOURNAL).unlink()
    journal.save(a_game(3))
    assert json.loads((tmp_path / "session.json").read_text()) == a_game(3)
    assert SessionJournal(tmp_path).load() == a_game(3)


def test_one_fdatasync_a_save_and_no_rename(tmp_path: Path,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    journal = SessionJournal(tmp_path)
    journal.save(a_game(1))
    calls: list[str] = []

    def noted(name: str, real: Callable[..., Any]) -> Callable[..., Any]:
        def call(*args: Any) -> Any:
            calls.append(name)
            return real(*args)
        return call

    for name in ("fsync", "fdatasync", "replace", "rename"):
        monkeypatch.setattr(os, name, noted(name, getattr(os, name)))
    journal.save(a_game(2))
    assert calls == ["fdatasync"]


def test_the_box_folds_its_journal_into_the_snapshot_once_idle(tmp_path: Path) -> None:
    h = BoxHarness(tmp_path)
    h.request("timer.start", seconds=45)
    h.request("timer.pause")
    h.request("timer.reset")
    assert h.box.stores.session.lines > 0  # kept as journal lines
    h.wait(31)
    assert h.box.stores.session.lines == 0
    assert json.loads((tmp_path / "session.json").read_text()) == on_disk(tmp_path)


def test_splices_give_back_the_new_text_however_it_was_edited() -> None:
    shaker = random.Random(2912)
    text = "".join(shaker.choice('ab{}[]",:0123') for _ in range(3000))
    for _ in range(300):
        new = text
        for _ in range(shaker.randrange(1, 5)):  # edits anywhere: inserts, cuts, changes
            at = shaker.randrange(len(new) + 1)
            cut = shaker.randrange(0, 40)
            new = new[:at] + "".join(shaker.choice("xyz,") for _ in range(
                shaker.randrange(0, 80))) + new[at + cut:]
        parts = {("leaf",): json.dumps(text)}
        apply(parts, json.loads(json.dumps(changes(parts, {("leaf",): json.dumps(new)}))))
        assert json.loads(parts[("leaf",)]) == new
        text = new


def test_a_log_grown_in_the_middle_between_two_changes_costs_the_changes(
        tmp_path: Path) -> None:
    def session(turns: int) -> dict[str, Any]:
        log = [f"turn {n}: red explored south and found a wall" for n in range(turns)]
        return {"game": json.dumps({"acting": turns % 3, "log": log, "round": turns})}

    (op,) = changes(leaves(session(300)), leaves(session(301)))
    assert len(json.dumps(op)) < 200 < len(json.dumps(session(301)))


@pytest.mark.parametrize("value", ["plain", "é \"quoted\" \\ \n", "", 0, -7, 10**30, True, False,
                                   None, 1.5, 1e300, [1, "x", None], [{"b": 1, "a": [True]}]])
def test_a_leaf_reads_as_json_dumps_writes_it(value: object) -> None:
    assert leaves({"k": value}) == {("k",): json.dumps(value, separators=(",", ":"),
                                                      sort_keys=True)}


def test_a_change_as_large_as_a_snapshot_is_written_as_one(tmp_path: Path) -> None:
    journal = SessionJournal(tmp_path)
    journal.save(a_game(1))
    huge = {**a_game(1), "notes": "x" * 300_000}  # past what a journal line may hold
    journal.save(huge)
    assert journal.lines == 0 and json.loads((tmp_path / "session.json").read_text()) == huge
    assert (tmp_path / JOURNAL).stat().st_size < 100  # the journal read back stays small
    assert SessionJournal(tmp_path).load() == huge


def test_the_journal_is_the_owners_alone(tmp_path: Path) -> None:
    (tmp_path / JOURNAL).write_text("")
    os.chmod(tmp_path / JOURNAL, 0o644)
    SessionJournal(tmp_path).save(a_game(1))
    assert (tmp_path / JOURNAL).stat().st_mode & 0o777 == 0o600
