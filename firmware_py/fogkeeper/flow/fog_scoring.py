"""The FOG's end: Islander entry, Preparation Bonuses, the game record and its result."""

from __future__ import annotations

from collections import Counter
from typing import Any

from fogkeeper.flow.fog_begin import public_setup
from fogkeeper.flow.fog_model import FogFlowError, Session
from fogkeeper.flow.fog_play import loss_rows
from fogkeeper.rules.fog import (
    IslanderType,
    Result,
    parse_place,
    record_from_dict,
    score_record,
)
from fogkeeper.rules.fog.model import AREAS, STERN
from fogkeeper.rules.fog.record import FORMAT, VERSION

TYPES = tuple(t.value for t in IslanderType)


def nations(s: Session) -> list[str]:
    extra = s.state.setup.options.extra_boat_tile
    return [b.nation for b in s.rules.board.boats_in_play(extra)]


def places(s: Session) -> list[str]:
    """Every place an Islander can end on and score from: boat Areas, sterns, piers."""
    found = []
    for nation in nations(s):
        found += [f"boat:{nation}:{a}" for a in (*AREAS, STERN)] + [f"pier:{nation}"]
    return found


def place_label(at: str) -> str:
    parts = at.split(":")
    return f"{parts[1]} {parts[2]}" if parts[0] == "boat" else f"{parts[1]} pier"


Fields = list[tuple[str, tuple[str, ...]]]


def pick_fields(s: Session, purpose: str, values: dict[str, str]) -> Fields:
    """The fields of the Islander picker; a boat Area offers only the types it has places for."""
    if purpose == "loss":
        return [("row", tuple(loss_rows(s))), ("nation", tuple(nations(s))), ("type", TYPES)]
    fields: Fields = [("at", tuple(places(s))),
                                                 ("nation", tuple(nations(s)))]
    kinds = TYPES
    place = parse_place(values.get("at", places(s)[0]))
    if place.productive:
        boat = s.rules.board.boat(place.nation)
        kinds = tuple(t for t in TYPES if boat.capacity(place.area, IslanderType(t)) > 0)
    fields.append(("type", kinds))
    if s.state.setup.options.drive_off == "intensive" and place.productive:
        fields.append(("covered", ("no", "yes")))
    return fields


def settle_pick(s: Session, purpose: str, values: dict[str, str]) -> dict[str, str]:
    """Values that fit the fields (a type the new place has no room for moves to the first)."""
    new = dict(values)
    for key, choices in pick_fields(s, purpose, new):
        if new.get(key) not in choices:
            new[key] = choices[0]
    return {k: v for k, v in new.items() if k in dict(pick_fields(s, purpose, new))}


def add_islander(s: Session, colour: str, values: dict[str, str]) -> None:
    """One of this colour's Islanders in a boat or on a pier."""
    at = values.get("at", "")
    if at not in places(s):
        raise FogFlowError(f"{at!r} is not a boat place or pier on this table")
    if values.get("nation") not in nations(s) or values.get("type") not in TYPES:
        raise FogFlowError("an Islander needs a nation and a type in play")
    entry: dict[str, Any] = {"nation": values["nation"], "type": values["type"], "at": at}
    if values.get("covered") == "yes":
        entry["covered"] = True
    s.final.setdefault(colour, []).append(entry)


def islander_label(x: dict[str, Any]) -> str:
    mark = " (covered)" if x.get("covered") else ""
    return f"{place_label(x['at'])}: {x['nation']} {x['type']}{mark}"


def bonus_values(s: Session) -> list[int]:
    """Distinct Preparation Bonus values in the stacks in play, highest first."""
    extra = s.state.setup.options.extra_boat_tile
    values = {v for b in s.rules.board.boats_in_play(extra) for v in b.preparation_bonuses}
    return sorted(values, reverse=True)


def bonus_list(s: Session, colour: str) -> list[int]:
    counts = s.bonuses.get(colour, {})
    return [v for v in bonus_values(s) for _ in range(int(counts.get(str(v), 0)))]


def set_bonus(s: Session, colour: str, value: int, count: int) -> None:
    if value not in bonus_values(s) or count < 0:
        raise FogFlowError(f"no Preparation Bonus of {value} in the stacks in play")
    s.bonuses.setdefault(colour, {})[str(value)] = count


def _leader_marks(s: Session, islanders: list[dict[str, Any]]) -> None:
    """Option 10: mark the designated Leaders (and a stand-in Elder), one of each at most."""
    wanted = Counter((x["nation"], x["type"]) for x in s.leaders)
    for x in islanders:
        key = (x["nation"], x["type"])
        if wanted[key] > 0:
            x["rescue_leader"] = True
            wanted[key] -= 1


def _positions(s: Session) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = []
    for loss in s.state.losses:
        found.append({"nation": loss.nation, "type": loss.type.value, "owner": loss.owner,
                      "at": f"lost:{loss.row}"})
    for colour in s.colours:
        found += [{**x, "owner": colour} for x in s.final.get(colour, [])]
    if s.state.setup.options.rescue_leaders:
        _leader_marks(s, found)
    return found


def build_record(s: Session) -> dict[str, Any]:
    """The game record in the engine's format, history included (turns, draws, FOG steps)."""
    state = s.state
    setup = public_setup(s)
    extra_setup = {"turn_board": setup["turn_board"], "seed": s.seed,
                   "guardians": s.guardians, "leaders": s.leaders}
    if s.solo:
        extra_setup["nation_mp"] = setup["nation_mp"]
    draws = {"events": _drawn(state.event_deck), "fog": _drawn(state.fog_deck)}
    return {
        "format": FORMAT, "version": VERSION, "board": state.setup.board,
        "mode": "solo" if s.solo else "multiplayer", "players": s.players, "teams": s.teams,
        "options": state.setup.options.to_dict(),
        "setup": {**extra_setup, "boat_scoring": s.boat_scoring,
                  "individual_boat_scorings": s.individual, "beach_scoring": s.beach},
        "fog": {"start": state.setup.fog_start, "final": state.fog_position,
                "steps": [x.to_dict() for x in state.fog_steps]},
        "turns": {"rounds": state.round_no, "turns_taken": state.turns_taken,
                  "end_reason": state.end_reason},
        "draws": draws, "final_positions": _positions(s),
        "preparation_bonuses": {} if s.solo else {c: bonus_list(s, c) for c in s.colours},
        "missions": {"held": s.kept, "open": s.open_missions},
        "solo": {"scenario": str(s.setup.get("scenario", "")),
                 "minimum_crew_rp": int(s.setup.get("crew_rp", 0)) if s.solo else 0,
                 "commoner_rescue_rp": int(s.setup.get("commoner_rp", 0)) if s.solo else 0},
    }


def _drawn(deck: Any) -> list[str]:
    return [] if deck is None else list(deck.order[:deck.drawn])


def score(s: Session) -> tuple[dict[str, Any], Result]:
    """Check and score the record; a refused record raises RecordError naming every reason."""
    record = build_record(s)
    result = score_record(record_from_dict(record), s.rules)
    return record, result


def ranking_rows(result: dict[str, Any]) -> list[tuple[str, str]]:
    players = sorted(result["players"], key=lambda p: (p["rank"], p["name"]))
    return [(f"{p['rank']}. {p['name']}", str(p["score"])) for p in players]


def detail_lines(result: dict[str, Any], index: int) -> list[str]:
    """One player's breakdown: categories per colour, missions, tie-break counts."""
    from fogkeeper.rules.fog.scoring import LABELS

    players = sorted(result["players"], key=lambda p: (p["rank"], p["name"]))
    p = players[index]
    lines = []
    for colour in p["colours"]:
        cats = result["colours"][colour]
        lines.append(f"{colour}: {cats['total']}")
        lines += [f" {LABELS[k]} {v}" for k, v in cats.items() if k != "total"]
    for m in p["missions"]:
        lines.append(f"mission {m.get('card_id', '?')}: {m.get('rp', 0)}")
    lines.append(f"lost {p['lost']}, commoners {p['commoners_rescued']}")
    return lines
