"""Setting or changing the Guardian PIN on the box: the offer made before a game with
secrets when no PIN is set, and Settings > PIN (the old PIN, the new one, the new one again).

The app's rows for these screens name this part's work (``pin.open_pin_pad``...). The pads'
digits are never saved; only the new PIN's salted hash is kept, on disk before the box says
so.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from fogkeeper.flow.app.table import Screen
from fogkeeper.flow.kit.pin import PinAnswer, PinGuard, PinPad

if TYPE_CHECKING:
    from fogkeeper.flow.app.model import App

log = logging.getLogger("fogkeeper.flow.app.model")  # the PIN's lines read as the app's
S = Screen
SHORTEST_PIN, LONGEST_PIN = 4, 8
PAD_TITLES = {S.PIN_OLD: "Old PIN", S.PIN_NEW: "New PIN", S.PIN_AGAIN: "New PIN again"}


class PinSetting:
    """The PIN's screens' work, over the app's pad and notes."""

    def __init__(self, app: App) -> None:
        self.app = app

    def has_pin(self) -> bool:
        return self.app.pin_guard.is_set

    def open_pin_pad(self) -> None:
        """Old PIN: its own length. New PIN: 4 to 8 digits (hold OK ends it). Again: as new."""
        title = PAD_TITLES.get(self.app.state, "PIN")
        if self.app.state is S.PIN_NEW:
            self.app.pad = PinPad(title, LONGEST_PIN, shortest=SHORTEST_PIN)
        else:
            again = len(self.app.new_pin)
            length = self.app.pin_guard.length if self.app.state is S.PIN_OLD else again
            self.app.pad = PinPad(title, length)
        self.app.mark_changed()

    def play_without_pin(self) -> None:
        self.app.game, self.app.pending_game = self.app.pending_game, None
        self.app.trigger("open_game")

    def pin_key(self) -> None:
        """One key on a Settings PIN pad; B on any of them leaves the PIN as it was."""
        assert self.app.pad is not None  # the PIN screens are entered with a pad
        if self.app.state is S.PIN_OLD:
            answer = self.app.pad.read(self.app.last_trigger, self.old_pin_matches)
            if answer is PinAnswer.RIGHT:
                self.app.trigger("old_pin_right")
            elif answer is PinAnswer.CANCEL:
                self.close_pad("PIN not changed")
            return
        entered = self.app.pad.handle(self.app.last_trigger)
        if entered == "":
            self.close_pad("PIN not changed")
        elif entered is not None and self.app.state is S.PIN_NEW:
            self.app.new_pin = entered
            self.app.trigger("new_pin_given")
        elif entered is not None and entered != self.app.new_pin:
            self.app.effects.sound("error")
            self.app.pin_note = "The two differed: again"
            self.app.trigger("new_pin_differs")
        elif entered is not None:
            self.keep_new_pin(entered)
        self.app.mark_changed()

    def old_pin_matches(self, digits: str) -> bool:
        from fogkeeper.flow.game import judge_pin  # the same guard and log as every PIN

        return judge_pin(self.app.pin_guard, digits, self.app.clock(), self.app.effects)

    def keep_new_pin(self, digits: str) -> None:
        """The new PIN, on disk before the box says so; the old one holds if the disk refuses."""
        guard = PinGuard(self.app.pin_guard.pin)
        guard.set_pin(digits)
        if not self.app.effects.keep_pin(guard.digest):
            self.app.effects.sound("error")
            self.close_pad("NOT SAVED: the old PIN holds")
            return
        self.app.pin_guard.digest = guard.digest
        log.info("the PIN was changed on the box")
        self.app.effects.emit("pin.changed", {})
        if self.app.pending_game is not None:  # the game the PIN was set for
            self.app.game, self.app.pending_game = self.app.pending_game, None
            self.app.pad, self.app.new_pin, self.app.pin_note = None, "", "PIN set"
            self.app.trigger("open_game")
        else:
            self.close_pad("PIN set")

    def close_pad(self, note: str) -> None:
        self.app.pad, self.app.new_pin, self.app.pin_note = None, "", note
        self.app.pending_game = None  # an offer given up half way: no game after all
        self.app.trigger("pin_pad_closed")
