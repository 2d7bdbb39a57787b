"""Maze validation: rules I, II, III (and the Easy Rule wall count), naming the cells at fault."""

from __future__ import annotations

from dataclasses import dataclass

from fogkeeper.rules.fogsite.maze import Cell, CellKind, Colour, Direction, Maze

MIN_INNER_WALLS_NORMAL = 6
MIN_INNER_WALLS_EASY = 4
MIN_COLOUR_TILES = 2
RULE_ADJACENT_COLOURS = "I"
RULE_WALL_COUNT = "II"
RULE_CONNECTED = "III"
RULE_COLOUR_TILES = "tiles"


@dataclass(frozen=True)
class Violation:
    """One broken rule and the cells that break it (secret: for the Guardian's eyes)."""

    rule: str
    message: str
    cells: tuple[Cell, ...]

    def describe(self) -> str:
        names = ", ".join(cell.name for cell in self.cells)
        return f"rule {self.rule}: {self.message}" + (f" [{names}]" if names else "")


@dataclass(frozen=True)
class MazeCounts:
    """The counts a valid maze reports: size, walls, Street cells, Colour tiles."""

    size: int
    inner_walls: int
    street_cells: int
    colour_cells: tuple[tuple[Colour, Cell], ...]


def min_inner_walls(maze: Maze) -> int:
    return MIN_INNER_WALLS_EASY if maze.is_easy else MIN_INNER_WALLS_NORMAL


def maze_counts(maze: Maze) -> MazeCounts:
    colours = tuple(sorted(maze.colour_cells().items(), key=lambda item: item[1]))
    return MazeCounts(
        maze.size, len(maze.inner_walls()), len(maze.street_cells()), colours
    )


def _colour_tile_violations(maze: Maze) -> list[Violation]:
    found: list[Violation] = []
    for colour in Colour:
        cells = maze.cells_of(CellKind(colour.value))
        if len(cells) > 1:
            found.append(Violation(RULE_COLOUR_TILES, f"{colour.name} tile used twice", cells))
    if len(maze.colour_cells()) < MIN_COLOUR_TILES:
        found.append(Violation(
            RULE_COLOUR_TILES, f"at least {MIN_COLOUR_TILES} Colour tiles are needed", ()
        ))
    return found


def _adjacent_colour_violations(maze: Maze) -> list[Violation]:
    found: list[Violation] = []
    tiles = set(maze.cells_of(*(CellKind(colour.value) for colour in Colour)))
    for cell in sorted(tiles, key=lambda c: (c.row, c.col)):
        for direction in (Direction.E, Direction.S):
            other = cell.step(direction)
            if other in tiles:
                found.append(Violation(
                    RULE_ADJACENT_COLOURS, "Colour tiles orthogonally adjacent", (cell, other)
                ))
    return found


def _wall_count_violations(maze: Maze) -> list[Violation]:
    walls = maze.inner_walls()
    needed = min_inner_walls(maze)
    if len(walls) >= needed:
        return []
    return [Violation(
        RULE_WALL_COUNT, f"only {len(walls)} Inner Wall spaces, at least {needed} needed", walls
    )]


def _components(maze: Maze) -> list[set[Cell]]:
    street = maze.street_cells()
    unseen = set(street)
    parts: list[set[Cell]] = []
    for cell in street:
        if cell in unseen:
            part = set(maze.walking_steps(cell))
            unseen -= part
            parts.append(part)
    return parts


def _connection_violations(maze: Maze) -> list[Violation]:
    parts = _components(maze)
    if len(parts) <= 1:
        return []
    colour_cells = set(maze.colour_cells().values())
    # The main area is the biggest one (then the one with most Colour tiles); the rest is cut off.
    main = max(parts, key=lambda part: (len(part), len(part & colour_cells)))
    cut_off = tuple(sorted(set().union(*(part for part in parts if part is not main)),
                           key=lambda cell: (cell.row, cell.col)))
    return [Violation(RULE_CONNECTED, "Street spaces cut off from the rest", cut_off)]


def validate_maze(maze: Maze) -> tuple[Violation, ...]:
    """Every rule the maze breaks (empty when the maze is valid), in rule order."""
    return tuple(
        _adjacent_colour_violations(maze)
        + _wall_count_violations(maze)
        + _connection_violations(maze)
        + _colour_tile_violations(maze)
    )
