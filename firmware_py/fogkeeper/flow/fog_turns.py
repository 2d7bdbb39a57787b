"""What The FOG's controls do during the turns: MP, undo, the hourglass, the MP helper, the end."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from fogkeeper.errors import RulesError
from fogkeeper.flow import fog_play as play
from fogkeeper.flow.fog_model import FogScreen
from fogkeeper.flow.fog_wizard import WizardActions
from fogkeeper.rules.fog import Refusal, current_turn

if TYPE_CHECKING:
    from fogkeeper.flow.hourglass import Hourglass

F = FogScreen

TURN_TABLE: list[dict[str, Any]] = [
    # OK ends the turn; after the round's last turn the FOG advances
    {"trigger": "ok", "source": F.TURN, "dest": F.FOG, "conditions": "is_round_end",
     "before": "close_turn"},
    {"trigger": "ok", "source": F.TURN, "dest": F.TURN, "before": ["close_turn", "start_turn"]},
    {"trigger": "down", "source": F.TURN, "dest": None, "after": "spend_one"},
    {"trigger": ["up", "back"], "source": F.TURN, "dest": F.TURN, "before": "undo"},
    {"trigger": "left", "source": F.TURN, "dest": None, "after": "glass_toggle"},
    # the hourglass ran out: the MP left are lost, OK still ends the turn
    {"trigger": "time_up", "source": [F.TURN, F.COST], "dest": F.TURN, "unless": "is_over",
     "before": "lose_mp"},
    # the MP helper and the early end sit on right / hold OK too: two-key boards have no KEY3
    {"trigger": ["right", "key3"], "source": F.TURN, "dest": F.COST, "before": "open_cost"},
    {"trigger": ["hold_ok", "hold_key3"], "source": F.TURN, "dest": F.END_NOW},
    {"trigger": "ok", "source": F.COST, "dest": F.TURN, "before": "pay_cost"},
    {"trigger": ["back", "key3"], "source": F.COST, "dest": F.TURN},
    {"trigger": "paid", "source": [F.TURN, F.COST], "dest": F.TURN},   # the link paid a cost
    # nobody has an Islander left to move: confirm, then the scoring wizard
    {"trigger": "ok", "source": F.END_NOW, "dest": F.SCORE,
     "before": ["end_game_now", "start_scoring"], "after": "cursor_to_add"},
    {"trigger": "end_game", "source": [F.TURN, F.END_NOW], "dest": F.SCORE,   # from the link
     "before": ["end_game_now", "start_scoring"], "after": "cursor_to_add"},
    {"trigger": "back", "source": F.END_NOW, "dest": F.TURN},
]


class TurnActions(WizardActions):
    """Callbacks and conditions for the turns; ``glass`` is option 1's hourglass."""

    glass: Hourglass | None

    def new_glass(self) -> Hourglass:
        raise NotImplementedError

    # ---- conditions ----------------------------------------------------------------------
    def is_round_end(self) -> bool:
        """Ending the active turn brings the FOG: it is the round's last turn."""
        return play.is_round_end(self.s)

    # ---- a turn starts and ends ----------------------------------------------------------
    def begin_turns(self) -> None:
        """A round's first turn: its event card is revealed, then the turn starts."""
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
        """A fresh turn: a full hourglass with option 1."""
        self.glass = None
        self.restart_glass()
        turn = current_turn(self.s.state)
        self.emit("fog.turn", {"entry": turn.entry, "round": turn.round_no,
                               "mp": turn.mp_budget, "double_turn": turn.double_turn})

    def restart_glass(self) -> None:
        if self.glass is None and self.s.state.setup.options.hourglass:
            self.glass = self.new_glass()
            self.glass.start(self.context.clock())

    def close_turn(self) -> None:
        step_made = play.finish_turn(self.s, F.TURN.value)
        self.context.effects.sound("click")
        if step_made is not None:
            self.glass = None
            self.context.effects.sound("fog")
            self.emit("fog.advanced", step_made)

    # ---- during a turn -------------------------------------------------------------------
    def spend_one(self) -> None:
        play.spend(self.s, 1, F.TURN.value)

    def undo(self) -> None:
        """Every undo step was taken on the turn screen; a restored turn gets a full glass."""
        play.undo(self.s)
        self.restart_glass()

    def glass_toggle(self) -> None:
        if self.glass is not None:
            self.glass.toggle(self.context.clock())

    def lose_mp(self) -> None:
        play.lose_remaining_mp(self.s)

    def open_cost(self) -> None:
        self.s.cost = {**play.COST_DEFAULT, **self.s.cost}

    def pay_cost(self) -> None:
        found = play.price(self.s, self.s.cost)
        if isinstance(found, Refusal):
            raise CostRefused(found.reason)
        play.spend(self.s, found.mp, F.TURN.value)

    def end_game_now(self) -> None:
        play.end_now(self.s)
        self.glass = None


class CostRefused(RulesError):
    """The MP helper's movement is not allowed; its reason is shown on the notice screen."""
