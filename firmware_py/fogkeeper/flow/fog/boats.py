"""The boat grid: one colour's Islanders entered boat by boat, the fast way to score.

Left/right walk the boats in play, up/down a boat's places (both wrap around: the grid is
a wheel of places, as the PIN's digits, not a list; every list stops at its ends, see
``kit.menu.step_cursor``). A productive
place already says its Islander type, so OK on it only turns the nation of this colour's
Islander there: none, the boat's own nation, then the others. OK on "stern +" or "pier +"
opens the Islander picker on that spot. Places other colours fill are left out (unless
Drive Off Family/Intensive or option 10 lets two Islanders share one).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from fogkeeper.flow.fog import scoring
from fogkeeper.flow.fog.session import (
    FogFlowError,
    Islander,
    PickField,
    Purpose,
    Session,
)
from fogkeeper.rules.fog import FinalIslander, IslanderType, parse_place
from fogkeeper.rules.fog.model import AREAS, STERN

PIER = "pier"
NONE = "-"


@dataclass(frozen=True)
class Slot:
    """One row of a boat's column: a productive place (its Area, type and which of that
    type's places), or the stern or pier entry (``type`` empty)."""

    area: str
    type: str = ""
    nth: int = 0

    @property
    def productive(self) -> bool:
        return bool(self.type)

    def at(self, nation: str) -> str:
        """The record's place for this row in ``nation``'s boat."""
        return f"pier:{nation}" if self.area == PIER else f"boat:{nation}:{self.area}"

    def label(self) -> str:
        return f"{self.area} {self.type}" if self.productive else f"{self.area} +"


def boat(s: Session) -> str:
    """The nation of the boat whose column is shown."""
    found = scoring.nations(s)
    return found[s.grid_boat % len(found)]


def colour(s: Session) -> str:
    return s.colours[s.score_colour]


def _stacking(s: Session, kind: str) -> bool:
    """Can a second Islander join this type's place? Drive Off Family/Intensive stacks on
    any place; option 10's Leaders (or a stand-in Elder) only on the Leader's place."""
    options = s.state.setup.options
    leader_place = options.rescue_leaders and kind in ("leader", "elder")
    return options.drive_off in ("family", "intensive") or leader_place


def column(s: Session, nation: str | None = None) -> list[Slot]:
    """The rows of one boat for the colour being scored: its free places, stern, pier."""
    nation = nation or boat(s)
    mine = colour(s)
    ship = s.rules.board.boat(nation)
    others: Counter[tuple[str, str]] = Counter(
        (x.at, x.type) for c, xs in s.final.items() if c != mine for x in xs)
    own: Counter[tuple[str, str]] = Counter((x.at, x.type) for x in s.final.get(mine, []))
    rows: list[Slot] = []
    for area in AREAS:
        for kind in scoring.TYPES:
            room = ship.capacity(area, IslanderType(kind))
            at = f"boat:{nation}:{area}"
            free = room if _stacking(s, kind) else max(room - others[(at, kind)],
                                                        own[(at, kind)])
            rows += [Slot(area, kind, n) for n in range(free)]
    return [*rows, Slot(STERN), Slot(PIER)]


def _mine_at(s: Session, nation: str, slot: Slot) -> list[int]:
    """Indexes in the colour's list of its Islanders on this row's place and type."""
    at = slot.at(nation)
    return [i for i, x in enumerate(s.final.get(colour(s), []))
            if x.at == at and (not slot.productive or x.type == slot.type)]


def value(s: Session, nation: str, slot: Slot) -> str:
    """What the row shows: the nation on a place, or how many stand on a stern or pier."""
    found = _mine_at(s, nation, slot)
    if not slot.productive:
        return str(len(found))
    if slot.nth < len(found):
        return s.final[colour(s)][found[slot.nth]].nation
    return NONE


def turn_nation(s: Session, nation: str, slot: Slot) -> None:
    """OK on a place: the next nation the table can have there (none after the last)."""
    mine = s.final.setdefault(colour(s), [])
    found = _mine_at(s, nation, slot)
    index = found[slot.nth] if slot.nth < len(found) else None
    current = mine[index].nation if index is not None else NONE
    order = [NONE, nation, *(n for n in scoring.nations(s) if n != nation)]
    if index is not None:
        del mine[index]
    start = order.index(current) if current in order else 0
    for candidate in order[start + 1:]:
        new = Islander(candidate, slot.type, slot.at(nation))
        try:
            scoring.check_entry(s, FinalIslander(candidate, IslanderType(slot.type), colour(s),
                                                 parse_place(new.at)))
        except FogFlowError:
            continue   # no such Islander left in the box: the next nation
        mine.insert(len(mine) if index is None else index, new)
        return


def open_spot(s: Session, nation: str, slot: Slot) -> None:
    """OK on "stern +" or "pier +": the picker there, on the boat's own nation."""
    values = {PickField.AT: slot.at(nation), PickField.NATION: nation}
    s.pick = scoring.settled_pick(s, Purpose.SCORE, values)
    s.from_grid = True


def step_boat(s: Session, direction: int) -> None:
    """Left/right: the next boat, on the same place when it has one."""
    rows = column(s)
    here = rows[s.grid_row % len(rows)]
    s.grid_boat = (s.grid_boat + direction) % len(scoring.nations(s))
    rows = column(s)
    s.grid_row = rows.index(here) if here in rows else min(s.grid_row, len(rows) - 1)


def step_row(s: Session, direction: int) -> None:
    s.grid_row = (s.grid_row + direction) % len(column(s))


def press_ok(s: Session) -> bool:
    """OK on the row under the cursor; True when it opened the picker."""
    nation = boat(s)
    rows = column(s, nation)
    slot = rows[s.grid_row % len(rows)]
    if slot.productive:
        turn_nation(s, nation, slot)
        return False
    open_spot(s, nation, slot)
    return True


def reset(s: Session) -> None:
    """A colour's grid opens on the first boat's first place."""
    s.grid_boat = s.grid_row = 0
    s.from_grid = False
