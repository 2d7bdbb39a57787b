"""FOGSITE and Corps screens taken from their scripted whole games, named as docs/screens/
names them: the first (or the last) time the game shows that screen.

Used by the reference-image test (tests/ui/test_reference_screens.py).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cache
from typing import Any

from PIL import Image

from fogkeeper.flow.app.views import frame

# a scripted whole game: the test module and the test function that plays it
SCRIPTS = {
    "fogsite": ("flow.fogsite.test_fogsite_joystick",
                "test_a_whole_game_from_the_home_menu_to_the_log"),
    "fogsite-box": ("flow.fogsite.test_box_guardian",
                    "test_a_whole_game_against_the_box_from_the_home_menu"),
    "corps": ("flow.corps.test_corps_joystick", "test_a_whole_chapter_won_on_the_joystick"),
    "corps-same": ("flow.corps.test_corps_same_record",
                   "test_the_joystick_and_the_link_reach_the_same_record"),
    "fogsite-no": ("flow.fogsite.test_fogsite_answers",
                   "test_a_failed_explore_is_drawn_inverted_and_says_the_same_words"),
}


@dataclass(frozen=True)
class Shot:
    script: str
    screen: str  # the game's screen (its state's value)
    last: bool = False  # the last time it shows rather than the first


SHOTS = {
    "fogsite-maze-editor": Shot("fogsite", "maze_edit", last=True),
    "fogsite-choose": Shot("fogsite", "choose"),
    "fogsite-actions": Shot("fogsite", "actions"),
    "fogsite-explore-answer": Shot("fogsite", "answer"),
    "fogsite-cant-move": Shot("fogsite-no", "answer"),
    "fogsite-guardian-moves": Shot("fogsite", "guardian_moves", last=True),
    "fogsite-winner": Shot("fogsite", "winner"),
    "fogsite-reveal": Shot("fogsite", "reveal"),
    "fogsite-log": Shot("fogsite", "log"),
    "fogsite-box-setup": Shot("fogsite-box", "setup_menu", last=True),
    "fogsite-box-ready": Shot("fogsite-box", "box_ready"),
    "fogsite-box-moves": Shot("fogsite-box", "box_turn"),
    "fogsite-box-attacked": Shot("fogsite-box", "guardian_report"),
    "fogsite-box-reveal": Shot("fogsite-box", "reveal"),
    "fogsite-box-hint": Shot("fogsite-box", "answer"),
    "fogsite-box-why": Shot("fogsite-box", "reveal", last=True),
    "corps-mode": Shot("corps", "mode"),
    "corps-key-slot": Shot("corps", "key_slot"),
    "corps-setup": Shot("corps", "setup"),
    "corps-board-move": Shot("corps", "board", last=True),
    "corps-tracker": Shot("corps", "tracker"),
    "corps-terrain": Shot("corps-same", "terrain"),
    "corps-reveal": Shot("corps", "reveal", last=True),
    "corps-verdict": Shot("corps", "verdict"),
}


def _screen(app: Any) -> str:
    state = getattr(app.game, "state", None)
    return str(getattr(state, "value", app.state.value))


@contextmanager
def _watching(seen: list[tuple[str, Image.Image]]) -> Iterator[None]:
    """Keep every picture the scripted tables show, with the name of its screen."""
    from flow.fogsite.fogsite_table import FogsiteTable
    from support.table import AppTable

    saved = FogsiteTable.look, AppTable.press, AppTable.wait

    def look(self: FogsiteTable) -> FogsiteTable:
        seen.append((_screen(self.app), frame(self.app, self.now).image))
        return saved[0](self)

    def after(method: Callable[..., Any]) -> Callable[..., Any]:
        def run(self: AppTable, *args: Any) -> Any:
            done = method(self, *args)
            seen.append((_screen(self.app), self.frame.image))
            return done
        return run

    FogsiteTable.look = look  # type: ignore[method-assign]
    AppTable.press = after(saved[1])  # type: ignore[method-assign]
    AppTable.wait = after(saved[2])  # type: ignore[method-assign]
    try:
        yield
    finally:
        FogsiteTable.look, AppTable.press, AppTable.wait = saved  # type: ignore[method-assign]


@cache
def _played(script: str) -> tuple[tuple[str, Image.Image], ...]:
    module, test = SCRIPTS[script]
    seen: list[tuple[str, Image.Image]] = []
    with _watching(seen):
        getattr(importlib.import_module(module), test)()
    return tuple(seen)


def shot(name: str) -> Image.Image:
    """The named screen, as the scripted game shows it."""
    wanted = SHOTS[name]
    found = [image for screen, image in _played(wanted.script) if screen == wanted.screen]
    assert found, f"{name}: the {wanted.script} script never shows {wanted.screen}"
    return (found[-1] if wanted.last else found[0]).copy()
