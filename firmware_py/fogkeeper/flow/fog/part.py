"""What every part of The FOG's flow holds: the flow it is a part of, whose session, hourglass
and effects all the parts share (a restored or rolled-back session replaces the flow's)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from fogkeeper.flow.fog.session import Session

if TYPE_CHECKING:
    from fogkeeper.flow.fog.flow import FogFlow


class Part:
    """A part of the flow: it reads the session through the flow, never keeps its own."""

    def __init__(self, flow: FogFlow) -> None:
        self.flow = flow

    @property
    def s(self) -> Session:
        return self.flow.s

    def emit(self, event: str, payload: dict[str, object]) -> None:
        self.flow.context.effects.emit(event, payload)
