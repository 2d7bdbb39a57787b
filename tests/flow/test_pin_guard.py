"""Wrong PINs cost time: a slip is free, guessing takes months."""

from __future__ import annotations

from fogkeeper.flow.kit.pin import PinGuard, expected_guess_seconds, pin_digest


def test_three_slips_are_free_then_each_wrong_pin_doubles_the_wait() -> None:
    guard = PinGuard("4321")
    now = 0.0
    for _ in range(2):
        assert guard.check("0000", now) is False and guard.seconds_to_wait(now) == 0
    assert guard.check("0000", now) is False
    assert guard.seconds_to_wait(now) == 30
    assert guard.check("4321", now + 29) is None  # too soon: not even compared
    assert guard.check("0000", now + 30) is False
    assert guard.seconds_to_wait(now + 30) == 60
    assert guard.check("4321", now + 90) is True
    assert guard.wrong == 0 and guard.check("0000", now + 90) is False
    assert guard.seconds_to_wait(now + 90) == 0


def test_ten_wrong_pins_then_the_right_one_waits_out_the_delay() -> None:
    guard = PinGuard("4321")
    now = 0.0
    for _ in range(10):
        while guard.check("1111", now) is None:
            now += 1
    assert guard.check("4321", now) is None
    now += guard.seconds_to_wait(now)
    assert guard.check("4321", now) is True
    assert now >= 30 + 60 + 120 + 240 + 480 + 960 + 1920  # waited after tries 3-9


def test_the_wait_survives_a_restart_and_never_grows_past_an_hour() -> None:
    guard = PinGuard("4321")
    for t in range(30):
        guard.check("0000", guard.wait_until + t)
    assert guard.seconds_to_wait(guard.wait_until - 1) <= 3600
    saved = guard.snapshot(guard.wait_until - 100)
    back = PinGuard("4321")
    back.restore(saved, 5000.0)
    assert back.wrong == guard.wrong and back.seconds_to_wait(5000.0) == 100
    back.restore({"wrong": True, "wait_seconds": "x"}, 0.0)  # damaged: ignored, no crash
    assert back.wrong == guard.wrong


def test_guessing_a_four_digit_pin_takes_months() -> None:
    assert expected_guess_seconds(4) > 100 * 24 * 3600


def test_no_pin_set_never_matches() -> None:
    assert PinGuard("").check("", 0.0) is False


def test_any_string_is_judged_and_one_not_of_ascii_digits_is_a_wrong_try() -> None:
    for guard in (PinGuard("4321"), PinGuard("", digest=pin_digest("4321"))):
        for guess in ("é", "٤٣٢١", "４３２１", "\ud800", "43 1"):
            before = guard.wrong
            assert guard.check(guess, 0.0) is False, guess
            assert guard.wrong == before + 1
            guard.wait_until = 0.0
        assert guard.check("4321", 0.0) is True
