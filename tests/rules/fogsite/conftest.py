"""Fixtures for the FOGSITE engine tests: shipped options, game builders, token placement."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pytest

from fogkeeper.data.fogsite import load_fogsite_options
from fogkeeper.rules.fogsite import Cell, Colour, GameState, Options, new_game, parse_maze

# C-S02, the rulebook's correct example as RULINGS reconstructs it.
CORRECT_MAZE = """
R . # . B
. # . . #
. . . # .
# . # . .
. . G . #
"""

StartGame = Callable[..., GameState]
Place = Callable[..., GameState]


@pytest.fixture(scope="session")
def options() -> Options:
    return load_fogsite_options()


@pytest.fixture
def start_game(options: Options) -> StartGame:
    """Build a game: maze text, colour letters, sleeping letter, Guardian cell, options."""

    def start(
        maze: str = CORRECT_MAZE, colours: str = "RGB", sleeping: str | None = "B",
        guardian: str | None = "C3", balancing: tuple[str, ...] = (), seed: int = 1,
        easy: bool = False, two_player: bool = False, **readings: Any,
    ) -> GameState:
        # Unused Colour tiles go back to the box: their spaces are plain Room spaces.
        for letter in "RGB":
            if letter not in colours:
                maze = maze.replace(letter, ".")
        # Readings arrive as their TOML values; turn each into the option's own type.
        typed = {key: type(getattr(options, key))(value) for key, value in readings.items()}
        chosen = replace(options, **typed).with_game(frozenset(balancing), two_player, easy)
        return new_game(
            parse_maze(maze), [Colour(c) for c in colours],
            None if sleeping is None else Colour(sleeping),
            None if guardian is None else Cell.parse(guardian), chosen, random.Random(seed),
        )

    return start


@pytest.fixture
def place() -> Place:
    """Put tokens on named cells: place(state, guardian="C3", R="B2", B="E1")."""

    def put(state: GameState, guardian: str | None = None, **cells: str) -> GameState:
        if guardian is not None:
            state = replace(state, guardian=Cell.parse(guardian))
        for letter, name in cells.items():
            investigator = state.investigator(Colour(letter))
            state = state.with_investigator(replace(investigator, cell=Cell.parse(name)))
        return state

    return put


Lay = Callable[..., GameState]


@pytest.fixture
def lay() -> Lay:
    """Tiles already on a sheet (earlier rounds): lay(state, "R", (0, 1), wall=((1, 0),))."""

    def put(state: GameState, letter: str, *rooms: tuple[int, int],
            wall: tuple[tuple[int, int], ...] = ()) -> GameState:
        investigator = state.investigator(Colour(letter))
        for offset in rooms:
            investigator = investigator.with_sheet(offset, True, explored=True)
        for offset in wall:
            investigator = investigator.with_sheet(offset, False, explored=True)
        return state.with_investigator(investigator)

    return put
