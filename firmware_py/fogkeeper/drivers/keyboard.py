"""The simulator's keyboard: keys drive gpiozero mock pins, so the real input code runs."""

from __future__ import annotations

import logging
import os
import select
import signal
import termios
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from fogkeeper.events import Button

logger = logging.getLogger(__name__)

KEYMAP_HELP: tuple[str, ...] = (
    "Arrows: joystick",
    "Enter or Space: press",
    "1 2 3: keys",
    "L or ! @ #: hold",
    "q: quit (asks first)",
)

TAP_SECONDS = 0.05
# A held key stays down a little past the hold time so the hold timer surely fires.
HOLD_MARGIN_SECONDS = 0.15
_IDLE_POLL_SECONDS = 0.1


class KeyKind(StrEnum):
    TAP = "tap"
    HOLD = "hold"
    QUIT = "quit"          # Ctrl-C: at once
    ASK_QUIT = "ask_quit"  # q: after a question
    OTHER = "other"        # a key the box has no use for (a letter, F5, Escape)


@dataclass(frozen=True)
class KeyAction:
    """What one keystroke means for the box."""

    kind: KeyKind
    button: Button | None = None


def _tap(button: Button) -> KeyAction:
    return KeyAction(KeyKind.TAP, button)


def _hold(button: Button) -> KeyAction:
    return KeyAction(KeyKind.HOLD, button)


_QUIT = KeyAction(KeyKind.QUIT)
_ASK_QUIT = KeyAction(KeyKind.ASK_QUIT)
_OTHER = KeyAction(KeyKind.OTHER)
QUIT_QUESTION = "Quit the simulator? q or y: quit, any other key: play on"
_SINGLE_KEYS: dict[int, KeyAction] = {
    ord("\r"): _tap(Button.PRESS), ord("\n"): _tap(Button.PRESS),
    ord(" "): _tap(Button.PRESS),  # the key a new player tries first
    ord("1"): _tap(Button.KEY1), ord("2"): _tap(Button.KEY2), ord("3"): _tap(Button.KEY3),
    ord("l"): _hold(Button.PRESS), ord("L"): _hold(Button.PRESS),
    ord("!"): _hold(Button.KEY1), ord("@"): _hold(Button.KEY2), ord("#"): _hold(Button.KEY3),
    0x03: _QUIT, ord("q"): _ASK_QUIT, ord("Q"): _ASK_QUIT,
}
_ARROWS: dict[int, Button] = {
    ord("A"): Button.UP, ord("B"): Button.DOWN, ord("C"): Button.RIGHT, ord("D"): Button.LEFT}
_ESC = 0x1B


def parse_keys(data: bytes) -> list[KeyAction]:
    """The actions in a burst of terminal bytes; a key or sequence the box has no use for is
    one ``OTHER`` action (it presses nothing, except as the first key; see KeyboardDriver)."""
    actions: list[KeyAction] = []
    index = 0
    while index < len(data):
        byte = data[index]
        if byte != _ESC:
            actions.append(_SINGLE_KEYS.get(byte, _OTHER))
            index += 1
            continue
        index = _parse_escape(data, index, actions)
    return actions


def _parse_escape(data: bytes, index: int, actions: list[KeyAction]) -> int:
    """Reads one ESC sequence at ``index``; returns the index after it."""
    if index + 1 >= len(data) or data[index + 1] not in b"[O":
        actions.append(_OTHER)
        return index + 1  # a lone Escape key
    end = index + 2
    # CSI parameters (digits, ';') come before the final byte 0x40-0x7E.
    while end < len(data) and not 0x40 <= data[end] <= 0x7E:
        end += 1
    if end < len(data) and end == index + 2 and data[end] in _ARROWS:
        actions.append(_tap(_ARROWS[data[end]]))
    else:
        actions.append(_OTHER)
    return end + 1


class KeyboardDriver:
    """Reads a terminal in cbreak mode and presses the mock GPIO pin of each key.

    A tap pulls the pin low for ``TAP_SECONDS``; a hold keeps it low for the current hold
    time plus a margin. ``close`` restores the terminal exactly as ``start`` found it.

    ``first_key``: the button the very first keystroke taps when it is none of the box's
    keys (the simulator's key card says "any key: go on", and a new player tries any key).
    Keys typed before ``start`` (while the first screen is drawn) are kept, not flushed.
    """

    def __init__(
        self, fd: int, pins: Mapping[Button, Any], *, hold_seconds: Callable[[], float],
        on_quit: Callable[[], None], ask: Callable[[str], None] | None = None,
        first_key: Button | None = None,
    ) -> None:
        self._fd = fd
        self._pins = dict(pins)
        self._hold_seconds = hold_seconds
        self._on_quit = on_quit
        if ask is None:
            from fogkeeper.drivers.terminal import say_below

            ask = say_below
        self._ask = ask  # shows a question under the picture ("" takes it away)
        self._asking = False
        self._saved_tty: list[Any] | None = None
        self._releases: dict[Button, float] = {}
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._quit_requests = 0
        self._first_key = first_key

    def start(self) -> None:
        """Raw-ish keys (no echo, no line buffering, Ctrl-C as a byte) and the reader thread."""
        if os.isatty(self._fd):
            self._saved_tty = termios.tcgetattr(self._fd)
            mode = termios.tcgetattr(self._fd)
            mode[3] &= ~(termios.ECHO | termios.ICANON | termios.ISIG)
            mode[6][termios.VMIN] = 1
            mode[6][termios.VTIME] = 0
            termios.tcsetattr(self._fd, termios.TCSANOW, mode)  # keys typed ahead stay
        self._thread = threading.Thread(target=self._run, name="keyboard", daemon=True)
        self._thread.start()

    def close(self) -> None:
        """Stop reading, let go of every pin, give the terminal its settings back."""
        self._stop.set()
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join(timeout=1.0)
        for button in list(self._releases):
            self._pins[button].drive_high()
        self._releases.clear()
        self._restore_terminal()

    def _restore_terminal(self) -> None:
        if self._saved_tty is not None:
            termios.tcsetattr(self._fd, termios.TCSADRAIN, self._saved_tty)
            self._saved_tty = None

    def _run(self) -> None:
        while not self._stop.is_set():
            wait_s = _IDLE_POLL_SECONDS
            if self._releases:
                wait_s = max(0.0, min(wait_s, min(self._releases.values()) - time.monotonic()))
            readable, _, _ = select.select([self._fd], [], [], wait_s)
            if readable:
                try:
                    data = os.read(self._fd, 64)
                except OSError:
                    data = b""
                if not data:  # the terminal went away
                    self._stop.set()
                if self._asking:
                    data = self._answer(data)
                for action in parse_keys(data):
                    self._apply(action)
            self._release_due(time.monotonic())

    def _answer(self, data: bytes) -> bytes:
        """The key after the quit question: q or y quits, Ctrl-C too; any other key plays
        on and is not taken as a press."""
        self._asking = False
        self._ask("")
        if data[:1] in (b"q", b"Q", b"y", b"Y", b"\x03"):
            self._quit()
        return b""

    def _apply(self, action: KeyAction) -> None:
        first, self._first_key = self._first_key, None
        if action.kind is KeyKind.OTHER:
            if first is None:
                return
            action = _tap(first)
        if action.kind is KeyKind.QUIT:
            self._quit()
            return
        if action.kind is KeyKind.ASK_QUIT:
            self._asking = True
            self._ask(QUIT_QUESTION)
            return
        assert action.button is not None
        pin = self._pins.get(action.button)
        if pin is None:  # e.g. KEY3 on a two-key board
            return
        if action.button in self._releases:
            pin.drive_high()  # end the previous push so this one is a fresh edge
        pin.drive_low()
        down_s = TAP_SECONDS
        if action.kind is KeyKind.HOLD:
            down_s = self._hold_seconds() + HOLD_MARGIN_SECONDS
        self._releases[action.button] = time.monotonic() + down_s

    def _release_due(self, now: float) -> None:
        for button, deadline in list(self._releases.items()):
            if deadline <= now:
                del self._releases[button]
                self._pins[button].drive_high()

    def _quit(self) -> None:
        self._quit_requests += 1
        if self._quit_requests == 1:
            self._on_quit()
            return
        # A second Ctrl-C means the loop did not stop: give the terminal back and interrupt.
        logger.warning("second quit request; interrupting")
        self._restore_terminal()
        signal.raise_signal(signal.SIGINT)
