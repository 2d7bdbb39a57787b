"""The game clock's modes over the link on the whole simulated box: set, run, flag, stats,
and a pulled plug in the middle of a bank turn."""

from __future__ import annotations

from pathlib import Path

import pytest

from support.box import BoxHarness


def test_a_fischer_bank_over_the_link(tmp_path: Path) -> None:
    h = BoxHarness(tmp_path)
    done = h.request("timer.set", players=2, mode="bank", bank_seconds=20,
                     increment_seconds=2, names=["Ann", "Bo"])
    assert done["ok"] and done["names"] == ["Ann", "Bo"]
    assert h.request("timer.start")["banks"] == [20, 20]
    h.wait(1)
    assert h.request("timer.next")["banks"] == [21, 20]  # 20 - 1 + 2
    h.wait(5)
    assert h.request("timer.next")["banks"] == [21, 17]
    timer = h.request("state")["timer"]
    assert (timer["mode"], timer["round"], timer["flagged"]) == ("bank", 2, [])
    assert timer["periods_left"] is None
    stats = h.request("timer.stats")
    assert stats["mode"] == "bank"
    ann, bo = stats["players"]
    assert (ann["name"], ann["turns"], ann["total_seconds"], ann["bank_seconds"]) == \
        ("Ann", 1, 1, 21)
    assert (bo["turns"], bo["longest_seconds"], bo["last_seconds"]) == (1, 5, 5)


def test_the_flag_is_an_event_naming_the_player(tmp_path: Path) -> None:
    h = BoxHarness(tmp_path)
    h.request("timer.set", players=2, mode="bank", bank_seconds=10, on_flag="count",
              names=["Ann", "Bo"])
    h.request("timer.start")
    h.wait(12)
    flags = h.link.events("timer.flag")
    assert flags == [{"event": "timer.flag", "player": 1, "name": "Ann", "on_flag": "count"}]
    timer = h.request("state")["timer"]
    assert timer["flagged"] == [1] and timer["banks"][0] == pytest.approx(-2, abs=0.01)
    h.request("timer.next")
    assert h.request("timer.stats")["players"][0]["overtime_seconds"] == pytest.approx(2)


def test_byoyomi_reports_the_periods_left(tmp_path: Path) -> None:
    h = BoxHarness(tmp_path)
    h.request("timer.set", players=2, mode="byoyomi", bank_seconds=5, periods=3,
              period_seconds=10)
    h.request("timer.start")
    h.wait(17)  # the bank and one whole period gone, 8 s into the second
    assert h.request("state")["timer"]["periods_left"] == [2, 3]
    assert h.link.events("timer.period") != []


@pytest.mark.parametrize("args", [
    {"mode": "sundial"},
    {"bank_seconds": 0},
    {"bank_seconds": 6000},
    {"players": 3, "mode": "hourglass"},
    {"players": 2, "mode": "bank", "banks": [60, 60, 60]},
    {"increment_seconds": -1},
    {"delay": "fischer"},
    {"periods": 0},
    {"on_flag": "explode"},
    {"names": ["far too long a name"]},
    {"mode": "bank", "bank": 60},  # unknown argument
])
def test_a_refused_timer_set_changes_nothing(tmp_path: Path, args: dict[str, object]) -> None:
    h = BoxHarness(tmp_path)
    before = h.request("state")["timer"]
    reply = h.request("timer.set", **args)
    assert reply["error"]["code"] == "bad_args"
    assert h.request("state")["timer"] == before


def test_seconds_are_the_glass_not_a_bank(tmp_path: Path) -> None:
    h = BoxHarness(tmp_path)
    h.request("timer.set", players=2, mode="bank", bank_seconds=60)
    assert h.request("timer.start", seconds=30)["error"]["code"] == "bad_args"
    assert h.request("state")["timer"]["phase"] == "ready"


def test_a_handicap_and_the_hourglass(tmp_path: Path) -> None:
    h = BoxHarness(tmp_path)
    h.request("timer.set", players=2, mode="bank", banks=[30, 60])
    assert h.request("timer.start")["banks"] == [30, 60]
    h.request("timer.pause")
    h.request("timer.reset")
    h.request("timer.set", mode="hourglass", bank_seconds=20)
    h.request("timer.start")
    h.wait(3)
    assert h.request("timer.next")["banks"] == [17, 23]


def test_power_loss_in_a_bank_turn_ages_the_bank_and_comes_back_paused(
        tmp_path: Path) -> None:
    first = BoxHarness(tmp_path)
    first.request("timer.set", players=3, mode="bank", bank_seconds=100, increment_seconds=2)
    first.request("timer.start")
    first.wait(10)
    first.request("timer.next")  # P1 at 92; P2 runs
    first.wait(7)
    # no close(): the plug is pulled; the box is off for 30 s of wall clock
    first.now += 30
    first.wall()
    again = BoxHarness(tmp_path)
    assert again.lines[0] == "Resume?"
    again.request("session.resume")
    timer = again.request("state")["timer"]
    assert timer["phase"] == "paused" and timer["player"] == 2
    # P2 ran 7 s before the cut and, the wall clock says, 30 s more; at most one save
    # every 5 s while only time passes: what was lost is at most those 5 s
    assert timer["banks"][0] == 92 and timer["banks"][2] == 100
    assert 100 - 37 - 0.01 <= timer["banks"][1] <= 100 - 37 + 5
    again.wait(60)
    assert again.request("state")["timer"]["banks"] == timer["banks"]  # paused: nothing runs
