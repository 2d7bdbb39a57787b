"""Presses per common task on the box's joystick, now and as recorded before the change.

Each task is played on the real app (the flow tests' tables: the box's own press API on a
fake clock) by a player who knows the controls and takes the shortest way the screen offers;
every press counts. The tasks:
  - the PIN pad: the Guardian PIN 1234, and a human Guardian's whole turn in FOGSITE (open
    the pad, the PIN, one move, the report);
  - The FOG: "Start game" on the checklist of the last game (kept as the preset), and on a
    box's first game;
  - the timer: a 60 s timer running, from the home menu;
  - Corps of Discovery: a key entered on the joystick (from the key menu, 9 circles), then
    sealed with the PIN 4711; the mean over 50 seeded keys.
Run: .venv/bin/python bench/presses.py
"""

from __future__ import annotations

import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from flow.corps.corps_table import Table as CorpsTable
from flow.corps.corps_table import shuffled_key
from flow.fog.fog_table import HOLD
from flow.fog.fog_table import Table as FogTable
from flow.fogsite.fogsite_table import FogsiteTable
from fogkeeper.events import Button
from fogkeeper.flow.app import Screen
from fogkeeper.flow.corps import CorpsScreen
from fogkeeper.flow.fog.table import FogScreen
from fogkeeper.flow.hourglass import Phase
from fogkeeper.rules import corps
from fogkeeper.rules.corps import AnswerKey

# measured by this script on main at commit 444d5fe, before the presses were cut
BEFORE_COMMIT = "444d5fe"
BEFORE = {
    "pin": 14.0,
    "guardian_turn": 18.0,
    "fog_start_next": 23.0,
    "fog_start_first": 25.0,
    "timer": 5.0,
    "corps_key": 21.32,
    "corps_key_sealed": 34.32,
}
TASKS = {
    "pin": "PIN 1234 on the pad",
    "guardian_turn": "FOGSITE: a human Guardian's turn",
    "fog_start_next": "The FOG: Start game (last game's checklist)",
    "fog_start_first": "The FOG: Start game (the first game)",
    "timer": "Timer: 60 s running, from home",
    "corps_key": "Corps: a key on the joystick",
    "corps_key_sealed": "Corps: a key, then sealed with the PIN",
}


def wheel_moves(there: int, size: int, steps: dict[str, int]) -> list[str]:
    """The fewest presses that turn a wheel of ``size`` choices from its first to ``there``,
    each press turning it by its step (the wheel wraps)."""
    routes: dict[int, list[str]] = {0: []}
    frontier = [0]
    while there not in routes:
        reached = []
        for here in frontier:
            for press, step in steps.items():
                if (here + step) % size not in routes:
                    routes[(here + step) % size] = [*routes[here], press]
                    reached.append((here + step) % size)
        frontier = reached
    return routes[there]


# the PIN pad's wheel and the Corps key's: up/down turn it by one, left/right by three
PIN_WHEEL = {"up": 1, "down": -1, "right": 3, "left": -3}
KEY_WHEEL = {Button.DOWN: 1, Button.UP: -1, Button.RIGHT: 3, Button.LEFT: -3}


def pin_presses(pin: str) -> list[str]:
    """The PIN pad: each digit turned on the wheel from 0, OK keeps it and goes on."""
    presses: list[str] = []
    for digit in pin:
        presses += [*wheel_moves(int(digit), 10, PIN_WHEEL), "ok"]
    return presses


# ---- the tasks ---------------------------------------------------------------------------
def pin_entry() -> int:
    t = FogsiteTable().set_up()
    t.press("ok")                      # the Guardian's turn: the pad opens
    before = len(t.seen)
    t.press(*pin_presses("1234"))
    assert t.stage == "guardian_moves", t.lines
    return len(t.seen) - before


def guardian_turn() -> int:
    t = FogsiteTable().set_up()
    assert t.lines[1:3] == ("Guardian's turn", "Up to 1 move(s)"), t.lines
    before = len(t.seen)
    t.press("ok", *pin_presses("1234"), "down", "ok")   # the Guardian steps S
    assert t.lines[1:3] == ("0 attacked", "No Map tile lost"), t.lines
    t.press("ok")
    assert t.lines[0].startswith("Round 1:"), t.lines
    return len(t.seen) - before


class Counting(FogTable):
    def __init__(self) -> None:
        super().__init__()
        self.count = 0

    def press(self, *buttons: Button | str) -> Counting:
        self.count += sum(1 for b in buttons if isinstance(b, Button))
        super().press(*buttons)
        return self


def fog_start(first: bool) -> int:
    t = Counting()
    if not first:   # a game played before: its checklist is the preset
        t.effects.presets["fog"] = {"players": 3}
    t.press(Button.PRESS)            # The FOG, the home menu's first row
    assert t.screen is FogScreen.SETUP, t.lines
    start = t.count
    if "> Start game" not in t.lines:
        t.press(HOLD, Button.PRESS)  # hold OK: from any row to "Start game"
    t.press(Button.PRESS)
    assert t.screen is not FogScreen.SETUP, t.lines
    return t.count - start


def timer() -> int:
    t = Counting()
    t.press(HOLD, Button.PRESS)      # hold OK on the home menu: the timer as last set
    assert t.app.state is Screen.TIMER and t.app.glass.phase is Phase.RUNNING, t.lines
    assert t.app.glass.duration_seconds == 60
    return t.count


def key_presses(t: CorpsTable, key: AnswerKey) -> None:
    """Each circle: the wheel of the tokens not used yet, from its first one, then OK (the
    last circle takes the token left)."""
    used: list[corps.Token] = []
    for slot in corps.SLOTS[:-1]:
        left = [token for token in corps.Token if token not in used]
        t.press(*wheel_moves(left.index(key.answer(slot)), len(left), KEY_WHEEL), Button.PRESS)
        used.append(key.answer(slot))


def corps_key(seed: int) -> tuple[int, int]:
    t = CorpsTable().open_corps().choose(2)
    assert t.screen is CorpsScreen.KEY_MENU, t.lines
    start = len(t.frames)
    t.press(Button.PRESS)            # Enter on joystick
    key_presses(t, shuffled_key(seed, map_id=2))
    assert t.screen is CorpsScreen.SEAL_PIN, t.lines
    entered = len(t.frames) - start
    for press in pin_presses("4711"):
        t.press(Button.PRESS if press == "ok" else Button(press))
    assert t.screen is CorpsScreen.SEALED, t.lines
    return entered, len(t.frames) - start


def main() -> int:
    keys = [corps_key(seed) for seed in range(50)]
    now = {
        "pin": float(pin_entry()),
        "guardian_turn": float(guardian_turn()),
        "fog_start_next": float(fog_start(first=False)),
        "fog_start_first": float(fog_start(first=True)),
        "timer": float(timer()),
        "corps_key": statistics.mean(k for k, _ in keys),
        "corps_key_sealed": statistics.mean(s for _, s in keys),
    }
    print(f"Presses per task (before: main at {BEFORE_COMMIT}, recorded; now: this tree)")
    print(f"  {'task':<46} {'before':>7} {'now':>7}")
    cheaper = True
    for name, words in TASKS.items():
        print(f"  {words:<46} {BEFORE[name]:>7.4g} {now[name]:>7.4g}")
        cheaper = cheaper and now[name] <= BEFORE[name]
    print(f"  every task as cheap or cheaper: {'yes' if cheaper else 'NO'}")
    return 0 if cheaper else 1


if __name__ == "__main__":
    sys.exit(main())
