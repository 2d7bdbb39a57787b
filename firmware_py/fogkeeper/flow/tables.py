"""Helpers for writing state machines as tables, and for binding their rows to the parts.

A game's table names each row's work ``part.method`` (``rounds.close_turn``); ``bind_rows``
makes each name that part's method when the machine is built, so a name that resolves to no
part's method stops the build at once (transitions would look it up only when its row first
fires).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import cast

# the keys of a row that name work: each a "part.method" name, or a list of them
CALLBACKS = ("conditions", "unless", "prepare", "before", "after")


def expand(table: Sequence[Mapping[str, object]]) -> list[dict[str, object]]:
    """Let a table row name several triggers; transitions wants one trigger a row."""
    rows: list[dict[str, object]] = []
    for row in table:
        names = row["trigger"] if isinstance(row["trigger"], list) else [row["trigger"]]
        rows.extend({**row, "trigger": name} for name in names)
    return rows


class Work:
    """A row's work: a method of a part, named as the table names it.

    It prints as the name (``key_holder.seal``): ``fogkeeper diagram`` draws it, the table
    checks compare rows by it, and transitions' log of each callback it runs reads alike in
    two games played alike (no object's address). The part is found when the machine is
    built; its method is looked up at each call, as transitions itself would (a test may
    put a fault in its place).
    """

    def __init__(self, name: str, part: object, method: str) -> None:
        self.__name__ = name
        self.part = part
        self.method_name = method

    @property
    def method(self) -> Callable[..., object]:
        found: Callable[..., object] = getattr(self.part, self.method_name)
        return found

    def __call__(self, *args: object, **kwargs: object) -> bool | None:
        # a condition answers a bool, other work nothing
        return cast("bool | None", self.method(*args, **kwargs))

    def __repr__(self) -> str:
        return self.__name__

    __str__ = __repr__


def work(model: object, name: object, table: str, *, own: bool = False) -> Work:
    """``part.method`` of ``model`` as a row's work (with ``own``, a plain ``method`` is the
    model's own); a ValueError naming the ``table`` when the name is no such method."""
    part_name, dot, method_name = str(name).partition(".")
    if own and isinstance(name, str) and not dot:
        part, method_name = model, part_name
    else:
        part = getattr(model, part_name, None) if isinstance(name, str) and dot else None
    found = getattr(part, method_name, None) if part is not None and method_name else None
    if not callable(found) or "." in method_name:
        raise ValueError(f"the {table} table names {name!r}, which is no part's method")
    return Work(str(name), part, method_name)


def bind_rows(model: object, rows: Sequence[Mapping[str, object]],
              table: str, *, own: bool = False) -> list[dict[str, object]]:
    """The rows with every named work bound to the part it names (with ``own``, a plain
    name to the model's own method); one ``Work`` a name, shared by the rows naming it."""
    made: dict[str, Work] = {}

    def one(name: object) -> Work:
        key = str(name)
        if key not in made:
            made[key] = work(model, name, table, own=own)
        return made[key]

    out: list[dict[str, object]] = []
    for row in rows:
        new = dict(row)
        for key in CALLBACKS:
            if key in row:
                names = row[key]
                new[key] = [one(n) for n in names] if isinstance(names, list) else [one(names)]
        out.append(new)
    return out
