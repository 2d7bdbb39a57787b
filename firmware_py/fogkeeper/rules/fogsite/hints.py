"""The optional hint: for one Map tile, one true fact the team does not have yet, the one
that helps most, laid on an Investigator's Mapping Sheet and said to the whole table.

The team's knowledge is every tile on every sheet, laid where it truly lies (more than the
team may have worked out, so a hint never repeats anything on a sheet). The fact that helps
most is a space on a shortest walk between two Intruders (a way to gather), else the
unknown space nearest to an Intruder.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from fogkeeper.errors import RulesError
from fogkeeper.rules.fogsite.maze import Cell, Colour
from fogkeeper.rules.fogsite.state import GameState, Investigator, Offset, Phase
from fogkeeper.rules.fogsite.turns import require_phase

HINT_TILES = 1


@dataclass(frozen=True)
class Hint:
    """A space on ``colour``'s Mapping Sheet, ``offset`` from their Starting tile."""

    colour: Colour
    offset: Offset
    room: bool

    @property
    def text(self) -> str:
        return f"{self.colour.name}, {offset_text(self.offset)}: " + (
            "Room" if self.room else "Wall")


def offset_text(offset: Offset) -> str:
    """(2, -1) -> "2E 1N of the start"."""
    dx, dy = offset
    parts = [f"{abs(dx)}{'E' if dx > 0 else 'W'}"] if dx else []
    parts += [f"{abs(dy)}{'S' if dy > 0 else 'N'}"] if dy else []
    return " ".join(parts) + " of the start" if parts else "the start"


def _known(state: GameState) -> set[Cell]:
    """Every space some sheet holds a tile for, where it truly lies."""
    return {inv.start.offset(*offset) for inv in state.investigators for offset, _ in inv.sheet}


def _value(state: GameState, cell: Cell, steps: dict[Colour, dict[Cell, int]]) -> tuple[int, int]:
    """(shortest walks between two Intruders it lies on, minus its distance to the nearest)."""
    colours = list(steps)
    on_walks = 0
    for i, a in enumerate(colours):
        for b in colours[i + 1:]:
            here_a, here_b = steps[a].get(cell), steps[b].get(cell)
            between = steps[a].get(state.investigator(b).cell)
            if here_a is not None and here_b is not None and here_a + here_b == between:
                on_walks += 1
    nearest = min((s[cell] for s in steps.values() if cell in s), default=99)
    return on_walks, -nearest


def best_fact(state: GameState) -> Hint | None:
    """The fact the team lacks that helps most, or None when every space is known."""
    known = _known(state)
    unknown = [cell for cell in state.maze.cells() if cell not in known]
    if not unknown:
        return None
    steps = {inv.colour: state.maze.walking_steps(inv.cell) for inv in state.investigators}
    rooms = [cell for cell in unknown if state.maze.is_street(cell)]
    if rooms:
        cell = max(rooms, key=lambda c: (*_value(state, c, steps), -c.row, -c.col))
    else:  # only walls are left: the one nearest to an Intruder
        cell = min(unknown, key=lambda c: (min(abs(c.col - inv.cell.col) + abs(c.row - inv.cell.row)
                                               for inv in state.investigators), c.row, c.col))
    told = _closest(state, cell)
    return Hint(told.colour, cell.minus(told.start), state.maze.is_street(cell))


def _closest(state: GameState, cell: Cell) -> Investigator:
    """The Investigator whose Intruder is nearest the space (its sheet gets the tile)."""
    return min(state.investigators,
               key=lambda inv: (abs(cell.col - inv.cell.col) + abs(cell.row - inv.cell.row),
                                list(Colour).index(inv.colour)))


def hint(state: GameState) -> tuple[GameState, Hint]:
    """Buy a hint during the team's turn: one Map tile, laid on a sheet with the fact."""
    require_phase(state, Phase.INVESTIGATORS)
    if state.time_limit.tiles_left < HINT_TILES or state.playing_on:
        raise RulesError("a hint costs a Map tile and none is left")
    fact = best_fact(state)
    if fact is None:
        raise RulesError("the team's sheets already hold every space: no hint to give")
    investigator = state.investigator(fact.colour).with_sheet(fact.offset, fact.room,
                                                             explored=False)
    state = replace(state, time_limit=state.time_limit.take_leftmost())
    state = state.with_investigator(investigator).logged("team", "hint", fact.text)
    return state, fact
