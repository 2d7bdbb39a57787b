"""A box on a fake clock for The FOG's flow tests: button presses, frames, sounds, records."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from apptable import HOLD as HOLD  # re-exported for the tests that import it from here
from apptable import AppTable

from fogkeeper.config import Config
from fogkeeper.events import Button
from fogkeeper.flow.app import Screen
from fogkeeper.flow.fog import FogFlow
from fogkeeper.flow.fog.table import FogScreen
from fogkeeper.flow.settings import Settings

UP, DOWN, LEFT, RIGHT = Button.UP, Button.DOWN, Button.LEFT, Button.RIGHT
OK, B, KEY3 = Button.PRESS, Button.KEY2, Button.KEY3


class Effects:
    """Records everything the flow asks of the world; records land in a folder."""

    def __init__(self, folder: Path | None = None) -> None:
        self.sounds: list[str] = []
        self.events: list[tuple[str, dict[str, Any]]] = []
        self.records: list[dict[str, Any]] = []
        self.folder = folder
        self.presets: dict[str, Any] = {}

    def sound(self, tune: str) -> None:
        self.sounds.append(tune)

    def apply_settings(self, settings: Settings) -> None: ...

    def emit(self, event: str, payload: dict[str, Any]) -> None:
        self.events.append((event, payload))

    def save_record(self, game: str, record: dict[str, Any]) -> str:
        self.records.append(record)
        if self.folder is None:
            return f"/records/{game}-{len(self.records)}.json"
        path = self.folder / f"{game}-{len(self.records)}.json"
        path.write_text(json.dumps(record, indent=1), encoding="utf-8")
        return str(path)

    def load_preset(self, game: str) -> Any:
        return self.presets.get(game)

    def save_preset(self, game: str, data: Any) -> None:
        self.presets[game] = data


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
