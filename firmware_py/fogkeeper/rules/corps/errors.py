"""Typed errors of the Corps of Discovery Fog-chapter engine; none ever names a sealed answer."""

from __future__ import annotations

from fogkeeper.errors import ConfigError, PhaseError, RulesError


class CorpsError(RulesError):
    """Any action the Corps engine refuses; ``code`` is the host link's error code.

    A refusal that depends on the moment (the chapter's step, the board, the tracker), not on
    the arguments, is also a ``PhaseError``: the link answers it ``not_now``.
    """

    code = "corps"


class KeyFileError(CorpsError):
    """An answer key (file or entry) is malformed; the message names the line, never a token."""

    code = "key_file"

    def __init__(self, message: str, line: int | None = None) -> None:
        self.line = line
        super().__init__(f"line {line}: {message}" if line is not None else message)


class NoKeyError(CorpsError, PhaseError):
    """The action needs an answer key and none has been entered."""

    code = "no_key"


class KeyRefusedError(CorpsError):
    """The key does not fit this chapter (another map, or no reveal in this mode)."""

    code = "key_refused"


class KeySealedError(CorpsError, PhaseError):
    """The key is sealed (or already revealed) and cannot be changed."""

    code = "key_sealed"


class SlotError(CorpsError):
    """A slot number is outside the Reference Board's circles."""

    code = "bad_slot"


class TokenError(CorpsError):
    """A token name is not one of the nine guess tokens."""

    code = "bad_token"


class GuessError(CorpsError, PhaseError):
    """An illegal move on the guess board."""

    code = "illegal_guess"


class WaterFixedError(GuessError):
    """Water is fixed on its public slot: it cannot be moved, removed or covered."""

    code = "water_fixed"


class TokenInUseError(GuessError):
    """The token is already on another slot (each token is used once)."""

    code = "token_in_use"


class SlotTakenError(GuessError):
    """The target slot already holds a token."""

    code = "slot_taken"


class SlotEmptyError(GuessError):
    """The slot holds no token to move or remove."""

    code = "slot_empty"


class TrackError(CorpsError, PhaseError):
    """A chapter-tracker action does not fit the table's current situation."""

    code = "bad_track"


class EndError(CorpsError, PhaseError):
    """The chapter cannot end now, or the end/reveal is asked for at the wrong moment."""

    code = "cannot_end"


class CommandError(CorpsError):
    """A host-link command's arguments are missing or of the wrong kind."""

    code = "bad_args"


class SavedStateError(CorpsError):
    """A saved Corps state does not parse; the message names the field, never a key answer."""

    code = "saved_state"


class CorpsConfigError(ConfigError):
    """The Corps chapter configuration holds a key, type or value that is not allowed."""

    code = "config"
