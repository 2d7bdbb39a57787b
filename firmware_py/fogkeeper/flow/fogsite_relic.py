"""Using a Relic at the table: pick the card, answer its question step by step, show the answer.

A card's steps depend on the card and the options: I4 first asks whether to put Map tiles
back instead; Relic 10 asks for a space (an offset from the token), 12 for a teammate, 13 for
a collected card; every card ends on its question, asked with OK.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from fogkeeper.flow.fogsite_core import COLOUR_WORD, DIRECTIONS, S
from fogkeeper.flow.fogsite_team import TeamMixin
from fogkeeper.rules.fogsite import Colour, InvestigatorStatus, RelicAnswer, RelicRequest, use_relic
from fogkeeper.ui.screens import MenuItem

TRANSITIONS: list[dict[str, Any]] = [
    {"trigger": "up", "source": S.RELIC_PICK, "dest": None, "after": "team_cursor_up"},
    {"trigger": "down", "source": S.RELIC_PICK, "dest": None, "after": "relic_pick_down"},
    {"trigger": "ok", "source": S.RELIC_PICK, "dest": S.RELIC_STEP, "before": "pick_relic"},
    {"trigger": DIRECTIONS, "source": S.RELIC_STEP, "dest": None, "after": "relic_direction"},
    {"trigger": "ok", "source": S.RELIC_STEP, "dest": S.ANSWER, "conditions": "nobody_to_choose",
     "before": "say_nobody"},
    {"trigger": "ok", "source": S.RELIC_STEP, "dest": None, "after": "relic_next"},
    {"trigger": "back", "source": S.RELIC_STEP, "dest": S.RELIC_PICK,
     "conditions": "on_first_step"},
    {"trigger": "back", "source": S.RELIC_STEP, "dest": None, "after": "relic_back"},
]

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
MODE_ROWS = ("Use the card", "2 Map tiles back")
OFFSET_REACH = 5


@dataclass
class RelicPlan:
    """The card being played and what the Investigator said so far."""

    relic: int
    steps: tuple[str, ...]
    index: int = 0
    restore_time: bool = False
    dx: int = 0
    dy: int = 0
    receiver: str = ""
    card: int = 0

    @property
    def step(self) -> str:
        return self.steps[self.index]

    def request(self) -> RelicRequest:
        return RelicRequest(
            self.relic, wall_offset=(self.dx, self.dy) if self.relic == 10 else None,
            receiver=Colour(self.receiver) if self.receiver else None,
            card=self.card or None, restore_time=self.restore_time)

    def to_json(self) -> dict[str, Any]:
        return {**asdict(self), "steps": list(self.steps)}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> RelicPlan:
        return cls(**{**data, "steps": tuple(data["steps"])})


def offset_words(dx: int, dy: int) -> str:
    """(2, -1) -> "2 E, 1 N"; the asker's own space is "here"."""
    parts = [f"{abs(dx)} {'E' if dx > 0 else 'W'}"] * bool(dx)
    parts += [f"{abs(dy)} {'S' if dy > 0 else 'N'}"] * bool(dy)
    return ", ".join(parts) or "here"


class RelicMixin(TeamMixin):
    """The Relic screens and ``do_relic``, which the link shares."""

    relic_choice: RelicPlan | None = None

    def relic_items(self) -> tuple[MenuItem, ...]:
        hand = self.running.investigator(self.acting).hand
        return tuple(MenuItem(f"{n:02d} {RELIC_CARDS[n][0]}") for n in hand)

    def relic_pick_down(self) -> None:
        self.cursor = min(len(self.relic_items()) - 1, self.cursor + 1)

    def pick_relic(self) -> None:
        relic = self.running.investigator(self.acting).hand[self.cursor]
        steps = ["mode"] if self.running.options.has("I4") else []
        steps += {10: ["offset"], 12: ["receiver"], 13: ["card"]}.get(relic, [])
        self.relic_choice = RelicPlan(relic, (*steps, "confirm"))

    @property
    def relic_plan(self) -> RelicPlan:
        assert self.relic_choice is not None  # only on the Relic step screen
        return self.relic_choice

    def step_choices(self) -> tuple[str, ...]:
        """The rows of a menu step (empty for the offset and the confirm steps)."""
        plan = self.relic_plan
        if plan.step == "mode":
            return MODE_ROWS
        if plan.step == "receiver":
            return tuple(COLOUR_WORD[inv.colour] for inv in self.running.investigators
                         if inv.colour is not self.acting
                         and inv.status is InvestigatorStatus.FINISHED)
        if plan.step == "card":
            return tuple(f"Relic {n:02d}" for n in self.running.collected)
        return ()

    def relic_direction(self) -> None:
        plan = self.relic_plan
        if plan.step == "offset":
            dx = {"left": -1, "right": 1}.get(self.pressed, 0)
            dy = {"up": -1, "down": 1}.get(self.pressed, 0)
            plan.dx = max(-OFFSET_REACH, min(OFFSET_REACH, plan.dx + dx))
            plan.dy = max(-OFFSET_REACH, min(OFFSET_REACH, plan.dy + dy))
        elif self.pressed in ("up", "down"):
            step = -1 if self.pressed == "up" else 1
            self.cursor = max(0, min(len(self.step_choices()) - 1, self.cursor + step))

    def nobody_to_choose(self) -> bool:
        return self.relic_plan.step in ("receiver", "card") and not self.step_choices()

    def say_nobody(self) -> None:
        self.answer = (("Not now",), ("Nobody to choose: keep the card",))

    def relic_next(self) -> None:
        plan = self.relic_plan
        choices = self.step_choices()
        if plan.step == "mode":
            plan.restore_time = self.cursor == 1
            if plan.restore_time:  # the card's own steps are skipped
                plan.index = len(plan.steps) - 2
        elif plan.step == "receiver":
            plan.receiver = next(c.value for c, w in COLOUR_WORD.items()
                                 if w == choices[self.cursor])
        elif plan.step == "card":
            plan.card = self.running.collected[self.cursor]
        elif plan.step == "confirm":
            request = plan.request()
            self.attempt(lambda: self.do_relic(self.acting, request))
            return
        plan.index += 1
        self.cursor = 0

    def on_first_step(self) -> bool:
        return self.relic_plan.index == 0

    def relic_back(self) -> None:
        plan = self.relic_plan
        plan.index = 0 if plan.restore_time else plan.index - 1
        plan.restore_time = False
        self.cursor = 0

    def relic_question(self) -> str:
        plan = self.relic_plan
        if plan.restore_time:
            return "Put 2 Map tiles back on the Time Limit"
        question = RELIC_CARDS[plan.relic][1]
        if plan.relic == 10:
            return f"{question} ({offset_words(plan.dx, plan.dy)})"
        if plan.relic == 12 and plan.receiver:
            return f"{question}: {COLOUR_WORD[Colour(plan.receiver)]}"
        if plan.relic == 13 and plan.card:
            return f"{question}: Relic {plan.card:02d}"
        return question

    def do_relic(self, colour: Colour, request: RelicRequest) -> RelicAnswer:
        self.game, answer = use_relic(self.running, colour, request, self.rng)
        self.acting = colour
        self.relic_choice = None
        heading = f"Relic {request.relic:02d} {RELIC_CARDS[request.relic][0]}"
        self.announce(f"relic {request.relic:02d}", colour, answer.text)
        if answer.value is not None and len(answer.text) <= 10:
            self.show_answer((answer.text,), (heading,))
        else:
            self.show_answer((), (heading, answer.text))
        return answer
