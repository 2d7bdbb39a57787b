"""Entering digits on the joystick (the Guardian PIN, a secret slot number) without showing them."""

from __future__ import annotations

import hashlib
import hmac
import math
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import StrEnum

from fogkeeper.ui.draw import Frame
from fogkeeper.ui.screens import render_digits

WRONG_PIN_TITLE = "Wrong PIN, again"
# the wheel a digit is picked on: up/down one on, left/right three (it wraps round 0-9)
WHEEL_STEPS = {"up": 1, "down": -1, "right": 3, "left": -3}
PAD_HINT = "^v 1  <> 3  OK next"


class PinAnswer(StrEnum):
    """What a finished PIN entry came to."""

    RIGHT = "right"
    WRONG = "wrong"    # the pad has already cleared itself and asks again
    CANCEL = "cancel"


@dataclass
class PinPad:
    """Each digit is picked on a wheel of 0-9 and confirmed at once: up/down turn it by one,
    left/right by three (every digit is at most three presses from 0, most one or two), OK
    keeps it and goes on to the next (the last one: done). B goes back one digit; on the
    first it cancels.

    Only the digit being set is ever drawn; the others show as ``*`` so that a glance at
    the screen from across the table gives nothing away.
    """

    title: str
    length: int = 4
    digits: list[int | None] = field(default_factory=list)
    cursor: int = 0
    shortest: int = 0  # a new PIN: hold OK ends it once this many digits are set

    @property
    def entered(self) -> int:
        """How many digits from the first are set."""
        return next((i for i, d in enumerate(self.digits) if d is None), self.length)

    def __post_init__(self) -> None:
        self.digits = [None] * self.length

    def handle(self, trigger: str) -> str | None:
        """Feed one trigger; returns the digits when entered, "" when cancelled, else None."""
        if trigger in WHEEL_STEPS:
            current = self.digits[self.cursor]
            self.digits[self.cursor] = ((current or 0) + WHEEL_STEPS[trigger]) % 10
        elif trigger == "back" and self.cursor == 0:
            return ""
        elif trigger == "back":   # the digit left behind is unset: OK comes back to it
            self.digits[self.cursor] = None
            self.cursor -= 1
        elif trigger == "ok":
            return self._confirm()
        elif trigger == "hold_ok" and self.shortest and self.entered >= self.shortest:
            return "".join(str(d) for d in self.digits[:self.entered])
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

    def frame(self, wait_seconds: float = 0.0) -> Frame:
        """The pad; while wrong PINs cost time, the title counts the wait down."""
        if wait_seconds > 0:
            whole = math.ceil(wait_seconds)
            title = f"Wait {whole // 60}:{whole % 60:02d} to try"
            return render_digits(title, tuple(self.digits), self.cursor, "B cancel")
        hint = "OK next  hold OK: done" if self.shortest else PAD_HINT
        return render_digits(self.title, tuple(self.digits), self.cursor, hint)


FREE_TRIES = 3                # wrong PINs that cost nothing (a slip of the thumb)
FIRST_WAIT_SECONDS = 30.0     # the wait after the first wrong PIN past the free ones
LONGEST_WAIT_SECONDS = 3600.0  # each further wrong PIN doubles the wait, up to an hour


@dataclass
class PinGuard:
    """Wrong PINs cost time, on the box and over the link alike.

    After ``FREE_TRIES`` wrong PINs every try waits: 30 s, then double for each further
    wrong one up to an hour. A right PIN clears the count. Guessing a 4-digit PIN
    (5,000 tries on average) then takes about 200 days. The digits are never kept or logged.
    """

    pin: str                  # the config's PIN ("" for none)
    wrong: int = 0
    wait_until: float = 0.0   # clock seconds; no try is judged before it
    digest: str = ""          # a PIN set on the box (see pin_digest); it wins over ``pin``

    @property
    def is_set(self) -> bool:
        return bool(self.pin or self.digest)

    @property
    def length(self) -> int:
        """How many digits the PIN pad asks for."""
        if self.digest:
            return int(self.digest.split("$")[1])
        return len(self.pin) or 4

    def set_pin(self, digits: str) -> None:
        """A new PIN, chosen on the box; only its salted hash is kept."""
        self.digest = pin_digest(digits)

    def _right(self, digits: str) -> bool:
        # any string is judged: one with other than ASCII (e.g. "é", Arabic-Indic digits, a
        # lone surrogate) is simply wrong, and counts as a try like any wrong PIN
        if not digits.isascii():
            return False
        if self.digest:
            return digest_matches(self.digest, digits)
        return hmac.compare_digest(digits, self.pin)

    def seconds_to_wait(self, now: float) -> float:
        return max(0.0, self.wait_until - now)

    def check(self, digits: str, now: float) -> bool | None:
        """True for the right PIN, False for a wrong one, None when it is too soon to try
        (the digits are then not even compared)."""
        if not self.is_set:
            return False
        if self.seconds_to_wait(now) > 0:
            return None
        if self._right(digits):
            self.wrong = 0
            return True
        self.wrong += 1
        if self.wrong >= FREE_TRIES:
            self.wait_until = now + wait_after(self.wrong)
        return False

    def snapshot(self, now: float) -> dict[str, float]:
        return {"wrong": self.wrong, "wait_seconds": round(self.seconds_to_wait(now), 1)}

    def restore(self, saved: object, now: float) -> None:
        """Back after a restart: the count and the wait left (a restart never clears them)."""
        if isinstance(saved, dict):
            wrong, wait = saved.get("wrong"), saved.get("wait_seconds")
            if isinstance(wrong, int) and not isinstance(wrong, bool) and wrong >= 0:
                self.wrong = wrong
            if isinstance(wait, int | float) and not isinstance(wait, bool):
                self.wait_until = now + min(max(0.0, float(wait)), LONGEST_WAIT_SECONDS)


def wait_after(wrong: int) -> float:
    """Seconds before the next try after ``wrong`` wrong PINs in a row."""
    if wrong < FREE_TRIES:
        return 0.0
    steps = min(wrong - FREE_TRIES, 16)  # 30 s * 2**7 is past the hour already
    return min(LONGEST_WAIT_SECONDS, FIRST_WAIT_SECONDS * float(1 << steps))


def expected_guess_seconds(digits: int = 4) -> float:
    """How long an attacker who tries every PIN in turn needs on average, waits included."""
    return sum(wait_after(wrong) for wrong in range(1, 10 ** digits // 2 + 1))


PIN_HASH_ROUNDS = 20_000  # a few milliseconds on a Pi Zero 2 W per try


def pin_digest(digits: str, salt: bytes | None = None) -> str:
    """``pbkdf2$<length>$<salt>$<hash>``: what the box keeps of a PIN set on it."""
    salt = salt if salt is not None else secrets.token_bytes(16)
    hashed = hashlib.pbkdf2_hmac("sha256", digits.encode(), salt, PIN_HASH_ROUNDS)
    return f"pbkdf2${len(digits)}${salt.hex()}${hashed.hex()}"


def digest_matches(digest: str, digits: str) -> bool:
    try:
        _, length, salt, _ = digest.split("$")
        again = pin_digest(digits, bytes.fromhex(salt))
    except ValueError:
        return False
    return int(length) == len(digits) and hmac.compare_digest(again, digest)


def valid_digest(value: object) -> bool:
    """A saved digest this firmware can check (a damaged file is ignored, not trusted)."""
    if not isinstance(value, str):
        return False
    parts = value.split("$")
    return (len(parts) == 4 and parts[0] == "pbkdf2" and parts[1] in {"4", "5", "6", "7", "8"}
            and len(parts[2]) == 32 and len(parts[3]) == 64
            and all(c in "0123456789abcdef" for c in parts[2] + parts[3]))
