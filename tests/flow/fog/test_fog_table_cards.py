"""Cards from the table's own decks: entered by letter and number, checked against the deck's
make-up for this board; every card's full text on screen, at round start and on demand."""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

import pytest

from flow.fog.drivers import AppDriver
from flow.fog.fog_table import DOWN, HOLD, LEFT, OK, RIGHT, UP, B
from fogkeeper.flow.fog.menus import menu_rows
from fogkeeper.flow.fog.table import FogScreen
from fogkeeper.link.protocol import LinkError
from fogkeeper.rules.fog import FogCard, GuardianPick, card_text

F = FogScreen


def enter(t: AppDriver, card: str) -> None:
    assert t.screen is F.CARD, t.lines
    t.choose("letter", card[0]).choose("number", card[1:]).press(OK)


def table_game(**choices: str) -> AppDriver:
    t = AppDriver()
    t.press(OK).choose("Players", "2").choose("1 Hourglass", "off")
    for label, value in choices.items():
        t.choose(label.replace("_", " "), value)
    t.choose("Cards drawn by", "table").go_to_row("Start game").press(OK)
    assert t.screen is F.INFO
    return t


def test_the_rounds_event_is_shown_in_full_at_its_start_and_on_demand() -> None:
    t = AppDriver()
    t.press(OK).choose("Players", "2").choose("1 Hourglass", "off")
    t.choose("Events deck", "with calm").go_to_row("Start game").press(OK, OK, HOLD, OK)
    assert t.screen is F.TURN and t.fog.s.show_starts_turn
    event = t.fog.s.state.event
    assert event is not None
    wrapped = textwrap.wrap(card_text(t.fog.s.rules.cards.by_id(event)), 21)
    assert t.lines[0] == "Round 1 event" and t.lines[1] == f"> {wrapped[0]}"
    t.press(*[DOWN] * len(wrapped))
    assert t.lines[-2] == f"> {wrapped[-1]}"
    assert not any(line.endswith("...") for line in t.lines)
    t.press(OK)
    assert t.screen is F.TURN and not t.fog.s.show_starts_turn and t.lines[2].startswith("MP")
    assert [r.label for r in menu_rows(t.fog.s, F.SHOW)] == wrapped
    t.press(UP)
    assert t.screen is F.SHOW and t.fog.s.shown_card == event
    t.press(B)
    assert t.screen is F.TURN


def test_guardians_and_the_first_event_come_from_the_table() -> None:
    t = table_game(Guardians="B", Events_deck="without calm")
    players = [p.name for p in t.fog.s.players]
    t.press(OK)
    assert t.screen is F.CARD and t.lines[0].split(" [")[0] == f"{players[0]}'s Guardian"
    enter(t, "B01")
    assert t.screen is F.NOTICE and "card 01 carries the letter A (A01)" in " ".join(
        t.fog.s.notice)
    t.press(OK)
    enter(t, "A01")
    enter(t, "A01")
    assert t.screen is F.NOTICE and "another player's Guardian" in " ".join(t.fog.s.notice)
    t.press(OK)
    enter(t, "A04")
    assert t.fog.s.guardians == {players[0]: GuardianPick("A01", "B"),
                                 players[1]: GuardianPick("A04", "B")}
    assert t.screen is F.INFO
    t.press(OK, HOLD, OK)                     # the draft
    assert t.screen is F.CARD and t.lines[0].split(" [")[0] == "Round 1 event"
    enter(t, "B36")                           # Calm was taken out of this deck
    assert t.screen is F.NOTICE
    t.press(OK)
    enter(t, "A26")                           # Disaster: 5 MP this round
    assert t.screen is F.TURN and "Disaster" in " ".join(t.lines)
    t.press(OK)
    assert t.screen is F.TURN and t.lines[2].startswith("MP 5/5")
    assert t.fog.s.state.event == "A26" and t.fog.s.state.event_deck is not None
    assert t.fog.s.state.event_deck.order[0] == "A26"


def test_the_fog_card_is_entered_before_the_fog_step_it_drives() -> None:
    t = table_game(FOG_cards="standard")
    t.press(OK, HOLD, OK)
    for _ in range(60):
        if t.screen is F.CARD:
            break
        if t.screen is F.LOSSES:
            t.go_to_row("Done")
        t.press(OK)
    assert t.screen is F.CARD and t.lines[0].split(" [")[0] == "FOG card"
    assert t.fog.s.state.fog_position == 7
    enter(t, "C16")                           # the C cards are not in a standard deck
    assert t.screen is F.NOTICE and "not in this game's FOG Uncertainty deck" in " ".join(
        t.fog.s.notice)
    t.press(OK)
    fog = t.fog.s.rules.cards.by_id("B14")
    assert isinstance(fog, FogCard)
    enter(t, "B14")
    assert t.screen is F.FOG
    step = t.fog.s.last_step
    assert step is not None and step.card_id == "B14"
    assert step.to_position == 7 - fog.steps


def test_the_link_enters_a_card() -> None:
    t = table_game(Events_deck="with calm")
    t.press(OK, HOLD, OK)
    assert t.screen is F.CARD
    reply = t.fog.commands.call(t.fog, "card", {"card": "A19"})
    assert reply == {"screen": "turn", "deck": "events", "player": ""}
    assert t.fog.s.show_starts_turn and t.fog.s.state.event == "A19"


def test_kept_missions_are_entered_from_the_real_cards_at_the_score() -> None:
    t = table_game(Achievements="secret")
    players = [p.name for p in t.fog.s.players]
    t.press(OK)
    assert t.screen is F.DRAFT                # no box deal: the players hold their cards
    to_review(t)
    t.go_to_row("Kept missions").press(OK)
    assert t.screen is F.CARD and t.lines[0].split(" [")[0] == f"{players[0]}'s mission"
    enter(t, "B57")
    assert t.screen is F.NOTICE and "not used on board S" in " ".join(t.fog.s.notice)
    t.press(OK)
    enter(t, "A49")
    enter(t, "A49")
    assert t.screen is F.NOTICE and "entered already" in " ".join(t.fog.s.notice)
    t.press(OK)
    enter(t, "A52")
    assert t.screen is F.REVIEW and t.fog.s.kept == {players[0]: ["A49"],
                                                     players[1]: ["A52"]}


def test_the_mission_choice_reads_each_card_in_full_before_keeping() -> None:
    t = AppDriver()
    t.press(OK).choose("Players", "2").choose("Achievements", "secret")
    t.go_to_row("Start game").press(OK, OK, HOLD, OK)
    assert t.screen is F.HAND
    cards = t.fog.s.mission_deals[0].cards
    for i, card in enumerate(cards):
        t.press(RIGHT)
        rows = menu_rows(t.fog.s, F.HAND)
        text = card_text(t.fog.s.rules.cards.by_id(card))
        assert [r.label for r in rows] == textwrap.wrap(text, 21)
        assert t.frame.private and not any("..." in r.label for r in rows)
        t.press(*[DOWN] * len(rows), LEFT)
        assert t.fog.s.reading is False
        if i == 0:
            t.press(DOWN)
    t.press(OK)
    assert t.fog.s.kept[t.fog.s.mission_deals[0].player] == [cards[1]]


def to_fog_card(t: AppDriver) -> None:
    """Play on (the turns ended, the losses screens left) to the next FOG card to enter."""
    for _ in range(80):
        if t.screen is F.CARD:
            return
        if t.screen is F.LOSSES:
            t.go_to_row("Done")
        t.press(OK)
    raise AssertionError(f"no FOG card asked for: {t.lines}")


def test_the_tables_fog_deck_may_hold_a12_and_a13() -> None:
    """Any 5 of the 7 alike A cards make the deck: A12 and A13 mid-game, on the joystick;
    the same card twice, or a sixth A card, is refused and changes nothing."""
    t = table_game(FOG_cards="standard")
    t.press(OK, HOLD, OK)
    entered = []
    for card in ("A12", "A13", "A07", "A12", "A08", "A09", "A11"):
        to_fog_card(t)
        position = t.fog.s.state.fog_position
        enter(t, card)
        if card in entered or len(entered) == 5:
            assert t.screen is F.NOTICE, t.lines
            why = " ".join(t.fog.s.notice)
            assert ("already face up" in why if card in entered
                    else "holds 5 \"A\" cards, all turned over" in why), why
            assert t.fog.s.state.fog_position == position
            t.press(OK)
            continue
        entered.append(card)
        assert t.screen is F.FOG, t.lines
        step = t.fog.s.last_step
        assert step is not None and step.card_id == card and step.to_position == position - 1
    assert t.fog.s.state.fog_deck is not None
    assert t.fog.s.state.fog_deck.order[:5] == ("A12", "A13", "A07", "A08", "A09")


def test_the_link_enters_a_fog_card_the_box_did_not_expect() -> None:
    t = table_game(FOG_cards="with c")
    t.press(OK, HOLD, OK)
    to_fog_card(t)
    reply = t.fog.commands.call(t.fog, "card", {"card": "A13"})
    assert reply["deck"] == "fog" and t.fog.s.last_step is not None
    assert t.fog.s.last_step.card_id == "A13"


def test_a_fog_speed_card_is_entered_with_the_steps_it_shows(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The rulebook prints only "FOG Speed 0/2": the box's 0 for B14 is assumed, and
    "B14 shows 2" moves the FOG 2 steps; the record keeps it, `fogkeeper score` agrees."""
    from fogkeeper.app.score_cmd import main as score_main
    from fogkeeper.flow.fog import scoring

    t = table_game(FOG_cards="standard")
    t.press(OK, HOLD, OK)
    to_fog_card(t)
    t.choose("letter", "B").choose("number", "14")
    assert "  steps: assumed 0" in t.lines and "assumed" in " ".join(t.lines), t.lines
    t.image.resize((512, 256)).save(tmp_path / "card.png")
    t.choose("steps", "2").press(OK)
    assert t.screen is F.FOG and "FOG card B14: 2 step" in t.lines[0], t.lines
    step = t.fog.s.last_step
    assert step is not None and (step.from_position, step.to_position) == (7, 5)
    assert step.to_dict() == {"from": 7, "to": 5, "steps": 2, "rows": ["B", "C"],
                              "card": "B14", "shown": True}
    for _ in range(80):      # on to the end, each FOG card entered with what the box assumes
        if t.screen is F.CARD:
            t.press(OK) if t.lines[0].split(" [")[0] == "FOG card" else None
            if t.screen is F.NOTICE:
                t.press(OK, RIGHT, OK)
            continue
        if t.screen is F.LOSSES:
            t.go_to_row("Done")
        if t.fog.s.state.phase == "over":
            break
        t.press(OK)
    record = scoring.build_record(t.fog.s)
    assert record["fog"]["steps"][-1] == step.to_dict() or step.to_dict() in record["fog"][
        "steps"]
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record))
    capsys.readouterr()
    assert score_main([str(path), "--json", "--lenient"]) == 0
    scored = json.loads(capsys.readouterr().out)
    assert scored == scoring.score(t.fog.s, anyway=True)[1].to_dict()


def test_the_link_says_the_steps_a_fog_card_shows() -> None:
    t = table_game(FOG_cards="standard")
    t.press(OK, HOLD, OK)
    to_fog_card(t)
    before = t.fog.s.state
    with pytest.raises(LinkError, match=r"B15 \(FOG Speed 0/2\) shows 0 or 2 steps, not 1"):
        t.fog.commands.call(t.fog, "card", {"card": "B15", "steps": 1})
    assert t.fog.s.state == before and t.screen is F.CARD    # refused: nothing changed
    with pytest.raises(LinkError, match=r"A09 \(FOG Speed 1\) shows 1 step, not 2"):
        t.fog.commands.call(t.fog, "card", {"card": "A09", "steps": 2})
    t.fog.commands.call(t.fog, "card", {"card": "B15", "steps": 0})
    step = t.fog.s.last_step
    assert step is not None and step.steps == 0 and step.shown and step.to_position == 7


def test_the_cursor_stays_where_the_player_left_it_after_a_notice_or_a_card() -> None:
    """The review: after a refused card, a card entry and the quit question the cursor is
    back on the row the player left; the next OK never opens (and changes) Pink's boats."""
    t = table_game(Achievements="secret")
    t.press(OK)
    to_review(t)
    t.go_to_row("Kept missions").press(OK)
    t.choose("letter", "B").choose("number", "57").press(OK)
    assert t.screen is F.NOTICE
    t.press(OK)                               # the notice read: back on the number row
    assert t.screen is F.CARD and t.cursor_label() == "number: 57"
    enter(t, "A49")
    enter(t, "A52")
    assert t.screen is F.REVIEW and t.cursor_label().startswith("Kept missions")
    t.press(HOLD, B, B)                       # the quit question, and back
    assert t.screen is F.REVIEW and t.cursor_label().startswith("Kept missions")
    t.press(OK)                               # the missions again, never Pink's boats
    assert t.screen is F.CARD and t.fog.s.final == {}


def to_review(t: AppDriver) -> None:
    """From the draft of a table-drawn game: the draft, the early end, the boats passed."""
    t.press(HOLD, OK, HOLD, OK, OK)
    for _ in range(8):
        if t.screen is F.REVIEW:
            break
        t.press(*((HOLD, OK) if t.screen is F.BOATS else (OK,)))
