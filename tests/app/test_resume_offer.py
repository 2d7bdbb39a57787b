"""The boot offer is made only for a session that restores; one that does not is named on
the screen, with why and the file it is kept in, and never dropped in silence."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from fogkeeper.events import Button
from support.box import BoxHarness
from support.saved import on_disk


def _saved_fog_game(folder: Path) -> dict[str, Any]:
    h = BoxHarness(folder)
    assert h.request("game.start", game="fog")["ok"]
    h.close()
    saved: dict[str, Any] = on_disk(folder)
    assert saved["game"]["name"] == "fog"
    return saved


def _damage(folder: Path, saved: dict[str, Any]) -> None:
    (folder / "session.json").write_text(json.dumps(saved))


def _kept(folder: Path) -> list[Path]:
    return sorted(folder.glob("session.json.bad-*"))


def test_a_fog_game_that_does_not_restore_is_named_not_offered(tmp_path: Path) -> None:
    saved = _saved_fog_game(tmp_path)
    saved["game"]["state"]["session"]["setup"]["events"] = "bogus"
    saved["game"]["state"]["screen"] = "no_such_screen"
    _damage(tmp_path, saved)
    again = BoxHarness(tmp_path)
    text = " ".join(again.lines)
    assert again.box.app.state.value == "problem", again.lines
    assert "could not be restored" in text and "The FOG" in text
    kept = _kept(tmp_path)
    assert len(kept) == 1 and kept[0].name in "".join(again.lines)  # wrapped, whole
    assert json.loads(kept[0].read_text())["game"]["name"] == "fog"  # kept whole
    assert again.request("session.resume")["error"]["code"] == "not_now"
    again.shown.save(folder_png := tmp_path / "not-restored.png")
    assert folder_png.exists()
    again.tap(Button.PRESS)
    assert again.box.app.state.value == "home"


def test_a_game_this_firmware_lacks_is_named_not_offered(tmp_path: Path) -> None:
    saved = _saved_fog_game(tmp_path)
    saved["game"]["name"] = "chess"
    _damage(tmp_path, saved)
    again = BoxHarness(tmp_path)
    assert again.box.app.state.value == "problem"
    assert "chess" in " ".join(again.lines) and len(_kept(tmp_path)) == 1


def test_a_session_file_that_is_not_a_session_is_named_too(tmp_path: Path) -> None:
    (tmp_path / "session.json").write_text(json.dumps({"format": "something else"}))
    again = BoxHarness(tmp_path)
    assert again.box.app.state.value == "problem"
    assert "could not be restored" in " ".join(again.lines)
    assert len(_kept(tmp_path)) == 1


def test_a_game_that_restores_is_offered_and_resumes(tmp_path: Path) -> None:
    _saved_fog_game(tmp_path)
    again = BoxHarness(tmp_path)
    assert again.box.app.state.value == "resume"
    assert again.request("session.resume")["ok"]
    assert again.request("fog.state")["ok"] and not _kept(tmp_path)
