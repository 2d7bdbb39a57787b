"""Named screens of the platform, each reached by button presses on a fake clock.

Used by the reference-image test and by ``tests/ui/make_screenshots.py``.
"""

from __future__ import annotations

from collections.abc import Callable

from PIL import Image

from fogkeeper.config import Config
from fogkeeper.events import Button, ButtonEvent
from fogkeeper.flow.app import App, Screen
from fogkeeper.flow.app.views import frame
from fogkeeper.flow.settings import Settings
from support.clock import pass_time
from support.effects import Effects

B = Button


Step = Button | tuple[Button, bool] | float  # a press, a (press, held) or seconds to wait


def scene(first: Screen, steps: list[Step]) -> Callable[[], Image.Image]:
    """A recipe for one screen: start on ``first`` and play the steps on a fake clock."""
    def make() -> Image.Image:
        now = [0.0]
        app = App(Config(), Effects(), lambda: now[0], settings=Settings(), first_screen=first)

        def tick(at: float) -> None:
            now[0] = at
            app.tick(at)

        for step in steps:
            if isinstance(step, float | int) and not isinstance(step, Button):
                pass_time(now[0], step, app.next_deadline, tick)
                continue
            button, hold = step if isinstance(step, tuple) else (step, False)
            app.handle(ButtonEvent(button, long=hold))
        return frame(app, now[0]).image
    return make


TIMER = [B.DOWN, B.DOWN, B.DOWN, B.PRESS]
RESET = (B.PRESS, True)
SCENES: dict[str, Callable[[], Image.Image]] = {
    "keymap": scene(Screen.KEYMAP, []),
    "home": scene(Screen.HOME, []),
    "timer-menu": scene(Screen.HOME, TIMER),
    "timer-running": scene(Screen.HOME, [*TIMER, B.PRESS, 17.3]),
    "timer-paused": scene(Screen.HOME, [*TIMER, B.PRESS, 17.3, B.PRESS]),
    "timer-warning": scene(Screen.HOME, [*TIMER, B.PRESS, 55.5]),
    "timer-expired": scene(Screen.HOME, [*TIMER, B.PRESS, 61.0]),
    "turn-times": scene(Screen.HOME, [*TIMER, B.PRESS, 61.0, B.PRESS, 21.0, B.KEY2, 42.0,
                                      B.KEY2, 5.0, B.PRESS, RESET, *[B.DOWN] * 4, B.PRESS]),
    "settings": scene(Screen.HOME, [*[B.DOWN] * 4, B.PRESS, B.DOWN, B.LEFT]),
    "about": scene(Screen.HOME, [*[B.DOWN] * 5, B.PRESS]),
    # FOGSITE's setup with the box as Guardian: the Level row says its level in one line
    "fogsite-box-level": scene(Screen.HOME, [B.DOWN, B.PRESS, B.KEY2, *[B.DOWN] * 4, B.RIGHT,
                                             B.DOWN, B.RIGHT]),
}

