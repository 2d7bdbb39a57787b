"""The human Guardian's choice of answer: where the rules let it choose (Relics 02 and 05 on
a shared space, 04 and 06 between two teammates, 07 among unplaced rooms) and its one lie
(balancing G7).

Whenever such a card is played the box is handed over behind the PIN (or, with no PIN,
"pass the box to the Guardian, hold OK"), whether or not there is a choice this time:
which cards hand over depends only on the card, the balancing options and the number of
Investigators, so the hand-off itself tells the table nothing. The fair answer is the
default row; the answer then shows on the shared screen as any other.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import TYPE_CHECKING

from fogkeeper.flow.fogsite.session import RelicPlan
from fogkeeper.flow.fogsite.table import Go
from fogkeeper.flow.kit.menu import step_cursor
from fogkeeper.flow.kit.pin import PinAnswer, PinPad
from fogkeeper.rules.fogsite import Colour, RelicAnswer, RelicRequest, use_relic
from fogkeeper.rules.fogsite.answers import answer_text, answer_values, question_candidates
from fogkeeper.rules.fogsite.policy import AnswerValue, GuardianChoice, fair_pick
from fogkeeper.rules.fogsite.relics import QUESTION_RELICS

if TYPE_CHECKING:
    from fogkeeper.flow.fogsite.game import FogsiteFlow

ALWAYS_CHOSEN = frozenset({2, 5, 7})  # a shared space or several rooms may leave a choice
CHOSEN_WITH_TWO_OTHERS = frozenset({4, 6})  # one teammate leaves nothing to choose
LIE_ROW = "Lie instead (G7)"


class ChoiceStep:
    """The hand-off, the Guardian's PIN and its pick; ``do_choice`` is shared with the link."""

    def __init__(self, flow: FogsiteFlow) -> None:
        self.flow = flow

    def needs_guardian(self, request: RelicRequest) -> bool:
        """Whether this card goes to the human Guardian (public facts only)."""
        session = self.flow.session
        if session.box_plays() or request.restore_time or request.relic not in QUESTION_RELICS:
            return False
        facts = session.facts()
        if "G7" in facts.balancing:
            return True  # the lie may come on any question, so every question hands over
        return request.relic in ALWAYS_CHOSEN or (
            request.relic in CHOSEN_WITH_TWO_OTHERS and len(facts.seats) == 3)

    def hand_over(self, colour: Colour, plan: RelicPlan) -> None:
        """The team asked: check the card is playable, then pass the box to the Guardian."""
        session = self.flow.session
        trial = random.Random()
        trial.setstate(session.secret_rng.getstate())
        use_relic(session.running, colour, plan.request(), trial)  # refusals are public
        session.acting, session.relic_choice, session.refusal = colour, plan, ""
        self.flow.fire(Go.GUARDIAN_CHOICE)

    # ---- the hand-off ------------------------------------------------------------------------
    def gate_key(self, button: str) -> None:
        session = self.flow.session
        if self.flow.guardian.has_pin() and button == "ok":
            session.pad = PinPad("Guardian PIN")
            self.flow.fire(Go.OPEN_PIN)
        elif not self.flow.guardian.has_pin() and button == "hold_ok":
            self.open_choice()

    def pin_key(self, button: str) -> None:
        answer = self.flow.guardian.read_pad(button)
        if answer is PinAnswer.RIGHT:
            self.open_choice()
        elif answer is PinAnswer.CANCEL:
            self.flow.fire(Go.PIN_CANCEL)

    def open_choice(self) -> None:
        self.flow.fire(Go.CHOOSE_ANSWER)
        self.flow.session.relic_plan.lying = False
        self.flow.session.cursor = self.default_row()

    # ---- the Guardian's pick (a private screen: it shows true answers) -----------------------
    def truths(self, colour: Colour | None = None, plan: RelicPlan | None = None
               ) -> tuple[AnswerValue, ...]:
        """The true answers to the card being played (the acting Investigator's by default)."""
        session = self.flow.session
        game = session.running
        request = (plan or session.relic_plan).request()
        asker = game.investigator(colour or session.acting)
        return question_candidates(game, asker, request.relic, request.wall_offset,
                                   request.placed, request.copies)

    def fair_answer(self, colour: Colour, plan: RelicPlan) -> AnswerValue:
        """What the fair Guardian would say (the default; no randomness is used up)."""
        session = self.flow.session
        return fair_pick(session.running, colour, plan.relic, self.truths(colour, plan),
                         session.secret_rng)

    def can_lie(self) -> bool:
        game = self.flow.session.running
        return game.options.has("G7") and not game.lie_used

    def values(self) -> tuple[AnswerValue, ...]:
        """The rows' answers: the true ones, or (lying) every answer that is not true."""
        plan = self.flow.session.relic_plan
        truths = self.truths()
        if plan.lying:
            game = self.flow.session.running
            return tuple(v for v in answer_values(game, plan.relic) if v not in truths)
        return truths

    def rows(self) -> tuple[str, ...]:
        session = self.flow.session
        relic = session.relic_plan.relic
        rows = tuple(answer_text(session.running, relic, v) for v in self.values())
        lie = (LIE_ROW,) if self.can_lie() and not session.relic_plan.lying else ()
        return rows + lie

    def default_row(self) -> int:
        """The fair answer's row: what the box would have said."""
        session = self.flow.session
        return self.truths().index(self.fair_answer(session.acting, session.relic_plan))

    def choice_key(self, button: str) -> None:
        session = self.flow.session
        plan = session.relic_plan
        if button in ("up", "down"):
            session.cursor = step_cursor(session.cursor, button, len(self.rows()))
        elif button == "back" and plan.lying:
            plan.lying = False
            session.cursor = self.default_row()
        elif button == "ok" and session.cursor >= len(self.values()):
            plan.lying, session.cursor = True, 0
        elif button == "ok":
            value, colour = self.values()[session.cursor], session.acting
            self.flow.team.attempt(lambda: self.do_choice(colour, plan, value, plan.lying))

    def do_choice(self, colour: Colour, plan: RelicPlan, value: AnswerValue, lie: bool
                  ) -> RelicAnswer:
        """The Guardian's answer: a true one it picked, or its one lie (G7)."""
        session = self.flow.session
        request = plan.request()
        policy = GuardianChoice(value)
        if lie:
            request = replace(request, lie=value)
            policy = GuardianChoice(self.fair_answer(colour, plan))
        session.unlocked = False
        return self.flow.relic.do_relic(colour, request, policy)
