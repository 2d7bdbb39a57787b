"""The Investigators' turn: who plays, Explore, Move, Give, end of turn, the escape call.

The ``do_*`` methods are the only way an action reaches the engine, for the joystick and the
host link alike; they leave the answer on the ANSWER screen and return it.
"""

from __future__ import annotations

from typing import Any

from fogkeeper.errors import RulesError
from fogkeeper.flow.fogsite_core import (
    COLOUR_WORD,
    DIRECTION_OF,
    DIRECTIONS,
    FogsiteCore,
    S,
)
from fogkeeper.flow.fogsite_rows import onward_rows
from fogkeeper.rules.fogsite import (
    Cell,
    Colour,
    Direction,
    ExploreAnswer,
    InvestigatorStatus,
    MoveAnswer,
    end_turn,
    escape,
    explore,
    give,
    move,
    time_up,
)
from fogkeeper.ui.screens import MenuItem

TEAM_MENUS = [S.CHOOSE, S.ACTIONS, S.GIVE_PICK, S.GIVE_TO, S.ESCAPE_CALL]
TEAM_STAGES = [*TEAM_MENUS, S.EXPLORE, S.MOVE, S.RELIC_PICK, S.RELIC_STEP, S.ANSWER]
# where the team's own actions answer (or are refused) on the joystick
ANSWERING = [S.ACTIONS, S.EXPLORE, S.MOVE, S.GIVE_TO, S.RELIC_STEP, S.ESCAPE_CALL]
TRANSITIONS: list[dict[str, Any]] = [
    {"trigger": "up", "source": TEAM_MENUS, "dest": None, "after": "team_cursor_up"},
    {"trigger": "down", "source": TEAM_MENUS, "dest": None, "after": "team_cursor_down"},
    {"trigger": "ok", "source": S.CHOOSE, "dest": S.ACTIONS, "conditions": "chosen_can_play",
     "before": "choose_investigator"},
    {"trigger": "ok", "source": S.CHOOSE, "dest": S.ANSWER, "before": "say_already_played"},
    {"trigger": "ok", "source": S.ACTIONS, "dest": S.EXPLORE, "conditions": "chose_explore",
     "before": "clear_path"},
    {"trigger": "ok", "source": S.ACTIONS, "dest": S.MOVE, "conditions": "chose_move",
     "before": "clear_path"},
    {"trigger": "ok", "source": S.ACTIONS, "dest": S.GIVE_PICK,
     "conditions": ["chose_give", "has_relics"], "before": "clear_path"},
    {"trigger": "ok", "source": S.ACTIONS, "dest": S.ANSWER, "conditions": "chose_give",
     "before": ["clear_path", "say_no_gift"]},
    {"trigger": "ok", "source": S.ACTIONS, "dest": S.RELIC_PICK,
     "conditions": ["chose_relic", "has_relics"], "before": "clear_path"},
    {"trigger": "ok", "source": S.ACTIONS, "dest": S.ANSWER, "conditions": "chose_relic",
     "before": ["clear_path", "say_no_relic"]},
    {"trigger": "ok", "source": S.ACTIONS, "dest": None, "before": "clear_path",
     "after": "end_turn_chosen"},  # answers play_on, or answered with the refusal
    {"trigger": "back", "source": S.ACTIONS, "dest": S.CHOOSE, "conditions": "turn_not_begun"},
    {"trigger": DIRECTIONS, "source": S.EXPLORE, "dest": None, "after": "explore_direction"},
    {"trigger": "back", "source": [S.EXPLORE, S.GIVE_PICK, S.RELIC_PICK], "dest": S.ACTIONS},
    {"trigger": DIRECTIONS, "source": S.MOVE, "dest": None, "after": "add_step"},
    {"trigger": "ok", "source": S.MOVE, "dest": None, "after": "send_move"},
    {"trigger": "back", "source": S.MOVE, "dest": S.ACTIONS, "unless": "has_path"},
    {"trigger": "back", "source": S.MOVE, "dest": None, "after": "drop_step"},
    {"trigger": "ok", "source": S.GIVE_PICK, "dest": S.GIVE_TO, "before": "pick_gift"},
    {"trigger": "ok", "source": S.GIVE_TO, "dest": None, "after": "send_gift"},
    {"trigger": "back", "source": S.GIVE_TO, "dest": S.GIVE_PICK},
    *onward_rows(["ok", "back"], S.ANSWER),
    {"trigger": "ok", "source": S.ESCAPE_CALL, "dest": None, "after": "escape_ok"},
    {"trigger": "hold_ok", "source": S.ESCAPE_CALL, "dest": None, "after": "escape_hold"},
    {"trigger": "key3", "source": TEAM_STAGES, "dest": None, "after": "toggle_team_clock"},
    # the engine's answers (the joystick's here; the link's and the clock's: fogsite.INTERRUPTS)
    {"trigger": "answered", "source": ANSWERING, "dest": S.ANSWER},
    *onward_rows("play_on", [S.ACTIONS, S.ESCAPE_CALL]),
]

ACTIONS = ("Explore", "Move", "Use Relic", "Give", "End turn")
ESCAPE_ROWS = ("Play on", "Escape now")
MOST_STEPS = 12


class TeamMixin(FogsiteCore):
    """The Investigators' screens and their engine calls."""

    gift = 0

    # ---- menus ---------------------------------------------------------------------------
    def team_items(self) -> tuple[MenuItem, ...]:
        game = self.running
        if self.state is S.CHOOSE:
            words = {InvestigatorStatus.ACTIVE: "ready", InvestigatorStatus.DOWN: "down",
                     InvestigatorStatus.FINISHED: "done"}
            return tuple(MenuItem(COLOUR_WORD[inv.colour], words[inv.status])
                         for inv in game.investigators)
        if self.state is S.ACTIONS:
            hand = " ".join(f"{n:02d}" for n in game.investigator(self.acting).hand)
            return tuple(MenuItem(a, hand if a == "Use Relic" else "")
                         for a in self.action_names())
        if self.state is S.GIVE_PICK:
            return tuple(MenuItem(f"Relic {n:02d}") for n in game.investigator(self.acting).hand)
        if self.state is S.GIVE_TO:
            return tuple(MenuItem(COLOUR_WORD[c]) for c in self.others())
        return tuple(MenuItem(row) for row in ESCAPE_ROWS)

    def action_names(self) -> tuple[str, ...]:
        two_player = self.running.options.two_player
        return tuple(a for a in ACTIONS if not (a == "Give" and two_player))

    def others(self) -> tuple[Colour, ...]:
        return tuple(inv.colour for inv in self.running.investigators
                     if inv.colour is not self.acting)

    def team_cursor_up(self) -> None:
        self.cursor = max(0, self.cursor - 1)

    def team_cursor_down(self) -> None:
        self.cursor = min(len(self.team_items()) - 1, self.cursor + 1)

    # ---- choosing who plays, and what ----------------------------------------------------
    def chosen_can_play(self) -> bool:
        return self.running.investigators[self.cursor].status is InvestigatorStatus.ACTIVE

    def choose_investigator(self) -> None:
        self.acting = self.running.investigators[self.cursor].colour

    def say_already_played(self) -> None:
        chosen = self.running.investigators[self.cursor]
        self.answer = (("Already", "played"),
                       (f"{COLOUR_WORD[chosen.colour]} has finished this turn",))

    def chosen_action(self) -> str:
        return self.action_names()[self.cursor]

    def chose_explore(self) -> bool:
        return self.chosen_action() == "Explore"

    def chose_move(self) -> bool:
        return self.chosen_action() == "Move"

    def chose_give(self) -> bool:
        return self.chosen_action() == "Give"

    def chose_relic(self) -> bool:
        return self.chosen_action() == "Use Relic"

    def has_relics(self) -> bool:
        return bool(self.running.investigator(self.acting).hand)

    def say_no_gift(self) -> None:
        self.answer = (("Nothing to give",), ("There is no card in this hand",))

    def say_no_relic(self) -> None:
        self.answer = (("No Relic",), ("There is no card in this hand",))

    def clear_path(self) -> None:
        self.path = []

    def end_turn_chosen(self) -> None:
        self.attempt(lambda: self.do_end_turn(self.acting))

    def attempt(self, action: Any) -> None:
        """Run an engine action; a refusal is shown to the table (it never speaks of the maze)."""
        try:
            action()
        except RulesError as error:
            self.context.effects.sound("error")
            self.show_answer(("Not now",), (str(error),))

    def show_answer(self, big: tuple[str, ...], small: tuple[str, ...]) -> None:
        self.answer = (big, small)
        self.trigger("answered")

    # ---- Explore and Move ----------------------------------------------------------------
    def explore_direction(self) -> None:
        direction = DIRECTION_OF[self.pressed]
        self.attempt(lambda: self.do_explore(self.acting, direction))

    def do_explore(self, colour: Colour, direction: Direction) -> ExploreAnswer:
        self.game, answer = explore(self.running, colour, direction)
        self.acting = colour
        big = ("You can", "move") if answer.can_move else ("You can't", "move")
        small = [f"{COLOUR_WORD[colour]} explored {direction.name}"]
        if answer.relic_drawn is not None:
            small.append(f"Digging found Relic {answer.relic_drawn:02d}")
        self.announce("explore", colour, answer.text)
        self.show_answer(big, tuple(small))
        return answer

    def add_step(self) -> None:
        if len(self.path) < MOST_STEPS:
            self.path.append(DIRECTION_OF[self.pressed])

    def has_path(self) -> bool:
        return bool(self.path)

    def drop_step(self) -> None:
        self.path.pop()

    def send_move(self) -> None:
        if self.path:
            route = list(self.path)
            self.attempt(lambda: self.do_move(self.acting, route))

    def do_move(self, colour: Colour, route: list[Direction]) -> MoveAnswer:
        before = self.running.investigator(colour).cell
        self.game, answer = move(self.running, colour, route, self.rng)
        self.acting = colour
        self.walked(COLOUR_WORD[colour], _steps(before, route[:answer.steps_taken]))
        path = " ".join(d.name for d in route)
        big: tuple[str, ...]
        if answer.laid_down_by_guardian:
            big, small = ("Laid", "down"), ("The Guardian is on that space",)
        elif answer.completed:
            big, small = ("Moved",), (f"{COLOUR_WORD[colour]} walked {path}",)
        else:
            big = ("You can't", "move")
            small = (f"{path}: stopped before step {answer.steps_taken + 1}",)
        self.announce("move", colour, answer.text)
        self.show_answer(big, small)
        return answer

    # ---- Give, end of turn, escape -------------------------------------------------------
    def pick_gift(self) -> None:
        self.gift = self.running.investigator(self.acting).hand[self.cursor]

    def send_gift(self) -> None:
        receiver = self.others()[self.cursor]
        self.attempt(lambda: self.do_give(self.acting, self.gift, receiver))

    def do_give(self, colour: Colour, relic: int, receiver: Colour) -> None:
        self.game = give(self.running, colour, relic, receiver)
        self.acting = colour
        text = f"Relic {relic:02d} to {COLOUR_WORD[receiver]}"
        self.announce("give", colour, text)
        self.show_answer(("Given",), (text,))

    def do_end_turn(self, colour: Colour) -> None:
        self.game = end_turn(self.running, colour)
        self.announce("end_turn", colour, "turn over")
        self.trigger("play_on")

    def escape_ok(self) -> None:
        if ESCAPE_ROWS[self.cursor] == "Play on":
            self.attempt(lambda: self.do_escape(False))
        else:
            self.refusal = "Hold OK to escape"

    def escape_hold(self) -> None:
        if ESCAPE_ROWS[self.cursor] == "Escape now":
            self.attempt(lambda: self.do_escape(True))

    def do_escape(self, announce: bool) -> None:
        before = self.running.time_limit.tiles_left
        self.game = escape(self.running, announce)
        self.refusal = ""
        self.announce("escape", None, "escape" if announce else "play on")
        removed = before - self.running.time_limit.tiles_left
        if removed and self.running.options.easy:
            self.show_answer((f"{removed} tiles",), ("removed from the Time Limit",))
        else:
            self.trigger("play_on")

    # ---- the shared team time (G9) -------------------------------------------------------
    def toggle_team_clock(self) -> None:
        if self.glass is not None:
            self.glass.toggle(self.clock())

    def team_time_tick(self, now: float) -> None:
        if self.glass is None:
            return
        for event in self.glass.tick(now):
            self.context.effects.sound(event.kind)
            if event.kind == "expired":
                self.trigger("team_time_out")

    def end_team_time(self) -> None:
        """The team's shared time ran out: the engine ends their turn, the table is told."""
        self.game = time_up(self.running)
        self.stop_team_clock()
        self.announce("time_up", None, "team time is over")
        self.answer = (("Time up",), ("The team's turn is over",))

    def announce(self, action: str, colour: Colour | None, text: str) -> None:
        """Tell the link what the table just heard (public answers only)."""
        who = None if colour is None else colour.value
        self.context.effects.emit("fogsite.answer", {"action": action, "colour": who,
                                                     "answer": text})


def _steps(start: Cell, route: list[Direction]) -> list[Cell]:
    cells, here = [], start
    for direction in route:
        here = here.step(direction)
        cells.append(here)
    return cells
