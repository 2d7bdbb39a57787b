"""A game with secret "Rescued Islander" missions the rulebook does not print, and option 6,
played entirely over the link, reaches the record of the same game played on the buttons:
the link enters what each kept card pictures as the review's form does."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from flow.fog.drivers import PIN, AppDriver, BoxDriver
from flow.fog.fog_table import HOLD, OK
from fogkeeper.app.score_cmd import main as score_main
from fogkeeper.flow.fog.table import FogScreen

F = FogScreen
# what the box shows on the values screen for option 6, entered as they are on the buttons
TILES = {f"ind.{n}.{a}": v for n in ("blue", "green", "red")
         for a, v in zip("ABCD", (6, 5, 4, 2), strict=True)}


def ok(reply: dict[str, Any]) -> dict[str, Any]:
    assert reply["ok"], reply
    return reply


def on_the_buttons() -> AppDriver:
    t = AppDriver()
    t.press(OK).choose("Players", "2").choose("Rescued Isl.", "secret")
    t.choose("6 Indiv. boats", "on").go_to_row("Start game").press(OK)
    assert t.screen is F.VALUES
    t.go_to_row("Done").press(OK, OK)
    for _ in range(2):                         # each player keeps the first card
        t.press(HOLD, OK, OK)
    t.press(HOLD, OK, HOLD, OK, OK)            # the draft, then the early end
    for _ in range(8):
        if t.screen is F.REVIEW:
            break
        t.press(*((HOLD, OK) if t.screen is F.BOATS else (OK,)))
    for card in [c for cs in t.fog.s.kept.values() for c in cs]:
        t.go_to_row(f"Card {card}").press(OK)
        t.choose("RP", "9").choose("Islander 1", "commoner").go_to_row("Done").press(OK)
    t.go_to_row("Score the game").press(OK)
    assert t.screen is F.RESULTS, t.lines
    return t


def over_the_link(t: BoxDriver, seed: int) -> dict[str, Any]:
    ask = t.harness.request
    ok(ask("game.start", game="fog"))
    ok(ask("fog.setup", players=2, rescued_islanders="secret", individual_boat_scorings=True,
           values=TILES, seed=seed, pin=PIN))
    ok(ask("fog.continue"))
    for _ in range(2):
        ok(ask("fog.mission.show"))
        ok(ask("fog.mission.keep", choice=1))
    ok(ask("fog.draft.pick", count=99))
    ok(ask("fog.end_game"))
    state = ok(ask("fog.state"))
    for colour in [c for p in state["setup"]["players"] for c in p["colours"]]:
        ok(ask("fog.score.enter", colour=colour))
    cards = ok(ask("fog.state"))["to_picture"]
    assert len(cards) == 2
    refused = ask("fog.score.confirm")
    assert not refused["ok"] and "does not print card" in refused["error"]["message"]
    bad = ask("fog.mission.picture", card=cards[0], rp=9, islanders=[{"type": "pirate"}])
    assert not bad["ok"] and bad["error"]["code"] == "bad_args"
    for card in cards:
        reply = ok(ask("fog.mission.picture", card=card, rp=9,
                       islanders=[{"type": "commoner"}]))
        assert card not in reply["still_to_enter"]
    assert "to_picture" not in ok(ask("fog.state")) or not ok(ask("fog.state"))["to_picture"]
    return ok(ask("fog.score.confirm"))


def test_a_game_with_unprinted_missions_is_scored_over_the_link_as_on_the_buttons(
        empty_data: Path, tmp_path: Path) -> None:
    buttons = on_the_buttons()
    linked = BoxDriver(tmp_path / "link")
    reply = over_the_link(linked, buttons.fog.s.seed)
    assert reply["result"] == buttons.fog.s.result
    by_link = json.loads(Path(reply["record"]).read_text(encoding="utf-8"))
    by_buttons = buttons.effects.records[-1]
    for key in ("setup", "fog", "draws", "turns", "missions", "preparation_bonuses",
                "final_positions", "options"):
        assert by_link[key] == by_buttons[key], key
    assert by_link["missions"]["cards"] and by_link["setup"]["boat_scoring"] == {}
    path = empty_data / "record.json"
    path.write_text(json.dumps(by_link))
    assert score_main([str(path)]) == 0
