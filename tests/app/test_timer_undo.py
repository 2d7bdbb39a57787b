"""The timer takes back an accidental "next": hold B on the box or timer.undo over the link;
timer.set chooses the start player, and the rounds count from them."""

from __future__ import annotations

from pathlib import Path

from fogkeeper.events import Button as B
from support.box import BoxHarness


def test_undo_over_the_link_and_on_the_box(tmp_path: Path) -> None:
    h = BoxHarness(tmp_path)
    assert h.request("timer.undo")["error"]["code"] == "not_now"
    assert h.request("timer.set", players=3, first=2)["first"] == 2
    assert h.request("timer.set", first=4)["error"]["code"] == "bad_args"
    assert h.request("timer.start")["player"] == 2
    h.wait(10)
    assert h.request("timer.next")["player"] == 3
    h.wait(3)
    back = h.request("timer.undo")
    assert back["player"] == 2 and back["phase"] == "running"
    assert 49 <= back["seconds_left"] <= 50.01
    state = h.request("state")["timer"]
    assert state["turns"][1]["count"] == 0 and state["round"] == 1 and not state["can_undo"]
    h.tap(B.KEY2)                            # B: next, by mistake again
    assert "hold B: undo" in h.lines[-1]
    h.hold(B.KEY2)                           # hold B takes it back
    assert h.request("state")["timer"]["player"] == 2
