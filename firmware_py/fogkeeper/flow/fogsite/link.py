"""The fogsite.* host-link commands; ``docs/fogsite-link.md`` shows each with an example.

Every reply is the public state (the screen and the public view) plus the answer; the maze,
the Guardian's space and routes, and who sleeps only leave the box in a ``reveal`` (PIN or
game over). A handler checks every argument first, then runs the same action as the buttons.
Refusals: bad_args, not_now (a ``PhaseError``, here or from the engine), or locked (no PIN).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from fogkeeper.errors import PhaseError
from fogkeeper.flow.fogsite.box import SEED_RANGE
from fogkeeper.flow.fogsite.end import MAZE_SEEN
from fogkeeper.flow.fogsite.session import GuardianKind, RelicAsk, RelicPlan
from fogkeeper.flow.fogsite.setup import maze_problems
from fogkeeper.flow.fogsite.table import CHOICE_SCREENS, SETUP_STAGES
from fogkeeper.flow.hourglass import Phase as GlassPhase
from fogkeeper.flow.kit.link import GameCommands, LinkArgs, Reply
from fogkeeper.link.catalogue import Command
from fogkeeper.link.protocol import (
    RESULT_ROOM,
    ErrorCode,
    LinkError,
    choice,
    fitting,
    optional,
    require,
    result_bytes,
)
from fogkeeper.rules.fogsite import (
    Cell,
    Colour,
    Direction,
    GuardianMove,
    Phase,
    RelicRequest,
    SheetCopy,
    guardian_view,
    reveal_view,
)
from fogkeeper.rules.fogsite.levels import Level
from fogkeeper.rules.fogsite.policy import AnswerValue
from fogkeeper.schema import ABSENT, Field, Schema

if TYPE_CHECKING:
    from fogkeeper.flow.fogsite.game import FogsiteFlow

NO_PIN_NOTE = "no PIN is set: nothing can be unlocked before the end"
BOX_NOTE = "the box is the Guardian: nobody knows the maze, nothing unlocks before the end"
REVEAL_ENDED = "the maze is revealed: the game is over for good, no play on"
SIZES = (5, 4)  # 4: the Easy Rule
LOG_PAGE_MOST = 20
_NOWHERE = object()
RECENT_LOG_ENTRIES = 6
MOVE_TEXT = re.compile(r"([NESW])(\d+)")


def _bad(message: str) -> LinkError:
    return LinkError(ErrorCode.BAD_ARGS, message)


def _colour(text: object, name: str = "colour") -> Colour:
    """R, G or B, or the colour's word."""
    letter = str(text).strip().upper()[:1]
    if not isinstance(text, str) or not letter or letter not in "RGB":
        raise _bad(f"{name!r} must be R, G or B")
    return Colour(letter)


def _direction(text: object) -> Direction:
    if not isinstance(text, str) or text.upper() not in Direction.__members__:
        raise _bad("a direction is N, E, S or W")
    return Direction[text.upper()]


def _offset(value: object, name: str) -> tuple[int, int]:
    if (not isinstance(value, list) or len(value) != 2
            or not all(isinstance(n, int) and not isinstance(n, bool) for n in value)):
        raise _bad(f"{name!r} must be [dx, dy] (dy positive to the south)")
    return (value[0], value[1])


def _copies(args: LinkArgs) -> tuple[SheetCopy, ...]:
    """``copies``: teammates' sheets laid on the mover's, ``[{"colour": "G", "shift": [dx, dy]}]``
    with the shift from the mover's Starting tile to the teammate's."""
    raw = optional(args, "copies", list, [])
    if len(raw) > len(Colour) - 1 or not all(isinstance(c, dict) for c in raw):
        raise _bad("'copies' is a list of at most 2 {\"colour\": ..., \"shift\": [dx, dy]}")
    return tuple(SheetCopy(_colour(c.get("colour"), "copies.colour"),
                           _offset(c.get("shift"), "copies.shift")) for c in raw)


def _plan_of(request: RelicRequest) -> RelicPlan:
    """A card asked over the link, as the box's Relic step holds it while the Guardian answers."""
    dx, dy = request.wall_offset or (0, 0)
    return RelicPlan(request.relic, (RelicAsk.CONFIRM,), dx=dx, dy=dy, placed=request.placed,
                     copies=request.copies)


def _answer_value(raw: object) -> AnswerValue:
    """An answer as JSON gives it: a number, a word, or a list of counts (Relic 08)."""
    if isinstance(raw, list) and all(isinstance(n, int) for n in raw):
        return tuple(raw)
    if isinstance(raw, (int, str)) and not isinstance(raw, bool):
        return raw
    raise _bad("an answer is a number, a word or a list of numbers")


def _moves(raw: object) -> list[GuardianMove]:
    if isinstance(raw, str):
        text = raw.upper().replace(" ", "")
        found = MOVE_TEXT.findall(text)
        if "".join(d + n for d, n in found) != text:
            raise _bad("'moves' as text is like \"E2 S1\"")
        return [GuardianMove(Direction[d], int(n)) for d, n in found]
    if not isinstance(raw, list) or not all(
            isinstance(m, list) and len(m) == 2 and isinstance(m[1], int) for m in raw):
        raise _bad("'moves' must be [[\"E\", 2], [\"S\", 1]] or \"E2 S1\" ([] to stay)")
    return [GuardianMove(_direction(d), n) for d, n in raw]


class FogsiteLink:
    """The commands, each checking its arguments before it changes anything."""

    def __init__(self, flow: FogsiteFlow) -> None:
        self.flow = flow

    # ---- checks ------------------------------------------------------------------------------
    def _pin_given(self, args: LinkArgs) -> bool:
        pin = args.get("pin")
        return isinstance(pin, str) and self.flow.context.pin_matches(pin)

    def _require_pin(self, args: LinkArgs, what: str) -> None:
        if not self._pin_given(args):
            why = "give 'pin'" if self.flow.guardian.has_pin() else \
                "none is set (Settings > PIN on the box, or security.pin)"
            raise LinkError(ErrorCode.LOCKED, f"{what} needs the Guardian PIN: {why}")

    def _in_phase(self, *phases: Phase) -> None:
        if self.flow.session.game is None:
            raise PhaseError("no game yet: send fogsite.setup first")
        if self.flow.state in CHOICE_SCREENS:
            raise PhaseError("not now: the Guardian is choosing an answer on the box")
        game = self.flow.session.running
        if game.phase not in phases:
            raise PhaseError(f"not now: it is the {game.phase.value} phase")

    def _not_the_box(self, refusal: str) -> None:
        if self.flow.session.box_plays():
            raise PhaseError(f"{refusal}: the box is the Guardian")

    # ---- setup -------------------------------------------------------------------------------
    def setup(self, args: LinkArgs) -> Reply:
        flow = self.flow
        if flow.session.game is not None or flow.state not in SETUP_STAGES:
            raise PhaseError("a game is running; quit it first (game.quit)")
        options = optional(args, "options", dict, {})
        guardian = (choice(args, "guardian", GuardianKind) if "guardian" in args
                    else choice(options, "guardian", GuardianKind) if "guardian" in options
                    else GuardianKind.HUMAN)
        if guardian is not GuardianKind.BOX and flow.guardian.has_pin():
            self._require_pin(args, "the maze")
        colours = tuple(_colour(c, "colours")
                        for c in optional(args, "colours", list, ["R", "G", "B"]))
        two_player = bool(options.get("two_player", False))
        easy = bool(options.get("easy", False))
        balancing = tuple(sorted({str(b) for b in options.get("balancing", [])}))
        hidden = optional(options, "hidden_hands", bool, False)
        if guardian is GuardianKind.BOX:
            return self._setup_box(args, options, colours, (two_player, easy, balancing),
                                   hidden)
        maze = require(args, "maze", str)
        problems = maze_problems(easy, maze, colours)
        if problems:
            shown = problems if self._pin_given(args) else tuple(
                re.sub(r"\s*\[.*\]$", "", p) for p in problems)  # cells only to the PIN holder
            raise _bad("the maze is refused: " + "; ".join(shown))
        sleeping = None if "sleeping" not in args else _colour(args["sleeping"], "sleeping")
        start = None if "guardian_start" not in args else Cell.parse(
            str(args["guardian_start"]))
        self._draft(guardian, colours, two_player, easy, balancing, hidden)
        flow.setup.start_game(maze, colours, sleeping, start)
        return {} if flow.guardian.has_pin() else {"note": NO_PIN_NOTE}

    def _draft(self, guardian: GuardianKind, colours: tuple[Colour, ...], two_player: bool,
               easy: bool, balancing: tuple[str, ...], hidden_hands: bool) -> None:
        draft = self.flow.session.draft
        draft.guardian, draft.colours, draft.two_player = guardian, colours, two_player
        draft.easy, draft.balancing, draft.hidden_hands = easy, balancing, hidden_hands

    def _setup_box(self, args: LinkArgs, options: LinkArgs, colours: tuple[Colour, ...],
                   chosen: tuple[bool, bool, tuple[str, ...]], hidden_hands: bool) -> Reply:
        """The box builds the maze and plays the Guardian; no PIN, as nothing secret is sent."""
        two_player, easy, balancing = chosen
        size = optional(args, "size", int, 4 if easy else 5)
        if size not in SIZES or ("easy" in options and easy != (size == 4)):
            raise _bad("'size' is 5, or 4 for the Easy Rule")
        old = sorted(key for key in ("difficulty", "strength") if key in args)
        if old:  # the maze's difficulty and the box's strength became one level
            levels = ", ".join(level.value for level in Level)
            raise _bad(f"{' and '.join(map(repr, old))}: the box now takes one 'level' "
                       f"({levels}) that sets maze and play together")
        level = choice(args, "level", Level) if "level" in args else Level.NORMAL
        seed = args.get("seed")
        if "seed" in args and (not isinstance(seed, int) or isinstance(seed, bool)):
            raise _bad(f"'seed' must be int, from 0 to {SEED_RANGE - 1}")  # the docs' words
        if seed is not None and not 0 <= seed < SEED_RANGE:
            raise _bad(f"'seed' is a whole number from 0 to {SEED_RANGE - 1}")
        if seed is not None and not self._pin_given(args):
            raise LinkError(ErrorCode.LOCKED, "a 'seed' makes the box's maze (whoever chose it "
                            "knows the maze): it needs the PIN, given as 'pin'")
        self._draft(GuardianKind.BOX, colours, two_player, size == 4, balancing, hidden_hands)
        draft = self.flow.session.draft
        draft.level, draft.seed = level, seed
        if seed is not None:  # a replay: the host's seed fixes the deal and every pick too
            self.flow.replay(seed)
        self.flow.box.start_game()
        return {"note": BOX_NOTE}

    # ---- the team ----------------------------------------------------------------------------
    def explore(self, args: LinkArgs) -> Reply:
        self._in_phase(Phase.INVESTIGATORS)
        colour = _colour(require(args, "colour", str))
        direction = _direction(require(args, "direction", str))
        answer = self.flow.team.do_explore(colour, direction)
        hidden = self.flow.session.facts().hidden_hands
        return {"answer": answer.text, "can_move": answer.can_move,
                "relic_drawn": None if hidden else answer.relic_drawn,
                "dug_up": answer.relic_drawn is not None}

    def move(self, args: LinkArgs) -> Reply:
        self._in_phase(Phase.INVESTIGATORS)
        raw = args.get("route")
        steps = list(raw.replace(" ", "")) if isinstance(raw, str) else raw
        if not isinstance(steps, list) or not steps:
            raise _bad("'route' must be directions, e.g. \"NEE\" or [\"N\", \"E\", \"E\"]")
        colour = _colour(require(args, "colour", str))
        route = [_direction(s) for s in steps]
        answer = self.flow.team.do_move(colour, route, _copies(args))
        return {"answer": answer.text, "steps_taken": answer.steps_taken,
                "completed": answer.completed}

    def relic(self, args: LinkArgs) -> Reply:
        self._in_phase(Phase.INVESTIGATORS)
        if "lie" in args or "answer" in args:
            self._not_the_box("no lie (G7) and no choice of answer")
            self._require_pin(args, "the Guardian's choice of answer")
        request = RelicRequest(
            require(args, "relic", int),
            wall_offset=_offset(args["wall_offset"], "wall_offset") if "wall_offset" in args
            else None,
            receiver=_colour(args["receiver"], "receiver") if "receiver" in args else None,
            card=require(args, "card", int) if "card" in args else None,
            placed=tuple(_offset(o, "placed") for o in optional(args, "placed", list, [])),
            copies=_copies(args),
            restore_time=bool(args.get("restore_time", False)))
        colour = _colour(require(args, "colour", str))
        choice = self.flow.choice
        if not choice.needs_guardian(request):
            answer = self.flow.relic.do_relic(colour, replace(request, lie=args.get("lie")))
        elif "pin" in args:  # the Guardian answers from the link
            self._require_pin(args, "the Guardian's answer")
            plan = _plan_of(request)
            lie = "lie" in args
            value = _answer_value(args["lie"] if lie else args["answer"]) \
                if lie or "answer" in args else choice.fair_answer(colour, plan)
            answer = choice.do_choice(colour, plan, value, lie)
        else:  # the box is handed to the Guardian, who answers on it
            choice.hand_over(colour, _plan_of(request))
            return {"answer": None, "pending": "guardian_choice"}
        said = list(answer.value) if isinstance(answer.value, tuple) else answer.value
        return {"answer": answer.text, "value": said}

    def hint(self, args: LinkArgs) -> Reply:
        """One true fact the team lacks, for one Map tile (the box as Guardian only)."""
        self._in_phase(Phase.INVESTIGATORS)
        if not self.flow.session.box_plays():
            raise PhaseError("not now: hints come from the box as Guardian")
        fact = self.flow.box.do_hint()
        return {"hint": fact.text, "colour": fact.colour.value, "offset": list(fact.offset),
                "room": fact.room}

    def play_on(self, args: LinkArgs) -> Reply:
        self._in_phase(Phase.OVER)
        if self.flow.session.maze_seen and not self.flow.session.facts().playing_on:
            raise PhaseError(MAZE_SEEN)
        if not self.flow.end.can_play_on():
            raise PhaseError("not now: only a game the Guardian won can be played on, once")
        self.flow.end.do_play_on()
        return {}

    def team_time(self, args: LinkArgs) -> Reply:
        """The house rule's pause of G9's team time, as the choose screen's "House rule"
        row: ``running`` false pauses it, true lets it run on (the rulebook's G9 never
        stops: without ``[house] team_time_pause`` this is refused)."""
        glass = self.flow.session.glass
        if glass is None or not self.flow.team.can_pause():
            raise PhaseError("not now: the team's time pauses only under the house rule "
                             "([house] team_time_pause), during the team's turn")
        if (glass.phase is GlassPhase.RUNNING) != require(args, "running", bool):
            self.flow.team.toggle_clock()
        return {}

    def give(self, args: LinkArgs) -> Reply:
        self._in_phase(Phase.INVESTIGATORS)
        colour = _colour(require(args, "colour", str))
        relic = require(args, "relic", int)
        receiver = _colour(require(args, "to", str), "to")
        self.flow.team.do_give(colour, relic, receiver)
        return {}

    def end_turn(self, args: LinkArgs) -> Reply:
        self._in_phase(Phase.INVESTIGATORS)
        self.flow.team.do_end_turn(_colour(require(args, "colour", str)))
        return {}

    def escape(self, args: LinkArgs) -> Reply:
        self._in_phase(Phase.ESCAPE)
        self.flow.team.do_escape(require(args, "announce", bool))
        return {}

    # ---- the Guardian ------------------------------------------------------------------------
    def guardian_move(self, args: LinkArgs) -> Reply:
        self._not_the_box("not yours to play")
        self._in_phase(Phase.GUARDIAN)
        self._require_pin(args, "the Guardian's turn")
        moves = _moves(args.get("moves", []))
        g6 = optional(args, "g6", bool, True) if self.flow.session.running.options.has("G6") \
            else None
        if "g6" in args and g6 is None:
            raise _bad("'g6' needs balancing G6")
        attack = self.flow.guardian.do_turn(moves, g6)
        return {"attacked": len(attack.attacked), "tiles_removed": attack.tiles_removed}

    # ---- views -------------------------------------------------------------------------------
    def _page_wanted(self, args: LinkArgs, entries: list[object]) -> tuple[int, list[object]]:
        """The log entries a ``log_from``/``log_count`` page asks for (start -1: none)."""
        start = int(args.get("log_from", -1))
        count = min(LOG_PAGE_MOST, int(args.get("log_count", LOG_PAGE_MOST)))
        return start, ([] if start < 0 else entries[start:start + count])

    def state(self, args: LinkArgs) -> Reply:
        if self.flow.session.game is None:
            return {}
        entries = reveal_view(self.flow.session.running)["log"]
        start, wanted = self._page_wanted(args, [e[:4] for e in entries])
        if start < 0:
            return {}
        # cut by bytes too: the reply (the public view with it) always fits a line; the
        # host asks again from log_from + the entries it got
        page = fitting(self.flow.public_state(), wanted,
                       lambda around, head: {**around, "log_from": start, "log": head})
        return {"log_from": start, "log": page}

    def reveal(self, args: LinkArgs) -> Reply:
        session = self.flow.session
        if session.game is None:
            raise PhaseError("no game yet: nothing to reveal")
        ended: Reply = {}
        if session.running.phase is not Phase.OVER:
            self._not_the_box("not before the end")
            self._require_pin(args, "the maze before the end")
        elif (session.box_plays() or not self._pin_given(args)) and self.flow.end.see_maze():
            # after the game, whoever asks without the PIN sees the maze, and a team that has
            # seen it cannot play on: the reveal ends a lost game for good (the human
            # Guardian's PIN holder knows the maze already, so its look changes nothing)
            ended = {"note": REVEAL_ENDED}
        public = self.flow.public_state()
        view = guardian_view(session.running)
        entries = view.pop("log")
        view.pop("phase")
        # the reply carries the public view already: the reveal adds only what it lacks
        view = {k: v for k, v in view.items() if public.get(k, _NOWHERE) != v}
        walks = {who: [Cell(*c).name for c in cells] for who, cells in session.routes.items()}
        steps = max((len(cells) for cells in walks.values()), default=0)
        first = int(args.get("route_from", 0))

        def routes(count: int) -> dict[str, list[str]]:
            return {who: cells[first:first + count] for who, cells in walks.items()}

        box = {"box": {**session.box_settings(), "seed": session.draft.seed}} \
            if session.box_plays() else {}
        shown = {**view, "routes": routes(0), "route_from": first, "route_steps": steps,
                 **box, "log_size": len(entries)}
        start, wanted = self._page_wanted(args, entries)
        if start < 0:
            start, wanted = max(0, len(entries) - RECENT_LOG_ENTRIES), \
                entries[-RECENT_LOG_ENTRIES:]

        def reply(count: int, head: list[object]) -> dict[str, object]:
            return {**public, "reveal": {**shown, "routes": routes(count), "log_from": start,
                                         "log": head}}

        # a game played on makes long routes: they are paged too (``route_from``), in half
        # the room the reply leaves, so that the log's page always has the other half
        bare = result_bytes(reply(0, []))
        count = len(fitting({}, list(range(max(0, steps - first))),
                            lambda _, head: reply(len(head), []),
                            bare + (RESULT_ROOM - bare) // 2))
        page = fitting({}, wanted, lambda _, head: reply(count, head))
        return {**ended,
                "reveal": {**shown, "routes": routes(count), "log_from": start, "log": page}}


def _opt(key: str, kind: type, **kw: Any) -> Field:
    return Field(key, kind, ABSENT, **kw)


def _via(method: Callable[[FogsiteLink, LinkArgs], Reply]
         ) -> Callable[[FogsiteFlow, LinkArgs], Reply]:
    """A command's handler, on the team's clock (G9): a command that comes after the time
    ran out finds the turn over (the clock is read first, as the loop may not have woken
    yet), and a command that starts a team turn, or ends one, sets the clock as any
    press would; a command that ends the game keeps its record before the reply."""
    def run(flow: FogsiteFlow, args: LinkArgs) -> Reply:
        flow.team.tick(flow.context.clock())
        try:
            return method(flow.link, args)
        finally:
            flow.team.sync_clock()
            flow.end.keep_if_over()
    return run


_PIN = _opt("pin", str, most=64, doc="the PIN")
_COLOUR = Field("colour", str, most=8, doc="the Investigator's colour")
_COPIES = _opt("copies", list, most=16, doc="sheet copies")
_LOG = (_opt("log_from", int, low=-1, high=10**6, doc="first log entry of a page"),
        _opt("log_count", int, low=0, high=LOG_PAGE_MOST,
             doc=f"entries in the page (at most {LOG_PAGE_MOST})"))
_PHASE = "`not_now` in another phase"

COMMANDS: GameCommands[FogsiteFlow] = GameCommands("fogsite", (
    Command("setup", _via(FogsiteLink.setup), Schema.of(
        _opt("guardian", GuardianKind),
        _opt("options", dict, doc="`two_player`, `easy`, `balancing`, `hidden_hands`, "
                                  "`guardian`"),
        _opt("colours", list, items=Field("colour", str, most=8), most=4),
        _opt("maze", str, most=3000, doc="the maze (human Guardian)"),
        _opt("sleeping", str, most=8), _opt("guardian_start", str, most=8),
        _opt("size", int, low=4, high=5,
             allowed="5, or 4 for the Easy Rule"), _opt("level", str, most=16),
        _opt("seed", int, low=0, high=SEED_RANGE - 1, doc="needs `pin`"),
        _opt("difficulty", object, doc="(old: use `level`)"),
        _opt("strength", object, doc="(old: use `level`)"), _PIN),
        reply="`note` where it applies", refused="`not_now`, `bad_args`, `locked`"),
    Command("explore", _via(FogsiteLink.explore), Schema.of(
        _COLOUR, Field("direction", str, most=8)),
        reply="`answer`, `can_move`, `relic_drawn`, `dug_up`", refused=_PHASE),
    Command("move", _via(FogsiteLink.move), Schema.of(
        _COLOUR, Field("route", object, allowed="directions, e.g. \"NEE\" or a list",
                       doc="directions, e.g. `\"NEE\"`"), _COPIES),
        reply="`answer`, `steps_taken`, `completed`", refused=_PHASE),
    Command("relic", _via(FogsiteLink.relic), Schema.of(
        _COLOUR, Field("relic", int, low=0, high=99), _opt("wall_offset", list, most=2),
        _opt("receiver", str, most=8), _opt("card", int, low=0, high=99),
        _opt("placed", list, most=16), _COPIES, _opt("restore_time", bool),
        _opt("lie", object), _opt("answer", object), _PIN),
        reply="`answer`, `value` (or `pending`)", refused=f"{_PHASE}, `locked`"),
    Command("give", _via(FogsiteLink.give), Schema.of(
        _COLOUR, Field("relic", int, low=0, high=99), Field("to", str, most=8)),
        reply="–", refused=_PHASE),
    Command("team_time", _via(FogsiteLink.team_time), Schema.of(
        Field("running", bool, doc="false pauses the team's time, true lets it run on")),
        reply="`team_time`", refused="`not_now` without the house rule, or no team time"),
    Command("end_turn", _via(FogsiteLink.end_turn), Schema.of(_COLOUR),
            reply="–", refused=_PHASE),
    Command("escape", _via(FogsiteLink.escape), Schema.of(Field("announce", bool)),
            reply="–", refused=_PHASE),
    Command("guardian_move", _via(FogsiteLink.guardian_move), Schema.of(
        _opt("moves", object, doc="`[[\"E\", 2]]` or `\"E2 S1\"`"), _opt("g6", bool), _PIN),
        reply="`attacked`, `tiles_removed`", refused=f"{_PHASE}, `locked`"),
    Command("state", _via(FogsiteLink.state), Schema.of(*_LOG), read_only=True,
            reply="the public view"),
    Command("reveal", _via(FogsiteLink.reveal), Schema.of(
        *_LOG, _opt("route_from", int, low=0, high=10**6,
                    doc="first step of the routes' page (default 0)"), _PIN),
            # not read-only: after a loss it ends the game for good, kept on disk before the
            # reply (a restart must not give the play-on back)
            reply="`reveal`; `note` when it ended a lost game for good",
            refused="`locked` before the end"),
    Command("play_on", _via(FogsiteLink.play_on), reply="–",
            refused=f"{_PHASE}, or once the maze was revealed"),
    Command("hint", _via(FogsiteLink.hint), reply="`hint`, `colour`, `offset`, `room`",
            refused=_PHASE),
), common=lambda flow: flow.public_state())
