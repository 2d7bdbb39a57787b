"""Checks that an end-of-game record could happen under the rules; each problem is exact."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from typing import NamedTuple

from fogkeeper.rules.fog.board import Board, Boat, InPlay
from fogkeeper.rules.fog.census import Census, count_islanders
from fogkeeper.rules.fog.errors import FogRulesError
from fogkeeper.rules.fog.fog_track import rows_taken
from fogkeeper.rules.fog.model import FinalIslander, IslanderType, PlaceKind
from fogkeeper.rules.fog.options import Options
from fogkeeper.rules.fog.record import Record

STANDARD_FACES = {"A": (6, 7), "B": (5, 6), "C": (4, 5), "D": (2, 3)}


def label_of(index: int, islander: FinalIslander) -> str:
    """How a problem names one Islander of the record: its key and what it is."""
    return (f"final_positions[{index}] ({islander.nation} {islander.type.value} of "
            f"{islander.owner})")


def problems(record: Record, board: Board, census: Census | None = None) -> list[str]:
    """Every rule the record breaks, in record order; empty when it is legal. `census` is
    the record's Islanders counted (counted here when not given). Each check returns its
    problems as a list (most often empty: a list costs less than a generator)."""
    try:
        in_play = board.in_play(record.options.extra_boat_tile)
    except FogRulesError as exc:
        return [str(exc)]
    if census is None:
        census = count_islanders(record.islanders)
    over = _over(census, board, in_play)
    colours = frozenset(record.colours)
    return (_setup_problems(record, board)
            + _place_problems(record, board, in_play, census, over, colours)
            + _capacity_problems(record, in_play, census, over) + _supply_problems(board, over)
            + _bonus_problems(record, in_play, colours) + _leader_problems(record, census))


def _setup_problems(record: Record, board: Board) -> list[str]:
    found = []
    if record.board != board.name:
        found.append(f"board: record is for board {record.board}, data is for board "
                     f"{board.name}")
    if not 0 <= record.fog_final <= record.fog_start:
        found.append(f"fog: final position {record.fog_final} must lie between 0 and "
                     f"{record.fog_start}")
    if record.options.three_colours and not board.three_colour_option:
        found.append(f"options.three_colours: option 9 is only for the Large board, not "
                     f"{board.name}")
    std = not (record.options.boat_area_scoring or record.options.individual_boat_scorings)
    for area, faces in STANDARD_FACES.items():
        value = record.boat_scoring.get(area)
        if value is None and not record.options.individual_boat_scorings:
            found.append(f"setup.boat_scoring.{area}: missing")
        elif std and value is not None and value not in faces:
            found.append(f"setup.boat_scoring.{area}: {value} is not a face of the standard "
                         f"tile {faces[0]}/{faces[1]} (option 2 allows other tiles)")
    if record.is_solo and any(record.preparation_bonuses.values()):
        found.append("preparation_bonuses: solo games have no Preparation Bonuses")
    return found


def _place_problems(record: Record, board: Board, in_play: InPlay, census: Census,
                    over: _Over, colours: frozenset[str]) -> list[str]:
    reached = rows_taken(board, record.fog_start, max(record.fog_final, 0))
    if _places_right(record, board, in_play, census, over, colours, reached):
        return []
    return list(_misplaced(record, board, in_play, colours, reached))


def _misplaced(record: Record, board: Board, in_play: InPlay, colours: frozenset[str],
               reached: frozenset[str]) -> Iterator[str]:
    """Each place rule an Islander breaks, in record order: a walk over every Islander to
    name each one (it runs only when one is wrong)."""
    nations = in_play.boat_of
    rows = board.row_set
    intensive = record.options.drive_off == "intensive"
    beach = PlaceKind.BEACH
    supply = board.supply
    for i, isl in enumerate(record.islanders):
        at = isl.at
        if isl.nation not in supply:
            yield f"{label_of(i, isl)}: board {board.name} has no {isl.nation} Islanders"
        if isl.owner not in colours:   # (solo too: the one player's colour owns them all)
            yield f"{label_of(i, isl)}: owner {isl.owner} is not a colour in play"
        if at.rescued and at.nation not in nations:     # in a boat or on its pier
            yield f"{label_of(i, isl)}: {at} names a boat that is not on the table"
        if at.lost or at.kind is beach:
            if at.row not in rows:
                yield f"{label_of(i, isl)}: {at} names a row board {board.name} does not have"
            elif at.lost and at.row not in reached:
                yield (f"{label_of(i, isl)}: lost in row {at.row}, but the FOG (from "
                       f"{record.fog_start} to {record.fog_final}) reached only rows "
                       f"{', '.join(sorted(reached)) or '-'}")
            elif not at.lost and at.row in reached:
                yield f"{label_of(i, isl)}: still on row {at.row}, which the FOG has swallowed"
        if isl.covered and not _rightly_covered(isl, intensive):
            if not at.productive or not intensive:
                yield (f"{label_of(i, isl)}: only Drive Off Intensive covers an Islander on a "
                       "place")
            else:
                yield (f"{label_of(i, isl)}: Drive Off never covers an Islander of the boat's "
                       "own nation")


def _places_right(record: Record, board: Board, in_play: InPlay, census: Census, over: _Over,
                  colours: frozenset[str], reached: frozenset[str]) -> bool:
    """True when no Islander breaks a place rule, judged on the distinct nations, owners,
    boats and rows the Islanders show (the same rules as the walk that names them)."""
    nations = in_play.boat_of
    supply = board.supply_of
    return (all(kind in supply for kind, _ in over.supply)    # (a nation the box has)
            and census.owned.keys() <= colours
            and all(place[0] in nations for place, _ in over.room)  # (a boat on the table)
            and census.in_sterns.keys() <= nations.keys()
            and census.on_piers.keys() <= nations.keys()
            and census.lost_rows <= reached      # (swallowed rows are rows of the board)
            and census.beach_rows.isdisjoint(reached) and census.beach_rows <= board.row_set
            and all(_rightly_covered(x, record.options.drive_off == "intensive")
                    for x in census.covered))


def _rightly_covered(islander: FinalIslander, intensive: bool) -> bool:
    """Drive Off Intensive covers an Islander on a productive place of another nation's
    boat."""
    at = islander.at
    return at.productive and intensive and islander.nation != at.nation


def rescue_leaders(record: Record, census: Census | None = None) -> Sequence[FinalIslander]:
    """Option 10's Leaders (or the Elders standing in for them), in record order: the
    Islanders the record marks with rescue_leader; unmarked records mean every Leader.
    `census`, when given, already holds the marked ones."""
    if not record.options.rescue_leaders:
        return []
    marked = (census.marked if census is not None
              else [x for x in record.islanders if x.rescue_leader])
    if marked:
        return marked
    leader = IslanderType.LEADER    # (an Enum member: read once, not per Islander)
    return [x for x in record.islanders if x.type is leader]


class _Over(NamedTuple):
    """What the census shows past the table's limits: the kinds (nation and type) listed
    more often than the box holds them, and the productive places (boat, Area and type)
    holding more than their places, in record order (a nation the box lacks, or a boat not
    on the table, holds none)."""

    supply: list[tuple[tuple[str, IslanderType], int]]
    room: list[tuple[tuple[str, str, IslanderType], int]]


def _over(census: Census, board: Board, in_play: InPlay) -> _Over:
    past_supply = []
    if census.of_kind != board.supply:  # (the whole box listed, as in a full game, is not past it)
        for nation, kinds in census.of_kind.items():
            box = board.supply.get(nation, {})
            for kind, n in kinds.items():
                if n > box.get(kind, 0):
                    past_supply.append(((nation, kind), n))
    room = in_play.room
    return _Over(past_supply, [(place, len(here)) for place, here in census.on_places.items()
                               if len(here) > room.get(place, 0)])


def _capacity_problems(record: Record, in_play: InPlay, census: Census, over: _Over
                       ) -> list[str]:
    """Productive places and sterns over their room. Only a place over its room looks at
    who stands there (Drive Off, Leaders)."""
    boat_of = in_play.boat_of
    found = []
    for key, count in over.room:
        if key[0] not in boat_of:
            continue    # a boat not on the table: the place checks say so
        capacity = in_play.room.get(key, 0)
        nation, area, kind = key
        if capacity == 0:
            found.append(f"boat {nation} Area {area} has no {kind.value} place ({count} there)")
        elif count - capacity > _stacking_allowed(
                record, census, boat_of[nation], census.on_places[key], count - capacity):
            rule = record.options.drive_off or "not in play"
            found.append(f"two Islanders in one productive place: boat {nation} Area {area} "
                         f"holds {count} {kind.value}s on {capacity} place(s) (Drive Off: "
                         f"{rule})")
    if record.options.drive_off != "advanced":
        for nation, count in census.in_sterns.items():
            if nation in boat_of and count > boat_of[nation].stern_capacity:
                found.append(f"boat {nation} stern holds {count} Islanders, room for "
                             f"{boat_of[nation].stern_capacity}")
    return found


def _stacking_allowed(record: Record, census: Census, boat: Boat,
                      group: Sequence[FinalIslander], excess: int) -> int:
    """How many Islanders beyond its places one place may hold: Drive Off (Family or
    Intensive) stacks a visitor on each own-nation Islander; option 10 adds one place for an
    own-nation Leader (looked for only when Drive Off is not enough)."""
    allowed = 0
    if record.options.drive_off in ("family", "intensive"):
        own = len([x for x in group if x.nation == boat.nation])
        allowed += min(own, len(group) - own)
    if excess > allowed:
        leaders = rescue_leaders(record, census)
        if any(x.nation == boat.nation and any(x is y for y in leaders) for x in group):
            allowed += 1
    return allowed


def _supply_problems(board: Board, over: _Over) -> list[str]:
    supply = board.supply_of
    found = []
    for key, count in sorted(over.supply):
        if key in supply:   # (a nation the box lacks: the place checks say so)
            nation, kind = key
            found.append(f"final_positions: {count} {nation} {kind.value}s listed, the box "
                         f"has {supply[key]}")
    return found


def _bonus_problems(record: Record, in_play: InPlay, colours: frozenset[str]
                    ) -> list[str]:
    bonuses = record.preparation_bonuses
    found = []
    if not colours.issuperset(bonuses):
        found += [f"preparation_bonuses.{colour}: not a colour in play"
                  for colour in bonuses if colour not in colours]
    stacks = in_play.bonus_stacks
    taken = Counter(value for values in bonuses.values() for value in values)
    over = [(value, count) for value, count in taken.items() if count > stacks.get(value, 0)]
    for value, count in sorted(over):
        found.append(f"preparation_bonuses: {count} bonus(es) of {value} taken, the stacks in "
                     f"play hold {stacks.get(value, 0)}")
    return found


def _leader_problems(record: Record, census: Census) -> list[str]:
    """Option 10: each colour drafts at most one of the Leaders."""
    if not record.options.rescue_leaders:
        return []
    owners = [x.owner for x in rescue_leaders(record, census)]
    if len(set(owners)) == len(owners):
        return []   # (each colour drafted at most one)
    return [f"option 10: {colour} drafted {count} of the Leaders, at most 1 is allowed"
            for colour, count in sorted(Counter(owners).items()) if count > 1]


def notes(record: Record, board: Board, owned: Mapping[str, Sequence[FinalIslander]]
          ) -> list[str]:
    """Doubts that do not stop scoring (B-F29: the rulebook's own example has some);
    `owned` lists each colour's Islanders."""
    found: list[str] = []
    if record.is_solo:
        return found
    for colour, values in record.preparation_bonuses.items():
        in_boat = len([x for x in owned.get(colour, ()) if x.at.in_boat])
        if len(values) > in_boat:
            found.append(f"{colour} holds {len(values)} Preparation Bonuses but has only "
                         f"{in_boat} Islander(s) in boats")
    colours = record.colours
    discs = board.discs_per_colour.get(len(colours))
    if discs is not None:
        for colour in colours:
            listed = len(owned.get(colour, ()))
            if listed != discs:
                found.append(f"{colour}: {listed} Islanders listed, a colour drafts {discs}")
    return found


PIER_ROOM = 6   # two piers a boat, «Each pier consists of exactly 3 fields.»


def _plural(count: int, kind: IslanderType) -> str:
    word = kind.value.capitalize()
    return f"{count} {word}{'s' if count != 1 else ''}"


def entry_problem(board: Board, options: Options, entered: Sequence[FinalIslander],
                  new: FinalIslander) -> str:
    """Why one more Islander at its place is not possible, in the rulebook's words ("" when
    it is): the box's supply, a taken productive place, a full stern, full piers."""
    have = board.supply.get(new.nation, {}).get(new.type, 0)
    same = 1 + sum(1 for x in entered if (x.nation, x.type) == (new.nation, new.type))
    if same > have:
        return (f"the box holds {_plural(have, new.type)} of the {new.nation} nation, and "
                f"{'all' if have > 1 else 'it'} {'are' if have > 1 else 'is'} entered already"
                if have else f"the box holds no {new.type.value} of the {new.nation} nation")
    at = new.at
    here = [x for x in entered if x.at == at]
    if at.productive:
        boat = board.boat(at.nation)
        room = boat.capacity(at.area, new.type)
        taken = sum(1 for x in here if x.type is new.type)
        leader_place = options.rescue_leaders and new.type in (IslanderType.LEADER,
                                                               IslanderType.ELDER)
        stacking = options.drive_off in ("family", "intensive") or leader_place
        if room == 0:
            return f"Area {at.area} of the {at.nation} boat has no {new.type.value} place"
        if taken >= room and not stacking:
            return (f"Area {at.area} of the {at.nation} boat has {room} {new.type.value} "
                    f"place{'s' if room != 1 else ''}, already taken: two Islanders share a "
                    "place only with Drive Off (Family or Intensive) or a Leader of option 10")
    elif at.in_boat and options.drive_off != "advanced":
        room = board.boat(at.nation).stern_capacity
        if len(here) >= room:
            return f"the stern of the {at.nation} boat holds {room} Islanders and is full"
    elif at.kind is PlaceKind.PIER and len(here) >= PIER_ROOM:
        return (f"the two piers of the {at.nation} boat have {PIER_ROOM} fields, all taken "
                "(a pier has exactly 3 fields)")
    return ""
