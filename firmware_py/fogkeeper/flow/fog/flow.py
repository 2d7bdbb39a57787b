"""The FOG's table flow: the machine over ``table.py``, and what its controls and rows do.

``press`` turns a control into a change on the screen (cursor, values, MP, undo, the draft
count) or into a trigger of the table; a menu's choice is read by its row's key.
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable
from typing import TYPE_CHECKING

from transitions import Machine

from fogkeeper.data.fog import owner_board, owner_dir
from fogkeeper.data.fog_history import history_lines, past_games
from fogkeeper.errors import FogkeeperError
from fogkeeper.flow.fog import (
    board_check,
    boats,
    fog_step,
    link,
    missions,
    pictured,
    scoring,
    table_cards,
    turns,
    views,
)
from fogkeeper.flow.fog.begin import begin, public_setup, value_rows
from fogkeeper.flow.fog.menus import Entry, Item, Key, MissionCard, Tile, menu_rows
from fogkeeper.flow.fog.session import (
    COST_CHOICES,
    HOURGLASS_SECONDS,
    Ask,
    BoardCheck,
    CostField,
    FogFlowError,
    PickField,
    Purpose,
    Session,
)
from fogkeeper.flow.fog.setup import (
    BOARD_CHECK,
    HISTORY,
    START,
    SetupRow,
    load_preset,
    problems,
    read_setup,
    step,
)
from fogkeeper.flow.fog.setup import rows as setup_rows
from fogkeeper.flow.fog.table import TRANSITIONS, FogScreen
from fogkeeper.flow.game import GameContext, Outcome
from fogkeeper.flow.hourglass import Hourglass
from fogkeeper.flow.kit import session as snapshots
from fogkeeper.flow.kit.link import GameCommands
from fogkeeper.flow.tables import expand
from fogkeeper.rules.fog import RecordError, current_turn
from fogkeeper.schema import SchemaError
from fogkeeper.ui.draw import Frame

F = FogScreen
LISTS = {F.SETUP, F.VALUES, F.INFO, F.HAND, F.OPEN, F.LOSSES, F.SCORE, F.BONUS, F.REVIEW,
         F.RESULTS, F.DETAIL, F.NOTICE, F.COST, F.PICK, F.SHOW, F.PICTURE, F.HISTORY}
DIALS = {F.SETUP, F.VALUES, F.BONUS, F.COST, F.PICK}   # left/right change the row's value
REFUSALS = (FogkeeperError,)
NOTICE_WIDTH = 21


def read_saved_setup(raw: object) -> dict[str, object]:
    """A saved game's checklist, each value read through its declaration; one that does
    not fit is refused naming the key, the value and what it may be."""
    try:
        return read_setup(raw, "session.setup")
    except SchemaError as exc:
        raise snapshots.SessionError(f"bad value at {exc.path}: {exc.problem}") from None


class FogFlow:
    """The FOG's table flow; ``screen`` is the current screen, ``s`` the session."""

    name = "fog"
    title = "The FOG"
    screen: FogScreen

    if TYPE_CHECKING:  # transitions attaches it to the model
        def trigger(self, name: str) -> bool: ...

    def __init__(self, context: GameContext, seed: int | None = None) -> None:
        self.context = context
        self.glass: Hourglass | None = None
        self.outcome = Outcome.STAY
        chosen = seed if seed is not None else int(context.clock() * 1_000_000) & 0xFFFFFFFF
        self.s = Session(setup=load_preset(context.effects.load_preset(self.name)), seed=chosen)
        # a screen entered through the table starts with its cursor on the first row
        states = [{"name": screen, "on_enter": "entered"} for screen in FogScreen]
        self.machine = Machine(model=self, states=states, transitions=expand(TRANSITIONS),
                               initial=F.SETUP, queued=True, ignore_invalid_triggers=True,
                               auto_transitions=False, model_attribute="screen")
        self.presses: dict[FogScreen, Callable[[str], bool]] = {
            F.SETUP: self._on_setup, F.VALUES: self._on_values, F.HAND: self._on_hand,
            F.DRAFT: self._on_draft, F.TURN: self._on_turn, F.LOSSES: self._on_losses,
            F.SCORE: self._on_score, F.BONUS: self._on_bonus, F.REVIEW: self._on_review,
            F.BOATS: self._on_boats, F.CARD: self._on_card, F.PICTURE: self._on_picture,
            F.BOARD: self._on_board,
        }

    # ---- GameFlow ------------------------------------------------------------------------
    def handle(self, trigger: str) -> Outcome:
        self.outcome = Outcome.STAY
        try:
            self.press(trigger)
        except REFUSALS as exc:
            self.refuse(str(exc))
        return self.outcome

    def frame(self, now: float) -> Frame:
        return views.frame(self, now)

    def tick(self, now: float) -> None:
        if self.glass is None:
            return
        for event in self.glass.tick(now):
            if not self.context.config.timer.visual_only:
                countdown = event.kind == "warning" and event.seconds_left <= 5
                self.context.effects.sound("countdown" if countdown else event.kind)
            self.emit(f"fog.timer.{event.kind}", {"seconds_left": event.seconds_left})
            if event.kind == "expired":
                self.trigger("time_up")

    def next_deadline(self, now: float) -> float | None:
        return None if self.glass is None else self.glass.next_deadline(now)

    def snapshot(self) -> dict[str, object]:
        glass = None if self.glass is None else self.glass.snapshot(self.context.clock())
        return {"screen": self.screen.value, "session": snapshots.dump(self.s), "glass": glass}

    def restore(self, saved: dict[str, object]) -> None:
        """A saved game (from ``snapshot``); a damaged or older one raises SessionError."""
        if not isinstance(saved, dict) or "glass" not in saved:
            raise snapshots.SessionError("the saved FOG game is from an older box or damaged")
        raw = saved["session"]
        setup = read_saved_setup(raw.get("setup") if isinstance(raw, dict) else None)
        self.s = snapshots.load(Session, raw)
        self.s.setup = setup
        screen = snapshots.load(FogScreen, saved["screen"], "screen")
        self.glass = None
        glass = saved["glass"]
        if glass is not None:
            if not isinstance(glass, dict):
                raise TypeError("the saved hourglass is not an object")
            self.glass = self.new_glass()
            self.glass.restore(glass)
        self.machine.set_state(screen, model=self)

    def public_state(self) -> dict[str, object]:
        return link.public_state(self)

    @property
    def commands(self) -> GameCommands[FogFlow]:
        return link.COMMANDS

    # ---- controls ------------------------------------------------------------------------
    def press(self, trigger: str) -> None:
        """A control: a change on this screen, else the table's trigger of that name."""
        here = self.presses.get(self.screen)
        if here is not None and here(trigger):
            return
        if trigger in ("up", "down") and self.screen in LISTS:
            self.move_cursor(trigger)
        elif trigger in ("left", "right") and self.screen in DIALS:
            self.change(-1 if trigger == "left" else +1)
        else:
            self.trigger(trigger)

    def move_cursor(self, trigger: str) -> None:
        if trigger == "up":
            self.s.cursor = max(0, self.s.cursor - 1)
        else:
            self.s.cursor = min(len(menu_rows(self.s, self.screen)) - 1, self.s.cursor + 1)

    def chosen(self) -> Key | None:
        """The key of the row under the cursor."""
        found = menu_rows(self.s, self.screen)
        return found[min(self.s.cursor, len(found) - 1)].key if found else None

    def place(self, key: Key) -> None:
        """Put the cursor on the row ``key``."""
        self.s.cursor = [r.key for r in menu_rows(self.s, self.screen)].index(key)

    def change(self, direction: int) -> None:
        """Left/right: the value of the row under the cursor one choice down or up."""
        key = self.chosen()
        if isinstance(key, SetupRow):
            self.s.setup = step(self.s.setup, setup_rows(self.s.setup)[self.s.cursor], direction)
            self.s.cursor = min(self.s.cursor, len(setup_rows(self.s.setup)) - 1)
        elif self.screen is F.VALUES:
            for row in value_rows(self.s.setup):
                if row == key:
                    value = self.s.values.get(row.key, row.default) + direction
                    self.s.values[row.key] = min(row.high, max(row.low, value))
        elif isinstance(key, CostField):
            choices = COST_CHOICES[key]
            current = self.s.cost.get(key)
            new = choices[(choices.index(current) + direction) % len(choices)]
            self.s.cost = self.s.cost.with_value(key, new)
        elif isinstance(key, PickField):
            scoring.step_pick(self.s, key, direction)
        elif isinstance(key, Tile):
            colour = self.s.colours[self.s.score_colour]
            count = self.s.bonuses.get(colour, {}).get(str(key.value), 0) + direction
            scoring.set_bonus(self.s, colour, key.value, max(0, min(count, 6)))

    def _on_setup(self, trigger: str) -> bool:
        if trigger != "ok":
            return False
        if self.chosen() is HISTORY:
            self.trigger("history")
        elif self.chosen() is BOARD_CHECK:
            self.trigger("check_board")
        elif self.chosen() is not START:
            self.change(+1)
        elif problems(self.s.setup):
            self.refuse("; ".join(problems(self.s.setup)))
        elif value_rows(self.s.setup):
            self.trigger("enter_values")
        else:
            self.trigger("start")
        return True

    def _on_board(self, trigger: str) -> bool:
        """The board walk-through: <> change the value, OK it matches (the last one: save),
        up/down the previous or next value."""
        check = self.s.board_check
        if trigger in ("left", "right"):
            board_check.change(check, -1 if trigger == "left" else +1)
        elif trigger in ("up", "down"):
            board_check.move(check, -1 if trigger == "up" else +1)
        elif trigger == "ok" and board_check.is_last(check):
            self.trigger("board_done")
        elif trigger == "ok":
            board_check.move(check, +1)
        else:
            return False
        return True

    def _on_values(self, trigger: str) -> bool:
        if trigger != "ok":
            return False
        if self.chosen() is Entry.DONE:
            self.trigger("start")
        else:
            self.change(+1)
        return True

    def _on_hand(self, trigger: str) -> bool:
        s = self.s
        if s.reading and trigger in ("up", "down"):
            last = len(menu_rows(s, F.HAND)) - 1
            s.read_line = max(0, min(last, s.read_line + (1 if trigger == "down" else -1)))
        elif trigger in ("right", "left", "back") and (s.reading or trigger == "right"):
            s.reading, s.read_line = trigger == "right" and not s.reading, 0
        elif trigger == "ok":
            s.reading = False
            self.keep_card(s.cursor)
        else:
            return False
        return True

    def _on_draft(self, trigger: str) -> bool:
        if trigger == "back":
            missions.draft_back(self.s)
            return True
        if trigger not in ("ok", "hold_ok"):
            return False
        self.count_picks(1 if trigger == "ok" else len(self.s.draft))
        return True

    def _on_turn(self, trigger: str) -> bool:
        if self.s.show_starts_turn:       # the round's event, read before the first move
            if trigger in ("up", "down"):
                last = len(table_cards.text_lines(self.s, self.s.shown_card)) - 1
                step = 1 if trigger == "down" else -1
                self.s.cursor = max(0, min(last, self.s.cursor + step))
            elif trigger in ("ok", "back"):
                self.dismiss_event()
            else:
                return False
            return True
        if trigger == "down":
            turns.spend(self.s, 1)
        elif trigger == "up" and self.s.state.event is not None:
            self.show(self.s.state.event, starts_turn=False)
        elif trigger in ("up", "back"):
            if turns.undo_crosses_fog(self.s):
                self.s.asking = Ask.UNDO_FOG
                self.trigger("ask_undo_fog")
            else:
                self.undo()
        elif trigger == "left":
            self.glass_toggle()
        else:
            return False
        return True

    def _on_losses(self, trigger: str) -> bool:
        if trigger != "ok":
            return False
        key = self.chosen()
        if isinstance(key, Item):
            self.ask_before_removing(Ask.REMOVE_LOSS, key.index)
        elif key is Entry.ADD:
            self.trigger("pick_loss")
        elif not fog_step.is_last_colour(self.s):
            fog_step.losses_next(self.s)
            self.cursor_to_add()
        else:
            self.trigger("losses_done")
        return True

    def _on_score(self, trigger: str) -> bool:
        if trigger != "ok":
            return False
        key = self.chosen()
        if isinstance(key, Item):
            self.ask_before_removing(Ask.REMOVE_ISLANDER, key.index)
        elif key is Entry.ADD:
            self.trigger("pick_islander")
        else:
            self.trigger("colour_done")
        return True

    def _on_picture(self, trigger: str) -> bool:
        if trigger in ("left", "right"):
            pictured.step(self.s, self.s.cursor, -1 if trigger == "left" else +1)
        elif trigger == "ok" and self.chosen() is Entry.DONE:
            self.trigger("pictured")
        elif trigger == "ok":
            pictured.step(self.s, self.s.cursor, +1)
        else:
            return False
        return True

    def keep_picture(self) -> None:
        pictured.keep(self.s)

    def _on_card(self, trigger: str) -> bool:
        if trigger in ("left", "right"):
            step = -1 if trigger == "left" else +1
            if self.s.cursor == 0:
                table_cards.step_letter(self.s, step)
            else:
                table_cards.step_number(self.s, step)
        elif trigger in ("up", "down"):
            self.s.cursor = 0 if trigger == "up" else 1
        elif trigger == "ok":
            self.enter_card(None)
        else:
            return False
        return True

    def enter_card(self, card: str | None) -> None:
        """The card the table turned over, checked against its deck; then the game goes on."""
        entry = table_cards.enter(self.s, card)
        self.s.card_then = entry.then
        if entry.deck == "events":
            self.s.entered_round = self.s.state.round_no
        self.emit("fog.card", {"deck": entry.deck, "player": entry.player})
        self.trigger("card_entered")

    def show(self, card: str, starts_turn: bool) -> None:
        self.s.shown_card, self.s.show_starts_turn = card, starts_turn
        self.trigger("show_card")

    def _on_boats(self, trigger: str) -> bool:
        if trigger in ("up", "down"):
            boats.step_row(self.s, -1 if trigger == "up" else +1)
        elif trigger in ("left", "right"):
            boats.step_boat(self.s, -1 if trigger == "left" else +1)
        elif trigger == "ok":
            if boats.press_ok(self.s):
                self.trigger("grid_pick")
        elif trigger in ("hold_ok", "hold_key3"):
            self.trigger("colour_done")
        else:
            return False
        return True

    def _on_bonus(self, trigger: str) -> bool:
        if trigger != "ok":
            return False
        self.trigger("colour_done")
        return True

    def _on_review(self, trigger: str) -> bool:
        if trigger != "ok":
            return False
        key = self.chosen()
        if isinstance(key, Item):
            self.s.score_colour = key.index
            self.s.editing = True
            self.trigger("edit")
        elif key is Entry.LOSSES:
            self.trigger("fix_losses")
        elif key is Entry.MISSIONS:
            table_cards.mission_asks(self.s)
            self.trigger("ask_card")
        elif isinstance(key, MissionCard):
            pictured.open_form(self.s, key.card_id)
            self.trigger("picture")
        elif not self.s.board_checked and self.refused_by_rules():
            self.s.asking = Ask.SCORE_ANYWAY
            self.trigger("ask_score")
        else:
            self.trigger("score")
        return True

    # ---- actions the buttons and the link share ------------------------------------------
    def keep_card(self, choice: int) -> None:
        """The player holding the box keeps card ``choice`` (0 or 1) in secret."""
        deal = missions.keep(self.s, choice)
        self.emit("fog.mission.kept", {"player": deal.player})   # who kept, never which
        self.trigger("kept")

    def ask_before_removing(self, what: Ask, index: int) -> None:
        """Removing a loss or an Islander asks first."""
        self.s.asking, self.s.removing = what, index
        self.trigger("ask_remove")

    def count_picks(self, picks: int) -> None:
        missions.draft_next(self.s, picks)
        self.trigger("drafted")

    def undo(self) -> None:
        """Every undo step was taken on the turn screen; a restored turn gets a full glass."""
        turns.undo(self.s)
        self.restart_glass()

    def glass_toggle(self) -> None:
        if self.glass is not None:
            self.glass.toggle(self.context.clock())

    # ---- asides --------------------------------------------------------------------------
    def entered(self) -> None:
        self.s.cursor = 0

    def refuse(self, message: str) -> None:
        """Show why an action is not possible; OK or B returns to where the table was."""
        reasons = message.removeprefix("record breaks the rules: ").split("; ")
        self.s.notice = [line for why in reasons for line in textwrap.wrap(why, NOTICE_WIDTH)]
        self.trigger("refused")

    def remember(self) -> None:
        """The screen an aside returns to (the one under a notice, never the notice)."""
        if self.screen is not F.NOTICE:
            self.s.back_to = self.screen

    def go_back(self) -> None:
        self.trigger(f"back_to_{self.s.back_to.value}")

    def quit_game(self) -> None:
        self.outcome = Outcome.EXIT

    def emit(self, event: str, payload: dict[str, object]) -> None:
        self.context.effects.emit(event, payload)

    # ---- conditions ----------------------------------------------------------------------
    def is_mission_due(self) -> bool:
        """A player still keeps a card now (after the draft, when the table chose so)."""
        waits = bool(self.s.setup.get("missions_after_draft")) and not self.is_drafted()
        return missions.mission_turn(self.s) is not None and not waits

    def has_open_missions(self) -> bool:
        return bool(self.s.open_missions)

    def is_draft_due(self) -> bool:
        return bool(self.s.draft) and self.s.draft_pick < len(self.s.draft)

    def is_drafted(self) -> bool:
        return self.s.draft_pick >= len(self.s.draft)

    def is_round_end(self) -> bool:
        """Ending the active turn brings the FOG: it is the round's last turn."""
        return turns.is_round_end(self.s)

    def is_over(self) -> bool:
        return turns.is_over(self.s)

    def has_swallowed_rows(self) -> bool:
        return bool(fog_step.step_rows(self.s))

    def is_loss_pick(self) -> bool:
        return self.s.pick is not None and self.s.pick.purpose is Purpose.LOSS

    def is_solo(self) -> bool:
        return self.s.solo

    def has_cards_to_enter(self) -> bool:
        return bool(self.s.card_queue)

    def _card_then(self) -> str:
        return self.s.card_queue[0].then if self.s.card_queue else self.s.card_then

    def is_card_for_fog(self) -> bool:
        return self._card_then() == "fog"

    def is_card_for_turn(self) -> bool:
        return self._card_then() == "turn"

    def is_card_for_review(self) -> bool:
        return self._card_then() == "review"

    def is_fog_card_due(self) -> bool:
        return table_cards.fog_card_due(self.s)

    def is_grid_pick(self) -> bool:
        return self.s.from_grid

    def is_fixing(self) -> bool:
        """The losses screen was opened from the review: it goes back there."""
        return self.s.fixing

    def is_asking_round_end(self) -> bool:
        return self.s.asking is Ask.ROUND_END

    def is_asking_undo_fog(self) -> bool:
        return self.s.asking is Ask.UNDO_FOG

    def is_asking_at_turn(self) -> bool:
        return self.s.asking in (Ask.ROUND_END, Ask.UNDO_FOG)

    def is_asking_remove_loss(self) -> bool:
        return self.s.asking is Ask.REMOVE_LOSS

    def is_asking_score_anyway(self) -> bool:
        return self.s.asking is Ask.SCORE_ANYWAY

    def is_asking_remove_islander(self) -> bool:
        return self.s.asking is Ask.REMOVE_ISLANDER

    def is_asking_save_board(self) -> bool:
        return self.s.asking is Ask.SAVE_BOARD

    def is_asking_drop_board(self) -> bool:
        return self.s.asking is Ask.DROP_BOARD

    def has_board_changes(self) -> bool:
        return bool(self.s.board_check.changed)

    def is_last_to_score(self) -> bool:
        """One colour re-entered from the review, or the last colour: the review is next."""
        return self.s.editing or self.s.score_colour + 1 >= len(self.s.colours)

    # ---- where a screen's cursor starts --------------------------------------------------
    def cursor_to_type(self) -> None:
        self.place(PickField.TYPE)

    def cursor_to_add(self) -> None:
        self.place(Entry.ADD)

    def cursor_to_score(self) -> None:
        self.place(Entry.SCORE_GAME)

    def cursor_to_board_check(self) -> None:
        self.place(BOARD_CHECK)

    # ---- the checklist -------------------------------------------------------------------
    def read_history(self) -> None:
        """Past games from the records in the data folder, newest first, then solo bests."""
        self.s.history = history_lines(past_games(owner_dir()))

    def open_check(self) -> None:
        board_check.open_check(self.s)

    def ask_save_board(self) -> None:
        """The walk's end: the board must hold the corrections before the question is asked
        (a refusal names what it cannot hold, and the walk stays open)."""
        board_check.holds(self.s.board_check)
        self.s.asking = Ask.SAVE_BOARD

    def ask_drop_board(self) -> None:
        self.s.asking = Ask.DROP_BOARD

    def save_board(self) -> None:
        """Every value as shown, written before the box says so; the owner's word from now
        on, on this box and in `fogkeeper board`."""
        check = self.s.board_check
        values = board_check.holds(check)
        if not self.context.effects.keep_board(check.board, True, values):
            raise FogFlowError(f"board {check.board} not saved: the disk refused")
        board_check.forget()
        self.s.board_check = BoardCheck()
        self.emit("fog.board.checked", {"board": check.board, "corrected": sorted(values)})

    def store_preset(self) -> None:
        """The checklist a game started from, kept for the next one (only then: a refused
        start keeps nothing)."""
        self.context.effects.save_preset(self.name, dict(self.s.setup))

    def ask_values(self) -> None:
        needed = value_rows(self.s.setup)
        self.s.values = {r.key: self.s.values.get(r.key, r.default) for r in needed}

    def start_game(self) -> None:
        """Lay out the game; a refusal on the way leaves the session as it was."""
        before = snapshots.dump(self.s)
        try:
            begin(self.s)
            self.s.board_checked = owner_board(str(self.s.setup["board"])).confirmed
            if table_cards.table_draws(self.s):
                table_cards.setup_asks(self.s)
        except FogkeeperError:
            self.s = snapshots.load(Session, before)
            raise
        self.emit("fog.setup", public_setup(self.s))

    def ask_fog_card(self) -> None:
        table_cards.ask(self.s, "fog", "fog")

    def drop_cards(self) -> None:
        self.s.card_queue = []

    # ---- turns ---------------------------------------------------------------------------
    def new_glass(self) -> Hourglass:
        timer = self.context.config.timer
        return Hourglass(HOURGLASS_SECONDS, warn_at=timer.warn_at_seconds, players=1)

    def begin_turns(self) -> None:
        """A round's first turn: its event card is revealed (entered first when the table
        draws) and shown in full, then the turn starts."""
        state = self.s.state
        if state.event is None:
            self.start_turn()
            return
        if table_cards.event_due(self.s):
            table_cards.ask(self.s, "events", "turn")
            self.trigger("ask_card")
            return
        card = self.s.rules.cards.by_id(state.event)
        self.context.effects.sound("reveal")
        self.emit("fog.event", {"round": state.round_no, "card": card.card_id,
                                "name": card.name})
        self.s.shown_card, self.s.show_starts_turn, self.s.cursor = card.card_id, True, 0
        self.start_turn()

    def dismiss_event(self) -> None:
        """The round's event was read: the turn's hourglass starts now."""
        if self.s.show_starts_turn:
            self.s.show_starts_turn = False
            self.restart_glass()

    def start_turn(self) -> None:
        """A fresh turn: a full hourglass with option 1 (once the round's event is read)."""
        self.glass = None
        if not self.s.show_starts_turn:
            self.restart_glass()
        turn = current_turn(self.s.state)
        self.emit("fog.turn", {"entry": turn.entry, "round": turn.round_no,
                               "mp": turn.mp_budget, "double_turn": turn.double_turn})

    def restart_glass(self) -> None:
        if self.glass is None and self.s.state.setup.options.hourglass:
            self.glass = self.new_glass()
            self.glass.start(self.context.clock())

    def ask_round_end(self) -> None:
        self.s.asking = Ask.ROUND_END

    def forget_question(self) -> None:
        self.s.asking, self.s.removing = None, -1

    def undo_fog_step(self) -> None:
        """Undo takes back the FOG step the table confirmed (its card and losses too)."""
        turns.undo(self.s)
        self.s.entered_round = self.s.state.round_no
        self.glass = None
        self.restart_glass()

    def remove_asked(self) -> None:
        s = self.s
        if s.asking is Ask.REMOVE_LOSS and 0 <= s.removing < len(s.pending_losses):
            del s.pending_losses[s.removing]
        elif s.asking is Ask.REMOVE_ISLANDER:
            mine = s.final.get(s.colours[s.score_colour], [])
            if 0 <= s.removing < len(mine):
                del mine[s.removing]

    def close_turn(self) -> None:
        step_made = turns.finish_turn(self.s)
        self.context.effects.sound("click")
        if step_made is not None:
            self.glass = None
            self.context.effects.sound("fog")
            self.emit("fog.advanced", step_made.to_dict())

    def lose_mp(self) -> None:
        turns.lose_remaining_mp(self.s)

    def pay_cost(self) -> None:
        turns.pay(self.s, self.s.cost)

    def end_game_now(self) -> None:
        turns.end_now(self.s)
        self.glass = None

    # ---- the FOG step's losses -----------------------------------------------------------
    def open_losses(self) -> None:
        fog_step.open_losses(self.s)

    def open_fixed_losses(self) -> None:
        fog_step.open_losses(self.s, fixing=True)

    def close_losses(self) -> None:
        fog_step.losses_next(self.s)
        self.emit("fog.losses", {"losses": len(self.s.state.losses)})

    def open_loss_pick(self) -> None:
        scoring.open_pick(self.s, Purpose.LOSS)

    def add_picked_loss(self) -> None:
        assert self.s.pick is not None
        values = self.s.pick.values
        row, nation, kind = values[PickField.ROW], values[PickField.NATION], values[
            PickField.TYPE]
        scoring.check_loss(self.s, row, nation, kind, fog_step.loss_colour(self.s))
        fog_step.add_loss(self.s, row, nation, kind)

    # ---- scoring -------------------------------------------------------------------------
    def start_scoring(self) -> None:
        self.s.score_colour = 0
        self.s.editing = False
        boats.reset(self.s)
        self.context.effects.sound("fog")
        self.emit("fog.over", {"reason": self.s.state.end_reason})

    def open_score_pick(self) -> None:
        scoring.open_pick(self.s, Purpose.SCORE)

    def add_picked_islander(self) -> None:
        assert self.s.pick is not None
        scoring.add_islander(self.s, self.s.colours[self.s.score_colour], self.s.pick.values)

    def stop_editing(self) -> None:
        self.s.editing = False

    def next_score_colour(self) -> None:
        self.s.score_colour += 1
        boats.reset(self.s)

    def open_grid(self) -> None:
        boats.reset(self.s)

    def leave_grid_pick(self) -> None:
        self.s.from_grid = False

    def score_game(self, anyway: bool = False) -> None:
        record, result = scoring.score(self.s, anyway)
        self.s.record_path = self.context.effects.save_record("fog", record)
        self.s.result = result.to_dict()
        self.context.effects.sound("reveal")
        self.emit("fog.result", {"winners": list(result.winners), "level": result.level,
                                 "record": self.s.record_path})

    def refused_by_rules(self) -> bool:
        """Would the score be refused? Its reasons are kept to show with the question."""
        try:
            scoring.score(self.s)
        except RecordError as exc:
            reasons = str(exc).removeprefix("record breaks the rules: ").split("; ")
            self.s.notice = [line for why in reasons
                             for line in textwrap.wrap(scoring.table_words(why), NOTICE_WIDTH)]
            return True
        return False

    def score_game_anyway(self) -> None:
        """The table is the truth: scored with the disagreements kept as warnings."""
        self.score_game(anyway=True)

    def warn_if_noted(self) -> None:
        if self.s.warning:
            warning, self.s.warning = self.s.warning, ""
            self.refuse(warning)

    def open_detail(self) -> None:
        self.s.detail = self.s.cursor
