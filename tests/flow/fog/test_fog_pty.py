"""The FOG driven over a real serial link: `fogkeeper run --sim --link pty:...` in a process.

The same four-player game the buttons play gives the same record.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from flow.fog.drivers import BoxDriver
from flow.fog.scripts import FOUR_PLAYER_BONUSES, FOUR_PLAYER_FINAL
from flow.fog.test_fog_link import SETUP, place
from support.process import BoxProcess

PIN = "1357"  # the owner's; a seed over the link needs it


def asker(box: BoxProcess) -> Any:
    def ask(cmd: str, **args: Any) -> dict[str, Any]:
        reply = box.request(cmd, **args)
        assert reply["ok"], reply
        return reply
    return ask


def begin(box: BoxProcess, seed: int) -> None:
    ask = asker(box)
    ask("game.start", game="fog")
    ask("fog.setup", **SETUP, seed=seed, pin=PIN)
    ask("fog.continue")
    for i in range(4):
        ask("fog.mission.show")
        ask("fog.mission.keep", choice=1 + i % 2)
    ask("fog.draft.pick", count=32)


def play_turns(box: BoxProcess, pink_lost: bool, turns: int = 10_000) -> bool:
    """End turns and settle FOG steps until the game is over or ``turns`` turns are played;
    returns whether Pink's Islander in row A is on record."""
    ask = asker(box)
    step: dict[str, Any] = {}
    while turns > 0:
        state = ask("fog.state")
        if state["screen"] == "turn":
            step = ask("fog.end_turn")["fog_step"] or {}
            turns -= 1
        elif state["screen"] == "show":   # a round's event, shown in full
            ask("fog.continue")
        elif state["screen"] == "fog":
            rows = step.get("rows", [])
            losses = []
            if "A" in rows and not pink_lost:
                losses = [{"owner": "pink", "row": "A", "nation": "blue", "type": "sailor"}]
                pink_lost = True
            ask("fog.losses", losses=losses) if rows else ask("fog.continue")
        else:
            break
    return pink_lost


def finish(box: BoxProcess) -> dict[str, Any]:
    ask = asker(box)
    for colour, islanders in FOUR_PLAYER_FINAL.items():
        entered = [{"at": place(w), "nation": n, "type": k} for w, n, k in islanders]
        ask("fog.score.enter", colour=colour, islanders=entered,
            bonuses=FOUR_PLAYER_BONUSES[colour])
    return ask("fog.score.confirm")


def play(box: BoxProcess, seed: int) -> dict[str, Any]:
    begin(box, seed)
    play_turns(box, pink_lost=False)
    return finish(box)


def same_game(reply: dict[str, Any], buttons: BoxDriver) -> None:
    assert reply["result"] == buttons.fog.s.result
    by_buttons = json.loads(Path(buttons.fog.s.record_path).read_text(encoding="utf-8"))
    by_link = json.loads(Path(reply["record"]).read_text(encoding="utf-8"))
    for key in ("setup", "fog", "draws", "turns", "missions", "preparation_bonuses"):
        assert by_link[key] == by_buttons[key], key
    assert sorted(map(json.dumps, by_link["final_positions"])) == sorted(
        map(json.dumps, by_buttons["final_positions"]))


def test_the_game_over_a_pty_gives_the_buttons_record(tmp_path: Path,
                                                      box_game: BoxDriver) -> None:
    buttons = box_game
    box = BoxProcess(tmp_path / "pty", PIN)
    try:
        reply = play(box, buttons.fog.s.seed)
        assert box.stop() == 0
    finally:
        if box.process.poll() is None:
            box.process.kill()
    same_game(reply, buttons)


def test_sigkill_mid_game_then_resume_ends_with_the_same_record(
        tmp_path: Path, box_game: BoxDriver) -> None:
    """The plug is pulled (SIGKILL) in the middle of the turns; after a restart the box
    offers the saved game, and playing on gives the same draws, record and scores."""
    buttons = box_game
    first = BoxProcess(tmp_path / "box", PIN)
    try:
        begin(first, buttons.fog.s.seed)
        pink_lost = play_turns(first, pink_lost=False, turns=7)
        before = asker(first)("fog.state")
        first.kill()
    finally:
        if first.process.poll() is None:
            first.process.kill()
    again = BoxProcess(tmp_path / "box", PIN)
    try:
        assert asker(again)("screen")["state"] == "resume"
        asker(again)("session.resume")
        after = asker(again)("fog.state")
        assert {k: after[k] for k in ("screen", "round", "fog", "turn")} == {
            k: before[k] for k in ("screen", "round", "fog", "turn")}
        play_turns(again, pink_lost)
        same_game(finish(again), buttons)
        assert again.stop() == 0
    finally:
        if again.process.poll() is None:
            again.process.kill()
