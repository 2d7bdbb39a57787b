"""PIN entry on the joystick: each digit picked on a wheel (up/down one, left/right three) and
confirmed with OK at once; only the current one visible."""

from __future__ import annotations

import pytest

from fogkeeper.flow.kit.pin import PinPad


def enter(pad: PinPad, *triggers: str) -> str | None:
    result = None
    for trigger in triggers:
        result = pad.handle(trigger)
    return result


@pytest.mark.parametrize("triggers,expected", [
    (["up", "ok", "up", "up", "ok", "ok", "down", "ok"], "1209"),
    (["ok", "ok", "ok", "ok"], "0000"),
    (["down", "ok", "down", "down", "ok", "up", "up", "up", "ok", "ok"], "9830"),
    # left/right turn the wheel by three: 3, 7, 4 (-3 -3 from 0) and 5 (3 + 1 + 1)
    (["right", "ok", "left", "ok", "left", "left", "ok", "right", "up", "up", "ok"], "3745"),
    (["right", "right", "right", "right", "ok"], None),  # 12 wraps to 2; three digits to go
    # B goes back one digit to change it (the one left is unset again), on the first cancels
    (["up", "ok", "up", "back", "down", "ok", "right", "ok", "ok", "ok"], "0300"),
    (["up", "back"], ""),
    (["up", "ok", "back", "back"], ""),
])
def test_entering_digits(triggers: list[str], expected: str | None) -> None:
    assert enter(PinPad("PIN"), *triggers) == expected


def test_only_the_digit_being_set_is_drawn_and_the_text_masks_all() -> None:
    pad = PinPad("Guardian PIN")
    enter(pad, "up", "up", "up", "ok", "up", "up", "up", "up", "up", "up", "up")
    seven = pad.frame()
    assert seven.lines[1] == "* * _ _" and seven.private
    enter(pad, "up")
    eight = pad.frame()
    assert eight.lines == seven.lines
    assert eight.image.tobytes() != seven.image.tobytes()  # the digit being set is drawn
    enter(pad, "back", "up")  # back on the first digit: 3 becomes 4, the second is unset
    other = PinPad("Guardian PIN")
    enter(other, "up", "up", "up", "up")
    assert pad.frame().image.tobytes() == other.frame().image.tobytes()
