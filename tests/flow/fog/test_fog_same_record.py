"""One game of The FOG played twice, once entirely on the joystick and once entirely over the
link (in-process, no press at all), ends in the same game record: the table draws every card
from its own decks (events, FOG cards, the "Rescued Islander" missions each player kept),
option 6 with the Individual Boat Scoring tiles the table drew, a loss, the final boats, and
what each kept mission card pictures (the rulebook prints none of 37-48)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from flow.fog.drivers import AppDriver
from flow.fog.fog_table import HOLD, OK
from flow.fog.scripts import score_colour
from fogkeeper.app.score_cmd import main as score_main
from fogkeeper.flow.fog.fog_step import loss_colour, step_rows
from fogkeeper.flow.fog.session import Pictured
from fogkeeper.flow.fog.table import FogScreen
from fogkeeper.link.protocol import LinkError

F = FogScreen
EVENTS = [f"A{n}" for n in range(18, 36)] + ["B36"]
FOG_CARDS = ["A07", "A08", "B14", "A09", "A10", "B15", "A11"]
MISSIONS = ["A37", "A42"]          # Pink's kept card, then Yellow's
BOATS = ("blue", "green", "red")   # the boats a 2-player game on board S sails
# option 6: each boat's four tiles as the table drew them (some unlike the usual 6 5 4 2)
TILES = {f"ind.{n}.{a}": v for n in BOATS for a, v in zip("ABCD", (6, 5, 4, 2), strict=True)}
TILES.update({"ind.blue.A": 8, "ind.green.C": 7, "ind.red.B": 7})
LOSS = {"owner": "pink", "row": "A", "nation": "blue", "type": "sailor"}
FINAL: dict[str, list[tuple[str, str, str]]] = {
    "pink": [("blue A", "blue", "warrior"), ("red pier", "red", "commoner")],
    "yellow": [("green C", "green", "commoner")],
    "black": [("red B", "red", "sailor")],
    "white": [],
}
BONUSES = {"pink": [6], "yellow": [5]}
PICTURE = {"rp": 9, "islanders": [{"type": "commoner"}]}   # what each kept card shows


class Decks:
    """The table's physical decks, turned over one card at a time."""

    def __init__(self) -> None:
        self.cards: dict[str, Iterator[str]] = {
            "events": iter(EVENTS), "fog": iter(FOG_CARDS),
            "rescued_islanders": iter(MISSIONS)}

    def draw(self, deck: str) -> str:
        return next(self.cards[deck])


def place(where: str) -> str:
    nation, spot = where.split()
    return f"pier:{nation}" if spot == "pier" else f"boat:{nation}:{spot}"


# ---- the joystick ------------------------------------------------------------------------------
def enter(t: AppDriver, card: str) -> None:
    t.choose("letter", card[0]).choose("number", card[1:]).press(OK)


def on_the_joystick() -> AppDriver:
    t = AppDriver()
    t.press(OK).choose("Players", "2").choose("1 Hourglass", "off")
    t.choose("Events deck", "with calm").choose("FOG cards", "standard")
    t.choose("Rescued Isl.", "secret").choose("6 Indiv. boats", "on")
    t.choose("Cards drawn by", "table").go_to_row("Start game").press(OK)
    assert t.screen is F.VALUES
    for key, value in TILES.items():
        _, nation, row = key.split(".")
        t.choose(f"{nation} {row}", str(value))
    t.go_to_row("Done").press(OK)
    decks, lost = Decks(), False
    for _ in range(400):
        if t.screen is F.BOATS:
            break
        if t.screen is F.CARD:
            enter(t, decks.draw(t.fog.s.card_queue[0].deck))
        elif t.screen is F.DRAFT:
            t.press(HOLD, OK)
        elif t.screen is F.LOSSES:
            if not lost and loss_colour(t.fog.s) == LOSS["owner"] and (
                    LOSS["row"] in step_rows(t.fog.s)):
                t.go_to_row("+ add").press(OK)
                t.choose("row", LOSS["row"]).choose("nation", LOSS["nation"])
                t.choose("type", LOSS["type"]).press(OK)
                lost = True
            t.go_to_row("Done").press(OK)
        else:                     # the info, a turn, a FOG step, the round's question
            t.press(OK)
    assert lost and t.screen is F.BOATS, t.lines
    for _ in FINAL:
        score_colour(FINAL, BONUSES)(t)
    assert t.screen is F.REVIEW, t.lines
    t.go_to_row("Kept missions").press(OK)
    for _ in MISSIONS:
        assert t.screen is F.CARD, t.lines
        enter(t, decks.draw("rescued_islanders"))
    for card in MISSIONS:
        t.go_to_row(f"Card {card}").press(OK)
        assert t.screen is F.PICTURE
        t.choose("RP", str(PICTURE["rp"])).choose("Islander 1", "commoner")
        t.go_to_row("Done").press(OK)
    t.go_to_row("Score the game").press(OK)
    assert t.screen is F.RESULTS, t.lines
    return t


# ---- the link ----------------------------------------------------------------------------------
def over_the_link() -> AppDriver:
    t = AppDriver()
    t.press(OK)   # the host started The FOG: its checklist shows

    def ok(command: str, **args: object) -> dict[str, Any]:
        return dict(t.fog.commands.call(t.fog, command, args))

    ok("setup", players=2, hourglass=False, events="with_calm", fog_cards="standard",
       rescued_islanders="secret", individual_boat_scorings=True, values=TILES,
       draws="table")
    decks, lost = Decks(), False
    for _ in range(400):
        screen = ok("state")["screen"]
        if screen == "boats":
            break
        if screen == "card":
            ok("card", card=decks.draw(t.fog.s.card_queue[0].deck))
        elif screen == "draft":
            ok("draft.pick", count=99)
        elif screen == "turn":
            ok("end_turn")
        elif screen == "fog" and t.fog.s.last_step and t.fog.s.last_step.rows_swallowed:
            rows = t.fog.s.last_step.rows_swallowed
            losses = [] if lost or LOSS["row"] not in rows else [LOSS]
            lost = lost or bool(losses)
            ok("losses", losses=losses)
        else:
            ok("continue")
    assert lost and t.screen is F.BOATS, t.lines
    for colour, islanders in FINAL.items():
        ok("score.enter", colour=colour, bonuses=BONUSES.get(colour, []),
           islanders=[{"at": place(w), "nation": n, "type": k} for w, n, k in islanders])
    asks = ok("score.missions")["asks"]
    assert asks == [{"deck": "rescued_islanders", "player": p} for p in ("Pink", "Yellow")]
    for _ in asks:
        ok("card", card=decks.draw("rescued_islanders"))
    assert ok("state")["to_picture"] == MISSIONS
    for card in MISSIONS:
        ok("mission.picture", card=card, **PICTURE)
    ok("score.confirm")
    assert t.screen is F.RESULTS, t.lines
    return t


def test_the_joystick_and_the_link_reach_the_same_record(
        empty_data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``empty_data``: the box knows none of the cards 37-48, as most tables' boxes."""
    joystick, link = on_the_joystick(), over_the_link()
    by_joystick, by_link = joystick.effects.records[-1], link.effects.records[-1]
    s = joystick.fog.s
    assert s.individual["blue"] == {"A": 8, "B": 5, "C": 4, "D": 2}
    assert by_joystick["draws"]["fog"] == FOG_CARDS[:len(by_joystick["draws"]["fog"])]
    assert by_joystick["missions"]["cards"]["A37"] == {
        "rp": 9, "islanders": [{"type": "commoner", "nation": "any"}]}
    assert s.pictured["A42"] == Pictured(9, ("commoner:any", "-", "-"))
    assert by_joystick == by_link
    assert joystick.fog.s.result == link.fog.s.result
    # the record holds no time of day: nothing must differ, so nothing is left out above;
    # and `fogkeeper score` reads it as the box scored it
    path = empty_data / "record.json"
    path.write_text(json.dumps(by_link), encoding="utf-8")
    capsys.readouterr()
    assert score_main([str(path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == link.fog.s.result


def test_the_kept_missions_are_asked_only_where_the_table_drew_them() -> None:
    """The box dealt the missions: it knows each kept card, and the link's ask is refused,
    changing nothing (the review has no "Kept missions" row either)."""
    t = AppDriver()
    t.press(OK)

    def ok(command: str, **args: object) -> dict[str, Any]:
        return dict(t.fog.commands.call(t.fog, command, args))

    ok("setup", players=2, hourglass=False, rescued_islanders="secret")
    ok("continue")
    for _ in range(2):
        ok("mission.show")
        ok("mission.keep", choice=1)
    ok("draft.pick", count=99)
    ok("end_game")
    for colour in FINAL:
        ok("score.enter", colour=colour)
    before = t.lines
    with pytest.raises(LinkError) as refused:
        ok("score.missions")
    assert refused.value.code == "not_now" and "drawn by the table" in refused.value.message
    assert t.lines == before and not any("Kept missions" in line for line in before)
