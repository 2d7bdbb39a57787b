"""The loop sleeps until the next real deadline: wake-ups counted on a fake clock."""

from __future__ import annotations

from pathlib import Path

from fogkeeper.events import Button
from fogkeeper.flow.fog.flow import FogFlow
from fogkeeper.flow.hourglass import Hourglass, Phase
from support.box import BoxHarness

B = Button
TIMER = (B.DOWN, B.DOWN, B.DOWN, B.PRESS)


class Wakes:
    def __init__(self) -> None:
        self.count = 0

    def __call__(self) -> None:
        self.count += 1


def test_a_ten_minute_countdown_past_the_dim_deadline_wakes_once_a_second(
        tmp_path: Path) -> None:
    h = BoxHarness(tmp_path, screen={"dim_after_seconds": 120, "shift_every_seconds": 60},
                   timer={"default_seconds": 600})
    h.tap(*TIMER, B.PRESS)
    wakes = Wakes()
    h.wait(599.5, wakes)
    assert h.lines[1] == "0:01" and not h.box._dimmed
    # one wake-up for each second shown and each pixel shift, not one a millisecond
    assert wakes.count <= 600 + 10


def test_a_still_screen_wakes_only_to_dim_and_to_shift(tmp_path: Path) -> None:
    h = BoxHarness(tmp_path, screen={"dim_after_seconds": 120, "shift_every_seconds": 60})
    wakes = Wakes()
    h.wait(600, wakes)
    assert h.box._dimmed
    assert wakes.count <= 10 + 1


def test_the_time_up_screen_stays_bright_for_the_idle_time_after_the_end(
        tmp_path: Path) -> None:
    h = BoxHarness(tmp_path, screen={"dim_after_seconds": 120}, timer={"default_seconds": 300})
    h.tap(*TIMER, B.PRESS).wait(300)
    assert h.lines[0].startswith("TIME UP") and not h.box._dimmed
    wakes = Wakes()
    h.wait(110, wakes)
    assert not h.box._dimmed and wakes.count <= 1
    h.wait(11)
    assert h.box._dimmed


def test_a_game_countdown_never_dims_either(tmp_path: Path) -> None:
    """The FOG's hourglass (option 1) runs in the game's own flow, not the box's timer."""
    h = BoxHarness(tmp_path, screen={"dim_after_seconds": 30})
    assert h.request("game.start", game="fog")["ok"]
    glass = _start_fog_glass(h)
    wakes = Wakes()
    h.wait(50, wakes)
    assert glass.phase.value == "running" and not h.box._dimmed
    assert wakes.count <= 50 + 2


def _start_fog_glass(h: BoxHarness) -> Hourglass:
    """Set up a two-player FOG game with the hourglass over the link;
    its first turn's glass runs."""
    assert h.request("fog.setup", players=2, hourglass=True)["ok"]
    assert h.request("fog.continue")["ok"]
    assert h.request("fog.draft.pick", count=32)["ok"]
    game = h.box.app.game
    assert isinstance(game, FogFlow) and game.glass is not None
    if game.glass.phase is not Phase.RUNNING:
        game.glass.toggle(h.now)
    return game.glass
