"""The Investigators' turn: who plays, Explore, Move, Give, end of turn, the escape call, and
the team's shared time (G9).

The ``do_*`` methods are the only way an action reaches the engine, for the joystick and the
host link alike; they leave the answer on the ANSWER screen and return it.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import Enum
from typing import TYPE_CHECKING

from fogkeeper.errors import RulesError
from fogkeeper.flow.fogsite.session import COLOUR_WORD, Answer, AnswerKind
from fogkeeper.flow.fogsite.setup import DIRECTION_OF
from fogkeeper.flow.fogsite.table import TEAM_PHASE, Go, Stage
from fogkeeper.flow.hourglass import Hourglass
from fogkeeper.flow.kit.menu import Menu, step_cursor
from fogkeeper.rules.fogsite import (
    Cell,
    Colour,
    Direction,
    ExploreAnswer,
    InvestigatorStatus,
    MoveAnswer,
    Phase,
    SheetCopy,
    end_turn,
    escape,
    explore,
    give,
    move,
    time_up,
)
from fogkeeper.rules.fogsite.policy import GuardianChoice
from fogkeeper.secret import touch
from fogkeeper.ui.fogsite_screens import LOG_ROWS

if TYPE_CHECKING:
    from fogkeeper.flow.fogsite.game import FogsiteFlow

MOST_STEPS = 12
# what the box handed over for a hidden hand opens; the session keeps the trigger's name, a
# plain string (the saved game's format), so it is looked up here
HAND_ACTIONS: dict[str, Go] = {go.value: go for go in (Go.GIVE, Go.USE_RELIC)}


class TeamAction(Enum):
    """The acting Investigator's menu; the value is only what is drawn."""

    EXPLORE = "Explore"
    MOVE = "Move"
    RELIC = "Use Relic"
    GIVE = "Give"
    END_TURN = "End turn"


class TableRow(Enum):
    """The choose screen's rows after the seats; the value is only what is drawn.

    Team time and the Guardian's look are here as well as on KEY3 (press / hold): a box with
    two keys (the Adafruit bonnet, the simulator) has no KEY3, and every box has this menu.
    """

    LOG = "Log"
    START_TILES = "Start tiles"  # balancing I3
    TEAM_TIME = "House rule"     # G9's pause, a house rule (off by default): pause, go on
    GUARDIAN_LOOK = "Guardian's look"  # the human Guardian, with the PIN
    HINT = "Hint"                # the box as Guardian: one true fact for a Map tile


class EscapeChoice(Enum):
    """After everyone finished: play on, or call the escape (hold OK)."""

    PLAY_ON = "Play on"
    ESCAPE = "Escape now"


class TeamTurn:
    """The Investigators' screens and their engine calls."""

    def __init__(self, flow: FogsiteFlow) -> None:
        self.flow = flow

    # ---- menus -------------------------------------------------------------------------------
    def actions(self) -> tuple[TeamAction, ...]:
        """What the acting Investigator may do: a token laid down (B-S19) no longer explores
        or moves, so neither is offered."""
        facts = self.flow.session.facts()
        down = facts.seat(self.flow.session.acting).status is InvestigatorStatus.DOWN
        walks = (TeamAction.EXPLORE, TeamAction.MOVE)
        return tuple(a for a in TeamAction if not (a is TeamAction.GIVE and facts.two_player)
                     and not (down and a in walks))

    def first_to_play(self) -> int:
        """The choose screen's row to open on: the first Investigator still to play."""
        seats = self.flow.session.facts().seats
        return next((i for i, seat in enumerate(seats)
                     if seat.status is InvestigatorStatus.ACTIVE), 0)

    def others(self) -> tuple[Colour, ...]:
        session = self.flow.session
        return tuple(seat.colour for seat in session.facts().seats
                     if seat.colour is not session.acting)

    def hand(self) -> tuple[int, ...]:
        """The acting Investigator's Relics; with hidden hands a screen showing them is
        private (it is drawn only after the box was handed to that Investigator)."""
        session = self.flow.session
        facts = session.facts()
        if facts.hidden_hands:
            touch()
        return facts.seat(session.acting).hand

    def hand_label(self) -> str:
        """The Relic row's note on the actions menu: the cards, or with hidden hands how many."""
        session = self.flow.session
        facts = session.facts()
        hand = facts.seat(session.acting).hand
        if facts.hidden_hands:
            return f"{len(hand)} card" + ("s" if len(hand) != 1 else "")
        return " ".join(f"{n:02d}" for n in hand)

    def hand_gate_key(self, button: str) -> None:
        if button == "hold_ok":
            action = HAND_ACTIONS.get(self.flow.session.hand_action)
            if action is not None:  # none chosen (only a damaged save): the gate waits
                self.flow.fire(action)

    def _scroll(self, button: str, length: int) -> None:
        self.flow.session.cursor = step_cursor(self.flow.session.cursor, button, length)

    # ---- choosing who plays, and what --------------------------------------------------------
    def table_rows(self) -> tuple[TableRow, ...]:
        """Below the seats on the choose screen: what the rules let the table know."""
        facts = self.flow.session.facts()
        shown = {TableRow.LOG: True, TableRow.START_TILES: "I3" in facts.balancing,
                 TableRow.TEAM_TIME: self.can_pause(),
                 TableRow.GUARDIAN_LOOK: self.flow.guardian.can_peek(),
                 TableRow.HINT: self.flow.session.box_plays()}
        return tuple(row for row in TableRow if shown[row])

    def choose_key(self, button: str) -> None:
        session = self.flow.session
        seats = session.facts().seats
        on_row = (self.table_rows()[session.cursor - len(seats)]
                  if session.cursor >= len(seats) else None)
        if button == "hold_ok" and on_row is TableRow.HINT:
            # a hint spends a Map tile: only the long press buys it (the row's hint says so)
            self.attempt(self.flow.box.do_hint)
            return
        if button != "ok":
            self._scroll(button, len(seats) + len(self.table_rows()))
            return
        if (row := on_row) is not None:
            if row is TableRow.HINT:
                return  # one OK never spends a tile: the bottom line asks for the hold
            if row is TableRow.TEAM_TIME:
                self.toggle_clock()
            elif row is TableRow.GUARDIAN_LOOK:
                self.flow.guardian.peek()
            else:
                self.flow.fire(Go.OPEN_LOG if row is TableRow.LOG else Go.OPEN_START_TILES)
            if row is TableRow.LOG:  # the log opens on its latest lines
                session.cursor = max(0, len(self.flow.end.play_log_lines()) - LOG_ROWS)
            return
        chosen = seats[session.cursor]
        if chosen.status is InvestigatorStatus.ACTIVE:
            session.acting = chosen.colour
            self.flow.fire(Go.INVESTIGATOR_CHOSEN)
        else:
            session.answer = Answer(big=("Already", "played"), small=(
                f"{COLOUR_WORD[chosen.colour]} has finished this turn",))
            self.flow.fire(Go.ANSWERED)

    def actions_key(self, button: str) -> None:
        session = self.flow.session
        menu = Menu(self.actions(), session.cursor)
        if menu.move(button):
            session.cursor = menu.cursor
        elif button == "back" and session.running.current is None:
            self.flow.fire(Go.CHOOSE_AGAIN)
        elif button == "ok":
            session.path, session.copies = [], ()
            self._do(menu.chosen)

    def _do(self, action: TeamAction) -> None:
        session = self.flow.session
        if action is TeamAction.EXPLORE:
            self.flow.fire(Go.EXPLORE)
        elif action is TeamAction.MOVE:
            self.flow.fire(Go.MOVE)
        elif action is TeamAction.END_TURN:
            self.attempt(lambda: self.do_end_turn(session.acting))
        elif not self.hand():
            nothing = "Nothing to give" if action is TeamAction.GIVE else "No Relic"
            session.answer = Answer(big=(nothing,), small=("There is no card in this hand",))
            self.flow.fire(Go.ANSWERED)
        elif session.facts().hidden_hands:
            session.hand_action = (Go.GIVE if action is TeamAction.GIVE else Go.USE_RELIC).value
            self.flow.fire(Go.HAND_GATE)
        else:
            self.flow.fire(Go.GIVE if action is TeamAction.GIVE else Go.USE_RELIC)

    def attempt(self, action: Callable[[], object]) -> None:
        """Run an engine action; a refusal is shown to the table (it never speaks of the maze)."""
        try:
            action()
        except RulesError as error:
            self.flow.context.effects.sound("error")
            self.show_answer(("Not now",), (str(error),))

    def show_answer(self, big: tuple[str, ...], small: tuple[str, ...]) -> None:
        self.answered(Answer(big=big, small=small))

    def answered(self, answer: Answer) -> None:
        if answer.kind is AnswerKind.CANT_MOVE:  # the wall's own buzz: heard, not only seen
            self.flow.context.effects.sound("wall")
        self.flow.session.answer = answer
        self.flow.fire(Go.ANSWERED)

    def answer_key(self, button: str) -> None:
        if button in ("ok", "back"):
            self.flow.onward()

    # ---- Explore and Move --------------------------------------------------------------------
    def explore_key(self, button: str) -> None:
        if button in DIRECTION_OF:
            colour = self.flow.session.acting
            self.attempt(lambda: self.do_explore(colour, DIRECTION_OF[button]))

    def do_explore(self, colour: Colour, direction: Direction) -> ExploreAnswer:
        session = self.flow.session
        session.running, answer = explore(session.running, colour, direction)
        session.acting = colour
        small = [f"{COLOUR_WORD[colour]} explored {direction.name}"]
        if answer.relic_drawn is not None:
            hidden = self.flow.session.facts().hidden_hands
            small.append("Digging found a Relic" if hidden
                         else f"Digging found Relic {answer.relic_drawn:02d}")
        self.announce("explore", colour, answer.text)
        self.answered(Answer.can_move(tuple(small)) if answer.can_move
                      else Answer.cant_move(tuple(small)))
        return answer

    def move_key(self, button: str) -> None:
        session = self.flow.session
        if button in DIRECTION_OF:
            if len(session.path) < MOST_STEPS:
                session.path.append(DIRECTION_OF[button])
        elif button == "ok" and session.path:
            route, colour, copies = list(session.path), session.acting, session.copies
            self.attempt(lambda: self.do_move(colour, route, copies))
        elif button == "hold_ok" and self.others():
            self.open_copy()
        elif button == "back":
            if session.path:
                session.path.pop()
            else:
                self.flow.fire(Go.ROUTE_DROPPED)

    def open_copy(self) -> None:
        """The next teammate's sheet to lay on the mover's (as the link's ``copies``): one
        not copied yet, else the first again, to correct its place."""
        session = self.flow.session
        copied = {copy.teammate for copy in session.copies}
        teammate = next((c for c in self.others() if c not in copied), self.others()[0])
        shift = next((copy.shift for copy in session.copies if copy.teammate is teammate),
                     (0, 0))
        session.copying = SheetCopy(teammate, shift)
        self.flow.fire(Go.COPY_SHEET)

    def copy_key(self, button: str) -> None:
        """The joystick moves the teammate's Starting tile from the mover's; OK lays the
        copy, B takes it off (the route stays as it was)."""
        session = self.flow.session
        copying = session.copying
        if copying is None:  # only a damaged save: back to the route
            self.flow.fire(Go.COPY_DONE)
            return
        others = tuple(c for c in session.copies if c.teammate is not copying.teammate)
        if button in DIRECTION_OF:
            step = DIRECTION_OF[button]
            dx, dy = copying.shift
            session.copying = SheetCopy(copying.teammate, (dx + step.dx, dy + step.dy))
        elif button in ("ok", "back"):
            session.copies = (*others, copying) if button == "ok" else others
            session.copying = None
            self.flow.fire(Go.COPY_DONE)

    def do_move(self, colour: Colour, route: list[Direction], copies: tuple[SheetCopy, ...] = ()
                ) -> MoveAnswer:
        session = self.flow.session
        before = session.running.investigator(colour).cell
        # a human Guardian's G6 choice is its own (made in its turn); the box's is its policy
        policy = None if session.box_plays() else GuardianChoice()
        session.running, answer = move(session.running, colour, route, session.secret_rng,
                                       policy, copies=copies)
        session.acting = colour
        session.walked(COLOUR_WORD[colour], _steps(before, route[:answer.steps_taken]))
        path = " ".join(d.name for d in route)
        if answer.laid_down_by_guardian:
            shown = Answer(big=("Laid", "down"), small=("The Guardian is on that space",))
        elif answer.completed:
            shown = Answer(big=("Moved",), small=(f"{COLOUR_WORD[colour]} walked {path}",))
        elif answer.paused:
            shown = Answer.cant_move((f"{path}: nothing moved, check the maps",))
        else:
            shown = Answer.cant_move((f"{path}: stopped before step {answer.steps_taken + 1}",))
        self.announce("move", colour, answer.text)
        self.answered(shown)
        return answer

    # ---- Give, end of turn, escape -----------------------------------------------------------
    def give_pick_key(self, button: str) -> None:
        session = self.flow.session
        if button == "ok":
            session.gift = self.hand()[session.cursor]
            self.flow.fire(Go.GIFT_CHOSEN)
        else:
            self._scroll(button, len(self.hand()))

    def give_to_key(self, button: str) -> None:
        session = self.flow.session
        if button == "ok":
            receiver, colour, gift = self.others()[session.cursor], session.acting, session.gift
            self.attempt(lambda: self.do_give(colour, gift, receiver))
        else:
            self._scroll(button, len(self.others()))

    def do_give(self, colour: Colour, relic: int, receiver: Colour) -> None:
        session = self.flow.session
        session.running = give(session.running, colour, relic, receiver)
        session.acting = colour
        card = "A Relic" if session.facts().hidden_hands else f"Relic {relic:02d}"
        text = f"{card} to {COLOUR_WORD[receiver]}"
        self.announce("give", colour, text)
        self.show_answer(("Given",), (text,))

    def do_end_turn(self, colour: Colour) -> None:
        session = self.flow.session
        session.running = end_turn(session.running, colour)
        self.announce("end_turn", colour, "turn over")
        self.flow.onward()

    def escape_key(self, button: str) -> None:
        session = self.flow.session
        menu = Menu(tuple(EscapeChoice), session.cursor)
        if menu.move(button):
            session.cursor = menu.cursor
        elif button == "ok" and menu.chosen is EscapeChoice.PLAY_ON:
            self.attempt(lambda: self.do_escape(False))
        elif button == "ok":
            session.refusal = "Hold OK to escape"
        elif button == "hold_ok" and menu.chosen is EscapeChoice.ESCAPE:
            self.attempt(lambda: self.do_escape(True))

    def do_escape(self, announce: bool) -> None:
        session = self.flow.session
        before = session.running.time_limit.tiles_left
        session.running = escape(session.running, announce)
        session.refusal = ""
        self.announce("escape", None, "escape" if announce else "play on")
        removed = before - session.running.time_limit.tiles_left
        if removed and session.running.options.easy:
            self.show_answer((f"{removed} tiles",), ("removed from the Time Limit",))
        else:
            self.flow.onward()

    def announce(self, action: str, colour: Colour | None, text: str) -> None:
        """Tell the link what the table just heard (public answers only)."""
        who = None if colour is None else colour.value
        self.flow.context.effects.emit("fogsite.answer", {"action": action, "colour": who,
                                                          "answer": text})

    # ---- the team's shared time (balancing G9) -----------------------------------------------
    def sync_clock(self) -> None:
        """G9 runs whenever a team turn is on, however it began (the joystick, a link
        command, the box's own turn, the Easy Rule's next round, a play on): called after
        every press, command and tick. A new round's team turn gets a full glass; outside
        the team's turn there is none. While the box's "The Guardian moves..." shows, the
        team's turn waits for the count (a command sent then starts it)."""
        session = self.flow.session
        if session.game is None:
            return
        game = session.running
        if game.phase is not Phase.INVESTIGATORS or not game.options.has("G9"):
            self.stop_clock()
        elif session.clock_round != game.round_number and self.flow.state is not Stage.BOX_TURN:
            self.start_clock()

    def start_clock(self) -> None:
        """A full glass for this round's team turn, running at once (a hard stop)."""
        session = self.flow.session
        game = session.running
        config = self.flow.context.config.timer
        session.glass = Hourglass(game.team_seconds, warn_at=config.warn_at_seconds, players=1)
        session.glass.start(self.flow.context.clock())
        session.clock_round = game.round_number

    def stop_clock(self) -> None:
        self.flow.session.glass = None

    def can_pause(self) -> bool:
        """Only the house rule pauses the team's time: the rulebook's G9 never stops."""
        session = self.flow.session
        return session.glass is not None and session.running.options.team_time_pause

    def toggle_clock(self) -> None:
        glass = self.flow.session.glass
        if glass is not None and self.can_pause():
            glass.toggle(self.flow.context.clock())

    def tick(self, now: float) -> None:
        glass = self.flow.session.glass
        if glass is None:
            return
        for event in glass.tick(now):
            self.flow.context.effects.sound(event.kind)
            if event.kind == "expired" and self.flow.state in TEAM_PHASE:
                self.time_up()

    def time_up(self) -> None:
        """The team's shared time ran out: the engine ends their turn at once, whatever
        screen shows (an Investigator's half-made route or Relic is dropped), and the
        table and the host are told (held by the box until the step is saved)."""
        session = self.flow.session
        session.running = time_up(session.running)
        self.stop_clock()
        session.path, session.copies, session.unlocked = [], (), False
        self.announce("time_up", None, "team time is over")
        session.answer = Answer(big=("Time up",), small=("The team's turn is over",))
        self.flow.fire(Go.TEAM_TIME_OUT)


def _steps(start: Cell, route: list[Direction]) -> list[Cell]:
    cells, here = [], start
    for direction in route:
        here = here.step(direction)
        cells.append(here)
    return cells
