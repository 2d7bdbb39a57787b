"""A record's Islanders counted once, by owner, by kind and by where they stand: what the
checks of a record and its score both read, so that neither walks the Islanders again."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from fogkeeper.rules.fog.model import FinalIslander, IslanderType, PlaceKind

CREW_AREAS = ("A", "B")     # option 5 (minimum boat crew) counts the crew on these Areas


class Census(NamedTuple):
    """The Islanders of one record, counted in one walk."""

    # per owner (a colour, or whatever the record names): its Islanders in record order
    owned: dict[str, list[FinalIslander]]
    # per nation, then type: the Islanders listed (the box's supply bounds them)
    of_kind: dict[str, dict[IslanderType, int]]
    # per productive place (boat, Area, type): the Islanders there in record order, and
    # per boat and Area: how many stand there (covered ones too, in both)
    on_places: dict[tuple[str, str, IslanderType], list[FinalIslander]]
    on_areas: dict[tuple[str, str], int]
    # per boat: the Islanders in its stern, and on its piers
    in_sterns: dict[str, int]
    on_piers: dict[str, int]
    # the rows the lost were swallowed in, and the rows the ones on the beach stand on
    lost_rows: set[str]
    beach_rows: set[str]
    # the Islanders the record marks as covered (Drive Off Intensive), and as Leaders of
    # option 10
    covered: list[FinalIslander]
    marked: list[FinalIslander]
    # option 5: per boat, each owner's Islanders on Areas A and B (covered ones too)
    crew_ab: dict[str, dict[str, int]]


def count_islanders(islanders: Sequence[FinalIslander]) -> Census:
    """Walk the Islanders once and count them every way a check or the score reads them."""
    owned: dict[str, list[FinalIslander]] = {}
    of_kind: dict[str, dict[IslanderType, int]] = {}
    on_places: dict[tuple[str, str, IslanderType], list[FinalIslander]] = {}
    on_areas: dict[tuple[str, str], int] = {}
    in_sterns: dict[str, int] = {}
    on_piers: dict[str, int] = {}
    lost_rows: set[str] = set()
    beach_rows: set[str] = set()
    covered: list[FinalIslander] = []
    marked: list[FinalIslander] = []
    crew_ab: dict[str, dict[str, int]] = {}
    beach = PlaceKind.BEACH     # (an Enum member: read once, not per Islander)
    for x in islanders:
        mine = owned.get(x.owner)
        if mine is None:
            mine = owned[x.owner] = []
        mine.append(x)
        kinds = of_kind.get(x.nation)   # (by nation, then type: no key built per Islander)
        if kinds is None:
            kinds = of_kind[x.nation] = {}
        kinds[x.type] = kinds.get(x.type, 0) + 1
        if x.covered:
            covered.append(x)
        if x.rescue_leader:
            marked.append(x)
        at = x.at
        if at.productive:
            place = (at.nation, at.area, x.type)
            here = on_places.get(place)
            if here is None:
                on_places[place] = [x]
            else:
                here.append(x)
            area = at.spot
            on_areas[area] = on_areas.get(area, 0) + 1
            if at.area in CREW_AREAS:
                crew = crew_ab.get(at.nation)
                if crew is None:
                    crew = crew_ab[at.nation] = {}
                crew[x.owner] = crew.get(x.owner, 0) + 1
        elif at.in_boat:
            in_sterns[at.nation] = in_sterns.get(at.nation, 0) + 1
        elif at.rescued:
            on_piers[at.nation] = on_piers.get(at.nation, 0) + 1
        elif at.lost:
            lost_rows.add(at.row)
        elif at.kind is beach:
            beach_rows.add(at.row)
    return Census(owned, of_kind, on_places, on_areas, in_sterns, on_piers, lost_rows,
                  beach_rows, covered, marked, crew_ab)
