"""A box at the table for FOGSITE: the app on a fake clock, driven by button names.

Every frame shown after a press is kept in ``seen`` so the secrecy tests can scan them all.
"""

from __future__ import annotations

import json
import re

from fogkeeper.config import parse_config
from fogkeeper.events import Button, ButtonEvent
from fogkeeper.flow import snapshot
from fogkeeper.flow.app import App, Screen
from fogkeeper.flow.app.views import frame
from fogkeeper.flow.fogsite import FogsiteFlow
from fogkeeper.flow.fogsite.session import Session
from fogkeeper.flow.settings import Settings
from fogkeeper.paths import config_dir
from fogkeeper.rules.fogsite import Colour, Maze
from support.clock import pass_time
from support.effects import Effects

PIN = "1234"
BUTTONS = {"ok": Button.PRESS, "back": Button.KEY2, "key3": Button.KEY3, "up": Button.UP,
           "down": Button.DOWN, "left": Button.LEFT, "right": Button.RIGHT}
CYCLE = ".#RGB"
# the C-S02 maze: RED A1, GREEN C5, BLUE E1
MAZE = (config_dir() / "mazes" / "c_s02_correct.txt").read_text(encoding="utf-8")
CELL_NAME = re.compile(r"\b[A-E][1-5]\b")


class FogsiteTable:
    """An app with a fake clock; ``press`` takes names: "ok", "hold_back", "up"..."""

    def __init__(self, pin: str = PIN, first: Screen = Screen.HOME) -> None:
        self.now = 1000.0
        self.effects = Effects()
        self.config = parse_config({"security": {"pin": pin}})
        self.app = App(self.config, self.effects, lambda: self.now, settings=Settings(),
                       first_screen=first)
        self.seen: list[tuple[str, tuple[str, ...]]] = []  # (screen, its text lines)

    def press(self, *names: str) -> FogsiteTable:
        for name in names:
            held = name.startswith("hold_")
            self.app.handle(ButtonEvent(BUTTONS[name.removeprefix("hold_")], long=held))
            self.look()
        return self

    def wait(self, seconds: float) -> FogsiteTable:
        """Let time pass the way the loop does: waking at each deadline."""
        def tick(now: float) -> None:
            self.now = now
            self.app.tick(now)

        pass_time(self.now, seconds, self.app.next_deadline, tick)
        return self.look()

    def look(self) -> FogsiteTable:
        """Keep what the screen shows now, with the name of the screen."""
        game = self.app.game
        screen = game.state.value if isinstance(game, FogsiteFlow) else self.app.state.value
        self.seen.append((screen, self.lines))
        return self

    @property
    def lines(self) -> tuple[str, ...]:
        return frame(self.app, self.now).lines

    def shows(self, text: str) -> bool:
        """Whether some line of the screen reads ``text`` (ignoring the cursor mark)."""
        return any(line.lstrip("> ") == text for line in self.lines)

    @property
    def private(self) -> bool:
        """Whether the shown frame is private (it read a secret): the link gets none of it."""
        return frame(self.app, self.now).private

    @property
    def text(self) -> str:
        return "\n".join(self.lines)

    @property
    def flow(self) -> FogsiteFlow:
        assert isinstance(self.app.game, FogsiteFlow)
        return self.app.game

    @property
    def session(self) -> Session:
        return self.flow.session

    @property
    def stage(self) -> str:
        return self.flow.state.value

    def lay(self, letter: str, *rooms: tuple[int, int],
            wall: tuple[tuple[int, int], ...] = ()) -> FogsiteTable:
        """Tiles already on a Mapping Sheet (explored or copied in earlier rounds)."""
        game = self.session.running
        investigator = game.investigator(Colour(letter))
        for offset, street in [(o, True) for o in rooms] + [(o, False) for o in wall]:
            investigator = investigator.with_sheet(offset, street, explored=True)
        self.session.running = game.with_investigator(investigator)
        return self

    # ---- setup on the joystick -------------------------------------------------------------
    def open_fogsite(self, seed: int | None = 7) -> FogsiteTable:
        """HOME -> FOGSITE; both streams are seeded so every run deals the same hands and
        the Guardian's picks and the deck's order are the same too (None: a real game's
        streams, from the OS)."""
        self.press("down", "ok")
        if self.app.state is Screen.PIN_OFFER:  # no PIN set: B plays without one
            self.press("back")
        if seed is not None:
            self.flow.replay(seed)
        return self

    def menu_to(self, label: str) -> FogsiteTable:
        """Move the cursor of the shown menu onto the row starting with ``label``."""
        rows = [line.lstrip("> ").strip() for line in self.lines[1:-1]]
        target = next(i for i, row in enumerate(rows) if row.startswith(label))
        current = next(i for i, line in enumerate(self.lines[1:-1]) if line.startswith(">"))
        step = "down" if target > current else "up"
        return self.press(*[step] * abs(target - current))

    def enter_maze(self, maze: str, colours: str = "RGB") -> FogsiteTable:
        """From the setup menu: every cell set with OK, cell by cell, row by row."""
        self.menu_to("Enter maze").press("ok")
        cycle = "".join(k for k in CYCLE if k in ".#" or k in colours)
        rows = [line.split(";")[0].replace(" ", "") for line in maze.splitlines()]
        rows = [row for row in rows if row]
        for row in rows:
            for kind in row:
                self.press(*["ok"] * cycle.index(kind.upper()), "right")
            self.press("down")
        return self

    def lock(self, pin: str = PIN) -> FogsiteTable:
        """Enter the PIN on the pad: each digit up from 0, then OK moves on."""
        for digit in pin:
            self.press(*["up"] * int(digit), "ok")
        return self

    def set_up(self, maze: str = MAZE, sleeping: str = "GREEN", start: tuple[int, int] = (4, 2),
               pin: str = PIN, balancing: tuple[str, ...] = ()) -> FogsiteTable:
        """The whole joystick setup: balancing, maze, check, sleeper, Guardian start, lock."""
        self.open_fogsite()
        if balancing:
            self.menu_to("Balancing").press("ok")
            for code in balancing:
                self.menu_to(code).press("ok")
            self.press("back")
        self.enter_maze(maze).press("hold_ok")
        self.menu_to(sleeping).press("ok")
        col, row = self.session.draft.cursor
        self.press(*["right"] * ((start[0] - col) % 5), *["down"] * ((start[1] - row) % 5))
        self.press("ok")
        return self.lock(pin) if pin else self.press("ok")

    def set_up_box(self, seed: int, level: str = "normal", easy: bool = False
                   ) -> FogsiteTable:
        """HOME -> FOGSITE, Guardian: Box, its level, Start game (the box's screen stays).

        The seed is the one thing not set on the joystick: the box draws it itself, so a
        test puts it in the draft to know which maze to expect.
        """
        self.open_fogsite().menu_to("Guardian").press("right")
        self.session.draft.seed = seed
        if easy:
            self.menu_to("Easy Rule").press("right")
        self.menu_to("Level")
        while self.session.draft.box_level.value != level:
            self.press("right")
        return self.press("down", "ok")  # Start game, the row below


def restart(t: FogsiteTable) -> FogsiteTable:
    """Save as the loop does, pull the plug, boot a fresh box and say OK to the offer."""
    saved = snapshot.check(json.loads(json.dumps(snapshot.take(t.app, t.now))))
    fresh = FogsiteTable(first=Screen.RESUME)
    fresh.now = t.now
    fresh.app.saved = saved
    return fresh.press("ok")


def secret_rows(maze: Maze) -> list[str]:
    """The maze's rows as a screen or a reply could show them (spaced and packed)."""
    rows = list(maze.rows_text())
    packed = [row.replace(" ", "") for row in rows]
    return rows + [row for row in packed if row.strip(".")]  # "....." is no giveaway


def leaks(text: str, maze: Maze, seed: int) -> list[str]:
    """What of the box's secrets ``text`` gives away: spaces, maze rows, the maze's seed."""
    found = CELL_NAME.findall(text) + [row for row in secret_rows(maze) if row in text]
    return found + ([str(seed)] if re.search(rf"\b{seed}\b", text) else [])
