"""Which of a board's values the rulebook prints and which the box only assumes, and the
owner's corrections to them, each named by a dotted key (``row_value.D``, ``fog_start.5``,
``boat.blue.stern_capacity``, ``boat.red.places.B.sailor``, ``fog_track.3``).

The rulebook prints rows A-C (-9/-8/-7), the lower-left corner fields (S/F 7, M 8, L 9), the
S/F FOG start (2/4 players 9, 3 players 10), the Preparation Bonus stacks and, through its
scoring examples, 4 RP per Islander in its own nation's boat. Everything else a board file
holds was read off pictures or derived, and the owner should check it once.
"""

from __future__ import annotations

import copy
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from fogkeeper.rules.fog.errors import BoardDataError

PRINTED_ROWS = {"A": -9, "B": -8, "C": -7}
PRINTED_FOG_START = {"S": (2, 3, 4), "F": (2, 3, 4)}
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
