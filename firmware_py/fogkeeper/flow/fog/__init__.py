"""The FOG on the box: read ``table.py`` first, then ``flow.py`` (the flow and its parts: one
module each, ``checklist.py``, ``deal.py``, ``rounds.py``, ``losses.py``, ``cards.py``,
``scores.py``, ``controls.py``)."""

from fogkeeper.flow.fog.flow import FogFlow

__all__ = ["FogFlow"]
