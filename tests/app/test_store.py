"""Atomic saves, and damaged or foreign files moved aside instead of crashing the box."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from fogkeeper.app.store import JsonStore, Stores
from fogkeeper.flow.settings import Settings


def test_save_then_load_round_trips_and_leaves_no_temp_file(tmp_path: Path) -> None:
    store = JsonStore(tmp_path / "deep" / "session.json")
    store.save({"a": [1, 2], "b": "é"})
    assert store.load() == {"a": [1, 2], "b": "é"}
    assert [p.name for p in (tmp_path / "deep").iterdir()] == ["session.json"]


def test_a_crash_mid_write_leaves_the_old_file_whole(tmp_path: Path) -> None:
    store = JsonStore(tmp_path / "session.json")
    store.save({"turn": 1})
    # a pulled plug after the temp file was written but before the rename
    (tmp_path / "session.json.tmp").write_text('{"turn": 2', encoding="utf-8")
    assert store.load() == {"turn": 1}
    store.save({"turn": 3})
    assert store.load() == {"turn": 3}


@pytest.mark.parametrize("content", [b"{not json", b"\xff\xfe", b""])
def test_a_corrupt_file_is_moved_aside_not_deleted(tmp_path: Path, content: bytes,
                                                   caplog: pytest.LogCaptureFixture) -> None:
    path = tmp_path / "session.json"
    path.write_bytes(content)
    assert JsonStore(path).load() is None
    kept = list(tmp_path.glob("session.json.bad-*"))
    assert len(kept) == 1 and kept[0].read_bytes() == content
    assert "moved session.json aside" in caplog.text


def test_a_foreign_session_is_moved_aside_with_the_reason(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    (tmp_path / "session.json").write_text(json.dumps({"format": "somebody-else"}))
    assert Stores(tmp_path).load_session() is None
    assert "not a fogkeeper session file" in caplog.text
    assert list(tmp_path.glob("session.json.bad-*"))


def test_settings_are_written_only_when_they_change(tmp_path: Path) -> None:
    stores = Stores(tmp_path)
    assert stores.load_settings() == {}
    stores.save_settings(Settings(contrast=100))
    first = (tmp_path / "settings.json").stat().st_mtime_ns
    (tmp_path / "settings.json").write_text('{"contrast": 100}')  # marker: not rewritten
    stores.save_settings(Settings(contrast=100))
    assert (tmp_path / "settings.json").read_text() == '{"contrast": 100}'
    stores.save_settings(Settings(contrast=50))
    assert json.loads((tmp_path / "settings.json").read_text())["contrast"] == 50
    assert first > 0


def test_bad_saved_settings_fall_back_to_the_configured_values() -> None:
    merged = Settings().merged({"contrast": 999, "muted": True, "rotation": 90, "x": 1})
    assert merged == Settings(muted=True)
