"""FOGSITE table flow: the screens, the setup draft, and the state every part of the flow shares.

The flow is split by phase of play (setup, team, relic, Guardian, end), each part a mixin on
this core with its own transitions table; ``fogsite.py`` puts them together in one machine.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from enum import StrEnum
from typing import TYPE_CHECKING, Any

from fogkeeper.flow.game import GameContext
from fogkeeper.flow.hourglass import Hourglass
from fogkeeper.flow.hourglass import Phase as GlassPhase
from fogkeeper.flow.kit.pin import PinPad
from fogkeeper.rules.fogsite import (
    Cell,
    Colour,
    Direction,
    GameState,
    GuardianMove,
    Options,
    Phase,
    public_view,
)
from fogkeeper.ui.fogsite_screens import TeamStatus
from fogkeeper.ui.screens import mm_ss


class Stage(StrEnum):
    """Every FOGSITE screen; the flow's machine has one state per stage."""

    SETUP_MENU = "setup_menu"
    BALANCING = "balancing"
    MAZE_EDIT = "maze_edit"
    MAZE_INVALID = "maze_invalid"
    SLEEPING = "sleeping"
    GUARDIAN_START = "guardian_start"
    LOCK = "lock"
    BOX_READY = "box_ready"
    CHOOSE = "choose"
    ACTIONS = "actions"
    EXPLORE = "explore"
    MOVE = "move"
    RELIC_PICK = "relic_pick"
    RELIC_STEP = "relic_step"
    GIVE_PICK = "give_pick"
    GIVE_TO = "give_to"
    ANSWER = "answer"
    ESCAPE_CALL = "escape_call"
    GUARDIAN_GATE = "guardian_gate"
    GUARDIAN_PIN = "guardian_pin"
    GUARDIAN_MOVES = "guardian_moves"
    GUARDIAN_REPORT = "guardian_report"
    BOX_TURN = "box_turn"
    PEEK_PIN = "peek_pin"
    PEEK = "peek"
    WINNER = "winner"
    REVEAL = "reveal"
    LOG = "log"
    QUIT_ASK = "quit_ask"


S = Stage
SETUP_STAGES = frozenset({S.SETUP_MENU, S.BALANCING, S.MAZE_EDIT, S.MAZE_INVALID, S.SLEEPING,
                          S.GUARDIAN_START, S.LOCK, S.BOX_READY})
# screens that show the maze after a PIN; never resumed after a power cut, never left open
UNLOCKED_STAGES = frozenset({S.GUARDIAN_MOVES, S.PEEK})
END_STAGES = frozenset({S.WINNER, S.REVEAL, S.LOG})
# every screen shown while a game runs: the link and the team's clock can cut in on any
PLAY_STAGES = [s for s in Stage if s not in SETUP_STAGES | END_STAGES]
DIRECTION_OF = {"up": Direction.N, "right": Direction.E, "down": Direction.S,
                "left": Direction.W}
DIRECTIONS = list(DIRECTION_OF)
COLOUR_WORD = {Colour.RED: "RED", Colour.GREEN: "GREEN", Colour.BLUE: "BLUE"}
WRONG_PIN = "Wrong PIN, again"
HUMAN_GUARDIAN = "human"
BOX_GUARDIAN = "box"  # the box plays the Guardian (fogsite_box); nobody knows the maze
GUARDIAN_KINDS: tuple[str, ...] = (HUMAN_GUARDIAN, BOX_GUARDIAN)
DIFFICULTIES = ("easy", "normal", "hard")  # the generator's measured levels (Difficulty)
# the box's strength also answers where the rules let the Guardian choose (Relics 04-07)
STRENGTH_POLICY = {"gentle": "fair", "hunter": "hunter"}
STRENGTHS = tuple(STRENGTH_POLICY)


@dataclass
class SetupDraft:
    """What the Guardian and the table chose before the game: seats, options, the maze."""

    colours: tuple[Colour, ...] = (Colour.RED, Colour.GREEN, Colour.BLUE)
    two_player: bool = False
    easy: bool = False
    balancing: frozenset[str] = frozenset()
    guardian: str = HUMAN_GUARDIAN
    difficulty: str = "normal"
    strength: str = "gentle"
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

    def to_json(self) -> dict[str, Any]:
        return {"colours": [c.value for c in self.colours], "two_player": self.two_player,
                "easy": self.easy, "balancing": sorted(self.balancing),
                "guardian": self.guardian, "difficulty": self.difficulty,
                "strength": self.strength, "seed": self.seed,
                "cells": ["".join(r) for r in self.cells],
                "sleeping": None if self.sleeping is None else self.sleeping.value,
                "guardian_start": None if self.guardian_start is None
                else list(self.guardian_start),
                "cursor": list(self.cursor), "problems": list(self.problems)}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> SetupDraft:
        start = data["guardian_start"]
        return cls(colours=tuple(Colour(c) for c in data["colours"]),
                   two_player=bool(data["two_player"]), easy=bool(data["easy"]),
                   balancing=frozenset(data["balancing"]), guardian=str(data["guardian"]),
                   difficulty=str(data.get("difficulty", "normal")),
                   strength=str(data.get("strength", "gentle")),
                   seed=None if data.get("seed") is None else int(data["seed"]),
                   cells=[list(row) for row in data["cells"]],
                   sleeping=None if data["sleeping"] is None else Colour(data["sleeping"]),
                   guardian_start=None if start is None else (int(start[0]), int(start[1])),
                   cursor=(int(data["cursor"][0]), int(data["cursor"][1])),
                   problems=tuple(data["problems"]))


class FogsiteCore:
    """The flow's shared state and the moves between phases of play."""

    name = "fogsite"
    title = "FOGSITE"
    state: Stage
    machine: Any  # the transitions Machine, made by FogsiteFlow

    if TYPE_CHECKING:  # transitions attaches this; declared for mypy
        def trigger(self, name: str) -> bool: ...

    def __init__(self, context: GameContext, options: Options, seed: int) -> None:
        self.context = context
        self.base_options = options
        self.rng = random.Random(seed)
        self.draft = SetupDraft()
        self.acting: Colour = Colour.RED  # the Investigator the team chose to play
        self.game: GameState | None = None
        self.cursor = 0
        self.pressed = ""
        self.unlocked = False
        self.pad: PinPad | None = None
        self.back_to: Stage = S.CHOOSE
        self.answer: tuple[tuple[str, ...], tuple[str, ...]] = ((), ())  # big, small lines
        self.path: list[Direction] = []
        self.plan: list[GuardianMove] = []
        self.refusal = ""
        self.routes: dict[str, list[tuple[int, int]]] = {}  # secret: for the reveal only
        self.glass: Hourglass | None = None
        self.page = 0
        self.record_saved = False

    # ---- moving between screens ----------------------------------------------------------
    exit_asked = False

    def ask_exit(self) -> None:
        self.exit_asked = True

    def reset_cursor(self) -> None:
        self.cursor = 0

    def go_back(self) -> None:
        """Back to the screen a question or a look at the maze interrupted."""
        self.trigger(f"back_to_{self.back_to.value}")

    def read_pin(self) -> None:
        """A key on a PIN screen: the pad answers pin_ok or pin_cancel, or asks again."""
        if self.pad is None:  # the lock with no PIN configured: OK locks, B goes back
            answer = {"ok": "pin_ok", "back": "pin_cancel"}.get(self.pressed)
            if answer is not None:
                self.trigger(answer)
            return
        entered = self.pad.handle(self.pressed)
        if entered == "":
            self.trigger("pin_cancel")
        elif entered is not None and self.context.pin_matches(entered):
            self.trigger("pin_ok")
        elif entered is not None:
            self.refusal = "Wrong PIN"
            self.pad = PinPad(WRONG_PIN)

    def clock(self) -> float:
        return self.context.clock()

    def box_plays(self) -> bool:
        """Whether the box is the Guardian (then no PIN opens the maze before the end)."""
        return self.draft.guardian == BOX_GUARDIAN

    @property
    def running(self) -> GameState:
        assert self.game is not None  # only called on screens that exist during a game
        return self.game

    # ---- the engine's phase, as the onward rows ask it ------------------------------------
    def is_over(self) -> bool:
        return self.running.phase is Phase.OVER

    def is_guardian_phase(self) -> bool:
        return self.running.phase is Phase.GUARDIAN

    def is_escape_phase(self) -> bool:
        return self.running.phase is Phase.ESCAPE

    def turn_not_begun(self) -> bool:
        return self.running.current is None

    def open_guardian_turn(self) -> None:
        """The human Guardian's turn: the team's clock stops and the maze stays covered."""
        self.stop_team_clock()
        self.unlocked = False
        self.plan, self.refusal = [], ""

    def finish(self) -> None:
        """The game is over: stop the clock, keep the record once (the winner shows next)."""
        self.stop_team_clock()
        self.unlocked = False
        if not self.record_saved:
            self.record_saved = True
            self.context.effects.sound("reveal")
            self.context.effects.emit("fogsite.over", {"winner": self.running.winner.value
                                                       if self.running.winner else None})
            self.context.effects.save_record(self.name, self.record())

    def record(self) -> dict[str, Any]:
        from fogkeeper.rules.fogsite import reveal_view  # the whole truth, game over only

        record = {"game": self.name, "view": reveal_view(self.running),
                  "routes": {k: [Cell(*c).name for c in v] for k, v in self.routes.items()}}
        if self.box_plays():  # with the seed, `fogkeeper maze new` makes the maze again
            record["box"] = {**self.box_settings(), "seed": self.draft.seed}
        return record

    def box_settings(self) -> dict[str, Any]:
        """What the table chose for the box as Guardian (public: no seed, no maze)."""
        draft = self.draft
        return {"size": draft.size, "difficulty": draft.difficulty, "strength": draft.strength}

    # ---- the team's shared time (balancing G9) -------------------------------------------
    def start_team_clock(self) -> None:
        game = self.running
        if not game.options.has("G9") or game.phase is not Phase.INVESTIGATORS:
            return
        config = self.context.config.timer
        self.glass = Hourglass(game.team_seconds, warn_at=config.warn_at_seconds, players=1)
        self.glass.start(self.clock())

    def stop_team_clock(self) -> None:
        self.glass = None

    def team_clock(self) -> str:
        if self.glass is None:
            return ""
        shown = mm_ss(self.glass.shown_seconds(self.clock()))
        return shown + ("||" if self.glass.phase is GlassPhase.PAUSED else "")

    def status(self, who: str = "Team") -> TeamStatus:
        view = public_view(self.running)
        return TeamStatus(who, view["time_limit"]["tiles_left"], view["visible_arrows"],
                          view["digging_tokens"], self.team_clock())

    # ---- the secret walk record, for the reveal -------------------------------------------
    def walked(self, who: str, cells: list[Cell]) -> None:
        self.routes.setdefault(who, []).extend((c.col, c.row) for c in cells)

    def start_routes(self) -> None:
        game = self.running
        self.routes = {COLOUR_WORD[inv.colour]: [(inv.start.col, inv.start.row)]
                       for inv in game.investigators}
        if game.guardian is not None:
            self.routes["Guardian"] = [(game.guardian.col, game.guardian.row)]
