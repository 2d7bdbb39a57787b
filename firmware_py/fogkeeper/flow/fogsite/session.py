"""Everything FOGSITE keeps at the table, in one typed session: the setup draft, the engine
state (typed in memory, JSON only in a snapshot), the cursors, the pads, the answers shown."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from enum import StrEnum

from fogkeeper.flow.fogsite.table import Stage
from fogkeeper.flow.hourglass import Hourglass
from fogkeeper.flow.kit.pin import PinPad
from fogkeeper.flow.kit.session import codec
from fogkeeper.rules.fogsite import (
    Cell,
    Colour,
    Direction,
    GameState,
    GuardianMove,
    RelicRequest,
    from_json,
    to_json,
)

COLOUR_WORD = {Colour.RED: "RED", Colour.GREEN: "GREEN", Colour.BLUE: "BLUE"}
Lines = tuple[str, ...]


class GuardianKind(StrEnum):
    """Who plays the Guardian: a person behind the PIN, or the box (nobody knows the maze)."""

    HUMAN = "human"
    BOX = "box"


class Strength(StrEnum):
    """How the box plays; it also answers where the rules let the Guardian choose."""

    GENTLE = "gentle"
    HUNTER = "hunter"


STRENGTH_POLICY = {Strength.GENTLE: "fair", Strength.HUNTER: "hunter"}


class RelicAsk(StrEnum):
    """One step of using a Relic at the table."""

    MODE = "mode"          # I4: use the card, or put 2 Map tiles back
    OFFSET = "offset"      # Relic 10: which space, from the asker
    RECEIVER = "receiver"  # Relic 12: which teammate plays again
    CARD = "card"          # Relic 13: which collected card comes back
    CONFIRM = "confirm"    # the question, asked with OK


@dataclass
class SetupDraft:
    """What the Guardian and the table chose before the game: seats, options, the maze."""

    colours: tuple[Colour, ...] = (Colour.RED, Colour.GREEN, Colour.BLUE)
    two_player: bool = False
    easy: bool = False
    balancing: tuple[str, ...] = ()  # sorted option codes
    guardian: GuardianKind = GuardianKind.HUMAN
    difficulty: str = "normal"
    strength: Strength = Strength.GENTLE
    seed: int | None = field(default=None, repr=False)  # the box's maze seed: a secret
    cells: list[list[str]] = field(default_factory=lambda: [["."] * 5 for _ in range(5)])
    sleeping: Colour | None = None
    guardian_start: tuple[int, int] | None = None
    cursor: tuple[int, int] = (0, 0)
    problems: tuple[str, ...] = ()

    @property
    def size(self) -> int:
        return 4 if self.easy else 5

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

    @property
    def step(self) -> RelicAsk:
        return self.steps[self.index]

    def request(self) -> RelicRequest:
        return RelicRequest(self.relic, wall_offset=(self.dx, self.dy) if self.relic == 10
                            else None, receiver=self.receiver, card=self.card or None,
                            restore_time=self.restore_time)


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


def _path_json(path: list[Direction]) -> list[str]:
    return [d.name for d in path]


def _path_back(saved: list[str]) -> list[Direction]:
    return [Direction[name] for name in saved]


def _plan_json(plan: list[GuardianMove]) -> list[str]:
    return [f"{m.direction.name}{m.spaces}" for m in plan]  # "E2"


def _plan_back(saved: list[str]) -> list[GuardianMove]:
    return [GuardianMove(Direction[move[0]], int(move[1:])) for move in saved]


def _beside(_: object) -> None:
    """The team's clock is saved beside the session (its time left needs the clock's now)."""
    return None


@dataclass
class Session:
    """One FOGSITE game at the table, from the setup menu to the log at the end."""

    draft: SetupDraft = field(default_factory=SetupDraft)
    game: GameState | None = field(default=None, metadata=codec(to_json, from_json))
    rng: random.Random = field(default_factory=random.Random,
                               metadata=codec(_rng_json, _rng_back))
    acting: Colour = Colour.RED  # the Investigator the team chose to play
    cursor: int = 0              # the shown screen's menu row (0 on every new screen)
    unlocked: bool = False       # the maze shows: the right PIN was given on this screen
    pad: PinPad | None = None
    back_to: Stage = Stage.CHOOSE  # where an aside (quit, the Guardian's look) returns
    back_cursor: int = 0
    answer: tuple[Lines, Lines] = ((), ())  # big and small lines on the ANSWER screen
    report: tuple[Lines, Lines] = ((), ())  # the Guardian's report
    path: list[Direction] = field(default_factory=list, metadata=codec(_path_json, _path_back))
    plan: list[GuardianMove] = field(default_factory=list,
                                     metadata=codec(_plan_json, _plan_back))
    relic_choice: RelicPlan | None = None
    gift: int = 0
    refusal: str = ""
    routes: dict[str, list[tuple[int, int]]] = field(default_factory=dict)  # for the reveal
    glass: Hourglass | None = field(default=None, metadata=codec(_beside, _beside))
    page: int = 0
    record_saved: bool = False
    box_due: float | None = None  # when the box's count shows (the BOX_TURN screen only)

    @property
    def running(self) -> GameState:
        assert self.game is not None  # only asked on screens that exist during a game
        return self.game

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
        return {"size": draft.size, "difficulty": draft.difficulty,
                "strength": draft.strength.value}

    def walked(self, who: str, cells: list[Cell]) -> None:
        """The secret walk record, for the reveal."""
        self.routes.setdefault(who, []).extend((c.col, c.row) for c in cells)

    def start_routes(self) -> None:
        game = self.running
        self.routes = {COLOUR_WORD[inv.colour]: [(inv.start.col, inv.start.row)]
                       for inv in game.investigators}
        if game.guardian is not None:
            self.routes["Guardian"] = [(game.guardian.col, game.guardian.row)]
