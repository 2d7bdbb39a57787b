"""The buzzer: named tunes as data, played off the loop thread on a gpiozero buzzer."""

from __future__ import annotations

import logging
import queue
import threading
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from functools import partial
from typing import Any

from fogkeeper.errors import ConfigError, FogkeeperError

logger = logging.getLogger(__name__)

BUZZER_KINDS = ("tonal", "active", "none")
# A passive piezo is loudest near its resonance (2-4 kHz); this range keeps tunes inside it.
TONAL_MID_HZ = 880.0
TONAL_OCTAVES = 2


class Tune(StrEnum):
    """Every sound the box makes."""

    CLICK = "click"
    TICK = "tick"
    WARNING = "warning"
    COUNTDOWN = "countdown"
    EXPIRED = "expired"
    FOG = "fog"
    REVEAL = "reveal"
    ERROR = "error"
    BOOT = "boot"
    WALL = "wall"      # the rules' no, "You can't move": two dull knocks
    WIN = "win"        # the table won: a rising call, ending high and long
    LOSS = "loss"      # the table lost: a slow fall of semitones, ending low and long


@dataclass(frozen=True)
class Note:
    """A tone (``frequency_hz``) or a rest (None) lasting ``duration_seconds``."""

    frequency_hz: float | None
    duration_seconds: float


def _notes(*pairs: tuple[float | None, float]) -> tuple[Note, ...]:
    return tuple(Note(frequency, seconds) for frequency, seconds in pairs)


REST = None
TUNES: Mapping[Tune, tuple[Note, ...]] = {
    Tune.CLICK: _notes((2093.0, 0.015)),
    Tune.TICK: _notes((1568.0, 0.03)),
    Tune.WARNING: _notes((1760.0, 0.12), (REST, 0.08), (1760.0, 0.12)),
    Tune.COUNTDOWN: _notes((1319.0, 0.08)),
    # Expiry must be unmistakable: long, falling, ending on a held low note.
    Tune.EXPIRED: _notes((2637.0, 0.25), (REST, 0.05), (1976.0, 0.25), (REST, 0.05),
                         (1175.0, 0.25), (REST, 0.05), (784.0, 0.7)),
    Tune.FOG: _notes((440.0, 0.2), (392.0, 0.2), (349.0, 0.4)),
    Tune.REVEAL: _notes((1047.0, 0.08), (1319.0, 0.08), (1568.0, 0.08), (2093.0, 0.2)),
    Tune.ERROR: _notes((330.0, 0.15), (REST, 0.05), (330.0, 0.3)),
    Tune.BOOT: _notes((1047.0, 0.06), (1568.0, 0.06), (2093.0, 0.1)),
    # the outcomes: each unlike every other tune in its notes and its shape
    Tune.WALL: _notes((262.0, 0.09), (REST, 0.09), (262.0, 0.09), (REST, 0.06), (233.0, 0.3)),
    Tune.WIN: _notes((784.0, 0.1), (1047.0, 0.1), (1319.0, 0.1), (REST, 0.05),
                     (1568.0, 0.1), (2349.0, 0.5)),
    Tune.LOSS: _notes((622.0, 0.3), (587.0, 0.3), (554.0, 0.3), (466.0, 0.7)),
}


class BuzzerError(FogkeeperError):
    """The buzzer's pin could not be claimed (wrong number, in use, no GPIO access)."""


def create_buzzer(kind: str, pin: int | str, pin_factory: Any = None) -> Any:
    """A gpiozero TonalBuzzer (passive piezo) or Buzzer (active buzzer); None for "none".

    A pin gpiozero refuses is a BuzzerError, one line: the box stops at start with it, not
    with gpiozero's traceback."""
    if kind == "none":
        return None
    if kind not in ("tonal", "active"):
        raise ConfigError(f"buzzer kind {kind!r} is not one of: {', '.join(BUZZER_KINDS)}")
    try:
        if kind == "tonal":
            from gpiozero import TonalBuzzer
            from gpiozero.tones import Tone

            return TonalBuzzer(pin, mid_tone=Tone.from_frequency(TONAL_MID_HZ),
                               octaves=TONAL_OCTAVES, pin_factory=pin_factory)
        from gpiozero import Buzzer

        return Buzzer(pin, pin_factory=pin_factory)
    except Exception as exc:
        raise BuzzerError(f"cannot use GPIO {pin} for the buzzer ([buzzer] pin): "
                          f"{exc}") from exc


_STOP = object()


class BuzzerPlayer:
    """Plays tunes on its own thread; a new tune cuts the current one short.

    Loudness on a piezo is the PWM duty cycle: ``0.5 * volume_percent / 100``. With no
    device, when muted or at volume 0 nothing sounds, but ``history`` still records.
    """

    def __init__(
        self, device: Any | None, *, volume_percent: int = 70, muted: bool = False,
        tunes: Mapping[Tune, tuple[Note, ...]] = TUNES,
    ) -> None:
        self._device = device
        self.volume_percent = volume_percent
        self.muted = muted
        self._tunes = tunes
        self.history: list[Tune] = []
        self._requests: queue.Queue[object] = queue.Queue()
        self._fault_logged = False
        self._thread = threading.Thread(target=self._run, name="buzzer", daemon=True)
        self._thread.start()

    @property
    def volume_percent(self) -> int:
        return self._volume_percent

    @volume_percent.setter
    def volume_percent(self, value: int) -> None:
        if not 0 <= value <= 100:
            raise ConfigError(f"buzzer volume {value} % is outside 0-100")
        self._volume_percent = value

    @property
    def silent(self) -> bool:
        """True when a requested tune would make no sound."""
        return self._device is None or self.muted or self._volume_percent == 0

    def play(self, tune: Tune) -> None:
        """Start ``tune`` now (replacing any tune playing); returns at once."""
        self.history.append(tune)
        if not self.silent:
            self._requests.put(tune)

    def close(self) -> None:
        """Stop the thread, silence and release the device; never raises."""
        self._requests.put(_STOP)
        self._thread.join(timeout=2.0)
        if self._device is not None:
            self._safely(self._device.close)

    def _run(self) -> None:
        request = self._requests.get()
        while request is not _STOP:
            if isinstance(request, Tune):
                request = self._perform(self._tunes[request])
            else:
                request = self._requests.get()
        self._silence()

    def _perform(self, notes: tuple[Note, ...]) -> object:
        """Plays ``notes``; returns the next request (one that interrupted or the next queued)."""
        for note in notes:
            if self.silent:
                break
            self._sound(note)
            try:
                interrupting = self._requests.get(timeout=note.duration_seconds)
            except queue.Empty:
                continue
            self._silence()
            return interrupting
        self._silence()
        return self._requests.get()

    def _sound(self, note: Note) -> None:
        device, frequency_hz = self._device, note.frequency_hz
        if device is None:
            return
        if frequency_hz is None:
            self._silence()
        elif hasattr(device, "play"):  # TonalBuzzer
            self._safely(partial(self._tone, device, frequency_hz))
        else:
            self._safely(device.on)

    def _tone(self, device: Any, frequency_hz: float) -> None:
        from gpiozero.tones import Tone

        low, high = device.min_tone.frequency, device.max_tone.frequency
        device.play(Tone.from_frequency(min(max(frequency_hz, low), high)))
        device.pwm_device.value = 0.5 * self._volume_percent / 100

    def _silence(self) -> None:
        device = self._device
        if device is not None:
            self._safely(device.stop if hasattr(device, "play") else device.off)

    def _safely(self, action: Callable[[], object]) -> None:
        try:
            action()
        except Exception as exc:  # a buzzer fault must never stop the box
            if not self._fault_logged:
                logger.warning("buzzer failed: %s: %s", type(exc).__name__, exc)
                self._fault_logged = True
