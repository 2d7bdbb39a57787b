"""A link command as one row: its name, its argument schema, its handler, read-only or not.

The box's own commands (``app/commands.py``) and each game's (``flow/<game>/link.py``) are
rows of this shape, run by one dispatcher: the arguments are read through the row's schema
before the handler runs (``bad_args`` naming the key otherwise), a read-only row never marks
the session changed (so polling writes nothing), and the docs' command tables are made from
the same rows (``markdown_table``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from fogkeeper.schema import NO_ARGS, Schema

Args = Mapping[str, Any]
Reply = dict[str, object]
Target = TypeVar("Target")


@dataclass(frozen=True)
class Command(Generic[Target]):
    """One command. ``handler(target, args)`` gets the arguments already read by ``args``;
    ``reply`` and ``refused`` are the docs table's words for what comes back."""

    name: str
    handler: Callable[[Target, Args], Reply]
    args: Schema = NO_ARGS
    read_only: bool = False
    # the app marks what the handler changed (a press: as a button's, where a cursor's move
    # is no change that matters); the dispatcher marks every other row that is not read-only
    marked_by_app: bool = False
    reply: str = ""
    refused: str = "—"

    @property
    def dispatcher_marks(self) -> bool:
        """Whether the dispatcher marks the app changed after the handler ran."""
        return not (self.read_only or self.marked_by_app)


def markdown_table(rows: Iterable[Command[Any]], prefix: str = "") -> str:
    """The commands as the docs' Markdown table (header included), one row per command."""
    lines = ["| command | arguments | reply (besides `id`, `ok`) | refused with |",
             "|---|---|---|---|"]
    for row in rows:
        lines.append(f"| `{prefix}{row.name}` | {row.args.table_cell()} | {row.reply or '—'} "
                     f"| {row.refused or '—'} |")
    return "\n".join(lines) + "\n"


def by_name(rows: Iterable[Command[Target]]) -> dict[str, Command[Target]]:
    """The rows keyed by name; a name declared twice is a bug caught at import."""
    table: dict[str, Command[Target]] = {}
    for row in rows:
        if row.name in table:
            raise ValueError(f"link command {row.name!r} declared twice")
        table[row.name] = row
    return table


__all__ = ["NO_ARGS", "Args", "Command", "Reply", "Schema", "by_name", "markdown_table"]
