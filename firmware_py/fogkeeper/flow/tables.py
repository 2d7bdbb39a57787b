"""Helpers for writing state machines as tables."""

from __future__ import annotations

from typing import Any


def expand(table: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Let a table row name several triggers; transitions wants one trigger a row."""
    rows: list[dict[str, Any]] = []
    for row in table:
        names = row["trigger"] if isinstance(row["trigger"], list) else [row["trigger"]]
        rows.extend({**row, "trigger": name} for name in names)
    return rows
