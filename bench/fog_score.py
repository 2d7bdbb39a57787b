"""Benchmark: score a Large-board record (60 Islanders, every option, missions) and print
the time per score with its ratio to the reference workload (target here: < 0.2 ms).

It times the firmware's own score_record, as `fogkeeper score` and the box call it, with the
board and cards loaded once (the box reads them once per board). The box also reads the
record from its session's dict at every score, so a second figure adds record_from_dict.
Run: .venv/bin/python bench/fog_score.py [--write]"""

from __future__ import annotations

import json
import os
import random
import sys
import time
import timeit
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import reference
from fogkeeper.data.fog import OWNER_ENV, load_rules
from fogkeeper.rules.fog import load_record, record_from_dict, score_record

RECORD = Path(__file__).resolve().parents[1] / "tests" / "data" / "fog" / "large_all_options.json"
COLOURS = ("black", "pink", "yellow", "white", "orange", "grey")


def _positions(rng: random.Random) -> list[dict[str, Any]]:
    board = load_rules("L").board
    supply = Counter({(n, t.value): c for n, ts in board.supply.items() for t, c in ts.items()})
    placed: list[dict[str, Any]] = []
    for boat in board.boats:
        for area, places in boat.places.items():
            for kind, capacity in places.items():
                for _ in range(capacity):
                    nations = sorted(n for (n, t), left in supply.items()
                                     if t == kind.value and left)
                    if nations and rng.random() < 0.7:
                        nation = rng.choice(nations)
                        supply[(nation, kind.value)] -= 1
                        placed.append({"nation": nation, "type": kind.value,
                                       "at": f"boat:{boat.nation}:{area}"})
    rest = ["pier:blue", "shore", "lost:A", "lost:C", "lost:F", "boat:red:stern", "lost:K"]
    for (nation, kind), left in sorted(supply.items()):
        placed += [{"nation": nation, "type": kind, "at": rng.choice(rest)}
                   for _ in range(left)]
    return placed


def build() -> dict[str, Any]:
    """A legal 6-player Large-board record with every option that fits 6 players."""
    rng = random.Random(60)
    positions = _positions(rng)
    leader_owners = iter(COLOURS)
    for x in positions:
        x["owner"] = rng.choice(COLOURS)
        if x["type"] == "leader":
            x["owner"], x["rescue_leader"] = next(leader_owners), True
    elder = next(x for x in positions if x["type"] == "elder")
    elder["owner"], elder["rescue_leader"] = next(leader_owners), True
    stern = [x for x in positions if x["at"] == "boat:red:stern"]
    for x in stern[3:]:
        x["at"] = "pier:red"
    # Drive Off Intensive: a purple Islander covers a non-purple one on a purple place
    covered = next(x for x in positions if x["at"].startswith("boat:purple:")
                   and x["nation"] != "purple")
    covered["covered"] = True
    top = next(x for x in positions if x["nation"] == "purple" and x["type"] == covered["type"]
               and not x["at"].startswith("boat:"))
    top["at"] = covered["at"]
    scorings = {b: {"A": 8, "B": 6, "C": 4, "D": 2} for b in
                ("blue", "green", "red", "purple", "olive")}
    return {
        "format": "fogkeeper-fog-record", "version": 1, "board": "L", "mode": "multiplayer",
        "players": [{"name": c.title(), "colours": [c]} for c in COLOURS],
        "teams": [["Black", "Pink", "Yellow"], ["White", "Orange", "Grey"]],
        "options": {"hourglass": True, "boat_area_scoring": True, "drive_off": "intensive",
                    "boats_without_colour": True, "minimum_crew": True,
                    "individual_boat_scorings": True, "beach_scoring": "B",
                    "team_scoring": "lowest", "rescue_leaders": True,
                    "enhanced_movements": True, "fog_cards": "with_c", "events": "with_calm",
                    "guardians": "A", "rescued_islanders": "open",
                    "rescue_achievements": "open"},
        "setup": {"boat_scoring": {"A": 7, "B": 6, "C": 4, "D": 2},
                  "individual_boat_scorings": scorings,
                  "beach_scoring": {"A": -20, "B": -15, "C": -10, "K": -4}},
        "fog": {"start": 11, "final": 0},
        "final_positions": positions,
        "preparation_bonuses": {"black": [6, 6], "pink": [5, 3], "yellow": [6], "white": [4],
                                "orange": [5, 1], "grey": [6, 2]},
        "missions": {"open": ["A37", "A49", "B57", "A54", "C48", "A38"]},
    }


def main(argv: list[str]) -> int:
    # the record holds missions 37-48, which the rulebook does not print: score it as an
    # owner's box does, with the owner's deck file of the tests
    os.environ.setdefault(OWNER_ENV, str(RECORD.parent / "owner"))
    if "--write" in argv:
        RECORD.write_text(json.dumps(build(), indent=1) + "\n")
    text = RECORD.read_text()
    record, data = load_record(text), json.loads(text)
    rules = load_rules("L")
    score_record(record, rules)
    ref = reference.measure(15)    # (more runs than the default: this bench's figure is small)
    print(ref.describe())
    # many short batches, the fastest counts (as for the reference): on a shared machine a
    # few batches are always disturbed, and the least disturbed one is the code's own cost
    runs, batches = 200, 25
    best = min(timeit.repeat(lambda: score_record(record, rules), number=runs, repeat=batches,
                             timer=time.process_time))
    print(ref.ms(f"score_record, board L, {len(record.islanders)} Islanders, every option and "
                 f"missions (best of {batches} x {runs})", best / runs))
    best = min(timeit.repeat(lambda: score_record(record_from_dict(data), rules), number=runs,
                             repeat=batches, timer=time.process_time))
    print(ref.ms(f"the box's score: record_from_dict + score_record (best of {batches} x "
                 f"{runs})", best / runs))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
