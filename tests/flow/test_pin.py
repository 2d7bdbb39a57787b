"""PIN entry on the joystick: digits set with up/down, only the current one visible."""

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
    (["up", "right", "right", "right", "up", "left", "ok"], None),  # gaps still to fill
    (["up", "back"], ""),
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
    enter(pad, "left", "up")  # back on the first digit: 3 becomes 4, 8 is hidden again
    other = PinPad("Guardian PIN")
    enter(other, "up", "up", "up", "up", "ok", *["up"] * 8, "left")
    assert pad.frame().image.tobytes() == other.frame().image.tobytes()
