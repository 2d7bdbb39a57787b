"""The past games' index (`<data>/fog-history.idx`): a record is scored once, the list read
through the index is the list the records give, and an index that is missing, torn,
damaged, stale or from other rules is rebuilt without losing or hiding a game."""

from __future__ import annotations

import json
import logging
import os
import shutil
from pathlib import Path

import pytest

from fogkeeper.data import fog, fog_history
from fogkeeper.data.fog import OWNER_ENV
from fogkeeper.data.fog_history import (
    PastGame,
    history_lines,
    open_history,
    past_games,
    read_game,
    solo_bests,
)
from fogkeeper.data.fog_history_index import index_path

DATA = Path(__file__).resolve().parents[2] / "data" / "fog"


@pytest.fixture(autouse=True)
def _own_data(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv(OWNER_ENV, str(tmp_path))


def write_records(folder: Path, count: int) -> list[Path]:
    """``count`` games a day apart: multiplayer, solo, and a worse solo game, in turn."""
    records = folder / "records"
    records.mkdir(exist_ok=True)
    worse = json.loads((DATA / "solo_example.json").read_text())
    worse["final_positions"] = worse["final_positions"][:3]
    written = []
    for n in range(count):
        path = records / f"fog-2026{n // 28 % 12 + 1:02d}{n % 28 + 1:02d}-2{n // 336:05d}.json"
        if n % 3 == 0:
            shutil.copy(DATA / "multiplayer_example.json", path)
        elif n % 3 == 1:
            shutil.copy(DATA / "solo_example.json", path)
        else:
            path.write_text(json.dumps(worse))
        written.append(path)
    return written


def scored_one_by_one(folder: Path) -> list[PastGame]:
    """The list as the box made it before the index: every record read and scored."""
    return [read_game(p) for p in sorted((folder / "records").glob("fog-*.json"))]


@pytest.fixture
def scores(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The names of the records scored (read and scored again) from now on."""
    scored: list[str] = []
    real = fog_history.read_game

    def counted(path: Path, rules: dict[str, fog.FogRules] | None = None) -> PastGame:
        scored.append(path.name)
        return real(path, rules)

    monkeypatch.setattr(fog_history, "read_game", counted)
    return scored


def index_lines(folder: Path) -> list[str]:
    return index_path(folder).read_text().splitlines()


def test_each_record_is_scored_once_then_read_from_the_index(
        tmp_path: Path, scores: list[str]) -> None:
    write_records(tmp_path, 30)
    first = past_games(tmp_path)
    assert len(scores) == 30 and len(index_lines(tmp_path)) == 31   # a header, a line each
    assert past_games(tmp_path) == first and len(scores) == 30      # none scored again


def test_the_list_is_the_same_with_and_without_the_index(tmp_path: Path) -> None:
    write_records(tmp_path, 40)
    (tmp_path / "records" / "fog-20270101-100000.json").write_text("{broken")
    without = scored_one_by_one(tmp_path)
    built = past_games(tmp_path)             # the index written
    warm = open_history(tmp_path)            # and read
    assert built == without and warm.games() == without
    assert warm.bests == solo_bests(without) and warm.bests[0].games == 26
    assert warm.newest(0, 5) == list(reversed(without))[:5]
    assert history_lines(warm.games()) == history_lines(without)
    assert without[-1].problem.startswith("fog-20270101-100000.json: ")


def test_a_deleted_index_is_rebuilt_silently(tmp_path: Path, scores: list[str],
                                            caplog: pytest.LogCaptureFixture) -> None:
    write_records(tmp_path, 12)
    before = past_games(tmp_path)
    index_path(tmp_path).unlink()
    with caplog.at_level(logging.INFO, logger="fogkeeper.data.fog_history"):
        assert past_games(tmp_path) == before
    assert len(scores) == 24 and len(index_lines(tmp_path)) == 13
    assert [r.levelno for r in caplog.records] == [logging.INFO]
    assert "missing" in caplog.records[0].getMessage()


def test_a_torn_last_line_loses_no_game(tmp_path: Path, scores: list[str]) -> None:
    """A pulled plug in the middle of a line's append: the game is still listed, scored from
    its record; the other lines are kept, and the index is whole again."""
    write_records(tmp_path, 12)
    before = past_games(tmp_path)
    text = index_path(tmp_path).read_text()
    index_path(tmp_path).write_text(text[:-40])
    assert past_games(tmp_path) == before
    assert scores[12:] == [sorted(p.name for p in (tmp_path / "records").iterdir())[-1]]
    assert index_path(tmp_path).read_text() == text


@pytest.mark.parametrize("damage", ["bad json", "wrong version", "not text", "game cut"])
def test_a_damaged_index_never_hides_a_game(tmp_path: Path, damage: str) -> None:
    write_records(tmp_path, 9)
    before = past_games(tmp_path)
    lines = index_lines(tmp_path)
    if damage == "bad json":
        lines[4] = lines[4][:30] + "}{" + lines[4][30:]
    elif damage == "wrong version":
        lines[0] = lines[0].replace('"version":1', '"version":99')
    elif damage == "game cut":   # the line's freshness key whole, its summary not
        lines[5] = lines[5][:lines[5].index('"game":') + 12] + "]]}"
    index_path(tmp_path).write_text("\n".join(lines) + "\n")
    if damage == "not text":
        index_path(tmp_path).write_bytes(b"\xff\x00" * 500)
    assert open_history(tmp_path).games() == before
    mended = index_lines(tmp_path)                    # whole again: a line a record
    assert len(mended) == 10 and all(json.loads(line) for line in mended)
    assert past_games(tmp_path) == before


def test_a_record_added_by_hand_is_listed(tmp_path: Path, scores: list[str]) -> None:
    write_records(tmp_path, 6)
    past_games(tmp_path)
    shutil.copy(DATA / "solo_example.json", tmp_path / "records" / "fog-20250101-090000.json")
    games = past_games(tmp_path)
    assert len(games) == 7 and games[0].date == "2025-01-01 09:00" and games[0].scores
    assert scores[6:] == ["fog-20250101-090000.json"]     # the others kept from the index
    assert len(index_lines(tmp_path)) == 8


def test_a_record_changed_or_removed_by_hand_is_listed_as_it_is_now(tmp_path: Path) -> None:
    paths = write_records(tmp_path, 6)
    assert past_games(tmp_path)[1].scores == (("Solo", 42),)
    worse = json.loads((DATA / "solo_example.json").read_text())
    worse["final_positions"] = worse["final_positions"][:1]
    paths[1].write_text(json.dumps(worse))
    os.utime(paths[1], ns=(1, 1))          # even with an old modification time
    paths[0].unlink()
    games = past_games(tmp_path)
    assert games == scored_one_by_one(tmp_path) and len(games) == 5
    assert games[0].scores != (("Solo", 42),)


def test_new_records_are_appended_and_listed_without_scoring(
        tmp_path: Path, scores: list[str]) -> None:
    write_records(tmp_path, 5)
    past_games(tmp_path)
    path = tmp_path / "records" / "fog-20261231-235900.json"
    shutil.copy(DATA / "multiplayer_example.json", path)
    assert fog_history.note_record(path)
    assert len(index_lines(tmp_path)) == 7 and scores[5:] == [path.name]
    history = open_history(tmp_path)
    assert history.newest(0, 1)[0].date == "2026-12-31 23:59" and len(scores) == 6


def test_a_record_is_not_noted_onto_a_missing_or_torn_index(tmp_path: Path) -> None:
    paths = write_records(tmp_path, 3)
    assert not fog_history.note_record(paths[0])        # no index yet: the list builds it
    assert not index_path(tmp_path).exists()
    past_games(tmp_path)
    index_path(tmp_path).write_text(index_path(tmp_path).read_text()[:-5])
    assert not fog_history.note_record(paths[1])
    assert not fog_history.note_record(tmp_path / "records" / "fog-gone.json")
    assert past_games(tmp_path) == scored_one_by_one(tmp_path)


def test_other_rules_score_again(tmp_path: Path, scores: list[str]) -> None:
    """The owner corrects a board: the past games are scored with the board as it is now,
    as they were before the index."""
    write_records(tmp_path, 4)
    past_games(tmp_path)
    (tmp_path / "fog" / "boards").mkdir(parents=True)
    (tmp_path / "fog" / "boards" / "S.json").write_text('{"confirmed": true, "values": {}}')
    assert past_games(tmp_path) == scored_one_by_one(tmp_path)
    assert len(scores) == 8


def test_the_rules_are_read_once_for_all_records(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """Boards and decks (TOML) are read for a rebuild, not for each record scored."""
    read: list[str] = []
    real = fog.read_toml
    monkeypatch.setattr(fog, "read_toml", lambda path, *a: read.append(path.name) or
                        real(path, *a))
    write_records(tmp_path, 2)
    past_games(tmp_path)
    few = len(read)
    shutil.rmtree(tmp_path / "records")
    index_path(tmp_path).unlink()
    write_records(tmp_path, 60)
    read.clear()
    past_games(tmp_path)
    assert len(read) == few > 0
    read.clear()
    past_games(tmp_path)      # the index fresh: no rule read at all
    assert read == []


def test_an_unwritable_folder_still_lists_every_game(tmp_path: Path) -> None:
    write_records(tmp_path, 4)
    index_path(tmp_path).mkdir()          # where the index goes, something it cannot replace
    assert past_games(tmp_path) == scored_one_by_one(tmp_path)


def test_a_temp_index_left_by_a_write_cut_short_goes_once_it_is_old(tmp_path: Path) -> None:
    # a box stopped while it rebuilt the index leaves its temp file: the next write drops
    # one an hour old, and leaves a young one (another writer's, maybe) alone
    write_records(tmp_path, 3)
    old, young = tmp_path / ".fog-history.idx.old1", tmp_path / ".fog-history.idx.new1"
    for left in (old, young):
        left.write_text("half an index")
    two_hours_ago = old.stat().st_mtime - 7200
    os.utime(old, (two_hours_ago, two_hours_ago))
    open_history(tmp_path)  # no index: rebuilt, and written
    assert index_path(tmp_path).exists()
    assert not old.exists() and young.exists()
