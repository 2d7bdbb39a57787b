"""The app's machine: every screen is a state, every control or link command a trigger.

Read this table first. The loop thread turns each button event into one trigger (and each
link command into a ``link_*`` trigger); nothing else changes this machine, except restoring
a saved session, which puts back the screen it was saved on.
"""

from __future__ import annotations

from enum import StrEnum


class Screen(StrEnum):
    RESUME = "resume"
    KEYMAP = "keymap"
    HOME = "home"
    ABOUT = "about"
    SETTINGS = "settings"
    TIMER_MENU = "timer_menu"
    TIMER = "timer"
    TIMER_TIMES = "timer_times"
    TIMER_BANKS = "timer_banks"  # one bank a player: a handicap
    GAME = "game"
    PROBLEM = "problem"  # a game could not start (its data file is broken): says why
    PIN_OFFER = "pin_offer"  # a game with secrets, and no PIN set: set one now?
    PIN_OLD = "pin_old"      # changing the PIN: the old one first
    PIN_NEW = "pin_new"      # the new PIN
    PIN_AGAIN = "pin_again"  # the new PIN once more


S = Screen
ANY_KEY = ["ok", "back", "up", "down", "left", "right", "key3"]
EVERY_TRIGGER = [*ANY_KEY, "hold_ok", "hold_back", "hold_key3"]
MENUS = [S.HOME, S.SETTINGS, S.TIMER_MENU, S.TIMER_TIMES]  # each keeps its cursor in the session
PIN_PADS = [S.PIN_OLD, S.PIN_NEW, S.PIN_AGAIN]  # their digits are never saved
# the link may act from any screen but the boot offer, which must be answered first
LINK_FREE = [s for s in Screen if s is not S.RESUME]

TRANSITIONS: list[dict[str, object]] = [
    {"trigger": "ok", "source": S.RESUME, "dest": None, "after": "resume_session"},
    {"trigger": "hold_ok", "source": S.RESUME, "dest": S.HOME, "after": "discard_session"},
    {"trigger": ANY_KEY, "source": S.KEYMAP, "dest": S.HOME},
    {"trigger": "up", "source": MENUS, "dest": None, "after": "cursor_up"},
    {"trigger": "down", "source": MENUS, "dest": None, "after": "cursor_down"},
    # OK on the home menu: open_chosen fires the trigger of the entry under the cursor
    {"trigger": "ok", "source": S.HOME, "dest": None, "after": "open_chosen"},
    {"trigger": "open_timer", "source": S.HOME, "dest": S.TIMER_MENU},
    # hold OK on the home menu: the timer as last set, running at once (the link's timer.start)
    {"trigger": "hold_ok", "source": S.HOME, "dest": S.TIMER, "after": "start_glass"},
    {"trigger": "open_settings", "source": S.HOME, "dest": S.SETTINGS},
    {"trigger": "open_about", "source": S.HOME, "dest": S.ABOUT},
    {"trigger": "open_game", "source": [S.HOME, S.PIN_OFFER, *PIN_PADS], "dest": S.GAME},
    # a game with secrets and no PIN: offer to set one there and then (B plays without)
    {"trigger": "offer_pin", "source": S.HOME, "dest": S.PIN_OFFER},
    {"trigger": "ok", "source": S.PIN_OFFER, "dest": S.PIN_NEW, "after": "pin.open_pin_pad"},
    {"trigger": "back", "source": S.PIN_OFFER, "dest": None, "after": "pin.play_without_pin"},
    # Settings > PIN: the old PIN (when one is set), the new one, the new one again
    {"trigger": "change_pin", "source": S.SETTINGS, "dest": S.PIN_OLD, "conditions": "pin.has_pin",
     "after": "pin.open_pin_pad"},
    {"trigger": "change_pin", "source": S.SETTINGS, "dest": S.PIN_NEW, "after": "pin.open_pin_pad"},
    {"trigger": ["up", "down", "left", "right", "ok", "back", "hold_ok"], "source": PIN_PADS,
     "dest": None, "after": "pin.pin_key"},
    {"trigger": "old_pin_right", "source": S.PIN_OLD, "dest": S.PIN_NEW,
     "after": "pin.open_pin_pad"},
    {"trigger": "new_pin_given", "source": S.PIN_NEW, "dest": S.PIN_AGAIN,
     "after": "pin.open_pin_pad"},
    {"trigger": "new_pin_differs", "source": S.PIN_AGAIN, "dest": S.PIN_NEW,
     "after": "pin.open_pin_pad"},
    {"trigger": "pin_pad_closed", "source": PIN_PADS, "dest": S.SETTINGS},
    {"trigger": "game_refused", "source": S.HOME, "dest": S.PROBLEM},
    {"trigger": ["ok", "back", "left"], "source": S.PROBLEM, "dest": S.HOME},
    {"trigger": ["ok", "back", "left"], "source": S.ABOUT, "dest": S.HOME},
    {"trigger": "left", "source": S.SETTINGS, "dest": None, "after": "setting_down"},
    {"trigger": ["right", "ok"], "source": S.SETTINGS, "dest": None, "after": "setting_up"},
    {"trigger": "back", "source": [S.SETTINGS, S.TIMER_MENU], "dest": S.HOME},
    # OK on the timer menu: Start and Turn times open their screens, the others change a value
    {"trigger": "ok", "source": S.TIMER_MENU, "dest": None, "after": "clock_menu.menu_ok"},
    {"trigger": "start_timer", "source": S.TIMER_MENU, "dest": S.TIMER, "after": "start_glass"},
    {"trigger": "show_times", "source": S.TIMER_MENU, "dest": S.TIMER_TIMES},
    # OK on Bank: every player's own bank (a handicap); hold OK makes them even again
    {"trigger": "show_banks", "source": S.TIMER_MENU, "dest": S.TIMER_BANKS},
    # its player row is Turn times' (one cursor for the screens of one player a row)
    {"trigger": "up", "source": S.TIMER_BANKS, "dest": None, "after": "cursor_up"},
    {"trigger": "down", "source": S.TIMER_BANKS, "dest": None, "after": "cursor_down"},
    {"trigger": "left", "source": S.TIMER_BANKS, "dest": None, "after": "clock_menu.bank_down"},
    {"trigger": "right", "source": S.TIMER_BANKS, "dest": None, "after": "clock_menu.bank_up"},
    {"trigger": "hold_ok", "source": S.TIMER_BANKS, "dest": None, "after": "clock_menu.even_banks"},
    {"trigger": ["back", "ok"], "source": S.TIMER_BANKS, "dest": S.TIMER_MENU},
    {"trigger": "left", "source": S.TIMER_MENU, "dest": None, "after": "clock_menu.option_down"},
    {"trigger": "right", "source": S.TIMER_MENU, "dest": None, "after": "clock_menu.option_up"},
    {"trigger": "ok", "source": S.TIMER, "dest": None, "after": "toggle_glass"},
    {"trigger": "back", "source": S.TIMER, "dest": None, "after": "next_player"},
    {"trigger": "hold_back", "source": S.TIMER, "dest": None, "after": "undo_switch"},
    {"trigger": ["hold_ok", "link_timer_reset"], "source": S.TIMER, "dest": S.TIMER_MENU,
     "after": "reset_glass"},
    {"trigger": "left", "source": S.TIMER, "dest": S.TIMER_MENU, "conditions": "is_glass_still"},
    {"trigger": ["back", "left"], "source": S.TIMER_TIMES, "dest": S.TIMER_MENU},
    {"trigger": "hold_ok", "source": S.TIMER_TIMES, "dest": None, "after": "clear_times"},
    # a running game gets every control; it says when it is over
    {"trigger": EVERY_TRIGGER, "source": S.GAME, "dest": None, "after": "game_input"},
    {"trigger": "game_over", "source": S.GAME, "dest": S.HOME, "after": "end_game"},
    {"trigger": "go_home", "source": "*", "dest": S.HOME},
    # the host link's commands (app/commands.py): the buttons' actions, from any free screen
    {"trigger": "link_timer_start", "source": LINK_FREE, "dest": S.TIMER, "after": "start_glass"},
    {"trigger": "link_timer_next", "source": LINK_FREE, "dest": S.TIMER, "after": "next_player"},
    {"trigger": "link_timer_undo", "source": LINK_FREE, "dest": S.TIMER, "after": "undo_switch"},
    {"trigger": "link_timer_reset", "source": [s for s in LINK_FREE if s is not S.TIMER],
     "dest": None, "after": "reset_glass"},
    {"trigger": "link_game_start", "source": [s for s in LINK_FREE if s is not S.GAME],
     "dest": S.GAME},
]
