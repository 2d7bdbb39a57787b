"""Cards the table turns over, as a part of The FOG's flow: each entered by its letter and
number, a card's full text shown, and what a "Rescued Islander" card the rulebook does not
print pictures."""

from __future__ import annotations

from fogkeeper.flow.fog import pictured, table_cards
from fogkeeper.flow.fog.menus import Entry
from fogkeeper.flow.fog.part import Part
from fogkeeper.flow.fog.table import Go
from fogkeeper.flow.kit.menu import step_cursor


class Cards(Part):
    """The card, show and picture screens, and where the game goes once a card is in."""

    # ---- presses -------------------------------------------------------------------------
    def card_key(self, trigger: str) -> bool:
        s = self.s
        rows = 3 if table_cards.steps_card(s) is not None else 2
        if trigger in ("left", "right"):
            step = -1 if trigger == "left" else +1
            if s.cursor == 0:
                table_cards.step_letter(s, step)
            elif s.cursor == 1:
                table_cards.step_number(s, step)
            else:
                table_cards.step_steps(s, step)
            if table_cards.steps_card(s) is None:   # another card: no steps to say
                s.card_steps, s.cursor = None, min(s.cursor, 1)
        elif trigger in ("up", "down"):
            s.cursor = step_cursor(s.cursor, trigger, rows)
        elif trigger == "ok":
            self.enter_card(None)
        else:
            return False
        return True

    def picture_key(self, trigger: str) -> bool:
        if trigger in ("left", "right"):
            pictured.step(self.s, self.s.cursor, -1 if trigger == "left" else +1)
        elif trigger == "ok" and self.flow.controls.chosen() is Entry.DONE:
            self.flow.fire(Go.PICTURED)
        elif trigger == "ok":
            pictured.step(self.s, self.s.cursor, +1)
        else:
            return False
        return True

    # ---- actions the buttons and the link share ------------------------------------------
    def enter_card(self, card: str | None, steps: int | None = None) -> None:
        """The card the table turned over (and the steps a FOG card shows), checked against
        its deck; then the game goes on."""
        entry = table_cards.enter(self.s, card, steps)
        self.s.card_then = entry.then
        if entry.deck == "events":
            self.s.entered_round = self.s.state.round_no
        self.emit("fog.card", {"deck": entry.deck, "player": entry.player})
        self.flow.fire(Go.CARD_ENTERED)

    def show(self, card: str, starts_turn: bool) -> None:
        self.s.shown_card, self.s.show_starts_turn = card, starts_turn
        self.flow.fire(Go.SHOW_CARD)

    def ask_fog_card(self) -> None:
        table_cards.ask(self.s, "fog", "fog")

    def drop_cards(self) -> None:
        self.s.card_queue = []

    def keep_picture(self) -> None:
        pictured.keep(self.s)

    # ---- conditions ----------------------------------------------------------------------
    def has_cards_to_enter(self) -> bool:
        return bool(self.s.card_queue)

    def _then(self) -> str:
        """Where the game goes once the card being entered is in."""
        return self.s.card_queue[0].then if self.s.card_queue else self.s.card_then

    def is_card_for_fog(self) -> bool:
        return self._then() == "fog"

    def is_card_for_turn(self) -> bool:
        return self._then() == "turn"

    def is_card_for_review(self) -> bool:
        return self._then() == "review"

    def is_fog_card_due(self) -> bool:
        return table_cards.fog_card_due(self.s)
