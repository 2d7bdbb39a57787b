"""The maze text format: one row a line, `R G B . #` per cell; parse with line numbers, write."""

from __future__ import annotations

from dataclasses import dataclass

from fogkeeper.errors import RulesError
from fogkeeper.rules.fogsite.maze import EASY_SIZE, NORMAL_SIZE, CellKind, Maze

COMMENT_MARK = ";"
_KIND_BY_CHAR = {kind.value: kind for kind in CellKind}
_RING_SIZE = EASY_SIZE + 2


class MazeFormatError(RulesError):
    """The maze text cannot be read; ``line`` is 1-based (0 when no single line is at fault)."""

    def __init__(self, line: int, message: str) -> None:
        self.line = line
        self.reason = message
        super().__init__(f"line {line}: {message}" if line else message)


@dataclass(frozen=True)
class _Row:
    line: int
    kinds: tuple[CellKind, ...]


def _read_row(line_number: int, text: str) -> _Row:
    kinds: list[CellKind] = []
    for position, char in enumerate(text, start=1):
        if char.isspace():
            continue
        kind = _KIND_BY_CHAR.get(char.upper())
        if kind is None:
            raise MazeFormatError(
                line_number, f"column {position}: {char!r} is not one of R G B . #"
            )
        kinds.append(kind)
    return _Row(line_number, tuple(kinds))


def _content_rows(text: str) -> list[_Row]:
    rows = []
    for line_number, raw in enumerate(text.splitlines(), start=1):
        content = raw.split(COMMENT_MARK, 1)[0]
        if content.strip():
            rows.append(_read_row(line_number, content))
    return rows


def _strip_outer_ring(rows: list[_Row]) -> list[_Row]:
    """A 6x6 grid whose border is all walls is an easy 4x4 maze written with its ring."""
    for row in rows:
        if len(row.kinds) != _RING_SIZE:
            raise MazeFormatError(row.line, f"{len(row.kinds)} cells, expected {_RING_SIZE}")
    for index, row in enumerate(rows):
        border = row.kinds if index in (0, _RING_SIZE - 1) else (row.kinds[0], row.kinds[-1])
        if any(kind is not CellKind.WALL for kind in border):
            raise MazeFormatError(row.line, "the outer ring of a 6x6 easy maze must be all #")
    return [_Row(row.line, row.kinds[1:-1]) for row in rows[1:-1]]


def parse_maze(text: str) -> Maze:
    """Read a maze: 5 rows of 5 cells, 4 rows of 4, or 6 rows of 6 with an all-`#` ring."""
    rows = _content_rows(text)
    if len(rows) == _RING_SIZE:
        rows = _strip_outer_ring(rows)
    if len(rows) not in (NORMAL_SIZE, EASY_SIZE):
        last = rows[-1].line if rows else 0
        raise MazeFormatError(
            last, f"found {len(rows)} rows; a maze has 5 rows (normal) or 4 rows (easy rule)"
        )
    size = len(rows)
    for row in rows:
        if len(row.kinds) != size:
            raise MazeFormatError(row.line, f"{len(row.kinds)} cells, expected {size}")
    return Maze(size, tuple(row.kinds for row in rows))


def format_maze(maze: Maze) -> str:
    """The maze in the text format (secret: only for the Guardian or after the game)."""
    return "\n".join(maze.rows_text()) + "\n"
