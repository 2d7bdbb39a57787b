"""An Investigator's Mapping Sheet: their own tiles plus teammates' sheets copied onto it.

Everything here reads only what the table can see (the sheets, never the maze), so a
refusal raised here is the same whatever the maze holds.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from fogkeeper.errors import RulesError
from fogkeeper.rules.fogsite.maze import Colour, Direction
from fogkeeper.rules.fogsite.state import GameState, Investigator, Offset


class OffSheetError(RulesError):
    """A Move or a Relic 10 reaches past the tiles on the Investigator's Mapping Sheet."""


@dataclass(frozen=True)
class SheetCopy:
    """A teammate's sheet copied whole, laid with their Starting tile at ``shift`` from the
    copier's: where the table believes the two Starting tiles lie from each other."""

    teammate: Colour
    shift: Offset


def mapping_sheet(state: GameState, investigator: Investigator,
                  copies: Sequence[SheetCopy] = ()) -> dict[Offset, bool]:
    """Offset from the Starting tile -> True (Room side) / False (Wall side).

    A copy that puts a Room tile where the sheet already holds a Wall tile (or the other
    way round) is refused: nobody lays two tiles on one space.
    """
    tiles = dict(investigator.sheet)
    for copy in copies:
        if copy.teammate is investigator.colour:
            raise RulesError("copy a teammate's sheet, not your own")
        teammate = state.investigator(copy.teammate)
        for (dx, dy), street in teammate.sheet:
            at = (dx + copy.shift[0], dy + copy.shift[1])
            if tiles.get(at, street) is not street:
                raise RulesError(
                    f"{copy.teammate.name}'s sheet laid at {copy.shift} disagrees with "
                    f"{investigator.colour.name}'s at {at}")
            tiles[at] = street
    return tiles


def route_on_sheet(tiles: dict[Offset, bool], origin: Offset, route: Sequence[Direction],
                   colour: Colour) -> None:
    """Every space the route enters must hold a Room tile on the sheet (the rulebook's
    "Move inside the Mapping Sheet"); the step number depends on the sheet alone."""
    here = origin
    for number, direction in enumerate(route, start=1):
        here = (here[0] + direction.dx, here[1] + direction.dy)
        if tiles.get(here) is not True:
            raise OffSheetError(
                f"step {number} ({direction.name}) leaves the Room tiles on "
                f"{colour.name}'s Mapping Sheet: Move only where your sheet shows a Room")


def designated_wall(tiles: dict[Offset, bool], origin: Offset, wall_offset: Offset,
                    colour: Colour) -> None:
    """Relic 10 designates a Wall tile on the asker's sheet; anything else is refused."""
    at = (origin[0] + wall_offset[0], origin[1] + wall_offset[1])
    if tiles.get(at) is not False:
        raise OffSheetError(
            f"Relic 10 designates a Wall tile on {colour.name}'s Mapping Sheet; "
            f"there is none at {wall_offset} from you")
