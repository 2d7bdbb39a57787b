"""The simulator keyboard: byte parsing, keys driving mock pins, terminal restored."""

from __future__ import annotations

import os
import queue
import termios
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest

from fogkeeper.drivers.inputs import GpioInputs
from fogkeeper.drivers.keyboard import (
    KEYMAP_HELP,
    QUIT_QUESTION,
    KeyAction,
    KeyboardDriver,
    KeyKind,
    parse_keys,
)
from fogkeeper.events import Button, ButtonEvent

PINS = {Button.UP: 6, Button.DOWN: 19, Button.LEFT: 5, Button.RIGHT: 26, Button.PRESS: 13,
        Button.KEY1: 21, Button.KEY2: 20}  # no KEY3, like the bonnet
HOLD_S = 0.1


def tap(button: Button) -> KeyAction:
    return KeyAction(KeyKind.TAP, button)


def hold(button: Button) -> KeyAction:
    return KeyAction(KeyKind.HOLD, button)


OTHER = KeyAction(KeyKind.OTHER)  # a key the box has no use for


@pytest.mark.parametrize(("data", "expected"), [
    (b"\x1b[A\x1b[B\x1b[C\x1b[D", [tap(Button.UP), tap(Button.DOWN), tap(Button.RIGHT),
                                   tap(Button.LEFT)]),
    (b"\x1bOA", [tap(Button.UP)]),  # arrows in application cursor mode
    (b"\r\n", [tap(Button.PRESS), tap(Button.PRESS)]),
    (b" ", [tap(Button.PRESS)]),  # Space, the key a new player tries first
    (b"123", [tap(Button.KEY1), tap(Button.KEY2), tap(Button.KEY3)]),
    (b"lL!@#", [hold(Button.PRESS), hold(Button.PRESS), hold(Button.KEY1),
                hold(Button.KEY2), hold(Button.KEY3)]),
    (b"\x03", [KeyAction(KeyKind.QUIT)]),
    (b"q", [KeyAction(KeyKind.ASK_QUIT)]),
    (b"\x1b[1;5A1", [OTHER, tap(Button.KEY1)]),  # ctrl-arrow is not the joystick
    (b"\x1b[15~x\x1b", [OTHER, OTHER, OTHER]),  # F5, an unmapped letter, a lone Escape
    (b"\x1b", [OTHER]),
])
def test_parse_keys(data: bytes, expected: list[KeyAction]) -> None:
    assert parse_keys(data) == expected


def test_the_help_fits_a_128x64_screen() -> None:
    assert 3 <= len(KEYMAP_HELP) <= 6
    assert all(len(line) <= 21 for line in KEYMAP_HELP)


class Rig:
    """A pseudo-terminal typed into, a keyboard driver, and the real GpioInputs behind it."""

    def __init__(self, mock_factory: Any, first_key: Button | None = None) -> None:
        self.master, self.slave = os.openpty()
        self.events: queue.Queue[ButtonEvent] = queue.Queue()
        self.quits = threading.Event()
        self.asked: list[str] = []
        self.inputs = GpioInputs(PINS, self.events.put, hold_seconds=HOLD_S,
                                 pin_factory=mock_factory)
        pins = {button: mock_factory.pin(number) for button, number in PINS.items()}
        self.keyboard = KeyboardDriver(self.slave, pins, hold_seconds=lambda: HOLD_S,
                                       on_quit=self.quits.set, ask=self.asked.append,
                                       first_key=first_key)

    def type(self, data: bytes) -> None:
        os.write(self.master, data)

    def close(self) -> None:
        self.keyboard.close()
        self.inputs.close()
        os.close(self.master)
        os.close(self.slave)


@pytest.fixture
def rig(mock_factory: Any) -> Iterator[Rig]:
    rig = Rig(mock_factory)
    yield rig
    rig.close()


def test_keys_become_button_events_through_the_gpio_code(rig: Rig) -> None:
    rig.keyboard.start()
    rig.type(b"\x1b[B")
    assert rig.events.get(timeout=1) == ButtonEvent(Button.DOWN)
    rig.type(b"\r")
    assert rig.events.get(timeout=1) == ButtonEvent(Button.PRESS)
    rig.type(b"2")
    assert rig.events.get(timeout=1) == ButtonEvent(Button.KEY2)


@pytest.mark.parametrize(("key", "button"), [(b"l", Button.PRESS), (b"!", Button.KEY1)])
def test_a_hold_key_gives_a_long_press(rig: Rig, key: bytes, button: Button) -> None:
    rig.keyboard.start()
    rig.type(key)
    assert rig.events.get(timeout=1) == ButtonEvent(button, long=True)
    time.sleep(HOLD_S + 0.3)
    assert rig.events.empty()


def test_repeated_arrows_each_count(rig: Rig) -> None:
    rig.keyboard.start()
    rig.type(b"\x1b[A\x1b[A\x1b[A")
    got = [rig.events.get(timeout=1) for _ in range(3)]
    assert got == [ButtonEvent(Button.UP)] * 3


def test_a_key_the_board_lacks_does_nothing(rig: Rig) -> None:
    rig.keyboard.start()
    rig.type(b"3#\x1b[C")
    assert rig.events.get(timeout=1) == ButtonEvent(Button.RIGHT)
    time.sleep(0.1)
    assert rig.events.empty()


@pytest.mark.parametrize("key", [b"x", b" ", b"\x1b[15~", b"\x1b"])
def test_the_first_key_whatever_it_is_goes_on_from_the_key_card(
        mock_factory: Any, key: bytes) -> None:
    """The simulator's first card says "any key: go on": a letter, Space, F5 or Escape
    each press OK once; the keys after it are only what they are."""
    rig = Rig(mock_factory, first_key=Button.PRESS)
    try:
        rig.keyboard.start()
        rig.type(key)
        assert rig.events.get(timeout=1) == ButtonEvent(Button.PRESS)
        rig.type(b"x")
        time.sleep(0.15)
        assert rig.events.empty()
    finally:
        rig.close()


def test_a_key_typed_while_the_first_screen_is_drawn_is_kept(rig: Rig) -> None:
    """The card is on the screen before the keyboard starts: a Space typed then counts."""
    rig.type(b" ")
    time.sleep(0.05)
    rig.keyboard.start()
    assert rig.events.get(timeout=1) == ButtonEvent(Button.PRESS)


def test_ctrl_c_asks_the_app_to_quit_at_once(rig: Rig) -> None:
    rig.keyboard.start()
    rig.type(b"\x03")
    assert rig.quits.wait(timeout=1)
    assert rig.asked == []


@pytest.mark.parametrize("answer", [b"y", b"q"])
def test_q_asks_first_and_the_answer_quits(rig: Rig, answer: bytes) -> None:
    rig.keyboard.start()
    rig.type(b"q")
    assert not rig.quits.wait(timeout=0.3)
    assert rig.asked == [QUIT_QUESTION]
    rig.type(answer)
    assert rig.quits.wait(timeout=1)
    assert rig.asked == [QUIT_QUESTION, ""]  # the question is taken away


def test_any_other_key_after_q_plays_on_and_is_not_a_press(rig: Rig) -> None:
    rig.keyboard.start()
    rig.type(b"q")
    time.sleep(0.2)
    rig.type(b"\r")
    time.sleep(0.3)
    assert not rig.quits.is_set() and rig.events.empty()
    assert rig.asked == [QUIT_QUESTION, ""]
    rig.type(b"\r")
    assert rig.events.get(timeout=1) == ButtonEvent(Button.PRESS)


def test_a_second_quit_interrupts_a_stuck_app(
    rig: Rig, monkeypatch: pytest.MonkeyPatch,
) -> None:
    raised: list[int] = []
    monkeypatch.setattr("signal.raise_signal", raised.append)
    rig.keyboard.start()
    rig.type(b"\x03")
    assert rig.quits.wait(timeout=1)
    rig.type(b"\x03")
    deadline = time.monotonic() + 1
    while not raised and time.monotonic() < deadline:
        time.sleep(0.01)
    assert raised == [2]
    assert termios.tcgetattr(rig.slave)[3] & termios.ECHO


def test_the_terminal_is_put_back_exactly(rig: Rig) -> None:
    before = termios.tcgetattr(rig.slave)
    rig.keyboard.start()
    during = termios.tcgetattr(rig.slave)
    assert not during[3] & (termios.ECHO | termios.ICANON | termios.ISIG)
    rig.keyboard.close()
    assert termios.tcgetattr(rig.slave) == before


def test_close_releases_a_key_still_held(rig: Rig, mock_factory: Any) -> None:
    rig.keyboard.start()
    rig.type(b"!")
    pin = mock_factory.pin(PINS[Button.KEY1])
    deadline = time.monotonic() + 1
    while pin.state and time.monotonic() < deadline:
        time.sleep(0.005)
    assert not pin.state
    rig.keyboard.close()
    assert pin.state
