"""The hourglass against a fake clock: deadlines, pauses, warnings, turns, snapshots."""

from __future__ import annotations

import pytest

from fogkeeper.flow.hourglass import Hourglass, Phase

WARN = (10, 5, 4, 3, 2, 1)


def glass(seconds: int = 60, players: int = 3) -> Hourglass:
    return Hourglass(seconds, warn_at=WARN, players=players)


def test_expires_exactly_at_the_deadline() -> None:
    g = glass(60)
    g.start(1000.0)
    assert [e.seconds_left for e in g.tick(1059.5)] == [1]
    assert g.tick(1059.999) == []
    assert g.phase is Phase.RUNNING
    assert g.shown_seconds(1059.999) == 1
    events = g.tick(1060.0)
    assert [e.kind for e in events] == ["expired"]
    assert g.phase is Phase.EXPIRED
    assert g.remaining(1060.0) == 0.0


def test_pause_keeps_the_remainder_however_long_the_pause() -> None:
    g = glass(60)
    g.start(0.0)
    g.pause(20.25)
    assert g.remaining(500.0) == pytest.approx(39.75)
    g.resume(500.0)
    assert g.remaining(510.0) == pytest.approx(29.75)
    g.tick(539.74)
    assert g.phase is Phase.RUNNING
    assert g.tick(539.75)[-1].kind == "expired"


def test_warnings_fire_once_each_in_order() -> None:
    g = glass(12)
    g.start(0.0)
    fired = []
    t = 0.0
    while g.phase is Phase.RUNNING:
        deadline = g.next_deadline(t)
        assert deadline is not None and deadline > t
        t = deadline
        fired += [(e.kind, e.seconds_left) for e in g.tick(t)]
    assert fired == [("warning", 10), ("warning", 5), ("warning", 4), ("warning", 3),
                     ("warning", 2), ("warning", 1), ("expired", 0)]
    assert t == pytest.approx(12.0)


def test_a_late_tick_skips_stale_warnings_rather_than_beeping_in_a_burst() -> None:
    g = glass(60)
    g.start(0.0)
    events = g.tick(57.5)  # the loop was stalled for a long time
    assert [(e.kind, e.seconds_left) for e in events] == [("warning", 3)]


def test_no_drift_over_100_turns() -> None:
    """Each turn runs on its own deadline: 100 turns of 30 s end at exactly 3000 s."""
    g = glass(30, players=4)
    t = 0.0
    g.start(t)
    for _turn in range(100):
        while g.phase is Phase.RUNNING:
            deadline = g.next_deadline(t)
            assert deadline is not None
            t = deadline
            g.tick(t)
        g.next_player(t)
    assert t == pytest.approx(3000.0, abs=1e-6)
    assert [turns.count for turns in g.times.each] == [25, 25, 25, 25]
    assert all(turns.total == 750.0 and turns.longest == 30.0 for turns in g.times.each)


def test_next_player_records_the_time_used_and_wraps() -> None:
    g = glass(60, players=2)
    g.start(0.0)
    g.next_player(42.5)
    assert g.player == 1 and [t.last for t in g.times.each] == [[42.5], []]
    g.next_player(42.5 + 10)
    assert g.player == 0 and [t.last for t in g.times.each] == [[42.5], [10.0]]
    assert g.phase is Phase.RUNNING and g.remaining(52.5) == 60.0


def test_snapshot_of_a_running_glass_comes_back_paused_with_its_time() -> None:
    g = glass(90)
    g.start(100.0)
    g.next_player(130.0)
    saved = g.snapshot(150.5)
    back = glass(60)
    back.restore(saved)
    assert back.phase is Phase.PAUSED
    assert back.remaining(9999.0) == pytest.approx(69.5)
    assert back.player == 1 and [t.last for t in back.times.each] == [[30.0], [], []]
    back.resume(0.0)
    assert back.tick(69.5)[-1].kind == "expired"


@pytest.mark.parametrize("phase_actions,expected", [
    ([], Phase.READY),
    (["start"], Phase.RUNNING),
    (["start", "pause"], Phase.PAUSED),
    (["start", "pause", "resume"], Phase.RUNNING),
    (["start", "reset"], Phase.READY),
])
def test_phase_table(phase_actions: list[str], expected: Phase) -> None:
    g = glass()
    for action in phase_actions:
        if action == "reset":
            g.reset()
        else:
            getattr(g, action)(1.0)
    assert g.phase is expected


def test_pausing_a_stopped_glass_is_refused() -> None:
    from transitions import MachineError

    g = glass()
    with pytest.raises(MachineError):
        g.pause(0.0)


def test_an_accidental_next_is_taken_back_with_the_time_it_had() -> None:
    g = glass(60, players=3)
    g.start(0.0)
    g.next_player(20.0)          # P1 used 20 s, then B by mistake for P2
    assert g.player == 1 and g.times.of(0).count == 1 and g.can_undo
    assert g.undo_switch(25.0)   # P2's 5 s are forgotten; P1 goes on with 40 s
    assert g.player == 0 and g.phase is Phase.RUNNING and g.remaining(25.0) == 40.0
    assert g.times.of(0).count == 0 and not g.can_undo
    assert not g.undo_switch(26.0)  # one switch only


def test_rounds_count_from_the_start_player_and_undo_takes_one_back() -> None:
    g = glass(60, players=3)
    g.set_first(1)               # P2 starts
    assert g.player == 1 and g.round == 1
    g.start(0.0)
    for now in (1.0, 2.0):
        g.next_player(now)       # P3, then P1
    assert (g.player, g.round) == (0, 1)
    g.next_player(3.0)           # P2 again: round 2
    assert (g.player, g.round) == (1, 2)
    g.undo_switch(3.5)
    assert (g.player, g.round) == (0, 1)
    back = glass(60, players=3)
    back.restore(dict(g.snapshot(4.0)))
    assert (back.first, back.round, back.can_undo) == (1, 1, False)
