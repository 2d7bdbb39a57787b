"""Joystick and keys on GPIO (gpiozero): presses and long holds become ButtonEvents."""

from __future__ import annotations

import threading
from collections.abc import Callable, Mapping
from typing import Any

from fogkeeper.errors import ConfigError, FogkeeperError
from fogkeeper.events import DIRECTIONS, Button, ButtonEvent


class InputsError(FogkeeperError):
    """A button pin could not be claimed (wrong number, in use, no GPIO access)."""


class GpioInputs:
    """One pulled-up gpiozero Button per control; callbacks only hand events to ``sink``.

    Directions fire on press. PRESS and the keys fire a long event once when held past the
    hold time, otherwise a short event on release, so one push is exactly one event.
    """

    def __init__(
        self, pins: Mapping[Button, int | str], sink: Callable[[ButtonEvent], None], *,
        hold_seconds: float = 1.0, bounce_seconds: float | None = 0.02, pin_factory: Any = None,
    ) -> None:
        _check_hold(hold_seconds)
        _check_unique(pins)
        from gpiozero import Button as GpioButton  # gpiozero takes ~0.1 s to import

        self._sink = sink
        self._hold_seconds = hold_seconds
        self._held: set[Button] = set()
        self._lock = threading.Lock()
        self._devices: dict[Button, Any] = {}
        try:
            for button, pin in pins.items():
                device = GpioButton(pin, pull_up=True, bounce_time=bounce_seconds,
                                    hold_time=hold_seconds, pin_factory=pin_factory)
                self._devices[button] = device
                self._wire(button, device)
        except Exception as exc:
            self.close()
            raise InputsError(f"cannot use GPIO {pin} for {button.value}: {exc}") from exc

    @property
    def buttons(self) -> frozenset[Button]:
        """The controls this board has (a two-key bonnet has no KEY3)."""
        return frozenset(self._devices)

    @property
    def hold_seconds(self) -> float:
        return self._hold_seconds

    @hold_seconds.setter
    def hold_seconds(self, value: float) -> None:
        _check_hold(value)
        self._hold_seconds = value
        for device in self._devices.values():
            device.hold_time = value

    def close(self) -> None:
        """Release every pin; safe to call twice."""
        for device in self._devices.values():
            device.close()
        self._devices.clear()

    def _wire(self, button: Button, device: Any) -> None:
        if button in DIRECTIONS:
            device.when_pressed = lambda: self._sink(ButtonEvent(button))
            return
        device.when_pressed = lambda: self._on_press(button)
        device.when_held = lambda: self._on_held(button, device)
        device.when_released = lambda: self._on_release(button)

    def _on_press(self, button: Button) -> None:
        with self._lock:
            self._held.discard(button)

    def _on_held(self, button: Button, device: Any) -> None:
        # A release racing the hold timer must yield exactly one event: whoever takes the
        # lock first decides, and a hold seen after the pin went up is dropped.
        with self._lock:
            if not device.is_pressed:
                return
            self._held.add(button)
        self._sink(ButtonEvent(button, long=True))

    def _on_release(self, button: Button) -> None:
        with self._lock:
            was_held = button in self._held
            self._held.discard(button)
        if not was_held:
            self._sink(ButtonEvent(button))


def _check_hold(hold_seconds: float) -> None:
    if not 0 < hold_seconds <= 10:
        raise ConfigError(f"hold time {hold_seconds} s is outside 0-10 s")


def _check_unique(pins: Mapping[Button, int | str]) -> None:
    seen: dict[str, Button] = {}
    for button, pin in pins.items():
        other = seen.setdefault(str(pin), button)
        if other is not button:
            raise ConfigError(f"GPIO {pin} is given to both {other.value} and {button.value}")
