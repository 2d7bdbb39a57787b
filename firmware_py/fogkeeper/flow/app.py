"""The box's top-level flow: boot offer, home menu, timer, settings, about.

Read the table first: every screen is a state, every control is a trigger. The loop thread
turns each button event into one trigger; nothing else changes this machine.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from enum import StrEnum
from typing import TYPE_CHECKING, Any, Protocol

from transitions import Machine

from fogkeeper.config import Config
from fogkeeper.errors import FogkeeperError, describe_bug
from fogkeeper.events import Button, ButtonEvent
from fogkeeper.flow.app_timer import TIMER_ITEMS, TimerActions
from fogkeeper.flow.game import GAMES, GameContext, GameFlow, Outcome
from fogkeeper.flow.hourglass import Hourglass, Phase, TimerEvent
from fogkeeper.flow.settings import SETTING_ROWS, Settings
from fogkeeper.flow.tables import expand


class Screen(StrEnum):
    RESUME = "resume"
    KEYMAP = "keymap"
    HOME = "home"
    ABOUT = "about"
    SETTINGS = "settings"
    TIMER_MENU = "timer_menu"
    TIMER = "timer"
    TIMER_TIMES = "timer_times"
    GAME = "game"
    PROBLEM = "problem"  # a game could not start (its data file is broken): says why


S = Screen
ANY_KEY = ["ok", "back", "up", "down", "left", "right", "key3"]
EVERY_TRIGGER = [*ANY_KEY, "hold_ok", "hold_back", "hold_key3"]
MENUS = [S.HOME, S.SETTINGS, S.TIMER_MENU, S.TIMER_TIMES]

TRANSITIONS: list[dict[str, Any]] = [
    {"trigger": "ok", "source": S.RESUME, "dest": None, "after": "resume_session"},
    {"trigger": "hold_ok", "source": S.RESUME, "dest": S.HOME, "after": "discard_session"},
    {"trigger": ANY_KEY, "source": S.KEYMAP, "dest": S.HOME},
    {"trigger": "up", "source": MENUS, "dest": None, "after": "cursor_up"},
    {"trigger": "down", "source": MENUS, "dest": None, "after": "cursor_down"},
    {"trigger": "ok", "source": S.HOME, "dest": S.TIMER_MENU, "conditions": "is_chosen_timer"},
    {"trigger": "ok", "source": S.HOME, "dest": S.SETTINGS, "conditions": "is_chosen_settings"},
    {"trigger": "ok", "source": S.HOME, "dest": S.ABOUT, "conditions": "is_chosen_about"},
    {"trigger": "ok", "source": S.HOME, "dest": S.GAME,
     "conditions": ["is_chosen_game", "can_start_game"]},
    {"trigger": "ok", "source": S.HOME, "dest": S.PROBLEM, "conditions": "is_chosen_game"},
    {"trigger": ["ok", "back", "left"], "source": S.PROBLEM, "dest": S.HOME},
    {"trigger": ["ok", "back", "left"], "source": S.ABOUT, "dest": S.HOME},
    {"trigger": "left", "source": S.SETTINGS, "dest": None, "after": "setting_down"},
    {"trigger": ["right", "ok"], "source": S.SETTINGS, "dest": None, "after": "setting_up"},
    {"trigger": "back", "source": [S.SETTINGS, S.TIMER_MENU], "dest": S.HOME},
    {"trigger": "ok", "source": S.TIMER_MENU, "dest": S.TIMER, "conditions": "is_chosen_start",
     "after": "start_glass"},
    {"trigger": "ok", "source": S.TIMER_MENU, "dest": S.TIMER_TIMES,
     "conditions": "is_chosen_times"},
    {"trigger": "ok", "source": S.TIMER_MENU, "dest": None, "after": "timer_option_ok"},
    {"trigger": "left", "source": S.TIMER_MENU, "dest": None, "after": "timer_option_down"},
    {"trigger": "right", "source": S.TIMER_MENU, "dest": None, "after": "timer_option_up"},
    {"trigger": "ok", "source": S.TIMER, "dest": None, "after": "toggle_glass"},
    {"trigger": "back", "source": S.TIMER, "dest": None, "after": "next_player"},
    {"trigger": "hold_ok", "source": S.TIMER, "dest": S.TIMER_MENU, "after": "reset_glass"},
    {"trigger": "left", "source": S.TIMER, "dest": S.TIMER_MENU, "conditions": "is_glass_still"},
    {"trigger": ["back", "left"], "source": S.TIMER_TIMES, "dest": S.TIMER_MENU},
    {"trigger": "hold_ok", "source": S.TIMER_TIMES, "dest": None, "after": "clear_times"},
    # a running game gets every control; it says when it is over
    {"trigger": EVERY_TRIGGER, "source": S.GAME, "dest": None, "after": "game_input"},
    {"trigger": "game_over", "source": S.GAME, "dest": S.HOME, "after": "end_game"},
    {"trigger": "go_home", "source": "*", "dest": S.HOME},
]



log = logging.getLogger(__name__)
HOME_ITEMS = ("The FOG", "FOGSITE", "Corps of Discovery", "Timer", "Settings", "About")
TRIGGERS = {Button.PRESS: "ok", Button.KEY1: "ok", Button.KEY2: "back", Button.KEY3: "key3"}


class Effects(Protocol):
    """What the flow asks of the world; the app loop provides it (buzzer, link, drivers)."""

    def sound(self, tune: str) -> None: ...
    def apply_settings(self, settings: Settings) -> None: ...
    def emit(self, event: str, payload: dict[str, Any]) -> None: ...
    def save_record(self, game: str, record: dict[str, Any]) -> str: ...
    def load_preset(self, game: str) -> Any: ...
    def save_preset(self, game: str, preset: Any) -> None: ...


def trigger_name(event: ButtonEvent) -> str:
    """The trigger a button event fires: joystick directions by name, keys by role."""
    name = TRIGGERS.get(event.button, event.button.value)
    return f"hold_{name}" if event.long else name


class App(TimerActions):
    """The model of the top-level machine; ``state`` is the current screen."""

    state: Screen
    effects: Effects

    if TYPE_CHECKING:  # transitions attaches these triggers; declared for mypy
        def trigger(self, name: str) -> bool: ...
        def go_home(self) -> bool: ...
        def game_over(self) -> bool: ...

    def __init__(self, config: Config, effects: Effects, clock: Callable[[], float], *,
                 settings: Settings, first_screen: Screen = S.HOME) -> None:
        self.config = config
        self.effects = effects
        self.clock = clock
        self.settings = settings
        self.cursors: dict[str, int] = {s.value: 0 for s in MENUS}
        self.visual_only = config.timer.visual_only
        self.glass = Hourglass(config.timer.default_seconds, warn_at=config.timer.warn_at_seconds,
                               players=config.timer.players)
        self.saved: dict[str, Any] | None = None
        self.game: GameFlow | None = None
        self.problem = ""
        self._last_trigger = ""
        self.changes = 0  # bumped on every change worth saving; the loop watches it
        self.machine = Machine(model=self, states=list(Screen), transitions=expand(TRANSITIONS),
                               initial=first_screen, queued=True, ignore_invalid_triggers=True,
                               after_state_change="_changed")

    # ---- input -------------------------------------------------------------------------
    def handle(self, event: ButtonEvent) -> None:
        """Fire the trigger for one button event; a control with no meaning here is ignored."""
        self._last_trigger = trigger_name(event)
        self.trigger(self._last_trigger)

    def _changed(self) -> None:
        self.changes += 1

    # ---- conditions --------------------------------------------------------------------
    def _chosen(self, menu: Screen, items: tuple[str, ...]) -> str:
        return items[self.cursors[menu.value]]

    def is_chosen_timer(self) -> bool:
        return self._chosen(S.HOME, HOME_ITEMS) == "Timer"

    def is_chosen_settings(self) -> bool:
        return self._chosen(S.HOME, HOME_ITEMS) == "Settings"

    def is_chosen_about(self) -> bool:
        return self._chosen(S.HOME, HOME_ITEMS) == "About"

    def is_chosen_start(self) -> bool:
        return self._chosen(S.TIMER_MENU, TIMER_ITEMS) == "Start"

    def is_chosen_times(self) -> bool:
        return self._chosen(S.TIMER_MENU, TIMER_ITEMS) == "Turn times"

    def is_chosen_game(self) -> bool:
        return self._chosen(S.HOME, HOME_ITEMS) in GAMES

    def is_glass_still(self) -> bool:
        return self.glass.phase is not Phase.RUNNING

    # ---- menu actions ------------------------------------------------------------------
    def menu_length(self, menu: Screen) -> int:
        lengths = {S.HOME: len(HOME_ITEMS), S.SETTINGS: len(SETTING_ROWS),
                   S.TIMER_MENU: len(TIMER_ITEMS), S.TIMER_TIMES: self.glass.times.players}
        return lengths[menu]

    def cursor_up(self) -> None:
        self.cursors[self.state.value] = max(0, self.cursors[self.state.value] - 1)
        self._changed()

    def cursor_down(self) -> None:
        last = self.menu_length(self.state) - 1
        self.cursors[self.state.value] = min(last, self.cursors[self.state.value] + 1)
        self._changed()

    def _step_setting(self, direction: int) -> None:
        row = SETTING_ROWS[self.cursors[S.SETTINGS.value]]
        self.settings = row.step(self.settings, direction)
        self.effects.apply_settings(self.settings)
        self.effects.sound("click")
        self._changed()

    def setting_up(self) -> None:
        self._step_setting(+1)

    def setting_down(self) -> None:
        self._step_setting(-1)

    def tick(self, now: float) -> list[TimerEvent]:
        """Called by the loop at each deadline: sound and report what the glass says."""
        if self.game is not None:
            self.game.tick(now)
        events = self.glass.tick(now)
        for event in events:
            if not self.visual_only:
                countdown = event.kind == "warning" and event.seconds_left <= 5
                self.effects.sound("countdown" if countdown else event.kind)
            payload = {"seconds_left": event.seconds_left, "player": event.player + 1}
            self.effects.emit(f"timer.{event.kind}", payload)
        if events:
            self._changed()
        return events

    def next_deadline(self, now: float) -> float | None:
        deadlines = [self.glass.next_deadline(now)]
        if self.game is not None:
            deadlines.append(self.game.next_deadline(now))
        return min((d for d in deadlines if d is not None), default=None)

    # ---- games ---------------------------------------------------------------------------
    def new_game(self, name: str) -> GameFlow:
        """A fresh flow for the game called ``name`` (its link prefix, e.g. "corps")."""
        for game_name, factory in GAMES.values():
            if game_name == name:
                return factory(GameContext(self.config, self.effects, self.clock))
        raise KeyError(name)

    def can_start_game(self) -> bool:
        """Make the chosen game's flow; False (and the reason kept) when its data is broken."""
        try:
            self.game = self.new_game(GAMES[self._chosen(S.HOME, HOME_ITEMS)][0])
        except FogkeeperError as exc:
            self.problem = str(exc)
            log.warning("cannot start %s: %s", self._chosen(S.HOME, HOME_ITEMS), exc)
            return False
        return True

    def game_input(self) -> None:
        assert self.game is not None  # the GAME screen is only entered with a game
        if self.game.handle(self._last_trigger) is Outcome.EXIT:
            self.game_over()
        self._changed()

    def end_game(self) -> None:
        self.game = None

    # ---- boot offer --------------------------------------------------------------------
    def resume_session(self) -> None:
        from fogkeeper.flow.snapshot import restore_app  # the codec lives beside, not above

        saved, self.saved = self.saved, None
        if saved is None:
            self.go_home()
            return
        try:
            restore_app(self, saved)
        except Exception as exc:  # e.g. a game this firmware no longer has, or a bug
            why = str(exc) if isinstance(exc, FogkeeperError) else describe_bug(exc)
            log.warning("cannot resume the saved session: %s", why)
            self.discard_session()
            self.go_home()

    def discard_session(self) -> None:
        self.saved = None
        self.game = None
        self.glass = Hourglass(self.config.timer.default_seconds,
                               warn_at=self.config.timer.warn_at_seconds,
                               players=self.config.timer.players)
