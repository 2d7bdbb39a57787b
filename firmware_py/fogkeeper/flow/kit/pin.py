"""Entering digits on the joystick (the Guardian PIN, a secret slot number) without showing them."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from enum import StrEnum

from fogkeeper.ui.draw import Frame
from fogkeeper.ui.screens import render_digits

WRONG_PIN_TITLE = "Wrong PIN, again"


class PinAnswer(StrEnum):
    """What a finished PIN entry came to."""

    RIGHT = "right"
    WRONG = "wrong"    # the pad has already cleared itself and asks again
    CANCEL = "cancel"


@dataclass
class PinPad:
    """Up/down set the digit under the cursor, left/right move, OK goes on, B cancels.

    Only the digit being set is ever drawn; the others show as ``*`` so that a glance at
    the screen from across the table gives nothing away.
    """

    title: str
    length: int = 4
    digits: list[int | None] = field(default_factory=list)
    cursor: int = 0

    def __post_init__(self) -> None:
        self.digits = [None] * self.length

    def handle(self, trigger: str) -> str | None:
        """Feed one trigger; returns the digits when entered, "" when cancelled, else None."""
        if trigger in ("up", "down"):
            current = self.digits[self.cursor]
            step = 1 if trigger == "up" else -1
            self.digits[self.cursor] = ((current or 0) + step) % 10
        elif trigger == "left":
            self.cursor = max(0, self.cursor - 1)
        elif trigger == "right":
            self.cursor = min(self.length - 1, self.cursor + 1)
        elif trigger == "back":
            return ""
        elif trigger == "ok":
            return self._confirm()
        return None

    def read(self, trigger: str, matches: Callable[[str], bool]) -> PinAnswer | None:
        """Feed one trigger and judge a finished entry with ``matches``.

        None while digits are still being set. A wrong PIN clears the pad, which then asks
        again under ``WRONG_PIN_TITLE``; the caller decides what else a wrong PIN costs.
        """
        entered = self.handle(trigger)
        if entered is None:
            return None
        if entered == "":
            return PinAnswer.CANCEL
        if matches(entered):
            return PinAnswer.RIGHT
        self.title = WRONG_PIN_TITLE
        self.digits = [None] * self.length
        self.cursor = 0
        return PinAnswer.WRONG

    def _confirm(self) -> str | None:
        if self.digits[self.cursor] is None:
            self.digits[self.cursor] = 0
        missing = [i for i, d in enumerate(self.digits) if d is None]
        if missing:
            self.cursor = missing[0]
            return None
        return "".join(str(d) for d in self.digits)

    def frame(self) -> Frame:
        return render_digits(self.title, tuple(self.digits), self.cursor,
                             "^v digit  OK next  B cancel")
