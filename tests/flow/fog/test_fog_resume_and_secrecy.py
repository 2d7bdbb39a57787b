"""Power cuts in the middle of a game of The FOG, and the secret missions staying secret."""

from __future__ import annotations

import json
import logging
from pathlib import Path
from typing import Any

import pytest

from flow.fog.drivers import BoxDriver
from flow.fog.fog_table import OK
from flow.fog.scripts import four_player_game
from fogkeeper.flow.app import Screen
from fogkeeper.flow.fog.menus import mission_text
from fogkeeper.flow.fog.session import rules_for

STEPS = four_player_game()
CUTS = [2, 6, 30, len(STEPS) - 3]   # checklist, missions, turns, mid scoring


def play(t: BoxDriver, steps: list[Any]) -> None:
    for step in steps:
        step(t)


@pytest.fixture(scope="module")
def uninterrupted(box_game: BoxDriver) -> dict[str, Any]:
    t = box_game
    record = json.loads(Path(t.fog.s.record_path).read_text(encoding="utf-8"))
    return {"record": record, "result": t.fog.s.result}


@pytest.mark.parametrize("cut", CUTS)
def test_a_power_cut_resumes_the_same_game(tmp_path: Path, cut: int,
                                           uninterrupted: dict[str, Any]) -> None:
    first = BoxDriver(tmp_path)
    play(first, STEPS[:cut])
    screen_before = first.lines
    decks_before = first.fog.s.game
    # no close, no save: the plug is pulled; the box saved after each step on its own
    second = BoxDriver(tmp_path)
    assert second.harness.box.app.state is Screen.RESUME
    second.press(OK)
    assert second.fog.screen.value == first.fog.screen.value
    if "hourglass" not in " ".join(screen_before):   # a running glass comes back paused
        assert second.lines == screen_before
    assert second.fog.s.game == decks_before
    play(second, STEPS[cut:])
    record = json.loads(Path(second.fog.s.record_path).read_text(encoding="utf-8"))
    assert record["draws"] == uninterrupted["record"]["draws"]
    assert record["fog"] == uninterrupted["record"]["fog"]
    assert record["final_positions"] == uninterrupted["record"]["final_positions"]
    assert second.fog.s.result == uninterrupted["result"]


def test_no_mission_leaks_before_the_score(tmp_path: Path,
                                           caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    t = BoxDriver(tmp_path)
    play(t, STEPS[:-1])
    replies = [t.harness.request("fog.state"), t.harness.request("state")]
    dealt = [card for deal in t.fog.s.mission_deals for card in deal.cards]
    assert len(dealt) == 8
    rules = rules_for("S")
    secrets = [card for card in dealt] + [mission_text(rules, card) for card in dealt]
    link_text = json.dumps(t.harness.link.lines) + json.dumps(replies)
    frames_text = json.dumps(t.seen)
    for secret in secrets:
        assert secret not in link_text
        assert secret not in frames_text
        assert secret not in caplog.text
    assert all(k == "player" for e in t.harness.link.events("fog.mission.kept") for k in e
               if k != "event")
    play(t, STEPS[-1:])   # scored: now everyone may see what was kept
    kept = [card for cards in t.fog.s.kept.values() for card in cards]
    assert all(card in json.dumps(t.harness.request("fog.result")) for card in kept)


def test_the_hand_screen_shows_the_cards_on_the_panel_only(tmp_path: Path) -> None:
    t = BoxDriver(tmp_path)
    play(t, STEPS[:3])
    t.harness.hold(OK)
    assert t.lines[1] == "> card 1 (on the panel only)"
    assert t.image.getbbox() is not None
    shown = t.harness.request("screen")
    assert shown["ok"] and "png" not in shown and t.harness.box.frame is not None
    assert t.harness.box.frame.private


def test_no_reply_or_event_carries_the_seed_the_missions_are_dealt_from(tmp_path: Path) -> None:
    from support.box import BoxHarness

    h = BoxHarness(tmp_path)
    assert h.request("game.start", game="fog")["ok"]
    seed = h.box.app.game.s.seed  # type: ignore[union-attr]
    h.request("fog.state")
    h.request("state")
    h.request("fog.setup", players=4, rescued_islanders="secret")
    h.request("fog.continue")
    h.request("fog.state")
    h.request("state")
    sent = json.dumps(h.link.lines)
    assert '"seed"' not in sent and str(seed) not in sent


def yellow_then_black_with_the_glass(folder: Path) -> BoxDriver:
    """Three players over the link with the hourglass: Yellow ended, Black's turn 20 s in."""
    from flow.fog.drivers import PIN

    t = BoxDriver(folder)
    ask = t.harness.request
    for cmd, args in (("game.start", {"game": "fog"}),
                      ("fog.setup", {"players": 3, "seed": 7, "pin": PIN, "hourglass": True}),
                      ("fog.continue", {}), ("fog.draft.pick", {"count": 99}),
                      ("fog.end_turn", {})):
        assert ask(cmd, **args)["ok"], cmd
    t.wait(20)
    state = ask("fog.state")
    assert state["turn"]["entry"] == "black" and state["hourglass"]["seconds_left"] == 40
    return t


def test_a_resumed_turn_keeps_its_time_and_its_player_over_the_link(tmp_path: Path) -> None:
    """The plug pulled 20 s into Black's turn, the box back 5 s later: the turn comes back
    with the 35 s the glass had then, and a press of OK goes on with Black's turn."""
    yellow_then_black_with_the_glass(tmp_path)
    # no close, no save: the plug is pulled (the box saved at the start of the turn)
    again = BoxDriver(tmp_path)
    again.wait(5)
    ask = again.harness.request
    assert ask("session.resume")["ok"]
    state = ask("fog.state")
    assert state["turn"]["entry"] == "black" and state["turn"]["turn_no"] == 2
    assert state["hourglass"] == {"phase": "paused", "seconds_left": 35.0}
    assert "hourglass 0:35 paused" in again.lines and "resumed: OK go on" in again.lines
    assert ask("press", button="press")["ok"]       # OK: goes on, ends nothing
    state = ask("fog.state")
    assert state["turn"]["entry"] == "black" and state["turn"]["turn_no"] == 2
    assert state["hourglass"]["phase"] == "running"
    again.wait(10)
    assert ask("fog.state")["hourglass"]["seconds_left"] == 25
    assert "OK end v-1MP > cost" in again.lines
    assert ask("press", button="press")["ok"]       # now OK ends Black's turn, as before
    assert ask("fog.state")["turn"]["turn_no"] == 3


def test_a_resumed_turn_is_not_ended_by_the_second_ok_on_the_joystick(tmp_path: Path) -> None:
    yellow_then_black_with_the_glass(tmp_path).wait(12)
    again = BoxDriver(tmp_path)
    assert again.harness.box.app.state is Screen.RESUME
    again.press(OK, OK)                              # resume, and OK once more
    assert again.fog.screen.value == "turn"
    assert again.lines[1] == "BLACK" and again.lines[3] == "hourglass 0:28"
    assert again.fog.glass is not None and again.fog.glass.phase.value == "running"
