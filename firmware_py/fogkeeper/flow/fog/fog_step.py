"""The FOG step's aftermath: the Islanders it took, entered colour by colour, then recorded."""

from __future__ import annotations

from fogkeeper.flow.fog.session import FogFlowError, Session
from fogkeeper.rules.fog import IslanderType, Loss, record_losses


class FogRulesViolation(FogFlowError):
    """A loss or entry that the FOG step does not allow."""


def loss_rows(s: Session) -> list[str]:
    """The rows the latest FOG step swallowed."""
    step = s.last_step
    return list(step.rows_swallowed) if step is not None else []


def loss_colour(s: Session) -> str:
    return s.colours[s.loss_colour]


def losses_of(s: Session, colour: str) -> list[tuple[int, Loss]]:
    """The pending losses of one colour, with their place in the pending list."""
    return [(i, x) for i, x in enumerate(s.pending_losses) if x.owner == colour]


def add_loss(s: Session, row: str, nation: str, kind: str, owner: str | None = None) -> None:
    if row not in loss_rows(s):
        raise FogRulesViolation(f"row {row} was not swallowed in this FOG step")
    s.pending_losses.append(Loss(row, owner or loss_colour(s), nation, IslanderType(kind)))


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
    record(s, list(s.pending_losses))


def record(s: Session, losses: list[Loss]) -> None:
    """Every colour's losses of this FOG step on record (the engine checks each row)."""
    s.game = record_losses(s.state, s.rules, losses)
    s.pending_losses = []
    s.loss_colour = len(s.colours)
