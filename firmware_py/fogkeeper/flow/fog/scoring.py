"""The scoring wizard: the Islander picker, each colour's Islanders and bonus tiles, the record."""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

from fogkeeper.flow.fog import pictured
from fogkeeper.flow.fog.begin import guardians_json, leaders_json, public_setup
from fogkeeper.flow.fog.fog_step import loss_rows, step_rows
from fogkeeper.flow.fog.session import (
    FogFlowError,
    Islander,
    Pick,
    PickField,
    Purpose,
    Session,
)
from fogkeeper.flow.fog.setup import assumed_in_use
from fogkeeper.rules.fog import (
    Deck,
    FinalIslander,
    IslanderType,
    Loss,
    RecordError,
    Result,
    parse_place,
    plausibility_notes,
    record_from_dict,
    refusals,
    score_record,
)
from fogkeeper.rules.fog.legality import entry_problem
from fogkeeper.rules.fog.model import AREAS, STERN
from fogkeeper.rules.fog.record import FORMAT, VERSION
from fogkeeper.rules.fog.scoring import LABELS

TYPES = tuple(t.value for t in IslanderType)
Fields = list[tuple[PickField, tuple[str, ...]]]
Position = dict[str, str | bool]   # one Islander's final position, as the record spells it


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


# ---- the Islander picker ---------------------------------------------------------------------
def pick_fields(s: Session, purpose: Purpose, values: dict[PickField, str]) -> Fields:
    """The fields of the Islander picker; a boat Area offers only the types it has places for."""
    if purpose is Purpose.LOSS:
        return [(PickField.ROW, tuple(loss_rows(s))), (PickField.NATION, tuple(nations(s))),
                (PickField.TYPE, TYPES)]
    fields: Fields = [(PickField.AT, tuple(places(s))), (PickField.NATION, tuple(nations(s)))]
    kinds = TYPES
    place = parse_place(values.get(PickField.AT, places(s)[0]))
    if place.productive:
        boat = s.rules.board.boat(place.nation)
        kinds = tuple(t for t in TYPES if boat.capacity(place.area, IslanderType(t)) > 0)
    fields.append((PickField.TYPE, kinds))
    if s.state.setup.options.drive_off == "intensive" and place.productive:
        fields.append((PickField.COVERED, ("no", "yes")))
    return fields


def settled_pick(s: Session, purpose: Purpose, values: dict[PickField, str]) -> Pick:
    """Values that fit the fields (a type the new place has no room for moves to the first)."""
    new = dict(values)
    for key, choices in pick_fields(s, purpose, new):
        if new.get(key) not in choices:
            new[key] = choices[0]
    shown = dict(pick_fields(s, purpose, new))
    return Pick(purpose, {k: v for k, v in new.items() if k in shown})


def open_pick(s: Session, purpose: Purpose) -> None:
    """The picker opens on the last values entered for the same purpose; a loss's row on
    a row the latest FOG step swallowed (an earlier step's row, kept from the last loss
    entered, is the unlikely one: it is still offered, further along)."""
    values = dict(s.pick.values) if s.pick is not None and s.pick.purpose is purpose else {}
    latest = step_rows(s) if purpose is Purpose.LOSS else []
    if latest and values.get(PickField.ROW) not in latest:
        values[PickField.ROW] = latest[0]
    s.pick = settled_pick(s, purpose, values)


def step_pick(s: Session, key: PickField, direction: int) -> None:
    """The picker's ``key`` moved one choice left (-1) or right (+1)."""
    if s.pick is None:
        return
    values = dict(s.pick.values)
    choices = dict(pick_fields(s, s.pick.purpose, values))[key]
    current = values.get(key, choices[0])
    index = choices.index(current) if current in choices else 0
    values[key] = choices[(index + direction) % len(choices)]
    s.pick = settled_pick(s, s.pick.purpose, values)


# ---- Islanders and bonus tiles ---------------------------------------------------------------
def add_islander(s: Session, colour: str, values: dict[PickField, str]) -> None:
    """One of this colour's Islanders in a boat or on a pier, checked as it is entered."""
    islander = islander_from(s, values)
    check_entry(s, FinalIslander(islander.nation, IslanderType(islander.type), colour,
                                 parse_place(islander.at), covered=islander.covered),
                accept=True)
    s.final.setdefault(colour, []).append(islander)


def entered(s: Session, losses: list[Loss] | None = None) -> list[FinalIslander]:
    """Every Islander entered so far: the losses (pending ones while they are edited) and
    each colour's Islanders in boats and on piers."""
    lost = s.state.losses if losses is None else losses
    found = [FinalIslander(x.nation, x.type, x.owner, parse_place(f"lost:{x.row}"))
             for x in lost]
    for colour, xs in s.final.items():
        found += [FinalIslander(x.nation, IslanderType(x.type), colour, parse_place(x.at),
                                covered=x.covered) for x in xs]
    return found


def check_entry(s: Session, new: FinalIslander, losses: list[Loss] | None = None,
                accept: bool = False) -> None:
    """Refuse an entry the table cannot have, saying why in the rulebook's words. On a board
    the owner has not checked, the table is the truth: with ``accept`` the entry is kept and
    the disagreement noted as a warning."""
    why = entry_problem(s.rules.board, s.state.setup.options, entered(s, losses), new)
    if why and accept and not s.board_checked:
        s.warning = f"The box's board data says otherwise: {why}. Check the board's data."
    elif why:
        raise FogFlowError(why)


def check_loss(s: Session, row: str, nation: str, kind: str, owner: str) -> None:
    """A lost Islander, checked against the box's supply as it is entered."""
    if nation not in nations(s) or kind not in TYPES:
        raise FogFlowError("a lost Islander needs a nation and a type in play")
    check_entry(s, FinalIslander(nation, IslanderType(kind), owner,
                                 parse_place(f"lost:{row}")), list(s.pending_losses), accept=True)


def islander_from(s: Session, values: dict[PickField, str]) -> Islander:
    """The picker's (or the link's) values as an Islander in play, else FogFlowError."""
    at = values.get(PickField.AT, "")
    if at not in places(s):
        raise FogFlowError(f"{at!r} is not a boat place or pier on this table")
    nation, kind = values.get(PickField.NATION), values.get(PickField.TYPE)
    if nation not in nations(s) or kind not in TYPES:
        raise FogFlowError("an Islander needs a nation and a type in play")
    return Islander(str(nation), str(kind), at, values.get(PickField.COVERED) == "yes")


def islander_label(x: Islander) -> str:
    mark = " (covered)" if x.covered else ""
    return f"{place_label(x.at)}: {x.nation} {x.type}{mark}"


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
    extra = s.state.setup.options.extra_boat_tile
    stacks = sum(b.preparation_bonuses.count(value)
                 for b in s.rules.board.boats_in_play(extra))
    others = sum(int(c.get(str(value), 0)) for k, c in s.bonuses.items() if k != colour)
    if count + others > stacks:
        raise FogFlowError(f"the Preparation Bonus stacks hold {stacks} tiles of {value}; "
                           f"{others} are entered for other colours")
    s.bonuses.setdefault(colour, {})[str(value)] = count


# ---- the record and its result ---------------------------------------------------------------
def _leader_marks(s: Session, islanders: list[Position]) -> None:
    """Option 10: mark the designated Leaders (and a stand-in Elder), one of each at most."""
    wanted = Counter((x.nation, x.type.value) for x in s.leaders)
    for x in islanders:
        key = (str(x["nation"]), str(x["type"]))
        if wanted[key] > 0:
            x["rescue_leader"] = True
            wanted[key] -= 1


def _positions(s: Session) -> list[Position]:
    found: list[Position] = []
    for loss in s.state.losses:
        found.append({"nation": loss.nation, "type": loss.type.value, "owner": loss.owner,
                      "at": f"lost:{loss.row}"})
    for colour in s.colours:
        found += [{**x.to_dict(), "owner": colour} for x in s.final.get(colour, [])]
    if s.state.setup.options.rescue_leaders:
        _leader_marks(s, found)
    return found


def build_record(s: Session) -> dict[str, object]:
    """The game record in the engine's format, history included (turns, draws, FOG steps)."""
    state = s.state
    setup = public_setup(s)
    extra_setup = {"turn_board": setup["turn_board"], "seed": s.seed,
                   "guardians": guardians_json(s), "leaders": leaders_json(s)}
    if s.solo:
        extra_setup["nation_mp"] = setup["nation_mp"]
    draws = {"events": _drawn(state.event_deck), "fog": _drawn(state.fog_deck)}
    assumed = assumed_in_use(s.setup, s.boat_scoring) if s.solo else []
    return {
        "format": FORMAT, "version": VERSION, "board": state.setup.board,
        "mode": "solo" if s.solo else "multiplayer",
        "players": [p.to_dict() for p in s.players], "teams": s.teams,
        "options": state.setup.options.to_dict(),
        "setup": {**extra_setup, "boat_scoring": s.boat_scoring,
                  "individual_boat_scorings": s.individual, "beach_scoring": s.beach},
        "fog": {"start": state.setup.fog_start, "final": state.fog_position,
                "steps": [x.to_dict() for x in state.fog_steps]},
        "turns": {"rounds": state.round_no, "turns_taken": state.turns_taken,
                  "end_reason": state.end_reason},
        "draws": draws, "final_positions": _positions(s),
        "preparation_bonuses": {} if s.solo else {c: bonus_list(s, c) for c in s.colours},
        "missions": {"held": s.kept, "open": s.open_missions,
                     "cards": {c: p.to_dict() for c, p in s.pictured.items()}},
        "solo": {"scenario": str(s.setup.get("scenario", "")),
                 "minimum_crew_rp": int(s.setup.get("crew_rp", 0)) if s.solo else 0,
                 "commoner_rescue_rp": int(s.setup.get("commoner_rp", 0)) if s.solo else 0,
                 **({"assumed": assumed} if assumed else {})},
    }


def _drawn(deck: Deck | None) -> list[str]:
    return [] if deck is None else list(deck.order[:deck.drawn])


def check_pictured(s: Session) -> None:
    """Every "Rescued Islander" card in play the box does not know was read off the card."""
    for card in pictured.unknown(s):
        if card not in s.pictured:
            raise FogFlowError(f"the rulebook does not print card {card}: enter what it "
                               "pictures and its RP (its row on this review)")


def score(s: Session, anyway: bool = False) -> tuple[dict[str, object], Result]:
    """Check and score the record; a refused record raises RecordError naming every reason.
    ``anyway``: the table overrode the refusals (only on a board its owner never checked);
    the record lists them as ``accepted_by_table``, so it is scored strictly all the same
    and ``fogkeeper score`` gives the same result from it, without --lenient."""
    check_pictured(s)
    if anyway and s.board_checked:
        raise FogFlowError("the owner checked this board: its data is the truth, so a "
                           "refused score is corrected, not scored anyway")
    record = build_record(s)
    if anyway:
        overridden = refusals(record_from_dict(record), s.rules)
        if overridden:
            record["accepted_by_table"] = overridden
    result = score_record(record_from_dict(record), s.rules)
    return record, result


def refused_reasons(s: Session) -> list[str]:
    """Why the score would be refused as the game stands (none: it would be scored)."""
    return refusals(record_from_dict(build_record(s)), s.rules)


def review_notes(s: Session) -> list[str]:
    """The doubts ``fogkeeper score`` would print under Notes for this game as it stands."""
    try:
        return plausibility_notes(record_from_dict(build_record(s)), s.rules)
    except RecordError:
        return []   # (a record the score refuses: its question names why)


# the record's keys in a refusal, as the table calls those things (the CLI keeps the keys)
TABLE_WORDS = (
    (re.compile(r"^final_positions\[\d+\] "), "Islander "),
    (re.compile(r"^final_positions: "), "Islanders on boats and piers: "),
    (re.compile(r"^missions\.held\.([^:]+): "), r"\1's missions: "),
    (re.compile(r"^missions\.cards\.([^:]+): "), r"card \1: "),
    (re.compile(r"^missions: "), "Missions: "),
    (re.compile(r"^preparation_bonuses(\.[^:]+)?: "), "Preparation Bonus tiles: "),
    (re.compile(r"^players: "), "Players: "),
    (re.compile(r"^teams: "), "Teams: "),
    (re.compile(r"^setup\.[^:]+: "), "Setup: "),
    (re.compile(r"^fog\.[^:]+: "), "FOG track: "),
)


def table_words(reason: str) -> str:
    """A refusal of the engine in the table's words: no record key shows on the box."""
    for pattern, words in TABLE_WORDS:
        if pattern.search(reason):
            return pattern.sub(words, reason, count=1)
    return reason


def ranking_rows(result: dict[str, Any]) -> list[tuple[str, str]]:
    players = sorted(result["players"], key=lambda p: (p["rank"], p["name"]))
    return [(f"{p['rank']}. {p['name']}", str(p["score"])) for p in players]


def detail_lines(result: dict[str, Any], index: int) -> list[str]:
    """One player's breakdown: categories per colour, missions, tie-break counts."""
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
