"""FOGSITE at the table: the screens and rows (``table.py``), the session, and one part per
phase of play (setup, team, relic, guardian, box, end), the views and the link commands."""

from fogkeeper.flow.fogsite.game import FogsiteFlow

__all__ = ["FogsiteFlow"]
