"""Small typed readers for parsed TOML/JSON dicts that name the key path on failure."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, TypeVar

T = TypeVar("T")
ErrorFactory = Callable[[str], Exception]


def _fail(make_error: ErrorFactory, path: str, wanted: str, got: object) -> Exception:
    return make_error(f"{path}: expected {wanted}, got {got!r}")


def table(data: object, path: str, make_error: ErrorFactory) -> Mapping[str, Any]:
    """The value as a string-keyed mapping, or an error naming `path`."""
    if not isinstance(data, Mapping):
        raise _fail(make_error, path, "a table", data)
    return data


def need(data: Mapping[str, Any], key: str, path: str, make_error: ErrorFactory) -> Any:
    """The value under `key`, or an error naming the missing key."""
    if key not in data:
        raise make_error(f"{path}: missing key '{key}'")
    return data[key]


def integer(value: object, path: str, make_error: ErrorFactory) -> int:
    """The value as an int (bools refused), or an error naming `path`."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise _fail(make_error, path, "an integer", value)
    return value


def text(value: object, path: str, make_error: ErrorFactory) -> str:
    """The value as a non-empty string, or an error naming `path`."""
    if not isinstance(value, str) or not value:
        raise _fail(make_error, path, "a non-empty string", value)
    return value


def flag(value: object, path: str, make_error: ErrorFactory) -> bool:
    """The value as a bool, or an error naming `path`."""
    if not isinstance(value, bool):
        raise _fail(make_error, path, "true or false", value)
    return value


def items(value: object, path: str, make_error: ErrorFactory) -> list[Any]:
    """The value as a list, or an error naming `path`."""
    if not isinstance(value, list):
        raise _fail(make_error, path, "a list", value)
    return value


def int_list(value: object, path: str, make_error: ErrorFactory) -> tuple[int, ...]:
    """A list of integers."""
    values = items(value, path, make_error)
    return tuple(integer(v, f"{path}[{i}]", make_error) for i, v in enumerate(values))


def str_list(value: object, path: str, make_error: ErrorFactory) -> tuple[str, ...]:
    """A list of non-empty strings."""
    values = items(value, path, make_error)
    return tuple(text(v, f"{path}[{i}]", make_error) for i, v in enumerate(values))


def choice(value: object, allowed: tuple[str, ...], path: str, make_error: ErrorFactory) -> str:
    """One of the allowed strings, or an error listing them."""
    if value not in allowed:
        raise _fail(make_error, path, "one of " + ", ".join(allowed), value)
    assert isinstance(value, str)
    return value


def int_keyed(
    value: object, path: str, make_error: ErrorFactory, read: Callable[[object, str], T]
) -> dict[int, T]:
    """A table whose keys are integers written as strings ("9" = 10)."""
    result: dict[int, T] = {}
    for key, item in table(value, path, make_error).items():
        try:
            number = int(key)
        except ValueError:
            raise _fail(make_error, f"{path}.{key}", "an integer key", key) from None
        result[number] = read(item, f"{path}.{key}")
    return result
