"""The one exception root of fogkeeper; every layer's errors derive from it."""


class FogkeeperError(Exception):
    """Base class of every error fogkeeper raises on purpose."""


class ConfigError(FogkeeperError, ValueError):
    """A configuration file is unreadable or holds a key, type or value that is not allowed."""


class RulesError(FogkeeperError, ValueError):
    """A rules engine refused an action or a record; the message says which rule."""
