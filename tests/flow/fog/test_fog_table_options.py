"""Table options the box offers: Flex's +1, 6 players as 2 teams of 3, Guardians in solo,
Cunning A's 2nd/3rd Swap and the free Runs in the MP helper, fog.setup's every field."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

from flow.fog.drivers import AppDriver
from flow.fog.fog_table import HOLD, OK, RIGHT, B
from fogkeeper.flow.fog.table import FogScreen
from fogkeeper.link.protocol import LinkError
from fogkeeper.rules.fog import GuardianPick

F = FogScreen


def start(**choices: str) -> AppDriver:
    t = AppDriver()
    t.press(OK)
    for label, value in choices.items():
        t.choose(label.replace("_", " "), value)
    t.choose("1 Hourglass", "off").go_to_row("Start game").press(OK)
    if t.screen is F.VALUES:          # a scenario's Boat Scorings, checked against the tiles
        t.go_to_row("Done").press(OK)
    return t


def to_turn(t: AppDriver) -> None:
    for _ in range(20):
        if t.screen is F.TURN:
            return
        t.press(*((HOLD, OK) if t.screen in (F.DRAFT, F.PASS) else (OK,)))
    raise AssertionError(t.lines)


def test_the_flex_board_may_start_the_fog_one_higher() -> None:
    t = start(Board="F", Players="3", **{"FOG start +1": "on"})
    assert t.fog.s.state.setup.fog_start == 11


def test_six_players_play_as_two_teams_of_three() -> None:
    t = start(Board="L", Players="6", **{"8 Teams": "sum"}, Team_size="3")
    assert [len(team) for team in t.fog.s.teams] == [3, 3]


def test_a_solo_game_may_have_its_guardian() -> None:
    t = start(Mode="solo", Scenario="example", Guardians="A")
    assert list(t.fog.s.guardians) == ["Solo"]


def cost(t: AppDriver, **args: Any) -> dict[str, Any]:
    return t.fog.commands.call(t.fog, "cost", args)


def test_cunning_a_prices_the_2nd_and_3rd_swap_of_an_islander() -> None:
    t = start(Players="2", Guardians="A")
    to_turn(t)
    player = t.fog.s.player_of(t.fog.s.state.setup.entries[0])
    t.fog.s.guardians[player] = GuardianPick("A02", "A")
    assert cost(t, move="swap", swap_number=1)["mp"] == 3
    assert cost(t, move="swap", swap_number=2)["mp"] == 2
    assert cost(t, move="swap", swap_number=4)["mp"] == 3
    t.press(RIGHT).choose("move", "swap").choose("swap number", "3")
    assert t.lines[-2].endswith(": 2 MP")


def test_endurance_gets_its_free_run_in_the_helper() -> None:
    t = start(Players="2")
    to_turn(t)
    assert cost(t, move="run", characteristic="endurance", free_run="endurance")["mp"] == 0
    refused = cost(t, move="run", characteristic="push", free_run="endurance")
    assert refused["allowed"] is False
    t.press(RIGHT).choose("characteristic", "endurance").choose("move", "run")
    t.choose("free run", "endurance")
    assert "0 MP" in t.lines[-2] and "free Run" in t.lines[-2]


def test_fog_setup_honours_scenario_and_refuses_a_multiplayer_fog_start() -> None:
    t = AppDriver()
    t.press(OK)
    reply = t.fog.commands.call(t.fog, "setup", {"mode": "solo", "scenario": "S001"})
    assert reply["setup"]["fog_start"] == 9 and t.fog.s.setup["crew_rp"] == 20
    again = AppDriver()
    again.press(OK)
    for args, words in (({"fog_start": 10}, "'fog_start' is the solo scenario's"),
                        ({"mode": "solo", "scenario": "nope"}, "'scenario' 'nope'")):
        try:
            again.fog.commands.call(again.fog, "setup", args)
        except LinkError as exc:
            assert words in str(exc)
        else:
            raise AssertionError(f"{args} was accepted")
    assert again.screen is F.SETUP


def test_missions_may_be_dealt_after_the_draft() -> None:
    t = start(Players="2", Achievements="secret", Missions="after draft")
    t.press(OK)
    assert t.screen is F.DRAFT
    t.press(HOLD, OK)
    assert t.screen is F.PASS
    for _ in range(2):
        t.press(HOLD, OK, OK)
    assert t.screen in (F.TURN, F.SHOW) and len(t.fog.s.kept) == 2


def test_each_player_may_play_their_own_guardian_side() -> None:
    t = start(Players="2", Guardians="per player", Side_P2="B")
    sides = {p: g.side for p, g in t.fog.s.guardians.items()}
    names = [p.name for p in t.fog.s.players]
    assert sides == {names[0]: "A", names[1]: "B"}


def test_past_games_are_listed_on_the_box(empty_data: Path) -> None:
    tmp_path = empty_data
    (tmp_path / "records").mkdir()
    data = Path(__file__).resolve().parents[2] / "data" / "fog"
    shutil.copy(data / "multiplayer_example.json",
                tmp_path / "records" / "fog-20261201-201500.json")
    t = AppDriver()
    t.press(OK).go_to_row("Past games").press(OK)
    assert t.screen is F.HISTORY and t.lines[1] == "> 12-01 S Pink 30"
    t.press(B)
    assert t.screen is F.SETUP
