"""A menu keyed by an enum: the logic compares keys, the label is only what is drawn."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Generic, TypeVar

from fogkeeper.ui.screens import MenuItem

K = TypeVar("K", bound=Enum)


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
        step = -1 if trigger == "up" else 1
        self.cursor = max(0, min(len(self.items) - 1, self.cursor + step))
        return True

    def place(self, key: K) -> None:
        """Put the cursor on ``key`` (by identity, never by position arithmetic)."""
        self.cursor = list(self.items).index(key)

    def menu_items(self, label: Callable[[K], str],
                   value: Callable[[K], str] = lambda _: "") -> tuple[MenuItem, ...]:
        """The rows to draw: each key's label and value, as the game words them."""
        return tuple(MenuItem(label(key), value(key)) for key in self.items)
