"""The game record (one JSON document): typed value, loader with exact errors, writer."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from fogkeeper.rules.fog import _data as d
from fogkeeper.rules.fog.errors import RecordError
from fogkeeper.rules.fog.model import (
    AREAS,
    Characteristic,
    FinalIslander,
    IslanderType,
    parse_place,
)
from fogkeeper.rules.fog.options import Options, options_from_dict
from fogkeeper.rules.fog.setup import Player

FORMAT = "fogkeeper-fog-record"
VERSION = 1
MODES = ("multiplayer", "solo")
E = RecordError


@dataclass(frozen=True)
class Missions:
    """Missions in play: the cards each player kept, and the open cards (alternate play)."""

    held: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    open: tuple[str, ...] = ()
    cards: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)  # pictured, as given


@dataclass(frozen=True)
class SoloGoals:
    """A solo scenario's minimum goals (RP lost per miss; 0 = the scenario has none)."""

    scenario: str = ""
    minimum_crew_rp: int = 0
    commoner_rescue_rp: int = 0
    # the scenario's values the game used as the box assumed them, not copied from the
    # sheet (``scenario.S001.nation_mp.red``): the rescue level says it rests on them
    assumed: tuple[str, ...] = ()


@dataclass(frozen=True)
class Record:
    """Everything the score needs, plus the game's history kept as recorded."""

    board: str
    mode: str
    players: tuple[Player, ...]
    options: Options
    fog_start: int
    fog_final: int
    islanders: tuple[FinalIslander, ...]
    boat_scoring: Mapping[str, int] = field(default_factory=dict)
    individual_boat_scorings: Mapping[str, Mapping[str, int]] = field(default_factory=dict)
    beach_scoring: Mapping[str, int] = field(default_factory=dict)
    preparation_bonuses: Mapping[str, tuple[int, ...]] = field(default_factory=dict)
    teams: tuple[tuple[str, ...], ...] = ()
    missions: Missions = field(default_factory=Missions)
    solo: SoloGoals = field(default_factory=SoloGoals)
    history: Mapping[str, Any] = field(default_factory=dict)
    # the refusals the table overrode ("Score anyway?" on a board its owner never checked):
    # the cards and sheets on the table are the truth, so a later score honours them too
    accepted_by_table: tuple[str, ...] = ()
    # every colour in play, player by player (worked out once: the checks and the score
    # read it many times)
    colours: tuple[str, ...] = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "colours", tuple(c for p in self.players for c in p.colours))

    @property
    def is_solo(self) -> bool:
        """True for a solo game."""
        return self.mode == "solo"


def _int_map(value: object, path: str) -> dict[str, int]:
    return {k: d.integer(v, f"{path}.{k}", E) for k, v in d.table(value, path, E).items()}


def _player(value: object, path: str) -> Player:
    raw = d.table(value, path, E)
    colours = d.str_list(d.need(raw, "colours", path, E), f"{path}.colours", E)
    if not colours:
        raise E(f"{path}.colours: a player needs at least one colour")
    return Player(d.text(d.need(raw, "name", path, E), f"{path}.name", E), colours)


ISLANDER_KEYS = frozenset({"nation", "type", "owner", "at", "characteristic", "covered",
                           "rescue_leader"})
KINDS = {t.value: t for t in IslanderType}              # (made once, not per Islander)
KIND_NAMES = tuple(KINDS)
CHARACTERISTICS = {c.value: c for c in Characteristic}
CHARACTERISTIC_NAMES = tuple(CHARACTERISTICS)


def _islander(value: object, path: str) -> FinalIslander:
    raw = d.table(value, path, E)
    unknown = raw.keys() - ISLANDER_KEYS
    if unknown:
        raise E(f"{path}: unknown key(s) {', '.join(sorted(unknown))}")
    try:
        place = parse_place(d.text(d.need(raw, "at", path, E), f"{path}.at", E))
    except ValueError as exc:
        raise E(f"{path}.at: {exc}") from None
    char = raw.get("characteristic")
    return FinalIslander(
        nation=d.text(d.need(raw, "nation", path, E), f"{path}.nation", E),
        type=KINDS[d.choice(d.need(raw, "type", path, E), KIND_NAMES, f"{path}.type", E)],
        owner=d.text(d.need(raw, "owner", path, E), f"{path}.owner", E),
        at=place,
        characteristic=None if char is None else CHARACTERISTICS[
            d.choice(char, CHARACTERISTIC_NAMES, f"{path}.characteristic", E)],
        covered=d.flag(raw.get("covered", False), f"{path}.covered", E),
        rescue_leader=d.flag(raw.get("rescue_leader", False), f"{path}.rescue_leader", E),
    )


def _missions(value: object) -> Missions:
    raw = d.table(value, "missions", E)
    held = d.table(raw.get("held", {}), "missions.held", E)
    cards = d.table(raw.get("cards", {}), "missions.cards", E)
    return Missions(
        held={k: d.str_list(v, f"missions.held.{k}", E) for k, v in held.items()},
        open=d.str_list(raw.get("open", []), "missions.open", E),
        cards={k: dict(d.table(v, f"missions.cards.{k}", E)) for k, v in cards.items()},
    )


def _solo(value: object) -> SoloGoals:
    raw = d.table(value, "solo", E)
    return SoloGoals(
        scenario=str(raw.get("scenario", "")),
        minimum_crew_rp=d.integer(raw.get("minimum_crew_rp", 0), "solo.minimum_crew_rp", E),
        commoner_rescue_rp=d.integer(raw.get("commoner_rescue_rp", 0),
                                     "solo.commoner_rescue_rp", E),
        assumed=d.str_list(raw.get("assumed", []), "solo.assumed", E),
    )


def _boat_scorings(setup: Mapping[str, Any]) -> dict[str, dict[str, int]]:
    raw = d.table(setup.get("individual_boat_scorings", {}), "setup.individual_boat_scorings", E)
    return {n: _int_map(v, f"setup.individual_boat_scorings.{n}") for n, v in raw.items()}


TYPED_SETUP = ("boat_scoring", "individual_boat_scorings", "beach_scoring")


def _history(raw: Mapping[str, Any], setup: Mapping[str, Any],
             fog: Mapping[str, Any]) -> dict[str, Any]:
    """What the record keeps verbatim: turns, draws, FOG steps, other setup facts."""
    history = {k: raw[k] for k in ("turns", "draws") if k in raw}
    extra_setup = {k: v for k, v in setup.items() if k not in TYPED_SETUP}
    if extra_setup:
        history["setup"] = extra_setup
    if "steps" in fog:
        history["fog_steps"] = fog["steps"]
    return history


def record_from_dict(data: Mapping[str, Any]) -> Record:
    """Check a record's shape and build it; the error names the exact key path."""
    raw = d.table(data, "record", E)
    if raw.get("format") != FORMAT or raw.get("version") != VERSION:
        raise E(f"record: expected format {FORMAT!r} version {VERSION}, got "
                f"{raw.get('format')!r} version {raw.get('version')!r}")
    setup = d.table(raw.get("setup", {}), "setup", E)
    fog = d.table(d.need(raw, "fog", "record", E), "fog", E)
    players = d.items(d.need(raw, "players", "record", E), "players", E)
    positions = d.items(d.need(raw, "final_positions", "record", E), "final_positions", E)
    bonuses = d.table(raw.get("preparation_bonuses", {}), "preparation_bonuses", E)
    teams = d.items(raw.get("teams", []), "teams", E)
    record = Record(
        board=d.text(d.need(raw, "board", "record", E), "board", E),
        mode=d.choice(raw.get("mode", "multiplayer"), MODES, "mode", E),
        players=tuple(_player(p, f"players[{i}]") for i, p in enumerate(players)),
        options=options_from_dict(raw.get("options", {})),
        fog_start=d.integer(d.need(fog, "start", "fog", E), "fog.start", E),
        fog_final=d.integer(d.need(fog, "final", "fog", E), "fog.final", E),
        islanders=tuple(_islander(x, f"final_positions[{i}]") for i, x in enumerate(positions)),
        boat_scoring=_int_map(setup.get("boat_scoring", {}), "setup.boat_scoring"),
        individual_boat_scorings=_boat_scorings(setup),
        beach_scoring=_int_map(setup.get("beach_scoring", {}), "setup.beach_scoring"),
        preparation_bonuses={k: d.int_list(v, f"preparation_bonuses.{k}", E)
                             for k, v in bonuses.items()},
        teams=tuple(d.str_list(t, f"teams[{i}]", E) for i, t in enumerate(teams)),
        missions=_missions(raw.get("missions", {})),
        solo=_solo(raw.get("solo", {})),
        history=_history(raw, setup, fog),
        accepted_by_table=d.str_list(raw.get("accepted_by_table", []), "accepted_by_table",
                                     E),
    )
    _check_shape(record)
    return record


def _check_shape(record: Record) -> None:
    if not record.players:
        raise E("players: at least one player is needed")
    colours = record.colours
    if len(set(colours)) != len(colours):
        raise E("players: a colour belongs to one player only")
    names = [p.name for p in record.players]
    if len(set(names)) != len(names):
        raise E("players: player names must differ")
    for area in record.boat_scoring:
        if area not in AREAS:
            raise E(f"setup.boat_scoring.{area}: Areas are A, B, C and D")


def load_record(text: str) -> Record:
    """Parse a JSON record; malformed JSON or shape errors raise RecordError."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise E(f"record is not valid JSON (line {exc.lineno}, column {exc.colno}): "
                f"{exc.msg}") from None
    return record_from_dict(d.table(data, "record", E))


def _islander_dict(x: FinalIslander) -> dict[str, Any]:
    out: dict[str, Any] = {"nation": x.nation, "type": x.type.value, "owner": x.owner,
                           "at": str(x.at)}
    if x.characteristic is not None:
        out["characteristic"] = x.characteristic.value
    if x.covered:
        out["covered"] = True
    if x.rescue_leader:
        out["rescue_leader"] = True
    return out


def record_to_dict(record: Record) -> dict[str, Any]:
    """The record as JSON-ready data; record_from_dict(record_to_dict(r)) == r."""
    setup = dict(record.history.get("setup", {}))
    setup.update(boat_scoring=dict(record.boat_scoring),
                 individual_boat_scorings={k: dict(v) for k, v in
                                           record.individual_boat_scorings.items()},
                 beach_scoring=dict(record.beach_scoring))
    fog: dict[str, Any] = {"start": record.fog_start, "final": record.fog_final}
    if "fog_steps" in record.history:
        fog["steps"] = record.history["fog_steps"]
    out: dict[str, Any] = {
        "format": FORMAT, "version": VERSION, "board": record.board, "mode": record.mode,
        "players": [{"name": p.name, "colours": list(p.colours)} for p in record.players],
        "teams": [list(t) for t in record.teams], "options": record.options.to_dict(),
        "setup": setup, "fog": fog,
        "final_positions": [_islander_dict(x) for x in record.islanders],
        "preparation_bonuses": {k: list(v) for k, v in record.preparation_bonuses.items()},
        "missions": {"held": {k: list(v) for k, v in record.missions.held.items()},
                     "open": list(record.missions.open),
                     **({"cards": {k: dict(v) for k, v in record.missions.cards.items()}}
                        if record.missions.cards else {})},
        "solo": {"scenario": record.solo.scenario,
                 "minimum_crew_rp": record.solo.minimum_crew_rp,
                 "commoner_rescue_rp": record.solo.commoner_rescue_rp,
                 **({"assumed": list(record.solo.assumed)} if record.solo.assumed else {})},
    }
    for key in ("turns", "draws"):
        if key in record.history:
            out[key] = record.history[key]
    if record.accepted_by_table:
        out["accepted_by_table"] = list(record.accepted_by_table)
    return out
