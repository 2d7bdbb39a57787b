"""The app's menus: what each entry is (an enum key) and how the screen words it."""

from __future__ import annotations

from enum import Enum, StrEnum

from fogkeeper.flow.game import Game


class HomeItem(StrEnum):
    """The home menu's own entries, under the games (which are the rows of ``Game``)."""

    TIMER = "timer"
    SETTINGS = "settings"
    ABOUT = "about"


HomeEntry = Game | HomeItem
# the home menu as drawn: every game of the registry in its order, then the box's own screens
HOME_MENU: tuple[HomeEntry, ...] = (*Game, *HomeItem)
HOME_LABELS: dict[HomeEntry, str] = {
    **{game: game.title for game in Game},
    HomeItem.TIMER: "Timer",
    HomeItem.SETTINGS: "Settings",
    HomeItem.ABOUT: "About",
}
# the home menu's words, which the link's ``state`` reply also lists
HOME_ITEMS = tuple(HOME_LABELS[item] for item in HOME_MENU)


class TimerItem(Enum):
    """The rows of the timer's menu."""

    START = "start"
    MODE = "mode"
    TIME = "time"
    EXTRA = "extra"     # the mode's second number: increment, byo-yomi period
    DETAIL = "detail"   # its third: bank's delay (OK: its kind), byo-yomi's periods (OK: moves)
    FLAG = "flag"       # what a bank at 0:00 does: stop, or count the overtime
    PLAYERS = "players"
    SOUND = "sound"
    TURN_TIMES = "turn_times"


TIMER_LABELS = {
    TimerItem.START: "Start",
    TimerItem.MODE: "Mode",
    TimerItem.TIME: "Time",
    TimerItem.EXTRA: "Extra",
    TimerItem.DETAIL: "More",
    TimerItem.FLAG: "On flag",
    TimerItem.PLAYERS: "Players",
    TimerItem.SOUND: "Sound",
    TimerItem.TURN_TIMES: "Turn times",
}
