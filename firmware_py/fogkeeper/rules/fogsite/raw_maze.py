"""The raw FOGSITE maze generator: valid layouts by construction from a seeded rng (I-III).

Inner Walls go on the spaces of a shuffled maze one by one, each unless it would cut the
Street area in two (rule III). Whether it would is mostly seen, not flooded:

- Its 3x3 block: when its Street neighbours join round it inside the block, it cannot cut.
- Otherwise the walls round it make two or more *gates* (a gate: the walls round it between
  two of its Street neighbours). A new wall cuts exactly when two of its gates are already
  joined to each other through walls (a step may be diagonal): the gates and the new wall
  then close a loop of walls round part of the Street area. The Outer Wall is one piece, so
  two gates *anchored* to it mean a cut. The generator keeps the few walls that float free
  of it, and floods the Street area only when two gates float free.

tests/rules/fogsite_ai holds this generator to the plain one (Python's shuffle, a whole
flood for every wall) draw for draw: the same seed must keep giving the same maze.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import cache

from fogkeeper.rules.fogsite.maze import EASY_SIZE, NORMAL_SIZE
from fogkeeper.rules.fogsite.measure import Grid, grid_mask
from fogkeeper.rules.fogsite.validate import MIN_INNER_WALLS_EASY, MIN_INNER_WALLS_NORMAL

# The raw generator draws its Inner Wall count evenly from these ranges. The top is where a
# 5x5 (4x4) maze still leaves room for 3 Colour tiles that do not touch in most draws.
WALL_RANGE = {NORMAL_SIZE: (MIN_INNER_WALLS_NORMAL, 12), EASY_SIZE: (MIN_INNER_WALLS_EASY, 7)}


# The 3x3 block around a space as 9 bits, row by row from the north-west (bit 4 is the
# space itself), and the ring of 8 around it in walking order (orthogonal neighbours at 1, 5,
# 7, 3).
_RING = (0, 1, 2, 5, 8, 7, 6, 3)
_ORTHOGONAL = (1, 5, 7, 3)


def _locally_connected(block: int) -> bool:
    """True when the space's Street neighbours stay connected around it without it.

    Then a wall there cannot cut the Street area (any way through it goes round); False
    means "not known from the block": its gates tell.
    """
    if not any(block >> bit & 1 for bit in _ORTHOGONAL):
        return False
    ring = [block >> bit & 1 for bit in _RING]
    if all(ring):
        return True
    runs = 0  # runs of Street spaces around the ring that hold a neighbour
    for start in range(8):
        if ring[start] and not ring[start - 1]:
            at, holds = start, False
            while ring[at % 8]:
                holds = holds or _RING[at % 8] in _ORTHOGONAL
                at += 1
            runs += holds
    return runs == 1


def _gates(block: int) -> tuple[int, ...] | None:
    """The gates round the space of a 3x3 block (as block bits): the walls of the ring
    between two of its Street neighbours that follow each other round it. The walls of a
    gate touch each other (a step may be diagonal). None when no neighbour is Street."""
    streets = [at for at in range(1, 8, 2) if block >> _RING[at] & 1]  # orthogonal ones
    if not streets:
        return None
    gates = []
    for start, end in zip(streets, [*streets[1:], streets[0] + 8], strict=True):
        walls = sum(1 << _RING[at % 8] for at in range(start + 1, end)) & ~block
        if walls:
            gates.append(walls)
    return tuple(gates)


@dataclass(frozen=True)
class _Blocks:
    """The 3x3 blocks of a size x size maze, laid out as in its Grid: a space's block is
    ``street >> space.block_shift & mask``."""

    mask: int
    safe: frozenset[int]  # the blocks where a wall cannot cut (``_locally_connected``)
    gates: dict[int, tuple[int, ...] | None]  # the others: their gates, laid out the same


# The tables below are built on first use, not on import: the box starts sooner.
@cache
def _blocks(size: int) -> _Blocks:
    width = size + 2
    safe_wall = [_locally_connected(block) for block in range(512)]

    def laid_out(bits: int) -> int:
        return bits & 7 | (bits >> 3 & 7) << width | (bits >> 6 & 7) << 2 * width

    gates: dict[int, tuple[int, ...] | None] = {}
    for block in range(512):
        if not safe_wall[block]:
            found = _gates(block)
            gates[laid_out(block)] = (None if found is None
                                      else tuple(laid_out(gate) for gate in found))
    safe = frozenset(laid_out(block) for block in range(512) if safe_wall[block])
    return _Blocks(laid_out(0b111_111_111), safe, gates)


@dataclass(frozen=True, slots=True)
class _Space:
    """A space of the maze and the masks the generator looks up for it (bits of a Grid)."""

    bit_index: int
    bit: int  # 1 << bit_index
    block_shift: int  # street >> block_shift puts its 3x3 block's north-west corner at bit 0
    cross: int  # the space and its four orthogonal neighbours
    around: int  # the eight spaces around it, diagonals included


@cache
def _spaces(size: int) -> tuple[_Space, ...]:
    """Every space of a size x size maze (inside its ring), in bit order."""
    width, mask = size + 2, grid_mask(size)
    return tuple(
        _Space(index, 1 << index, index - width - 1,
               0b111 << index - 1 | 1 << index - width | 1 << index + width,
               0b111 << index - width - 1 | 0b101 << index - 1 | 0b111 << index + width - 1)
        for index in range(mask.bit_length()) if mask >> index & 1
    )


@cache
def _rows(size: int) -> tuple[tuple[int, tuple[tuple[_Space, ...], ...]], ...]:
    """Per row of a size x size maze: its first space's bit index, and per Street pattern
    of the row (bit ``col`` set: that column is Street) its Street spaces."""
    rows = []
    for row in range(size):
        spaces = _spaces(size)[row * size:(row + 1) * size]
        rows.append((spaces[0].bit_index, tuple(
            tuple(space for col, space in enumerate(spaces) if pattern >> col & 1)
            for pattern in range(1 << size))))
    return tuple(rows)


def _street_spaces(tables: _Tables, street: int) -> list[_Space]:
    """The Street spaces of ``street``, in bit order (looked up a row at a time)."""
    spaces: list[_Space] = []
    row_mask = (1 << tables.width - 2) - 1
    for first, by_pattern in tables.rows:
        spaces += by_pattern[street >> first & row_mask]
    return spaces


# per list length: the positions a shuffle swaps, last first, and the bits drawn for each
_SWAPS = [tuple((i, (i + 1).bit_length()) for i in reversed(range(1, n))) for n in range(64)]


def _shuffle(rng: random.Random, spaces: list[_Space]) -> None:
    """``rng.shuffle(spaces)`` step for step (the same draws, so the same mazes), without
    its two calls a swap: the generator shuffles twice a candidate."""
    getrandbits = rng.getrandbits
    for i, bits in _SWAPS[len(spaces)]:
        j = getrandbits(bits)
        while j > i:
            j = getrandbits(bits)
        spaces[i], spaces[j] = spaces[j], spaces[i]


def _joined_without(street: int, space: _Space, width: int) -> bool:
    """Whether the (connected) Street area stays connected without ``space``, by a flood:
    it does exactly when the space's Street neighbours reach each other round it."""
    rest = street ^ space.bit
    neighbours = space.cross & rest
    if not neighbours:
        return not rest
    reach = neighbours & -neighbours
    while reach & neighbours != neighbours:
        grown = (reach | reach << 1 | reach >> 1 | reach << width | reach >> width) & rest
        if grown == reach:
            return False
        reach = grown
    return True


def _gates_apart(street: int, floating: int, space: _Space,
                 gates: tuple[int, ...] | None, width: int) -> bool:
    """Whether a wall on ``space`` (its 3x3 block not locally connected, with these
    ``gates``) leaves the Street area connected: unless two of its gates are joined through
    walls. Gates anchored to the Outer Wall are joined; a floating gate to none of them, so
    only two floating gates need a flood."""
    if gates is None:  # a lone Street space (more walls than WALL_RANGE allows)
        return _joined_without(street, space, width)
    anchored = ~(street | floating)  # walls joined to the Outer Wall, and the outside
    joined = 0
    for gate in gates:
        if gate << space.block_shift & anchored:
            joined += 1
    if joined >= 2:
        return False
    if len(gates) - joined <= 1:
        return True
    return _joined_without(street, space, width)


def _floating_with(floating: int, street: int, wall: _Space, width: int) -> int:
    """The floating walls once ``wall`` is put in (``street`` is without it)."""
    if not wall.around & ~(street | floating):  # no anchored wall touches it: it floats
        return floating | wall.bit
    reach = wall.around & floating  # it anchors those it touches, and those they touch
    while True:
        left = floating & ~reach
        if not left:
            return 0
        grown = reach | reach << 1 | reach >> 1
        grown = (grown | grown << width | grown >> width) & floating
        if grown == reach:
            return left
        reach = grown


@dataclass(frozen=True, slots=True)
class _Tables:
    """Everything a candidate of one size looks up, fetched once a candidate (one cache
    call rather than one a table: a maze costs about three candidates)."""

    spaces: tuple[_Space, ...]
    rows: tuple[tuple[int, tuple[tuple[_Space, ...], ...]], ...]
    street: int  # every space a Street space: ``grid_mask(size)``
    width: int
    block_mask: int
    safe: frozenset[int]
    gates: dict[int, tuple[int, ...] | None]
    fewest_walls: int  # WALL_RANGE's bottom, and how many counts it spans
    wall_counts: int
    wall_count_bits: int  # what randint draws for one: the counts' bit length


@cache
def _tables(size: int) -> _Tables:
    low, high = WALL_RANGE[size]
    blocks = _blocks(size)
    return _Tables(_spaces(size), _rows(size), grid_mask(size), size + 2, blocks.mask,
                   blocks.safe, blocks.gates, low, high - low + 1, (high - low + 1).bit_length())


def _wall_count(rng: random.Random, tables: _Tables) -> int:
    """``rng.randint(*WALL_RANGE[size])`` draw for draw (the same draws, so the same mazes):
    randint's own way, ``getrandbits`` of the count's bit length until one falls below it,
    without its three Python calls (randint, randrange, _randbelow) a candidate."""
    counts, bits = tables.wall_counts, tables.wall_count_bits
    drawn = rng.getrandbits(bits)
    while drawn >= counts:
        drawn = rng.getrandbits(bits)
    return tables.fewest_walls + drawn


def _walled_street(rng: random.Random, tables: _Tables) -> tuple[int, int]:
    """The Street area (a ``Grid.street`` mask) once Inner Walls are put on random spaces
    one by one, skipping any that would cut it (see the module docstring), and the walls
    put in."""
    wanted = _wall_count(rng, tables)
    spaces = list(tables.spaces)
    _shuffle(rng, spaces)
    street, walls, width = tables.street, 0, tables.width
    safe, block_mask, gates = tables.safe, tables.block_mask, tables.gates
    floating = 0  # Inner Walls not joined to the Outer Wall through walls
    for space in spaces:
        block = street >> space.block_shift & block_mask
        # With no floating wall, all its gates are anchored: it cuts (a lone Street space
        # aside, which WALL_RANGE never comes near).
        if block in safe or (floating and _gates_apart(street, floating, space, gates[block],
                                                       width)):
            street ^= space.bit
            if floating:
                floating = _floating_with(floating, street, space, width)
            elif not space.around & ~street:  # it touches no wall: it floats
                floating = space.bit
            walls += 1
            if walls == wanted:
                break
    return street, walls


def _colour_tiles(rng: random.Random, tables: _Tables, street: int, count: int
                  ) -> tuple[int, ...] | None:
    """Colour tiles on Street spaces, none orthogonally next to another (rule I); None when
    they do not fit."""
    spaces = _street_spaces(tables, street)
    _shuffle(rng, spaces)
    chosen: list[int] = []
    near = 0  # the chosen tiles and their neighbours
    for space in spaces:
        if not near & space.bit:
            chosen.append(space.bit_index)
            if len(chosen) == count:
                return tuple(chosen)
            near |= space.cross
    return None


def raw_layout(rng: random.Random, size: int, colour_count: int
               ) -> tuple[int, tuple[int, ...]] | None:
    """``raw_grid``'s candidate as bare numbers: its Street mask and Colour-tile bit indices.

    The level search measures about three candidates a maze and keeps one: the others never
    need a Grid, so none is made for them.
    """
    tables = _tables(size)
    street, walls = _walled_street(rng, tables)
    if walls < tables.fewest_walls:
        return None
    colour_cells = _colour_tiles(rng, tables, street, colour_count)
    if colour_cells is None:
        return None
    return street, colour_cells


def raw_grid(rng: random.Random, size: int, colour_count: int) -> Grid | None:
    """One candidate from the raw generator: a valid layout, or None when the tiles don't fit.

    The Inner Wall count is drawn from WALL_RANGE (rule II); walls never cut the Street area
    (rule III); Colour tiles never touch (rule I).
    """
    layout = raw_layout(rng, size, colour_count)
    return None if layout is None else Grid(size, *layout)
