"""The Corps table: every screen (``CorpsScreen``) and every screen change (``TRANSITIONS``).

Read it first. A row's trigger is a control, or is named by what happened (``key_sealed``:
corps.key sealed it over the link); each is a member of ``Go``, declared once, so a misspelt
trigger is a mypy error. A row that does work names it ``part.method``: one of
the flow's parts (``mode.py``, ``keyholder.py``, ``board.py``, ``tracker.py``, ``end.py``,
``asides.py``, ``menus.py``), bound when the flow builds its machine; a name that is no
part's method stops the build. Menu choices are plain code in the parts that fires the
table's named triggers, as the link does (``link.py``).
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum

from fogkeeper.flow.corps.session import CorpsScreen


class Go(StrEnum):
    """Every trigger of the table, declared once: the rows and every call that fires one name
    these members, so a misspelt trigger is a mypy error and not a row that never fires."""

    # the controls, as the box hands them to ``CorpsFlow.handle``
    UP = "up"
    DOWN = "down"
    LEFT = "left"
    RIGHT = "right"
    OK = "ok"
    BACK = "back"
    HOLD_OK = "hold_ok"
    HOLD_BACK = "hold_back"
    KEY3 = "key3"
    # the mode and the key holder (mode.py, keyholder.py; key_sealed: corps.key, link.py)
    GIVE_KEY = "give_key"
    OPEN_BOARD = "open_board"
    ENTER_ON_JOYSTICK = "enter_on_joystick"
    WAIT_FOR_LINK = "wait_for_link"
    DROP_KEY_ENTRY = "drop_key_entry"
    ASK_PIN_TO_SEAL = "ask_pin_to_seal"
    SEAL_WITHOUT_PIN = "seal_without_pin"
    PIN_RIGHT = "pin_right"
    PIN_CANCEL = "pin_cancel"
    KEY_SEALED = "key_sealed"
    ASK_PIN_TO_UNSEAL = "ask_pin_to_unseal"
    SAY_NO_PIN = "say_no_pin"
    # the board (board.py; board_changed: corps.guess)
    PICK_TOKEN = "pick_token"
    TAKE_TOKEN = "take_token"
    PUT_DOWN = "put_down"
    BOARD_CHANGED = "board_changed"
    # the chapter menu and the tracker (tracker.py)
    OPEN_TRACKER = "open_tracker"
    OPEN_MONSTERS = "open_monsters"
    NAME_TERRAIN = "name_terrain"
    ASK_WHY = "ask_why"
    OPEN_SETUP = "open_setup"
    ASK_TO_END = "ask_to_end"
    ASK_TO_LOSE = "ask_to_lose"
    # the end (end.py; corps.end, corps.lose and corps.reveal too)
    REVEAL_BEGINS = "reveal_begins"
    NOTHING_TO_REVEAL = "nothing_to_reveal"
    REVEAL_DONE = "reveal_done"
    # back where an aside was asked (asides.py), one a screen: see BACK_TO
    BACK_TO_MODE = "back_to_mode"
    BACK_TO_KEY_MENU = "back_to_key_menu"
    BACK_TO_KEY_SLOT = "back_to_key_slot"
    BACK_TO_KEY_WAIT = "back_to_key_wait"
    BACK_TO_SEAL_PIN = "back_to_seal_pin"
    BACK_TO_SEAL_NO_PIN = "back_to_seal_no_pin"
    BACK_TO_SEALED = "back_to_sealed"
    BACK_TO_BOARD = "back_to_board"
    BACK_TO_PICK = "back_to_pick"
    BACK_TO_CARRY = "back_to_carry"
    BACK_TO_CHAPTER = "back_to_chapter"
    BACK_TO_TRACKER = "back_to_tracker"
    BACK_TO_MONSTERS = "back_to_monsters"
    BACK_TO_TERRAIN = "back_to_terrain"
    BACK_TO_WHY = "back_to_why"
    BACK_TO_SETUP = "back_to_setup"
    BACK_TO_END_CONFIRM = "back_to_end_confirm"
    BACK_TO_LOSE_CONFIRM = "back_to_lose_confirm"
    BACK_TO_REVEAL = "back_to_reveal"
    BACK_TO_VERDICT = "back_to_verdict"
    BACK_TO_REVIEW = "back_to_review"
    BACK_TO_UNSEAL_PIN = "back_to_unseal_pin"
    BACK_TO_NO_PIN = "back_to_no_pin"


C = CorpsScreen
MENUS = [C.MODE, C.KEY_MENU, C.PICK, C.CHAPTER, C.TRACKER, C.MONSTERS, C.TERRAIN, C.WHY,
         C.SETUP, C.REVIEW]
GRID = [C.BOARD, C.CARRY]
PADS = [C.SEAL_PIN, C.UNSEAL_PIN]
DIRECTIONS = [Go.UP, Go.DOWN, Go.LEFT, Go.RIGHT]
PAD_KEYS = [*DIRECTIONS, Go.OK, Go.BACK]
NOT_QUIT = [s for s in CorpsScreen if s is not C.QUIT]
WHY_FROM = [C.CHAPTER, C.TRACKER, C.END_CONFIRM]
# the way back to each screen an aside can interrupt (a Go member, or the import fails)
BACK_TO: dict[CorpsScreen, Go] = {s: Go(f"back_to_{s.value}") for s in NOT_QUIT}
# screens the table reaches before the board opens: a key arriving over the link moves on
KEY_SCREENS = [C.MODE, C.KEY_MENU, C.KEY_SLOT, C.KEY_WAIT, C.SEAL_PIN, C.SEAL_NO_PIN]
AFTER_END = [C.REVEAL, C.VERDICT, C.REVIEW]
PLAYING = [s for s in CorpsScreen if s not in AFTER_END]
# screens that are only ever shown with a key entered
WITH_KEY = [C.SEAL_PIN, C.SEAL_NO_PIN, C.SEALED, C.UNSEAL_PIN, C.NO_PIN]
# after every screen change (an internal row too): the board, once shown, is where B goes
AFTER_SCREEN_CHANGE = "board.note_opened"

TRANSITIONS: list[Mapping[str, object]] = [
    # quitting: a long press on B anywhere, then OK to confirm; B goes back where it was
    {"trigger": Go.HOLD_BACK, "source": NOT_QUIT, "dest": C.QUIT,
     "before": "asides.remember_for_quit"},
    {"trigger": Go.OK, "source": C.QUIT, "dest": None, "after": "asides.quit_game"},
    {"trigger": Go.BACK, "source": C.QUIT, "dest": None, "after": "asides.back_from_quit"},
    *({"trigger": BACK_TO[s], "source": C.QUIT, "dest": s} for s in NOT_QUIT),
    # every menu: up/down move the cursor, OK runs the chosen row (in its part)
    {"trigger": [Go.UP, Go.DOWN], "source": MENUS, "dest": None, "after": "menus.move"},
    # mode and Map
    {"trigger": [Go.LEFT, Go.RIGHT], "source": C.MODE, "dest": None, "after": "mode.change_map"},
    {"trigger": Go.OK, "source": C.MODE, "dest": None, "after": "mode.choose"},
    {"trigger": Go.GIVE_KEY, "source": [C.MODE, C.CHAPTER], "dest": C.KEY_MENU},
    # the first time the board would open, the chapter's setup shows first (OK: the board)
    {"trigger": Go.OPEN_BOARD, "source": [C.MODE, C.KEY_MENU], "dest": C.SETUP,
     "unless": "board.opened_before"},
    {"trigger": Go.OPEN_BOARD, "source": [C.MODE, C.KEY_MENU, C.CHAPTER], "dest": C.BOARD},
    # the answer key, by the key holder
    {"trigger": Go.OK, "source": C.KEY_MENU, "dest": None, "after": "key_holder.choose_way"},
    {"trigger": Go.ENTER_ON_JOYSTICK, "source": C.KEY_MENU, "dest": C.KEY_SLOT,
     "before": "key_holder.start_entry"},
    {"trigger": Go.WAIT_FOR_LINK, "source": C.KEY_MENU, "dest": C.KEY_WAIT},
    {"trigger": Go.ASK_PIN_TO_SEAL, "source": [C.KEY_MENU, C.KEY_SLOT], "dest": C.SEAL_PIN,
     "before": "key_holder.new_seal_pad"},
    {"trigger": Go.SEAL_WITHOUT_PIN, "source": [C.KEY_MENU, C.KEY_SLOT], "dest": C.SEAL_NO_PIN},
    {"trigger": Go.BACK, "source": C.KEY_MENU, "dest": None, "after": "key_holder.leave_menu"},
    {"trigger": Go.BACK_TO_MODE, "source": C.KEY_MENU, "dest": C.MODE},
    {"trigger": Go.BACK, "source": C.KEY_WAIT, "dest": C.KEY_MENU},
    # a circle's token on a wheel of those still free: up/down one, left/right three
    {"trigger": [Go.UP, Go.DOWN, Go.LEFT, Go.RIGHT], "source": C.KEY_SLOT, "dest": None,
     "after": "key_holder.step_token"},
    {"trigger": Go.OK, "source": C.KEY_SLOT, "dest": None, "after": "key_holder.confirm_slot"},
    {"trigger": Go.BACK, "source": C.KEY_SLOT, "dest": None, "after": "key_holder.previous_slot"},
    {"trigger": Go.DROP_KEY_ENTRY, "source": C.KEY_SLOT, "dest": C.KEY_MENU},
    # sealing (and unsealing) with the PIN; the pad says right, wrong or cancel
    {"trigger": PAD_KEYS, "source": PADS, "dest": None, "after": "key_holder.pad_input"},
    {"trigger": Go.PIN_RIGHT, "source": C.SEAL_PIN, "dest": C.SEALED, "before": "key_holder.seal"},
    {"trigger": Go.PIN_CANCEL, "source": C.SEAL_PIN, "dest": C.KEY_MENU},
    {"trigger": Go.OK, "source": C.SEAL_NO_PIN, "dest": C.SEALED, "before": "key_holder.seal"},
    {"trigger": Go.BACK, "source": C.SEAL_NO_PIN, "dest": C.KEY_MENU},
    {"trigger": Go.KEY_SEALED, "source": KEY_SCREENS, "dest": C.SEALED,
     "before": "key_holder.forget_entry"},  # corps.key sealed it over the link
    {"trigger": Go.OK, "source": C.SEALED, "dest": C.SETUP, "unless": "board.opened_before"},
    {"trigger": Go.OK, "source": C.SEALED, "dest": C.BOARD},
    {"trigger": Go.ASK_PIN_TO_UNSEAL, "source": C.CHAPTER, "dest": C.UNSEAL_PIN,
     "before": "key_holder.new_unseal_pad"},
    {"trigger": Go.PIN_RIGHT, "source": C.UNSEAL_PIN, "dest": C.KEY_MENU,
     "before": "key_holder.unseal"},
    {"trigger": Go.PIN_CANCEL, "source": C.UNSEAL_PIN, "dest": C.CHAPTER},
    {"trigger": Go.SAY_NO_PIN, "source": C.CHAPTER, "dest": C.NO_PIN},
    {"trigger": [Go.OK, Go.BACK], "source": C.NO_PIN, "dest": C.CHAPTER},
    # the guess board
    {"trigger": DIRECTIONS, "source": GRID, "dest": None, "after": "board.move_cursor"},
    {"trigger": Go.OK, "source": C.BOARD, "dest": None, "after": "board.ok"},
    {"trigger": Go.PICK_TOKEN, "source": C.BOARD, "dest": C.PICK},
    {"trigger": Go.TAKE_TOKEN, "source": C.BOARD, "dest": C.CARRY},
    {"trigger": Go.BACK, "source": C.BOARD, "dest": C.CHAPTER},
    {"trigger": Go.KEY3, "source": [C.BOARD, C.CHAPTER], "dest": C.TRACKER},
    {"trigger": Go.OK, "source": C.PICK, "dest": C.BOARD, "before": "board.place_chosen"},
    {"trigger": Go.BACK, "source": C.PICK, "dest": C.BOARD},
    {"trigger": Go.OK, "source": C.CARRY, "dest": None, "after": "board.carry_ok"},
    {"trigger": Go.PUT_DOWN, "source": C.CARRY, "dest": C.BOARD},
    {"trigger": Go.BACK, "source": C.CARRY, "dest": C.BOARD, "before": "board.return_carried"},
    {"trigger": Go.BOARD_CHANGED, "source": [C.PICK, C.CARRY], "dest": C.BOARD,
     "before": "board.drop_hand"},  # corps.guess changed the board under the cursor
    # the chapter menu and "can we end?"
    {"trigger": Go.OK, "source": C.CHAPTER, "dest": None, "after": "tracker.chapter_ok"},
    {"trigger": Go.BACK, "source": C.CHAPTER, "dest": C.BOARD},
    {"trigger": Go.OPEN_TRACKER, "source": C.CHAPTER, "dest": C.TRACKER},
    {"trigger": Go.ASK_WHY, "source": WHY_FROM, "dest": C.WHY, "before": "asides.remember_for_why"},
    {"trigger": [Go.OK, Go.BACK], "source": C.WHY, "dest": None, "after": "asides.back_from_why"},
    *({"trigger": BACK_TO[s], "source": C.WHY, "dest": s} for s in WHY_FROM),
    # the chapter's setup: shown before the board first opens, then to read again at any
    # time from the chapter menu (nothing on it changes the game)
    {"trigger": [Go.OK, Go.BACK, Go.LEFT], "source": C.SETUP, "dest": C.BOARD,
     "unless": "board.opened_before"},
    {"trigger": Go.OPEN_SETUP, "source": C.CHAPTER, "dest": C.SETUP},
    {"trigger": [Go.OK, Go.BACK, Go.LEFT], "source": C.SETUP, "dest": C.CHAPTER},
    {"trigger": Go.ASK_TO_END, "source": C.CHAPTER, "dest": C.END_CONFIRM},
    {"trigger": Go.ASK_TO_LOSE, "source": C.CHAPTER, "dest": C.LOSE_CONFIRM},
    {"trigger": Go.HOLD_OK, "source": C.LOSE_CONFIRM, "dest": None, "after": "end.lose_now"},
    {"trigger": [Go.OK, Go.BACK], "source": C.LOSE_CONFIRM, "dest": C.CHAPTER},
    # the chapter tracker
    {"trigger": Go.OK, "source": C.TRACKER, "dest": None, "after": "tracker.ok"},
    {"trigger": [Go.LEFT, Go.RIGHT], "source": C.TRACKER, "dest": None, "after": "tracker.step"},
    {"trigger": Go.OPEN_MONSTERS, "source": C.TRACKER, "dest": C.MONSTERS},
    {"trigger": Go.BACK, "source": C.TRACKER, "dest": C.CHAPTER},
    {"trigger": Go.OK, "source": C.MONSTERS, "dest": None, "after": "tracker.monster_ok"},
    {"trigger": Go.RIGHT, "source": C.MONSTERS, "dest": None, "after": "tracker.monster_asleep"},
    {"trigger": Go.BACK, "source": C.MONSTERS, "dest": C.TRACKER},
    # a card turning face up: the Terrain printed on it, from a list (as corps.track's terrain)
    {"trigger": Go.NAME_TERRAIN, "source": C.MONSTERS, "dest": C.TERRAIN},
    {"trigger": Go.OK, "source": C.TERRAIN, "dest": C.MONSTERS, "before": "tracker.terrain_ok"},
    {"trigger": Go.BACK, "source": C.TERRAIN, "dest": C.MONSTERS},
    # the end: a long press, then the reveal and the verdict (corps.end/lose end it too)
    {"trigger": Go.HOLD_OK, "source": C.END_CONFIRM, "dest": None, "after": "end.end_now"},
    {"trigger": [Go.OK, Go.BACK], "source": C.END_CONFIRM, "dest": C.CHAPTER},
    {"trigger": Go.REVEAL_BEGINS, "source": PLAYING, "dest": C.REVEAL},
    {"trigger": Go.NOTHING_TO_REVEAL, "source": [s for s in PLAYING if s not in WITH_KEY],
     "dest": C.VERDICT},
    {"trigger": Go.OK, "source": C.REVEAL, "dest": None, "after": "end.reveal_ok"},
    {"trigger": Go.HOLD_OK, "source": C.REVEAL, "dest": None, "after": "end.reveal_everything"},
    {"trigger": Go.REVEAL_DONE, "source": C.REVEAL, "dest": C.VERDICT,
     "after": "end.sound_verdict"},   # the outcome heard as the verdict first shows
    {"trigger": Go.REVEAL_DONE, "source": [C.REVIEW, C.QUIT], "dest": C.VERDICT},
    {"trigger": Go.OK, "source": C.VERDICT, "dest": C.REVIEW, "conditions": "end.has_key"},
    {"trigger": Go.BACK, "source": C.REVIEW, "dest": C.VERDICT},
]
