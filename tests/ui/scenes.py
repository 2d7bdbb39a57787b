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
from fogkeeper.flow.time_control import Delay, Mode, OnFlag, TimeControl
from support.clock import pass_time
from support.effects import Effects

B = Button


Step = Button | tuple[Button, bool] | float  # a press, a (press, held) or seconds to wait


def scene(first: Screen, steps: list[Step], control: TimeControl | None = None,
          names: tuple[str, ...] = ()) -> Callable[[], Image.Image]:
    """A recipe for one screen: start on ``first`` and play the steps on a fake clock
    (the Timer set to ``control`` and ``names`` first, as ``timer.set`` would)."""
    def make() -> Image.Image:
        now = [0.0]
        app = App(Config(), Effects(), lambda: now[0], settings=Settings(), first_screen=first)
        if control is not None:
            app.set_players(len(names) or app.glass.times.players)
            app.glass.set_control(control)
        app.glass.names = names

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
BANK = TimeControl(Mode.BANK, bank_seconds=300, increment_seconds=2)
NAMES = ("Alice", "Bob", "Cyrano", "Dee")
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
                                      B.KEY2, 5.0, B.PRESS, RESET, *[B.DOWN] * 8, B.PRESS]),
    # the game clock: the running player's name and bank big, the others small
    "clock-bank": scene(Screen.HOME, [*TIMER, B.PRESS, 12.4, B.KEY2, 3.0], BANK, NAMES),
    "clock-paused": scene(Screen.HOME, [*TIMER, B.PRESS, 12.4, B.KEY2, 3.0, B.PRESS], BANK,
                          NAMES),
    "clock-overtime": scene(Screen.HOME, [*TIMER, B.PRESS, 32.4], TimeControl(
        Mode.BANK, bank_seconds=20, on_flag=OnFlag.COUNT), NAMES[:2]),
    "clock-flag": scene(Screen.HOME, [*TIMER, B.PRESS, 21.0], TimeControl(
        Mode.BANK, bank_seconds=20), NAMES[:2]),
    "clock-byoyomi": scene(Screen.HOME, [*TIMER, B.PRESS, 14.0], TimeControl(
        Mode.BYOYOMI, bank_seconds=10, periods=3, period_seconds=30), NAMES[:2]),
    "clock-delay": scene(Screen.HOME, [*TIMER, B.PRESS, 1.5], TimeControl(
        Mode.BANK, bank_seconds=300, delay=Delay.SIMPLE, delay_seconds=5), NAMES[:2]),
    "clock-hourglass": scene(Screen.HOME, [*TIMER, B.PRESS, 7.5], TimeControl(
        Mode.HOURGLASS, bank_seconds=60), NAMES[:2]),
    "timer-menu-bank": scene(Screen.HOME, [*TIMER, B.DOWN, B.DOWN, B.DOWN], BANK, NAMES),
    # the More row in bank mode: a 3 s delay, OK made it Bronstein; On flag below it
    "timer-menu-delay": scene(Screen.HOME, [*TIMER, *[B.DOWN] * 4, B.RIGHT, B.RIGHT, B.RIGHT,
                                            B.PRESS], BANK, NAMES),
    "timer-menu-byoyomi": scene(Screen.HOME, [*TIMER, *[B.DOWN] * 4, B.PRESS], TimeControl(
        Mode.BYOYOMI, bank_seconds=600, periods=3, period_seconds=30), NAMES),
    # OK on Bank: one bank a player (a handicap), Bob's two steps up
    "timer-banks": scene(Screen.HOME, [*TIMER, B.DOWN, B.DOWN, B.PRESS, B.DOWN, B.RIGHT,
                                       B.RIGHT], BANK, NAMES),
    "settings": scene(Screen.HOME, [*[B.DOWN] * 4, B.PRESS, B.DOWN, B.LEFT]),
    "about": scene(Screen.HOME, [*[B.DOWN] * 5, B.PRESS]),
    # FOGSITE's setup with the box as Guardian: the Level row says its level in one line
    "fogsite-box-level": scene(Screen.HOME, [B.DOWN, B.PRESS, B.KEY2, *[B.DOWN] * 4, B.RIGHT,
                                             B.DOWN, B.RIGHT]),
}

