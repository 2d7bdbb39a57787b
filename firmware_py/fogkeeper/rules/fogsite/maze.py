"""The FOGSITE maze: cells A1-E5, Colour tiles, Room spaces, Inner Walls, and grid geometry."""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator
from dataclasses import dataclass
from enum import Enum
from typing import ClassVar

from fogkeeper.errors import RulesError

NORMAL_SIZE = 5
EASY_SIZE = 4
COLUMN_LETTERS = "ABCDE"


class Colour(Enum):
    """An Investigator colour; its Colour tile is that Investigator's Starting space."""

    RED = "R"
    GREEN = "G"
    BLUE = "B"


class CellKind(Enum):
    """What a maze cell holds; the text format writes each kind as its value."""

    ROOM = "."
    WALL = "#"
    RED = "R"
    GREEN = "G"
    BLUE = "B"

    @property
    def is_street(self) -> bool:
        return self is not CellKind.WALL


class Direction(Enum):
    """An orthogonal compass direction; North is row 1, West is column A."""

    N = (0, -1)
    E = (1, 0)
    S = (0, 1)
    W = (-1, 0)

    @property
    def dx(self) -> int:
        return self.value[0]

    @property
    def dy(self) -> int:
        return self.value[1]


# Cells inside this range are made once and shared: the engines build and compare cells in
# their inner loops, and a shared cell compares by identity and keeps its hash.
_SHARED_RANGE = range(-8, 16)
_SHARED: dict[tuple[int, int], Cell] = {}


@dataclass(frozen=True, order=True, init=False)
class Cell:
    """A grid position; col 0 = column A (west), row 0 = row 1 (north). May lie outside."""

    __slots__ = ("_hash", "col", "row")
    _hash: ClassVar[int]  # set per cell in __new__ (a slot, not a field)
    col: int
    row: int

    def __new__(cls, col: int, row: int) -> Cell:
        shared = _SHARED.get((col, row))
        if shared is not None:
            return shared
        cell = object.__new__(cls)
        object.__setattr__(cell, "col", col)
        object.__setattr__(cell, "row", row)
        object.__setattr__(cell, "_hash", hash((col, row)))  # the value a tuple would hash to
        if col in _SHARED_RANGE and row in _SHARED_RANGE:
            _SHARED[(col, row)] = cell
        return cell

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if not isinstance(other, Cell):
            return NotImplemented
        return self.col == other.col and self.row == other.row

    def __hash__(self) -> int:
        return self._hash

    def __reduce__(self) -> tuple[type[Cell], tuple[int, int]]:
        return Cell, (self.col, self.row)

    def step(self, direction: Direction, cells: int = 1) -> Cell:
        dx, dy = direction.value
        return Cell(self.col + dx * cells, self.row + dy * cells)

    def offset(self, dx: int, dy: int) -> Cell:
        return Cell(self.col + dx, self.row + dy)

    def minus(self, other: Cell) -> tuple[int, int]:
        """The (dx, dy) offset that leads from ``other`` to this cell."""
        return (self.col - other.col, self.row - other.row)

    @property
    def name(self) -> str:
        if 0 <= self.col < len(COLUMN_LETTERS) and self.row >= 0:
            return f"{COLUMN_LETTERS[self.col]}{self.row + 1}"
        return f"({self.col},{self.row})"

    @classmethod
    def parse(cls, name: str) -> Cell:
        """``"C4"`` -> Cell(2, 3); raises RulesError on anything else."""
        text = name.strip().upper()
        if len(text) != 2 or text[0] not in COLUMN_LETTERS or not text[1].isdigit():
            raise RulesError(f"not a cell name: {name!r} (expected A1-E5)")
        return cls(COLUMN_LETTERS.index(text[0]), int(text[1]) - 1)


def colour_kind(colour: Colour) -> CellKind:
    return _COLOUR_KINDS[colour]


_COLOUR_KINDS = {colour: CellKind(colour.value) for colour in Colour}


@dataclass(frozen=True)
class Maze:
    """A square grid of cell kinds, row by row from the north; everything outside is Outer Wall.

    The repr hides the layout on purpose: a maze is a secret and a repr can reach a log.
    """

    size: int
    kinds: tuple[tuple[CellKind, ...], ...]

    def __post_init__(self) -> None:
        if self.size not in (NORMAL_SIZE, EASY_SIZE):
            raise RulesError(f"a maze is {NORMAL_SIZE}x{NORMAL_SIZE} or {EASY_SIZE}x{EASY_SIZE}")
        if len(self.kinds) != self.size or set(map(len, self.kinds)) != {self.size}:
            raise RulesError(f"a maze needs {self.size} rows of {self.size} cells")

    def __repr__(self) -> str:
        return f"Maze(size={self.size}, <hidden>)"

    @property
    def is_easy(self) -> bool:
        return self.size == EASY_SIZE

    def in_grid(self, cell: Cell) -> bool:
        return 0 <= cell.col < self.size and 0 <= cell.row < self.size

    def kind(self, cell: Cell) -> CellKind:
        """The cell's kind; outside the grid is an (Outer) wall."""
        col, row, size = cell.col, cell.row, self.size
        if 0 <= col < size and 0 <= row < size:
            return self.kinds[row][col]
        return CellKind.WALL

    def is_street(self, cell: Cell) -> bool:
        return self.kind(cell) is not CellKind.WALL

    def is_inner_wall(self, cell: Cell) -> bool:
        return self.in_grid(cell) and self.kind(cell) is CellKind.WALL

    def cells(self) -> Iterator[Cell]:
        for row in range(self.size):
            for col in range(self.size):
                yield Cell(col, row)

    def cells_of(self, *kinds: CellKind) -> tuple[Cell, ...]:
        """The cells holding any of ``kinds``, row by row from the north-west."""
        return tuple(Cell(col, row) for row, line in enumerate(self.kinds)
                     for col, kind in enumerate(line) if kind in kinds)

    def street_cells(self) -> tuple[Cell, ...]:
        return tuple(Cell(col, row) for row, line in enumerate(self.kinds)
                     for col, kind in enumerate(line) if kind is not CellKind.WALL)

    def inner_walls(self) -> tuple[Cell, ...]:
        return self.cells_of(CellKind.WALL)

    def colour_cells(self) -> dict[Colour, Cell]:
        """Where each Colour tile lies (the first one, should a bad maze hold two)."""
        found: dict[Colour, Cell] = {}
        for row, line in enumerate(self.kinds):
            for col, kind in enumerate(line):
                if kind is not CellKind.WALL and kind is not CellKind.ROOM:
                    found.setdefault(Colour(kind.value), Cell(col, row))
        return found

    def street_neighbours(self, cell: Cell) -> Iterator[Cell]:
        for dx, dy in _STEPS:
            nxt = Cell(cell.col + dx, cell.row + dy)
            if self.is_street(nxt):
                yield nxt

    def walking_steps(self, start: Cell) -> dict[Cell, int]:
        """BFS step counts from ``start`` to every Street cell reachable from it."""
        kinds, size, wall = self.kinds, self.size, CellKind.WALL
        steps = {start: 0}
        queue = deque([start])
        while queue:
            here = queue.popleft()
            col, row, far = here.col, here.row, steps[here] + 1
            for dx, dy in _STEPS:  # the street_neighbours, inline: BFS is the hot loop
                c, r = col + dx, row + dy
                if 0 <= c < size and 0 <= r < size and kinds[r][c] is not wall:
                    nxt = Cell(c, r)
                    if nxt not in steps:
                        steps[nxt] = far
                        queue.append(nxt)
        return steps

    def rows_text(self) -> tuple[str, ...]:
        """The grid in the text format, one string a row (secret: never for a shared screen)."""
        return tuple(" ".join(kind.value for kind in row) for row in self.kinds)


_STEPS = tuple(direction.value for direction in Direction)  # (dx, dy) in Direction's order


def manhattan(a: Cell, b: Cell) -> int:
    return abs(a.col - b.col) + abs(a.row - b.row)


def chebyshev(a: Cell, b: Cell) -> int:
    return max(abs(a.col - b.col), abs(a.row - b.row))


COMPASS_WORDS = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")


def compass(origin: Cell, target: Cell) -> str | None:
    """Direction word from origin to target (diagonal whenever off both axes); None if same."""
    north_south = "N" if target.row < origin.row else "S" if target.row > origin.row else ""
    east_west = "E" if target.col > origin.col else "W" if target.col < origin.col else ""
    return (north_south + east_west) or None
