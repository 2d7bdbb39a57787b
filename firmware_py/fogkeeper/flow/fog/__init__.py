"""The FOG on the box: read ``table.py`` first, then ``flow.py`` (what each control does)."""

from fogkeeper.flow.fog.flow import FogFlow

__all__ = ["FogFlow"]
