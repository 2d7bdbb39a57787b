"""The app's menus: what each entry is (an enum key) and how the screen words it."""

from __future__ import annotations

from enum import Enum, StrEnum


class HomeItem(StrEnum):
    """The home menu's entries; a game's value is its name on the link (``game.start``)."""

    FOG = "fog"
    FOGSITE = "fogsite"
    CORPS = "corps"
    TIMER = "timer"
    SETTINGS = "settings"
    ABOUT = "about"


GAME_ITEMS = frozenset({HomeItem.FOG, HomeItem.FOGSITE, HomeItem.CORPS})
HOME_LABELS = {
    HomeItem.FOG: "The FOG",
    HomeItem.FOGSITE: "FOGSITE",
    HomeItem.CORPS: "Corps of Discovery",
    HomeItem.TIMER: "Timer",
    HomeItem.SETTINGS: "Settings",
    HomeItem.ABOUT: "About",
}
# the home menu as drawn, which the link's ``state`` reply also lists
HOME_ITEMS = tuple(HOME_LABELS[item] for item in HomeItem)


class TimerItem(Enum):
    """The rows of the timer's menu."""

    START = "start"
    TIME = "time"
    PLAYERS = "players"
    SOUND = "sound"
    TURN_TIMES = "turn_times"


TIMER_LABELS = {
    TimerItem.START: "Start",
    TimerItem.TIME: "Time",
    TimerItem.PLAYERS: "Players",
    TimerItem.SOUND: "Sound",
    TimerItem.TURN_TIMES: "Turn times",
}
