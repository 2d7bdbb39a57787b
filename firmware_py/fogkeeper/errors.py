"""The one exception root of fogkeeper; every layer's errors derive from it."""

import traceback


class FogkeeperError(Exception):
    """Base class of every error fogkeeper raises on purpose."""


class ConfigError(FogkeeperError, ValueError):
    """A configuration file is unreadable or holds a key, type or value that is not allowed."""


class RulesError(FogkeeperError, ValueError):
    """A rules engine refused an action or a record; the message says which rule."""


def cannot_read(path: object, exc: OSError | UnicodeDecodeError) -> str:
    """The one wording for a file a command cannot read: ``cannot read PATH: why``."""
    why = exc.strerror if isinstance(exc, OSError) and exc.strerror else (
        "not UTF-8 text" if isinstance(exc, UnicodeDecodeError) else str(exc))
    return f"cannot read {path}: {why}"


def describe_bug(exc: BaseException) -> str:
    """Where an unexpected exception came from, for a log line: its type and the innermost
    file and line, never its message (a message may quote a secret such as a maze)."""
    frames = traceback.extract_tb(exc.__traceback__)
    where = f" at {frames[-1].filename}:{frames[-1].lineno}" if frames else ""
    return f"{type(exc).__name__}{where}"


class PhaseError(RulesError):
    """An action refused because of whose turn it is or which step the game is at, not
    because of its arguments: the same action may be fine later (the link's ``not_now``)."""
