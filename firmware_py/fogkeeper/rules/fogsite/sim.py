"""Whole simulated FOGSITE games: a Guardian player against a scripted Investigator team."""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from fogkeeper.errors import RulesError
from fogkeeper.rules.fogsite.actions import explore, move
from fogkeeper.rules.fogsite.guardian import guardian_turn
from fogkeeper.rules.fogsite.maze import Colour, Direction, Maze
from fogkeeper.rules.fogsite.options import Options
from fogkeeper.rules.fogsite.players import GuardianPlayer, guardian_knowledge
from fogkeeper.rules.fogsite.setup import new_game
from fogkeeper.rules.fogsite.sheet import SheetCopy
from fogkeeper.rules.fogsite.state import GameState, Phase, Side
from fogkeeper.rules.fogsite.turns import end_turn, escape
from fogkeeper.rules.fogsite.views import public_view

Offset = tuple[int, int]
MAX_ACTIONS = 5000
FRAME_CACHE_SIZE = 512


@dataclass(frozen=True)
class Explore:
    colour: Colour
    direction: Direction


@dataclass(frozen=True)
class Walk:
    """A Move over the walker's sheet and the teammates' sheets it copies."""

    colour: Colour
    route: tuple[Direction, ...]
    copies: tuple[SheetCopy, ...] = ()


@dataclass(frozen=True)
class EndTurn:
    colour: Colour


@dataclass(frozen=True)
class Escape:
    announce: bool


TeamAction = Explore | Walk | EndTurn | Escape


class InvestigatorStrategy(Protocol):
    """Plays the Investigators from the public view alone (what the table can see)."""

    @property
    def name(self) -> str: ...

    def next_action(self, view: Mapping[str, Any]) -> TeamAction: ...


@dataclass(frozen=True)
class GameResult:
    """How a simulated game ended."""

    winner: Side
    rounds: int
    end_reason: str
    tiles_left: int
    intruders_attacked: int


@dataclass(frozen=True)
class _Seat:
    colour: Colour
    status: str
    offset: Offset
    sheet: Mapping[Offset, bool]


def _seats(view: Mapping[str, Any]) -> list[_Seat]:
    return [
        _Seat(Colour(inv["colour"]), inv["status"], (inv["offset"][0], inv["offset"][1]),
              {(dx, dy): street for dx, dy, street in inv["sheet"]})
        for inv in view["investigators"]
    ]


def _extent(cells: Mapping[Offset, bool]) -> tuple[int, int, int, int]:
    streets = [cell for cell, street in cells.items() if street]
    xs, ys = [x for x, _ in streets], [y for _, y in streets]
    return min(xs), max(xs), min(ys), max(ys)


def _shifts(extent: tuple[int, int, int, int], other: tuple[int, int, int, int], size: int
            ) -> list[Offset]:
    """Shifts of ``other`` that keep both areas' Street spaces in one size x size grid
    (two Starting tiles are never ``size`` or more apart)."""
    low_x = max(1 - size, extent[1] - size + 1 - other[0])
    high_x = min(size - 1, extent[0] + size - 1 - other[1])
    low_y = max(1 - size, extent[3] - size + 1 - other[2])
    high_y = min(size - 1, extent[2] + size - 1 - other[3])
    return [(x, y) for x in range(low_x, high_x + 1) for y in range(low_y, high_y + 1)]


def _consistent(cells: Mapping[Offset, bool], starts: list[Offset], sheet: Mapping[Offset, bool],
                shift: Offset) -> bool:
    """Whether ``sheet`` laid at ``shift`` agrees with everything known (and rule I)."""
    if any(abs(shift[0] - x) + abs(shift[1] - y) <= 1 for x, y in starts):
        return False
    if cells.get(shift) is False or any(sheet.get((x - shift[0], y - shift[1])) is False
                                        for x, y in starts):
        return False
    for (dx, dy), street in sheet.items():
        known = cells.get((dx + shift[0], dy + shift[1]))
        if known is not None and known is not street:
            return False
    return True


def team_frame(seats: list[_Seat], size: int) -> tuple[dict[Colour, Offset], dict[Offset, bool]]:
    """Where each Starting tile lies from the first Investigator's, where only one place fits
    every sheet (and rule I); the merged sheet in that frame."""
    frame = {seats[0].colour: (0, 0)}
    cells = dict(seats[0].sheet)
    progress = True
    while progress:
        progress = False
        for seat in seats:
            if seat.colour in frame:
                continue
            starts = list(frame.values())
            shifts = [
                shift for shift in _shifts(_extent(cells), _extent(seat.sheet), size)
                if _consistent(cells, starts, seat.sheet, shift)
            ]
            if len(shifts) == 1:
                frame[seat.colour] = shift = shifts[0]
                cells.update({(x + shift[0], y + shift[1]): s for (x, y), s in seat.sheet.items()})
                progress = True
    return frame, cells


def _outside(cells: Mapping[Offset, bool], size: int) -> tuple[int, int, int, int]:
    """The range of grid columns/rows a cell may have (Street spaces lie inside)."""
    low_x, high_x, low_y, high_y = _extent(cells)
    return high_x - size + 1, low_x + size - 1, high_y - size + 1, low_y + size - 1


def _unknown(cells: Mapping[Offset, bool], bounds: tuple[int, int, int, int], cell: Offset
             ) -> bool:
    if cell in cells:
        return False
    # Outside every place the grid can lie: an Outer Wall, no need to ask.
    return bounds[0] <= cell[0] <= bounds[1] and bounds[2] <= cell[1] <= bounds[3]


def _paths(cells: Mapping[Offset, bool], here: Offset) -> dict[Offset, tuple[Direction, ...]]:
    """Shortest routes over known Street spaces, nearest first."""
    routes: dict[Offset, tuple[Direction, ...]] = {here: ()}
    queue = deque([here])
    while queue:
        cell = queue.popleft()
        for direction in Direction:
            nxt = (cell[0] + direction.dx, cell[1] + direction.dy)
            if cells.get(nxt) and nxt not in routes:
                routes[nxt] = (*routes[cell], direction)
                queue.append(nxt)
    return routes


def _explore_step(colour: Colour, cells: Mapping[Offset, bool], here: Offset, size: int,
                  copies: tuple[SheetCopy, ...] = ()) -> TeamAction:
    bounds = _outside(cells, size)
    for cell, route in _paths(cells, here).items():
        unknown = [d for d in Direction
                   if _unknown(cells, bounds, (cell[0] + d.dx, cell[1] + d.dy))]
        if unknown:
            return Explore(colour, unknown[0]) if not route else Walk(colour, route, copies)
    return EndTurn(colour)


def _copies(frame: Mapping[Colour, Offset], colour: Colour) -> tuple[SheetCopy, ...]:
    """The teammates' sheets as the team has fitted them, laid on ``colour``'s sheet: a
    Move may only use tiles on the mover's own sheet, so the mover copies them first."""
    mine = frame[colour]
    return tuple(SheetCopy(other, (start[0] - mine[0], start[1] - mine[1]))
                 for other, start in frame.items() if other is not colour)


def _meeting(seats: list[_Seat], frame: Mapping[Colour, Offset], cells: Mapping[Offset, bool]
             ) -> dict[Colour, tuple[Direction, ...]] | None:
    """Routes to the known space every Intruder can walk to soonest, if there is one."""
    routes = {}
    for seat in seats:
        start = frame[seat.colour]
        routes[seat.colour] = _paths(cells, (start[0] + seat.offset[0], start[1] + seat.offset[1]))
    common = set.intersection(*(set(r) for r in routes.values()))
    if not common:
        return None
    meet = min(common, key=lambda c: (max(len(r[c]) for r in routes.values()), c))
    return {colour: r[meet] for colour, r in routes.items()}


class MapperTeam:
    """Each Investigator maps from its own tile; once the sheets fit together in one place
    only, the team walks to one space and calls the escape. No Relics are used."""

    def __init__(self) -> None:
        self._frames: dict[object, tuple[dict[Colour, Offset], dict[Offset, bool]]] = {}

    @property
    def name(self) -> str:
        return "mapper"

    def _frame(self, seats: list[_Seat], size: int
               ) -> tuple[dict[Colour, Offset], dict[Offset, bool]]:
        # Walks and turn ends leave the sheets as they were: no need to fit them again.
        key = (size, tuple((seat.colour, tuple(sorted(seat.sheet.items()))) for seat in seats))
        if key not in self._frames:
            if len(self._frames) > FRAME_CACHE_SIZE:
                self._frames.clear()
            self._frames[key] = team_frame(seats, size)
        return self._frames[key]

    def next_action(self, view: Mapping[str, Any]) -> TeamAction:
        size = 4 if view["easy"] else 5
        seats = _seats(view)
        frame, cells = self._frame(seats, size)
        if view["phase"] == Phase.ESCAPE.value:
            plan = _meeting(seats, frame, cells) if len(frame) == len(seats) else None
            return Escape(plan is not None and not any(plan.values()))
        actor = next(s for s in seats if s.colour.value == view["current"]
                     or (view["current"] is None and s.status == "active"))
        if actor.status != "active":
            return EndTurn(actor.colour)
        plan = _meeting(seats, frame, cells) if len(frame) == len(seats) else None
        if plan is not None:
            route = plan[actor.colour]
            if not route:
                return EndTurn(actor.colour)
            return Walk(actor.colour, route, _copies(frame, actor.colour))
        if view["time_limit"]["tiles_left"] == 0:
            return EndTurn(actor.colour)
        if actor.colour in frame:
            start = frame[actor.colour]
            here = (start[0] + actor.offset[0], start[1] + actor.offset[1])
            return _explore_step(actor.colour, cells, here, size, _copies(frame, actor.colour))
        return _explore_step(actor.colour, actor.sheet, actor.offset, size)


def _apply(state: GameState, action: TeamAction, rng: random.Random) -> GameState:
    if isinstance(action, Explore):
        return explore(state, action.colour, action.direction)[0]
    if isinstance(action, Walk):
        return move(state, action.colour, action.route, rng, copies=action.copies)[0]
    if isinstance(action, EndTurn):
        return end_turn(state, action.colour)
    return escape(state, action.announce)


def simulate(maze: Maze, guardian: GuardianPlayer, investigators: InvestigatorStrategy,
             rng: random.Random, options: Options) -> GameResult:
    """Play one whole game; the maze's Colour tiles seat the Investigators."""
    colours = [colour for colour in Colour if colour in maze.colour_cells()]
    options = options.with_game(easy=maze.is_easy)
    setup = guardian.choose_setup(maze, colours, options, rng)
    state = new_game(maze, colours, setup.sleeping, setup.start, options, rng)
    attacked = 0
    for _action in range(MAX_ACTIONS):
        if state.phase is Phase.OVER:
            assert state.winner is not None
            return GameResult(state.winner, state.round_number, state.end_reason,
                              state.time_limit.tiles_left, attacked)
        if state.phase is Phase.GUARDIAN:
            moves = guardian.choose_turn(guardian_knowledge(state), rng)
            state, report = guardian_turn(state, moves)
            attacked += len(report.attacked)
        else:
            state = _apply(state, investigators.next_action(public_view(state)), rng)
    raise RulesError(f"the simulated game did not end within {MAX_ACTIONS} actions")
