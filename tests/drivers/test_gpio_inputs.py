"""Joystick and keys through gpiozero's MockFactory: presses, holds, hold time, bad pins."""

from __future__ import annotations

import queue
import threading
import time
from typing import Any

import pytest

from fogkeeper.drivers.inputs import GpioInputs, InputsError
from fogkeeper.errors import ConfigError
from fogkeeper.events import Button, ButtonEvent

WAVESHARE = {Button.UP: 6, Button.DOWN: 19, Button.LEFT: 5, Button.RIGHT: 26,
             Button.PRESS: 13, Button.KEY1: 21, Button.KEY2: 20, Button.KEY3: 16}
HOLD_S = 0.1
LONG_ENOUGH_S = 0.3
# A push is short when it ends before the hold time; on a busy 2-core machine the test's own
# thread can stand still for more than HOLD_S between its press and its release (the short
# push then turned long), so tests of short pushes hold the box to a hold time no such pause
# reaches.
PATIENT_HOLD_S = 5.0


@pytest.fixture
def events() -> queue.Queue[ButtonEvent]:
    return queue.Queue()


@pytest.fixture
def inputs(mock_factory: Any, events: queue.Queue[ButtonEvent]) -> Any:
    board = GpioInputs(WAVESHARE, events.put, hold_seconds=HOLD_S, pin_factory=mock_factory)
    yield board
    board.close()


def drained(events: queue.Queue[ButtonEvent], settle_s: float = 0.05) -> list[ButtonEvent]:
    time.sleep(settle_s)
    found = []
    while not events.empty():
        found.append(events.get_nowait())
    return found


@pytest.mark.parametrize("button", [Button.UP, Button.DOWN, Button.LEFT, Button.RIGHT])
def test_a_joystick_direction_fires_on_press(
    inputs: Any, mock_factory: Any, events: queue.Queue[ButtonEvent], button: Button,
) -> None:
    pin = mock_factory.pin(WAVESHARE[button])
    pin.drive_low()
    assert events.get(timeout=1) == ButtonEvent(button)
    pin.drive_high()
    assert drained(events) == []


@pytest.mark.parametrize("button", [Button.PRESS, Button.KEY1, Button.KEY2, Button.KEY3])
def test_a_short_push_fires_once_on_release(
    inputs: Any, mock_factory: Any, events: queue.Queue[ButtonEvent], button: Button,
) -> None:
    inputs.hold_seconds = PATIENT_HOLD_S
    pin = mock_factory.pin(WAVESHARE[button])
    pin.drive_low()
    assert drained(events, 0.02) == []
    pin.drive_high()
    assert drained(events) == [ButtonEvent(button)]


@pytest.mark.parametrize("button", [Button.PRESS, Button.KEY1, Button.KEY2, Button.KEY3])
def test_a_hold_fires_one_long_event_while_still_held(
    inputs: Any, mock_factory: Any, events: queue.Queue[ButtonEvent], button: Button,
) -> None:
    pin = mock_factory.pin(WAVESHARE[button])
    pin.drive_low()
    assert events.get(timeout=1) == ButtonEvent(button, long=True)
    time.sleep(LONG_ENOUGH_S)  # no repeat however long it stays down
    pin.drive_high()
    assert drained(events) == []


def test_changing_the_hold_time_applies_to_every_button(
    inputs: Any, mock_factory: Any, events: queue.Queue[ButtonEvent],
) -> None:
    inputs.hold_seconds = PATIENT_HOLD_S
    pin = mock_factory.pin(WAVESHARE[Button.KEY2])
    pin.drive_low()
    time.sleep(LONG_ENOUGH_S)  # long under the old hold time, short under the new one
    pin.drive_high()
    assert drained(events) == [ButtonEvent(Button.KEY2)]
    assert inputs.hold_seconds == PATIENT_HOLD_S


@pytest.mark.parametrize("hold_seconds", [0, -1, 11])
def test_an_unusable_hold_time_is_refused(inputs: Any, hold_seconds: float) -> None:
    with pytest.raises(ConfigError, match="hold time"):
        inputs.hold_seconds = hold_seconds


def test_pins_are_pulled_up_with_debounce(inputs: Any, mock_factory: Any) -> None:
    for number in WAVESHARE.values():
        pin = mock_factory.pin(number)
        assert (pin.pull, pin.state, pin.bounce) == ("up", True, 0.02)


def test_a_two_key_bonnet_has_no_key3(mock_factory: Any) -> None:
    bonnet = {Button.UP: 17, Button.DOWN: 22, Button.LEFT: 27, Button.RIGHT: 23,
              Button.PRESS: 4, Button.KEY1: 5, Button.KEY2: 6}
    board = GpioInputs(bonnet, lambda event: None, pin_factory=mock_factory)
    assert Button.KEY3 not in board.buttons and len(board.buttons) == 7
    board.close()


def test_one_pin_for_two_buttons_is_a_config_error(mock_factory: Any) -> None:
    with pytest.raises(ConfigError, match="GPIO 5 is given to both up and key1"):
        GpioInputs({Button.UP: 5, Button.KEY1: 5}, lambda event: None, pin_factory=mock_factory)


@pytest.mark.parametrize("pin", ["GPIO99", 99])
def test_a_pin_the_board_lacks_is_reported_with_its_button(mock_factory: Any, pin: Any) -> None:
    with pytest.raises(InputsError, match=f"GPIO {pin} for key2"):
        GpioInputs({Button.UP: 6, Button.KEY2: pin}, lambda event: None,
                   pin_factory=mock_factory)
    # the pin already claimed for UP was released again
    GpioInputs({Button.UP: 6}, lambda event: None, pin_factory=mock_factory).close()


def test_closing_frees_the_pins_for_the_next_user(inputs: Any, mock_factory: Any) -> None:
    inputs.close()
    inputs.close()
    again = GpioInputs(WAVESHARE, lambda event: None, pin_factory=mock_factory)
    again.close()


def test_still_controls_need_one_sleeping_thread_not_one_per_control(
    mock_factory: Any,
) -> None:
    # gpiozero's Button keeps a hold thread per control, waking every 0.1 s; the box's
    # inputs keep one timer thread for all holds, and it sleeps while nothing is pressed
    before = {t.ident for t in threading.enumerate()}
    board = GpioInputs(WAVESHARE, lambda event: None, hold_seconds=HOLD_S,
                       pin_factory=mock_factory)
    try:
        started = [t for t in threading.enumerate() if t.ident not in before]
        assert [t.name for t in started] == ["hold-timer"]
    finally:
        board.close()
    assert not started[0].is_alive()


def test_holds_of_two_keys_at_once_each_fire_once(
    inputs: Any, mock_factory: Any, events: queue.Queue[ButtonEvent],
) -> None:
    mock_factory.pin(WAVESHARE[Button.KEY1]).drive_low()
    time.sleep(HOLD_S / 2)
    mock_factory.pin(WAVESHARE[Button.KEY2]).drive_low()
    time.sleep(LONG_ENOUGH_S)
    mock_factory.pin(WAVESHARE[Button.KEY1]).drive_high()
    mock_factory.pin(WAVESHARE[Button.KEY2]).drive_high()
    assert drained(events) == [ButtonEvent(Button.KEY1, long=True),
                               ButtonEvent(Button.KEY2, long=True)]
