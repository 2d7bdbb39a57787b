"""Boards S, F, M and L as data: rows, row values, FOG track, boats, supply (B-F01..B-F07)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from fogkeeper.rules.fog import _data as d
from fogkeeper.rules.fog.errors import BoardDataError
from fogkeeper.rules.fog.model import AREAS, IslanderType

E = BoardDataError


@dataclass(frozen=True)
class Boat:
    """One nation's boat: productive places per Area, stern, crew minimums, bonus stack."""

    nation: str
    water_tile: str
    optional: bool
    places: Mapping[str, Mapping[IslanderType, int]]
    stern_capacity: int
    crew_min: Mapping[str, int]
    preparation_bonuses: tuple[int, ...]

    def capacity(self, area: str, islander_type: IslanderType) -> int:
        """How many Islanders of this type the Area's productive places hold."""
        return self.room.get((area, islander_type), 0)

    @cached_property
    def room(self) -> Mapping[tuple[str, IslanderType], int]:
        """The productive places by Area and Islander type, in one table (read per place
        at every score)."""
        return {(area, kind): n for area, places in self.places.items()
                for kind, n in places.items()}


@dataclass(frozen=True)
class InPlay:
    """The boats on the table, by nation too, with their productive places by boat, Area and
    Islander type in one table, and their Preparation Bonus tiles by value; `left_in_box`
    names the nations of the supply whose boat is not on the table (board M's optional
    boat), whose Islanders are not in play."""

    boats: tuple[Boat, ...]
    room: Mapping[tuple[str, str, IslanderType], int]
    bonus_stacks: Mapping[int, int]
    boat_of: Mapping[str, Boat]
    left_in_box: frozenset[str]


def _in_play(boats: tuple[Boat, ...], supply: Mapping[str, object]) -> InPlay:
    boat_of = {b.nation: b for b in boats}
    stacks: dict[int, int] = {}
    for value in (v for b in boats for v in b.preparation_bonuses):
        stacks[value] = stacks.get(value, 0) + 1
    return InPlay(boats, {(nation, area, kind): n for nation, boat in boat_of.items()
                          for (area, kind), n in boat.room.items()}, stacks, boat_of,
                  frozenset(n for n in supply if n not in boat_of))


@dataclass(frozen=True)
class Board:
    """Everything the engine needs to know about one beach board."""

    name: str
    min_players: int
    max_players: int
    rows: tuple[str, ...]
    row_value: Mapping[str, int]
    row_hexes: Mapping[str, int]
    fog_corner: int
    fog_track: Mapping[int, tuple[str, ...]]
    fog_start: Mapping[int, int]
    discs_per_colour: Mapping[int, int]
    nation_rp: int
    solo_mp_track_max: int
    fog_deck_a_cards: int
    mission_letters: tuple[str, ...]
    extra_boat_letters: Mapping[str, tuple[str, ...]]
    two_colours_with_three_players: bool
    three_colour_option: bool
    boats: tuple[Boat, ...]
    supply: Mapping[str, Mapping[IslanderType, int]]

    def boats_in_play(self, extra_boat: str | None = None) -> tuple[Boat, ...]:
        """The boats on the table; an optional boat (M's A7/A8) only when chosen."""
        return self.in_play(extra_boat).boats

    def in_play(self, extra_boat: str | None = None) -> InPlay:
        """The boats on the table and what the checks read of them, worked out once per
        board and extra boat: every check and score asks."""
        if self.extra_boat_letters and extra_boat not in self.extra_boat_letters:
            allowed = ", ".join(sorted(self.extra_boat_letters))
            raise E(f"board {self.name}: choose the extra boat tile, one of {allowed}")
        found = self._in_play_by_tile.get(extra_boat)
        if found is None:
            found = self._in_play_by_tile[extra_boat] = _in_play(tuple(
                b for b in self.boats if not b.optional or b.water_tile == extra_boat),
                self.supply)
        return found

    @cached_property
    def row_set(self) -> frozenset[str]:
        """The board's rows as a set (the checks ask whether a record's rows are rows)."""
        return frozenset(self.rows)

    @cached_property
    def supply_of(self) -> Mapping[tuple[str, IslanderType], int]:
        """The box's Islanders by nation and type (0 for a type a nation lacks), in one
        table."""
        return {(nation, kind): self.supply[nation].get(kind, 0) for nation in self.supply
                for kind in IslanderType}

    @cached_property
    def fog_positions(self) -> tuple[int, ...]:
        """The FOG Track's fields, highest first (the order the marker passes them)."""
        return tuple(sorted(self.fog_track, reverse=True))

    @cached_property
    def _in_play_by_tile(self) -> dict[str | None, InPlay]:
        return {}

    @cached_property
    def swallowed_by_span(self) -> dict[tuple[int, int], frozenset[str]]:
        """fog_track's memo of the rows the FOG swallows between two of this board's track
        fields (filled as scores ask: at most one entry per pair of fields)."""
        return {}

    def boat(self, nation: str) -> Boat:
        """The boat of a nation (any boat on this board)."""
        for boat in self.boats:
            if boat.nation == nation:
                return boat
        raise E(f"board {self.name} has no {nation} boat")

    @cached_property
    def nation_of_tile(self) -> Mapping[str, str]:
        """Water tile -> the nation of the (first) boat on it: a mission card may name a boat
        by its tile. Worked out once per board, not at every score."""
        found: dict[str, str] = {}
        for boat in self.boats:
            found.setdefault(boat.water_tile, boat.nation)
        return found

    @cached_property
    def tiles_read(self) -> frozenset[tuple[str, str]]:
        """nation_of_tile as a key for what is worked out from mission cards on this board
        (made once: a frozenset keeps its hash, so a look-up does not hash every tile)."""
        return frozenset(self.nation_of_tile.items())

    def mission_card_letters(self, extra_boat: str | None = None) -> tuple[str, ...]:
        """Mission card letters in use on this board (S/F A; M A+B or A+C; L all)."""
        if self.extra_boat_letters:
            self.boats_in_play(extra_boat)
            assert extra_boat is not None
            return self.extra_boat_letters[extra_boat]
        return self.mission_letters


def _islander_counts(value: object, path: str) -> dict[IslanderType, int]:
    counts: dict[IslanderType, int] = {}
    for key, item in d.table(value, path, E).items():
        kind = d.choice(key, tuple(t.value for t in IslanderType), f"{path}.{key}", E)
        counts[IslanderType(kind)] = d.integer(item, f"{path}.{key}", E)
    return counts


def _boat(data: object, path: str) -> Boat:
    raw = d.table(data, path, E)
    places_raw = d.table(d.need(raw, "places", path, E), f"{path}.places", E)
    places = {}
    for area, counts in places_raw.items():
        d.choice(area, AREAS, f"{path}.places.{area}", E)
        places[area] = _islander_counts(counts, f"{path}.places.{area}")
    crew = d.table(raw.get("crew_min", {}), f"{path}.crew_min", E)
    tile = raw.get("water_tile", "")
    return Boat(
        nation=d.text(d.need(raw, "nation", path, E), f"{path}.nation", E),
        water_tile=tile if isinstance(tile, str) else d.text(tile, f"{path}.water_tile", E),
        optional=d.flag(raw.get("optional", False), f"{path}.optional", E),
        places=places,
        stern_capacity=d.integer(d.need(raw, "stern_capacity", path, E), f"{path}.stern", E),
        crew_min={a: d.integer(v, f"{path}.crew_min.{a}", E) for a, v in crew.items()},
        preparation_bonuses=d.int_list(
            d.need(raw, "preparation_bonuses", path, E), f"{path}.preparation_bonuses", E
        ),
    )


def _ints(value: object, path: str) -> int:
    return d.integer(value, path, E)


def _rows(value: object, path: str) -> tuple[str, ...]:
    return d.str_list(value, path, E)


def board_from_dict(data: Mapping[str, Any], source: str = "board") -> Board:
    """Build and check a Board from parsed TOML; errors name `source` and the key path."""
    p = source
    raw = d.table(data, p, E)
    players = d.int_list(d.need(raw, "players", p, E), f"{p}.players", E)
    letters = d.table(raw.get("extra_boat_letters", {}), f"{p}.extra_boat_letters", E)
    board = Board(
        name=d.text(d.need(raw, "name", p, E), f"{p}.name", E),
        min_players=min(players, default=1),
        max_players=max(players, default=1),
        rows=_rows(d.need(raw, "rows", p, E), f"{p}.rows"),
        row_value={k: _ints(v, f"{p}.row_value.{k}") for k, v in
                   d.table(d.need(raw, "row_value", p, E), f"{p}.row_value", E).items()},
        row_hexes={k: _ints(v, f"{p}.row_hexes.{k}") for k, v in
                   d.table(raw.get("row_hexes", {}), f"{p}.row_hexes", E).items()},
        fog_corner=_ints(d.need(raw, "fog_corner", p, E), f"{p}.fog_corner"),
        fog_track=d.int_keyed(d.need(raw, "fog_track", p, E), f"{p}.fog_track", E, _rows),
        fog_start=d.int_keyed(d.need(raw, "fog_start", p, E), f"{p}.fog_start", E, _ints),
        discs_per_colour=d.int_keyed(
            d.need(raw, "discs_per_colour", p, E), f"{p}.discs_per_colour", E, _ints),
        nation_rp=_ints(d.need(raw, "nation_rp", p, E), f"{p}.nation_rp"),
        solo_mp_track_max=_ints(d.need(raw, "solo_mp_track_max", p, E), f"{p}.solo_mp_track_max"),
        fog_deck_a_cards=_ints(d.need(raw, "fog_deck_a_cards", p, E), f"{p}.fog_deck_a_cards"),
        mission_letters=_rows(raw.get("mission_letters", ["A"]), f"{p}.mission_letters"),
        extra_boat_letters={k: _rows(v, f"{p}.extra_boat_letters.{k}") for k, v in letters.items()},
        two_colours_with_three_players=d.flag(
            raw.get("two_colours_with_three_players", False), f"{p}.two_colours...", E),
        three_colour_option=d.flag(raw.get("three_colour_option", False), f"{p}.three_colour", E),
        boats=tuple(_boat(b, f"{p}.boat[{i}]") for i, b in
                    enumerate(d.items(d.need(raw, "boat", p, E), f"{p}.boat", E))),
        supply={k: _islander_counts(v, f"{p}.supply.{k}") for k, v in
                d.table(d.need(raw, "supply", p, E), f"{p}.supply", E).items()},
    )
    _check(board, p)
    return board


def _check(board: Board, path: str) -> None:
    seen: set[str] = set()
    for position, rows in board.fog_track.items():
        for row in rows:
            if row not in board.rows:
                raise E(f"{path}.fog_track.{position}: row {row!r} is not in rows")
            if row in seen:
                raise E(f"{path}.fog_track.{position}: row {row!r} is swallowed twice")
            seen.add(row)
    missing = [r for r in board.rows if r not in board.row_value]
    if missing:
        raise E(f"{path}.row_value: no value for rows {', '.join(missing)}")
    if 0 not in board.fog_track or board.fog_corner not in board.fog_track:
        raise E(f"{path}.fog_track: needs the shore (0) and the corner ({board.fog_corner})")
    for boat in board.boats:
        if boat.nation not in board.supply:
            raise E(f"{path}.supply: no Islander supply for the {boat.nation} nation")
