"""Turns and rounds, as a part of The FOG's flow: the turn screen and its MP, the round's
event, the hourglass, what a move costs, the end of a round and the early end of the game."""

from __future__ import annotations

from fogkeeper.flow.fog import table_cards, turns
from fogkeeper.flow.fog.part import Part
from fogkeeper.flow.fog.session import COST_CHOICES, HOURGLASS_SECONDS, Ask, CostField
from fogkeeper.flow.fog.table import FogScreen, Go
from fogkeeper.flow.hourglass import SAVED_AT_WALL, Hourglass, Phase
from fogkeeper.flow.hourglass import resumed as aged
from fogkeeper.rules.fog import current_turn


class Rounds(Part):
    """The turn and cost screens, the hourglass, and the turns' way through a round."""

    # ---- presses -------------------------------------------------------------------------
    def resumed_key(self, trigger: str) -> bool:
        """The first press on a resumed turn: OK goes on with it (its glass runs again) and
        ends nothing; any other control goes on and does what it does."""
        if not self.flow.resumed:
            return False
        self.flow.resumed = False
        glass = self.flow.glass
        if trigger == "ok":
            if glass is not None and glass.phase is Phase.PAUSED:
                glass.resume(self.flow.context.clock())
            return True
        return False

    def turn_key(self, trigger: str) -> bool:
        s = self.s
        if s.show_starts_turn:       # the round's event, read before the first move
            if trigger in ("up", "down"):
                last = len(table_cards.text_lines(s, s.shown_card)) - 1
                step = 1 if trigger == "down" else -1
                s.cursor = max(0, min(last, s.cursor + step))
            elif trigger in ("ok", "back"):
                self.dismiss_event()
            else:
                return False
            return True
        if trigger == "down":
            turns.spend(s, 1)
        elif trigger == "up" and s.state.event is not None:
            self.flow.cards.show(s.state.event, starts_turn=False)
        elif trigger in ("up", "back"):
            if turns.undo_crosses_fog(s):
                s.asking = Ask.UNDO_FOG
                self.flow.fire(Go.ASK_UNDO_FOG)
            else:
                self.undo()
        elif trigger == "left":
            self.glass_toggle()
        else:
            return False
        return True

    def change_cost(self, key: CostField, direction: int) -> None:
        """A cost question's answer one choice on (round the choices)."""
        choices = COST_CHOICES[key]
        current = self.s.cost.get(key)
        new = choices[(choices.index(current) + direction) % len(choices)]
        self.s.cost = self.s.cost.with_value(key, new)

    # ---- actions the buttons and the link share ------------------------------------------
    def undo(self) -> None:
        """Every undo step was taken on the turn screen; a restored turn gets a full glass."""
        turns.undo(self.s)
        self.restart_glass()

    def glass_toggle(self) -> None:
        self.flow.resumed = False
        if self.flow.glass is not None:
            self.flow.glass.toggle(self.flow.context.clock())

    def dismiss_event(self) -> None:
        """The round's event was read: the turn's hourglass starts now."""
        if self.s.show_starts_turn:
            self.s.show_starts_turn = False
            self.restart_glass()

    # ---- the hourglass -------------------------------------------------------------------
    def new_glass(self) -> Hourglass:
        timer = self.flow.context.config.timer
        return Hourglass(HOURGLASS_SECONDS, warn_at=timer.warn_at_seconds, players=1)

    def wall_clock(self) -> float:
        """The box's wall clock, the one its Timer's saves read: the monotonic clock starts
        again at a restart, so it cannot say how long the box was off."""
        return self.flow.context.wall_clock()

    def saved_glass(self) -> dict[str, object] | None:
        """The turn's glass for the saved game: a running one is saved paused, with the time
        it has left and the wall clock now. The box saves on a change, not every second, so
        a restart takes off the wall-clock time since, as the box's own Timer does."""
        glass = self.flow.glass
        if glass is None:
            return None
        saved: dict[str, object] = dict(glass.snapshot(self.flow.context.clock()))
        if glass.phase is Phase.RUNNING:
            saved[SAVED_AT_WALL] = round(self.wall_clock(), 3)
        return saved

    def put_back_glass(self, saved: object) -> None:
        """A saved game's glass, aged by the wall-clock time the box was off (down to 0);
        it comes back paused, for the same turn."""
        self.flow.glass = None
        if saved is None:
            return
        if not isinstance(saved, dict):
            raise TypeError("the saved hourglass is not an object")
        self.flow.glass = self.new_glass()
        self.flow.glass.restore(aged(saved, self.wall_clock()))

    def mark_resumed(self, screen: FogScreen) -> None:
        """The first press on a turn brought back after a power cut goes on with it (and
        its glass) and never ends it: the players just pressed OK to resume, and a second
        OK must not end the turn."""
        s = self.s
        self.flow.resumed = s.game is not None and (
            (screen is FogScreen.TURN and not s.show_starts_turn)
            or (screen is FogScreen.ASK and s.asking in (Ask.ROUND_END, Ask.UNDO_FOG)))

    def restart_glass(self) -> None:
        if self.flow.glass is None and self.s.state.setup.options.hourglass:
            self.flow.glass = self.new_glass()
            self.flow.glass.start(self.flow.context.clock())

    def lose_mp(self) -> None:
        turns.lose_remaining_mp(self.s)

    # ---- a turn's way through the round --------------------------------------------------
    def begin_turns(self) -> None:
        """A round's first turn: its event card is revealed (entered first when the table
        draws) and shown in full, then the turn starts."""
        s = self.s
        state = s.state
        if state.event is None:
            self.start_turn()
            return
        if table_cards.event_due(s):
            table_cards.ask(s, "events", "turn")
            self.flow.fire(Go.ASK_CARD)
            return
        card = s.rules.cards.by_id(state.event)
        self.flow.context.effects.sound("reveal")
        self.emit("fog.event", {"round": state.round_no, "card": card.card_id,
                                "name": card.name})
        s.shown_card, s.show_starts_turn, s.cursor = card.card_id, True, 0
        self.start_turn()

    def start_turn(self) -> None:
        """A fresh turn: a full hourglass with option 1 (once the round's event is read)."""
        self.flow.glass, self.flow.resumed = None, False
        if not self.s.show_starts_turn:
            self.restart_glass()
        turn = current_turn(self.s.state)
        self.emit("fog.turn", {"entry": turn.entry, "round": turn.round_no,
                               "mp": turn.mp_budget, "double_turn": turn.double_turn})

    def close_turn(self) -> None:
        self.flow.resumed = False
        step_made = turns.finish_turn(self.s)
        effects = self.flow.context.effects
        effects.sound("click")
        if step_made is not None:
            self.flow.glass = None
            effects.sound("fog")
            self.emit("fog.advanced", step_made.to_dict())

    def pay_cost(self) -> None:
        turns.pay(self.s, self.s.cost)

    def ask_round_end(self) -> None:
        self.s.asking = Ask.ROUND_END

    def undo_fog_step(self) -> None:
        """Undo takes back the FOG step the table confirmed (its card and losses too)."""
        turns.undo(self.s)
        self.s.entered_round = self.s.state.round_no
        self.flow.glass = None
        self.restart_glass()

    def end_game_now(self) -> None:
        turns.end_now(self.s)
        self.flow.glass = None

    # ---- conditions ----------------------------------------------------------------------
    def is_round_end(self) -> bool:
        """Ending the active turn brings the FOG: it is the round's last turn."""
        return turns.is_round_end(self.s)

    def is_over(self) -> bool:
        return turns.is_over(self.s)

    def is_asking_round_end(self) -> bool:
        return self.s.asking is Ask.ROUND_END

    def is_asking_undo_fog(self) -> bool:
        return self.s.asking is Ask.UNDO_FOG

    def is_asking_at_turn(self) -> bool:
        return self.s.asking in (Ask.ROUND_END, Ask.UNDO_FOG)
