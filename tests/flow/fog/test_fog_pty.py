"""The FOG driven over a real serial link: `fogkeeper run --sim --link pty:...` in a process.

The same four-player game the buttons play gives the same record.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from scripts import FOUR_PLAYER_BONUSES, FOUR_PLAYER_FINAL
from test_fog_link import SETUP, place

from drivers import BoxDriver

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "app"))

from process import BoxProcess


def play(box: BoxProcess, seed: int) -> dict[str, Any]:
    def ask(cmd: str, **args: Any) -> dict[str, Any]:
        reply = box.request(cmd, **args)
        assert reply["ok"], reply
        return reply

    ask("game.start", game="fog")
    ask("fog.setup", **SETUP, seed=seed)
    ask("fog.continue")
    for i in range(4):
        ask("fog.mission.show")
        ask("fog.mission.keep", choice=1 + i % 2)
    ask("fog.draft.pick", count=32)
    pink_lost = False
    step: dict[str, Any] = {}
    while True:
        state = ask("fog.state")
        if state["screen"] == "turn":
            step = ask("fog.end_turn")["fog_step"] or {}
        elif state["screen"] == "fog":
            rows = step.get("rows", [])
            losses = []
            if "A" in rows and not pink_lost:
                losses = [{"owner": "pink", "row": "A", "nation": "blue", "type": "sailor"}]
                pink_lost = True
            ask("fog.losses", losses=losses) if rows else ask("fog.continue")
        else:
            break
    for colour, islanders in FOUR_PLAYER_FINAL.items():
        entered = [{"at": place(w), "nation": n, "type": k} for w, n, k in islanders]
        ask("fog.score.enter", colour=colour, islanders=entered,
            bonuses=FOUR_PLAYER_BONUSES[colour])
    return ask("fog.score.confirm")


def test_the_game_over_a_pty_gives_the_buttons_record(tmp_path: Path,
                                                      box_game: BoxDriver) -> None:
    buttons = box_game
    box = BoxProcess(tmp_path / "pty")
    try:
        reply = play(box, buttons.fog.s.seed)
        assert box.stop() == 0
    finally:
        if box.process.poll() is None:
            box.process.kill()
    assert reply["result"] == buttons.fog.s.result
    by_buttons = json.loads(Path(buttons.fog.s.record_path).read_text(encoding="utf-8"))
    by_link = json.loads(Path(reply["record"]).read_text(encoding="utf-8"))
    for key in ("setup", "fog", "draws", "turns", "missions", "preparation_bonuses"):
        assert by_link[key] == by_buttons[key], key
    assert sorted(map(json.dumps, by_link["final_positions"])) == sorted(
        map(json.dumps, by_buttons["final_positions"]))
