"""The model of the app's machine: the state behind its screens and the actions its rows name.

The timer screens' actions sit here with the others: the hourglass is the app's own state.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Protocol

from transitions import Machine

from fogkeeper.config import Config
from fogkeeper.errors import FogkeeperError, describe_bug
from fogkeeper.events import Button, ButtonEvent
from fogkeeper.flow.app.menus import HOME_MENU, HomeItem, TimerItem
from fogkeeper.flow.app.pin_setting import PinSetting
from fogkeeper.flow.app.table import TRANSITIONS, Screen
from fogkeeper.flow.app.timer_setting import TimerSetting
from fogkeeper.flow.game import GAMES, Game, GameContext, GameFlow, Outcome
from fogkeeper.flow.hourglass import Hourglass, Phase, TimerEvent
from fogkeeper.flow.kit.menu import Menu, step_cursor
from fogkeeper.flow.kit.pin import PinGuard, PinPad
from fogkeeper.flow.settings import SETTING_ROWS, Settings
from fogkeeper.flow.tables import bind_rows, expand

if TYPE_CHECKING:   # the FOG engine loads only when The FOG is played
    from fogkeeper.rules.fog.assumed import Value as BoardValue

log = logging.getLogger(__name__)
S = Screen
TRIGGERS = {Button.PRESS: "ok", Button.KEY1: "ok", Button.KEY2: "back", Button.KEY3: "key3"}


class Effects(Protocol):
    """What the flow asks of the world; the app loop provides it (buzzer, link, drivers)."""

    def sound(self, tune: str) -> None: ...
    def apply_settings(self, settings: Settings) -> None: ...
    def emit(self, event: str, payload: Mapping[str, object]) -> None: ...
    def save_record(self, game: str, record: Mapping[str, object]) -> str: ...
    def load_preset(self, game: str) -> object: ...
    def save_preset(self, game: str, preset: object) -> None: ...
    def set_aside_session(self, reason: str, what: str = "session") -> None: ...
    def keep_pin(self, digest: str) -> bool: ...
    def keep_board(self, name: str, confirmed: bool, values: dict[str, BoardValue]) -> bool: ...


def trigger_name(event: ButtonEvent) -> str:
    """The trigger a button event fires: joystick directions by name, keys by role."""
    name = TRIGGERS.get(event.button, event.button.value)
    return f"hold_{name}" if event.long else name


PIN_ROW = len(SETTING_ROWS)  # Settings' last row: set or change the PIN


def _clamped(cursor: int, step: int, rows: int) -> int:
    return max(0, min(rows - 1, cursor + step))


class App:
    """The model of the top-level machine; ``state`` is the current screen."""

    state: Screen

    if TYPE_CHECKING:  # transitions attaches these triggers; declared for mypy
        def trigger(self, name: str) -> bool: ...
        def go_home(self) -> bool: ...
        def game_over(self) -> bool: ...

    def __init__(self, config: Config, effects: Effects, clock: Callable[[], float], *,
                 settings: Settings, first_screen: Screen = S.HOME,
                 wall_clock: Callable[[], float] = time.time) -> None:
        self.config = config
        self.effects = effects
        self.clock = clock
        self.wall_clock = wall_clock
        self.settings = settings
        self.pin_guard = PinGuard(config.security.pin)  # one for the box, every game, the link
        self.game_seed: int | None = None  # tests only (GameContext.seed); None on a box
        self.scroll = 0                  # lines a long text on the screen is scrolled down
        self.pad: PinPad | None = None   # Settings' PIN pads; their digits are never saved
        self.new_pin = ""               # the new PIN's first entry, until it is repeated
        self.pin_note = ""               # what the last PIN change came to
        self.pending_game: GameFlow | None = None  # a game with secrets, behind the offer
        self.pin = PinSetting(self)      # the rows of the PIN's screens name its work
        self.clock_menu = TimerSetting(self)  # and the Timer menu's rows its own
        self.home = Menu(HOME_MENU)
        self.timer_menu = Menu(tuple(TimerItem))
        self.settings_row = 0
        self.times_row = 0
        self.visual_only = config.timer.visual_only
        self.glass = self._new_glass()
        self.saved: dict[str, object] | None = None
        self.game: GameFlow | None = None
        self.problem = ""
        self.problem_title = ""  # "" : the chosen game could not start
        self.last_trigger = ""
        self.changes = 0  # bumped on every change worth saving; the loop watches it
        # bumped instead when an input only moved a cursor (the code that moved it says so:
        # _move_cursor, a game's Outcome.MOVED): saved later, never fsynced before its frame
        self.moves = 0
        self._moved = False
        self.machine = Machine(model=self, states=list(Screen),
                               transitions=bind_rows(self, expand(TRANSITIONS), "app", own=True),
                               initial=first_screen, auto_transitions=False, queued=True,
                               ignore_invalid_triggers=True,
                               after_state_change="mark_changed")

    def _new_glass(self) -> Hourglass:
        timer = self.config.timer
        return Hourglass(timer.default_seconds, warn_at=timer.warn_at_seconds,
                         players=timer.players)

    # ---- input -------------------------------------------------------------------------
    def handle(self, event: ButtonEvent, scroll_most: int = 0) -> None:
        """Fire the trigger for one button event; a control with no meaning here is ignored.

        ``scroll_most``: how far the shown screen's long text can scroll. While it is above
        zero, up/down scroll that text instead of reaching the screen; any other control
        goes to the screen, and a new text starts at its top.
        """
        trigger = trigger_name(event)
        if scroll_most > 0 and trigger in ("up", "down"):
            step = 1 if trigger == "down" else -1
            self.scroll = max(0, min(scroll_most, self.scroll + step))
            return
        self.scroll = 0
        self.last_trigger = trigger
        changes, self._moved = self.changes, False
        self.trigger(self.last_trigger)
        if self._moved:  # the trigger's every effect was a cursor's move
            self.changes, self.moves = changes, self.moves + 1

    def mark_changed(self) -> None:
        """Something worth saving changed (the loop saves the session when this moved)."""
        self.changes += 1

    # ---- menus -------------------------------------------------------------------------
    @property
    def cursors(self) -> dict[str, int]:
        """Each menu screen's cursor, by screen name (as the session snapshot keeps them)."""
        return {S.HOME.value: self.home.cursor, S.SETTINGS.value: self.settings_row,
                S.TIMER_MENU.value: self.timer_menu.cursor, S.TIMER_TIMES.value: self.times_row}

    def place_cursors(self, cursors: dict[str, int]) -> None:
        """Put saved cursors back, each kept on a row its menu has."""
        def kept(menu: Screen) -> int:
            return _clamped(cursors[menu.value], 0, self.menu_length(menu))

        self.home.cursor = kept(S.HOME)
        self.settings_row = kept(S.SETTINGS)
        self.timer_menu.cursor = kept(S.TIMER_MENU)
        self.times_row = kept(S.TIMER_TIMES)

    def menu_length(self, menu: Screen) -> int:
        lengths = {S.HOME: len(self.home.items), S.SETTINGS: len(SETTING_ROWS) + 1,
                   S.TIMER_MENU: len(self.timer_menu.items),
                   S.TIMER_TIMES: self.glass.times.players}
        return lengths[menu]

    def cursor_up(self) -> None:
        self._move_cursor("up")

    def cursor_down(self) -> None:
        self._move_cursor("down")

    def _move_cursor(self, trigger: str) -> None:
        if self.state is S.HOME:
            self.home.move(trigger)
        elif self.state is S.TIMER_MENU:
            self.timer_menu.move(trigger)
        elif self.state is S.SETTINGS:
            self.settings_row = step_cursor(self.settings_row, trigger, len(SETTING_ROWS) + 1)
        else:
            self.times_row = step_cursor(self.times_row, trigger, self.glass.times.players)
        self._moved = True

    def open_chosen(self) -> None:
        """OK on the home menu: a game starts (or says why not), the others open a screen."""
        chosen = self.home.chosen
        if isinstance(chosen, Game):
            if not self._make_game(chosen):
                self.trigger("game_refused")
            elif chosen.has_secrets and not self.pin_guard.is_set:
                # made, and kept aside: it opens once the offer is answered
                self.pending_game, self.game = self.game, None
                self.trigger("offer_pin")
            else:
                self.trigger("open_game")
            return
        opens = {HomeItem.TIMER: "open_timer", HomeItem.SETTINGS: "open_settings",
                 HomeItem.ABOUT: "open_about"}
        self.trigger(opens[chosen])

    # ---- settings ----------------------------------------------------------------------
    def _step_setting(self, direction: int) -> None:
        if self.settings_row == PIN_ROW:
            self.pin_note = ""
            self.trigger("change_pin")
            return
        row = SETTING_ROWS[self.settings_row]
        self.settings = row.step(self.settings, direction)
        self.effects.apply_settings(self.settings)
        self.effects.sound("click")
        self.mark_changed()

    def setting_up(self) -> None:
        self._step_setting(+1)

    def setting_down(self) -> None:
        self._step_setting(-1)

    def set_players(self, players: int) -> None:
        """The timer's player count, from its menu or the link: the Turn times cursor stays on
        a player the timer still has."""
        glass = self.glass
        fitted = glass.control.fitted(players)
        glass.set_players(players)
        if fitted != glass.control:
            glass.set_control(fitted)
        self.times_row = min(self.times_row, players - 1)

    # ---- the hourglass -----------------------------------------------------------------
    def is_glass_still(self) -> bool:
        return self.glass.phase is not Phase.RUNNING

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
        self.mark_changed()

    def next_player(self) -> None:
        self.glass.next_player(self.clock())
        self.effects.sound("click")
        self.mark_changed()

    def undo_switch(self) -> None:
        """Hold B on the timer: take back the last switch (B pressed by mistake)."""
        self.effects.sound("click" if self.glass.undo_switch(self.clock()) else "error")
        self.mark_changed()

    def reset_glass(self) -> None:
        self.glass.reset()

    def clear_times(self) -> None:
        self.glass.times.clear()
        self.mark_changed()

    def tick(self, now: float) -> list[TimerEvent]:
        """Called by the loop at each deadline: sound and report what the glass says."""
        if self.game is not None:
            self.game.tick(now)
        events = self.glass.tick(now)
        for event in events:
            if not self.visual_only:
                countdown = event.kind == "warning" and event.seconds_left <= 5
                tune = {"flag": "expired", "period": "warning"}.get(event.kind, event.kind)
                self.effects.sound("countdown" if countdown else tune)
            self.effects.emit(f"timer.{event.kind}", self._timer_payload(event))
        if events:
            self.mark_changed()
        return events

    def _timer_payload(self, event: TimerEvent) -> dict[str, object]:
        """What the host hears of a timer event: the flag names the player and what the
        clock does now; a byo-yomi period used up says how many are left."""
        player = {"player": event.player + 1}
        if event.kind == "flag":
            return {**player, "name": self.glass.name(event.player),
                    "on_flag": self.glass.control.on_flag.value}
        if event.kind == "period":
            return {**player, "periods_left": event.seconds_left}
        return {"seconds_left": event.seconds_left, **player}

    def next_deadline(self, now: float) -> float | None:
        deadlines = [self.glass.next_deadline(now)]
        if self.game is not None:
            deadlines.append(self.game.next_deadline(now))
        wait = self.pin_guard.seconds_to_wait(now)
        if wait > 0 and self.state in (S.PIN_OLD, S.GAME):  # where a PIN pad can count it down
            deadlines.append(now + (wait % 1.0 or 1.0))
        return min((d for d in deadlines if d is not None), default=None)

    # ---- games ---------------------------------------------------------------------------
    def new_game(self, name: str) -> GameFlow:
        """A fresh flow for the game called ``name`` (its link prefix, e.g. "corps")."""
        return GAMES[name].make(GameContext(self.config, self.effects, self.clock,
                                            self.pin_guard, seed=self.game_seed,
                                            wall_clock=self.wall_clock))

    def _make_game(self, chosen: Game) -> bool:
        """Make the chosen game's flow; False (and the reason kept) when its data is broken."""
        try:
            self.game = self.new_game(chosen.key)
        except FogkeeperError as exc:
            self.problem, self.problem_title = str(exc), ""
            log.warning("cannot start %s: %s", chosen.title, exc)
            return False
        return True

    def start_game(self, name: str) -> None:
        """The link's game.start: make the flow (raising FogkeeperError when it cannot) and
        show it."""
        self.game = self.new_game(name)
        self.trigger("link_game_start")

    def game_input(self) -> None:
        assert self.game is not None  # the GAME screen is only entered with a game
        outcome = self.game.handle(self.last_trigger)
        if outcome is Outcome.EXIT:
            self.game_over()
        self._moved = outcome is Outcome.MOVED
        self.mark_changed()

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
            self.effects.set_aside_session(f"it could not be restored: {why}",  # never deleted
                                           str(saved.get("summary") or "session"))

    def show_problem(self, title: str, text: str) -> None:
        """Put a message on the screen that OK takes back home (e.g. a session that could
        not be restored, and where it is kept)."""
        self.problem_title, self.problem = title, text
        self.machine.set_state(Screen.PROBLEM, model=self)
        self.mark_changed()

    def discard_session(self) -> None:
        self.saved = None
        self.game = None
        self.glass = self._new_glass()
