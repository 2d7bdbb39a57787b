"""The Corps flow's actions at the table: guess board, tracker, Monsters, the end and reveal."""

from __future__ import annotations

import logging

from fogkeeper.flow.corps_actions import ChapterActions
from fogkeeper.flow.corps_model import CorpsScreen
from fogkeeper.rules import corps

log = logging.getLogger(__name__)
C = CorpsScreen
ROW_MAX = 20  # a generous upper bound for the row chooser; the Map grid size is not in the text


class TableActions(ChapterActions):
    """What the table does during the chapter, each a word of the transition table."""

    # ---- the guess board -----------------------------------------------------------------
    def say_water_fixed(self) -> None:
        self.note = f"Water stays on circle {self.cursor_slot}"

    def say_circle_taken(self) -> None:
        self.note = f"circle {self.cursor_slot} is taken: move its token first"

    def open_pick(self) -> None:
        self.cursors[C.PICK.value] = 0

    def place_chosen(self) -> None:
        token = corps.Token(self.chosen(C.PICK).lower())
        self.attempt(lambda: corps.place_token(self.chapter, token, self.cursor_slot))

    def pick_up(self) -> None:
        self.carried = self.cursor_slot

    def put_back(self) -> None:
        self.carried = None

    def drop_carried(self) -> None:
        origin, self.carried = self.carried, None
        if origin is not None:
            self.attempt(lambda: corps.move_token(self.chapter, origin, self.cursor_slot))

    def return_carried(self) -> None:
        origin, self.carried = self.carried, None
        if origin is not None:
            self.attempt(lambda: corps.remove_token(self.chapter, origin))

    # ---- the tracker ---------------------------------------------------------------------
    def record(self, action: corps.TrackAction) -> None:
        """One tracker change; the state before it is kept for "Undo last"."""
        before = self.chapter
        if self.attempt(lambda: corps.track(self.chapter, action)):
            self.undo = before
            self.context.effects.sound("click")

    def tracker_ok(self) -> None:
        item = self.chosen(C.TRACKER)
        if item == "Undo last":
            self.undo_last()
            return
        actions: dict[str, corps.TrackAction] = {
            "Tipi revealed": corps.TipiRevealed(), "Water": corps.WaterChanged(1),
            "Row complete": corps.RowCompleted(self.row_choice),
            "Skull found": corps.SkullFound(), "Night fell": corps.NightFell(),
        }
        if item in actions:
            self.record(actions[item])

    def tracker_right(self) -> None:
        self._tracker_step(+1)

    def tracker_left(self) -> None:
        self._tracker_step(-1)

    def _tracker_step(self, direction: int) -> None:
        item = self.chosen(C.TRACKER)
        if item == "Water":
            self.record(corps.WaterChanged(direction))
        elif item == "Row complete":
            self.row_choice = max(1, min(ROW_MAX, self.row_choice + direction))
        elif item == "Tipi revealed" and direction > 0:
            self.record(corps.TipiRevealed())

    def undo_last(self) -> None:
        if self.undo is None or self.chapter.ended:
            self.note = "nothing to undo"
            return
        self.chapter, self.undo = self.undo, None
        self.context.effects.sound("click")

    def monster_ok(self) -> None:
        """A face-down card turns face up (active); a face-up one is killed."""
        card = self.chosen(C.MONSTERS)
        if self.chapter.tracker.face_up(card) is None:
            self.record(corps.MonsterRevealed(card, self._terrain(card)))
        else:
            self.record(corps.MonsterKilled(card))

    def monster_dormant(self) -> None:
        """Medicinal Herbs: the card turns face up but waits for a Skull or the night."""
        card = self.chosen(C.MONSTERS)
        if self.chapter.tracker.face_up(card) is None:
            self.record(corps.MonsterRevealed(card, self._terrain(card), dormant=True))

    def _terrain(self, card: str) -> str:
        printed = self.options.monster(card)
        return printed.terrain if printed is not None else ""

    # ---- the end -------------------------------------------------------------------------
    def end_the_chapter(self) -> None:
        if self.attempt(lambda: corps.end_chapter(self.chapter)):
            self.after_end()

    def after_end(self) -> None:
        """Lock the board, write the game record once, tell the link (no answers in it)."""
        self.carried = None
        self.next_reveal_at = None
        log.info("corps: chapter ended on map %s", self.chapter.map_id)
        if self.record_path is None:
            record = corps.full_view(self.chapter)
            self.record_path = self.context.effects.save_record("corps", record)
        self.context.effects.emit("corps.ended", {"map": self.chapter.map_id,
                                                  "mode": self.chapter.mode.value})

    def uncover(self, now: float) -> None:
        """The next circle comes out from under the covering, with the buzzer."""
        if self.attempt(lambda: corps.reveal_next(self.chapter)):
            self.context.effects.sound("reveal")
            self.next_reveal_at = now + self.options.reveal_step_seconds

    def reveal_one(self) -> None:
        self.uncover(self.context.clock())

    def reveal_everything(self) -> None:
        if self.attempt(lambda: corps.reveal_all(self.chapter)):
            self.context.effects.sound("reveal")
            self.next_reveal_at = None
            self.trigger("reveal_done")
