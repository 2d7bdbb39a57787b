"""Presses needed to score the scripted 4-player game of The FOG on the box's joystick.

Plays tests/flow/fog/scripts.py's 4-player game on the app (fake clock) up to the scoring
wizard, then enters every colour's Islanders and bonus tiles and scores the game twice from
the same point: once one Islander at a time with the picker (how the box scored before the
boat grid existed: the reference workload; on that box the same script took 120 presses, 4
fewer than now, as it had no grid to leave with B), once boat by boat on the grid. It prints both
figures, the ratio, and checks that both give the same record.
Run: .venv/bin/python bench/fog_scoring_presses.py
"""

from __future__ import annotations

import copy
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from flow.fog.drivers import CountingDriver
from flow.fog.scripts import (
    FOUR_PLAYER_BONUSES,
    FOUR_PLAYER_FINAL,
    Step,
    confirm_score,
    four_player_game,
    score_colour,
    score_colour_by_boats,
)
from fogkeeper.flow.fog.table import FogScreen


def play_to_scoring() -> CountingDriver:
    t = CountingDriver()
    steps = four_player_game()
    for step in steps[:-5]:   # everything before the four colours and the confirmation
        step(t)
    assert t.screen is FogScreen.BOATS, t.lines
    return t


def score_with(t: CountingDriver, colour_step: Step) -> tuple[int, dict[str, Any]]:
    start = t.count
    for _ in range(4):
        colour_step(t)
    confirm_score(t)
    assert t.fog.s.result is not None
    return t.count - start, copy.deepcopy(t.fog.s.result)


def main() -> int:
    before, result_before = score_with(play_to_scoring(), score_colour(
        FOUR_PLAYER_FINAL, FOUR_PLAYER_BONUSES))
    after, result_after = score_with(play_to_scoring(), score_colour_by_boats(
        FOUR_PLAYER_FINAL, FOUR_PLAYER_BONUSES))
    print("The FOG, scripted 4-player game: presses to score (Islanders, bonus tiles, "
          "review, results)")
    print(f"  one Islander at a time (reference): {before} presses")
    print(f"  boat by boat (the boat grid):       {after} presses")
    print(f"  ratio: {after / before:.2f} (goal: 0.50 or less)")
    same = result_before == result_after
    print(f"  same result: {'yes' if same else 'NO'}")
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
