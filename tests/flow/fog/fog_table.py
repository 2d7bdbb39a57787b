"""A box on a fake clock for The FOG's flow tests: button presses, frames, sounds, records."""

from __future__ import annotations

from fogkeeper.config import Config
from fogkeeper.events import Button
from fogkeeper.flow.app import Screen
from fogkeeper.flow.fog import FogFlow
from fogkeeper.flow.fog.table import FogScreen
from support.effects import Effects
from support.table import HOLD as HOLD  # re-exported for the tests that import it here
from support.table import AppTable

UP, DOWN, LEFT, RIGHT = Button.UP, Button.DOWN, Button.LEFT, Button.RIGHT
OK, B, KEY3 = Button.PRESS, Button.KEY2, Button.KEY3


class Nav:
    """Finding rows by their label on list screens and forms, by pressing as a player does."""

    def press(self, *buttons: Button | str) -> Nav:
        raise NotImplementedError

    @property
    def lines(self) -> tuple[str, ...]:
        raise NotImplementedError

    def cursor_label(self) -> str:
        return next(line[2:] for line in self.lines if line.startswith("> "))

    def go_to_row(self, label: str) -> Nav:
        """Move the cursor of a list screen to the row whose label starts with ``label``."""
        for _ in range(80):
            if self.cursor_label().startswith(label):
                return self
            rows = [line[2:] for line in self.lines if line[:2] in ("> ", "  ")]
            mine = rows.index(self.cursor_label())
            target = next((i for i, r in enumerate(rows) if r.startswith(label)), None)
            assert target is not None, f"no row {label!r} in {self.lines}"
            self.press(DOWN if target > mine else UP)
        raise AssertionError(f"cannot reach {label!r}")

    def choose(self, label: str, value: str) -> Nav:
        """Set a checklist or form row to ``value`` by pressing right."""
        self.go_to_row(label)
        for _ in range(40):
            if self.cursor_label().split(": ", 1)[-1] == value:
                return self
            self.press(RIGHT)
        raise AssertionError(f"{label} never shows {value!r}: {self.lines}")


class Table(AppTable, Nav):
    """An app with The FOG one press away, and a clock that only moves when told."""

    def __init__(self, first: Screen = Screen.HOME, effects: Effects | None = None,
                 config: Config | None = None) -> None:
        AppTable.__init__(self, effects or Effects(), first, config)

    @property
    def fog(self) -> FogFlow:
        game = self.app.game
        assert isinstance(game, FogFlow)
        return game

    @property
    def screen(self) -> FogScreen:
        return self.fog.screen
