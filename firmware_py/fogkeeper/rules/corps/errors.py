"""Typed errors of the Corps of Discovery Fog-chapter engine; none ever names a sealed answer."""

from __future__ import annotations

from fogkeeper.errors import ConfigError, RulesError


class CorpsError(RulesError):
    """Any action the Corps engine refuses."""


class KeyFileError(CorpsError):
    """An answer key (file or entry) is malformed; the message names the line, never a token."""

    def __init__(self, message: str, line: int | None = None) -> None:
        self.line = line
        super().__init__(f"line {line}: {message}" if line is not None else message)


class NoKeyError(CorpsError):
    """The action needs an answer key and none has been entered."""


class KeyRefusedError(CorpsError):
    """The key does not fit this chapter (another map, or no reveal in this mode)."""


class KeySealedError(CorpsError):
    """The key is sealed (or already revealed) and cannot be changed."""


class SlotError(CorpsError):
    """A slot number is outside the Reference Board's circles."""


class TokenError(CorpsError):
    """A token name is not one of the nine guess tokens."""


class GuessError(CorpsError):
    """An illegal move on the guess board."""


class WaterFixedError(GuessError):
    """Water is fixed on its public slot: it cannot be moved, removed or covered."""


class TokenInUseError(GuessError):
    """The token is already on another slot (each token is used once)."""


class SlotTakenError(GuessError):
    """The target slot already holds a token."""


class SlotEmptyError(GuessError):
    """The slot holds no token to move or remove."""


class TrackError(CorpsError):
    """A chapter-tracker action does not fit the table's current situation."""


class EndError(CorpsError):
    """The chapter cannot end now, or the end/reveal is asked for at the wrong moment."""


class SavedStateError(CorpsError):
    """A saved Corps state does not parse; the message names the field, never a key answer."""


class CorpsConfigError(ConfigError):
    """The Corps chapter configuration holds a key, type or value that is not allowed."""
