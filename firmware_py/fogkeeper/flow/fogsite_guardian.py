"""The Guardian's turn behind the PIN: straight moves on the joystick, the attack, the report.

The maze shows only after the PIN; an illegal move is refused with its reason there. With
no PIN configured the Guardian enters moves blind and a refusal gives no reason, because
the shared screen may be watched. ``hold key3`` lets the Guardian look at the maze (PIN).
"""

from __future__ import annotations

from typing import Any

from fogkeeper.flow.fogsite_core import DIRECTION_OF, DIRECTIONS, WRONG_PIN, FogsiteCore, S, Stage
from fogkeeper.flow.fogsite_team import TEAM_STAGES
from fogkeeper.flow.pin import PinPad
from fogkeeper.rules.fogsite import (
    AttackReport,
    GuardianMove,
    GuardianMoveError,
    guardian_turn,
    trace_moves,
)

EVERY_KEY = ["up", "down", "left", "right", "ok", "back", "key3"]
TRANSITIONS: list[dict[str, Any]] = [
    {"trigger": "ok", "source": S.GUARDIAN_GATE, "dest": None, "after": "open_guardian"},
    {"trigger": EVERY_KEY, "source": S.GUARDIAN_PIN, "dest": None, "after": "guardian_pin"},
    {"trigger": DIRECTIONS, "source": S.GUARDIAN_MOVES, "dest": None, "after": "plan_step"},
    {"trigger": "back", "source": S.GUARDIAN_MOVES, "dest": None, "after": "plan_undo"},
    {"trigger": "ok", "source": S.GUARDIAN_MOVES, "dest": None, "after": "play_plan"},
    {"trigger": "hold_back", "source": S.GUARDIAN_MOVES, "dest": None, "after": "hide_guardian"},
    {"trigger": ["ok", "back"], "source": S.GUARDIAN_REPORT, "dest": None,
     "after": "report_seen"},
    {"trigger": "hold_key3", "source": TEAM_STAGES, "dest": None, "after": "open_peek"},
    {"trigger": EVERY_KEY, "source": S.PEEK_PIN, "dest": None, "after": "peek_pin"},
    {"trigger": EVERY_KEY, "source": S.PEEK, "dest": None, "after": "close_peek"},
]
LOCKED_REFUSAL = "Refused: not a legal move"


class GuardianMixin(FogsiteCore):
    """The Guardian's screens and ``do_guardian_turn``, which the link shares."""

    report: tuple[tuple[str, ...], tuple[str, ...]] = ((), ())
    back_cursor = 0

    def has_pin(self) -> bool:
        return bool(self.context.config.security.pin)

    def open_guardian(self) -> None:
        self.refusal = ""
        if self.has_pin():
            self.pad = PinPad("Guardian PIN")
            self.go(S.GUARDIAN_PIN)
        else:
            self.go(S.GUARDIAN_MOVES)

    def _pin_entered(self, on_match: Stage, on_cancel: Stage) -> None:
        assert self.pad is not None  # the PIN screens always have a pad
        entered = self.pad.handle(self.pressed)
        if entered == "":
            self.pad = None
            self.go(on_cancel)
        elif entered is not None and self.context.pin_matches(entered):
            self.pad, self.unlocked, self.refusal = None, True, ""
            self.go(on_match)
        elif entered is not None:
            self.refusal = "Wrong PIN"
            self.pad = PinPad(WRONG_PIN)

    def guardian_pin(self) -> None:
        self._pin_entered(S.GUARDIAN_MOVES, S.GUARDIAN_GATE)

    def hide_guardian(self) -> None:
        """Hold B: cover the maze again before handing the box round."""
        self.unlocked = False
        self.go(S.GUARDIAN_GATE)

    # ---- planning the turn ---------------------------------------------------------------
    def plan_step(self) -> None:
        """A direction adds a space: to the last move if it is the same way, else a new move."""
        direction = DIRECTION_OF[self.pressed]
        plan = list(self.plan)
        if plan and plan[-1].direction is direction:
            plan[-1] = GuardianMove(direction, plan[-1].spaces + 1)
        else:
            plan.append(GuardianMove(direction, 1))
        try:
            trace_moves(self.running, plan, check_end=False)
        except GuardianMoveError as error:
            self.refuse(str(error))
            return
        self.plan, self.refusal = plan, ""

    def refuse(self, reason: str) -> None:
        self.context.effects.sound("error")
        self.refusal = f"Refused: {reason}" if self.unlocked else LOCKED_REFUSAL

    def plan_undo(self) -> None:
        if self.plan:
            last = self.plan[-1]
            shorter = [GuardianMove(last.direction, last.spaces - 1)] if last.spaces > 1 else []
            self.plan = [*self.plan[:-1], *shorter]
        self.refusal = ""

    def play_plan(self) -> None:
        try:
            self.do_guardian_turn(list(self.plan))
        except GuardianMoveError as error:
            self.refuse(str(error))

    def do_guardian_turn(self, moves: list[GuardianMove]) -> AttackReport:
        attack = self.play_guardian_moves(moves)
        self.go(S.GUARDIAN_REPORT)
        return attack

    def play_guardian_moves(self, moves: list[GuardianMove]) -> AttackReport:
        """Play the Guardian's turn and tell the table how many were attacked, never where."""
        walk = trace_moves(self.running, moves)
        self.game, attack = guardian_turn(self.running, moves)
        self.walked("Guardian", list(walk.entered))
        self.plan, self.unlocked, self.refusal = [], False, ""
        count = len(attack.attacked)
        small = [f"{attack.tiles_removed} Map tiles removed"] if count else ["No Map tile lost"]
        if "attacked" in (public := self.public_attack()):
            small.append(" ".join(public["attacked"]))
        self.report = ((f"{count} attacked",), tuple(small))
        self.context.effects.emit("fogsite.answer", {"action": "guardian", "colour": None,
                                                     "answer": f"{count} attacked"})
        return attack

    def public_attack(self) -> dict[str, Any]:
        from fogkeeper.rules.fogsite import public_view

        attack = public_view(self.running)["last_attack"]
        return attack if isinstance(attack, dict) else {}

    def report_seen(self) -> None:
        self.start_team_clock()
        self.carry_on()

    # ---- the Guardian's look at the maze during the team's turn --------------------------
    def open_peek(self) -> None:
        if not self.has_pin() or self.box_plays():  # nobody at the table is the Guardian
            return
        self.back_to, self.back_cursor, self.refusal = self.state, self.cursor, ""
        self.pad = PinPad("Guardian PIN")
        self.go(S.PEEK_PIN)

    def peek_pin(self) -> None:
        self._pin_entered(S.PEEK, self.back_to)

    def close_peek(self) -> None:
        self.unlocked = False
        self.go(self.back_to)
        self.cursor = self.back_cursor
