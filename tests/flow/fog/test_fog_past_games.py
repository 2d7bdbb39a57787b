"""The checklist's Past games on a whole box, read through the past games' index: a game
just scored is listed at once without any record scored again, the screen and
`fog.history` read only the page they show, and the pages read as the one list."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

from flow.fog.drivers import BoxDriver
from flow.fog.fog_table import DOWN, OK
from flow.fog.scripts import four_player_game
from fogkeeper.data import fog_history, fog_history_index
from fogkeeper.data.fog_history import history_lines, past_games
from fogkeeper.data.fog_history_index import index_path
from fogkeeper.events import Button
from fogkeeper.flow.fog.past_games import PAGE_GAMES
from fogkeeper.flow.fog.table import FogScreen

F = FogScreen
UP = Button.UP
BACK = Button.KEY2
DATA = Path(__file__).resolve().parents[2] / "data" / "fog"
OWNER = DATA / "owner"


def write_records(data: Path, count: int) -> None:
    """``count`` games, one a day in 2025: every fifth a solo game, the rest multiplayer."""
    (data / "records").mkdir(parents=True, exist_ok=True)
    for day in range(count):
        month, date = divmod(day, 28)
        example = "solo_example.json" if day % 5 == 4 else "multiplayer_example.json"
        shutil.copy(DATA / example,
                    data / "records" / f"fog-2025{month + 1:02d}{date + 1:02d}-201500.json")


@pytest.fixture
def reads(monkeypatch: pytest.MonkeyPatch) -> dict[str, int]:
    """How many records were scored, and how many index summaries read, from now on."""
    seen = {"scored": 0, "summaries": 0}
    score, summary = fog_history.read_game, fog_history_index.summary

    def scored(*args: Any) -> fog_history.PastGame:
        seen["scored"] += 1
        return score(*args)

    def summarised(line: str) -> Any:
        seen["summaries"] += 1
        return summary(line)

    monkeypatch.setattr(fog_history, "read_game", scored)
    monkeypatch.setattr(fog_history_index, "summary", summarised)
    return seen


def on_past_games(t: BoxDriver) -> BoxDriver:
    """The FOG started over the link, then its checklist's Past games opened by hand."""
    assert t.harness.request("game.start", game="fog")["ok"]
    t.go_to_row("Past games").press(OK)
    assert t.fog.screen is F.HISTORY
    return t


def test_the_pages_read_as_one_list_holding_a_page_at_a_time(
        empty_data: Path, reads: dict[str, int]) -> None:
    write_records(empty_data, 2 * PAGE_GAMES + 5)
    past_games(empty_data)                          # the index built
    reads.update(scored=0, summaries=0)
    t = on_past_games(BoxDriver(empty_data))
    assert reads == {"scored": 0, "summaries": PAGE_GAMES}    # its page (bests: solo words)
    whole = history_lines(past_games(empty_data))    # 45 games, a solo best on 3 lines
    rows = len(whole)
    assert t.lines[0] == f"Past games [1/{rows}]"
    seen = [t.fog.s.history[0]]
    for _ in range(rows + 4):
        assert len(t.fog.s.history) <= PAGE_GAMES + 3           # the session holds a page
        t.press(DOWN)
        seen.append(t.fog.s.history[t.fog.s.cursor])
    assert seen[:rows] == whole and set(seen[rows:]) == {whole[-1]}
    assert t.lines[0] == f"Past games [{rows}/{rows}]" and t.fog.s.history_page == 2
    for _ in range(len(t.fog.s.history) - 1):
        t.press(UP)
    assert t.lines[0] == f"Past games [{2 * PAGE_GAMES + 1}/{rows}]"
    t.press(UP)                                     # over the page's top: the page before
    assert t.fog.s.history_page == 1 and t.lines[0] == f"Past games [{2 * PAGE_GAMES}/{rows}]"
    assert t.fog.s.history[t.fog.s.cursor] == whole[2 * PAGE_GAMES - 1]
    t.press(BACK)
    assert t.fog.screen is F.SETUP and reads["scored"] == 0


def test_a_page_of_fog_history_reads_that_page(empty_data: Path,
                                               reads: dict[str, int]) -> None:
    write_records(empty_data, 100)
    t = BoxDriver(empty_data)
    assert t.harness.request("game.start", game="fog")["ok"]
    first = t.harness.request("fog.history", page=7)      # the index built: each scored once
    assert first["ok"] and reads["scored"] == 100
    reads.update(scored=0, summaries=0)
    again = t.harness.request("fog.history", page=7)
    assert again == {**first, "id": again["id"]}
    assert reads == {"scored": 0, "summaries": 4}    # its 4 games (the bests: solo words)


def test_a_game_just_scored_is_listed_at_once_never_scored_again(
        empty_data: Path, reads: dict[str, int]) -> None:
    shutil.copytree(OWNER / "fog", empty_data / "fog")   # the owner's cards the game deals
    write_records(empty_data, 10)
    t = on_past_games(BoxDriver(empty_data))         # the index built
    t.press(BACK)
    assert t.harness.request("game.quit")["ok"]
    lines_before = len(index_path(empty_data).read_text().splitlines())
    for step in four_player_game():
        step(t)
    record = Path(t.fog.s.record_path)
    assert record.parent == empty_data / "records"
    index = index_path(empty_data).read_text().splitlines()
    assert len(index) == lines_before + 1 and f'"file":"{record.name}"' in index[-1]
    assert t.harness.request("game.quit")["ok"]
    reads.update(scored=0)
    on_past_games(t)
    assert reads["scored"] == 0
    assert t.lines[1].startswith(f"> {record.name[8:10]}-{record.name[10:12]} S ")
    assert t.lines[0] == "Past games [1/14]"     # 11 games, a solo best on 3 lines
