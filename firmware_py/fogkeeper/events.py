"""Input events: the vocabulary shared by the input drivers, the host link and the flows."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Button(StrEnum):
    """The box's controls: a 5-way joystick and up to three keys."""

    UP = "up"
    DOWN = "down"
    LEFT = "left"
    RIGHT = "right"
    PRESS = "press"
    KEY1 = "key1"
    KEY2 = "key2"
    KEY3 = "key3"


DIRECTIONS = frozenset({Button.UP, Button.DOWN, Button.LEFT, Button.RIGHT})


@dataclass(frozen=True)
class ButtonEvent:
    """One press of a control; ``long`` is a hold past the configured hold time."""

    button: Button
    long: bool = False
