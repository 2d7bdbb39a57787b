"""The Guardian's turn behind the PIN: straight moves on the joystick, the attack, the report.

The maze shows only after the PIN; an illegal move is refused with its reason there. With
no PIN configured the Guardian enters moves blind and a refusal gives no reason, because
the shared screen may be watched. ``hold key3`` lets the Guardian look at the maze (PIN).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from fogkeeper.flow.fogsite.setup import DIRECTION_OF
from fogkeeper.flow.fogsite.table import Go
from fogkeeper.flow.kit.menu import step_cursor
from fogkeeper.flow.kit.pin import PinAnswer, PinPad
from fogkeeper.rules.fogsite import (
    AttackReport,
    GuardianMove,
    GuardianMoveError,
    guardian_turn,
    public_view,
    trace_moves,
)
from fogkeeper.secret import Secret

if TYPE_CHECKING:
    from fogkeeper.flow.fogsite.game import FogsiteFlow

G6_ROWS = ("Lay passers down", "Let them pass")
EVERY_KEY = ("up", "down", "left", "right", "ok", "back", "key3")  # what a PIN pad reads
LOCKED_REFUSAL = "Refused: not a legal move"


class GuardianTurn:
    """The Guardian's screens and ``do_turn``, which the link shares."""

    def __init__(self, flow: FogsiteFlow) -> None:
        self.flow = flow

    def has_pin(self) -> bool:
        return self.flow.context.has_pin()

    def open_turn(self) -> None:
        """The human Guardian's turn: the team's clock stops and the maze stays covered."""
        session = self.flow.session
        self.flow.team.stop_clock()
        session.unlocked = False
        session.plan, session.refusal = [], ""
        session.guardian_refusal = Secret("")

    def gate_key(self, button: str) -> None:
        """With a PIN, OK opens the pad. With none, the box is handed to the Guardian, who
        holds OK: a plain OK from whoever holds the box opens nothing."""
        session = self.flow.session
        if self.has_pin() and button == "ok":
            session.refusal = ""
            session.pad = PinPad("Guardian PIN", self.flow.context.pin_length())
            self.flow.fire(Go.OPEN_PIN)
        elif not self.has_pin() and button == "hold_ok":
            session.refusal = ""
            self.flow.fire(Go.ENTER_MOVES)

    def read_pad(self, button: str) -> PinAnswer | None:
        """A key on the Guardian's PIN: the right one shows the maze until the turn is played
        or covered again; a cancel drops the pad."""
        session = self.flow.session
        answer = self.flow.read_pin(button) if button in EVERY_KEY else None
        if answer is PinAnswer.RIGHT:
            session.pad, session.unlocked, session.refusal = None, True, ""
        elif answer is PinAnswer.CANCEL:
            session.pad = None
        return answer

    def pin_key(self, button: str) -> None:
        answer = self.read_pad(button)
        if answer is PinAnswer.RIGHT:
            self.flow.fire(Go.ENTER_MOVES)
        elif answer is PinAnswer.CANCEL:
            self.flow.fire(Go.PIN_CANCEL)

    # ---- planning the turn -------------------------------------------------------------------
    def moves_key(self, button: str) -> None:
        session = self.flow.session
        if button in DIRECTION_OF:
            self._plan_step(button)
        elif button == "back":
            if session.plan:
                last = session.plan[-1]
                shorter = [GuardianMove(last.direction, last.spaces - 1)] if last.spaces > 1 \
                    else []
                session.plan = [*session.plan[:-1], *shorter]
            session.refusal, session.guardian_refusal = "", Secret("")
        elif button == "ok" and session.running.options.has("G6"):
            try:  # a plan the rules refuse is refused before the G6 question
                trace_moves(session.running, list(session.plan))
            except GuardianMoveError as error:
                self._refuse(str(error))
                return
            self.flow.fire(Go.G6_ASK)
        elif button == "ok":
            try:
                self.do_turn(list(session.plan))
            except GuardianMoveError as error:
                self._refuse(str(error))
        elif button == "hold_back":  # cover the maze before handing the box round
            session.unlocked = False
            self.flow.fire(Go.MAZE_COVERED)

    def _plan_step(self, button: str) -> None:
        """A direction adds a space: to the last move if it is the same way, else a new move."""
        session = self.flow.session
        direction = DIRECTION_OF[button]
        plan = list(session.plan)
        if plan and plan[-1].direction is direction:
            plan[-1] = GuardianMove(direction, plan[-1].spaces + 1)
        else:
            plan.append(GuardianMove(direction, 1))
        try:
            trace_moves(session.running, plan, check_end=False)
        except GuardianMoveError as error:
            self._refuse(str(error))
            return
        session.plan, session.refusal, session.guardian_refusal = plan, "", Secret("")

    def _refuse(self, reason: str) -> None:
        """A refused plan: the reason names the maze's walls, so it is a secret; the table
        (and a Guardian who has not opened the maze) only hears that the plan was refused."""
        session = self.flow.session
        self.flow.context.effects.sound("error")
        session.refusal = LOCKED_REFUSAL
        session.guardian_refusal = Secret(f"Refused: {reason}" if session.unlocked else "")

    def g6_key(self, button: str) -> None:
        """G6: until its next turn, does the Guardian lay down an Investigator passing its
        space? Asked every turn with G6 in play (row 0, the fair default: yes)."""
        session = self.flow.session
        if button in ("up", "down"):
            session.cursor = step_cursor(session.cursor, button, len(G6_ROWS))
        elif button == "ok":
            try:
                self.do_turn(list(session.plan), g6=session.cursor == 0)
            except GuardianMoveError as error:
                self._refuse(str(error))

    def do_turn(self, moves: list[GuardianMove], g6: bool | None = None) -> AttackReport:
        attack = self.play_moves(moves, g6)
        self.flow.fire(Go.GUARDIAN_PLAYED)
        return attack

    def play_moves(self, moves: list[GuardianMove], g6: bool | None = None) -> AttackReport:
        """Play the Guardian's turn and tell the table how many were attacked, never where.
        ``g6``: its standing choice on Investigators passing its space (balancing G6)."""
        session = self.flow.session
        walk = trace_moves(session.running, moves)
        if g6 is not None:
            session.running = session.running.with_g6(g6)
        session.running, attack = guardian_turn(session.running, moves)
        session.walked("Guardian", list(walk.entered))
        session.plan, session.unlocked, session.refusal = [], False, ""
        session.guardian_refusal = Secret("")
        count = len(attack.attacked)
        small = [f"{attack.tiles_removed} Map tiles removed"] if count else ["No Map tile lost"]
        public = public_view(session.running)["last_attack"]
        if isinstance(public, dict) and "attacked" in public:
            small.append(" ".join(public["attacked"]))
        session.report = ((f"{count} attacked",), tuple(small))
        self.flow.context.effects.emit("fogsite.answer", {"action": "guardian", "colour": None,
                                                          "answer": f"{count} attacked"})
        return attack

    def report_key(self, button: str) -> None:
        if button in ("ok", "back"):  # the team's time already runs (TeamTurn.sync_clock)
            self.flow.onward()

    # ---- the Guardian's look at the maze during the team's turn ------------------------------
    def can_peek(self) -> bool:
        return self.has_pin() and not self.flow.session.box_plays()  # else nobody here guards

    def peek(self) -> None:
        session = self.flow.session
        if not self.can_peek():
            return
        session.back_to, session.back_cursor, session.refusal = self.flow.state, session.cursor, ""
        session.pad = PinPad("Guardian PIN", self.flow.context.pin_length())
        self.flow.fire(Go.PEEK)

    def peek_pin_key(self, button: str) -> None:
        answer = self.read_pad(button)
        if answer is PinAnswer.RIGHT:
            self.flow.fire(Go.PIN_OK)
        elif answer is PinAnswer.CANCEL:
            self.flow.go_back()

    def peek_key(self, button: str) -> None:
        session = self.flow.session
        if button in EVERY_KEY:
            session.unlocked = False
            self.flow.go_back()
            session.cursor = session.back_cursor
