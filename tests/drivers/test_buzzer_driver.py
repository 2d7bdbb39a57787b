"""Tunes on gpiozero mock pins: frequencies and duty set, replacement, mute, faults."""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from typing import Any

import pytest
from gpiozero.tones import Tone

from fogkeeper.drivers.buzzer import TUNES, BuzzerPlayer, Note, Tune, create_buzzer
from fogkeeper.errors import ConfigError

BUZZER_PIN = 12


def wait_until(condition: Callable[[], bool], timeout_s: float = 1.0) -> bool:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.002)
    return condition()


def seconds(tune: Tune) -> float:
    return sum(note.duration_seconds for note in TUNES[tune])


def tones(tune: Tune) -> list[float]:
    return [note.frequency_hz for note in TUNES[tune] if note.frequency_hz is not None]


@pytest.fixture
def tonal(mock_factory: Any) -> Any:
    return create_buzzer("tonal", BUZZER_PIN, pin_factory=mock_factory)


def test_every_tune_has_notes_within_the_piezo_range() -> None:
    for tune in Tune:
        assert tones(tune), tune
        assert all(220 <= hz <= 3520 for hz in tones(tune)), tune
        assert 0 < seconds(tune) <= 2.5, tune


@pytest.mark.parametrize("outcome", [Tune.WALL, Tune.WIN, Tune.LOSS])
def test_each_outcome_has_a_pattern_unlike_every_other_tune(outcome: Tune) -> None:
    """A wall, a win and a loss are told apart by ear: each one's notes (pitches and
    lengths) are another tune's in no way, and none of its pitches is the error's."""
    for other in Tune:
        if other is not outcome:
            assert TUNES[outcome] != TUNES[other], other
            assert set(tones(outcome)) != set(tones(other)), other
    assert set(tones(outcome)).isdisjoint(tones(Tune.ERROR))


def test_a_win_rises_a_loss_falls_and_a_wall_knocks_low() -> None:
    win, loss, wall = tones(Tune.WIN), tones(Tune.LOSS), tones(Tune.WALL)
    assert win == sorted(win) and win[-1] > 2000 and seconds(Tune.WIN) > 0.8
    assert loss == sorted(loss, reverse=True) and loss[-1] < 500 and seconds(Tune.LOSS) > 1.2
    assert max(wall) < 300 and len(wall) >= 3


def test_expiry_is_unlike_the_warnings() -> None:
    assert seconds(Tune.EXPIRED) > 2 * max(seconds(Tune.WARNING), seconds(Tune.COUNTDOWN))
    assert set(tones(Tune.EXPIRED)).isdisjoint(tones(Tune.WARNING) + tones(Tune.COUNTDOWN))
    assert len(tones(Tune.EXPIRED)) >= 3


@pytest.mark.parametrize(("volume", "duty"), [(70, 0.35), (100, 0.5), (20, 0.1)])
def test_a_tone_sets_the_pin_frequency_and_the_volume_sets_the_duty(
    tonal: Any, mock_factory: Any, volume: int, duty: float,
) -> None:
    player = BuzzerPlayer(tonal, volume_percent=volume)
    pin = mock_factory.pin(BUZZER_PIN)
    player.play(Tune.WARNING)
    assert wait_until(lambda: pin.frequency is not None)
    assert pin.frequency == pytest.approx(1760, rel=0.01)
    assert pin.state == pytest.approx(duty)
    assert wait_until(lambda: pin.frequency is None, seconds(Tune.WARNING) + 0.5)
    player.close()


def test_an_active_buzzer_beeps_once_per_note(mock_factory: Any) -> None:
    player = BuzzerPlayer(create_buzzer("active", BUZZER_PIN, pin_factory=mock_factory))
    pin = mock_factory.pin(BUZZER_PIN)
    player.play(Tune.WARNING)
    time.sleep(seconds(Tune.WARNING) + 0.15)
    beeps = [change.state for change in pin.states].count(True)
    assert beeps == len(tones(Tune.WARNING)) and not pin.state
    player.close()


def test_a_new_tune_cuts_the_playing_one_short(tonal: Any, mock_factory: Any) -> None:
    player = BuzzerPlayer(tonal)
    pin = mock_factory.pin(BUZZER_PIN)
    player.play(Tune.EXPIRED)
    assert wait_until(lambda: pin.frequency is not None)
    player.play(Tune.CLICK)
    assert wait_until(lambda: pin.frequency == pytest.approx(2093, rel=0.01), 0.2)
    assert wait_until(lambda: pin.frequency is None, 0.3)
    time.sleep(0.3)  # the rest of EXPIRED must not come back
    assert pin.frequency is None
    assert player.history == [Tune.EXPIRED, Tune.CLICK]
    player.close()


@pytest.mark.parametrize("settings", [{"muted": True}, {"volume_percent": 0}])
def test_muted_or_zero_volume_records_but_stays_silent(
    tonal: Any, mock_factory: Any, settings: dict[str, Any],
) -> None:
    player = BuzzerPlayer(tonal, **settings)
    player.play(Tune.BOOT)
    time.sleep(seconds(Tune.BOOT) + 0.05)
    assert [change.state for change in mock_factory.pin(BUZZER_PIN).states] == [0]
    assert player.history == [Tune.BOOT]
    player.close()


def test_muting_mid_tune_stops_it(tonal: Any, mock_factory: Any) -> None:
    player = BuzzerPlayer(tonal)
    pin = mock_factory.pin(BUZZER_PIN)
    player.play(Tune.EXPIRED)
    assert wait_until(lambda: pin.frequency is not None)
    player.muted = True
    assert wait_until(lambda: pin.frequency is None, 0.4)
    player.close()


def test_no_device_still_keeps_history() -> None:
    player = BuzzerPlayer(None)
    player.play(Tune.FOG)
    player.play(Tune.REVEAL)
    assert player.history == [Tune.FOG, Tune.REVEAL] and player.silent
    player.close()


class BrokenBuzzer:
    """A TonalBuzzer whose PWM cannot start."""

    min_tone = Tone.from_frequency(220.0)
    max_tone = Tone.from_frequency(3520.0)

    def play(self, tone: Any) -> None:
        raise OSError("lgpio: no PWM on this pin")

    def stop(self) -> None:
        raise OSError("lgpio: no PWM on this pin")

    def close(self) -> None:
        raise OSError("already gone")


def test_a_failing_buzzer_logs_once_and_never_raises(caplog: pytest.LogCaptureFixture) -> None:
    quick = {tune: (Note(1000.0, 0.01),) for tune in Tune}
    with caplog.at_level(logging.WARNING, logger="fogkeeper.drivers.buzzer"):
        player = BuzzerPlayer(BrokenBuzzer(), tunes=quick)
        player.play(Tune.ERROR)
        player.play(Tune.TICK)
        time.sleep(0.1)
        player.close()
    assert len(caplog.records) == 1 and "no PWM" in caplog.records[0].getMessage()


def test_close_stops_the_thread_and_frees_the_pin(tonal: Any, mock_factory: Any) -> None:
    player = BuzzerPlayer(tonal)
    player.play(Tune.EXPIRED)
    player.close()
    assert tonal.closed
    create_buzzer("active", BUZZER_PIN, pin_factory=mock_factory).close()


@pytest.mark.parametrize(("kind", "expected"), [("tonal", "TonalBuzzer"), ("active", "Buzzer")])
def test_create_buzzer_kinds(mock_factory: Any, kind: str, expected: str) -> None:
    device = create_buzzer(kind, BUZZER_PIN, pin_factory=mock_factory)
    assert type(device).__name__ == expected
    device.close()


def test_a_box_without_a_buzzer_gets_a_silent_player(mock_factory: Any) -> None:
    device = create_buzzer("none", BUZZER_PIN, pin_factory=mock_factory)
    player = BuzzerPlayer(device)
    player.play(Tune.BOOT)
    assert device is None and player.silent and player.history == [Tune.BOOT]
    player.close()


def test_an_unknown_buzzer_kind_names_the_choices(mock_factory: Any) -> None:
    with pytest.raises(ConfigError, match="tonal, active, none"):
        create_buzzer("piezo", BUZZER_PIN, pin_factory=mock_factory)


@pytest.mark.parametrize("volume", [-1, 101])
def test_a_volume_outside_0_to_100_is_refused(volume: int) -> None:
    with pytest.raises(ConfigError, match="0-100"):
        BuzzerPlayer(None, volume_percent=volume)
