"""Corps of Discovery, Fog chapter on the box: the table flow over the pure engine.

Read the table first: every screen is a state, every control a trigger. The answer key is
entered by someone who does not play, sealed with the PIN, and shown only after the end.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from transitions import Machine

from fogkeeper.flow.corps_model import CorpsScreen
from fogkeeper.flow.corps_play import TableActions
from fogkeeper.flow.game import GameContext, LinkArgs, Outcome
from fogkeeper.flow.tables import expand
from fogkeeper.rules import corps
from fogkeeper.ui.draw import Frame

C = CorpsScreen
MENUS = [C.MODE, C.KEY_MENU, C.PICK, C.CHAPTER, C.TRACKER, C.MONSTERS, C.WHY, C.REVIEW]
GRID = [C.BOARD, C.CARRY]
PADS = [C.SEAL_PIN, C.UNSEAL_PIN]
DIRECTIONS = ["up", "down", "left", "right"]
PAD_KEYS = [*DIRECTIONS, "ok", "back"]
NOT_QUIT = [s for s in CorpsScreen if s is not C.QUIT]

TRANSITIONS: list[dict[str, Any]] = [
    # quitting: a long press on B anywhere, then OK to confirm (B stays)
    {"trigger": "hold_back", "source": NOT_QUIT, "dest": C.QUIT, "before": "remember_for_quit"},
    {"trigger": "ok", "source": C.QUIT, "dest": None, "after": "quit_game"},
    {"trigger": "back", "source": C.QUIT, "dest": None, "after": "back_from_quit"},
    {"trigger": "up", "source": MENUS, "dest": None, "after": "menu_up"},
    {"trigger": "down", "source": MENUS, "dest": None, "after": "menu_down"},
    # mode and Map
    {"trigger": "left", "source": C.MODE, "dest": None, "after": "map_down"},
    {"trigger": "right", "source": C.MODE, "dest": None, "after": "map_up"},
    {"trigger": "ok", "source": C.MODE, "dest": C.KEY_MENU, "conditions": "is_chosen_fog",
     "before": "start_fog"},
    {"trigger": "ok", "source": C.MODE, "dest": C.KEY_MENU,
     "conditions": ["is_chosen_notebook", "is_notebook_key_allowed"], "before": "start_notebook"},
    {"trigger": "ok", "source": C.MODE, "dest": C.BOARD, "conditions": "is_chosen_notebook",
     "before": "start_notebook"},
    {"trigger": "ok", "source": C.MODE, "dest": None, "after": "menu_down"},
    # the answer key, by the key holder
    {"trigger": "ok", "source": C.KEY_MENU, "dest": C.KEY_SLOT, "conditions": "is_chosen_joystick",
     "before": "start_key_entry"},
    {"trigger": "ok", "source": C.KEY_MENU, "dest": C.KEY_WAIT, "conditions": "is_chosen_link"},
    {"trigger": "ok", "source": C.KEY_MENU, "dest": C.SEAL_PIN,
     "conditions": ["is_chosen_seal", "has_pin"], "before": "new_pad"},
    {"trigger": "ok", "source": C.KEY_MENU, "dest": C.SEAL_NO_PIN, "conditions": "is_chosen_seal"},
    {"trigger": "ok", "source": C.KEY_MENU, "dest": C.BOARD, "conditions": "is_chosen_no_key"},
    {"trigger": "back", "source": C.KEY_MENU, "dest": C.BOARD, "conditions": "is_board_opened"},
    {"trigger": "back", "source": C.KEY_MENU, "dest": C.MODE},
    {"trigger": "back", "source": C.KEY_WAIT, "dest": C.KEY_MENU},
    {"trigger": "up", "source": C.KEY_SLOT, "dest": None, "after": "key_token_up"},
    {"trigger": "down", "source": C.KEY_SLOT, "dest": None, "after": "key_token_down"},
    {"trigger": "ok", "source": C.KEY_SLOT, "dest": C.SEAL_PIN,
     "conditions": ["is_last_slot", "has_pin"], "before": ["finish_key", "new_pad"]},
    {"trigger": "ok", "source": C.KEY_SLOT, "dest": C.SEAL_NO_PIN, "conditions": "is_last_slot",
     "before": "finish_key"},
    {"trigger": "ok", "source": C.KEY_SLOT, "dest": None, "after": "key_next_slot"},
    {"trigger": ["back", "left"], "source": C.KEY_SLOT, "dest": C.KEY_MENU,
     "conditions": "is_first_slot", "after": "drop_key_entry"},
    {"trigger": ["back", "left"], "source": C.KEY_SLOT, "dest": None, "after": "key_previous_slot"},
    # sealing (and unsealing) with the PIN
    {"trigger": PAD_KEYS, "source": PADS, "dest": None, "after": "pad_input"},
    {"trigger": "pin_right", "source": C.SEAL_PIN, "dest": C.SEALED, "before": "seal_key"},
    {"trigger": "pin_cancel", "source": C.SEAL_PIN, "dest": C.KEY_MENU},
    {"trigger": "ok", "source": C.SEAL_NO_PIN, "dest": C.SEALED, "before": "seal_key"},
    {"trigger": "back", "source": C.SEAL_NO_PIN, "dest": C.KEY_MENU},
    {"trigger": "ok", "source": C.SEALED, "dest": C.BOARD},
    {"trigger": "pin_right", "source": C.UNSEAL_PIN, "dest": C.KEY_MENU, "before": "unseal_key"},
    {"trigger": "pin_cancel", "source": C.UNSEAL_PIN, "dest": C.CHAPTER},
    {"trigger": ["ok", "back"], "source": C.NO_PIN, "dest": C.CHAPTER},
    # the guess board
    {"trigger": DIRECTIONS, "source": GRID, "dest": None, "after": "move_cursor"},
    {"trigger": "ok", "source": C.BOARD, "dest": None, "conditions": "is_on_fixed_water",
     "after": "say_water_fixed"},
    {"trigger": "ok", "source": C.BOARD, "dest": C.PICK, "conditions": "is_on_empty_circle",
     "before": "open_pick"},
    {"trigger": "ok", "source": C.BOARD, "dest": C.CARRY, "before": "pick_up"},
    {"trigger": "back", "source": C.BOARD, "dest": C.CHAPTER},
    {"trigger": "key3", "source": [C.BOARD, C.CHAPTER], "dest": C.TRACKER},
    {"trigger": "ok", "source": C.PICK, "dest": C.BOARD, "before": "place_chosen"},
    {"trigger": "back", "source": C.PICK, "dest": C.BOARD},
    {"trigger": "ok", "source": C.CARRY, "dest": C.BOARD, "conditions": "is_on_carried",
     "before": "put_back"},
    {"trigger": "ok", "source": C.CARRY, "dest": C.BOARD, "conditions": "is_on_free_circle",
     "before": "drop_carried"},
    {"trigger": "ok", "source": C.CARRY, "dest": None, "after": "say_circle_taken"},
    {"trigger": "back", "source": C.CARRY, "dest": C.BOARD, "before": "return_carried"},
    # the chapter menu
    {"trigger": "ok", "source": C.CHAPTER, "dest": C.BOARD, "conditions": "is_chosen_board"},
    {"trigger": "ok", "source": C.CHAPTER, "dest": C.TRACKER, "conditions": "is_chosen_tracker"},
    {"trigger": "ok", "source": C.CHAPTER, "dest": C.WHY, "conditions": "is_chosen_why",
     "before": "remember_for_why"},
    {"trigger": "ok", "source": C.CHAPTER, "dest": C.END_CONFIRM,
     "conditions": ["is_chosen_end", "can_end_now"]},
    {"trigger": "ok", "source": C.CHAPTER, "dest": C.WHY, "conditions": "is_chosen_end",
     "before": "remember_for_why"},
    {"trigger": "ok", "source": C.CHAPTER, "dest": C.UNSEAL_PIN,
     "conditions": ["is_chosen_key_holder", "is_key_sealed", "has_pin"], "before": "new_pad"},
    {"trigger": "ok", "source": C.CHAPTER, "dest": C.NO_PIN,
     "conditions": ["is_chosen_key_holder", "is_key_sealed"]},
    {"trigger": "ok", "source": C.CHAPTER, "dest": C.KEY_MENU,
     "conditions": "is_chosen_key_holder"},
    {"trigger": "back", "source": C.CHAPTER, "dest": C.BOARD},
    {"trigger": ["ok", "back"], "source": C.WHY, "dest": None, "after": "back_from_why"},
    # the chapter tracker
    {"trigger": "ok", "source": C.TRACKER, "dest": C.MONSTERS, "conditions": "is_chosen_monsters"},
    {"trigger": "ok", "source": C.TRACKER, "dest": C.WHY, "conditions": "is_chosen_why",
     "before": "remember_for_why"},
    {"trigger": "ok", "source": C.TRACKER, "dest": None, "after": "tracker_ok"},
    {"trigger": "left", "source": C.TRACKER, "dest": None, "after": "tracker_left"},
    {"trigger": "right", "source": C.TRACKER, "dest": None, "after": "tracker_right"},
    {"trigger": "back", "source": C.TRACKER, "dest": C.CHAPTER},
    {"trigger": "ok", "source": C.MONSTERS, "dest": None, "after": "monster_ok"},
    {"trigger": "right", "source": C.MONSTERS, "dest": None, "after": "monster_dormant"},
    {"trigger": "back", "source": C.MONSTERS, "dest": C.TRACKER},
    # the end: a long press, then the reveal and the verdict
    {"trigger": "hold_ok", "source": C.END_CONFIRM, "dest": C.REVEAL,
     "conditions": ["can_end_now", "has_key"], "before": "end_the_chapter"},
    {"trigger": "hold_ok", "source": C.END_CONFIRM, "dest": C.VERDICT, "conditions": "can_end_now",
     "before": "end_the_chapter"},
    {"trigger": "hold_ok", "source": C.END_CONFIRM, "dest": C.WHY, "before": "remember_for_why"},
    {"trigger": ["ok", "back"], "source": C.END_CONFIRM, "dest": C.CHAPTER},
    {"trigger": "ok", "source": C.REVEAL, "dest": C.VERDICT, "conditions": "is_all_revealed"},
    {"trigger": "ok", "source": C.REVEAL, "dest": None, "conditions": "is_paced_all_at_once",
     "after": "reveal_everything"},
    {"trigger": "ok", "source": C.REVEAL, "dest": None, "after": "reveal_one"},
    {"trigger": "hold_ok", "source": C.REVEAL, "dest": None, "after": "reveal_everything"},
    {"trigger": "reveal_done", "source": C.REVEAL, "dest": C.VERDICT},
    {"trigger": "ok", "source": C.VERDICT, "dest": C.REVIEW, "conditions": "has_key"},
    {"trigger": "back", "source": C.REVIEW, "dest": C.VERDICT},
]


class CorpsFlow(TableActions):
    """The Fog chapter's table flow; ``state`` is the screen, ``chapter`` the engine state."""

    name = "corps"
    title = "Corps of Discovery"
    state: CorpsScreen

    if TYPE_CHECKING:  # transitions attaches these; declared for mypy
        def trigger(self, name: str) -> bool: ...

    def __init__(self, context: GameContext) -> None:
        super().__init__(context)
        self.machine = Machine(model=self, states=list(CorpsScreen),
                               transitions=expand(TRANSITIONS), initial=C.MODE, queued=True,
                               ignore_invalid_triggers=True,
                               after_state_change="on_screen_change")

    # ---- GameFlow ------------------------------------------------------------------------
    def handle(self, trigger: str) -> Outcome:
        self.outcome = Outcome.STAY
        self.note = ""
        self.last_trigger = trigger
        self.trigger(trigger)
        return self.outcome

    def frame(self, now: float) -> Frame:
        from fogkeeper.flow.corps_views import corps_frame

        return corps_frame(self, now)

    def tick(self, now: float) -> None:
        if self.state is not C.REVEAL:  # left the reveal (e.g. to quit): OK there goes on
            self.next_reveal_at = None
        if self.next_reveal_at is None or now < self.next_reveal_at:
            return
        if self.chapter.revealed >= corps.SLOT_COUNT:
            self.next_reveal_at = None
            self.trigger("reveal_done")
        else:
            self.uncover(now)

    def next_deadline(self, now: float) -> float | None:
        return self.next_reveal_at

    def snapshot(self) -> dict[str, Any]:
        from fogkeeper.flow.corps_save import take

        return take(self)

    def restore(self, saved: dict[str, Any]) -> None:
        from fogkeeper.flow.corps_save import put_back

        put_back(self, saved)

    def set_screen(self, screen: CorpsScreen) -> None:
        self.machine.set_state(screen, model=self)

    def public_state(self) -> dict[str, Any]:
        return {**corps.public_view(self.chapter), "screen": self.state.value}

    def command(self, name: str, args: LinkArgs) -> dict[str, Any]:
        from fogkeeper.flow.corps_link import run_command

        return run_command(self, name, args)
