""""Rescued Islander" cards 37-48 are not printed in the rulebook: the box never makes them
up; they come from the owner's deck file or from the record (what the table read off them)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from fogkeeper.app.score_cmd import main
from fogkeeper.data.fog import OWNER_ENV, load_cards, load_rules
from fogkeeper.rules.fog import (
    RecordError,
    RescuedIslanderCard,
    record_from_dict,
    score_record,
)

DATA = Path(__file__).resolve().parents[2] / "data" / "fog"


def test_the_shipped_deck_knows_no_rescued_islander_card(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv(OWNER_ENV, str(tmp_path))
    cards = load_cards()
    assert len(cards.rescued_islanders) == 12
    assert not any(c.known or c.rp for c in cards.rescued_islanders)


def test_the_owners_deck_file_gives_the_cards(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(OWNER_ENV, str(DATA / "owner"))
    card = load_cards().by_id("A37")
    assert isinstance(card, RescuedIslanderCard) and card.known and card.rp == 8


def _record(**missions: object) -> dict[str, object]:
    data: dict[str, object] = json.loads((DATA / "multiplayer_example.json").read_text())
    data["options"] = {"rescued_islanders": "secret"}
    data["missions"] = {"held": {"Black": ["A37"]}, **missions}
    return data


def test_an_unknown_card_is_refused_until_the_record_says_what_it_pictures(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv(OWNER_ENV, str(tmp_path))
    rules = load_rules("S")
    with pytest.raises(RecordError, match="the rulebook does not print A37"):
        score_record(record_from_dict(_record()), rules)
    pictured = {"A37": {"rp": 9, "islanders": [{"type": "commoner", "nation": "red"}]}}
    result = score_record(record_from_dict(_record(cards=pictured)), rules)
    black = next(p for p in result.players if p.name == "Black")
    assert [(m.card_id, m.rp) for m in black.missions] == [("A37", 9)]
    path = tmp_path / "record.json"
    path.write_text(json.dumps(_record(cards={"A37": {"rp": 9, "islanders": []}})))
    assert main([str(path)]) == 2
    assert "pictures at least one" in capsys.readouterr().err
