"""fogkeeper: firmware of a game-table box for The FOG, FOGSITE and Corps of Discovery."""

__version__ = "0.1.0"
PROTOCOL_VERSION = 2
