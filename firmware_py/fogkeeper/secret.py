"""Secret values: what the table must not see until the rules open it.

A :class:`Secret` wraps one value the players may not know (a FOGSITE maze and every token
on it, a Corps answer key, a FOG mission hand, a PIN being typed). The code that plays the
game opens it freely. Screens, though, are drawn inside :func:`drawing`, and opening a secret
there marks the frame being drawn as private: the host link then gets neither its lines nor
its picture. So a screen is private because of what it reads, and a new screen that shows a
secret is private without anyone remembering to say so.

A secret the rules have opened (the maze after the game, the key at the reveal) is made
with ``revealed=True`` and reads like any value. ``repr``/``str`` never show what a secret
holds, JSON cannot encode it and pickle refuses it, so it cannot slip into a log line or a
reply by accident either.
"""

from __future__ import annotations

from collections.abc import Callable
from contextvars import ContextVar, Token
from typing import Generic, NoReturn, TypeVar

T = TypeVar("T")
P = TypeVar("P")


class Watch:
    """One frame being drawn: whether it read a secret the rules have not opened. Inside
    ``with`` it, it is the frame being drawn (a class, not a generator: a running clock
    draws every second, and a generator's context costs several times as much)."""

    __slots__ = ("_token", "private")

    def __init__(self) -> None:
        self.private = False
        self._token: Token[Watch | None] | None = None

    def __enter__(self) -> Watch:
        self._token = _WATCH.set(self)
        return self

    def __exit__(self, *_: object) -> None:
        if self._token is not None:
            _WATCH.reset(self._token)
            self._token = None


_WATCH: ContextVar[Watch | None] = ContextVar("fogkeeper_drawing", default=None)


def drawing() -> Watch:
    """Draw a frame inside this; ``watch.private`` afterwards says whether it read a secret."""
    return Watch()


def touch() -> None:
    """Mark the frame being drawn (if any) as private: for secrets that are not a Secret
    object, such as the digits of a PIN pad."""
    watch = _WATCH.get()
    if watch is not None:
        watch.private = True


class Secret(Generic[T]):
    """A value the table must not see; reading it while a frame is drawn makes it private."""

    __slots__ = ("_value", "revealed")

    def __init__(self, value: T, revealed: bool = False) -> None:
        self._value = value
        self.revealed = revealed

    def open(self) -> T:
        """The value. Inside :func:`drawing`, an unrevealed secret makes the frame private."""
        if not self.revealed:
            touch()
        return self._value

    def public_part(self, projection: Callable[[T], P]) -> P:
        """What ``projection`` takes from the value, without making the frame private.

        Only for projections the rules make public (a round number, whose turn it is, how
        many tiles are left): the one place a screen may look into a secret, so keep the
        projections few and named.
        """
        return projection(self._value)

    def __repr__(self) -> str:
        return "Secret(<hidden>)" if not self.revealed else f"Secret({self._value!r})"

    __str__ = __repr__

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Secret) and self._value == other._value

    __hash__ = None  # type: ignore[assignment]  # a mutable holder, like a list

    def __reduce__(self) -> NoReturn:
        raise TypeError("a Secret is never pickled")
