"""Helpers for writing state machines as tables."""

from __future__ import annotations

from collections.abc import Mapping, Sequence


def expand(table: Sequence[Mapping[str, object]]) -> list[dict[str, object]]:
    """Let a table row name several triggers; transitions wants one trigger a row."""
    rows: list[dict[str, object]] = []
    for row in table:
        names = row["trigger"] if isinstance(row["trigger"], list) else [row["trigger"]]
        rows.extend({**row, "trigger": name} for name in names)
    return rows
