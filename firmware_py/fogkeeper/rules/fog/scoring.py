"""Colour scores by category (1, 2, 2b, 3, 4, 5) and the solo score (A1.8, A1.10)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import NamedTuple

from fogkeeper.rules.fog.board import Board, Boat
from fogkeeper.rules.fog.census import Census
from fogkeeper.rules.fog.legality import rescue_leaders
from fogkeeper.rules.fog.model import FinalIslander, IslanderType, Need
from fogkeeper.rules.fog.record import Record

EMPTY_BOAT_RP = -12          # option 4, per boat without the colour on a productive place
MINIMUM_CREW_RP = -20        # option 5, per non-departing boat where the colour did least
LEADER_OWN_PLACE_RP = 15     # option 10
LEADER_ELSEWHERE_RP = 5
LEADER_LOST_RP = -5
BEACH_OPTION_7A = (-20, -15, -10)   # rows A, B, C with Individual Beach Scorings A

LABELS = {
    "own_nation": "1 own nation", "boat_areas": "2 boat areas",
    "empty_boats": "2b boats without colour", "leader": "2b Rescue the Leaders",
    "lost": "3 lost to the FOG", "preparation": "4 Preparation Bonuses",
    "minimum_crew": "5 minimum boat crew", "commoner_rescue": "Commoner Rescue",
}


class ColourScore(NamedTuple):
    """One colour's RP per category, in scoring order."""

    colour: str
    categories: tuple[tuple[str, int], ...]

    @property
    def total(self) -> int:
        """The colour's score: the sum of its categories."""
        total = 0
        for _, value in self.categories:    # (a loop: no list made per colour)
            total += value
        return total

    def category(self, name: str) -> int:
        """RP of one category (0 when the category is not in play)."""
        return dict(self.categories).get(name, 0)


class Table(NamedTuple):
    """Facts about the end position that every colour's score reads (each counted once)."""

    boats: tuple[Boat, ...]
    nations: frozenset[str]     # (of those boats)
    departing: frozenset[str]
    # per colour: all of its Islanders, covered ones too
    owned: Mapping[str, Sequence[FinalIslander]]
    # per colour: its option-10 Leaders' RP; the boats that stay where it has the fewest
    # Islanders (maybe 0) of all colours on Areas A+B (option 5)
    leader_rp: Mapping[str, int]
    short_crewed: Mapping[str, int]
    # RP per Islander: on each Area of each departing boat, lost in each row it is lost in
    area_rp: Mapping[str, Mapping[str, int]]
    row_rp: Mapping[str, int]


def table_of(record: Record, board: Board, census: Census) -> Table:
    """Boats in play, which depart (option 5), who owns which Islanders, and what an Islander
    is worth where it stands, from the record's Islanders counted (`census`): per boat and
    row."""
    in_play = _nations_in_play(record, board)
    boats = tuple([b for b in board.boats if b.nation in in_play])
    check = record.options.minimum_crew or (record.is_solo and record.solo.minimum_crew_rp)
    departing = frozenset([b.nation for b in boats if not check or _crewed(b, census.on_areas)])
    area_rp = _area_rp(record, departing)
    row_rp = {row: row_value(record, board, row) for row in census.lost_rows}
    leader_rps: dict[str, int] = {}
    for leader in rescue_leaders(record, census):
        leader_rps[leader.owner] = leader_rps.get(leader.owner, 0) + leader_rp(leader)
    return Table(boats, frozenset(in_play), departing, census.owned, leader_rps,
                 _short_crewed(record.colours, boats, departing, census.crew_ab), area_rp,
                 row_rp)


def _crewed(boat: Boat, crew: Mapping[tuple[str, str], int]) -> bool:
    """Option 5: does the boat have its minimum crew on each Area that asks for one?"""
    for area, need in boat.crew_min.items():  # noqa: SIM110  (a loop: no generator per boat)
        if crew.get((boat.nation, area), 0) < need:
            return False
    return True


def _short_crewed(colours: Sequence[str], boats: Sequence[Boat], departing: frozenset[str],
                  crew_ab: Mapping[str, Mapping[str, int]]) -> dict[str, int]:
    """Option 5, per colour: the boats that stay where it has the fewest Islanders of all
    colours (maybe none) on Areas A+B; each boat is counted once for every colour."""
    short = dict.fromkeys(colours, 0)
    for boat in boats:
        if boat.nation in departing:
            continue
        crew = crew_ab.get(boat.nation, {})
        # (fewer colours there than in play: one has nobody there, and the fewest is none)
        fewest = 0 if len(crew) < len(colours) else min([crew.get(c, 0) for c in colours])
        for colour in colours:
            if crew.get(colour, 0) == fewest:
                short[colour] += 1
    return short


def _nations_in_play(record: Record, board: Board) -> set[str]:
    tile = record.options.extra_boat_tile
    if board.extra_boat_letters and tile not in board.extra_boat_letters:
        return {b.nation for b in board.boats if not b.optional}
    return {b.nation for b in board.boats_in_play(tile)}


def _area_rp(record: Record, nations: frozenset[str]) -> dict[str, Mapping[str, int]]:
    """Category 2 RP per Islander by Area, for each of these boats: its option 6 tiles, or
    the Boat Scoring (an Area without a tile scores 0)."""
    if record.options.individual_boat_scorings:
        return {n: record.individual_boat_scorings.get(n, {}) for n in nations}
    return dict.fromkeys(nations, record.boat_scoring)


def row_value(record: Record, board: Board, row: str) -> int:
    """RP lost for an Islander swallowed in this row (printed, option 7A or 7B)."""
    if record.options.beach_scoring == "A" and row in board.rows[: len(BEACH_OPTION_7A)]:
        return BEACH_OPTION_7A[board.rows.index(row)]
    if record.options.beach_scoring == "B" and row in record.beach_scoring:
        return -abs(record.beach_scoring[row])
    return -abs(board.row_value.get(row, 0))


class Tally(NamedTuple):
    """Some Islanders (a colour's, or all in solo) by where they stand: categories 1 (own
    nation), 2 (boat areas) and 3 (lost); the tie-break counts, Islanders lost and Commoners
    rescued; for the missions, the rescued ones by kind and by type and the ones in each
    boat; and for option 4, the boats where they stand on a productive place."""

    own_nation: int
    boat_areas: int
    lost: int
    lost_islanders: int
    commoners_rescued: int
    rescued: dict[Need, int]
    in_boat: dict[str, int]
    manned: set[str]


def tally(board: Board, table: Table, islanders: Sequence[FinalIslander]) -> Tally:
    """One walk over these Islanders for everything that reads where each one stands. A
    covered Islander (Drive Off Intensive) counts only if lost."""
    own = areas = lost = lost_islanders = 0
    rescued: dict[Need, int] = {}
    in_boat: dict[str, int] = {}
    manned: set[str] = set()
    row_rp, departing, area_rp = table.row_rp, table.departing, table.area_rp
    for x in islanders:
        at = x.at
        if at.lost:
            lost += row_rp[at.row]
            lost_islanders += 1
        elif at.rescued and not x.covered:
            kind = x.type
            rescued[kind] = rescued.get(kind, 0) + 1
            kind_of_nation = (kind, x.nation)
            rescued[kind_of_nation] = rescued.get(kind_of_nation, 0) + 1
            if at.in_boat:
                boat = at.nation
                in_boat[boat] = in_boat.get(boat, 0) + 1
                if boat in departing:
                    if boat == x.nation:
                        own += 1
                    if at.productive:
                        areas += area_rp[boat].get(at.area, 0)
                if at.productive:
                    manned.add(boat)
    return Tally(own * board.nation_rp, areas, lost, lost_islanders,
                 rescued.get(IslanderType.COMMONER, 0), rescued, in_boat, manned)


def _empty_boats(table: Table, manned: set[str]) -> int:
    """Option 4: -12 per boat where this colour has no Islander on a productive place."""
    return EMPTY_BOAT_RP * (len(table.boats) - len(table.nations & manned))


def leader_rp(islander: FinalIslander) -> int:
    """Option 10 RP for one of the designated Leaders (B-F24)."""
    at = islander.at
    if at.lost:
        return LEADER_LOST_RP
    if not at.in_boat or islander.covered:
        return 0
    if at.nation == islander.nation and at.productive:
        return LEADER_OWN_PLACE_RP
    return LEADER_ELSEWHERE_RP


def colour_score(record: Record, table: Table, colour: str, mine: Tally) -> ColourScore:
    """All categories in play for one colour (multiplayer), `mine` its tally."""
    options = record.options
    cats: list[tuple[str, int]] = [("own_nation", mine.own_nation),
                                   ("boat_areas", mine.boat_areas)]
    if options.boats_without_colour:
        cats.append(("empty_boats", _empty_boats(table, mine.manned)))
    if options.rescue_leaders:
        cats.append(("leader", table.leader_rp.get(colour, 0)))
    cats += [("lost", mine.lost),
             ("preparation", sum(record.preparation_bonuses.get(colour, ())))]
    if options.minimum_crew:
        # -20 per boat that stays where this colour has the fewest (maybe 0) on Areas A+B
        cats.append(("minimum_crew", MINIMUM_CREW_RP * table.short_crewed.get(colour, 0)))
    return ColourScore(colour, tuple(cats))


def solo_score(record: Record, table: Table, everyone: Tally) -> ColourScore:
    """Solo: every Islander is the player's (`everyone` their tally); scenario goals cost
    their stated RP."""
    cats: list[tuple[str, int]] = []
    if record.solo.minimum_crew_rp:
        missed = sum(1 for b in table.boats if b.nation not in table.departing)
        cats.append(("minimum_crew", -abs(record.solo.minimum_crew_rp) * missed))
    cats += [("own_nation", everyone.own_nation), ("boat_areas", everyone.boat_areas),
             ("lost", everyone.lost)]
    if record.solo.commoner_rescue_rp:
        commoner = IslanderType.COMMONER    # (an Enum member: read once, not per Islander)
        saved = {x.nation for x in record.islanders if x.type is commoner and not x.covered
                 and x.at.in_boat and x.at.nation == x.nation}
        missed = sum(1 for b in table.boats if b.nation not in saved)
        cats.append(("commoner_rescue", -abs(record.solo.commoner_rescue_rp) * missed))
    owner = record.colours[0]
    return ColourScore(owner, tuple(cats))
