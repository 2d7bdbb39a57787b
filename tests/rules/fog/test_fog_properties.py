"""Property tests over random legal end positions and random Turn Boards (hypothesis)."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from fogkeeper.data.fog import load_rules
from fogkeeper.rules.fog import (
    FinalIslander,
    FogRules,
    GameSetup,
    Missions,
    Record,
    advance_fog,
    current_turn,
    end_turn,
    new_game,
    parse_place,
    record_from_dict,
    score_record,
)
from fogkeeper.rules.fog.legality import problems
from fogkeeper.rules.fog.table_checks import PIER_FIELDS, PIERS_PER_BOAT

RULES = load_rules("S")
COLOURS = ("black", "pink", "yellow")
SEEDS = st.integers(min_value=0, max_value=2**32 - 1)


def _productive(rng: random.Random, rules: FogRules, supply: Counter[tuple[str, str]]
                ) -> list[dict[str, Any]]:
    placed = []
    for boat in rules.board.boats:
        for area, places in boat.places.items():
            for kind, capacity in places.items():
                for _ in range(capacity):
                    nations = [n for (n, t), left in supply.items() if t == kind and left]
                    if nations and rng.random() < 0.6:
                        nation = rng.choice(nations)
                        supply[(nation, kind)] -= 1
                        placed.append({"nation": nation, "type": kind.value,
                                       "at": f"boat:{boat.nation}:{area}"})
    return placed


def _elsewhere(rng: random.Random, rules: FogRules, supply: Counter[tuple[str, str]],
               open_rows: list[str], lost_rows: list[str]) -> list[dict[str, Any]]:
    stern = Counter[str]()
    piers = Counter[str]()
    placed = []
    for (nation, kind), left in supply.items():
        for _ in range(left):
            boat = rng.choice(rules.board.boats)
            choices = ["shore", "skip"]
            if piers[boat.nation] < PIER_FIELDS * PIERS_PER_BOAT:
                choices.append(f"pier:{boat.nation}")
            choices += [f"lost:{r}" for r in lost_rows[:1]] + [f"beach:{r}" for r in open_rows]
            if stern[boat.nation] < boat.stern_capacity:
                choices.append(f"boat:{boat.nation}:stern")
            at = rng.choice(choices)
            if at == "skip":
                continue
            stern[boat.nation] += at.endswith("stern")
            piers[boat.nation] += at.startswith("pier:")
            placed.append({"nation": nation, "type": kind.value, "at": at})
    return placed


def random_record(seed: int, fog_final: int = 0) -> Record:
    """A legal S-board end position: places and piers within capacity, supply respected, lost
    only in swallowed rows, bonuses taken from the tops of the stacks, one Leader per colour."""
    rng = random.Random(seed)
    supply = Counter({(n, t): c for n, types in RULES.board.supply.items()
                      for t, c in types.items()})
    swallowed = [r for p in range(fog_final, 10) for r in RULES.board.fog_track.get(p, ())]
    open_rows = [r for r in RULES.board.rows if r not in swallowed]
    islanders = _productive(rng, RULES, supply) + _elsewhere(rng, RULES, supply, open_rows,
                                                             rng.sample(swallowed, len(swallowed)))
    leaders = iter(rng.sample(COLOURS, 3))
    for x in islanders:
        x["owner"] = next(leaders) if x["type"] == "leader" else rng.choice(COLOURS)
    bonuses: dict[str, list[int]] = {c: [] for c in COLOURS}
    for boat in RULES.board.boats:
        for value in boat.preparation_bonuses[: rng.randint(0, 5)]:
            bonuses[rng.choice(COLOURS)].append(value)
    options = {"boats_without_colour": rng.random() < 0.5, "minimum_crew": rng.random() < 0.5,
               "rescue_leaders": rng.random() < 0.5, "beach_scoring": rng.choice(["", "A"])}
    return record_from_dict({
        "format": "fogkeeper-fog-record", "version": 1, "board": "S",
        "players": [{"name": c.title(), "colours": [c]} for c in COLOURS],
        "options": options, "setup": {"boat_scoring": {"A": 7, "B": 6, "C": 4, "D": 2}},
        "fog": {"start": 10, "final": fog_final}, "final_positions": islanders,
        "preparation_bonuses": bonuses,
        "missions": {"held": {"Black": ["A49"], "Pink": ["A51"], "Yellow": ["A37"]}},
    })


def _scores(record: Record) -> dict[str, int]:
    return {p.name: p.score for p in score_record(record, RULES).players}


@settings(max_examples=60, deadline=None)
@given(SEEDS)
def test_generated_records_are_legal_and_totals_add_up(seed: int) -> None:
    record = random_record(seed)
    assert problems(record, RULES.board) == []
    result = score_record(record, RULES)
    as_json = result.to_dict()
    for colour, row in as_json["colours"].items():
        assert row["total"] == sum(v for k, v in row.items() if k != "total"), colour
    for player in result.players:
        assert player.score == player.colour_score + sum(m.rp for m in player.missions)


@settings(max_examples=60, deadline=None)
@given(SEEDS, st.integers(min_value=3, max_value=8))
def test_boarding_own_boat_never_lowers_the_owner_score(seed: int, fog_final: int) -> None:
    record = random_record(seed, fog_final)
    on_beach = [i for i, x in enumerate(record.islanders) if x.at.kind.value == "beach"]
    for index in on_beach:
        mover = record.islanders[index]
        target = _free_place(record, mover)
        if target is None:
            continue
        moved = replace(mover, at=parse_place(target))
        after = replace(record, islanders=(*record.islanders[:index], moved,
                                           *record.islanders[index + 1:]))
        assert problems(after, RULES.board) == []
        owner = next(p.name for p in record.players if mover.owner in p.colours)
        assert _scores(after)[owner] >= _scores(record)[owner]


def _free_place(record: Record, mover: FinalIslander) -> str | None:
    boat = RULES.board.boat(mover.nation)
    here = Counter((x.at.area, x.type) for x in record.islanders
                   if x.at.in_boat and x.at.nation == boat.nation)
    for area in ("A", "B", "C", "D"):
        if here[(area, mover.type)] < boat.capacity(area, mover.type):
            return f"boat:{boat.nation}:{area}"
    if sum(n for (a, _), n in here.items() if a == "stern") < boat.stern_capacity:
        return f"boat:{boat.nation}:stern"
    return None


@settings(max_examples=60, deadline=None)
@given(SEEDS)
def test_swapping_two_players_positions_swaps_their_scores(seed: int) -> None:
    record = random_record(seed)
    swap = {"black": "pink", "pink": "black"}
    islanders = tuple(replace(x, owner=swap.get(x.owner, x.owner)) for x in record.islanders)
    bonuses = {swap.get(c, c): v for c, v in record.preparation_bonuses.items()}
    held = {"Black": record.missions.held["Pink"], "Pink": record.missions.held["Black"],
            "Yellow": record.missions.held["Yellow"]}
    swapped = replace(record, islanders=islanders, preparation_bonuses=bonuses,
                      missions=Missions(held, ()))
    before, after = _scores(record), _scores(swapped)
    assert (after["Black"], after["Pink"], after["Yellow"]) == (
        before["Pink"], before["Black"], before["Yellow"])


@settings(max_examples=40, deadline=None)
@given(st.integers(min_value=1, max_value=6), st.integers(min_value=1, max_value=10))
def test_turn_order_is_fair_with_a_double_turn_at_every_fog_step(
    colours: int, start: int
) -> None:
    entries = tuple(f"c{i}" for i in range(colours))
    state = new_game(GameSetup("S", entries, start), RULES, random.Random(0))
    turns: Counter[str] = Counter()
    last = None
    steps = 0
    while state.phase != "over":
        turn = current_turn(state)
        if turn.double_turn:
            assert turn.entry == last
        turns[turn.entry] += 1
        last = turn.entry
        state = end_turn(state, RULES)
        if state.phase == "fog_due":
            state, _ = advance_fog(state, RULES)
            steps += 1
    assert steps == start
    assert set(turns.values()) == {start}
