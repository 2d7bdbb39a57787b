"""FOGSITE's Relic step: pick the card, answer its question step by step, show the answer.

A card's steps depend on the card and the options: I4 first asks whether to put Map tiles
back instead; Relic 10 asks for a space (an offset from the token), 12 for a teammate, 13 for
a collected card; every card ends on its question, asked with OK.
"""

from __future__ import annotations

from enum import Enum
from typing import TYPE_CHECKING

from fogkeeper.flow.fogsite.session import COLOUR_WORD, Answer, RelicAsk, RelicPlan
from fogkeeper.flow.fogsite.table import Go
from fogkeeper.flow.kit.menu import Menu, step_cursor
from fogkeeper.rules.fogsite import (
    Colour,
    Direction,
    InvestigatorStatus,
    RelicAnswer,
    RelicRequest,
    use_relic,
)
from fogkeeper.rules.fogsite.policy import ChoicePolicy

if TYPE_CHECKING:
    from fogkeeper.flow.fogsite.game import FogsiteFlow

# number -> (short name, the question or effect in a few words)
RELIC_CARDS = {
    1: ("Guardian steps", "How many steps to the Guardian?"),
    2: ("Guardian way", "Which way is the Guardian?"),
    3: ("Guardian near", "How far is the Guardian, walls ignored?"),
    4: ("Friend steps", "How many steps to a teammate?"),
    5: ("Friend way", "Which way is a teammate?"),
    6: ("Friend near", "How far is a teammate, walls ignored?"),
    7: ("Unmapped room", "A room next to you not on your sheet?"),
    8: ("Row and column", "Rooms in your row and your column?"),
    9: ("Walls around", "How many walls around you?"),
    10: ("Which wall", "Inner wall, Outer wall or no wall there?"),
    11: ("Stand up", "Your token stands: Explore and Move again"),
    12: ("Extra turn", "A teammate who finished plays again"),
    13: ("Take back", "Take back a card the Guardian collected"),
}
CARD_ASKS = {7: RelicAsk.PLACED, 10: RelicAsk.OFFSET, 12: RelicAsk.RECEIVER,
             13: RelicAsk.CARD}
PLACED_DONE = "Ask"
OFFSET_REACH = 5
OFFSET_STEP = {"left": (-1, 0), "right": (1, 0), "up": (0, -1), "down": (0, 1)}


class RelicMode(Enum):
    """I4's first question; the value is only what is drawn."""

    USE = "Use the card"
    RESTORE_TIME = "2 Map tiles back"


def offset_words(dx: int, dy: int) -> str:
    """(2, -1) -> "2 E, 1 N"; the asker's own space is "here"."""
    parts = [f"{abs(dx)} {'E' if dx > 0 else 'W'}"] * bool(dx)
    parts += [f"{abs(dy)} {'S' if dy > 0 else 'N'}"] * bool(dy)
    return ", ".join(parts) or "here"


class RelicStep:
    """The Relic screens and ``do_relic``, which the link shares."""

    def __init__(self, flow: FogsiteFlow) -> None:
        self.flow = flow

    def pick_key(self, button: str) -> None:
        session = self.flow.session
        hand = self.flow.team.hand()
        if button != "ok":
            session.cursor = step_cursor(session.cursor, button, len(hand))
            return
        relic = hand[session.cursor]
        asks = [RelicAsk.MODE] if session.running.options.has("I4") else []
        asks += [CARD_ASKS[relic]] if relic in CARD_ASKS else []
        session.relic_choice = RelicPlan(relic, (*asks, RelicAsk.CONFIRM))
        self.flow.fire(Go.RELIC_CHOSEN)

    def receivers(self) -> tuple[Colour, ...]:
        session = self.flow.session
        return tuple(seat.colour for seat in session.facts().seats
                     if seat.colour is not session.acting
                     and seat.status is InvestigatorStatus.FINISHED)

    def neighbours(self) -> tuple[tuple[Direction, tuple[int, int], str], ...]:
        """Relic 07: each space around the asker, as an offset on their sheet, and whether a
        tile lies there ("on sheet"), was copied from a teammate ("copied") or not ("")."""
        session = self.flow.session
        seat = session.facts().seat(session.acting)
        on_sheet = {offset for offset, _street in seat.sheet}
        rows = []
        for direction in Direction:
            at = (seat.offset[0] + direction.dx, seat.offset[1] + direction.dy)
            mark = "on sheet" if at in on_sheet else \
                "copied" if at in session.relic_plan.placed else ""
            rows.append((direction, at, mark))
        return tuple(rows)

    def choices(self) -> tuple[str, ...]:
        """The rows of a menu step (empty for the offset and the confirm steps)."""
        step = self.flow.session.relic_plan.step
        if step is RelicAsk.MODE:
            return tuple(mode.value for mode in RelicMode)
        if step is RelicAsk.RECEIVER:
            return tuple(COLOUR_WORD[colour] for colour in self.receivers())
        if step is RelicAsk.CARD:
            return tuple(f"Relic {n:02d}" for n in self.flow.session.facts().collected)
        if step is RelicAsk.PLACED:
            return (*(f"{d.name}  {mark or '-'}" for d, _at, mark in self.neighbours()),
                    PLACED_DONE)
        return ()

    def step_key(self, button: str) -> None:
        session = self.flow.session
        plan = session.relic_plan
        if button in OFFSET_STEP and plan.step is RelicAsk.OFFSET:
            dx, dy = OFFSET_STEP[button]
            plan.dx = max(-OFFSET_REACH, min(OFFSET_REACH, plan.dx + dx))
            plan.dy = max(-OFFSET_REACH, min(OFFSET_REACH, plan.dy + dy))
        elif button in ("up", "down"):
            step = -1 if button == "up" else 1
            session.cursor = max(0, min(len(self.choices()) - 1, session.cursor + step))
        elif button == "ok":
            self._next()
        elif button == "back" and plan.index == 0:
            self.flow.fire(Go.RELIC_AGAIN)
        elif button == "back":
            plan.index = 0 if plan.restore_time else plan.index - 1
            plan.restore_time = False
            session.cursor = 0

    def _next(self) -> None:
        session = self.flow.session
        plan = session.relic_plan
        if plan.step in (RelicAsk.RECEIVER, RelicAsk.CARD) and not self.choices():
            session.answer = Answer(big=("Not now",), small=("Nobody to choose: keep the card",))
            self.flow.fire(Go.ANSWERED)
            return
        if plan.step is RelicAsk.MODE:
            plan.restore_time = Menu(tuple(RelicMode), session.cursor).chosen \
                is RelicMode.RESTORE_TIME
            if plan.restore_time:  # the card's own steps are skipped
                plan.index = len(plan.steps) - 2
        elif plan.step is RelicAsk.RECEIVER:
            plan.receiver = self.receivers()[session.cursor]
        elif plan.step is RelicAsk.CARD:
            plan.card = session.facts().collected[session.cursor]
        elif plan.step is RelicAsk.PLACED and session.cursor < len(Direction):
            self._toggle_copied(session.cursor)
            return
        elif plan.step is RelicAsk.CONFIRM:
            request, colour = plan.request(), session.acting
            if self.flow.choice.needs_guardian(request):
                self.flow.team.attempt(lambda: self.flow.choice.hand_over(colour, plan))
            else:
                self.flow.team.attempt(lambda: self.do_relic(colour, request))
            return
        plan.index += 1
        session.cursor = 0

    def _toggle_copied(self, row: int) -> None:
        """Relic 07: a neighbour the asker copied from a teammate's sheet (or not after all)."""
        plan = self.flow.session.relic_plan
        _direction, at, mark = self.neighbours()[row]
        if mark == "copied":
            plan.placed = tuple(o for o in plan.placed if o != at)
        elif not mark:
            plan.placed = (*plan.placed, at)

    def question(self) -> str:
        plan = self.flow.session.relic_plan
        if plan.restore_time:
            return "Put 2 Map tiles back on the Time Limit"
        question = RELIC_CARDS[plan.relic][1]
        if plan.relic == 10:
            return f"{question} ({offset_words(plan.dx, plan.dy)})"
        if plan.relic == 12 and plan.receiver is not None:
            return f"{question}: {COLOUR_WORD[plan.receiver]}"
        if plan.relic == 13 and plan.card:
            return f"{question}: Relic {plan.card:02d}"
        return question

    def do_relic(self, colour: Colour, request: RelicRequest,
                 policy: ChoicePolicy | None = None) -> RelicAnswer:
        session = self.flow.session
        session.running, answer = use_relic(session.running, colour, request,
                                            session.secret_rng, policy)
        session.acting = colour
        session.relic_choice = None
        heading = f"Relic {request.relic:02d} {RELIC_CARDS[request.relic][0]}"
        self.flow.team.announce(f"relic {request.relic:02d}", colour, answer.text)
        if answer.value is not None and len(answer.text) <= 10:
            self.flow.team.show_answer((answer.text,), (heading,))
        else:
            self.flow.team.show_answer((), (heading, answer.text))
        return answer
