"""The timer screens' actions (the hourglass and its menu), mixed into the app's model.

The app's transition table names these callbacks; this module only holds their bodies.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from fogkeeper.config import Config
from fogkeeper.flow.hourglass import Hourglass, Phase

TIMER_ITEMS = ("Start", "Time", "Players", "Sound", "Turn times")


class Sounds(Protocol):
    def sound(self, tune: str) -> None: ...


class TimerActions:
    """Needs the model's glass, config, clock, effects, timer-menu cursor and change counter."""

    glass: Hourglass
    visual_only: bool
    config: Config
    clock: Callable[[], float]
    effects: Sounds
    cursors: dict[str, int]

    def _changed(self) -> None:
        raise NotImplementedError  # the app counts changes worth saving

    def _timer_item(self) -> str:
        return TIMER_ITEMS[self.cursors["timer_menu"]]

    def _timer_option(self, direction: int) -> None:
        item = self._timer_item()
        if item == "Time":
            seconds = self.glass.duration_seconds + 5 * direction
            self.glass.set_duration(max(5, min(3600, seconds)))
        elif item == "Players":
            self.glass.set_players(max(1, min(8, self.glass.times.players + direction)))
        elif item == "Sound":
            self.visual_only = not self.visual_only
        self._changed()

    def timer_option_up(self) -> None:
        self._timer_option(+1)

    def timer_option_down(self) -> None:
        self._timer_option(-1)

    def timer_option_ok(self) -> None:
        """OK on Time steps through the presets; on the other rows it acts like right."""
        if self._timer_item() != "Time":
            self._timer_option(+1)
            return
        presets = sorted(self.config.timer.presets_seconds)
        bigger = [p for p in presets if p > self.glass.duration_seconds]
        self.glass.set_duration(bigger[0] if bigger else presets[0])
        self._changed()

    # ---- hourglass ---------------------------------------------------------------------
    def start_glass(self) -> None:
        if self.glass.phase is Phase.EXPIRED:
            self.glass.next_player(self.clock())
        elif self.glass.phase is Phase.READY:
            self.glass.start(self.clock())
        self.effects.sound("click")

    def toggle_glass(self) -> None:
        if self.glass.phase is Phase.EXPIRED:
            self.glass.next_player(self.clock())
        else:
            self.glass.toggle(self.clock())
        self._changed()

    def next_player(self) -> None:
        self.glass.next_player(self.clock())
        self.effects.sound("click")
        self._changed()

    def reset_glass(self) -> None:
        self.glass.reset()

    def clear_times(self) -> None:
        self.glass.set_players(self.glass.times.players)
        self.glass.times.turns = [[] for _ in self.glass.times.turns]
        self._changed()
