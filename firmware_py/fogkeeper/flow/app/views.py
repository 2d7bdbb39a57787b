"""What each screen of the app shows: the app's state turned into a view and a frame."""

from __future__ import annotations

import math
import textwrap
from collections.abc import Callable
from dataclasses import replace

from fogkeeper import __version__
from fogkeeper.flow.app.menus import HOME_LABELS, TIMER_LABELS, HomeEntry, HomeItem, TimerItem
from fogkeeper.flow.app.model import App
from fogkeeper.flow.app.table import Screen
from fogkeeper.flow.hourglass import Phase
from fogkeeper.flow.settings import SETTING_ROWS
from fogkeeper.flow.time_control import Delay, Mode, OnFlag, TimeControl
from fogkeeper.paths import config_dir
from fogkeeper.secret import drawing
from fogkeeper.ui.draw import Frame, scrolling
from fogkeeper.ui.screens import (
    ClockView,
    CountdownView,
    MenuItem,
    MenuView,
    MessageView,
    mm_ss,
    render_clock,
    render_countdown,
    render_menu,
    render_message,
)

KEYMAP_LINES = ("Arrows: joystick", "Enter or Space: press", "Keys 1 2 3; hold: ! @ # L")


def frame(app: App, now: float) -> Frame:
    """The frame for the app's current screen at time ``now``.

    Every screen is drawn while :func:`drawing` watches: one that read a secret the rules
    have not opened comes out private, whatever its renderer said (fogkeeper.secret).
    """
    with drawing() as watch, scrolling(app.scroll) as scroll:
        shown = RENDERERS[app.state](app, now)
    private = watch.private or shown.private
    if private == shown.private and scroll.most == shown.scroll_most:
        return shown  # most frames, a running clock's every second: no copy to make
    return replace(shown, private=private, scroll_most=scroll.most)


def _resume(app: App, now: float) -> Frame:
    summary = app.saved.get("summary", "a saved session") if app.saved else "a saved session"
    lines = ("Found " + str(summary), "OK: resume", "Hold OK: discard it")
    return render_message(MessageView("Resume?", lines, "OK resume  hold: discard"))


def _keymap(app: App, now: float) -> Frame:
    return render_message(MessageView("Simulator keys", KEYMAP_LINES, "any key: go on  ^C quit"))


HOME_HINT = "OK open  hold OK: timer"


def _home(app: App, now: float) -> Frame:
    items = app.home.menu_items(HOME_LABELS.__getitem__, lambda item: _home_badge(app, item, now))
    return render_menu(MenuView("fogkeeper", items, app.home.cursor, HOME_HINT))


def _home_badge(app: App, item: HomeEntry, now: float) -> str:
    if item is HomeItem.TIMER and app.glass.phase in (Phase.RUNNING, Phase.PAUSED):
        return mm_ss(app.glass.shown_seconds(now))
    return ""


def _about(app: App, now: float) -> Frame:
    pin = "PIN set" if app.pin_guard.is_set else "no PIN set"
    return render_message(MessageView("About", (f"fogkeeper {__version__}",
                                                "FOG, FOGSITE, Corps",
                                                f"{pin} · {app.config.display.driver}"),
                                      "OK back"))


def _settings(app: App, now: float) -> Frame:
    items = (*(MenuItem(row.label, row.shown(app.settings)) for row in SETTING_ROWS),
             MenuItem("PIN", "set" if app.pin_guard.is_set else "none"))
    hint = app.pin_note or ("OK set PIN  B back" if app.settings_row == len(SETTING_ROWS)
                            else "<> change  B back")
    return render_menu(MenuView("Settings", items, app.settings_row, hint))


def _pin_offer(app: App, now: float) -> Frame:
    return render_message(MessageView("No PIN set", (
        "Secrets need a PIN:", "only its holder", "opens them."), "OK set PIN  B play"))


def _pin_pad(app: App, now: float) -> Frame:
    assert app.pad is not None  # the PIN screens are entered with a pad
    return app.pad.frame(app.pin_guard.seconds_to_wait(now) if app.state is Screen.PIN_OLD
                         else 0.0)


# the Extra and More rows' words in each mode: what each sets, and its hint
EXTRA_ROW = {Mode.BANK: ("Increment", "<> 1s a turn"), Mode.BYOYOMI: ("Period", "<> 5s"),
             Mode.GLASS: ("Extra", "none in glass"), Mode.HOURGLASS: ("Extra",
                                                                      "none in hourglass")}
DETAIL_ROW = {Mode.BANK: ("Delay", "<> 1s  OK kind"), Mode.BYOYOMI: ("Periods",
                                                                     "<> 1  OK moves"),
              Mode.GLASS: ("More", "none in glass"), Mode.HOURGLASS: ("More",
                                                                      "none in hourglass")}


def _detail(control: TimeControl) -> str:
    """The More row's value: the delay and its kind, or the periods and the moves each."""
    if control.mode is Mode.BANK:
        if control.delay is Delay.NONE or not control.delay_seconds:
            return "none"
        return f"{control.delay.value} {control.delay_seconds}s"
    if control.mode is Mode.BYOYOMI:
        return str(control.periods) + (f", {control.moves} moves" if control.moves > 1 else "")
    return "-"


def _timer_menu(app: App, now: float) -> Frame:
    glass = app.glass
    control = glass.control
    mode = control.mode
    extra = {Mode.BANK: f"+{control.increment_seconds}s",
             Mode.BYOYOMI: mm_ss(control.period_seconds)}.get(mode, "-")
    bank = mm_ss(control.bank_seconds) if not control.banks else "handicap"
    values = {TimerItem.START: glass.name(glass.player), TimerItem.MODE: mode.value,
              TimerItem.TIME: bank if glass.banked else mm_ss(glass.duration_seconds),
              TimerItem.EXTRA: extra, TimerItem.DETAIL: _detail(control),
              TimerItem.FLAG: control.on_flag.value if glass.banked else "-",
              TimerItem.PLAYERS: str(glass.times.players),
              TimerItem.SOUND: "visual" if app.visual_only else "on", TimerItem.TURN_TIMES: ""}
    hints = {TimerItem.START: "OK start  B back", TimerItem.MODE: "<> mode",
             TimerItem.TIME: "<> bank  OK each" if glass.banked else "<> 5s  OK preset",
             TimerItem.EXTRA: EXTRA_ROW[mode][1], TimerItem.DETAIL: DETAIL_ROW[mode][1],
             TimerItem.FLAG: "<> stop/count" if glass.banked else "none in glass",
             TimerItem.PLAYERS: "<> players", TimerItem.SOUND: "<> sound/visual",
             TimerItem.TURN_TIMES: "OK show"}
    labels = {**TIMER_LABELS, TimerItem.EXTRA: EXTRA_ROW[mode][0],
              TimerItem.DETAIL: DETAIL_ROW[mode][0]}
    if glass.banked:
        labels[TimerItem.TIME] = "Bank"
    menu = app.timer_menu
    items = menu.menu_items(labels.__getitem__, values.__getitem__)
    return render_menu(MenuView("Timer", items, menu.cursor, hints[menu.chosen]))


def _timer_banks(app: App, now: float) -> Frame:
    """Every player's own bank (a handicap): up/down a player, left/right that bank."""
    glass = app.glass
    control = glass.control
    items = tuple(MenuItem(glass.name(p), mm_ss(control.start_bank(p)))
                  for p in range(glass.times.players))
    hint = "<> bank  hold OK even" if control.banks else "<> bank  B back"
    return render_menu(MenuView("Banks", items, app.times_row, hint))


def _timer(app: App, now: float) -> Frame:
    if app.glass.banked:
        return _game_clock(app, now)
    glass = app.glass
    seconds = glass.shown_seconds(now)
    who = f"P{glass.player + 1} of {glass.times.players}"
    turn = f"{who}  round {glass.round}" if glass.times.players > 1 else who
    # once B has switched, hold B takes it back: the hint says so while it can
    phase = glass.phase
    if phase is Phase.RUNNING:  # every second of a turn: only its own words are made
        status, hint = turn, "B next  hold B: undo" if glass.can_undo else "OK pause  B next"
    elif phase is Phase.READY:
        status, hint = f"{who} ready", "OK start"
    elif phase is Phase.PAUSED:
        status, hint = f"PAUSED  {turn}", "OK go  hold OK: reset"
    else:
        status, hint = f"TIME UP  {turn}", "OK next player"
    warn = glass.warn_at
    flashing = glass.phase is Phase.RUNNING and seconds in warn and (
        seconds + 1 not in warn or seconds % 2 == 1)
    fraction = glass.remaining(now) / glass.duration_seconds if glass.duration_seconds else 0.0
    return render_countdown(CountdownView(seconds, fraction, status, hint,
                                          invert=glass.phase is Phase.EXPIRED,
                                          warning=flashing,
                                          paused=glass.phase is Phase.PAUSED,
                                          expired=glass.phase is Phase.EXPIRED))


def _game_clock(app: App, now: float) -> Frame:
    """A bank mode's screen: the running player's name and clock large, the others small."""
    glass = app.glass
    player, players = glass.player, glass.times.players
    control = glass.control
    seconds = glass.shown_seconds(now)
    flagged = player in glass.flagged and glass.phase is not Phase.READY
    corner = f"round {glass.round}" if players > 1 else ""
    if glass.phase is Phase.RUNNING or glass.phase is Phase.PAUSED:
        reading = glass.reading(now)
        if reading.delay_left > 0:
            corner = f"delay {math.ceil(reading.delay_left - 1e-9)}"
        elif reading.in_period and not reading.flagged:
            corner = f"{reading.clock.periods_left}x{mm_ss(control.period_seconds)}"
    others = tuple(
        f"{glass.name(other)} {mm_ss(math.ceil(glass.bank_left(other, now) - 1e-9))}"
        + ("!" if other in glass.flagged else "")
        for other in ((player + step) % players for step in range(1, players)))
    running_hint = "B next  hold B: undo" if glass.can_undo else "OK pause  B next"
    hint = {Phase.READY: "OK start", Phase.RUNNING: running_hint,
            Phase.PAUSED: "OK go  hold OK: reset", Phase.EXPIRED: "B next  hold OK: reset",
            }[glass.phase]
    warn = glass.warn_at
    flashing = glass.phase is Phase.RUNNING and not flagged and seconds in warn and (
        seconds + 1 not in warn or seconds % 2 == 1)
    return render_clock(ClockView(
        glass.name(player), seconds, corner, others, hint,
        paused=glass.phase is Phase.PAUSED, flashing=flashing,
        flag=glass.phase is Phase.EXPIRED and flagged,
        overtime=flagged and control.on_flag is OnFlag.COUNT))


def _problem(app: App, now: float) -> Frame:
    title = app.problem_title or f"Can't start {HOME_LABELS[app.home.chosen]}"
    shown = app.problem.replace(f"{config_dir()}/", "config/")  # the screen is small
    lines = tuple(textwrap.wrap(shown, 24))
    return render_message(MessageView(title, lines, "OK back"))


def _game(app: App, now: float) -> Frame:
    assert app.game is not None  # the GAME screen is only entered with a game
    return app.game.frame(now)


def _timer_times(app: App, now: float) -> Frame:
    """One player's turns a page (up/down: the next): count, total, mean, longest, last,
    and the overtime past the flag."""
    glass = app.glass
    times = glass.times
    player = app.times_row
    turns = times.of(player)
    plural = "s" if turns.count != 1 else ""
    lines: tuple[str, ...] = ("no turn yet",)
    if turns.count:
        lines = (f"{turns.count} turn{plural}, total {_seconds_words(turns.total)}",
                 f"avg {_seconds_words(turns.mean)}  long {_seconds_words(turns.longest)}",
                 f"last {_seconds_words(turns.last[-1])}"
                 + (f"  over {_seconds_words(turns.overtime)}" if turns.overtime else ""))
    corner = f"{player + 1}/{times.players}"
    return render_message(MessageView(f"Turns {glass.name(player)} [{corner}]", lines,
                                      "^v player  hold OK: clear"))


def _seconds_words(seconds: float) -> str:
    """A turn's length as the Turn times screen says it: 0:12, 1:03:20 past an hour."""
    whole = round(seconds)
    if whole >= 3600:
        return f"{whole // 3600}:{mm_ss(whole % 3600).zfill(5)}"
    return mm_ss(whole)


RENDERERS: dict[Screen, Callable[[App, float], Frame]] = {
    Screen.RESUME: _resume,
    Screen.KEYMAP: _keymap,
    Screen.HOME: _home,
    Screen.ABOUT: _about,
    Screen.SETTINGS: _settings,
    Screen.TIMER_MENU: _timer_menu,
    Screen.TIMER: _timer,
    Screen.TIMER_TIMES: _timer_times,
    Screen.TIMER_BANKS: _timer_banks,
    Screen.GAME: _game,
    Screen.PROBLEM: _problem,
    Screen.PIN_OFFER: _pin_offer,
    Screen.PIN_OLD: _pin_pad,
    Screen.PIN_NEW: _pin_pad,
    Screen.PIN_AGAIN: _pin_pad,
}
