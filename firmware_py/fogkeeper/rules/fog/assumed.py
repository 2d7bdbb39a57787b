"""Which of a board's values the rulebook prints and which the box only assumes, and the
owner's corrections to them, each named by a dotted key (``row_value.D``, ``fog_start.5``,
``boat.blue.stern_capacity``, ``boat.red.places.B.sailor``, ``fog_track.3``, and a solo
scenario sheet's ``scenario.S001.nation_mp.red``).

The rulebook prints rows A-C (-9/-8/-7), the lower-left corner fields (S/F 7, M 8, L 9), the
S/F FOG start (2/4 players 9, 3 players 10), the Preparation Bonus stacks and, through its
scoring examples, 4 RP per Islander in its own nation's boat. Everything else a board file
holds was read off pictures or derived, and the owner should check it once.

Of the rulebook's solo scenario S001 it prints only two Nation MPs (blue 2, green 5) and the
two minimum goals (20 RP each); its FOG start, red's MP and Boat Scorings are on the sheet
alone (RULINGS B-F27), so the box's values for them are assumed until the owner copies the
sheet. A scenario the rulebook does not have (``example``, the owner's own) is its own sheet.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from fogkeeper.rules.fog.errors import BoardDataError

PRINTED_ROWS = {"A": -9, "B": -8, "C": -7}
PRINTED_FOG_START = {"S": (2, 3, 4), "F": (2, 3, 4)}
# the rulebook's own solo scenarios, each with the values it prints (the others are the sheet's)
PRINTED_SCENARIOS: dict[str, dict[str, int]] = {
    "S001": {"nation_mp.blue": 2, "nation_mp.green": 5, "minimum_crew_rp": 20,
             "commoner_rescue_rp": 20},
}
SCENARIO = "scenario"   # the head of a scenario sheet's keys: scenario.<name>.<value>
Value = int | tuple[str, ...]


@dataclass(frozen=True)
class BoardValue:
    """One value of a board file: its key, the value in use, and whether it is printed."""

    key: str
    value: Value
    printed: bool

    def shown(self) -> str:
        if isinstance(self.value, tuple):
            return ",".join(self.value) or "-"
        return str(self.value)


def values(raw: Mapping[str, Any]) -> list[BoardValue]:
    """Every value a board file sets that the owner can check, in reading order."""
    return list(_values(raw))


def _values(raw: Mapping[str, Any]) -> Iterator[BoardValue]:
    name = str(raw.get("name", ""))
    yield BoardValue("rows", tuple(raw.get("rows", ())), False)
    for row, v in raw.get("row_value", {}).items():
        yield BoardValue(f"row_value.{row}", int(v), PRINTED_ROWS.get(row) == v)
    yield BoardValue("fog_corner", int(raw["fog_corner"]), True)
    for position, rows in sorted(raw.get("fog_track", {}).items(), key=lambda kv: -int(kv[0])):
        yield BoardValue(f"fog_track.{position}", tuple(rows), False)
    for players, start in raw.get("fog_start", {}).items():
        printed = int(players) in PRINTED_FOG_START.get(name, ())
        yield BoardValue(f"fog_start.{players}", int(start), printed)
    for colours, discs in raw.get("discs_per_colour", {}).items():
        yield BoardValue(f"discs_per_colour.{colours}", int(discs), False)
    yield BoardValue("nation_rp", int(raw["nation_rp"]), True)
    for boat in raw.get("boat", []):
        nation = boat["nation"]
        for area, places in boat.get("places", {}).items():
            for kind, count in places.items():
                yield BoardValue(f"boat.{nation}.places.{area}.{kind}", int(count), False)
        yield BoardValue(f"boat.{nation}.stern_capacity", int(boat["stern_capacity"]), False)
        for area, count in boat.get("crew_min", {}).items():
            yield BoardValue(f"boat.{nation}.crew_min.{area}", int(count), False)
    for nation, kinds in raw.get("supply", {}).items():
        for kind, count in kinds.items():
            yield BoardValue(f"supply.{nation}.{kind}", int(count), False)
    for name, sheet in sorted(raw.get(SCENARIO, {}).items()):
        sheet_printed = PRINTED_SCENARIOS.get(name)
        if sheet_printed is None:
            continue   # a sheet the rulebook does not have is its own word: nothing to check
        for key, value in sheet_values(sheet):
            yield BoardValue(scenario_key(name, key), value, sheet_printed.get(key) == value)


def sheet_values(sheet: Mapping[str, Any]) -> Iterator[tuple[str, int]]:
    """A solo scenario sheet's values by key (``fog_start``, ``nation_mp.red``,
    ``boat_scoring.A``, ``minimum_crew_rp``, ``commoner_rescue_rp``), as the file gives them."""
    for key in ("fog_start", "minimum_crew_rp", "commoner_rescue_rp"):
        if isinstance(sheet.get(key), int):
            yield key, abs(int(sheet[key]))
    for table in ("nation_mp", "boat_scoring"):
        for part, value in dict(sheet.get(table, {})).items():
            if isinstance(value, int):
                yield f"{table}.{part}", int(value)


SHEET_ASSUMED = "assumed: copy your sheet"   # a scenario value the rulebook does not print
SHEET_ASSUMED_SHORT = "assumed: copy sheet"   # the same in one line of the 128x64 panel


# a solo scenario sheet's values, as its checklist rows name them
SHEET_LABELS = {"fog_start": "FOG start", "nation_mp": "MP {}", "boat_scoring": "Area {}: RP",
                "minimum_crew_rp": "Crew goal RP", "commoner_rescue_rp": "Commoner RP"}


def sheet_label(key: str) -> str:
    """A sheet's value as its checklist row names it: ``scenario.S001.nation_mp.red`` (or
    ``nation_mp.red``) is "MP red"."""
    parts = key.split(".")[2:] if is_scenario(key) else key.split(".")
    return SHEET_LABELS[parts[0]].format(*parts[1:])


def sheet_words(keys: Iterable[str]) -> str:
    """Assumed sheet values in a few words: "MP red, FOG start, Area A-D: RP"."""
    labels = [sheet_label(k) for k in keys]
    areas = [k.rsplit(".", 1)[1] for k in keys if ".boat_scoring." in f".{k}"]
    if len(areas) > 1:
        labels = [x for x in labels if not x.startswith("Area ")]
        span = f"{areas[0]}-{areas[-1]}" if len(areas) == 4 else ",".join(areas)
        labels.append(f"Area {span}: RP")
    return ", ".join(labels)


def level_basis(keys: Sequence[str]) -> str:
    """Which scenario values a solo rescue level rests on: the assumed ones named, else the
    sheet's as printed or entered."""
    if keys:
        return f"on assumed values ({SHEET_ASSUMED}): {sheet_words(keys)}"
    return "on the sheet's values, printed or entered"


def status_words(key: str, what: str) -> str:
    """What a value is, as a listing says it: ``what`` (printed, assumed, corrected,
    checked), a scenario sheet's assumed value as "assumed: copy your sheet"."""
    return SHEET_ASSUMED if what == "assumed" and is_scenario(key) else what


def is_scenario(key: str) -> bool:
    """The key is a solo scenario sheet's value (``scenario.S001.fog_start``)."""
    return key.startswith(SCENARIO + ".")


def scenario_key(name: str, key: str) -> str:
    """The walk's key of a sheet's value: ``scenario_key("S001", "fog_start")``."""
    return f"{SCENARIO}.{name}.{key}"


def parse_value(key: str, text: str) -> Value:
    """A value as the owner types it: rows as letters with commas, else a whole number."""
    if key == "rows" or key.startswith("fog_track."):
        return tuple(r.strip() for r in text.split(",") if r.strip())
    try:
        return int(text)
    except ValueError:
        raise BoardDataError(f"{key}: expected a whole number, got {text!r}") from None


def corrected(raw: Mapping[str, Any], corrections: Mapping[str, Value]) -> dict[str, Any]:
    """The board file with the owner's corrections; an unknown key is named."""
    out: dict[str, Any] = copy.deepcopy(dict(raw))
    known = {v.key for v in values(raw)} | {"fog_track", "fog_start", "discs_per_colour",
                                             "row_value"}
    for key, value in corrections.items():
        head = key.rsplit(".", 1)[0]
        if is_scenario(key) and key not in known:
            raise BoardDataError(f"{key}: not a value of a solo scenario played on board "
                                 f"{raw.get('name')} (see `fogkeeper board` for the keys)")
        if key not in known and head not in known:
            raise BoardDataError(f"{key}: not a value of board {raw.get('name')} (see "
                                 "`fogkeeper board` for the keys)")
        _put(out, key.split("."), list(value) if isinstance(value, tuple) else value)
    rows = out.get("rows", [])
    for key in corrections:
        if key.startswith("row_value.") and key.split(".", 1)[1] not in rows:
            raise BoardDataError(f"{key}: not a value of board {raw.get('name')} (its rows "
                                 f"are {', '.join(rows)})")
    return out


def _put(out: dict[str, Any], parts: list[str], value: object) -> None:
    if parts[0] == "boat":
        boat = next(b for b in out["boat"] if b["nation"] == parts[1])
        target: dict[str, Any] = boat
        parts = parts[2:]
    else:
        target = out
    for part in parts[:-1]:
        target = target.setdefault(part, {})
    target[parts[-1]] = value
