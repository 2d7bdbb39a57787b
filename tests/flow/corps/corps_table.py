"""A box on a fake clock for the Corps flow tests: button presses, frames, sounds, records."""

from __future__ import annotations

from dataclasses import replace

from fogkeeper.config import Config, SecurityConfig
from fogkeeper.events import Button
from fogkeeper.flow.app import Screen
from fogkeeper.flow.corps import CorpsFlow, CorpsScreen
from fogkeeper.flow.corps.chapter import TRACKER_ITEMS, pickable
from fogkeeper.flow.corps.views import TRACKER_LABELS
from fogkeeper.rules import corps
from fogkeeper.rules.corps import AnswerKey, Token
from rules.corps.corps_builders import shuffled_key as shuffled_key  # for the tests here
from support.effects import Effects
from support.table import HOLD as HOLD  # re-exported for the tests that import it from here
from support.table import AppTable

UP, DOWN, LEFT, RIGHT = Button.UP, Button.DOWN, Button.LEFT, Button.RIGHT
OK, B, KEY3 = Button.PRESS, Button.KEY2, Button.KEY3
PIN = "4711"
HOME_DOWNS_TO_CORPS = 2  # The FOG, FOGSITE, Corps of Discovery


def key_text(key: AnswerKey) -> str:
    return corps.format_key_file([key])


def config_with(pin: str = PIN) -> Config:
    return replace(Config(), security=SecurityConfig(pin=pin))


class Table(AppTable):
    """An app on the HOME screen (or another first screen) with a clock that moves when told."""

    def __init__(self, first: Screen = Screen.HOME, pin: str = PIN) -> None:
        super().__init__(Effects(), first, config_with(pin))

    @property
    def game(self) -> CorpsFlow:
        assert isinstance(self.app.game, CorpsFlow)
        return self.app.game

    @property
    def screen(self) -> CorpsScreen:
        return self.game.state


    def shows(self, text: str) -> bool:
        return any(text in line for line in self.lines)

    # ---- the joystick steps of a chapter ---------------------------------------------------
    def open_corps(self) -> Table:
        """HOME -> Corps; with no PIN set, the box offers to set one: B plays without."""
        self.press(*[DOWN] * HOME_DOWNS_TO_CORPS, OK)
        if self.app.state is Screen.PIN_OFFER:
            self.press(Button.KEY2)
        return self

    def choose(self, map_id: int = 1, notebook: bool = False) -> Table:
        """On the mode screen: set the Map, then Fog chapter or Previous Chapter."""
        return self.press(*[RIGHT] * (map_id - 1), DOWN, *([DOWN] if notebook else []), OK)

    def enter_key(self, key: AnswerKey) -> Table:
        """The key holder: 'Enter on joystick', then each circle's token with down (the
        last circle takes the token left)."""
        self.press(OK)
        used: list[Token] = []
        for slot in corps.SLOTS[:-1]:
            left = [t for t in Token if t not in used]
            self.press(*[DOWN] * left.index(key.answer(slot)), OK)
            used.append(key.answer(slot))
        return self

    def type_pin(self, pin: str = PIN) -> Table:
        """Each digit turned up from 0 on the pad's wheel, then OK keeps it and goes on."""
        for digit in pin:
            self.press(*[UP] * int(digit), OK)
        return self

    def go_to(self, slot: int) -> Table:
        here = self.game.session.cursor_slot
        rows = (slot - 1) // 3 - (here - 1) // 3
        columns = (slot - 1) % 3 - (here - 1) % 3
        moves = [DOWN if rows > 0 else UP] * abs(rows) + [RIGHT if columns > 0 else LEFT] * abs(
            columns)
        return self.press(*moves)

    def place(self, slot: int, token: Token) -> Table:
        """On the board: OK on an empty circle, then the token from the list beside it."""
        self.go_to(slot).press(OK)
        assert self.screen is CorpsScreen.PICK
        offered = list(pickable(self.game.session))
        return self.press(*[DOWN] * offered.index(token), OK)

    def tracker_row(self, label: str) -> Table:
        """From the board, open the tracker and put the cursor on ``label``."""
        if self.screen is CorpsScreen.MONSTERS:
            self.press(B)
        if self.screen is not CorpsScreen.TRACKER:
            self.press(KEY3)
        labels = [TRACKER_LABELS[item] for item in TRACKER_ITEMS]
        return self.press(*[UP] * len(labels), *[DOWN] * labels.index(label))
