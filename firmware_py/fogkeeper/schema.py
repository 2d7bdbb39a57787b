"""One declaration per input: a field's key, kind, default, range and the words that say so.

Every border reads through a ``Schema``: a link command's arguments, a game's setup, the
files the box keeps. ``Schema.read`` checks a whole mapping before anything uses it
(unknown keys, missing keys, wrong kinds, out of range) and raises ``SchemaError`` naming
the key path and what is allowed, never the value received (it may be a PIN). The same
declaration gives the words of the docs tables (``Field.words``), so the tables cannot drift
from the checks.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from fogkeeper.errors import FogkeeperError


class _Required:
    def __repr__(self) -> str:
        return "REQUIRED"


REQUIRED: Any = _Required()
"""The default of a field that must be given."""


class _Absent:
    def __repr__(self) -> str:
        return "ABSENT"


ABSENT: Any = _Absent()
"""The default of a field that is simply left out of what ``Schema.read`` returns when it
is not given (the reader then decides, from the state, what its absence means)."""

_KIND_WORDS: dict[type, str] = {
    bool: "true or false", int: "an integer", float: "a number", str: "a string",
    list: "a list", dict: "an object", object: "any JSON value",
}


class SchemaError(FogkeeperError):
    """An input that does not fit its declaration; ``path`` names the key (``values.crew``)."""

    def __init__(self, path: str, problem: str) -> None:
        super().__init__(f"'{path}' {problem}" if path else problem)
        self.path = path
        self.problem = problem


def _kind_ok(value: object, kind: type) -> bool:
    if kind is bool:
        return isinstance(value, bool)
    if kind is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if kind is float:
        return isinstance(value, int | float) and not isinstance(value, bool)
    return isinstance(value, kind)


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else str(value)


@dataclass(frozen=True)
class Field:
    """One key: its kind (bool, int, float, str, list, dict or an Enum of string values),
    its default (``REQUIRED`` when it must be given), and what is allowed.

    ``low``/``high`` bound a number; ``most`` bounds a string's characters or a list's
    items; ``items`` declares a list's items (a ``Field`` or, for objects, a ``Schema``);
    ``check`` is a last test that ``allowed`` puts in words.
    """

    key: str
    kind: type
    default: Any = REQUIRED
    low: float | None = None
    high: float | None = None
    most: int | None = None
    items: Field | Schema | None = None
    check: Callable[[Any], bool] | None = None
    allowed: str = ""
    doc: str = ""

    @property
    def required(self) -> bool:
        return self.default is REQUIRED

    def words(self) -> str:
        """What the field takes, in the words of an error message and a docs table."""
        if self.allowed:
            return self.allowed
        kind = self.kind
        if issubclass(kind, Enum):
            return "one of: " + ", ".join(str(m.value) for m in kind)
        text = _KIND_WORDS.get(kind, kind.__name__)
        if self.low is not None and self.high is not None:
            low, high = _number(self.low), _number(self.high)
            text += f" {low}-{high}" if self.low >= 0 else f" from {low} to {high}"
        elif self.low is not None:
            text += f" of at least {_number(self.low)}"
        elif self.high is not None:
            text += f" of at most {_number(self.high)}"
        if self.most is not None:
            text += f" of at most {self.most} {'characters' if kind is str else 'items'}"
        return text

    def read(self, value: object, path: str | None = None) -> Any:
        """``value`` as this field's kind (an Enum member for an Enum), or SchemaError."""
        where = self.key if path is None else path
        kind = self.kind
        if issubclass(kind, Enum):
            for member in kind:
                if member.value == value and type(value) is type(member.value):
                    return member
            raise SchemaError(where, f"must be {self.words()}")
        if not _kind_ok(value, kind):
            raise SchemaError(where, f"must be {self.words()}")
        number = value if kind in (int, float) else None
        if number is not None and not (
                (self.low is None or number >= self.low)  # type: ignore[operator]
                and (self.high is None or number <= self.high)):  # type: ignore[operator]
            raise SchemaError(where, f"must be {self.words()}")
        if self.most is not None and len(value) > self.most:  # type: ignore[arg-type]
            raise SchemaError(where, f"must be {self.words()}")
        if kind is float:
            value = float(value)  # type: ignore[arg-type]
        if kind is list and self.items is not None:
            items: list[object] = value  # type: ignore[assignment]
            value = [_read_item(self.items, item, f"{where}[{i}]")
                     for i, item in enumerate(items)]
        if self.check is not None and not self.check(value):
            raise SchemaError(where, f"must be {self.words()}")
        return value


def _read_item(items: Field | Schema, value: object, path: str) -> Any:
    if isinstance(items, Schema):
        if not isinstance(value, dict):
            raise SchemaError(path, "must be an object")
        return items.read(value, path)
    return items.read(value, path)


@dataclass(frozen=True)
class Schema:
    """The keys a mapping may hold; ``read`` checks all of them before returning any."""

    fields: tuple[Field, ...] = ()
    by_key: dict[str, Field] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        keys = [f.key for f in self.fields]
        if len(set(keys)) != len(keys):
            raise ValueError(f"a key declared twice in {keys}")  # a bug, not input
        object.__setattr__(self, "by_key", {f.key: f for f in self.fields})

    @classmethod
    def of(cls, *fields: Field) -> Schema:
        return cls(tuple(fields))

    def __iter__(self) -> Iterator[Field]:
        return iter(self.fields)

    def __contains__(self, key: object) -> bool:
        return key in self.by_key

    def read(self, raw: Mapping[str, Any], path: str = "") -> dict[str, Any]:
        """Every declared key, checked: given ones as read, absent ones as their default.

        Unknown keys, missing required keys and bad values raise SchemaError naming the
        first of them (in sorted order, so the same input always names the same key).
        """
        prefix = f"{path}." if path else ""
        for key in sorted(k for k in raw if k not in self.by_key):
            allowed = ", ".join(self.by_key) or "none"
            raise SchemaError(f"{prefix}{key}", f"is not known here; allowed: {allowed}")
        out: dict[str, Any] = {}
        for declared in self.fields:
            if declared.key in raw:
                out[declared.key] = declared.read(raw[declared.key], prefix + declared.key)
            elif declared.required:
                raise SchemaError(prefix + declared.key, "is missing")
            elif declared.default is not ABSENT:
                out[declared.key] = declared.default
        return out

    def table_cell(self) -> str:
        """The arguments as one Markdown table cell: ``name``: what it takes (default)."""
        if not self.fields:
            return "—"
        parts = []
        for f in self.fields:
            text = f"`{f.key}`: {f.doc or f.words()}"
            if not f.required and f.default not in (None, ABSENT) and not f.doc:
                shown = f.default.value if isinstance(f.default, Enum) else f.default
                shown = str(shown).lower() if isinstance(shown, bool) else shown
                text += f" (default {shown})"
            elif f.required:
                text += " (required)"
            parts.append(text)
        return "; ".join(parts)


NO_ARGS = Schema()
"""A command that takes no arguments: any argument given is refused."""
