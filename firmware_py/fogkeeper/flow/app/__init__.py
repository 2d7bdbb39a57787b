"""The box's own flow: boot offer, home menu, timer screens, settings, about."""

from fogkeeper.flow.app.menus import HOME_ITEMS, HomeItem, TimerItem
from fogkeeper.flow.app.model import App, Effects
from fogkeeper.flow.app.table import MENUS, TRANSITIONS, Screen

__all__ = ["HOME_ITEMS", "MENUS", "TRANSITIONS", "App", "Effects", "HomeItem", "Screen",
           "TimerItem"]
