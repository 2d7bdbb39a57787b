"""FOGSITE setup on the joystick: seats, options, the maze cell by cell, sleeper, start, lock.

Everything here happens behind the screen, before the lock; from the lock on the maze is
never drawn again unless the Guardian's PIN opens it or the game is over.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from fogkeeper.errors import RulesError
from fogkeeper.flow.fogsite_core import (
    DIFFICULTIES,
    DIRECTION_OF,
    DIRECTIONS,
    GUARDIAN_KINDS,
    STRENGTH_POLICY,
    STRENGTHS,
    FogsiteCore,
    S,
)
from fogkeeper.flow.fogsite_rows import start_rows
from fogkeeper.flow.kit.pin import PinPad
from fogkeeper.rules.fogsite import (
    Cell,
    Colour,
    MazeFormatError,
    Options,
    new_game,
    parse_maze,
    validate_maze,
)
from fogkeeper.rules.fogsite.options import ALL_BALANCING, GuardianStart
from fogkeeper.ui.fogsite_screens import LOG_ROWS, wrap

SCROLLED = [S.SETUP_MENU, S.BALANCING, S.SLEEPING, S.MAZE_INVALID]
TRANSITIONS: list[dict[str, Any]] = [
    {"trigger": "up", "source": SCROLLED, "dest": None, "after": "cursor_up"},
    {"trigger": "down", "source": SCROLLED, "dest": None, "after": "cursor_down"},
    {"trigger": "left", "source": S.SETUP_MENU, "dest": None, "after": "setup_down"},
    {"trigger": "right", "source": S.SETUP_MENU, "dest": None, "after": "setup_up"},
    {"trigger": "ok", "source": S.SETUP_MENU, "dest": S.BALANCING,
     "conditions": "on_balancing_row"},
    {"trigger": "ok", "source": S.SETUP_MENU, "dest": S.MAZE_EDIT, "conditions": "on_maze_row"},
    {"trigger": "ok", "source": S.SETUP_MENU, "dest": S.BOX_READY, "conditions": "on_start_row"},
    {"trigger": "ok", "source": S.SETUP_MENU, "dest": None, "after": "setup_up"},
    {"trigger": "hold_back", "source": S.SETUP_MENU, "dest": None, "after": "ask_exit"},
    {"trigger": ["ok", "left", "right"], "source": S.BALANCING, "dest": None,
     "after": "toggle_balancing"},
    {"trigger": "back", "source": [S.BALANCING, S.MAZE_EDIT], "dest": S.SETUP_MENU},
    {"trigger": DIRECTIONS, "source": [S.MAZE_EDIT, S.GUARDIAN_START], "dest": None,
     "after": "move_grid_cursor"},
    {"trigger": "ok", "source": S.MAZE_EDIT, "dest": None, "after": "cycle_cell"},
    # hold OK checks the maze (prepare runs on the first row, which is always tried first)
    {"trigger": "hold_ok", "source": S.MAZE_EDIT, "dest": S.MAZE_INVALID,
     "prepare": "check_maze", "conditions": "maze_refused", "before": "sound_error"},
    {"trigger": "hold_ok", "source": S.MAZE_EDIT, "dest": S.LOCK, "conditions": "draft_is_easy",
     "before": ["forget_sleeper", "arm_lock"]},
    {"trigger": "hold_ok", "source": S.MAZE_EDIT, "dest": S.SLEEPING},
    {"trigger": ["ok", "back"], "source": S.MAZE_INVALID, "dest": S.MAZE_EDIT},
    {"trigger": "ok", "source": S.SLEEPING, "dest": S.GUARDIAN_START,
     "before": "choose_sleeper"},
    {"trigger": "back", "source": S.SLEEPING, "dest": S.MAZE_EDIT},
    {"trigger": "ok", "source": S.GUARDIAN_START, "dest": S.LOCK, "unless": "start_refused",
     "before": ["choose_start", "arm_lock"]},
    {"trigger": "ok", "source": S.GUARDIAN_START, "dest": None, "after": "refuse_start"},
    {"trigger": "back", "source": S.GUARDIAN_START, "dest": S.SLEEPING},
    # the lock: every key goes to the PIN pad, which answers pin_ok or pin_cancel
    {"trigger": ["up", "down", "left", "right", "ok", "back"], "source": S.LOCK, "dest": None,
     "after": "read_pin"},
    {"trigger": "pin_ok", "source": S.LOCK, "dest": None, "after": "start_from_draft"},
    {"trigger": "pin_cancel", "source": S.LOCK, "dest": S.MAZE_EDIT,
     "conditions": "draft_is_easy"},
    {"trigger": "pin_cancel", "source": S.LOCK, "dest": S.GUARDIAN_START},
    *start_rows([S.LOCK, S.BOX_READY]),
    {"trigger": "setup_refused", "source": [S.LOCK, S.BOX_READY], "dest": S.SETUP_MENU},
]

SETUP_ROWS = ("Investigators", "2-player", "Easy Rule", "Balancing", "Guardian", "Enter maze")
# with the box as Guardian nobody enters a maze: the table picks how hard, and starts
BOX_SETUP_ROWS = (*SETUP_ROWS[:-1], "Difficulty", "Strength", "Start game")
COLOUR_SETS = ((Colour.RED, Colour.GREEN, Colour.BLUE), (Colour.RED, Colour.GREEN),
               (Colour.RED, Colour.BLUE), (Colour.GREEN, Colour.BLUE))
BALANCING_NAMES = {
    "G1": "+1 Guardian move", "G2": "through 1 wall", "G3": "past sleepers",
    "G4": "4 tiles an attack", "G5": "15 tiles: wins", "G6": "lays passers down",
    "G7": "one lie", "G8": "no escape on G", "G9": "team timer",
    "I1": "3 Digging tokens", "I2": "names attacked", "I3": "start neighbours",
    "I4": "Relic: 2 tiles", "I5": "Use/Give again",
}
CELL_CYCLE = ".#RGB"


class SetupMixin(FogsiteCore):
    """The setup screens and the one way a game starts (joystick or link)."""

    def cursor_up(self) -> None:
        self.cursor = max(0, self.cursor - 1)

    def cursor_down(self) -> None:
        self.cursor = min(self.menu_length() - 1, self.cursor + 1)

    def setup_rows(self) -> tuple[str, ...]:
        return BOX_SETUP_ROWS if self.box_plays() else SETUP_ROWS

    def menu_length(self) -> int:
        wrapped = sum(len(wrap(problem)) for problem in self.draft.problems)
        lengths = {S.SETUP_MENU: len(self.setup_rows()), S.BALANCING: len(ALL_BALANCING),
                   S.SLEEPING: len(self.draft.colours),
                   S.MAZE_INVALID: max(1, wrapped - LOG_ROWS + 1)}
        return lengths.get(self.state, 1)

    def on_balancing_row(self) -> bool:
        return self.setup_rows()[self.cursor] == "Balancing"

    def on_maze_row(self) -> bool:
        return self.setup_rows()[self.cursor] == "Enter maze"

    def on_start_row(self) -> bool:
        return self.setup_rows()[self.cursor] == "Start game"

    def setup_up(self) -> None:
        self._step_setup(+1)

    def setup_down(self) -> None:
        self._step_setup(-1)

    def _step_setup(self, step: int) -> None:
        draft, row = self.draft, self.setup_rows()[self.cursor]
        if row == "Investigators":
            sets = self._colour_sets()
            draft.colours = sets[(sets.index(draft.colours) + step) % len(sets)]
        elif row == "2-player":
            draft.two_player = not draft.two_player
            if draft.two_player and len(draft.colours) == 3:
                draft.colours = COLOUR_SETS[1]
        elif row == "Easy Rule":
            draft.easy = not draft.easy
            draft.cells = [["."] * draft.size for _ in range(draft.size)]
            draft.cursor, draft.guardian_start = (0, 0), None
        elif row == "Guardian":
            kinds = GUARDIAN_KINDS
            draft.guardian = kinds[(kinds.index(draft.guardian) + step) % len(kinds)]
        elif row == "Difficulty":
            draft.difficulty = _cycle(DIFFICULTIES, draft.difficulty, step)
        elif row == "Strength":
            draft.strength = _cycle(STRENGTHS, draft.strength, step)
        self.context.effects.sound("click")

    def _colour_sets(self) -> tuple[tuple[Colour, ...], ...]:
        if self.draft.two_player:
            return tuple(s for s in COLOUR_SETS if len(s) == 2)
        return COLOUR_SETS

    def toggle_balancing(self) -> None:
        option = ALL_BALANCING[self.cursor]
        self.draft.balancing = self.draft.balancing ^ {option}

    # ---- the maze, cell by cell ----------------------------------------------------------
    def move_grid_cursor(self) -> None:
        direction = DIRECTION_OF[self.pressed]
        col, row = self.draft.cursor
        size = self.draft.size
        self.draft.cursor = ((col + direction.dx) % size, (row + direction.dy) % size)
        self.refusal = ""

    def cycle_cell(self) -> None:
        """OK steps the cell through room, wall, then the Colour tiles in play."""
        col, row = self.draft.cursor
        cycle = "".join(k for k in CELL_CYCLE
                        if k in ".#" or Colour(k) in self.draft.colours)
        current = self.draft.cells[row][col]
        nxt = cycle[(cycle.index(current) + 1) % len(cycle)] if current in cycle else "."
        self.draft.cells[row][col] = nxt
        self.draft.guardian_start = None

    def maze_problems(self, text: str, colours: tuple[Colour, ...]) -> tuple[str, ...]:
        """Every rule the maze breaks, each naming its spaces (the Guardian's eyes only)."""
        try:
            maze = parse_maze(text)
        except (MazeFormatError, RulesError) as error:
            return (str(error),)
        problems = [v.describe() for v in validate_maze(maze)]
        if set(maze.colour_cells()) != set(colours):
            wanted = " ".join(c.value for c in colours)
            problems.append(f"Colour tiles: one each of {wanted}, no other")
        if maze.is_easy != self.draft.easy:
            problems.append("the Easy Rule needs 4x4, the normal game 5x5")
        return tuple(problems)

    def check_maze(self) -> None:
        self.draft.problems = self.maze_problems(self.draft.maze_text(), self.draft.colours)

    def maze_refused(self) -> bool:
        return bool(self.draft.problems)

    def draft_is_easy(self) -> bool:
        return self.draft.easy

    def sound_error(self) -> None:
        self.context.effects.sound("error")

    def forget_sleeper(self) -> None:
        """Nobody sleeps under the Easy Rule."""
        self.draft.sleeping = None

    def choose_sleeper(self) -> None:
        self.draft.sleeping = self.draft.colours[self.cursor]
        self.refusal = ""

    def start_refusal(self) -> str:
        """Why the Guardian cannot start on the cursor's space ("" when it can)."""
        col, row = self.draft.cursor
        kind = self.draft.cells[row][col]
        not_on_intruder = self.base_options.guardian_start is GuardianStart.NOT_ON_INTRUDER
        if kind == "#":
            return "not on a wall"
        if not_on_intruder and kind in "RGB":
            return "not on an Intruder"
        return ""

    def start_refused(self) -> bool:
        return bool(self.start_refusal())

    def refuse_start(self) -> None:
        self.refusal = self.start_refusal()

    def choose_start(self) -> None:
        self.draft.guardian_start = self.draft.cursor

    # ---- the lock ------------------------------------------------------------------------
    def arm_lock(self) -> None:
        """The lock's pad: a PIN when one is configured, else OK alone locks."""
        self.refusal = ""
        has_pin = bool(self.context.config.security.pin)
        self.pad = PinPad("Lock with PIN") if has_pin else None

    def start_from_draft(self) -> None:
        draft = self.draft
        start = None if draft.guardian_start is None else Cell(*draft.guardian_start)
        try:
            self.start_game(draft.maze_text(), draft.colours, draft.sleeping, start)
        except RulesError as error:
            self.refusal = str(error)
            self.trigger("setup_refused")

    def game_options(self) -> Options:
        """The configured readings with this game's choices; the box answers by its strength."""
        draft = self.draft
        options = self.base_options.with_game(draft.balancing, draft.two_player, draft.easy)
        if self.box_plays():
            return replace(options, choice_policy=STRENGTH_POLICY[draft.strength])
        return options

    def start_game(self, maze_text: str, colours: tuple[Colour, ...], sleeping: Colour | None,
                   guardian_start: Cell | None) -> None:
        """Set the engine up and lock: the Guardian plays first (the team under the Easy Rule)."""
        self.game = new_game(parse_maze(maze_text), colours, sleeping, guardian_start,
                             self.game_options(), self.rng)
        self.pad, self.refusal, self.unlocked = None, "", False
        draft = self.draft
        draft.cells = [["."] * draft.size for _ in range(draft.size)]  # the draft forgets
        draft.sleeping, draft.guardian_start, draft.problems = None, None, ()
        self.start_routes()
        self.context.effects.sound("click")
        if self.running.options.easy:
            self.start_team_clock()
        self.trigger("game_started")


def _cycle(choices: tuple[str, ...], current: str, step: int) -> str:
    return choices[(choices.index(current) + step) % len(choices)]
