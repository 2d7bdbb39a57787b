"""FOGSITE setup on the joystick: seats, options, the maze cell by cell, sleeper, start, lock.

Everything here happens behind the screen, before the lock; from the lock on the maze is
never drawn again unless the Guardian's PIN opens it or the game is over. ``start_game`` is
the one way a game starts (joystick, box or link).
"""

from __future__ import annotations

from enum import Enum
from typing import TYPE_CHECKING

from fogkeeper.errors import RulesError
from fogkeeper.flow.fogsite.session import GuardianKind, SetupDraft
from fogkeeper.flow.fogsite.table import Go
from fogkeeper.flow.kit.menu import Menu, step_cursor
from fogkeeper.flow.kit.pin import PinAnswer, PinPad
from fogkeeper.rules.fogsite import (
    Cell,
    Colour,
    Direction,
    MazeFormatError,
    Options,
    new_game,
    parse_maze,
    validate_maze,
)
from fogkeeper.rules.fogsite.levels import Level, level_options
from fogkeeper.rules.fogsite.options import ALL_BALANCING, GuardianStart
from fogkeeper.ui.fogsite_screens import LOG_ROWS, wrap

if TYPE_CHECKING:
    from fogkeeper.flow.fogsite.game import FogsiteFlow


class SetupRow(Enum):
    """The setup menu's rows; the value is only what is drawn."""

    INVESTIGATORS = "Investigators"
    TWO_PLAYER = "2-player"
    EASY = "Easy Rule"
    BALANCING = "Balancing"
    GUARDIAN = "Guardian"
    ENTER_MAZE = "Enter maze"
    LEVEL = "Level"
    START = "Start game"


SETUP_ROWS = (SetupRow.INVESTIGATORS, SetupRow.TWO_PLAYER, SetupRow.EASY, SetupRow.BALANCING,
              SetupRow.GUARDIAN, SetupRow.ENTER_MAZE)
# with the box as Guardian nobody enters a maze: the table picks the level, and starts
BOX_SETUP_ROWS = (*SETUP_ROWS[:-1], SetupRow.LEVEL, SetupRow.START)
COLOUR_SETS = ((Colour.RED, Colour.GREEN, Colour.BLUE), (Colour.RED, Colour.GREEN),
               (Colour.RED, Colour.BLUE), (Colour.GREEN, Colour.BLUE))
CELL_CYCLE = ".#RGB"
DIRECTION_OF = {"up": Direction.N, "right": Direction.E, "down": Direction.S,
                "left": Direction.W}


def setup_rows(draft: SetupDraft) -> tuple[SetupRow, ...]:
    return BOX_SETUP_ROWS if draft.guardian is GuardianKind.BOX else SETUP_ROWS


def maze_problems(easy: bool, text: str, colours: tuple[Colour, ...]) -> tuple[str, ...]:
    """Every rule the maze breaks, each naming its spaces (the Guardian's eyes only)."""
    try:
        maze = parse_maze(text)
    except (MazeFormatError, RulesError) as error:
        return (str(error),)
    problems = [v.describe() for v in validate_maze(maze)]
    if set(maze.colour_cells()) != set(colours):
        wanted = " ".join(c.value for c in colours)
        problems.append(f"Colour tiles: one each of {wanted}, no other")
    if maze.is_easy != easy:
        problems.append("the Easy Rule needs 4x4, the normal game 5x5")
    return tuple(problems)


class Setup:
    """The setup screens and the start of a game."""

    def __init__(self, flow: FogsiteFlow) -> None:
        self.flow = flow

    # ---- the menu and the balancing checklist ------------------------------------------------
    def menu_key(self, button: str) -> None:
        session = self.flow.session
        menu = Menu(setup_rows(session.draft), session.cursor)
        if menu.move(button):
            session.cursor = menu.cursor
        elif button in ("left", "right"):
            self._change(menu.chosen, -1 if button == "left" else 1)
        elif button == "hold_back":
            self.flow.ask_exit()
        elif button == "ok":
            chosen = {SetupRow.BALANCING: Go.OPEN_BALANCING, SetupRow.ENTER_MAZE: Go.ENTER_MAZE,
                      SetupRow.START: Go.BOX_CHOSEN}.get(menu.chosen)
            if chosen is None:
                self._change(menu.chosen, +1)
            else:
                self.flow.fire(chosen)

    def _change(self, row: SetupRow, step: int) -> None:
        draft = self.flow.session.draft
        if row is SetupRow.INVESTIGATORS:
            sets = tuple(s for s in COLOUR_SETS if len(s) == 2) if draft.two_player else COLOUR_SETS
            draft.colours = sets[(sets.index(draft.colours) + step) % len(sets)]
        elif row is SetupRow.TWO_PLAYER:
            draft.two_player = not draft.two_player
            if draft.two_player and len(draft.colours) == 3:
                draft.colours = COLOUR_SETS[1]
        elif row is SetupRow.EASY:
            draft.easy = not draft.easy
            draft.clear_maze()
            draft.cursor, draft.guardian_start = (0, 0), None
        elif row is SetupRow.GUARDIAN:
            kinds = list(GuardianKind)
            draft.guardian = kinds[(kinds.index(draft.guardian) + step) % len(kinds)]
        elif row is SetupRow.LEVEL:
            levels = list(Level)
            draft.level = levels[(levels.index(draft.box_level) + step) % len(levels)]
        self.flow.context.effects.sound("click")

    def balancing_key(self, button: str) -> None:
        session = self.flow.session
        if button in ("ok", "left", "right") and session.cursor == len(ALL_BALANCING):
            session.draft.hidden_hands = not session.draft.hidden_hands
        elif button in ("ok", "left", "right"):
            option = ALL_BALANCING[session.cursor]
            session.draft.balancing = tuple(sorted(set(session.draft.balancing) ^ {option}))
        else:  # the last row is no balancing option: the Relic hands kept hidden
            session.cursor = step_cursor(session.cursor, button, len(ALL_BALANCING) + 1)

    # ---- the maze, cell by cell --------------------------------------------------------------
    def maze_key(self, button: str) -> None:
        session = self.flow.session
        draft = session.draft
        if button in DIRECTION_OF:
            self._move_grid_cursor(DIRECTION_OF[button])
        elif button == "ok":  # room, wall, then the Colour tiles in play
            col, row = draft.cursor
            cycle = "".join(k for k in CELL_CYCLE if k in ".#" or Colour(k) in draft.colours)
            current = draft.cells[row][col]
            draft.cells[row][col] = (cycle[(cycle.index(current) + 1) % len(cycle)]
                                     if current in cycle else ".")
            draft.guardian_start = None
        elif button == "hold_ok":  # the check
            draft.problems = maze_problems(draft.easy, draft.maze_text(), draft.colours)
            if draft.problems:
                self.flow.context.effects.sound("error")
                self.flow.fire(Go.MAZE_REFUSED)
            elif draft.easy:
                draft.sleeping = None  # nobody sleeps under the Easy Rule
                self.arm_lock()
                self.flow.fire(Go.LOCK)
            else:
                self.flow.fire(Go.MAZE_CHECKED)

    def _move_grid_cursor(self, direction: Direction) -> None:
        draft = self.flow.session.draft
        col, row = draft.cursor
        draft.cursor = ((col + direction.dx) % draft.size, (row + direction.dy) % draft.size)
        self.flow.session.refusal = ""

    def invalid_key(self, button: str) -> None:
        session = self.flow.session
        wrapped = sum(len(wrap(problem)) for problem in session.draft.problems)
        session.cursor = step_cursor(session.cursor, button, max(1, wrapped - LOG_ROWS + 1))

    def sleeping_key(self, button: str) -> None:
        session = self.flow.session
        if button == "ok":
            session.draft.sleeping = session.draft.colours[session.cursor]
            session.refusal = ""
            self.flow.fire(Go.SLEEPER_CHOSEN)
        else:
            session.cursor = step_cursor(session.cursor, button, len(session.draft.colours))

    def start_key(self, button: str) -> None:
        session = self.flow.session
        draft = session.draft
        if button in DIRECTION_OF:
            self._move_grid_cursor(DIRECTION_OF[button])
        elif button == "ok":
            refusal = self.start_refusal()
            if refusal:
                session.refusal = refusal
            else:
                draft.guardian_start = draft.cursor
                self.arm_lock()
                self.flow.fire(Go.LOCK)

    def start_refusal(self) -> str:
        """Why the Guardian cannot start on the cursor's space ("" when it can)."""
        draft = self.flow.session.draft
        col, row = draft.cursor
        kind = draft.cells[row][col]
        not_on_intruder = self.flow.options.guardian_start is GuardianStart.NOT_ON_INTRUDER
        if kind == "#":
            return "not on a wall"
        if not_on_intruder and kind in "RGB":
            return "not on an Intruder"
        return ""

    # ---- the lock ----------------------------------------------------------------------------
    def arm_lock(self) -> None:
        """The lock's pad: a PIN when one is configured, else OK alone locks."""
        session = self.flow.session
        session.refusal = ""
        context = self.flow.context
        session.pad = PinPad("Lock with PIN", context.pin_length()) if context.has_pin() else None

    def lock_key(self, button: str) -> None:
        session = self.flow.session
        if session.pad is None:  # no PIN configured: OK locks, B goes back
            answer = {"ok": PinAnswer.RIGHT, "back": PinAnswer.CANCEL}.get(button)
        elif button in ("up", "down", "left", "right", "ok", "back"):
            answer = self.flow.read_pin(button)
        else:
            answer = None
        if answer is PinAnswer.RIGHT:
            self.start_from_draft()
        elif answer is PinAnswer.CANCEL:
            self.flow.fire(Go.EASY_LOCK_CANCELLED if session.draft.easy else Go.LOCK_CANCELLED)

    def start_from_draft(self) -> None:
        draft = self.flow.session.draft
        start = None if draft.guardian_start is None else Cell(*draft.guardian_start)
        try:
            self.start_game(draft.maze_text(), draft.colours, draft.sleeping, start)
        except RulesError as error:
            self.flow.session.refusal = str(error)
            self.flow.fire(Go.SETUP_REFUSED)

    def game_options(self) -> Options:
        """The configured readings with this game's choices; the box plays by its level."""
        session = self.flow.session
        draft = session.draft
        options = self.flow.options.with_game(frozenset(draft.balancing), draft.two_player,
                                              draft.easy, draft.hidden_hands)
        if session.box_plays():
            return level_options(options, draft.box_level)
        return options

    def start_game(self, maze_text: str, colours: tuple[Colour, ...], sleeping: Colour | None,
                   guardian_start: Cell | None) -> None:
        """Set the engine up and lock: the Guardian plays first (the team under the Easy Rule)."""
        session = self.flow.session
        # the hands are dealt from the public stream, the deck's order from the secret one
        session.running = new_game(parse_maze(maze_text), colours, sleeping, guardian_start,
                                   self.game_options(), session.rng,
                                   deck_rng=session.secret_rng)
        session.pad, session.refusal, session.unlocked = None, "", False
        draft = session.draft
        draft.clear_maze()  # the draft forgets the maze
        draft.sleeping, draft.guardian_start, draft.problems = None, None, ()
        session.start_routes()
        self.flow.context.effects.sound("click")
        self.flow.onward()
