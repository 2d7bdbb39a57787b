"""The FOG step's aftermath: the Islanders it took, entered colour by colour, then recorded.

The losses screen lists every loss of a colour so far, so a loss missed or mistyped at an
earlier FOG step is added or corrected at any later one, or from the scoring review.
"""

from __future__ import annotations

from fogkeeper.flow.fog.session import FogFlowError, Session
from fogkeeper.rules.fog import IslanderType, Loss, record_losses, set_losses, swallowed_so_far


class FogRulesViolation(FogFlowError):
    """A loss or entry that the FOG step does not allow."""


def step_rows(s: Session) -> list[str]:
    """The rows the latest FOG step swallowed."""
    step = s.last_step
    return list(step.rows_swallowed) if step is not None else []


def loss_rows(s: Session) -> list[str]:
    """Every row the FOG has taken so far, the latest step's first (the picker's order)."""
    latest = step_rows(s)
    earlier = [r for r in swallowed_so_far(s.state, s.rules) if r not in latest]
    return [*latest, *earlier]


def loss_colour(s: Session) -> str:
    return s.colours[min(s.loss_colour, len(s.colours) - 1)]


def losses_of(s: Session, colour: str) -> list[tuple[int, Loss]]:
    """The pending losses of one colour, with their place in the pending list."""
    return [(i, x) for i, x in enumerate(s.pending_losses) if x.owner == colour]


def add_loss(s: Session, row: str, nation: str, kind: str, owner: str | None = None) -> None:
    if row not in loss_rows(s):
        raise FogRulesViolation(f"the FOG has not swallowed row {row} yet")
    s.pending_losses.append(Loss(row, owner or loss_colour(s), nation, IslanderType(kind)))


def open_losses(s: Session, fixing: bool = False) -> None:
    """The losses screen opens on the first colour, with every loss entered so far."""
    s.pending_losses = list(s.state.losses)
    s.loss_colour = 0
    s.fixing = fixing


def is_last_colour(s: Session) -> bool:
    """The losses screen shows the last colour in play."""
    return s.loss_colour + 1 >= len(s.colours)


def losses_next(s: Session) -> bool:
    """Move to the next colour; on the last one the losses go on record. True when done."""
    s.loss_colour += 1
    if s.loss_colour < len(s.colours):
        return False
    commit_losses(s)
    return True


def commit_losses(s: Session) -> None:
    """The corrected list replaces what was on record (the engine checks each row)."""
    s.game = set_losses(s.state, s.rules, list(s.pending_losses))
    _closed(s)


def record(s: Session, losses: list[Loss]) -> None:
    """More losses on record (the link's entry of one FOG step; the engine checks each row)."""
    s.game = record_losses(s.state, s.rules, losses)
    _closed(s)


def replace_all(s: Session, losses: list[Loss]) -> None:
    """Every loss so far, as the link corrects them."""
    s.game = set_losses(s.state, s.rules, losses)
    _closed(s)


def _closed(s: Session) -> None:
    s.pending_losses = []
    s.loss_colour = len(s.colours)
    s.fixing = False
