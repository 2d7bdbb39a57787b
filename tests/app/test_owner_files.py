"""The owner's own data files (board corrections, deck cards, Monster cards) at the border:
read bounded, never trusted whole. One the box cannot use is left aside and kept as it is,
the game is played with the shipped data, and the screen and ``config check`` name it."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import pytest

from fogkeeper.data import MAX_DATA_BYTES, read_text
from fogkeeper.data.fog import owner_problems
from fogkeeper.errors import ConfigError
from fogkeeper.flow.fog import board_check
from fogkeeper.flow.fog.session import board_for, rules_for
from support.box import BoxHarness

DAMAGED_BOARDS = {
    "truncated": b'{"confirmed": true, "values": {"row_val',
    "not UTF-8": b'{"confirmed": true, "values": {"\xff": 1}}',
    "a list": b"[1, 2, 3]",
    "a wrong kind": b'{"confirmed": "yes"}',
    "an unknown key": b'{"confirmed": true, "colour": "red"}',
    "a value the board lacks": b'{"values": {"row_value.Z": -5}}',
    "nested deep": b"[" * 100_000,
}


@pytest.fixture(autouse=True)
def _owner_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("FOGKEEPER_DATA_DIR", str(tmp_path))
    board_check.forget()  # the caches of a board read by an earlier test's folder
    yield
    board_check.forget()


def _owner(tmp_path: Path, *parts: str) -> Path:
    path = tmp_path.joinpath("fog", *parts)
    path.parent.mkdir(parents=True, exist_ok=True)
    return path


@pytest.mark.parametrize("content", DAMAGED_BOARDS.values(), ids=DAMAGED_BOARDS)
def test_a_damaged_board_file_is_left_aside_and_the_game_plays(
        tmp_path: Path, content: bytes) -> None:
    path = _owner(tmp_path, "boards", "S.json")
    path.write_bytes(content)
    h = BoxHarness(tmp_path)
    assert h.request("game.start", game="fog")["ok"]
    assert "file damaged" in " ".join(h.lines)  # the checklist's board row says so
    started = h.request("fog.setup", board="S", players=3)
    assert started["ok"], started
    assert "Own S.json" in " ".join(h.lines) and "not used!" in " ".join(h.lines)
    assert h.request("fog.state")["ok"]
    assert path.read_bytes() == content  # kept as the owner left it
    assert [p.path for p in owner_problems("S")] == [path]
    assert str(path) in str(owner_problems("S")[0])


def test_a_fog_game_resumes_when_its_board_file_is_damaged_after_the_start(
        tmp_path: Path) -> None:
    h = BoxHarness(tmp_path)
    assert h.request("game.start", game="fog")["ok"]
    assert h.request("fog.setup", board="S", players=3)["ok"]
    h.close()
    _owner(tmp_path, "boards", "S.json").write_bytes(DAMAGED_BOARDS["truncated"])
    board_check.forget()
    again = BoxHarness(tmp_path)
    assert again.request("session.resume")["ok"]
    assert again.request("fog.state")["ok"]


def test_a_huge_owner_file_is_refused_unread(tmp_path: Path) -> None:
    path = _owner(tmp_path, "boards", "S.json")
    with path.open("wb") as handle:
        handle.truncate(1 << 30)  # 1 GB, sparse: reading it whole would take 1 GB of memory
    started = time.perf_counter()
    with pytest.raises(ConfigError, match="larger than"):
        read_text(path)
    assert time.perf_counter() - started < 2.0  # read to its bound, not to its end
    h = BoxHarness(tmp_path)
    assert h.request("game.start", game="fog")["ok"]
    assert h.request("fog.setup", board="S", players=3)["ok"]
    assert "Own S.json" in " ".join(h.lines)


def test_a_file_just_within_the_bound_is_read(tmp_path: Path) -> None:
    path = tmp_path / "x.toml"
    path.write_bytes(b"#" * (MAX_DATA_BYTES - 1) + b"\n")
    assert read_text(path).startswith("#")


DAMAGED_DECKS = {
    "not UTF-8": b"\xff\xfe[[card]]\n",
    "not TOML": b"[[card]\nnumber = ",
    "card not a list": b"card = 3\n",
    "a bad card": b'[[card]]\nnumber = "seven"\n',
}


@pytest.mark.parametrize("content", DAMAGED_DECKS.values(), ids=DAMAGED_DECKS)
def test_a_damaged_owner_deck_is_left_aside_and_the_game_plays(
        tmp_path: Path, content: bytes) -> None:
    path = _owner(tmp_path, "decks", "fog_events.toml")
    path.write_bytes(content)
    rules_for.cache_clear()
    board_for.cache_clear()
    h = BoxHarness(tmp_path)
    assert h.request("game.start", game="fog")["ok"]
    started = h.request("fog.setup", board="S", players=3)
    assert started["ok"], started
    assert "Own fog_events.toml" in " ".join(h.lines)
    state = h.request("fog.state")
    assert state["ok"] and state["screen"] == "info"
    assert path.read_bytes() == content
    assert [p.path for p in owner_problems("S")] == [path]


def test_owner_monster_cards_that_cannot_be_read_leave_the_shipped_ones(
        tmp_path: Path) -> None:
    path = tmp_path / "corps" / "monsters.toml"
    path.parent.mkdir(parents=True)
    path.write_bytes(b"\xff[[monster]]\n")
    h = BoxHarness(tmp_path)
    started = h.request("game.start", game="corps")
    assert started["ok"], started
    assert path.read_bytes() == b"\xff[[monster]]\n"


def test_config_check_names_the_owner_files_it_would_leave_aside(tmp_path: Path) -> None:
    import subprocess
    import sys

    _owner(tmp_path, "boards", "F.json").write_bytes(DAMAGED_BOARDS["truncated"])
    config = tmp_path / "box.toml"
    config.write_text(f"[display]\ndriver = 'dummy'\n[inputs]\npin_factory = 'mock'\n"
                      f"[storage]\ndata_dir = {json.dumps(str(tmp_path))}\n", encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if k != "FOGKEEPER_DATA_DIR"}
    done = subprocess.run([sys.executable, "-m", "fogkeeper", "config", "check", str(config)],
                          capture_output=True, text=True, timeout=60, check=False, env=env)
    assert done.returncode == 0, done.stderr
    warning = [line for line in done.stdout.splitlines() if "warning" in line]
    assert len(warning) == 1 and "F.json" in warning[0] and "left aside" in warning[0]
