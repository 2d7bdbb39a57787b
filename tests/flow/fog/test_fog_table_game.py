"""Done when: a 4-player game with the table drawing every card from its physical decks, a
mistyped loss corrected two rounds later, a board with one corrected value, and scoring in
half the presses, gives the same record as `fogkeeper score`."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from flow.fog.drivers import AppDriver, CountingDriver
from flow.fog.fog_table import HOLD, OK, RIGHT
from flow.fog.scripts import (
    FOUR_PLAYER_BONUSES,
    FOUR_PLAYER_FINAL,
    Step,
    confirm_score,
    score_colour,
    score_colour_by_boats,
)
from fogkeeper.app.score_cmd import main as score_main
from fogkeeper.data.fog import OwnerBoard, owner_board
from fogkeeper.flow.fog.fog_step import loss_colour, step_rows
from fogkeeper.flow.fog.table import FogScreen
from fogkeeper.rules.fog import IslanderType, Loss

F = FogScreen
EVENTS = [f"A{n}" for n in range(18, 36)] + ["B36"]
FOG_CARDS = ["A07", "A08", "B14", "A09", "A10", "B15", "A11"]
GUARDIANS = ["A03", "A01", "A06", "A02"]
MISSIONS = ["A49", "A51", "A54", "A50"]


@pytest.fixture
def corrected_board(empty_data: Path) -> Path:
    """The owner's board S: row D is worth -5 on their board, not the assumed -6. Corrected
    on the box's own walk-through, every other value confirmed as it is."""
    owner = AppDriver()
    owner.press(OK).go_to_row("Check board").press(OK)
    while owner.lines[1] != "Row D: RP each":
        owner.press(OK)
    owner.press(RIGHT)
    while owner.screen is F.BOARD:
        owner.press(OK)
    owner.press(OK)                      # "Save board S?"
    assert owner_board("S") == OwnerBoard(True, {"row_value.D": -5})
    return empty_data


def enter(t: AppDriver, card: str) -> None:
    t.choose("letter", card[0]).choose("number", card[1:]).press(OK)


def add_loss(t: AppDriver, row: str, nation: str, kind: str) -> None:
    t.go_to_row("+ add").press(OK)
    t.choose("row", row).choose("nation", nation).choose("type", kind).press(OK)


class TableScript:
    """The table's side: it turns the cards over, ends turns, enters the losses."""

    def __init__(self) -> None:
        self.cards = {"guardians": iter(GUARDIANS), "events": iter(EVENTS),
                      "fog": iter(FOG_CARDS), "rescue_achievements": iter(MISSIONS)}
        self.mistyped_at = 0      # the FOG step (count) where the loss was mistyped
        self.corrected = False
        self.steps = 0

    def play_to_scoring(self, t: AppDriver) -> None:
        t.press(OK).choose("Players", "4").choose("1 Hourglass", "off")
        t.choose("Events deck", "with calm").choose("FOG cards", "standard")
        t.choose("Guardians", "A").choose("Achievements", "secret")
        t.choose("Cards drawn by", "table").go_to_row("Start game").press(OK)
        for _ in range(400):
            if t.screen is F.BOATS:
                return
            self.act(t)
        raise AssertionError(f"the game never ended: {t.lines}")

    def act(self, t: AppDriver) -> None:
        s = t.fog.s
        if t.screen is F.CARD:
            enter(t, next(self.cards[s.card_queue[0].deck]))
        elif t.screen is F.DRAFT:
            t.press(HOLD, OK)
        elif t.screen is F.FOG:
            self.steps += 1
            t.press(OK)
        elif t.screen is F.LOSSES:
            self.losses(t)
        else:                                  # info, turn, the round's question, an event
            t.press(OK)

    def losses(self, t: AppDriver) -> None:
        s = t.fog.s
        pink = loss_colour(s) == "pink"
        if pink and "A" in step_rows(s):
            add_loss(t, "A", "red", "sailor")           # mistyped: it was a blue Sailor
            self.mistyped_at = self.steps
        elif pink and "D" in step_rows(s):
            add_loss(t, "D", "green", "elder")
        if pink and self.mistyped_at and self.steps >= self.mistyped_at + 2 and (
                not self.corrected):
            t.go_to_row("A: red sailor").press(OK, OK)  # removed (after its question)
            add_loss(t, "A", "blue", "sailor")
            self.corrected = True
        t.go_to_row("Done").press(OK)


def score_and_count(colour_step: Step) -> tuple[int, CountingDriver, TableScript]:
    """Presses of the scoring wizard (Islanders, bonus tiles, review, results); the kept
    mission cards entered at the review are the same either way and are not counted."""
    t = CountingDriver()
    script = TableScript()
    script.play_to_scoring(t)
    start = t.count
    for _ in range(4):
        colour_step(t)
    cards_from = t.count
    t.go_to_row("Kept missions").press(OK)
    for _ in range(4):
        enter(t, next(script.cards["rescue_achievements"]))
    cards = t.count - cards_from
    confirm_score(t)
    return t.count - start - cards, t, script


def test_a_table_drawn_game_gives_the_same_record_as_fogkeeper_score(
        corrected_board: Path, capsys: pytest.CaptureFixture[str]) -> None:
    before, _, _ = score_and_count(score_colour(FOUR_PLAYER_FINAL, FOUR_PLAYER_BONUSES))
    after, t, script = score_and_count(score_colour_by_boats(FOUR_PLAYER_FINAL,
                                                             FOUR_PLAYER_BONUSES))
    assert after * 2 <= before, (after, before)   # 59 and 124 when written
    s = t.fog.s
    assert script.corrected and s.rules.board.row_value["D"] == -5
    assert Loss("A", "pink", "blue", IslanderType.SAILOR) in s.state.losses
    assert Loss("A", "pink", "red", IslanderType.SAILOR) not in s.state.losses
    record: dict[str, Any] = t.effects.records[-1]
    assert record["draws"]["events"] == EVENTS[:len(record["draws"]["events"])]
    assert record["draws"]["fog"] == FOG_CARDS[:len(record["draws"]["fog"])]
    assert record["setup"]["guardians"] == {
        p: {"card": c, "side": "A"} for p, c in zip(
            [seat.name for seat in s.players], GUARDIANS, strict=True)}
    path = corrected_board / "record.json"
    path.write_text(json.dumps(record))
    capsys.readouterr()
    assert score_main([str(path), "--json"]) == 0
    scored = json.loads(capsys.readouterr().out)
    assert s.result is not None
    assert scored == s.result
    lost = [x for x in s.state.losses if x.owner == "pink"]
    assert {x.row for x in lost} == {"A", "D"}
    assert scored["colours"]["pink"]["lost"] == -9 - 5      # row D as the owner corrected it
