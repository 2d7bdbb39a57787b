"""The game clock's bank modes on a fake clock: turns of known lengths, every bank asserted
to the millisecond (Fischer, Bronstein, simple delay, byo-yomi, Canadian, hourglass,
handicap), undo, the flag and overtime, and a snapshot that stays the same size."""

from __future__ import annotations

import json

import pytest

from fogkeeper.flow.hourglass import Hourglass, Phase
from fogkeeper.flow.time_control import Delay, Mode, OnFlag, TimeControl

WARN = (10, 5, 4, 3, 2, 1)
MS = 1e-3


def clock(players: int = 2, **control: object) -> Hourglass:
    g = Hourglass(60, warn_at=WARN, players=players)
    g.set_control(TimeControl(**control))  # type: ignore[arg-type]
    return g


def banks(g: Hourglass, now: float) -> list[float]:
    return [round(g.bank_left(p, now), 3) for p in range(g.times.players)]


def play(g: Hourglass, *turns: float, now: float = 0.0) -> float:
    """Start (if ready), then each turn of the given seconds ended by a switch."""
    if g.phase is Phase.READY:
        g.start(now)
    for seconds in turns:
        now += seconds
        g.tick(now)
        g.next_player(now)
    return now


def test_fischer_a_1_s_turn_on_20_plus_2_leaves_21() -> None:
    g = clock(mode=Mode.BANK, bank_seconds=20, increment_seconds=2)
    now = play(g, 1.0)
    assert banks(g, now) == [21.0, 20.0]
    now = play(g, 4.5, 0.25, now=now)       # P2 4.5 s, then P1 0.25 s
    assert banks(g, now) == [22.75, 17.5]


def test_bronstein_gives_back_what_the_turn_used_up_to_the_delay() -> None:
    g = clock(mode=Mode.BANK, bank_seconds=20, delay=Delay.BRONSTEIN, delay_seconds=3)
    now = play(g, 1.0)
    assert banks(g, now) == [20.0, 20.0]
    g.tick(now + 4.0)
    assert g.bank_left(1, now + 4.0) == pytest.approx(16.0, abs=MS)   # it runs meanwhile
    now = play(g, 5.0, now=now)
    assert banks(g, now) == [20.0, 18.0]


def test_simple_delay_holds_the_bank_still_for_the_delay() -> None:
    g = clock(mode=Mode.BANK, bank_seconds=20, delay=Delay.SIMPLE, delay_seconds=3)
    g.start(0.0)
    assert g.bank_left(0, 2.9) == 20.0           # not moving during the delay
    assert g.reading(2.0).delay_left == pytest.approx(1.0)
    now = play(g, 1.0)
    assert banks(g, now) == [20.0, 20.0]
    now = play(g, 5.0, now=now)
    assert banks(g, now) == [20.0, 18.0]


def test_byoyomi_keeps_a_period_whole_and_uses_up_each_overrun_one() -> None:
    g = clock(mode=Mode.BYOYOMI, bank_seconds=10, periods=3, period_seconds=5)
    now = play(g, 12.0)                # 10 s of bank, 2 s into a period: kept whole
    assert banks(g, now) == [5.0, 10.0]
    assert g.periods_left(0, now) == 3
    now = play(g, 1.0, now=now)        # P2
    g.tick(now + 6.5)                  # P1 overruns one period: 1.5 s into the next
    assert g.periods_left(0, now + 6.5) == 2
    assert g.bank_left(0, now + 6.5) == pytest.approx(3.5, abs=MS)
    now = play(g, 6.5, now=now)
    assert banks(g, now) == [5.0, 9.0] and g.periods_left(0, now) == 2
    events = []
    now = play(g, 1.0, now=now)        # P2
    for t in (4.0, 5.0, 9.0, 10.0):    # P1 overruns both periods left: the flag
        events += g.tick(now + t)
    assert [e.kind for e in events] == ["warning", "period", "warning", "flag"]
    assert g.phase is Phase.EXPIRED and g.flagged == {0}
    assert g.bank_left(0, now + 10) == 0.0


def test_canadian_moves_share_one_period_until_it_starts_whole() -> None:
    g = clock(mode=Mode.BYOYOMI, bank_seconds=5, periods=1, period_seconds=30, moves=3)
    now = play(g, 10.0, 1.0, 8.0, 1.0)     # P1: 5 s bank + 5 s of the period; then 8 s
    assert banks(g, now) == [17.0, 3.0]     # 30 - 5 - 8 left for the third move
    now = play(g, 7.0, 1.0, now=now)        # the third move ends inside: whole again
    assert banks(g, now) == [30.0, 2.0]


def test_hourglass_what_one_uses_goes_to_the_other() -> None:
    g = clock(mode=Mode.HOURGLASS, bank_seconds=20)
    g.start(0.0)
    assert banks(g, 1.5) == [18.5, 21.5]    # the sand flows while the turn runs
    now = play(g, 3.0)
    assert banks(g, now) == [17.0, 23.0]
    now = play(g, 5.0, now=now)
    assert banks(g, now) == [22.0, 18.0]


def test_handicap_banks_one_a_player() -> None:
    g = clock(players=3, mode=Mode.BANK, banks=(300, 120, 60), increment_seconds=1)
    now = play(g, 10.0, 20.0, 30.0)
    assert banks(g, now) == [291.0, 101.0, 31.0]
    assert g.round == 2


def test_undo_resumes_the_bank_it_had_at_the_switch_and_gives_the_time_back() -> None:
    g = clock(mode=Mode.BANK, bank_seconds=20, increment_seconds=2)
    g.start(0.0)
    g.next_player(4.0)                 # P1 4 s: 18 s left
    assert banks(g, 4.0) == [18.0, 20.0]
    assert banks(g, 7.0) == [18.0, 17.0]
    assert g.undo_switch(7.0)          # the 3 s P2 ran are P2's again, the +2 taken back
    assert g.player == 0 and g.phase is Phase.RUNNING
    assert banks(g, 7.0) == [16.0, 20.0]
    assert banks(g, 8.0) == [15.0, 20.0]
    assert g.times.of(0).count == 0 and not g.can_undo
    g.next_player(8.0)
    assert banks(g, 8.0) == [17.0, 20.0]
    assert g.times.of(0).total == 5.0


def test_undo_in_hourglass_mode_takes_the_sand_back_too() -> None:
    g = clock(mode=Mode.HOURGLASS, bank_seconds=20)
    g.start(0.0)
    g.next_player(3.0)
    assert g.undo_switch(5.0)
    assert banks(g, 5.0) == [17.0, 23.0]    # P1 at 3 s used, as at the switch
    g.next_player(6.0)
    assert banks(g, 6.0) == [16.0, 24.0]


def test_flag_stops_the_clock_at_zero_with_stop() -> None:
    g = clock(mode=Mode.BANK, bank_seconds=20)
    g.start(0.0)
    assert g.tick(19.5)[-1].kind == "warning"
    events = g.tick(20.25)             # a late tick: the flag at 20 s, not after
    assert [(e.kind, e.player) for e in events] == [("flag", 0)]
    assert g.phase is Phase.EXPIRED and g.shown_seconds(30.0) == 0
    assert g.times.of(0).total == 20.0 and g.times.of(0).overtime == 0.0
    assert g.tick(40.0) == []


def test_overtime_counts_on_and_is_recorded_with_count() -> None:
    g = clock(mode=Mode.BANK, bank_seconds=20, increment_seconds=5, on_flag=OnFlag.COUNT)
    g.start(0.0)
    assert [e.kind for e in g.tick(20.0)] == ["flag"]
    assert g.phase is Phase.RUNNING
    assert g.shown_seconds(32.4) == -12          # shown -0:12
    g.next_player(32.4)
    assert banks(g, 32.4) == [-12.4, 20.0]       # no increment once flagged
    assert g.times.of(0).overtime == 12.4
    g.next_player(33.0)                           # P2 0.6 s (+5)
    assert g.tick(34.0) == []                     # flagged once only
    g.next_player(35.0)
    assert banks(g, 35.0) == [-14.4, 24.4]
    assert g.times.of(0).overtime == 14.4 and g.times.of(0).count == 2


def test_pause_stops_only_the_running_bank() -> None:
    g = clock(mode=Mode.BANK, bank_seconds=60)
    g.start(0.0)
    g.pause(10.0)
    assert banks(g, 500.0) == [50.0, 60.0]
    g.resume(500.0)
    g.next_player(505.0)
    assert banks(g, 505.0) == [45.0, 60.0]


def test_next_deadline_follows_the_shown_second_and_the_delay() -> None:
    g = clock(mode=Mode.BANK, bank_seconds=20, delay=Delay.SIMPLE, delay_seconds=3)
    g.start(0.0)
    assert g.next_deadline(0.25) == pytest.approx(1.0)
    g.next_player(3.5)                 # P1 used 0.5 s of bank: 19.5 left
    g.next_player(4.0)
    assert g.next_deadline(7.0) == pytest.approx(7.5)  # delay over at 7.0: 19.5 -> 19


def test_a_snapshot_restores_every_bank_and_stays_small() -> None:
    g = clock(players=4, mode=Mode.BYOYOMI, bank_seconds=600, periods=5, period_seconds=30,
              on_flag=OnFlag.COUNT)
    g.set_first(2)
    now = play(g, *[0.5] * 1000)
    size = len(json.dumps(g.snapshot(now)))
    now = play(g, *[0.5] * 10_000, now=now)
    assert len(json.dumps(g.snapshot(now))) <= size + 8   # the same bytes, bigger numbers
    saved = g.snapshot(now + 1.25)
    again = Hourglass(60, warn_at=WARN, players=1)
    again.restore(json.loads(json.dumps(saved)))
    assert again.control == g.control and again.player == g.player
    assert banks(again, 0.0) == banks(g, now + 1.25)
    assert again.round == g.round and again.phase is Phase.PAUSED


def test_a_waiting_bank_reads_the_same_after_a_restore() -> None:
    # the save keeps the millisecond: a bank of 60.98501 must not read 60.99 before a
    # restart and 60.98 after it (the saved 60.985 rounds down)
    g = clock(mode=Mode.BANK, bank_seconds=60, increment_seconds=2)
    now = play(g, 1.01499)
    shown = g.banks_shown(now)
    again = Hourglass(60, warn_at=WARN, players=1)
    again.restore(json.loads(json.dumps(g.snapshot(now))))
    assert again.banks_shown(now) == shown
    assert shown == [60.98, 60.0]


def test_a_paused_glass_reads_the_same_after_a_restore() -> None:
    g = Hourglass(90, warn_at=WARN, players=2)
    g.start(0.0)
    g.tick(9.99499)
    g.pause(9.99499)       # 80.00501 s left: 80.01 to the hundredth, but saved as 80.005
    shown = g.seconds_shown(20.0)
    again = Hourglass(60, warn_at=WARN, players=1)
    again.restore(json.loads(json.dumps(g.snapshot(20.0))))
    assert again.seconds_shown(0.0) == shown == 80.0
