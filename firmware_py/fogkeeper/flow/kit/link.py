"""One dispatcher for a game's ``<game>.<action>`` link commands, and the error codes by type.

Arguments are checked with ``link.protocol``'s own ``require``/``optional``/``choice``; a
handler validates everything before it changes anything, then fires the same trigger or runs
the same action as the buttons. Errors become link codes by their type, never by their words.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from enum import Enum
from typing import Any

from fogkeeper.errors import FogkeeperError, PhaseError
from fogkeeper.link.protocol import ErrorCode, LinkError

LinkArgs = Mapping[str, Any]
Reply = dict[str, object]
Handler = Callable[[LinkArgs], Reply]


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


class Dispatcher:
    """Runs one game's link commands: ``handlers`` maps an action name to its handler.

    ``common`` adds what every reply carries (the screen, the public view); it runs after
    the handler, so a reply shows the state the command left. ``describe`` words a refusal
    (its code still comes from its type); by default "<game>.<action>: <message>".
    """

    def __init__(self, game: str, handlers: Mapping[str, Handler],
                 common: Callable[[], Reply] = dict, *,
                 describe: Callable[[str, FogkeeperError], str] | None = None) -> None:
        self.game = game
        self.handlers = dict(handlers)
        self.common = common
        self.describe = describe or self.qualified

    def qualified(self, action: str, error: FogkeeperError) -> str:
        message = error.message if isinstance(error, LinkError) else str(error)
        return f"{self.game}.{action}: {message}"

    def run(self, action: str, args: LinkArgs) -> Reply:
        handler = self.handlers.get(action)
        if handler is None:
            known = ", ".join(f"{self.game}.{name}" for name in sorted(self.handlers))
            raise LinkError(ErrorCode.UNKNOWN_CMD,
                            f"unknown command {self.game}.{action[:64]}; known: {known}")
        try:
            extra = handler(args)
        except FogkeeperError as error:
            raise LinkError(code_for(error), self.describe(action, error)) from None
        return {**self.common(), **extra}
