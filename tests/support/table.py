"""The box's app on a fake clock, driven by button events: the base of the flow tests' tables."""

from __future__ import annotations

from typing import Any, Self

from fogkeeper.config import Config
from fogkeeper.events import Button, ButtonEvent
from fogkeeper.flow.app import App, Screen
from fogkeeper.flow.app.views import frame
from fogkeeper.flow.settings import Settings
from fogkeeper.ui.draw import Frame
from support.clock import pass_time

HOLD = "hold"  # put before a button in press() for a long press


# the seed a scripted game replays from (on a box, each game draws from the OS instead)
GAME_SEED = 1_000_000_000


class AppTable:
    """An app with a clock that only moves when told; every frame shown is kept."""

    def __init__(self, effects: Any, first: Screen = Screen.HOME,
                 config: Config | None = None) -> None:
        self.now = 1000.0
        self.effects = effects
        self.app = App(config or Config(), effects, lambda: self.now, settings=Settings(),
                       first_screen=first)
        self.app.game_seed = GAME_SEED  # scripted games replay: the same deal every run
        self.frames: list[Frame] = []

    def press(self, *buttons: Button | str) -> Self:
        hold = False
        for b in buttons:
            if b == HOLD:
                hold = True
                continue
            assert isinstance(b, Button)
            self.app.handle(ButtonEvent(b, long=hold))
            hold = False
            self.frames.append(self.frame)
        return self

    def wait(self, seconds: float) -> Self:
        """Let time pass the way the loop does: waking at each deadline on the way."""
        def tick(now: float) -> None:
            self.now = now
            self.app.tick(now)

        pass_time(self.now, seconds, self.app.next_deadline, tick,
                  woke=lambda: self.frames.append(self.frame))
        return self

    @property
    def frame(self) -> Frame:
        return frame(self.app, self.now)

    @property
    def lines(self) -> tuple[str, ...]:
        return self.frame.lines
