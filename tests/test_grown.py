"""Grown: a value made from a sequence that grows at its end is made from the new items only,
and made whole again whenever the old items are not all still there, unchanged."""

from __future__ import annotations

from collections.abc import Sequence

from fogkeeper.grown import Grown


class Counting:
    """``sum`` of a sequence, counting every item it looks at."""

    def __init__(self) -> None:
        self.looked = 0
        self.grown: Grown[int, int] = Grown(self.make, self.more)

    def make(self, items: Sequence[int]) -> int:
        self.looked += len(items)
        return sum(items)

    def more(self, made: int, items: Sequence[int]) -> int:
        return made + self.make(items)


def test_a_sequence_that_grows_is_made_from_its_new_items_only() -> None:
    counting = Counting()
    items = list(range(1000))
    assert counting.grown.of(items) == sum(items)
    for more in range(1000, 1010):
        items.append(more)
        assert counting.grown.of(items) == sum(items)
    assert counting.looked == 1010  # each item looked at once
    assert counting.grown.of(items) == sum(items) and counting.looked == 1010


def test_a_tuple_that_grows_is_made_from_its_new_items_only() -> None:
    counting = Counting()
    items: tuple[int, ...] = tuple(range(100))
    counting.grown.of(items)
    items = (*items, 7)
    assert counting.grown.of(items) == sum(items)
    assert counting.looked == 101


def test_a_change_in_the_middle_or_a_shorter_one_is_made_whole() -> None:
    counting = Counting()
    items = list(range(100))
    counting.grown.of(items)
    items[50] = -5  # changed in place: the copy kept shows it
    assert counting.grown.of(items) == sum(items)
    assert counting.grown.of(items[:10]) == sum(range(10))  # another, shorter one
    assert counting.grown.of([3, 4]) == 7
    assert counting.looked == 100 + 100 + 10 + 2
