"""The Guardian's turn behind the PIN: straight moves on the joystick, the attack, the report.

The maze shows only after the PIN; an illegal move is refused with its reason there. With
no PIN configured the Guardian enters moves blind and a refusal gives no reason, because
the shared screen may be watched. ``hold key3`` lets the Guardian look at the maze (PIN).
"""

from __future__ import annotations

from typing import Any

from fogkeeper.flow.fogsite_core import (
    DIRECTION_OF,
    DIRECTIONS,
    FogsiteCore,
    S,
)
from fogkeeper.flow.fogsite_rows import onward_rows, return_rows
from fogkeeper.flow.fogsite_team import TEAM_STAGES
from fogkeeper.flow.kit.pin import PinPad
from fogkeeper.rules.fogsite import (
    AttackReport,
    GuardianMove,
    GuardianMoveError,
    guardian_turn,
    trace_moves,
)

EVERY_KEY = ["up", "down", "left", "right", "ok", "back", "key3"]
TRANSITIONS: list[dict[str, Any]] = [
    {"trigger": "ok", "source": S.GUARDIAN_GATE, "dest": S.GUARDIAN_PIN, "conditions": "has_pin",
     "before": "arm_guardian_pad"},
    {"trigger": "ok", "source": S.GUARDIAN_GATE, "dest": S.GUARDIAN_MOVES,
     "before": "clear_refusal"},
    # the PIN screens: every key goes to the pad, which answers pin_ok or pin_cancel
    {"trigger": EVERY_KEY, "source": S.GUARDIAN_PIN, "dest": None, "after": "read_pin"},
    {"trigger": "pin_ok", "source": S.GUARDIAN_PIN, "dest": S.GUARDIAN_MOVES,
     "before": "unlock_maze"},
    {"trigger": "pin_cancel", "source": S.GUARDIAN_PIN, "dest": S.GUARDIAN_GATE,
     "before": "drop_pad"},
    {"trigger": DIRECTIONS, "source": S.GUARDIAN_MOVES, "dest": None, "after": "plan_step"},
    {"trigger": "back", "source": S.GUARDIAN_MOVES, "dest": None, "after": "plan_undo"},
    {"trigger": "ok", "source": S.GUARDIAN_MOVES, "dest": None, "after": "play_plan"},
    {"trigger": "guardian_played", "source": S.GUARDIAN_MOVES, "dest": S.GUARDIAN_REPORT},
    {"trigger": "hold_back", "source": S.GUARDIAN_MOVES, "dest": S.GUARDIAN_GATE,
     "before": "cover_maze"},
    *onward_rows(["ok", "back"], S.GUARDIAN_REPORT, before=("start_team_clock",)),
]
# the Guardian's look at the maze during the team's turn, then back where the team was
PEEK_TABLE: list[dict[str, Any]] = [
    {"trigger": "hold_key3", "source": TEAM_STAGES, "dest": S.PEEK_PIN, "conditions": "can_peek",
     "before": "arm_peek_pad"},
    {"trigger": EVERY_KEY, "source": S.PEEK_PIN, "dest": None, "after": "read_pin"},
    {"trigger": "pin_ok", "source": S.PEEK_PIN, "dest": S.PEEK, "before": "unlock_maze"},
    {"trigger": "pin_cancel", "source": S.PEEK_PIN, "dest": None,
     "after": ["drop_pad", "go_back"]},
    *return_rows(S.PEEK_PIN, TEAM_STAGES),
    {"trigger": EVERY_KEY, "source": S.PEEK, "dest": None, "after": ["cover_maze", "go_back"]},
    *return_rows(S.PEEK, TEAM_STAGES, after=("restore_back_cursor",)),
]
LOCKED_REFUSAL = "Refused: not a legal move"


class GuardianMixin(FogsiteCore):
    """The Guardian's screens and ``do_guardian_turn``, which the link shares."""

    report: tuple[tuple[str, ...], tuple[str, ...]] = ((), ())
    back_cursor = 0

    def has_pin(self) -> bool:
        return bool(self.context.config.security.pin)

    def arm_guardian_pad(self) -> None:
        self.refusal = ""
        self.pad = PinPad("Guardian PIN")

    def clear_refusal(self) -> None:
        self.refusal = ""

    def unlock_maze(self) -> None:
        """The right PIN: the maze shows until the turn is played or covered again."""
        self.pad, self.unlocked, self.refusal = None, True, ""

    def drop_pad(self) -> None:
        self.pad = None

    def cover_maze(self) -> None:
        """Hold B (or any key on a look): cover the maze again before handing the box round."""
        self.unlocked = False

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
        self.trigger("guardian_played")
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

    # ---- the Guardian's look at the maze during the team's turn --------------------------
    def can_peek(self) -> bool:
        return self.has_pin() and not self.box_plays()  # else nobody here is the Guardian

    def arm_peek_pad(self) -> None:
        self.back_to, self.back_cursor, self.refusal = self.state, self.cursor, ""
        self.pad = PinPad("Guardian PIN")

    def restore_back_cursor(self) -> None:
        self.cursor = self.back_cursor
