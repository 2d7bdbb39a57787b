"""A menu keyed by an enum: the logic compares keys, the label is only what is drawn."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Generic, TypeVar

from fogkeeper.ui.screens import MenuItem

K = TypeVar("K", bound=Enum)


def step_cursor(cursor: int, trigger: str, length: int) -> int:
    """Up/down on a list of ``length`` rows, the same on every list of the box: the cursor
    stops at either end (a press past the end stays; it never jumps round to the other).
    Any other control leaves it put. Left/right change values, and those go round."""
    if trigger == "up":
        return max(0, min(cursor, length - 1) - 1)
    if trigger == "down":
        return max(0, min(length - 1, cursor + 1))
    return cursor


@dataclass
class Menu(Generic[K]):
    """Choices in the order drawn, and the cursor on one of them.

    ``items`` may change between frames (a list that grows); the cursor is kept in range.
    """

    items: Sequence[K]
    cursor: int = 0

    @property
    def chosen(self) -> K:
        self.cursor = max(0, min(self.cursor, len(self.items) - 1))
        return self.items[self.cursor]

    def move(self, trigger: str) -> bool:
        """Up/down move the cursor (stopping at the ends); True when the trigger was one."""
        if trigger not in ("up", "down"):
            return False
        self.cursor = step_cursor(self.cursor, trigger, len(self.items))
        return True

    def place(self, key: K) -> None:
        """Put the cursor on ``key`` (by identity, never by position arithmetic)."""
        self.cursor = list(self.items).index(key)

    def menu_items(self, label: Callable[[K], str],
                   value: Callable[[K], str] = lambda _: "") -> tuple[MenuItem, ...]:
        """The rows to draw: each key's label and value, as the game words them."""
        return tuple(MenuItem(label(key), value(key)) for key in self.items)
