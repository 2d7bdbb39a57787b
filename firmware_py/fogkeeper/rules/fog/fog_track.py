"""The FOG track: advancing the marker and the beach rows each step swallows (A1.4, B-F01)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from fogkeeper.rules.fog.board import Board
from fogkeeper.rules.fog.errors import FogRulesError

SHORE = 0


@dataclass(frozen=True)
class FogStep:
    """One advance of the FOG marker: where it went and which rows it swallowed."""

    from_position: int
    to_position: int
    steps: int
    rows_swallowed: tuple[str, ...]
    card_id: str | None = None
    shown: bool = False     # the table entered the step count its card shows

    @property
    def at_shore(self) -> bool:
        """True once the marker stands on 0, the shore."""
        return self.to_position == SHORE

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form, as the game record stores it."""
        out = {"from": self.from_position, "to": self.to_position, "steps": self.steps,
               "rows": list(self.rows_swallowed), "card": self.card_id}
        if self.shown:   # (only then: every earlier record reads as it did)
            out["shown"] = True
        return out

    @staticmethod
    def from_dict(data: dict[str, Any]) -> FogStep:
        """Inverse of to_dict."""
        card = data.get("card")
        return FogStep(int(data["from"]), int(data["to"]), int(data["steps"]),
                       tuple(str(r) for r in data["rows"]), None if card is None else str(card),
                       data.get("shown") is True)


def rows_at(board: Board, position: int) -> tuple[str, ...]:
    """Rows whose FOG field is this track position."""
    return board.fog_track.get(position, ())


def advance(board: Board, position: int, steps: int, card_id: str | None = None,
            shown: bool = False) -> FogStep:
    """Move the marker `steps` spaces toward 0 (clamped at the shore); every row of every
    position passed or reached is swallowed, so fast steps take several rows at once."""
    if steps < 0:
        raise FogRulesError(f"the FOG never moves back (asked for {steps} steps)")
    if position < SHORE:
        raise FogRulesError(f"FOG marker position {position} is below the shore")
    target = max(position - steps, SHORE)
    rows: list[str] = []
    # only the track's own fields can hold rows: a marker far off the track costs nothing
    for passed in board.fog_positions:
        if target <= passed < position:
            rows.extend(rows_at(board, passed))
    return FogStep(position, target, steps, tuple(rows), card_id, shown)


def swallowed_rows(board: Board, start: int, position: int) -> tuple[str, ...]:
    """Every row the FOG has taken moving from `start` to `position` (cumulative)."""
    return advance(board, start, max(start - position, 0)).rows_swallowed


def rows_taken(board: Board, start: int, position: int) -> frozenset[str]:
    """swallowed_rows as a set, worked out once per board and pair of track fields (every
    check of a record asks for the span from its FOG start to its final position)."""
    if not 0 <= position <= start <= board.fog_positions[0]:
        return frozenset(swallowed_rows(board, start, position))   # (off the track: rare)
    span = (start, position)
    found = board.swallowed_by_span.get(span)
    if found is None:
        found = board.swallowed_by_span[span] = frozenset(swallowed_rows(board, start, position))
    return found


def cards_drive_fog(board: Board, position: int) -> bool:
    """With the FOG Uncertainty deck, the advance made from the corner or below draws a card
    (B-F13 b: the advance that lands on the corner is still a fixed step)."""
    return position <= board.fog_corner


def start_position(board: Board, players: int) -> int:
    """The FOG marker's start for this player count, from board data."""
    if players not in board.fog_start:
        known = ", ".join(str(p) for p in sorted(board.fog_start))
        raise FogRulesError(f"board {board.name} has no FOG start for {players} players "
                            f"(known: {known})")
    return board.fog_start[players]
