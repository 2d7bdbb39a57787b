"""Everything FOGSITE keeps at the table, in one typed session: the setup draft, the engine
state (typed in memory, JSON only in a snapshot), the cursors, the pads, the answers shown."""

from __future__ import annotations

import random
import secrets
from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Generic, TypeVar, cast, overload

from fogkeeper.flow.fogsite.table import Stage
from fogkeeper.flow.hourglass import Hourglass
from fogkeeper.flow.kit.pin import PinPad
from fogkeeper.flow.kit.session import codec, dump, load
from fogkeeper.grown import Grown
from fogkeeper.rules.fogsite import (
    Cell,
    Colour,
    Direction,
    GameState,
    GuardianMove,
    InvestigatorStatus,
    RelicRequest,
    SheetCopy,
    Side,
    from_json,
    to_json,
)
from fogkeeper.rules.fogsite.levels import Level
from fogkeeper.rules.fogsite.state import LogEntry, Phase
from fogkeeper.secret import Secret

COLOUR_WORD = {Colour.RED: "RED", Colour.GREEN: "GREEN", Colour.BLUE: "BLUE"}
Lines = tuple[str, ...]
T = TypeVar("T")


class GuardianKind(StrEnum):
    """Who plays the Guardian: a person behind the PIN, or the box (nobody knows the maze)."""

    HUMAN = "human"
    BOX = "box"


class Strength(StrEnum):
    """How the box plays; it also answers where the rules let the Guardian choose."""

    GENTLE = "gentle"
    HUNTER = "hunter"


STRENGTH_POLICY = {Strength.GENTLE: "fair", Strength.HUNTER: "hunter"}
# a save from before the levels kept a strength (and a maze difficulty): the level that
# plays like it (the gentle Guardian won about 1 game in 5, the hunter 7 in 10)
LEVEL_OF_STRENGTH = {Strength.GENTLE: Level.LEARNING, Strength.HUNTER: Level.HARD}


class RelicAsk(StrEnum):
    """One step of using a Relic at the table."""

    MODE = "mode"          # I4: use the card, or put 2 Map tiles back
    OFFSET = "offset"      # Relic 10: which space, from the asker
    RECEIVER = "receiver"  # Relic 12: which teammate plays again
    CARD = "card"          # Relic 13: which collected card comes back
    PLACED = "placed"      # Relic 07: which neighbours the asker copied from teammates
    CONFIRM = "confirm"    # the question, asked with OK


@dataclass
class MazeDraft:
    """The Guardian's secret half of the setup: the maze being typed and where things start."""

    cells: list[list[str]] = field(default_factory=lambda: [["."] * 5 for _ in range(5)])
    sleeping: Colour | None = None
    guardian_start: tuple[int, int] | None = None
    problems: tuple[str, ...] = ()  # why the maze was refused: they name its walls
    seed: int | None = None  # the box's maze seed: the maze can be made again from it


class _InMaze(Generic[T]):
    """A field of the secret ``MazeDraft``, read and written on the ``SetupDraft`` as if it
    were the draft's own."""

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    @overload
    def __get__(self, draft: None, owner: type) -> _InMaze[T]: ...
    @overload
    def __get__(self, draft: SetupDraft, owner: type) -> T: ...
    def __get__(self, draft: SetupDraft | None, owner: type) -> _InMaze[T] | T:
        if draft is None:
            return self
        return cast(T, getattr(draft.hidden.open(), self.name))

    def __set__(self, draft: SetupDraft, value: T) -> None:
        setattr(draft.hidden.open(), self.name, value)


@dataclass
class SetupDraft:
    """What the Guardian and the table chose before the game: seats, options, the maze.

    The maze part is a Secret: any screen that reads it is private (see fogkeeper.secret).
    """

    colours: tuple[Colour, ...] = (Colour.RED, Colour.GREEN, Colour.BLUE)
    two_player: bool = False
    easy: bool = False
    balancing: tuple[str, ...] = ()  # sorted option codes
    hidden_hands: bool = False  # each Investigator's Relics kept from the others
    guardian: GuardianKind = GuardianKind.HUMAN
    # None only in a save from before the levels: ``box_level`` maps its strength
    level: Level | None = None
    difficulty: str = "normal"  # the old saves' maze difficulty and strength, read only
    strength: Strength = Strength.GENTLE
    hidden: Secret[MazeDraft] = field(default_factory=lambda: Secret(MazeDraft()))
    cursor: tuple[int, int] = (0, 0)

    # the secret half, read and written as if it were plain fields (each read opens the
    # Secret, so a screen that reads one is private)
    cells = _InMaze[list[list[str]]]()
    sleeping = _InMaze[Colour | None]()
    guardian_start = _InMaze[tuple[int, int] | None]()
    problems = _InMaze[tuple[str, ...]]()
    seed = _InMaze[int | None]()

    @property
    def size(self) -> int:
        return 4 if self.easy else 5

    @property
    def box_level(self) -> Level:
        """The box's level; an older save's strength maps to the level that plays like it."""
        return self.level if self.level is not None else LEVEL_OF_STRENGTH[self.strength]

    def maze_text(self) -> str:
        return "\n".join(" ".join(row) for row in self.cells)

    def clear_maze(self) -> None:
        """An empty grid of the draft's size (the draft forgets a maze once it is locked)."""
        self.cells = [["."] * self.size for _ in range(self.size)]


@dataclass
class RelicPlan:
    """The card being played and what the Investigator said so far."""

    relic: int
    steps: tuple[RelicAsk, ...]
    index: int = 0
    restore_time: bool = False
    dx: int = 0
    dy: int = 0
    receiver: Colour | None = None
    card: int = 0
    placed: tuple[tuple[int, int], ...] = ()  # Relic 07: tiles copied from teammates
    copies: tuple[SheetCopy, ...] = ()  # Relic 10 (over the link): teammates' sheets
    lying: bool = False  # the Guardian is picking its one lie (G7), not a true answer

    @property
    def step(self) -> RelicAsk:
        return self.steps[self.index]

    def request(self) -> RelicRequest:
        return RelicRequest(self.relic, wall_offset=(self.dx, self.dy) if self.relic == 10
                            else None, receiver=self.receiver, card=self.card or None,
                            placed=self.placed, copies=self.copies,
                            restore_time=self.restore_time)


class AnswerKind(StrEnum):
    """What an answer on the ANSWER screen is; the screen draws it by its kind."""

    NEWS = "news"            # a result, a fact, a refusal: drawn plainly
    CAN_MOVE = "can_move"    # the rules' yes ("You can move"): beside an open-way arrow
    CANT_MOVE = "cant_move"  # the rules' no ("You can't move"): drawn inverted beside a
    #                          wall, with the wall's buzz: never a yes


@dataclass(frozen=True)
class Answer:
    """An answer as the table sees it: its kind, its large words and the small lines under."""

    kind: AnswerKind = AnswerKind.NEWS
    big: Lines = ()
    small: Lines = ()

    @classmethod
    def can_move(cls, small: Lines) -> Answer:
        return cls(AnswerKind.CAN_MOVE, ("You can", "move"), small)

    @classmethod
    def cant_move(cls, small: Lines) -> Answer:
        return cls(AnswerKind.CANT_MOVE, ("You can't", "move"), small)


def _answer_json(answer: Answer) -> object:
    return dump(answer)


def _answer_back(saved: object) -> Answer:
    """An answer as saved; a save from before answers had kinds ([big, small]) is news."""
    if isinstance(saved, list):
        big, small = load(tuple[Lines, Lines], saved, "answer")
        return Answer(AnswerKind.NEWS, big, small)
    return load(Answer, saved, "answer")


def _rng_json(rng: random.Random) -> list[object]:
    version, internal, gauss = rng.getstate()
    return [version, list(internal), gauss]


def _rng_back(saved: list[object]) -> random.Random:
    rng = random.Random()
    version, internal, gauss = saved
    if not isinstance(internal, list):
        raise TypeError("the random state's middle part must be a list")
    rng.setstate((version, tuple(internal), gauss))
    return rng


STREAM_BITS = 256  # each stream's seed from the OS: far beyond any search of seeds


def os_stream() -> random.Random:
    """One stream of a real game, from its own OS seed (a 32-bit seed, as before, could be
    searched whole from the public draws)."""
    return random.Random(secrets.randbits(STREAM_BITS))


def seeded_streams(seed: int) -> tuple[random.Random, random.Random]:
    """The public and the secret stream of a replayed game (a test's seed, or a host's seed
    given behind the PIN: whoever knows it knows every draw anyway). The public stream is
    the one stream of before the split, so a seed still deals the hands it dealt."""
    return random.Random(seed), random.Random(f"fogsite secret {seed}")


def _path_json(path: list[Direction]) -> list[str]:
    return [d.name for d in path]


def _path_back(saved: list[str]) -> list[Direction]:
    return [Direction[name] for name in saved]


def _plan_json(plan: Secret[list[GuardianMove]]) -> list[str]:
    return [f"{m.direction.name}{m.spaces}" for m in plan.open()]  # "E2"


def _plan_back(saved: list[str]) -> Secret[list[GuardianMove]]:
    return Secret([GuardianMove(Direction[move[0]], int(move[1:])) for move in saved])


Walks = dict[str, list[tuple[int, int]]]
Heard = tuple[tuple[int, str, str, str], ...]


def _walk_text(cells: Sequence[tuple[int, int]]) -> str:
    """A walk as the session saves it: each cell as "col,row;" ("0,0;0,1;"), one short
    string the save's encoder copies in C (a list of pairs is walked item by item)."""
    return "".join(f"{col},{row};" for col, row in cells)


# each token's walk only grows (Session.walked), and the session is saved after every
# action: its text is kept as it grows, by the walker's name
_WALKED: dict[str, Grown[tuple[int, int], str]] = {}


def _walks_json(walks: Secret[Walks]) -> dict[str, object]:
    """The walks as the session saves them, each walk's text kept from the last save."""
    shown: dict[str, str] = {}
    for who, cells in walks.open().items():
        grown = _WALKED.get(who)
        if grown is None:
            grown = _WALKED.setdefault(who, Grown(_walk_text))
        shown[who] = grown.of(cells)
    return {"revealed": walks.revealed, "value": shown}


def _walks_back(saved: object) -> Secret[Walks]:
    """The walks from a save: each walk as text, or as the list of [col, row] pairs that
    firmware before 2026-12 saved (a session saved then still resumes); checked as the
    session's types are (``load``), and each step on a board."""
    if isinstance(saved, dict) and isinstance(saved.get("value"), dict):
        saved = {**saved, "value": {who: _steps(walk) if isinstance(walk, str) else walk
                                    for who, walk in saved["value"].items()}}
    walks = load(Secret[Walks], saved, "walks")
    if any(not -WALK_MOST <= n <= WALK_MOST for cells in walks.open().values()
           for cell in cells for n in cell):
        raise ValueError("a step off any board")
    return walks


WALK_MOST = 100  # no column or row of a walk lies further out than this


def _steps(text: str) -> list[list[int]]:
    """A walk's text ("0,0;0,1;") as its [col, row] steps; ValueError when it is not one."""
    if text and not text.endswith(";"):
        raise ValueError("a walk is col,row; steps")
    return [[int(n) for n in cell.split(",")] for cell in text.split(";")[:-1]]


def _heard(log: Sequence[LogEntry]) -> Heard:
    return tuple((e.round_number, e.actor, e.action, e.public) for e in log)


_HEARD: Grown[LogEntry, Heard] = Grown(_heard)  # the log as the table heard it


def _game_json(game: Secret[GameState]) -> str:
    return to_json(game.open())


def _game_back(saved: str) -> Secret[GameState]:
    return _sealed(from_json(saved))


def _sealed(state: GameState) -> Secret[GameState]:
    """The game as a secret the rules open when it is over (the maze is revealed then)."""
    return Secret(state, revealed=state.phase is Phase.OVER)


@dataclass(frozen=True)
class SeatFacts:
    """One Investigator as the whole table knows them."""

    colour: Colour
    status: InvestigatorStatus
    hand: tuple[int, ...]
    offset: tuple[int, int] = (0, 0)  # the token, from the Investigator's own Starting tile
    sheet: tuple[tuple[tuple[int, int], bool], ...] = ()  # Mapping Sheet: offset -> Room?


@dataclass(frozen=True)
class TableFacts:
    """What the whole table may know of a running game: never the maze, a true cell, the
    Guardian's space or the Relic deck's order. The team's screens are drawn from this."""

    round_number: int
    current: Colour | None
    seats: tuple[SeatFacts, ...]
    two_player: bool
    collected: tuple[int, ...]
    tiles_left: int
    visible_arrows: int | None  # None under the Easy Rule (no Guardian on the board)
    digging_tokens: int
    winner: Side | None
    end_reason: str
    balancing: frozenset[str] = frozenset()
    playing_on: bool = False  # after a loss, Map tiles count below zero
    log: tuple[tuple[int, str, str, str], ...] = ()  # round, who, action, what the table heard
    hidden_hands: bool = False  # a hand is shown only to its Investigator (pass and play)

    def seat(self, colour: Colour) -> SeatFacts:
        return next(seat for seat in self.seats if seat.colour is colour)


def table_facts(state: GameState) -> TableFacts:
    """The public projection of the game (the only one the team's screens use)."""
    return TableFacts(state.round_number, state.current,
                      tuple(SeatFacts(inv.colour, inv.status, inv.hand, inv.offset, inv.sheet)
                            for inv in state.investigators),
                      state.options.two_player, state.collected, state.time_limit.tiles_left,
                      None if state.options.easy else state.visible_arrows,
                      state.digging_tokens, state.winner, state.end_reason,
                      state.options.balancing, state.playing_on,
                      _HEARD.of(state.log),
                      state.options.hidden_hands)


def _beside(_: object) -> None:
    """The team's clock is saved beside the session (its time left needs the clock's now)."""
    return None


@dataclass
class Session:
    """One FOGSITE game at the table, from the setup menu to the log at the end."""

    draft: SetupDraft = field(default_factory=lambda: SetupDraft(level=Level.NORMAL))
    game: Secret[GameState] | None = field(default=None, metadata=codec(_game_json, _game_back))
    # Two streams, so that nothing the table sees is drawn from the stream that draws a
    # secret: ``rng`` deals the Relic hands (public); ``secret_rng`` draws the box's maze
    # seed, the Relic deck's order and every pick among true answers (its input is the
    # maze). Both are seeded from the OS (``os_stream``) and live only here and in the
    # box's own save: no reply, event, screen or log shows them.
    rng: random.Random = field(default_factory=os_stream,
                               metadata=codec(_rng_json, _rng_back))
    secret_rng: random.Random = field(default_factory=os_stream,
                                      metadata=codec(_rng_json, _rng_back))
    acting: Colour = Colour.RED  # the Investigator the team chose to play
    cursor: int = 0              # the shown screen's menu row (0 on every new screen)
    unlocked: bool = False       # the maze shows: the right PIN was given on this screen
    pad: PinPad | None = None
    back_to: Stage = Stage.CHOOSE  # where an aside (quit, the Guardian's look) returns
    back_cursor: int = 0
    answer: Answer = field(default_factory=Answer,  # what the ANSWER screen shows
                           metadata=codec(_answer_json, _answer_back))
    report: tuple[Lines, Lines] = ((), ())  # the Guardian's report
    path: list[Direction] = field(default_factory=list, metadata=codec(_path_json, _path_back))
    # the Move being made: teammates' sheets laid on the mover's (as ``fogsite.move``'s copies)
    copies: tuple[SheetCopy, ...] = ()
    copying: SheetCopy | None = None  # the copy being laid on the copy screen
    guardian_plan: Secret[list[GuardianMove]] = field(default_factory=lambda: Secret([]),
                                                      metadata=codec(_plan_json, _plan_back))
    relic_choice: RelicPlan | None = None
    gift: int = 0
    hand_action: str = ""  # hidden hands: "use_relic" or "give", once the box is handed over
    refusal: str = ""
    guardian_refusal: Secret[str] = field(default_factory=lambda: Secret(""))  # names walls
    walks: Secret[Walks] = field(  # every token's walk, for the reveal
        default_factory=lambda: Secret({}), metadata=codec(_walks_json, _walks_back))
    glass: Hourglass | None = field(default=None, metadata=codec(_beside, _beside))
    # G9: the round whose team turn the glass was turned for (0: none yet); each round has
    # one team turn, so a new round is a new, full glass however its turn began
    clock_round: int = 0
    page: int = 0
    record_saved: bool = False
    # the maze was shown after the game without the PIN (the winner screen's OK, or a
    # reveal over the link): a team that saw it cannot play on, the loss is for good
    maze_seen: bool = False
    box_due: float | None = None  # when the box's count shows (the BOX_TURN screen only)

    @property
    def running(self) -> GameState:
        """The whole game, maze included: reading it on a screen makes the screen private
        until the game is over. The team's screens read ``facts()`` instead."""
        assert self.game is not None  # only asked on screens that exist during a game
        return self.game.open()

    @running.setter
    def running(self, state: GameState) -> None:
        self.game = _sealed(state)
        # the rules open the maze and the walks at the end (and close them again if the
        # team plays on after a loss)
        self.walks.revealed = state.phase is Phase.OVER

    def facts(self) -> TableFacts:
        """What the whole table may know of the running game (never makes a screen private)."""
        assert self.game is not None  # only asked on screens that exist during a game
        return self.game.public_part(table_facts)

    @property
    def plan(self) -> list[GuardianMove]:
        """The Guardian's moves being planned: a secret."""
        return self.guardian_plan.open()

    @plan.setter
    def plan(self, plan: list[GuardianMove]) -> None:
        self.guardian_plan = Secret(plan)

    @property
    def routes(self) -> dict[str, list[tuple[int, int]]]:
        return self.walks.open()

    @routes.setter
    def routes(self, routes: dict[str, list[tuple[int, int]]]) -> None:
        self.walks = Secret(routes, revealed=self.walks.revealed)

    @property
    def relic_plan(self) -> RelicPlan:
        assert self.relic_choice is not None  # only on the Relic step screen
        return self.relic_choice

    def box_plays(self) -> bool:
        """Whether the box is the Guardian (then no PIN opens the maze before the end)."""
        return self.draft.guardian is GuardianKind.BOX

    def box_settings(self) -> dict[str, int | str]:
        """What the table chose for the box as Guardian (public: no seed, no maze)."""
        draft = self.draft
        return {"size": draft.size, "level": draft.box_level.value}

    def walked(self, who: str, cells: list[Cell]) -> None:
        """The secret walk record, for the reveal."""
        self.routes.setdefault(who, []).extend((c.col, c.row) for c in cells)

    def start_routes(self) -> None:
        game = self.running
        self.routes = {COLOUR_WORD[inv.colour]: [(inv.start.col, inv.start.row)]
                       for inv in game.investigators}
        if game.guardian is not None:
            self.routes["Guardian"] = [(game.guardian.col, game.guardian.row)]
