"""The Timer's menu sets every mode's numbers by the joystick, as ``timer.set`` does over
the link: the bank, the increment, the delay and its kind, byo-yomi's period, periods and
moves (Canadian), what a flag does, and one bank a player (a handicap); a clock set there
plays as the rules of its mode say."""

from __future__ import annotations

import pytest

from fogkeeper.events import Button
from fogkeeper.flow import snapshot
from fogkeeper.flow.app import Screen
from fogkeeper.flow.hourglass import Phase
from fogkeeper.flow.time_control import Delay, Mode, OnFlag, TimeControl
from support.effects import Effects
from support.table import HOLD, AppTable

UP, DOWN, LEFT, RIGHT = Button.UP, Button.DOWN, Button.LEFT, Button.RIGHT
OK, KEY2 = Button.PRESS, Button.KEY2


class Table(AppTable):
    def __init__(self, first: Screen = Screen.HOME) -> None:
        super().__init__(Effects(), first)


def open_timer(t: Table) -> Table:
    return t.press(DOWN, DOWN, DOWN, OK)


def on_row(t: Table, label: str) -> Table:
    """Walk the cursor down to the row that starts with ``label`` (from the top)."""
    t.press(*[UP] * 12)
    for _ in range(12):
        if any(line.startswith(f"> {label}") for line in t.lines):
            return t
        t.press(DOWN)
    raise AssertionError(f"no row {label!r} in {t.lines}")


def row(t: Table, label: str) -> str:
    """The value the menu shows on the row named ``label``."""
    for line in t.lines:
        name, _, value = line.lstrip("> ").partition(": ")
        if name == label:
            return value
    raise AssertionError(f"no row {label!r} in {t.lines}")


def bank_mode(players: int = 2) -> Table:
    t = open_timer(Table())
    t.app.set_players(players)
    return on_row(t, "Mode").press(RIGHT)


def test_the_menu_sets_a_bronstein_delay_and_the_clock_plays_it() -> None:
    t = bank_mode()
    assert row(t, "Mode") == "bank" and row(t, "Delay") == "none"
    on_row(t, "Bank").press(LEFT, LEFT, LEFT, LEFT)  # 10:00 down to 1:00
    on_row(t, "Delay").press(RIGHT, RIGHT, RIGHT)
    assert row(t, "Delay") == "simple 3s"      # a delay starts as a simple one
    t.press(OK)
    assert row(t, "Delay") == "bronstein 3s"   # OK turns its kind
    control = t.app.glass.control
    assert (control.delay, control.delay_seconds, control.bank_seconds) == (
        Delay.BRONSTEIN, 3, 60)
    on_row(t, "Start").press(OK).wait(5).press(KEY2)   # a 5 s turn gets 3 s back
    assert t.app.glass.bank_left(0, t.now) == pytest.approx(58.0, abs=1e-3)


def test_a_delay_stepped_back_to_nought_is_none_again() -> None:
    t = bank_mode()
    on_row(t, "Delay").press(RIGHT, OK, LEFT)
    assert row(t, "Delay") == "none" and t.app.glass.control.delay is Delay.NONE
    t.press(OK)   # no delay: no kind to turn
    assert row(t, "Delay") == "none"


def test_the_menu_sets_byoyomi_periods_and_canadian_moves() -> None:
    t = bank_mode()
    t.press(RIGHT)
    assert row(t, "Mode") == "byoyomi"
    on_row(t, "Period").press(RIGHT, RIGHT)            # 0:30 -> 0:40
    on_row(t, "Periods").press(LEFT, LEFT)              # 5 -> 3
    assert (row(t, "Period"), row(t, "Periods")) == ("0:40", "3")
    t.press(OK, OK)                                     # moves 1 -> 5 -> 10
    assert row(t, "Periods") == "3, 10 moves"
    control = t.app.glass.control
    assert (control.periods, control.period_seconds, control.moves) == (3, 40, 10)


def test_on_flag_is_stop_or_count_and_count_runs_into_overtime() -> None:
    t = bank_mode()
    assert row(t, "On flag") == "stop"
    on_row(t, "On flag").press(RIGHT)
    assert row(t, "On flag") == "count" and t.app.glass.control.on_flag is OnFlag.COUNT
    t.app.glass.set_control(TimeControl(Mode.BANK, bank_seconds=20, on_flag=OnFlag.COUNT))
    on_row(t, "Start").press(OK).wait(32)
    assert t.app.glass.bank_left(0, t.now) == pytest.approx(-12.0, abs=1e-3)
    assert "-0:12" in " ".join(t.lines)


def test_a_glass_has_no_flag_to_set() -> None:
    t = open_timer(Table())
    on_row(t, "On flag").press(RIGHT)
    assert row(t, "On flag") == "-" and t.app.glass.control.on_flag is OnFlag.STOP


def test_ok_on_bank_gives_each_player_a_bank_of_their_own() -> None:
    t = bank_mode(players=3)
    on_row(t, "Bank").press(OK)
    assert t.app.state is Screen.TIMER_BANKS
    assert t.lines[1:4] == ("> P1: 10:00", "  P2: 10:00", "  P3: 10:00")
    t.press(DOWN, RIGHT, RIGHT, DOWN, LEFT)   # P2 15:00 -> 20:00, P3 5:00
    assert t.app.glass.control.banks == (600, 1200, 300)
    assert [t.app.glass.bank_left(p, t.now) for p in range(3)] == [600.0, 1200.0, 300.0]
    t.press(KEY2)
    assert t.app.state is Screen.TIMER_MENU and row(t, "Bank") == "handicap"


def test_hold_ok_evens_the_banks_and_even_steps_end_the_handicap() -> None:
    t = bank_mode(players=2)
    on_row(t, "Bank").press(OK, DOWN, RIGHT)
    assert t.app.glass.control.banks == (600, 900)
    t.press(HOLD, OK)
    assert t.app.glass.control.banks == () and t.app.glass.control.bank_seconds == 600
    t.press(RIGHT, LEFT)   # up and back: the same again, so no handicap
    assert t.app.glass.control.banks == ()


def test_nothing_of_the_clock_changes_while_a_game_is_on_it() -> None:
    t = bank_mode()
    on_row(t, "Start").press(OK).wait(3).press(OK)   # running, then paused
    assert t.app.glass.phase is Phase.PAUSED
    t.press(LEFT)                                     # back to the menu, paused
    before = t.app.glass.control
    on_row(t, "Delay").press(RIGHT, OK)
    on_row(t, "On flag").press(RIGHT)
    on_row(t, "Bank").press(OK, RIGHT)
    assert t.app.glass.control == before
    assert t.app.glass.bank_left(0, t.now) == pytest.approx(597.0, abs=1e-3)
    assert "error" in t.effects.sounds


def test_a_power_cut_on_the_banks_screen_comes_back_there_with_the_handicap() -> None:
    t = bank_mode(players=3)
    on_row(t, "Bank").press(OK, DOWN, DOWN, LEFT)
    back = Table(first=Screen.RESUME)
    back.app.saved = snapshot.check(snapshot.take(t.app, t.now))
    back.press(OK)
    assert back.app.state is Screen.TIMER_BANKS
    assert back.lines[1:4] == ("  P1: 10:00", "  P2: 10:00", "> P3: 5:00")
