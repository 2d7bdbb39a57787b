"""Small rule checks the table may ask the box: Gear, First Exploration, Hills, logic terrains."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from fogkeeper.rules.corps.errors import TrackError

# A map position as (row, column), both counted from 1 as printed on the Map.
Cell = tuple[int, int]

# The First Exploration starts on a Path in this column (Fog chapter setup, A3.2).
FIRST_EXPLORATION_COLUMN = 7

# Logic terrains that put a token in the Backpack when activated (A3.4).
_TERRAIN_GAINS: Mapping[str, str] = {"flower": "flower", "mushroom field": "mushroom"}


def machete_gains(gained: Mapping[str, int], backpack: Mapping[str, int]) -> dict[str, int]:
    """What an Explore with the Machete yields: each type gained that the backpack lacked
    before the Explore gets one more (B-C08, per type)."""
    return {
        kind: count + (1 if count > 0 and backpack.get(kind, 0) == 0 else 0)
        for kind, count in gained.items()
    }


def quadrant_usable(paths_on_challenge: int, time_limit: int) -> bool:
    """Hadley's Quadrant may be exhausted unless the Challenge resolves this turn anyway (B-C09)."""
    if paths_on_challenge < 0 or time_limit < 1:
        raise TrackError("a Challenge has a time limit of 1 or more and no negative Path count")
    return paths_on_challenge != time_limit - 1


@dataclass(frozen=True)
class ChallengeEffect:
    """One line of a Challenge side: ``changes`` apply if the backpack holds ``needs``."""

    changes: Mapping[str, int] = field(default_factory=dict)
    needs: str | None = None


def resolve_challenge_side(
    effects: Sequence[ChallengeEffect], backpack: Mapping[str, int], *, quadrant: bool
) -> dict[str, int]:
    """Backpack changes from one PASS or FAIL side; Hadley's Quadrant applies it twice."""
    times = 2 if quadrant else 1
    total: dict[str, int] = {}
    for effect in effects:
        if effect.needs is not None and backpack.get(effect.needs, 0) <= 0:
            continue
        for kind, count in effect.changes.items():
            total[kind] = total.get(kind, 0) + count * times
    return total


def flag_can_reach(path: Cell, shelters: Iterable[Cell]) -> bool:
    """With the Flag, any Path sharing a row or column with a Shelter may be explored,
    however far or blocked (C-C06)."""
    return any(
        path != shelter and (path[0] == shelter[0] or path[1] == shelter[1]) for shelter in shelters
    )


def can_explore_adjacent(path: Cell, explored: Mapping[Cell, bool]) -> bool:
    """Anyone may explore next to an explored Path unless that Path turned out a Rock;
    ``explored`` maps each explored cell to whether it is a Rock."""
    row, column = path
    neighbours = ((row - 1, column), (row + 1, column), (row, column - 1), (row, column + 1))
    return path not in explored and any(
        cell in explored and not explored[cell] for cell in neighbours
    )


def first_exploration_allowed(path: Cell, explored_rocks: Iterable[Cell] = ()) -> bool:
    """The First Exploration takes a Path in the start column not already found a Rock."""
    return path[1] == FIRST_EXPLORATION_COLUMN and path not in set(explored_rocks)


def first_exploration_continues(found_rock: bool) -> bool:
    """A Rock on the First Exploration passes it on to the next player (C-C09)."""
    return found_rock


def terrain_gain(terrain: str) -> dict[str, int]:
    """What activating a logic terrain adds to the Backpack (Flower, Mushroom Field)."""
    token = _TERRAIN_GAINS.get(" ".join(terrain.lower().split()))
    return {token: 1} if token else {}


def hill_number(hill: Cell, skulls: Iterable[Cell]) -> int:
    """The Hill's number: Skulls in its row plus Skulls in its column (B-C11)."""
    return sum((cell[0] == hill[0]) + (cell[1] == hill[1]) for cell in skulls if cell != hill)
