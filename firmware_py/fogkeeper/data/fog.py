"""Reads The FOG's board, deck and solo scenario TOML files from the config folder, with the
owner's own corrections from the data folder over them (they survive a reinstall)."""

from __future__ import annotations

import hashlib
import logging
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from fogkeeper.data import read_json, read_toml
from fogkeeper.errors import ConfigError
from fogkeeper.paths import config_dir
from fogkeeper.rules.fog import Board, CardSet, FogRules, assumed, board_from_dict, cards_from_dict
from fogkeeper.rules.fog.cards import check_deck
from fogkeeper.schema import ABSENT, Field, Schema, SchemaError

log = logging.getLogger(__name__)

BOARD_NAMES = ("S", "F", "M", "L")
DECK_FILES = {
    "guardians": "fog_guardians.toml", "fog": "fog_uncertainty.toml", "events": "fog_events.toml",
    "rescued_islanders": "fog_rescued_islanders.toml",
    "rescue_achievements": "fog_rescue_achievements.toml",
}


def board_file(name: str, folder: Path | None = None) -> dict[str, Any]:
    """Board S, F, M or L as shipped (`<config>/boards/<name>.toml`), parsed, with the solo
    scenario sheets played on it under ``scenario`` (their values are checked and corrected
    with the board's: ``scenario.S001.nation_mp.red``)."""
    if name not in BOARD_NAMES:
        raise ConfigError(f"board {name!r}: choose one of {', '.join(BOARD_NAMES)}")
    base = folder or config_dir()
    raw = read_toml(base / "boards" / f"{name}.toml")
    sheets = {}
    for path in sorted((base / "fog_scenarios").glob("*.toml")):
        try:
            sheet = SCENARIO.read(read_toml(path))
        except (ConfigError, SchemaError):
            continue   # a broken sheet is refused by name where it is chosen (load_scenarios)
        if sheet["board"] == name:
            sheets[path.stem] = sheet
    return {**raw, assumed.SCENARIO: sheets}


@dataclass(frozen=True)
class OwnerBoard:
    """The owner's word on a board: corrected values by key, and whether they checked all."""

    confirmed: bool = False
    values: dict[str, assumed.Value] = field(default_factory=dict)


def _is_value(value: object) -> bool:
    if isinstance(value, list):
        return all(isinstance(word, str) for word in value)
    return isinstance(value, int) and not isinstance(value, bool)


# the owner's board file, as `owner_board_document` writes it and the board check saves it
OWNER_BOARD = Schema.of(
    Field("confirmed", bool, default=False),
    Field("values", dict, default={},
          check=lambda given: all(_is_value(v) for v in given.values()),
          allowed="an object of board keys, each a whole number or a list of words"),
)


def read_owner_board(name: str) -> OwnerBoard:
    """What the owner said about this board (`<data>/fog/boards/<name>.json`), if anything;
    ConfigError naming the file and the key when it cannot be read as one."""
    path = owner_file("boards", f"{name}.json")
    if not path.is_file():
        return OwnerBoard()
    data = read_json(path)
    if not isinstance(data, dict):
        raise ConfigError(f"{path}: not a board correction file (not a JSON object)")
    try:
        read = OWNER_BOARD.read(data)
    except SchemaError as exc:
        raise ConfigError(f"{path}: not a board correction file ({exc})") from None
    return OwnerBoard(read["confirmed"], {
        str(k): tuple(v) if isinstance(v, list) else v for k, v in read["values"].items()})


def load_board(name: str, folder: Path | None = None) -> Board:
    """Board S, F, M or L as shipped, with the owner's corrections over it. Corrections the
    box cannot use (a damaged file, a value the board cannot hold) are left aside, the file
    kept, and the board is used as shipped: ``owner_problems`` says why."""
    try:
        values = read_owner_board(name).values
        return checked_board(name, values, folder)
    except ConfigError:
        problem = owner_board_problem(name, folder)
        if problem is None:
            raise  # the shipped board itself: not the owner's to mend
        log.warning("%s; board %s is used as shipped (the file is kept)", problem, name)
    return checked_board(name, {}, folder)


@dataclass(frozen=True)
class LeftAside:
    """One of the owner's files the box cannot use: where it is and why (naming the file)."""

    path: Path
    why: str

    def __str__(self) -> str:
        return self.why


def owner_board_problem(name: str, folder: Path | None = None) -> str | None:
    """Why the owner's corrections of this board cannot be used, or None."""
    try:
        checked_board(name, read_owner_board(name).values, folder)
    except ConfigError as exc:
        try:
            checked_board(name, {}, folder)
        except ConfigError:
            return None  # the shipped board fails too: the fault is not the owner's file
        path = str(owner_file("boards", f"{name}.json"))
        return str(exc) if str(exc).startswith(path) else f"{path}: {exc}"
    return None


def owner_problems(board: str, folder: Path | None = None) -> list[LeftAside]:
    """The owner's own FOG files (this board's corrections, the decks' cards) that the box
    leaves aside because it cannot use them, each naming the file and what is wrong."""
    problems = []
    board_problem = owner_board_problem(board, folder)
    if board_problem is not None:
        problems.append(LeftAside(owner_file("boards", f"{board}.json"), board_problem))
    base = (folder or config_dir()) / "decks"
    for deck, file in DECK_FILES.items():
        try:
            shipped = read_toml(base / file)
        except ConfigError:
            continue  # the shipped deck: not the owner's to mend
        problem = _owner_cards(deck, shipped)[1]
        if problem is not None:
            problems.append(LeftAside(owner_file("decks", file), problem))
    return problems


def checked_board(name: str, values: dict[str, assumed.Value],
                  folder: Path | None = None) -> Board:
    """Board ``name`` with these corrections over it, checked whole: ConfigError names the
    first correction the board cannot hold (an unknown key, a row swallowed twice)."""
    raw = assumed.corrected(board_file(name, folder), values)
    for sheet, given in raw.get(assumed.SCENARIO, {}).items():   # the sheets played on it
        try:
            SCENARIO.read(given)
        except SchemaError as exc:
            raise ConfigError(f"board {name}: scenario {sheet}: {exc}") from None
    return board_from_dict(raw, source=f"board {name}")


def owner_board(name: str) -> OwnerBoard:
    """The owner's word on this board as the box uses it: nothing when the file cannot be
    read or holds a value the board cannot take (the file is kept, left aside, and named by
    ``owner_board_problem``; ``read_owner_board`` raises instead)."""
    try:
        owner = read_owner_board(name)
    except ConfigError:
        return OwnerBoard()  # a damaged file: left aside
    try:
        checked_board(name, owner.values)  # read and built once when all is well
    except ConfigError:
        if owner_board_problem(name) is not None:
            return OwnerBoard()  # a value the board cannot hold
    return owner


def board_status(name: str) -> list[tuple[assumed.BoardValue, str]]:
    """Every value of the board as the box uses it, with what it is: ``printed`` (the rulebook
    gives it), ``corrected`` (the owner's), ``checked`` (the owner confirmed the board) or
    ``assumed`` (the box's guess from the board's pictures)."""
    owner = owner_board(name)
    rows = []
    for value in assumed.values(assumed.corrected(board_file(name), owner.values)):
        if value.key in owner.values:
            what = "corrected"
        elif value.printed:
            what = "printed"
        else:
            what = "checked" if owner.confirmed else "assumed"
        rows.append((value, what))
    return rows


def owner_board_document(confirmed: bool, values: dict[str, assumed.Value]) -> dict[str, Any]:
    """The owner's word on a board as its file holds it (read back by ``owner_board``)."""
    return {"confirmed": confirmed,
            "values": {k: list(v) if isinstance(v, tuple) else v for k, v in values.items()}}


OWNER_ENV = "FOGKEEPER_DATA_DIR"
DEFAULT_OWNER_DIR = "~/.local/share/fogkeeper"   # the box's default data folder


def owner_dir() -> Path:
    """The owner's data folder (the box's ``[storage] data_dir``; FOGKEEPER_DATA_DIR)."""
    return Path(os.environ.get(OWNER_ENV) or DEFAULT_OWNER_DIR).expanduser()


def owner_file(*parts: str) -> Path:
    """Where the owner keeps a corrected FOG data file: ``<data>/fog/<parts>``."""
    return owner_dir().joinpath("fog", *parts)


def _owner_cards(deck: str, shipped: dict[str, Any]) -> tuple[dict[str, Any], str | None]:
    """The owner's cards of this deck (by number) over the shipped ones; a file the box
    cannot use leaves the deck as shipped, with why (the file is kept)."""
    path = owner_file("decks", DECK_FILES[deck])
    if not path.is_file():
        return shipped, None
    try:
        data = read_toml(path)
        given = data.get("card", [])
        if not isinstance(given, list):
            raise ConfigError(f"{path}: key 'card': expected a list of cards")
        own = {c.get("number"): c for c in given if isinstance(c, dict)}
        cards = [own.pop(c.get("number"), c) for c in shipped.get("card", [])]
        deck_data = {**shipped, "card": [*cards, *own.values()]}
        check_deck(deck, deck_data)  # the owner's cards must make a deck with the shipped
    except ConfigError as exc:
        return shipped, str(exc) if str(exc).startswith(str(path)) else f"{path}: {exc}"
    return deck_data, None


def load_cards(folder: Path | None = None) -> CardSet:
    """The five Uncertainty decks from `<config>/decks/fog_*.toml`, the owner's cards over
    them (`<data>/fog/decks/`: e.g. the "Rescued Islander" cards the rulebook does not print).
    An owner's deck file the box cannot use is left aside (``owner_problems`` says why)."""
    base = (folder or config_dir()) / "decks"
    decks = {}
    for deck, file in DECK_FILES.items():
        decks[deck], problem = _owner_cards(deck, read_toml(base / file))
        if problem is not None:
            log.warning("%s; the %s deck is used as shipped (the file is kept)", problem, deck)
    return cards_from_dict(decks)


def load_rules(board: str, folder: Path | None = None) -> FogRules:
    """Board and cards together, ready for the engine."""
    return FogRules(load_board(board, folder), load_cards(folder))


RULES_FOLDERS = ("boards", "fog_scenarios", "decks")   # under the config folder
OWNER_FOLDERS = ("boards", "decks")                    # under <data>/fog


def rules_fingerprint(folder: Path | None = None) -> str:
    """A short word that changes whenever a file ``load_rules`` reads may have changed (a
    shipped board, sheet or deck, the owner's corrections): each file's name, inode, size
    and modification time, never its text, so a score kept from these rules (the past
    games' index) is known to be out of date without reading any rule."""
    base = folder or config_dir()
    seen = []
    places = [base / name for name in RULES_FOLDERS]
    places += [owner_file(name) for name in OWNER_FOLDERS]
    for place in places:
        try:
            with os.scandir(place) as found:
                for entry in found:
                    kept = entry.stat()
                    seen.append(f"{entry.path}|{kept.st_ino}|{kept.st_size}|{kept.st_mtime_ns}")
        except OSError:
            seen.append(f"{place}|absent")
    return hashlib.sha256("\n".join(sorted(seen)).encode()).hexdigest()[:16]


@dataclass(frozen=True)
class Scenario:
    """A solo scenario sheet: board, each nation's MP, FOG start, goals and Boat Scorings."""

    name: str
    board: str
    nation_mp: dict[str, int]
    fog_start: int = 0                 # 0: keep the checklist's
    minimum_crew_rp: int = 0           # per boat that does not depart
    commoner_rescue_rp: int = 0        # per boat without a Commoner of its own nation
    boat_scoring: dict[str, int] = field(default_factory=dict)   # Area -> RP, {} = drawn
    # the sheet's values the rulebook does not print and the owner has neither corrected nor
    # checked (``fog_start``, ``nation_mp.red``, ``boat_scoring.A``): "assumed: copy your
    # sheet" wherever they are shown
    assumed: tuple[str, ...] = ()

    def value(self, key: str) -> int:
        """The sheet's value by key (``nation_mp.red``); 0 when the sheet has none."""
        head, _, part = key.partition(".")
        if part:
            table = self.nation_mp if head == "nation_mp" else self.boat_scoring
            return table.get(part, 0)
        return int(getattr(self, key))


def _whole_numbers(value: dict[str, Any], low: int = -999, high: int = 999) -> bool:
    return all(isinstance(v, int) and not isinstance(v, bool) and low <= v <= high
               for v in value.values())


# a solo scenario sheet's file, key by key
SCENARIO = Schema.of(
    Field("name", str, default=ABSENT, most=64, doc="the sheet's name (the file's stem is used)"),
    Field("board", str, check=lambda b: b in BOARD_NAMES, allowed="one of S, F, M, L"),
    Field("nation_mp", dict, check=lambda v: _whole_numbers(v, 1, 20),
          allowed="a table of whole numbers, 1-20"),
    Field("fog_start", int, default=0, low=0, high=99),
    Field("minimum_crew_rp", int, default=0, low=-999, high=999),
    Field("commoner_rescue_rp", int, default=0, low=-999, high=999),
    Field("boat_scoring", dict, default={}, check=lambda v: _whole_numbers(v, 0, 12),
          allowed="a table of whole numbers, 0-12"),
)


def read_scenario(path: Path, corrections: dict[str, assumed.Value] | None = None,
                  assumed_keys: tuple[str, ...] = ()) -> Scenario:
    """One scenario file, with the owner's corrections (by the sheet's own keys:
    ``nation_mp.red``) over it; a broken one names the file and the key."""
    raw = read_toml(path)
    for key, value in (corrections or {}).items():
        head, _, part = key.partition(".")
        if part:
            raw[head] = {**raw.get(head, {}), part: value}
        else:
            raw[key] = value
    try:
        data = SCENARIO.read(raw)
    except SchemaError as exc:
        raise ConfigError(f"{path}: {exc}") from None
    return Scenario(
        name=path.stem, board=data["board"],
        nation_mp={str(k): v for k, v in data["nation_mp"].items()},
        fog_start=data["fog_start"],
        minimum_crew_rp=abs(data["minimum_crew_rp"]),
        commoner_rescue_rp=abs(data["commoner_rescue_rp"]),
        boat_scoring={str(k): v for k, v in data["boat_scoring"].items()},
        assumed=assumed_keys)


def load_scenarios(folder: Path | None = None) -> dict[str, Scenario]:
    """Solo scenario files in ``<config>/fog_scenarios/`` by name (the file's stem), each
    with the owner's corrections from its board's file and the values still assumed."""
    base = (folder or config_dir()) / "fog_scenarios"
    found = {}
    for path in sorted(base.glob("*.toml")):
        plain = read_scenario(path)
        prefix = assumed.scenario_key(path.stem, "")
        rows = board_status(plain.board) if plain.board in BOARD_NAMES else []
        mine = [(v, what) for v, what in rows if v.key.startswith(prefix)]
        found[path.stem] = read_scenario(
            path, {v.key[len(prefix):]: v.value for v, what in mine if what == "corrected"},
            tuple(v.key[len(prefix):] for v, what in mine if what == "assumed"))
    return found
