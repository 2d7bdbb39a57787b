"""Typed errors of The FOG rules engine, all rooted in fogkeeper.errors."""

from __future__ import annotations

from fogkeeper.errors import ConfigError, RulesError


class BoardDataError(ConfigError):
    """Board or deck data (parsed TOML) is missing a key or holds a value that is not allowed."""


class FogRulesError(RulesError):
    """An action breaks a rule of The FOG; the message names the rule."""


class TurnError(FogRulesError):
    """A turn-flow step was asked for at the wrong moment (e.g. a turn after the game ended)."""


class RecordError(FogRulesError):
    """A game record is malformed or describes an impossible end of game."""
