"""Past games of The FOG on the whole box: however many records the data folder holds, the
history screen stays a screen, and every line the box sends fits the link."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from fogkeeper.data.fog import OWNER_ENV
from fogkeeper.events import Button
from fogkeeper.link.protocol import MAX_LINE_BYTES
from support.box import BoxHarness

B = Button
EXAMPLE = Path(__file__).resolve().parents[1] / "data" / "fog" / "multiplayer_example.json"


def records(folder: Path, count: int) -> None:
    """``count`` finished games, one a day from 2026-01-01 at 20:15."""
    (folder / "records").mkdir()
    for day in range(count):
        month, date = divmod(day, 28)
        shutil.copy(EXAMPLE, folder / "records" / f"fog-{2026 + month // 12}"
                    f"{month % 12 + 1:02d}{date + 1:02d}-201500.json")


def open_past_games(h: BoxHarness) -> BoxHarness:
    h.tap(B.PRESS)  # The FOG is the first entry of the home menu
    for _ in range(40):
        if any(line.startswith("> Past games") for line in h.lines):
            return h.tap(B.PRESS)
        h.tap(B.DOWN)
    raise AssertionError(f"no Past games row: {h.lines}")


def test_300_past_games_are_listed_and_every_line_fits_the_link(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(OWNER_ENV, str(tmp_path))
    records(tmp_path, 300)
    h = open_past_games(BoxHarness(tmp_path))
    assert h.lines[0] == "Past games [1/300]" and h.lines[1] == "> 11-20 S Pink 30"
    h.tap(*[B.DOWN] * 11)
    assert h.lines[0] == "Past games [12/300]" and "> 11-09 S Pink 30" in h.lines
    assert h.request("hello")["ok"] and h.request("screen")["state"] == "game"
    sent = [json.dumps(line, separators=(",", ":")) for line in h.link.lines]
    assert max(len(line) + 1 for line in sent) < MAX_LINE_BYTES
