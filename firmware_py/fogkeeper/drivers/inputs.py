"""Joystick and keys on GPIO (gpiozero): presses and long holds become ButtonEvents.

Edges only: each control is a gpiozero DigitalInputDevice (a Button would add a hold thread
per control that wakes every 0.1 s, 14 wake-ups a second on a still box). Holds are timed by
one timer thread of this driver that sleeps until the earliest hold is due, and not at all
while nothing is pressed.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Mapping
from typing import Any

from fogkeeper.errors import ConfigError, FogkeeperError
from fogkeeper.events import DIRECTIONS, Button, ButtonEvent


class InputsError(FogkeeperError):
    """A button pin could not be claimed (wrong number, in use, no GPIO access)."""


class _HoldTimer:
    """One thread for every control's hold: ``arm`` sets a control's due time, ``disarm``
    drops it; at its due time ``fire(control)`` runs on this thread."""

    def __init__(self, fire: Callable[[Button], None],
                 clock: Callable[[], float] = time.monotonic) -> None:
        self._fire = fire
        self._clock = clock
        self._due: dict[Button, float] = {}
        self._changed = threading.Condition()
        self._stopping = False
        self._thread = threading.Thread(target=self._run, name="hold-timer", daemon=True)
        self._thread.start()

    def arm(self, button: Button, seconds: float) -> None:
        with self._changed:
            self._due[button] = self._clock() + seconds
            self._changed.notify()

    def disarm(self, button: Button) -> None:
        with self._changed:
            self._due.pop(button, None)

    def stop(self) -> None:
        with self._changed:
            self._stopping = True
            self._changed.notify()
        if self._thread is not threading.current_thread():
            self._thread.join(timeout=2.0)

    def _run(self) -> None:
        with self._changed:
            while not self._stopping:
                if not self._due:
                    self._changed.wait()  # nothing pressed: sleep until a press
                    continue
                button, due = min(self._due.items(), key=lambda item: item[1])
                left = due - self._clock()
                if left > 0:
                    self._changed.wait(left)
                    continue
                del self._due[button]
                self._changed.release()
                try:
                    self._fire(button)
                finally:
                    self._changed.acquire()


class GpioInputs:
    """One pulled-up gpiozero input per control; callbacks only hand events to ``sink``.

    Directions fire on press. PRESS and the keys fire a long event once when held past the
    hold time, otherwise a short event on release, so one push is exactly one event.
    """

    def __init__(
        self, pins: Mapping[Button, int | str], sink: Callable[[ButtonEvent], None], *,
        hold_seconds: float = 1.0, bounce_seconds: float | None = 0.02, pin_factory: Any = None,
    ) -> None:
        _check_hold(hold_seconds)
        _check_unique(pins)
        from gpiozero import DigitalInputDevice  # gpiozero takes ~0.1 s to import

        self._sink = sink
        self._hold_seconds = hold_seconds
        self._held: set[Button] = set()
        self._lock = threading.Lock()
        self._devices: dict[Button, Any] = {}
        self._timer = _HoldTimer(self._on_held)
        try:
            for button, pin in pins.items():
                device = DigitalInputDevice(pin, pull_up=True, bounce_time=bounce_seconds,
                                            pin_factory=pin_factory)
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
        self._hold_seconds = value  # from the next press on

    def close(self) -> None:
        """Release every pin; safe to call twice."""
        self._timer.stop()
        for device in self._devices.values():
            device.close()
        self._devices.clear()

    def _wire(self, button: Button, device: Any) -> None:
        if button in DIRECTIONS:
            device.when_activated = lambda: self._sink(ButtonEvent(button))
            return
        device.when_activated = lambda: self._on_press(button)
        device.when_deactivated = lambda: self._on_release(button)

    def _on_press(self, button: Button) -> None:
        with self._lock:
            self._held.discard(button)
            self._timer.arm(button, self._hold_seconds)

    def _on_held(self, button: Button) -> None:
        # A release racing the hold timer must yield exactly one event: whoever takes the
        # lock first decides, and a hold seen after the pin went up is dropped.
        with self._lock:
            device = self._devices.get(button)
            if device is None or not device.is_active:
                return
            self._held.add(button)
        self._sink(ButtonEvent(button, long=True))

    def _on_release(self, button: Button) -> None:
        with self._lock:
            self._timer.disarm(button)
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
