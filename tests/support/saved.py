"""The session as the box's disk holds it: what a pulled plug would leave.

The box keeps it as ``session.json`` (a snapshot) and ``session.journal`` (each save since,
one line); a test reads both together, as the box does when it starts.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fogkeeper.app.journal import SessionJournal


def on_disk(folder: Path) -> Any:
    """The saved session in ``folder`` (the snapshot with its journal's lines), or None."""
    return SessionJournal(folder).load()
