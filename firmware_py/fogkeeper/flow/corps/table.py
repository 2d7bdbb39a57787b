"""The Corps table: every screen (``CorpsScreen``) and every screen change (``TRANSITIONS``).

Read it first. A row's trigger is a control, or is named by what happened (``key_sealed``:
corps.key sealed it over the link). A row that does work names it ``part.method``: one of
the flow's parts (``mode.py``, ``keyholder.py``, ``board.py``, ``tracker.py``, ``end.py``,
``asides.py``, ``menus.py``), bound when the flow builds its machine; a name that is no
part's method stops the build. Menu choices are plain code in the parts that fires the
table's named triggers, as the link does (``link.py``).
"""

from __future__ import annotations

from collections.abc import Mapping

from fogkeeper.flow.corps.session import CorpsScreen

C = CorpsScreen
MENUS = [C.MODE, C.KEY_MENU, C.PICK, C.CHAPTER, C.TRACKER, C.MONSTERS, C.WHY, C.REVIEW]
GRID = [C.BOARD, C.CARRY]
PADS = [C.SEAL_PIN, C.UNSEAL_PIN]
DIRECTIONS = ["up", "down", "left", "right"]
PAD_KEYS = [*DIRECTIONS, "ok", "back"]
NOT_QUIT = [s for s in CorpsScreen if s is not C.QUIT]
WHY_FROM = [C.CHAPTER, C.TRACKER, C.END_CONFIRM]
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
    {"trigger": "hold_back", "source": NOT_QUIT, "dest": C.QUIT,
     "before": "asides.remember_for_quit"},
    {"trigger": "ok", "source": C.QUIT, "dest": None, "after": "asides.quit_game"},
    {"trigger": "back", "source": C.QUIT, "dest": None, "after": "asides.back_from_quit"},
    *({"trigger": f"back_to_{s.value}", "source": C.QUIT, "dest": s} for s in NOT_QUIT),
    # every menu: up/down move the cursor, OK runs the chosen row (in its part)
    {"trigger": ["up", "down"], "source": MENUS, "dest": None, "after": "menus.move"},
    # mode and Map
    {"trigger": ["left", "right"], "source": C.MODE, "dest": None, "after": "mode.change_map"},
    {"trigger": "ok", "source": C.MODE, "dest": None, "after": "mode.choose"},
    {"trigger": "give_key", "source": [C.MODE, C.CHAPTER], "dest": C.KEY_MENU},
    {"trigger": "open_board", "source": [C.MODE, C.KEY_MENU, C.CHAPTER], "dest": C.BOARD},
    # the answer key, by the key holder
    {"trigger": "ok", "source": C.KEY_MENU, "dest": None, "after": "key_holder.choose_way"},
    {"trigger": "enter_on_joystick", "source": C.KEY_MENU, "dest": C.KEY_SLOT,
     "before": "key_holder.start_entry"},
    {"trigger": "wait_for_link", "source": C.KEY_MENU, "dest": C.KEY_WAIT},
    {"trigger": "ask_pin_to_seal", "source": [C.KEY_MENU, C.KEY_SLOT], "dest": C.SEAL_PIN,
     "before": "key_holder.new_seal_pad"},
    {"trigger": "seal_without_pin", "source": [C.KEY_MENU, C.KEY_SLOT], "dest": C.SEAL_NO_PIN},
    {"trigger": "back", "source": C.KEY_MENU, "dest": None, "after": "key_holder.leave_menu"},
    {"trigger": "back_to_mode", "source": C.KEY_MENU, "dest": C.MODE},
    {"trigger": "back", "source": C.KEY_WAIT, "dest": C.KEY_MENU},
    {"trigger": ["up", "down"], "source": C.KEY_SLOT, "dest": None,
     "after": "key_holder.step_token"},
    {"trigger": "ok", "source": C.KEY_SLOT, "dest": None, "after": "key_holder.confirm_slot"},
    {"trigger": ["back", "left"], "source": C.KEY_SLOT, "dest": None,
     "after": "key_holder.previous_slot"},
    {"trigger": "drop_key_entry", "source": C.KEY_SLOT, "dest": C.KEY_MENU},
    # sealing (and unsealing) with the PIN; the pad says right, wrong or cancel
    {"trigger": PAD_KEYS, "source": PADS, "dest": None, "after": "key_holder.pad_input"},
    {"trigger": "pin_right", "source": C.SEAL_PIN, "dest": C.SEALED, "before": "key_holder.seal"},
    {"trigger": "pin_cancel", "source": C.SEAL_PIN, "dest": C.KEY_MENU},
    {"trigger": "ok", "source": C.SEAL_NO_PIN, "dest": C.SEALED, "before": "key_holder.seal"},
    {"trigger": "back", "source": C.SEAL_NO_PIN, "dest": C.KEY_MENU},
    {"trigger": "key_sealed", "source": KEY_SCREENS, "dest": C.SEALED,
     "before": "key_holder.forget_entry"},  # corps.key sealed it over the link
    {"trigger": "ok", "source": C.SEALED, "dest": C.BOARD},
    {"trigger": "ask_pin_to_unseal", "source": C.CHAPTER, "dest": C.UNSEAL_PIN,
     "before": "key_holder.new_unseal_pad"},
    {"trigger": "pin_right", "source": C.UNSEAL_PIN, "dest": C.KEY_MENU,
     "before": "key_holder.unseal"},
    {"trigger": "pin_cancel", "source": C.UNSEAL_PIN, "dest": C.CHAPTER},
    {"trigger": "say_no_pin", "source": C.CHAPTER, "dest": C.NO_PIN},
    {"trigger": ["ok", "back"], "source": C.NO_PIN, "dest": C.CHAPTER},
    # the guess board
    {"trigger": DIRECTIONS, "source": GRID, "dest": None, "after": "board.move_cursor"},
    {"trigger": "ok", "source": C.BOARD, "dest": None, "after": "board.ok"},
    {"trigger": "pick_token", "source": C.BOARD, "dest": C.PICK},
    {"trigger": "take_token", "source": C.BOARD, "dest": C.CARRY},
    {"trigger": "back", "source": C.BOARD, "dest": C.CHAPTER},
    {"trigger": "key3", "source": [C.BOARD, C.CHAPTER], "dest": C.TRACKER},
    {"trigger": "ok", "source": C.PICK, "dest": C.BOARD, "before": "board.place_chosen"},
    {"trigger": "back", "source": C.PICK, "dest": C.BOARD},
    {"trigger": "ok", "source": C.CARRY, "dest": None, "after": "board.carry_ok"},
    {"trigger": "put_down", "source": C.CARRY, "dest": C.BOARD},
    {"trigger": "back", "source": C.CARRY, "dest": C.BOARD, "before": "board.return_carried"},
    {"trigger": "board_changed", "source": [C.PICK, C.CARRY], "dest": C.BOARD,
     "before": "board.drop_hand"},  # corps.guess changed the board under the cursor
    # the chapter menu and "can we end?"
    {"trigger": "ok", "source": C.CHAPTER, "dest": None, "after": "tracker.chapter_ok"},
    {"trigger": "back", "source": C.CHAPTER, "dest": C.BOARD},
    {"trigger": "open_tracker", "source": C.CHAPTER, "dest": C.TRACKER},
    {"trigger": "ask_why", "source": WHY_FROM, "dest": C.WHY, "before": "asides.remember_for_why"},
    {"trigger": ["ok", "back"], "source": C.WHY, "dest": None, "after": "asides.back_from_why"},
    *({"trigger": f"back_to_{s.value}", "source": C.WHY, "dest": s} for s in WHY_FROM),
    {"trigger": "ask_to_end", "source": C.CHAPTER, "dest": C.END_CONFIRM},
    {"trigger": "ask_to_lose", "source": C.CHAPTER, "dest": C.LOSE_CONFIRM},
    {"trigger": "hold_ok", "source": C.LOSE_CONFIRM, "dest": None, "after": "end.lose_now"},
    {"trigger": ["ok", "back"], "source": C.LOSE_CONFIRM, "dest": C.CHAPTER},
    # the chapter tracker
    {"trigger": "ok", "source": C.TRACKER, "dest": None, "after": "tracker.ok"},
    {"trigger": ["left", "right"], "source": C.TRACKER, "dest": None, "after": "tracker.step"},
    {"trigger": "open_monsters", "source": C.TRACKER, "dest": C.MONSTERS},
    {"trigger": "back", "source": C.TRACKER, "dest": C.CHAPTER},
    {"trigger": "ok", "source": C.MONSTERS, "dest": None, "after": "tracker.monster_ok"},
    {"trigger": "right", "source": C.MONSTERS, "dest": None, "after": "tracker.monster_asleep"},
    {"trigger": "back", "source": C.MONSTERS, "dest": C.TRACKER},
    # the end: a long press, then the reveal and the verdict (corps.end/lose end it too)
    {"trigger": "hold_ok", "source": C.END_CONFIRM, "dest": None, "after": "end.end_now"},
    {"trigger": ["ok", "back"], "source": C.END_CONFIRM, "dest": C.CHAPTER},
    {"trigger": "reveal_begins", "source": PLAYING, "dest": C.REVEAL},
    {"trigger": "nothing_to_reveal", "source": [s for s in PLAYING if s not in WITH_KEY],
     "dest": C.VERDICT},
    {"trigger": "ok", "source": C.REVEAL, "dest": None, "after": "end.reveal_ok"},
    {"trigger": "hold_ok", "source": C.REVEAL, "dest": None, "after": "end.reveal_everything"},
    {"trigger": "reveal_done", "source": [C.REVEAL, C.REVIEW, C.QUIT], "dest": C.VERDICT},
    {"trigger": "ok", "source": C.VERDICT, "dest": C.REVIEW, "conditions": "end.has_key"},
    {"trigger": "back", "source": C.REVIEW, "dest": C.VERDICT},
]
