"""What is made from a sequence that only grows at its end, kept up as it grows.

A FOGSITE game's log and its tokens' walks gain a few items an action and never change what
they hold; the session is saved after every action. Made whole each time (its JSON form, the
table's view of the log), such a value costs the whole game at every step: 0.3-0.5 ms each
after 1,000 actions here, growing all game. ``Grown`` makes it from the new items only. That
the old items are still there, unchanged, is checked by one comparison done in C (each item
by identity first, then by value), never trusted: a sequence that was replaced or changed
in its middle is made again whole.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Generic, TypeVar, cast

Item = TypeVar("Item")
Made = TypeVar("Made")


class Grown(Generic[Item, Made]):
    """``make(items)`` for the latest ``items`` given, through ``more(made, new_items)``
    when they only grew since the last call. ``more(make(a), b)`` must equal ``make(a + b)``;
    without a ``more``, ``made + make(new_items)`` (a text, list or tuple made item by item).
    One instance serves one sequence at a time (another one given makes its value whole).
    """

    def __init__(self, make: Callable[[Sequence[Item]], Made],
                 more: Callable[[Made, Sequence[Item]], Made] | None = None) -> None:
        self._make = make
        self._more = more if more is not None else self._joined
        self._last: tuple[Sequence[Item], Made] | None = None  # (items as given, made)

    def of(self, items: Sequence[Item]) -> Made:
        last = self._last  # read once: a call on another thread replaces it whole
        if last is not None:
            seen, made = last
            count = len(seen)
            if items is seen:
                return made
            if len(items) >= count and items[:count] == seen:
                if len(items) > count:
                    made = self._more(made, items[count:])
                self._last = (items[:], made)  # a list is copied: a change in place shows
                return made
        made = self._make(items)
        self._last = (items[:], made)
        return made

    def _joined(self, made: Made, items: Sequence[Item]) -> Made:
        return cast(Made, cast(Any, made) + self._make(items))
