"""What The FOG's controls do, from the checklist to the end of the last turn."""

from __future__ import annotations

import textwrap
from typing import TYPE_CHECKING, Any

from fogkeeper.errors import FogkeeperError
from fogkeeper.flow import fog_play as play
from fogkeeper.flow.fog_begin import begin, public_setup, value_rows
from fogkeeper.flow.fog_menus import menu_rows
from fogkeeper.flow.fog_model import HOURGLASS_SECONDS, FogScreen, Session
from fogkeeper.flow.fog_setup import problems, rows, step
from fogkeeper.flow.fog_wizard import WizardActions
from fogkeeper.flow.game import Outcome
from fogkeeper.rules.fog import Refusal, current_turn

if TYPE_CHECKING:
    from transitions import Machine

    from fogkeeper.flow.game import GameContext
    from fogkeeper.flow.hourglass import Hourglass

__all__ = ["HOURGLASS_SECONDS", "REFUSALS", "Actions", "time_up"]
F = FogScreen
REFUSALS = (FogkeeperError,)
NOTICE_WIDTH = 21


class Actions(WizardActions):
    """The callbacks the transition table names; ``s`` is the session."""

    s: Session
    screen: FogScreen
    machine: Machine
    context: GameContext
    glass: Hourglass | None
    outcome: Outcome

    def new_glass(self) -> Hourglass:
        raise NotImplementedError

    def store_preset(self) -> None:
        raise NotImplementedError

    # ---- moving between screens ----------------------------------------------------------
    def go(self, screen: FogScreen, cursor: int = 0) -> None:
        self.machine.set_state(screen, model=self)
        self.s.cursor = cursor

    def entered(self) -> None:
        self.s.cursor = 0

    def refuse(self, message: str) -> None:
        """Show why an action is not possible; OK or B returns to where the table was."""
        if self.screen is not F.NOTICE:
            self.s.back_to = self.screen.value
        reasons = message.removeprefix("record breaks the rules: ").split("; ")
        self.s.notice = [line for why in reasons for line in textwrap.wrap(why, NOTICE_WIDTH)]
        self.go(F.NOTICE)

    def remember(self) -> None:
        self.s.back_to = self.screen.value

    def go_back(self) -> None:
        self.go(FogScreen(self.s.back_to))

    def quit_game(self) -> None:
        self.outcome = Outcome.EXIT

    def emit(self, event: str, payload: dict[str, Any]) -> None:
        self.context.effects.emit(event, payload)

    # ---- lists and forms -----------------------------------------------------------------
    def rows_here(self) -> list[tuple[str, str, str]]:
        return menu_rows(self.s, self.screen)

    def row_key(self) -> str:
        found = self.rows_here()
        return found[min(self.s.cursor, len(found) - 1)][0] if found else ""

    def cursor_up(self) -> None:
        self.s.cursor = max(0, self.s.cursor - 1)

    def cursor_down(self) -> None:
        self.s.cursor = min(len(self.rows_here()) - 1, self.s.cursor + 1)

    def value_up(self) -> None:
        self._change(+1)

    def value_down(self) -> None:
        self._change(-1)

    def _change(self, direction: int) -> None:
        if self.screen is F.SETUP:
            row = rows(self.s.setup)[self.s.cursor]
            self.s.setup = step(self.s.setup, row, direction)
            self.s.cursor = min(self.s.cursor, len(rows(self.s.setup)) - 1)
        elif self.screen is F.VALUES:
            self._step_value(direction)
        else:
            self.change_in_wizard(direction)

    def _step_value(self, direction: int) -> None:
        for row in value_rows(self.s.setup):
            if row.key == self.row_key():
                value = self.s.values.get(row.key, row.default) + direction
                self.s.values[row.key] = min(row.high, max(row.low, value))

    # ---- setup ---------------------------------------------------------------------------
    def setup_ok(self) -> None:
        if self.row_key() != f"setup:{len(rows(self.s.setup)) - 1}":
            self._change(+1)
            return
        found = problems(self.s.setup)
        if found:
            self.refuse("; ".join(found))
            return
        self.store_preset()
        needed = value_rows(self.s.setup)
        if needed:
            self.s.values = {r.key: self.s.values.get(r.key, r.default) for r in needed}
            self.go(F.VALUES)
        else:
            self.start_game()

    def values_ok(self) -> None:
        if self.row_key() == "done":
            self.start_game()
        else:
            self._change(+1)

    def start_game(self) -> None:
        begin(self.s)
        self.emit("fog.setup", public_setup(self.s))
        self.go(F.INFO)

    def info_ok(self) -> None:
        if self.s.mission_queue:
            self.go(F.PASS)
        elif self.s.open_missions:
            self.go(F.OPEN)
        else:
            self.after_missions()

    def hand_ok(self) -> None:
        turn = play.mission_turn(self.s)
        play.keep(self.s, self.s.cursor)
        if turn is not None:  # only who kept a card, never which
            self.emit("fog.mission.kept", {"player": turn[1]})
        if play.mission_turn(self.s) is not None:
            self.go(F.PASS)
        elif self.s.open_missions:
            self.go(F.OPEN)
        else:
            self.after_missions()

    def open_ok(self) -> None:
        self.after_missions()

    def after_missions(self) -> None:
        if self.s.draft and self.s.draft_pick < len(self.s.draft):
            self.go(F.DRAFT)
        else:
            self.begin_turns()

    def draft_ok(self) -> None:
        if play.draft_next(self.s):
            self.begin_turns()

    def draft_undo(self) -> None:
        play.draft_back(self.s)

    def draft_done(self) -> None:
        play.draft_next(self.s, len(self.s.draft))
        self.begin_turns()

    # ---- turns ---------------------------------------------------------------------------
    def begin_turns(self) -> None:
        self.announce_round()
        self.start_turn()

    def announce_round(self) -> None:
        state = self.s.state
        if state.event is not None:
            card = self.s.rules.cards.by_id(state.event)
            self.context.effects.sound("reveal")
            self.emit("fog.event", {"round": state.round_no, "card": card.card_id,
                                    "name": card.name})

    def start_turn(self) -> None:
        """A fresh turn: a full hourglass with option 1, the turn screen."""
        self.glass = None
        if self.s.state.setup.options.hourglass:
            self.glass = self.new_glass()
            self.glass.start(self.context.clock())
        turn = current_turn(self.s.state)
        self.emit("fog.turn", {"entry": turn.entry, "round": turn.round_no,
                               "mp": turn.mp_budget, "double_turn": turn.double_turn})
        self.go(F.TURN)

    def turn_end(self) -> None:
        step_made = play.finish_turn(self.s, F.TURN.value)
        self.context.effects.sound("click")
        if step_made is None:
            self.start_turn()
            return
        self.glass = None
        self.context.effects.sound("fog")
        self.emit("fog.advanced", step_made)
        self.go(F.FOG)

    def spend_one(self) -> None:
        play.spend(self.s, 1, F.TURN.value)

    def undo(self) -> None:
        screen = FogScreen(play.undo(self.s))
        if screen is F.TURN and self.glass is None and self.s.state.setup.options.hourglass:
            self.glass = self.new_glass()
            self.glass.start(self.context.clock())
        self.go(screen)

    def glass_toggle(self) -> None:
        if self.glass is not None:
            self.glass.toggle(self.context.clock())

    def open_cost(self) -> None:
        self.s.cost = {**play.COST_DEFAULT, **self.s.cost}

    def cost_pay(self) -> None:
        found = play.price(self.s, self.s.cost)
        if isinstance(found, Refusal):
            self.refuse(found.reason)
            return
        play.spend(self.s, found.mp, F.TURN.value)
        self.go(F.TURN)

    def end_confirmed(self) -> None:
        play.end_now(self.s)
        self.glass = None
        self.start_scoring()


def time_up(flow: Actions) -> None:
    """The hourglass ran out: the active colour's MP are lost; OK ends the turn."""
    if flow.screen in (F.TURN, F.COST) and not play.is_over(flow.s):
        play.lose_remaining_mp(flow.s)
        flow.go(F.TURN)
