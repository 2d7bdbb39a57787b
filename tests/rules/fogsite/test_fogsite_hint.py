"""The hint: one Map tile for one true fact the team did not have, the one that helps most."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import pytest

from fogkeeper.errors import PhaseError, RulesError
from fogkeeper.rules.fogsite import Colour, GameState, Phase, explore
from fogkeeper.rules.fogsite.hints import hint, offset_text
from fogkeeper.rules.fogsite.maze import Direction

StartGame = Callable[..., GameState]


def _investigators(state: GameState) -> GameState:
    """The team's turn of round 1 (the Guardian stayed where it began)."""
    return replace(state, phase=Phase.INVESTIGATORS)


def _on_a_sheet(state: GameState, colour: Colour, offset: tuple[int, int]) -> bool:
    """Whether any sheet holds a tile for the space ``offset`` from ``colour``'s start."""
    cell = state.investigator(colour).start.offset(*offset)
    return any(inv.start.offset(*o) == cell for inv in state.investigators for o, _ in inv.sheet)


def test_a_hint_costs_one_tile_and_lays_a_true_new_fact_on_a_sheet(start_game: StartGame
                                                                   ) -> None:
    state = _investigators(start_game())
    after, fact = hint(state)
    assert after.time_limit.tiles_left == state.time_limit.tiles_left - 1
    assert not _on_a_sheet(state, fact.colour, fact.offset)  # the team did not have it
    told = after.investigator(fact.colour)
    assert (fact.offset, fact.room) in told.sheet  # now it does, on the sheet
    assert state.maze.is_street(told.start.offset(*fact.offset)) is fact.room  # and it's true
    assert after.log[-1].action == "hint" and after.log[-1].public == fact.text
    assert after.log[-1].secret == ""  # said to the whole table


def test_the_hint_helps_the_team_gather_first(start_game: StartGame) -> None:
    # R on A1, B on E1, G on C5: the first hint is a Room on a shortest walk between two
    # Intruders (a way to gather), not a wall
    state = _investigators(start_game())
    _, fact = hint(state)
    assert fact.room
    cell = state.investigator(fact.colour).start.offset(*fact.offset)
    walks = {inv.colour: state.maze.walking_steps(inv.cell) for inv in state.investigators}
    assert any(walks[a][cell] + walks[b][cell] == walks[a][state.investigator(b).cell]
               for a in walks for b in walks if a is not b)


def test_hints_never_repeat_and_stop_when_everything_is_known(start_game: StartGame) -> None:
    state = _investigators(start_game())
    told = set()
    while True:
        try:
            state, fact = hint(state)
        except RulesError as error:
            assert "every space" in str(error) or "Map tile" in str(error)
            break
        cell = state.investigator(fact.colour).start.offset(*fact.offset)
        assert cell not in told
        told.add(cell)
    assert len(told) >= 20


def test_a_hint_is_refused_outside_the_team_turn_and_changes_nothing(start_game: StartGame
                                                                     ) -> None:
    state = start_game()
    assert state.phase is Phase.GUARDIAN
    with pytest.raises(PhaseError):
        hint(state)


def test_an_explored_space_is_never_the_hint(start_game: StartGame) -> None:
    state = _investigators(start_game())
    state, _ = explore(state, Colour.RED, Direction.S)
    _, fact = hint(state)
    assert not (fact.colour is Colour.RED and fact.offset == (0, 1))


@pytest.mark.parametrize(("offset", "words"), [
    ((2, -1), "2E 1N of the start"), ((0, 3), "3S of the start"), ((0, 0), "the start"),
    ((-1, 0), "1W of the start"),
])
def test_offsets_are_said_in_compass_steps(offset: tuple[int, int], words: str) -> None:
    assert offset_text(offset) == words
