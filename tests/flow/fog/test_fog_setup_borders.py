"""The FOG's checklist at its borders: the link, the remembered preset, a saved game.

Every key is declared once (``flow/fog/setup.py``); what a user would notice is checked here:
a bad ``fog.setup`` is refused naming the key and the words allowed and keeps nothing (not
the checklist, not the preset), a bad preset never blocks a game, a saved game restores with
the same checklist for every choice, and one that does not fit is refused by name.
"""

from __future__ import annotations

import json
import logging
from dataclasses import fields
from pathlib import Path
from typing import Any

import pytest

from flow.fog.drivers import AppDriver, BoxDriver
from flow.fog.fog_table import OK
from fogkeeper.flow.fog import FogFlow
from fogkeeper.flow.fog import setup as checklist
from fogkeeper.flow.fog.setup import (
    BOARD_CHECK,
    DEFAULT_SETUP,
    HISTORY,
    START,
    problems,
    rows,
    set_value,
    settle,
)
from fogkeeper.flow.fog.table import FogScreen
from fogkeeper.flow.kit.session import SessionError
from fogkeeper.rules.fog import Options
from fogkeeper.rules.fog.options import CHOICES

ROOT = Path(__file__).resolve().parents[3]
BAD = [({"players": 3, "rescued_islanders": "off"}, "rescued_islanders",
         '"" (off), secret, open'),
       ({"events": "bogus"}, "events", '"" (off), with_calm, without_calm'),
       ({"drive_off": "maybe"}, "drive_off", '"" (off), family, advanced, intensive'),
       ({"fog_cards": "lots"}, "fog_cards", '"" (off), standard, with_c'),
       ({"guardians": "Z"}, "guardians", '"" (off), A, B, per_player'),
       ({"board": "S", "players": 6}, "players", "2, 3, 4"),
       ({"players": 3, "start": "P4"}, "start", "draw, P1, P2, P3"),
       ({"mode": "solo", "guardians": "per_player"}, "guardians", '"" (off), A, B'),
       ({"colours": ["pink", "red"]}, "colours[1]", "pink, yellow, black")]


def _presets(folder: Path) -> bytes | None:
    path = folder / "presets.json"
    return path.read_bytes() if path.exists() else None


@pytest.mark.parametrize(("args", "key", "words"), BAD)
def test_a_refused_fog_setup_keeps_nothing_and_the_box_still_starts(
        tmp_path: Path, args: dict[str, Any], key: str, words: str) -> None:
    t = BoxDriver(tmp_path)
    assert t.harness.request("game.start", game="fog")["ok"]
    checklist, shown, presets = dict(t.fog.s.setup), t.lines, _presets(tmp_path)

    reply = t.harness.request("fog.setup", **args)

    assert reply["error"]["code"] == "bad_args"
    message = reply["error"]["message"]
    assert message.startswith(f"fog.setup: argument '{key}' must be one of: {words}"), message
    assert t.fog.screen is FogScreen.SETUP
    assert t.fog.s.setup == checklist and t.lines == shown
    assert _presets(tmp_path) == presets
    t.go_to_row("Start game").press(OK)   # and the box's own Start game is not blocked
    assert t.fog.screen is FogScreen.INFO, t.lines


def test_a_refused_fog_setup_leaves_the_remembered_preset_byte_identical(
        tmp_path: Path) -> None:
    t = BoxDriver(tmp_path)
    ask = t.harness.request
    assert ask("game.start", game="fog")["ok"]
    assert ask("fog.setup", players=3, hourglass=True, events="with_calm")["ok"]
    kept = _presets(tmp_path)
    assert kept is not None and json.loads(kept)["fog"]["events"] == "with_calm"
    t.harness.close()
    t = BoxDriver(tmp_path)
    if t.harness.box.app.state.name == "RESUME":
        t.press("hold", OK)    # discard the game: the checklist comes from the preset
    assert t.harness.request("game.start", game="fog")["ok"]
    before = dict(t.fog.s.setup)
    assert before["players"] == 3 and before["events"] == "with_calm"
    for args, _key, _words in BAD:
        assert not t.harness.request("fog.setup", **args)["ok"]
        assert t.fog.s.setup == before
        assert _presets(tmp_path) == kept
    assert "  Guardians: off" in t.lines and "  Events deck: with calm" in t.lines


def test_a_bad_preset_never_blocks_a_game(tmp_path: Path,
                                          caplog: pytest.LogCaptureFixture) -> None:
    tmp_path.mkdir(exist_ok=True)
    (tmp_path / "presets.json").write_text(json.dumps({"fog": {
        "events": "bogus", "players": 3, "guardians": "Z", "drive_off": 7, "colour": "red",
        "fog_cards": "standard"}}), encoding="utf-8")
    caplog.set_level(logging.WARNING)
    t = BoxDriver(tmp_path)
    assert t.harness.request("game.start", game="fog")["ok"]
    setup = t.fog.s.setup
    assert setup["events"] == "" and setup["guardians"] == "" and setup["drive_off"] == ""
    assert setup["players"] == 3 and setup["fog_cards"] == "standard"   # the rest is kept
    assert "  Events deck: off" in t.lines and "  Players: 3" in t.lines
    logged = caplog.text
    for key in ("events", "guardians", "drive_off", "colour"):
        assert f"'{key}'" in logged, logged
    t.go_to_row("Start game").press(OK)
    assert t.fog.screen is FogScreen.INFO, t.lines


def _flow_on_setup() -> FogFlow:
    t = AppDriver()
    t.press(OK)
    assert t.fog.screen is FogScreen.SETUP
    return t.fog


def _setups() -> list[dict[str, Any]]:
    """Every choice of every checklist row, from a few checklists that show them all."""
    bases = [settle({**DEFAULT_SETUP, **given}) for given in (
        {}, {"board": "L", "players": 2}, {"board": "L", "players": 6, "team_scoring": "sum"},
        {"board": "M", "guardians": "per_player"}, {"board": "F", "fog_cards": "standard"},
        {"rescued_islanders": "secret"},
        {"mode": "solo"}, {"mode": "solo", "board": "M", "events": "with_calm"})]
    found = []
    for base in bases:
        for row in rows(base):
            if row in (START, HISTORY, BOARD_CHECK):
                continue
            for choice in row.choices(base):
                setup = set_value(base, row, choice)
                if not problems(setup) and setup not in found:
                    found.append(setup)
    return found


def test_every_choice_of_every_row_survives_a_power_cut() -> None:
    context = _flow_on_setup().context
    setups = _setups()
    assert len(setups) > 100
    seen: dict[str, set[object]] = {}
    for setup in setups:
        flow = FogFlow(context, seed=len(seen))
        flow.s.setup = setup
        flow.trigger("start")
        assert flow.screen is FogScreen.INFO, (setup, flow.s.notice)
        saved = json.loads(json.dumps(flow.snapshot()))
        again = FogFlow(flow.context)
        again.restore(saved)
        assert again.s.setup == setup
        assert again.s.game == flow.s.game
        for key, value in setup.items():
            seen.setdefault(key, set()).add(json.dumps(value))
    for option in checklist.OPTIONS:   # every word an option may hold was played and restored
        if option.field.kind is bool or option.key in CHOICES:
            values = {json.dumps(v) for v in option.choices(DEFAULT_SETUP)} | (
                {json.dumps(v) for v in CHOICES.get(option.key, ())} - {'""'}
                if option.key != "extra_boat" else set())
            assert values <= seen[option.key], option.key


def test_a_saved_game_whose_checklist_does_not_fit_is_refused_by_name() -> None:
    flow = _flow_on_setup()
    flow.s.setup = settle({**DEFAULT_SETUP, "events": "with_calm"})
    flow.trigger("start")
    saved = json.loads(json.dumps(flow.snapshot()))
    saved["session"]["setup"]["events"] = "bogus"
    with pytest.raises(SessionError) as caught:
        FogFlow(flow.context).restore(saved)
    assert str(caught.value) == ("bad value at session.setup.events: 'bogus' is not one of: "
                                 '"" (off), with_calm, without_calm')


def test_the_declaration_agrees_with_the_rules_options() -> None:
    rules = {f.name: f.default for f in fields(Options)}
    assert set(checklist.RULES_OPTIONS) == set(rules)
    for key, default in rules.items():
        option = checklist.BY_KEY[key]
        assert option.default == default, key
        if key in CHOICES:
            assert option.field.read(default) == default
            words = [m.value for m in option.field.kind]
            assert tuple(words) == CHOICES[key], key
        else:
            assert option.field.kind is bool, key
    numbered = sorted((o.number, o.key) for o in checklist.OPTIONS if o.number)
    assert [k for _n, k in numbered] == list(rules)[:11]
    assert [n for n, _k in numbered] == list(range(1, 12))


def test_the_docs_list_the_checklist_keys_as_declared() -> None:
    doc = (ROOT / "docs" / "fog-link.md").read_text(encoding="utf-8")
    assert f"<!-- checklist:fog -->\n{checklist.docs_table()}<!-- /checklist -->" in doc


def test_a_second_layout_keeps_nothing_of_the_first() -> None:
    """``begin`` lays the whole game out afresh: teams, missions, Guardians of a layout laid
    before (a refused start put back, a checklist changed) never carry into the next."""
    from fogkeeper.flow.fog.begin import LAID_OUT, begin
    from fogkeeper.flow.fog.session import Session
    from fogkeeper.flow.fog.setup import load_preset

    first = settle({**load_preset({}), "players": 4, "team_scoring": "sum"})
    session = Session(setup=first, seed=7, replay=True)
    begin(session)
    assert session.teams
    session.setup = settle({**first, "team_scoring": ""})
    begin(session)
    fresh = Session(setup=session.setup, seed=7, replay=True)
    begin(fresh)
    assert session.teams == [] and len(session.players) == 4
    for name in LAID_OUT:
        assert getattr(session, name) == getattr(fresh, name), name
