"""The Timer's menu and its Banks screen: each row steps one of the clock's numbers (the
glass's length, the mode, the bank, the increment or period, the delay or periods, what a flag
does, the players, the sound), and the Banks screen one player's own bank (a handicap).

The app's rows for these screens name this part's work (``clock_menu.menu_ok``...). Nothing
of a game on the clock changes here: a running or paused clock is reset first.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from fogkeeper.flow.app.menus import TimerItem
from fogkeeper.flow.hourglass import Phase

if TYPE_CHECKING:
    from fogkeeper.flow.app.model import App


class TimerSetting:
    """The Timer menu's and the Banks screen's work, over the app's glass."""

    def __init__(self, app: App) -> None:
        self.app = app

    def menu_ok(self) -> None:
        """OK: Start and Turn times open their screens; Time steps through the presets; on the
        other rows OK acts like right."""
        chosen = self.app.timer_menu.chosen
        if chosen is TimerItem.START:
            self.app.trigger("start_timer")
        elif chosen is TimerItem.TURN_TIMES:
            self.app.trigger("show_times")
        elif chosen is TimerItem.TIME and self.app.glass.banked:
            self.app.trigger("show_banks")
        elif chosen is TimerItem.DETAIL:
            self._timer_option(+1, "detail_kind")
        elif chosen is TimerItem.TIME:
            presets = sorted(self.app.config.timer.presets_seconds)
            bigger = [p for p in presets if p > self.app.glass.duration_seconds]
            self.app.glass.set_duration(bigger[0] if bigger else presets[0])
            self.app.mark_changed()
        else:
            self._timer_option(+1)

    def option_up(self) -> None:
        self._timer_option(+1)

    def option_down(self) -> None:
        self._timer_option(-1)

    def _timer_option(self, direction: int, item: str | None = None) -> None:
        """Step the value of the row under the cursor (``item``: which of the row's two
        things, where OK steps another than left/right)."""
        chosen = self.app.timer_menu.chosen
        glass = self.app.glass
        stepped = item or {TimerItem.MODE: "mode", TimerItem.EXTRA: "extra",
                           TimerItem.DETAIL: "detail", TimerItem.FLAG: "on_flag"}.get(chosen)
        if chosen is TimerItem.FLAG and not glass.banked:
            stepped = None   # a glass has no bank to flag
        if chosen is TimerItem.TIME and glass.banked:
            stepped = "bank"
        if chosen is TimerItem.PLAYERS and glass.banked:
            stepped = "players"   # every bank starts again: not in the middle of a game
        if stepped is not None:
            if self._game_on_clock():
                return
            if stepped == "players":
                self.app.set_players(max(1, min(8, glass.times.players + direction)))
            else:
                glass.set_control(glass.control.stepped(stepped, direction,
                                                        glass.times.players))
        elif chosen is TimerItem.TIME:
            seconds = self.app.glass.duration_seconds + 5 * direction
            self.app.glass.set_duration(max(5, min(3600, seconds)))
        elif chosen is TimerItem.PLAYERS:
            self.app.set_players(max(1, min(8, self.app.glass.times.players + direction)))
        elif chosen is TimerItem.SOUND:
            self.app.visual_only = not self.app.visual_only
        self.app.mark_changed()

    def bank_up(self) -> None:
        self._step_player_bank(+1)

    def bank_down(self) -> None:
        self._step_player_bank(-1)

    def _step_player_bank(self, direction: int) -> None:
        """The Banks screen: the chosen player's own bank (a handicap), not mid-game."""
        glass = self.app.glass
        if self._game_on_clock():
            return
        glass.set_control(glass.control.with_player_bank(self.app.times_row, direction,
                                                         glass.times.players))
        self.app.mark_changed()

    def even_banks(self) -> None:
        """Hold OK on the Banks screen: every player gets the first player's bank."""
        glass = self.app.glass
        if self._game_on_clock():
            return
        if glass.control.banks:
            glass.set_control(glass.control.evened())
        self.app.mark_changed()

    def _game_on_clock(self) -> bool:
        """A game is on the clock (running or paused): its numbers stay, the error sounds;
        hold OK on the clock resets it first."""
        if self.app.glass.phase in (Phase.RUNNING, Phase.PAUSED):
            self.app.effects.sound("error")
            return True
        return False
