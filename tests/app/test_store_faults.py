"""The data folder misbehaves: the store neither crashes, hangs nor reads without bound."""

from __future__ import annotations

import errno
import json
import os
import subprocess
from pathlib import Path

import pytest

from fogkeeper.app.store import (
    MAX_FILE_BYTES,
    FolderInUseError,
    FolderLock,
    JsonStore,
    StorageError,
    Stores,
)


def _bad_copies(folder: Path, name: str) -> list[Path]:
    return sorted(folder.glob(f"{name}.bad-*"))


def test_a_fifo_in_place_of_the_session_is_moved_aside_without_waiting(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "session.json")  # opening it for reading would block for ever
    assert Stores(tmp_path).load_session() is None
    assert _bad_copies(tmp_path, "session.json")
    assert not (tmp_path / "session.json").exists()


def test_a_symlink_to_an_endless_device_is_moved_aside_unread(tmp_path: Path) -> None:
    (tmp_path / "session.json").symlink_to("/dev/zero")
    assert Stores(tmp_path).load_session() is None
    (moved,) = _bad_copies(tmp_path, "session.json")
    assert moved.is_symlink()  # the link itself was moved; /dev/zero was never read


def test_a_folder_in_place_of_the_session_is_moved_aside_and_saving_works(
        tmp_path: Path) -> None:
    (tmp_path / "session.json").mkdir()
    (tmp_path / "session.json" / "keep.txt").write_text("mine")
    store = JsonStore(tmp_path / "session.json")
    assert store.load() is None
    store.save({"turn": 1})
    assert store.load() == {"turn": 1}
    (moved,) = _bad_copies(tmp_path, "session.json")
    assert (moved / "keep.txt").read_text() == "mine"  # nothing of the owner's is deleted


def test_a_file_nested_too_deep_is_moved_aside_not_crashed_on(tmp_path: Path) -> None:
    path = tmp_path / "session.json"
    path.write_text("[" * 200_000 + "]" * 200_000)
    assert Stores(tmp_path).load_session() is None
    path.write_text("[" * 500 + "]" * 500)  # loads as JSON, but deeper than any save
    assert JsonStore(path).load() is None
    assert len(_bad_copies(tmp_path, "session.json")) == 2


def test_a_file_larger_than_any_save_is_moved_aside(tmp_path: Path) -> None:
    path = tmp_path / "presets.json"
    path.write_text(json.dumps({"x": "a" * (MAX_FILE_BYTES + 10)}))
    assert JsonStore(path).load() is None
    assert _bad_copies(tmp_path, "presets.json")


def test_a_document_too_deep_to_save_is_refused_before_the_disk_is_touched(
        tmp_path: Path) -> None:
    deep: list[object] = []
    for _ in range(500):
        deep = [deep]
    store = JsonStore(tmp_path / "presets.json")
    store.save({"fog": 1})
    with pytest.raises(ValueError, match="nested"):
        store.save({"fog": deep})
    assert store.load() == {"fog": 1}


def test_a_file_where_the_folder_should_be_gives_a_storage_error(tmp_path: Path) -> None:
    (tmp_path / "data").write_text("not a folder")
    with pytest.raises(StorageError, match="data folder is a file"):
        JsonStore(tmp_path / "data" / "session.json").save({"turn": 1})


def test_a_full_disk_refuses_with_its_reason_and_keeps_the_old_file(small_disk: Path) -> None:
    store = JsonStore(small_disk / "session.json")
    store.save({"turn": 1})
    (small_disk / "filler").write_bytes(b"\0" * 60_000)
    with pytest.raises(StorageError) as refused:
        store.save({"turn": 2, "pad": "x" * 20_000})
    assert refused.value.reason == "disk full"
    assert store.load() == {"turn": 1}
    assert not (small_disk / "session.json.tmp").exists()
    (small_disk / "filler").unlink()
    store.save({"turn": 3})
    assert store.load() == {"turn": 3}


def test_a_read_only_disk_refuses_with_its_reason(small_disk: Path) -> None:
    store = JsonStore(small_disk / "session.json")
    store.save({"turn": 1})
    subprocess.run(["mount", "-o", "remount,ro", str(small_disk)], check=True)
    with pytest.raises(StorageError) as refused:
        store.save({"turn": 2})
    assert refused.value.reason == "disk read-only"
    assert refused.value.errno is None or refused.value.errno != errno.ENOSPC
    assert store.load() == {"turn": 1}
    subprocess.run(["mount", "-o", "remount,rw", str(small_disk)], check=True)
    store.save({"turn": 2})
    assert store.load() == {"turn": 2}


def test_one_box_per_data_folder(tmp_path: Path) -> None:
    first = FolderLock(tmp_path)
    first.acquire()
    with pytest.raises(FolderInUseError, match="already running on the data folder"):
        FolderLock(tmp_path).acquire()
    first.release()
    second = FolderLock(tmp_path)
    second.acquire()
    second.release()
