"""Nothing the link says is made up: a tile value the table must enter is asked for by name,
the box lists only the scorings the options really use, and the state shows no card the
table has not turned over."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from flow.fog.drivers import PIN, AppDriver, BoxDriver
from flow.fog.fog_table import OK
from fogkeeper.flow.fog.table import FogScreen

F = FogScreen
BOATS_S = ("blue", "green", "red")   # the boats a 2-player game on board S sails


def ok(reply: dict[str, Any]) -> dict[str, Any]:
    assert reply["ok"], reply
    return reply


def refused(reply: dict[str, Any]) -> str:
    assert not reply["ok"] and reply["error"]["code"] == "bad_args", reply
    return str(reply["error"]["message"])


def option_6_tiles() -> dict[str, int]:
    """Each boat's four Individual Boat Scorings, as a table might draw them."""
    return {f"ind.{n}.{a}": v + i for i, n in enumerate(BOATS_S)
            for a, v in zip("ABCD", (7, 5, 3, 1), strict=True)}


@pytest.mark.parametrize("args,named", [
    ({"individual_boat_scorings": True}, ("option 6", "ind.blue.A", "ind.red.D")),
    ({"boat_area_scoring": True}, ("option 2", "area.A", "area.D")),
    ({"beach_scoring": "B"}, ("option 7B", "beach.A")),
])
def test_a_link_setup_without_the_tables_tiles_is_refused_naming_them(
        tmp_path: Path, args: dict[str, Any], named: tuple[str, ...]) -> None:
    t = BoxDriver(tmp_path)
    ok(t.harness.request("game.start", game="fog"))
    message = refused(t.harness.request("fog.setup", players=2, **args))
    for words in named:
        assert words in message, message
    assert t.fog.screen is F.SETUP and t.fog.s.game is None


def test_option_6_over_the_link_scores_the_tiles_given_and_lists_no_boat_scoring(
        tmp_path: Path) -> None:
    t = BoxDriver(tmp_path)
    ask = t.harness.request
    ok(ask("game.start", game="fog"))
    tiles = option_6_tiles()
    assert "no tile ind.pink.A" in refused(ask("fog.setup", players=2,
                                                individual_boat_scorings=True,
                                                values={**tiles, "ind.pink.A": 3}))
    reply = ok(ask("fog.setup", players=2, individual_boat_scorings=True, values=tiles))
    assert reply["setup"]["boat_scoring"] == {}       # option 6 drops the Boat Scoring
    assert t.fog.s.individual["green"] == {"A": 8, "B": 6, "C": 4, "D": 2}
    assert "  Boat Scoring: dropped" in t.lines
    assert "  green A-D: 8 6 4 2" in t.lines


def test_the_info_screen_lists_option_6s_tiles_not_the_boat_scoring_it_drops() -> None:
    t = AppDriver()
    t.press(OK).choose("Players", "2").choose("6 Indiv. boats", "on")
    t.go_to_row("Start game").press(OK)
    assert t.screen is F.VALUES
    labels = [line[2:].split(":")[0] for line in t.lines if line[:2] in ("> ", "  ")]
    assert not any(label.startswith("Area ") for label in labels), t.lines
    t.go_to_row("Done").press(OK)
    assert t.screen is F.INFO
    shown = [line[2:] for line in t.lines]
    assert "Boat Scoring: dropped" in shown, t.lines
    assert "blue A-D: 6 5 4 2" in shown


def test_the_state_shows_no_event_before_the_table_turns_it_over(tmp_path: Path) -> None:
    t = BoxDriver(tmp_path)
    ask = t.harness.request
    ok(ask("game.start", game="fog"))
    ok(ask("fog.setup", players=2, hourglass=False, events="with_calm", draws="table",
           seed=3, pin=PIN))
    ok(ask("fog.continue"))
    ok(ask("fog.draft.pick", count=99))
    state = ok(ask("fog.state"))
    assert state["screen"] == "card"
    assert state["turn"]["event"] is None, state["turn"]
    ok(ask("fog.card", card="A20"))
    assert ok(ask("fog.state"))["turn"]["event"] == "A20"
