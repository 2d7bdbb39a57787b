"""A game's ``<game>.<action>`` link commands as rows, and the error codes by type.

Each game declares its commands once, as ``Command`` rows (name, argument schema, handler,
read-only or not) gathered in a ``GameCommands``; the box's one dispatcher
(``app/commands.py``) reads the arguments through the row's schema and runs it here. A
handler checks what the schema cannot (the moment, the table's state) before it changes
anything, then fires the same trigger or runs the same action as the buttons. Errors
become link codes by their type, never by their words.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, Generic, TypeVar

from fogkeeper.errors import FogkeeperError, PhaseError
from fogkeeper.link.catalogue import Args, Command, by_name
from fogkeeper.link.protocol import ErrorCode, LinkError
from fogkeeper.schema import SchemaError

LinkArgs = Args
Reply = dict[str, object]
Flow = TypeVar("Flow")


def code_for(error: FogkeeperError) -> ErrorCode:
    """The link code of a refusal: ``not_now`` for the wrong moment, else ``bad_args``."""
    if isinstance(error, LinkError):
        return error.code
    return ErrorCode.NOT_NOW if isinstance(error, PhaseError) else ErrorCode.BAD_ARGS


def on_screen(current: Enum, *allowed: Enum) -> None:
    """Refuse (``not_now``) unless the box shows one of ``allowed``."""
    if current not in allowed:
        shown = ", ".join(str(s.value) for s in allowed)
        raise PhaseError(f"the box is on the {current.value} screen, not {shown}")


def _no_common(flow: Any) -> Reply:
    return {}


@dataclass(frozen=True)
class GameCommands(Generic[Flow]):
    """One game's command rows. ``common(flow)`` adds what every reply carries (the
    screen, the public view); it runs after the handler, so a reply shows the state the
    command left. ``describe`` words a refusal (its code still comes from its type); by
    default "<game>.<action>: <message>"."""

    game: str
    commands: tuple[Command[Flow], ...]
    common: Callable[[Flow], Reply] = _no_common
    describe: Callable[[str, FogkeeperError], str] | None = None
    rows: dict[str, Command[Flow]] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "rows", by_name(self.commands))

    def qualified(self, action: str, error: FogkeeperError) -> str:
        message = error.message if isinstance(error, LinkError) else str(error)
        return f"{self.game}.{action}: {message}"

    def row(self, action: str) -> Command[Flow]:
        """The row of ``action``, or unknown_cmd listing this game's commands."""
        found = self.rows.get(action)
        if found is None:
            known = ", ".join(f"{self.game}.{name}" for name in sorted(self.rows))
            raise LinkError(ErrorCode.UNKNOWN_CMD,
                            f"unknown command {self.game}.{action[:64]}; known: {known}")
        return found

    def call(self, flow: Flow, action: str, args: Args) -> Reply:
        """``<game>.<action>`` with the host's arguments: the row found, its arguments read
        through its schema (bad_args naming the key), then run. The box's one dispatcher
        comes here for every game command."""
        row = self.row(action)
        try:
            read = row.args.read(args)
        except SchemaError as exc:
            raise LinkError(ErrorCode.BAD_ARGS,
                            f"{self.game}.{action}: argument {exc}") from None
        return self.run(flow, row, read)

    def run(self, flow: Flow, row: Command[Flow], args: Args) -> Reply:
        """Run ``row`` with arguments its schema has read; refusals become link errors."""
        try:
            extra = row.handler(flow, args)
        except FogkeeperError as error:
            describe = self.describe or self.qualified
            raise LinkError(code_for(error), describe(row.name, error)) from None
        return {**self.common(flow), **extra}


def rows_of(game: str, commands: Iterable[Command[Flow]], **kw: Any) -> GameCommands[Flow]:
    return GameCommands(game, tuple(commands), **kw)
