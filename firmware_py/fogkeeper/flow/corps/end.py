"""End: ending the chapter (by the table or a loss), then the reveal, slow or all at once,
and the verdict (the record and the engine's reveal are in ``reveal.py``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from fogkeeper.flow.corps import reveal
from fogkeeper.flow.corps.session import CorpsScreen
from fogkeeper.flow.corps.table import Go
from fogkeeper.rules import corps

if TYPE_CHECKING:
    from fogkeeper.flow.corps.game import CorpsFlow


class End:
    """The long presses that end the chapter, and the reveal's pace on the table's clock."""

    def __init__(self, flow: CorpsFlow) -> None:
        self.flow = flow

    def has_key(self) -> bool:
        return self.flow.session.chapter.key is not None

    def end_now(self) -> None:
        flow = self.flow
        if not corps.can_end(flow.session.chapter)[0]:
            flow.trigger(Go.ASK_WHY)
            return
        reveal.end(flow.session, flow.context)
        self.show()

    def lose_now(self) -> None:
        """The core game's loss conditions ended the chapter (B-C12), as corps.lose does."""
        s = self.flow.session
        s.chapter = corps.lose_by_core_rules(s.chapter, "core rules")
        reveal.after_end(s, self.flow.context)
        self.show()

    def show(self) -> None:
        """After the end (by the table or the link): the reveal, or the verdict if no key."""
        self.flow.trigger(Go.REVEAL_BEGINS if self.has_key() else Go.NOTHING_TO_REVEAL)

    def sound_verdict(self) -> None:
        """The outcome's own tune: a win and a loss never sound alike (a Chapter that is
        not judged, B-C13, has neither)."""
        outcome = corps.verdict(self.flow.session.chapter).outcome
        if outcome is not corps.Outcome.NOT_JUDGED:
            self.flow.context.effects.sound("win" if outcome is corps.Outcome.WON else "loss")

    # ---- the reveal --------------------------------------------------------------------------
    def reveal_ok(self) -> None:
        flow = self.flow
        s = flow.session
        if reveal.all_revealed(s):
            flow.trigger(Go.REVEAL_DONE)
        elif s.options.reveal_pacing is corps.RevealPacing.ALL_AT_ONCE:
            self.reveal_everything()
        else:
            reveal.uncover(s, flow.context, flow.context.clock())

    def reveal_everything(self) -> None:
        if reveal.uncover_all(self.flow.session, self.flow.context):
            self.flow.trigger(Go.REVEAL_DONE)

    def tick(self, now: float) -> None:
        """The slow reveal's next circle when its time comes; the verdict after the last."""
        s = self.flow.session
        if self.flow.state is not CorpsScreen.REVEAL:  # left the reveal (e.g. to quit): OK
            s.next_reveal_at = None                    # there goes on
        if s.next_reveal_at is None or now < s.next_reveal_at:
            return
        if reveal.all_revealed(s):
            s.next_reveal_at = None
            self.flow.trigger(Go.REVEAL_DONE)
        else:
            reveal.uncover(s, self.flow.context, now)
