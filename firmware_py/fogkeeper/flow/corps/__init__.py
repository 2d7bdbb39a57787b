"""Corps of Discovery, Fog chapter: the table flow (``table.py`` first) over ``rules.corps``."""

from fogkeeper.flow.corps.game import CorpsFlow
from fogkeeper.flow.corps.session import CorpsScreen
from fogkeeper.flow.corps.table import TRANSITIONS

__all__ = ["TRANSITIONS", "CorpsFlow", "CorpsScreen"]
