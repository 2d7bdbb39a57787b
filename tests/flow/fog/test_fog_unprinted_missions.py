"""A "Rescued Islander" card nobody told the box about is read off the real card at the score."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from flow.fog.drivers import AppDriver
from flow.fog.fog_table import HOLD, OK
from fogkeeper.app.score_cmd import main
from fogkeeper.flow.fog.session import Pictured
from fogkeeper.flow.fog.table import FogScreen

F = FogScreen


@pytest.fixture
def no_owner_cards(empty_data: Path) -> Path:
    """The box knows none of the cards 37-48."""
    return empty_data


def test_the_review_asks_what_the_card_pictures(
        no_owner_cards: Path, capsys: pytest.CaptureFixture[str]) -> None:
    t = AppDriver()
    t.press(OK).choose("Players", "2").choose("Rescued Isl.", "secret")
    t.go_to_row("Start game").press(OK, OK)
    for _ in range(2):                         # each player keeps the first card
        t.press(HOLD, OK, OK)
    t.press(HOLD, OK, HOLD, OK, OK)            # the draft, then the early end
    for _ in range(8):
        if t.screen is F.REVIEW:
            break
        t.press(*((HOLD, OK) if t.screen is F.BOATS else (OK,)))
    kept = [c for cs in t.fog.s.kept.values() for c in cs]
    assert f"  Card {kept[0]}: enter" in t.lines
    t.go_to_row("Score the game").press(OK)
    assert t.screen is F.NOTICE and "does not print card" in " ".join(t.fog.s.notice)
    t.press(OK)
    for card in kept:
        t.go_to_row(f"Card {card}").press(OK)
        assert t.screen is F.PICTURE
        t.choose("RP", "9").choose("Islander 1", "commoner").go_to_row("Done").press(OK)
        assert t.screen is F.REVIEW
        assert t.fog.s.pictured[card] == Pictured(9, ("commoner:any", "-", "-"))
    t.go_to_row("Score the game").press(OK)
    assert t.screen is F.RESULTS
    record = t.effects.records[-1]
    assert record["missions"]["cards"][kept[0]] == {
        "rp": 9, "islanders": [{"type": "commoner", "nation": "any"}]}
    path = no_owner_cards / "record.json"
    path.write_text(json.dumps(record))
    assert main([str(path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["players"] == t.fog.s.result["players"]
