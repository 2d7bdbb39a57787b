"""The end of the chapter and the reveal: the record is written once, then circle by circle.

Before the end nothing of the key shows but Water's circle; after it, only the circles
uncovered so far (the slow reveal keeps the table's suspense, and so does the link).
"""

from __future__ import annotations

import logging

from fogkeeper.flow.corps.session import CorpsSession
from fogkeeper.flow.game import GameContext
from fogkeeper.rules import corps

log = logging.getLogger(__name__)


def end(s: CorpsSession, context: GameContext) -> bool:
    """The table ends the chapter (the engine checks it may); False when refused."""
    if s.attempt(context, lambda: corps.end_chapter(s.chapter)):
        after_end(s, context)
        return True
    return False


def after_end(s: CorpsSession, context: GameContext) -> None:
    """Lock the board, write the game record once, tell the link (no answers in it)."""
    s.carried = None
    s.next_reveal_at = None
    log.info("corps: chapter ended on map %s", s.chapter.map_id)
    if s.record_path is None:
        s.record_path = context.effects.save_record("corps", corps.full_view(s.chapter))
    context.effects.emit("corps.ended", {"map": s.chapter.map_id,
                                         "mode": s.chapter.mode.value})


def all_revealed(s: CorpsSession) -> bool:
    return s.chapter.revealed >= corps.SLOT_COUNT


def uncover(s: CorpsSession, context: GameContext, now: float) -> None:
    """The next circle comes out from under the covering, with the buzzer."""
    if s.attempt(context, lambda: corps.reveal_next(s.chapter)):
        context.effects.sound("reveal")
        s.next_reveal_at = now + s.options.reveal_step_seconds


def uncover_all(s: CorpsSession, context: GameContext) -> bool:
    """Every circle at once; True when done (the verdict is next)."""
    if s.attempt(context, lambda: corps.reveal_all(s.chapter)):
        context.effects.sound("reveal")
        s.next_reveal_at = None
        return True
    return False
