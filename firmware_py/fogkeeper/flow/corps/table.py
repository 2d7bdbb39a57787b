"""The Corps table: every screen a state, every control a trigger; the actions below it.

Menu choices are plain code that fires the table's named triggers, as the link does.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from enum import Enum
from typing import TYPE_CHECKING, TypeVar

from transitions import Machine

from fogkeeper.data.corps import load_corps_options
from fogkeeper.errors import ConfigError
from fogkeeper.flow.corps import chapter, key_entry, link, reveal
from fogkeeper.flow.corps.chapter import ChapterItem, ModeItem, TrackerItem
from fogkeeper.flow.corps.key_entry import KeyWay
from fogkeeper.flow.corps.session import CorpsScreen, CorpsSession
from fogkeeper.flow.game import GameContext, Outcome
from fogkeeper.flow.kit import session as session_codec
from fogkeeper.flow.kit.link import GameCommands
from fogkeeper.flow.kit.menu import Menu
from fogkeeper.flow.kit.pin import PinAnswer, PinPad
from fogkeeper.flow.kit.session import SessionError
from fogkeeper.flow.tables import expand
from fogkeeper.rules import corps
from fogkeeper.ui.draw import Frame

C = CorpsScreen
SAVE_VERSION = 2  # 1: before the typed session; such a save is refused with this message
K = TypeVar("K", bound=Enum)
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
log = logging.getLogger(__name__)

TRANSITIONS: list[Mapping[str, object]] = [
    # quitting: a long press on B anywhere, then OK to confirm; B goes back where it was
    {"trigger": "hold_back", "source": NOT_QUIT, "dest": C.QUIT, "before": "remember_for_quit"},
    {"trigger": "ok", "source": C.QUIT, "dest": None, "after": "quit_game"},
    {"trigger": "back", "source": C.QUIT, "dest": None, "after": "back_from_quit"},
    *({"trigger": f"back_to_{s.value}", "source": C.QUIT, "dest": s} for s in NOT_QUIT),
    # every menu: up/down move the cursor, OK runs the chosen row (choose_* below)
    {"trigger": ["up", "down"], "source": MENUS, "dest": None, "after": "move_in_menu"},
    # mode and Map
    {"trigger": ["left", "right"], "source": C.MODE, "dest": None, "after": "change_map"},
    {"trigger": "ok", "source": C.MODE, "dest": None, "after": "choose_mode"},
    {"trigger": "give_key", "source": [C.MODE, C.CHAPTER], "dest": C.KEY_MENU},
    {"trigger": "open_board", "source": [C.MODE, C.KEY_MENU, C.CHAPTER], "dest": C.BOARD},
    # the answer key, by the key holder
    {"trigger": "ok", "source": C.KEY_MENU, "dest": None, "after": "choose_key_way"},
    {"trigger": "enter_on_joystick", "source": C.KEY_MENU, "dest": C.KEY_SLOT,
     "before": "start_key_entry"},
    {"trigger": "wait_for_link", "source": C.KEY_MENU, "dest": C.KEY_WAIT},
    {"trigger": "ask_pin_to_seal", "source": [C.KEY_MENU, C.KEY_SLOT], "dest": C.SEAL_PIN,
     "before": "new_seal_pad"},
    {"trigger": "seal_without_pin", "source": [C.KEY_MENU, C.KEY_SLOT], "dest": C.SEAL_NO_PIN},
    {"trigger": "back", "source": C.KEY_MENU, "dest": None, "after": "leave_key_menu"},
    {"trigger": "back_to_mode", "source": C.KEY_MENU, "dest": C.MODE},
    {"trigger": "back", "source": C.KEY_WAIT, "dest": C.KEY_MENU},
    {"trigger": ["up", "down"], "source": C.KEY_SLOT, "dest": None, "after": "step_key_token"},
    {"trigger": "ok", "source": C.KEY_SLOT, "dest": None, "after": "confirm_key_slot"},
    {"trigger": ["back", "left"], "source": C.KEY_SLOT, "dest": None,
     "after": "previous_key_slot"},
    {"trigger": "drop_key_entry", "source": C.KEY_SLOT, "dest": C.KEY_MENU},
    # sealing (and unsealing) with the PIN; the pad says right, wrong or cancel
    {"trigger": PAD_KEYS, "source": PADS, "dest": None, "after": "pad_input"},
    {"trigger": "pin_right", "source": C.SEAL_PIN, "dest": C.SEALED, "before": "seal_key"},
    {"trigger": "pin_cancel", "source": C.SEAL_PIN, "dest": C.KEY_MENU},
    {"trigger": "ok", "source": C.SEAL_NO_PIN, "dest": C.SEALED, "before": "seal_key"},
    {"trigger": "back", "source": C.SEAL_NO_PIN, "dest": C.KEY_MENU},
    {"trigger": "key_sealed", "source": KEY_SCREENS, "dest": C.SEALED,
     "before": "forget_key_entry"},  # corps.key sealed it over the link
    {"trigger": "ok", "source": C.SEALED, "dest": C.BOARD},
    {"trigger": "ask_pin_to_unseal", "source": C.CHAPTER, "dest": C.UNSEAL_PIN,
     "before": "new_unseal_pad"},
    {"trigger": "pin_right", "source": C.UNSEAL_PIN, "dest": C.KEY_MENU, "before": "unseal_key"},
    {"trigger": "pin_cancel", "source": C.UNSEAL_PIN, "dest": C.CHAPTER},
    {"trigger": "say_no_pin", "source": C.CHAPTER, "dest": C.NO_PIN},
    {"trigger": ["ok", "back"], "source": C.NO_PIN, "dest": C.CHAPTER},
    # the guess board
    {"trigger": DIRECTIONS, "source": GRID, "dest": None, "after": "move_cursor"},
    {"trigger": "ok", "source": C.BOARD, "dest": None, "after": "board_ok"},
    {"trigger": "pick_token", "source": C.BOARD, "dest": C.PICK},
    {"trigger": "take_token", "source": C.BOARD, "dest": C.CARRY},
    {"trigger": "back", "source": C.BOARD, "dest": C.CHAPTER},
    {"trigger": "key3", "source": [C.BOARD, C.CHAPTER], "dest": C.TRACKER},
    {"trigger": "ok", "source": C.PICK, "dest": C.BOARD, "before": "place_chosen"},
    {"trigger": "back", "source": C.PICK, "dest": C.BOARD},
    {"trigger": "ok", "source": C.CARRY, "dest": None, "after": "carry_ok"},
    {"trigger": "put_down", "source": C.CARRY, "dest": C.BOARD},
    {"trigger": "back", "source": C.CARRY, "dest": C.BOARD, "before": "return_carried"},
    {"trigger": "board_changed", "source": [C.PICK, C.CARRY], "dest": C.BOARD,
     "before": "drop_hand"},  # corps.guess changed the board under the cursor
    # the chapter menu and "can we end?"
    {"trigger": "ok", "source": C.CHAPTER, "dest": None, "after": "choose_in_chapter"},
    {"trigger": "back", "source": C.CHAPTER, "dest": C.BOARD},
    {"trigger": "open_tracker", "source": C.CHAPTER, "dest": C.TRACKER},
    {"trigger": "ask_why", "source": WHY_FROM, "dest": C.WHY, "before": "remember_for_why"},
    {"trigger": ["ok", "back"], "source": C.WHY, "dest": None, "after": "back_from_why"},
    *({"trigger": f"back_to_{s.value}", "source": C.WHY, "dest": s} for s in WHY_FROM),
    {"trigger": "ask_to_end", "source": C.CHAPTER, "dest": C.END_CONFIRM},
    {"trigger": "ask_to_lose", "source": C.CHAPTER, "dest": C.LOSE_CONFIRM},
    {"trigger": "hold_ok", "source": C.LOSE_CONFIRM, "dest": None, "after": "lose_now"},
    {"trigger": ["ok", "back"], "source": C.LOSE_CONFIRM, "dest": C.CHAPTER},
    # the chapter tracker
    {"trigger": "ok", "source": C.TRACKER, "dest": None, "after": "choose_in_tracker"},
    {"trigger": ["left", "right"], "source": C.TRACKER, "dest": None, "after": "tracker_step"},
    {"trigger": "open_monsters", "source": C.TRACKER, "dest": C.MONSTERS},
    {"trigger": "back", "source": C.TRACKER, "dest": C.CHAPTER},
    {"trigger": "ok", "source": C.MONSTERS, "dest": None, "after": "monster_ok"},
    {"trigger": "right", "source": C.MONSTERS, "dest": None, "after": "monster_asleep"},
    {"trigger": "back", "source": C.MONSTERS, "dest": C.TRACKER},
    # the end: a long press, then the reveal and the verdict (corps.end/lose end it too)
    {"trigger": "hold_ok", "source": C.END_CONFIRM, "dest": None, "after": "end_now"},
    {"trigger": ["ok", "back"], "source": C.END_CONFIRM, "dest": C.CHAPTER},
    {"trigger": "reveal_begins", "source": PLAYING, "dest": C.REVEAL},
    {"trigger": "nothing_to_reveal", "source": [s for s in PLAYING if s not in WITH_KEY],
     "dest": C.VERDICT},
    {"trigger": "ok", "source": C.REVEAL, "dest": None, "after": "reveal_ok"},
    {"trigger": "hold_ok", "source": C.REVEAL, "dest": None, "after": "reveal_everything"},
    {"trigger": "reveal_done", "source": [C.REVEAL, C.REVIEW, C.QUIT], "dest": C.VERDICT},
    {"trigger": "ok", "source": C.VERDICT, "dest": C.REVIEW, "conditions": "has_key"},
    {"trigger": "back", "source": C.REVIEW, "dest": C.VERDICT},
]


def chapter_options() -> corps.CorpsOptions:
    """The chapter rulings from config; a broken file is logged (naming the file and the key)
    and the table plays by the defaults."""
    try:
        return load_corps_options()
    except ConfigError as error:
        log.error("corps chapter config ignored, using defaults: %s", error)
        return corps.CorpsOptions()


class CorpsFlow:
    """The Fog chapter's table flow; ``state`` is the screen, ``session`` all the rest."""

    name = "corps"
    title = "Corps of Discovery"
    state: CorpsScreen

    if TYPE_CHECKING:  # transitions attaches these; declared for mypy
        def trigger(self, name: str) -> bool: ...

    def __init__(self, context: GameContext) -> None:
        self.context = context
        self.session = CorpsSession(corps.new_chapter(options=chapter_options()))
        # never saved: the digits stay unwritten
        self.pad = PinPad(key_entry.SEAL_PIN_TITLE, self.context.pin_length())
        self.outcome = Outcome.STAY
        self.last_trigger = ""
        self.machine = Machine(model=self, states=list(CorpsScreen),
                               transitions=expand(TRANSITIONS), initial=C.MODE, queued=True,
                               ignore_invalid_triggers=True,
                               after_state_change="on_screen_change")

    # ---- GameFlow ------------------------------------------------------------------------
    def handle(self, trigger: str) -> Outcome:
        self.outcome = Outcome.STAY
        self.session.note = ""
        self.last_trigger = trigger
        self.trigger(trigger)
        return self.outcome

    def frame(self, now: float) -> Frame:
        from fogkeeper.flow.corps.views import corps_frame

        return corps_frame(self)

    def tick(self, now: float) -> None:
        s = self.session
        if self.state is not C.REVEAL:  # left the reveal (e.g. to quit): OK there goes on
            s.next_reveal_at = None
        if s.next_reveal_at is None or now < s.next_reveal_at:
            return
        if reveal.all_revealed(s):
            s.next_reveal_at = None
            self.trigger("reveal_done")
        else:
            reveal.uncover(s, self.context, now)

    def next_deadline(self, now: float) -> float | None:
        return self.session.next_reveal_at

    def snapshot(self) -> dict[str, object]:
        """The session and the screen; it holds the sealed key, so it stays on the box."""
        return {"version": SAVE_VERSION, "screen": self.state.value,
                **session_codec.dump(self.session)}

    def restore(self, saved: dict[str, object]) -> None:
        """Come back to the saved screen; SessionError (a FogkeeperError) when it is damaged."""
        if saved.get("version") != SAVE_VERSION:
            raise SessionError(f"corps save version {saved.get('version')!r}, "
                               f"expected {SAVE_VERSION}")
        fields = {k: v for k, v in saved.items() if k not in ("version", "screen")}
        session = session_codec.load(CorpsSession, fields)
        screen = session_codec.load(CorpsScreen, saved.get("screen"), "screen")
        if screen is C.KEY_SLOT and session.key_entry is None:
            screen = C.KEY_MENU
        if screen is C.CARRY and session.carried is None:
            screen = C.BOARD
        if screen is C.REVEAL and session.next_reveal_at is not None:  # the slow reveal goes on
            session.next_reveal_at = self.context.clock() + session.options.reveal_step_seconds
        else:
            session.next_reveal_at = None
        self.session = session
        # the digits typed before the power cut are gone
        self.pad = PinPad(key_entry.UNSEAL_PIN_TITLE if screen is C.UNSEAL_PIN
                          else key_entry.SEAL_PIN_TITLE, self.context.pin_length())
        self.machine.set_state(screen, model=self)

    def public_state(self) -> dict[str, object]:
        return {**corps.public_view(self.session.chapter), "screen": self.state.value}

    @property
    def commands(self) -> GameCommands[CorpsFlow]:
        return link.COMMANDS

    # ---- menus ---------------------------------------------------------------------------
    def menu(self, screen: CorpsScreen, items: Sequence[K]) -> Menu[K]:
        """The menu on ``screen`` with its rows now and the cursor the session keeps."""
        return Menu(items, self.session.cursor(screen))

    def menu_length(self, screen: CorpsScreen) -> int:
        from fogkeeper.flow.corps.views import menu_rows

        return len(menu_rows(self, screen))

    def move_in_menu(self) -> None:
        cursor = self.session.cursor(self.state)
        if self.last_trigger == "up":
            self.session.cursors[self.state] = max(0, cursor - 1)
        else:
            last = max(0, self.menu_length(self.state) - 1)
            self.session.cursors[self.state] = min(last, cursor + 1)

    def chosen_tracker_item(self) -> TrackerItem:
        return self.menu(C.TRACKER, chapter.TRACKER_ITEMS).chosen

    def chosen_monster(self) -> str:
        names = chapter.monster_names(self.session.options)
        return names[min(self.session.cursor(C.MONSTERS), len(names) - 1)]

    # ---- moving about --------------------------------------------------------------------
    def remember_for_quit(self) -> None:
        self.session.quit_from = self.state

    def back_from_quit(self) -> None:
        self.trigger(f"back_to_{self.session.quit_from.value}")

    def quit_game(self) -> None:
        self.outcome = Outcome.EXIT

    def remember_for_why(self) -> None:
        self.session.why_from = self.state
        self.session.cursors[C.WHY] = 0

    def back_from_why(self) -> None:
        self.trigger(f"back_to_{self.session.why_from.value}")

    def on_screen_change(self) -> None:
        if self.state is C.BOARD:
            self.session.board_opened = True

    # ---- mode and Map --------------------------------------------------------------------
    def change_map(self) -> None:
        chapter.step_map(self.session, 1 if self.last_trigger == "right" else -1)

    def choose_mode(self) -> None:
        match self.menu(C.MODE, chapter.MODE_ITEMS).chosen:
            case ModeItem.MAP:
                self.move_in_menu()
            case ModeItem.FOG:
                self.start_fog()
                self.trigger("give_key")
            case ModeItem.NOTEBOOK:
                chapter.start(self.session, corps.ChapterMode.NOTEBOOK)
                self.trigger("give_key" if self.session.options.notebook_reveal
                             else "open_board")

    def start_fog(self) -> None:
        chapter.start(self.session, corps.ChapterMode.FOG)

    # ---- the key holder ------------------------------------------------------------------
    def has_pin(self) -> bool:
        return self.context.has_pin()

    def has_key(self) -> bool:
        return self.session.chapter.key is not None

    def choose_key_way(self) -> None:
        match self.menu(C.KEY_MENU, key_entry.key_ways(self.session)).chosen:
            case KeyWay.JOYSTICK:
                self.trigger("enter_on_joystick")
            case KeyWay.LINK:
                self.trigger("wait_for_link")
            case KeyWay.SEAL:
                self.trigger("ask_pin_to_seal" if self.has_pin() else "seal_without_pin")
            case KeyWay.NO_KEY:
                self.trigger("open_board")

    def leave_key_menu(self) -> None:
        self.trigger("open_board" if self.session.board_opened else "back_to_mode")

    def start_key_entry(self) -> None:
        key_entry.start_entry(self.session)

    def step_key_token(self) -> None:
        assert self.session.key_entry is not None  # KEY_SLOT is entered with an entry
        self.session.key_entry.step(-1 if self.last_trigger == "up" else 1)

    def confirm_key_slot(self) -> None:
        entry = self.session.key_entry
        assert entry is not None
        if not entry.is_last:
            entry.confirm()
            return
        key_entry.finish_entry(self.session, self.context)
        self.trigger("ask_pin_to_seal" if self.has_pin() else "seal_without_pin")

    def previous_key_slot(self) -> None:
        entry = self.session.key_entry
        if entry is None or entry.slot == 1:
            self.session.key_entry = None
            self.trigger("drop_key_entry")
        else:
            entry.back()

    def forget_key_entry(self) -> None:
        self.session.key_entry = None

    def new_seal_pad(self) -> None:
        self.pad = PinPad(key_entry.SEAL_PIN_TITLE, self.context.pin_length())

    def new_unseal_pad(self) -> None:
        self.pad = PinPad(key_entry.UNSEAL_PIN_TITLE, self.context.pin_length())

    def pad_input(self) -> None:
        answer = self.pad.read(self.last_trigger, self.context.pin_matches)
        if answer is PinAnswer.RIGHT:
            self.trigger("pin_right")
        elif answer is PinAnswer.CANCEL:
            self.trigger("pin_cancel")
        elif answer is PinAnswer.WRONG:
            self.context.effects.sound("error")

    def seal_key(self) -> None:
        key_entry.seal(self.session, self.context)

    def unseal_key(self) -> None:
        key_entry.unseal(self.session, self.context)

    # ---- the guess board -----------------------------------------------------------------
    def move_cursor(self) -> None:
        chapter.move_cursor(self.session, self.last_trigger)

    def board_ok(self) -> None:
        s = self.session
        if chapter.on_fixed_water(s):
            s.note = f"Water stays on circle {s.cursor_slot}"
        elif chapter.on_empty_circle(s):
            s.cursors[C.PICK] = 0
            self.trigger("pick_token")
        else:
            s.carried = s.cursor_slot
            self.trigger("take_token")

    def place_chosen(self) -> None:
        token = self.menu(C.PICK, chapter.pickable(self.session)).chosen
        chapter.place(self.session, self.context, token)

    def carry_ok(self) -> None:
        s = self.session
        if s.cursor_slot == s.carried:
            s.carried = None
            self.trigger("put_down")
        elif chapter.on_empty_circle(s) and not chapter.on_fixed_water(s):
            chapter.drop_carried(s, self.context)
            self.trigger("put_down")
        else:
            s.note = f"circle {s.cursor_slot} is taken: move its token first"

    def return_carried(self) -> None:
        chapter.return_carried(self.session, self.context)

    def drop_hand(self) -> None:
        self.session.carried = None

    # ---- the chapter menu and tracker ----------------------------------------------------
    def choose_in_chapter(self) -> None:
        s = self.session
        match self.menu(C.CHAPTER, chapter.chapter_items(s)).chosen:
            case ChapterItem.BOARD:
                self.trigger("open_board")
            case ChapterItem.TRACKER:
                self.trigger("open_tracker")
            case ChapterItem.WHY:
                self.trigger("ask_why")
            case ChapterItem.END:
                self.trigger("ask_to_end" if corps.can_end(s.chapter)[0] else "ask_why")
            case ChapterItem.LOSE:
                self.trigger("ask_to_lose")
            case ChapterItem.KEY_HOLDER if not corps.is_sealed(s.chapter):
                self.trigger("give_key")
            case ChapterItem.KEY_HOLDER:
                self.trigger("ask_pin_to_unseal" if self.has_pin() else "say_no_pin")

    def choose_in_tracker(self) -> None:
        item = self.chosen_tracker_item()
        if item is TrackerItem.MONSTERS:
            self.trigger("open_monsters")
        elif item is TrackerItem.WHY:
            self.trigger("ask_why")
        else:
            chapter.tracker_ok(self.session, self.context, item)

    def tracker_step(self) -> None:
        direction = 1 if self.last_trigger == "right" else -1
        chapter.tracker_step(self.session, self.context, self.chosen_tracker_item(), direction)

    def monster_ok(self) -> None:
        chapter.monster_up_or_killed(self.session, self.context, self.chosen_monster())

    def monster_asleep(self) -> None:
        chapter.monster_asleep(self.session, self.context, self.chosen_monster())

    # ---- the end and the reveal ----------------------------------------------------------
    def end_now(self) -> None:
        if not corps.can_end(self.session.chapter)[0]:
            self.trigger("ask_why")
            return
        reveal.end(self.session, self.context)
        self.show_the_end()

    def lose_now(self) -> None:
        """The core game's loss conditions ended the chapter (B-C12), as corps.lose does."""
        s = self.session
        s.chapter = corps.lose_by_core_rules(s.chapter, "core rules")
        reveal.after_end(s, self.context)
        self.show_the_end()

    def show_the_end(self) -> None:
        """After the end (by the table or the link): the reveal, or the verdict if no key."""
        self.trigger("reveal_begins" if self.has_key() else "nothing_to_reveal")

    def reveal_ok(self) -> None:
        s = self.session
        if reveal.all_revealed(s):
            self.trigger("reveal_done")
        elif s.options.reveal_pacing is corps.RevealPacing.ALL_AT_ONCE:
            self.reveal_everything()
        else:
            reveal.uncover(s, self.context, self.context.clock())

    def reveal_everything(self) -> None:
        if reveal.uncover_all(self.session, self.context):
            self.trigger("reveal_done")
