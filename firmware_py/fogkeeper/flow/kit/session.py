"""Snapshot and restore of a typed session: a dataclass to JSON and back, checked on the way in.

A game's session is a dataclass whose fields are typed: ``int``, ``str``, ``bool``, ``float``,
enums, nested dataclasses, ``list``/``tuple``/``dict[str, ...]`` of those, ``X | None``,
``Secret[X]`` (saved with whether the rules have opened it), or ``Any`` for plain JSON. A field
whose value has its own codec (an engine state) names it in its metadata:
``field(metadata=codec(to_json, from_json))``. ``load`` checks every value against its type
and names the key path of the first that does not fit, so a damaged or foreign save is
refused whole instead of half restored.
"""

from __future__ import annotations

import dataclasses
import functools
import types
import typing
from collections.abc import Callable, Mapping
from enum import Enum
from typing import TYPE_CHECKING, Any, TypeVar, overload

from fogkeeper.errors import FogkeeperError
from fogkeeper.secret import Secret

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

T = TypeVar("T")
V = TypeVar("V")
W = TypeVar("W")
CODEC = "fogkeeper.codec"
MAX_DEPTH = 64
_PLAIN = frozenset({int, str, float, bool, type(None)})  # dumped as they are


class SessionError(FogkeeperError, ValueError):
    """A saved session that does not fit the session's types; the message names the key."""


def codec(dump: Callable[[V], object], load: Callable[[W], V]) -> Mapping[str, object]:
    """Field metadata for a value that serialises itself (``dump``) and comes back (``load``);
    ``load`` is handed the saved JSON as it was read, and must refuse what does not fit."""
    return {CODEC: (dump, load)}


@overload
def dump(value: DataclassInstance) -> dict[str, object]: ...
@overload
def dump(value: object) -> object: ...
def dump(value: object) -> object:
    """The JSON-ready form of a session (or any value a session field may hold)."""
    if type(value) in _PLAIN:  # first: a game's walks and logs are mostly numbers and text
        return value
    if type(value) in (list, tuple):
        return [v if type(v) in _PLAIN else dump(v) for v in value]  # type: ignore[attr-defined]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        out: dict[str, object] = {}
        for name, own in _dumped_fields(type(value)):
            item = getattr(value, name)
            if own is not None and item is not None:
                out[name] = own(item)
            else:  # a session's fields are mostly numbers and text: those as they are
                out[name] = item if type(item) in _PLAIN else dump(item)
        return out
    if isinstance(value, Secret):
        return {"revealed": value.revealed, "value": dump(value.open())}
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, (list, tuple)):
        return [dump(v) for v in value]
    if isinstance(value, dict):
        return {str(k.value if isinstance(k, Enum) else k): dump(v) for k, v in value.items()}
    return value


@functools.cache
def _dumped_fields(cls: type) -> tuple[tuple[str, Callable[[Any], object] | None], ...]:
    """A dataclass's fields as ``dump`` walks them: each name, and its own codec's dump if
    it has one (read once a class: a save walks a game's session at every press)."""
    return tuple((f.name, f.metadata[CODEC][0] if CODEC in f.metadata else None)
                 for f in dataclasses.fields(cls))


def load(cls: type[T], data: object, where: str = "session") -> T:
    """A ``cls`` from its dumped form; SessionError names the first key that does not fit."""
    value = _load(cls, data, where, 0)
    return typing.cast(T, value)


def _fail(where: str, wanted: str) -> SessionError:
    return SessionError(f"bad value at {where}: expected {wanted}")


def _load(kind: object, data: object, where: str, depth: int) -> object:
    if depth > MAX_DEPTH:
        raise SessionError(f"bad value at {where}: nested too deep")
    if kind is Any or kind is object:
        return data
    origin = typing.get_origin(kind)
    if origin in (typing.Union, types.UnionType):
        options = typing.get_args(kind)
        if data is None and type(None) in options:
            return None
        errors = []
        for option in options:
            if option is type(None):
                continue
            try:
                return _load(option, data, where, depth + 1)
            except SessionError as exc:
                errors.append(exc)
        raise errors[0] if errors else _fail(where, str(kind))
    if origin is typing.Literal:
        if data not in typing.get_args(kind):
            raise _fail(where, f"one of {typing.get_args(kind)}")
        return data
    if origin is list:
        (item,) = typing.get_args(kind) or (object,)
        if not isinstance(data, list):
            raise _fail(where, "a list")
        return [_load(item, v, f"{where}[{i}]", depth + 1) for i, v in enumerate(data)]
    if origin is tuple:
        return _load_tuple(kind, data, where, depth)
    if origin is Secret:
        return _load_secret(kind, data, where, depth)
    if origin is dict:
        key_kind, item = typing.get_args(kind) or (str, object)
        if not isinstance(data, dict):
            raise _fail(where, "an object")
        return {_load(key_kind, k, f"{where}.{k}", depth + 1):
                _load(item, v, f"{where}.{k}", depth + 1) for k, v in data.items()}
    if isinstance(kind, type) and issubclass(kind, Enum):
        try:
            return kind(data)
        except ValueError:
            raise _fail(where, "one of " + ", ".join(str(m.value) for m in kind)) from None
    if isinstance(kind, type) and dataclasses.is_dataclass(kind):
        return _load_dataclass(kind, data, where, depth)
    return _load_plain(kind, data, where)


def _load_tuple(kind: object, data: object, where: str, depth: int) -> tuple[object, ...]:
    args = typing.get_args(kind)
    if not isinstance(data, list):
        raise _fail(where, "a list")
    if len(args) == 2 and args[1] is Ellipsis:
        return tuple(_load(args[0], v, f"{where}[{i}]", depth + 1) for i, v in enumerate(data))
    if len(data) != len(args):
        raise _fail(where, f"a list of {len(args)}")
    return tuple(_load(a, v, f"{where}[{i}]", depth + 1)
                 for i, (a, v) in enumerate(zip(args, data, strict=True)))


def _load_secret(kind: object, data: object, where: str, depth: int) -> Secret[object]:
    (inner,) = typing.get_args(kind)
    if not isinstance(data, dict) or not isinstance(data.get("revealed"), bool):
        raise _fail(where, "a secret with its 'revealed' flag")
    return Secret(_load(inner, data.get("value"), f"{where}.value", depth + 1),
                  revealed=data["revealed"])


def _load_dataclass(kind: type, data: object, where: str, depth: int) -> object:
    if not isinstance(data, dict):
        raise _fail(where, "an object")
    hints = typing.get_type_hints(kind)
    values: dict[str, object] = {}
    for f in dataclasses.fields(kind):
        if not f.init:
            continue
        if f.name not in data:
            if (f.default is dataclasses.MISSING
                    and f.default_factory is dataclasses.MISSING):
                raise SessionError(f"bad value at {where}.{f.name}: missing")
            continue
        own = f.metadata.get(CODEC)
        raw = data[f.name]
        if own is not None and raw is not None:
            try:
                values[f.name] = own[1](raw)
            except (FogkeeperError, ValueError, TypeError, KeyError) as exc:
                raise SessionError(f"bad value at {where}.{f.name}: {exc}") from None
        else:
            values[f.name] = _load(hints[f.name], raw, f"{where}.{f.name}", depth + 1)
    return kind(**values)


def _load_plain(kind: object, data: object, where: str) -> object:
    if kind is float and isinstance(data, int) and not isinstance(data, bool):
        return float(data)
    if kind is type(None):
        if data is not None:
            raise _fail(where, "null")
        return None
    if not isinstance(kind, type):
        raise _fail(where, str(kind))
    if not isinstance(data, kind) or (kind is int and isinstance(data, bool)):
        raise _fail(where, kind.__name__)
    return data
