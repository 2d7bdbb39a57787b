"""Colour scores by category (1, 2, 2b, 3, 4, 5) and the solo score (A1.8, A1.10)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from fogkeeper.rules.fog.board import Board, Boat
from fogkeeper.rules.fog.legality import rescue_leader_flags
from fogkeeper.rules.fog.model import FinalIslander, IslanderType
from fogkeeper.rules.fog.record import Record

EMPTY_BOAT_RP = -12          # option 4, per boat without the colour on a productive place
MINIMUM_CREW_RP = -20        # option 5, per non-departing boat where the colour did least
LEADER_OWN_PLACE_RP = 15     # option 10
LEADER_ELSEWHERE_RP = 5
LEADER_LOST_RP = -5
BEACH_OPTION_7A = (-20, -15, -10)   # rows A, B, C with Individual Beach Scorings A
CREW_AREAS = ("A", "B")     # option 5 counts the crew on these Areas

LABELS = {
    "own_nation": "1 own nation", "boat_areas": "2 boat areas",
    "empty_boats": "2b boats without colour", "leader": "2b Rescue the Leaders",
    "lost": "3 lost to the FOG", "preparation": "4 Preparation Bonuses",
    "minimum_crew": "5 minimum boat crew", "commoner_rescue": "Commoner Rescue",
}


@dataclass(frozen=True)
class ColourScore:
    """One colour's RP per category, in scoring order."""

    colour: str
    categories: tuple[tuple[str, int], ...]

    @property
    def total(self) -> int:
        """The colour's score: the sum of its categories."""
        return sum(value for _, value in self.categories)

    def category(self, name: str) -> int:
        """RP of one category (0 when the category is not in play)."""
        return dict(self.categories).get(name, 0)


@dataclass(frozen=True)
class Table:
    """Facts about the end position that every colour's score reads (each counted once)."""

    boats: tuple[Boat, ...]
    departing: frozenset[str]
    scored: tuple[FinalIslander, ...]
    leaders: tuple[FinalIslander, ...]
    # per boat: each colour's Islanders on its Areas A+B (option 5)
    crew_ab: Mapping[str, Mapping[str, int]]
    # per colour: its Islanders that score (not covered), and all of them
    scored_by_owner: Mapping[str, tuple[FinalIslander, ...]] = field(default_factory=dict)
    owned: Mapping[str, tuple[FinalIslander, ...]] = field(default_factory=dict)
    # per boat that stays: the fewest Islanders any colour has on its Areas A+B (option 5)
    fewest_crew: Mapping[str, int] = field(default_factory=dict)


def _by_owner(islanders: Sequence[FinalIslander]) -> dict[str, tuple[FinalIslander, ...]]:
    groups: dict[str, list[FinalIslander]] = {}
    for x in islanders:
        groups.setdefault(x.owner, []).append(x)
    return {owner: tuple(group) for owner, group in groups.items()}


def _crews(islanders: Sequence[FinalIslander]
           ) -> tuple[dict[tuple[str, str], int], dict[str, dict[str, int]]]:
    """Islanders on productive places (covered ones too): per boat and Area, and per boat
    and colour on its Areas A+B."""
    crew: dict[tuple[str, str], int] = {}
    crew_ab: dict[str, dict[str, int]] = {}
    for x in islanders:
        at = x.at
        if at.productive:
            crew[(at.nation, at.area)] = crew.get((at.nation, at.area), 0) + 1
            if at.area in CREW_AREAS:
                colours = crew_ab.setdefault(at.nation, {})
                colours[x.owner] = colours.get(x.owner, 0) + 1
    return crew, crew_ab


def table_of(record: Record, board: Board) -> Table:
    """Boats in play, which depart (option 5) and which Islanders score (Intensive)."""
    in_play = _nations_in_play(record, board)
    boats = tuple(b for b in board.boats if b.nation in in_play)
    scored = tuple(x for x in record.islanders if not x.covered)
    crew, crew_ab = _crews(record.islanders)
    check = record.options.minimum_crew or (record.is_solo and record.solo.minimum_crew_rp)
    departing = frozenset(b.nation for b in boats if not check or all(
        crew.get((b.nation, area), 0) >= need for area, need in b.crew_min.items()))
    flags = rescue_leader_flags(record)
    leaders = tuple(x for x, f in zip(record.islanders, flags, strict=True) if f)
    colours = record.colours
    no_crew: dict[str, int] = {}
    fewest = {b.nation: min((crew_ab.get(b.nation, no_crew).get(c, 0) for c in colours),
                            default=0)
              for b in boats if b.nation not in departing}
    return Table(boats, departing, scored, leaders, crew_ab, _by_owner(scored),
                 _by_owner(record.islanders), fewest)


def _nations_in_play(record: Record, board: Board) -> set[str]:
    tile = record.options.extra_boat_tile
    if board.extra_boat_letters and tile not in board.extra_boat_letters:
        return {b.nation for b in board.boats if not b.optional}
    return {b.nation for b in board.boats_in_play(tile)}


def area_value(record: Record, nation: str, area: str) -> int:
    """Category 2 RP per Islander in this Area of this boat (option 6 or the Boat Scoring)."""
    if record.options.individual_boat_scorings:
        return record.individual_boat_scorings.get(nation, {}).get(area, 0)
    return record.boat_scoring.get(area, 0)


def row_value(record: Record, board: Board, row: str) -> int:
    """RP lost for an Islander swallowed in this row (printed, option 7A or 7B)."""
    if record.options.beach_scoring == "A" and row in board.rows[: len(BEACH_OPTION_7A)]:
        return BEACH_OPTION_7A[board.rows.index(row)]
    if record.options.beach_scoring == "B" and row in record.beach_scoring:
        return -abs(record.beach_scoring[row])
    return -abs(board.row_value.get(row, 0))


def _own_nation(table: Table, mine: Sequence[FinalIslander], nation_rp: int) -> int:
    return nation_rp * sum(1 for x in mine if x.at.in_boat and x.at.nation == x.nation
                           and x.at.nation in table.departing)


def _boat_areas(record: Record, table: Table, mine: Sequence[FinalIslander]) -> int:
    return sum(area_value(record, x.at.nation, x.at.area) for x in mine
               if x.at.productive and x.at.nation in table.departing)


def _empty_boats(table: Table, mine: Sequence[FinalIslander]) -> int:
    present = {x.at.nation for x in mine if x.at.productive}
    return EMPTY_BOAT_RP * sum(1 for b in table.boats if b.nation not in present)


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


def _lost(record: Record, board: Board, mine: Sequence[FinalIslander]) -> int:
    return sum(row_value(record, board, x.at.row) for x in mine if x.at.lost)


def _minimum_crew(table: Table, colour: str) -> int:
    """-20 per non-departing boat where this colour has the fewest (maybe 0) on A+B."""
    return MINIMUM_CREW_RP * sum(1 for nation, fewest in table.fewest_crew.items()
                                 if _crew(table, nation, colour) == fewest)


def _crew(table: Table, nation: str, colour: str) -> int:
    crew = table.crew_ab.get(nation)
    return 0 if crew is None else crew.get(colour, 0)


def colour_score(record: Record, board: Board, table: Table, colour: str) -> ColourScore:
    """All categories in play for one colour (multiplayer)."""
    options = record.options
    mine = table.scored_by_owner.get(colour, ())
    cats: list[tuple[str, int]] = [
        ("own_nation", _own_nation(table, mine, board.nation_rp)),
        ("boat_areas", _boat_areas(record, table, mine)),
    ]
    if options.boats_without_colour:
        cats.append(("empty_boats", _empty_boats(table, mine)))
    if options.rescue_leaders:
        cats.append(("leader", sum(leader_rp(x) for x in table.leaders if x.owner == colour)))
    lost = _lost(record, board, table.owned.get(colour, ()))
    cats += [("lost", lost), ("preparation", sum(record.preparation_bonuses.get(colour, ())))]
    if options.minimum_crew:
        cats.append(("minimum_crew", _minimum_crew(table, colour)))
    return ColourScore(colour, tuple(cats))


def solo_score(record: Record, board: Board, table: Table) -> ColourScore:
    """Solo: every Islander is the player's; scenario goals cost their stated RP."""
    islanders = table.scored
    cats: list[tuple[str, int]] = []
    if record.solo.minimum_crew_rp:
        missed = sum(1 for b in table.boats if b.nation not in table.departing)
        cats.append(("minimum_crew", -abs(record.solo.minimum_crew_rp) * missed))
    cats += [
        ("own_nation", _own_nation(table, islanders, board.nation_rp)),
        ("boat_areas", _boat_areas(record, table, islanders)),
        ("lost", _lost(record, board, record.islanders)),
    ]
    if record.solo.commoner_rescue_rp:
        commoner = IslanderType.COMMONER    # (an Enum member: read once, not per Islander)
        saved = {x.nation for x in islanders if x.type is commoner
                 and x.at.in_boat and x.at.nation == x.nation}
        missed = sum(1 for b in table.boats if b.nation not in saved)
        cats.append(("commoner_rescue", -abs(record.solo.commoner_rescue_rp) * missed))
    owner = record.colours[0]
    return ColourScore(owner, tuple(cats))
