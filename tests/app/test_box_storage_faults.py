"""A whole box whose data folder fails under it: it plays on, says why, and recovers."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest

from fogkeeper.events import Button
from support.box import BoxHarness


def _fill(path: Path) -> None:
    """Take every free block of the disk ``path`` is on."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT)
    try:
        while os.write(fd, b"\0" * 1024):
            pass
    except OSError:
        pass
    finally:
        os.close(fd)


def _saved(folder: Path) -> dict[str, object]:
    """The session on disk: the screen the box was on and the running timer's seconds."""
    saved = json.loads((folder / "session.json").read_text())
    return {"screen": saved["screen"], "seconds": saved["hourglass"]["duration_seconds"]}


def test_a_full_disk_is_shown_retried_and_forgotten_once_it_has_room(small_disk: Path) -> None:
    h = BoxHarness(small_disk / "data")
    h.request("timer.start", seconds=45)
    h.request("timer.pause")
    assert _saved(small_disk / "data") == {"screen": "timer", "seconds": 45}
    _fill(small_disk / "filler")
    h.request("timer.reset")
    refused = h.request("timer.start", seconds=50)
    assert refused["error"]["code"] == "not_saved"  # never an "ok" a pulled plug takes back
    assert "disk full" in refused["error"]["message"]
    assert h.link.events("storage")[-1] == {"event": "storage", "saved": False,
                                            "reason": "disk full"}
    assert h.request("hello")["ok"]  # the box answers on
    assert h.box.storage_problem == "disk full"
    banner = h.shown.crop((0, 0, 128, 10))
    assert banner.getbbox() is not None and banner != h.box.frame.image.crop((0, 0, 128, 10))
    assert _saved(small_disk / "data")["seconds"] == 45  # the old save is whole
    (small_disk / "filler").unlink()
    h.wait(3)  # the box tries again by itself
    assert h.link.events("storage")[-1] == {"event": "storage", "saved": True}
    assert _saved(small_disk / "data")["seconds"] == 50
    assert h.box.storage_problem is None
    assert h.shown.tobytes() == h.box.frame.image.tobytes()  # the banner has gone


def test_a_disk_made_read_only_mid_game_keeps_the_game_in_memory(small_disk: Path) -> None:
    h = BoxHarness(small_disk / "data")
    h.request("game.start", game="fog")
    subprocess.run(["mount", "-o", "remount,ro", str(small_disk)], check=True)
    # a setting of the game, which the box writes before its frame (a cursor move alone
    # waits for the next change that matters: it would not touch the disk yet)
    h.tap(Button.RIGHT)
    assert h.link.events("storage")[-1]["reason"] == "disk read-only"
    assert h.request("state")["game"]["name"] == "fog"
    subprocess.run(["mount", "-o", "remount,rw", str(small_disk)], check=True)
    h.tap(Button.RIGHT)
    assert h.box.storage_problem is None
    again = BoxHarness(small_disk / "data")  # a restart finds the game as it was
    assert again.request("session.resume")["ok"]
    assert again.request("state")["game"]["name"] == "fog"


def test_a_vanished_and_replaced_data_folder(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    h = BoxHarness(folder)
    h.request("timer.start", seconds=45)
    subprocess.run(["rm", "-rf", str(folder)], check=True)
    folder.write_text("somebody put a file here")
    h.request("timer.pause")
    assert "data folder is a file" in h.link.events("storage")[-1]["reason"]
    assert h.request("hello")["ok"]
    folder.unlink()
    h.wait(6)
    assert h.box.storage_problem is None and _saved(folder)["seconds"] == 45


def _fifo(path: Path) -> None:
    os.mkfifo(path)


def _folder(path: Path) -> None:
    path.mkdir()


def _zero_link(path: Path) -> None:
    path.symlink_to("/dev/zero")


def _deep(path: Path) -> None:
    path.write_text("[" * 200_000 + "]" * 200_000)


def _half_deep(path: Path) -> None:
    path.write_text('{"fog": ' + "[" * 500 + "]" * 500 + "}")


def _not_json(path: Path) -> None:
    path.write_bytes(b"\xff{half")


DAMAGE = [_fifo, _folder, _zero_link, _deep, _half_deep, _not_json]


@pytest.mark.parametrize("name", ["session.json", "settings.json", "presets.json"])
@pytest.mark.parametrize("damage", DAMAGE, ids=lambda f: f.__name__.strip("_"))
def test_a_damaged_file_of_any_kind_never_stops_the_box(
        tmp_path: Path, name: str, damage: object) -> None:
    folder = tmp_path / "data"
    folder.mkdir()
    damage(folder / name)  # type: ignore[operator]
    h = BoxHarness(folder)
    assert h.request("hello")["ok"]
    assert h.request("game.start", game="fog")["ok"]  # reads the presets
    h.tap(Button.DOWN)
    assert h.request("hello")["ok"] and h.box.storage_problem is None
    assert len(list(folder.glob(f"{name}.bad-*"))) == 1  # kept for the owner, never deleted
