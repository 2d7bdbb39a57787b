"""Hand-checked Relic answers (01-13) on three mazes, with every configured reading."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pytest

from fogkeeper.errors import RulesError
from fogkeeper.paths import config_dir
from fogkeeper.rules.fogsite import (
    Colour,
    Direction,
    GameState,
    InvestigatorStatus,
    RelicRequest,
    end_turn,
    explore,
    guardian_turn,
    use_relic,
)
from fogkeeper.rules.fogsite.maze import COMPASS_WORDS

StartGame = Callable[..., GameState]
Place = Callable[..., GameState]
R, G, B = Colour.RED, Colour.GREEN, Colour.BLUE

# Each scene: maze file, seats, who asks, where every token stands (worked out by hand below).
SCENES: dict[str, dict[str, Any]] = {
    # R . # . B  / . # . . #  / . . . # .  / # . # . .  / . . G . #
    "m1": {"file": "c_s02_correct.txt", "colours": "RGB", "asker": R,
           "cells": {"guardian": "E3", "R": "B3", "G": "C5", "B": "E1"}},
    # . . . # B  / . # . . .  / R . # . #  / . # . . .  / . . . # .
    "m2": {"file": "diagonal_walls.txt", "colours": "RB", "asker": R,
           "cells": {"guardian": "D4", "R": "A3", "B": "E1"}},
    # G . . # .  / # # . . .  / . . . # R  / . # . # .  / B . . . .
    "m3": {"file": "three_rooms.txt", "colours": "RGB", "asker": G,
           "cells": {"guardian": "C3", "G": "C3", "R": "E3", "B": "B5"}},
}

ANSWERS = [
    # m1: asker B3, Guardian E3 (reached only round the south: B4 B5 C5 D5 D4 E4 E3).
    ("m1", 1, {}, {}, {7}),
    ("m1", 2, {}, {}, {"E"}),
    ("m1", 3, {}, {}, {3}),
    ("m1", 3, {"presence_distance": "chebyshev"}, {}, {3}),
    ("m1", 4, {}, {}, {3, 5}),
    ("m1", 5, {}, {}, {"SE", "NE"}),
    ("m1", 6, {}, {}, {3, 5}),
    ("m1", 6, {"presence_distance": "chebyshev"}, {}, {2, 3}),
    ("m1", 7, {}, {}, {"E", "S", "W"}),
    ("m1", 7, {}, {"placed": ((0, 2),)}, {"E", "S"}),
    ("m1", 8, {}, {}, {(4, 4)}),
    ("m1", 8, {"row_column_count": "arms"}, {}, {(2, 3, 3, 2)}),
    ("m1", 9, {}, {}, {3}),
    ("m1", 9, {"wall_neighbourhood": 4}, {}, {1}),
    ("m1", 10, {}, {"wall_offset": (0, -1)}, {"Inner"}),
    ("m1", 10, {}, {"wall_offset": (-2, 0)}, {"Outer"}),
    ("m1", 10, {}, {"wall_offset": (1, 0)}, {"not a wall"}),
    # m2: asker A3 (its start), Guardian D4 via A4 A5 B5 C5 C4 D4; Blue E1 via the north.
    ("m2", 1, {}, {}, {6}),
    ("m2", 2, {}, {}, {"SE"}),
    ("m2", 3, {}, {}, {4}),
    ("m2", 3, {"presence_distance": "chebyshev"}, {}, {3}),
    ("m2", 4, {}, {}, {8}),
    ("m2", 5, {}, {}, {"NE"}),
    ("m2", 6, {}, {}, {6}),
    ("m2", 6, {"presence_distance": "chebyshev"}, {}, {4}),
    ("m2", 7, {}, {}, {"N", "E", "S"}),
    ("m2", 8, {}, {}, {(3, 5)}),
    ("m2", 8, {"row_column_count": "arms"}, {}, {(3, 3, 3, 1)}),
    ("m2", 9, {}, {}, {5}),
    ("m2", 9, {"wall_neighbourhood": 4}, {}, {1}),
    ("m2", 10, {}, {"wall_offset": (-1, 0)}, {"Outer"}),
    ("m2", 10, {}, {"wall_offset": (1, -1)}, {"Inner"}),
    ("m2", 10, {}, {"wall_offset": (2, 0)}, {"Inner"}),
    ("m2", 10, {}, {"wall_offset": (1, 0)}, {"not a wall"}),
    # m3: asker C3 shares the Guardian's space; Red E3 (4 steps), Blue B5 (3 steps).
    ("m3", 1, {}, {}, {0}),
    ("m3", 2, {}, {}, set(COMPASS_WORDS)),
    ("m3", 3, {}, {}, {0}),
    ("m3", 4, {}, {}, {3, 4}),
    ("m3", 5, {}, {}, {"E", "SW"}),
    ("m3", 6, {}, {}, {2, 3}),
    ("m3", 6, {"presence_distance": "chebyshev"}, {}, {2}),
    ("m3", 7, {}, {}, {"N", "S", "W"}),
    ("m3", 8, {}, {}, {(4, 5)}),
    ("m3", 8, {"row_column_count": "arms"}, {}, {(3, 2, 3, 3)}),
    ("m3", 9, {}, {}, {4}),
    ("m3", 9, {"wall_neighbourhood": 4}, {}, {1}),
    ("m3", 10, {}, {"wall_offset": (1, 0)}, {"Inner"}),
    ("m3", 10, {}, {"wall_offset": (0, -3)}, {"Outer"}),
    ("m3", 10, {}, {"wall_offset": (-2, 0)}, {"not a wall"}),
]


def _scene(start_game: StartGame, place: Place, name: str, readings: dict[str, Any],
           relic: int) -> tuple[GameState, Colour]:
    scene = SCENES[name]
    maze = (config_dir() / "mazes" / scene["file"]).read_text()
    state = start_game(maze=maze, colours=scene["colours"], sleeping=scene["colours"][-1],
                       guardian=scene["cells"]["guardian"], **readings)
    state = guardian_turn(state, ())[0]
    state = place(state, **scene["cells"])
    asker = scene["asker"]
    return state.with_investigator(replace(state.investigator(asker), hand=(relic,))), asker


class _Every:
    """A policy that records every true answer offered, then takes the first."""

    name = "every"

    def __init__(self) -> None:
        self.offered: tuple[object, ...] = ()

    def choose_answer(self, state: GameState, asker: Colour, relic: int,
                      candidates: tuple[Any, ...], rng: random.Random) -> Any:
        self.offered = candidates
        return candidates[0]

    def lay_down_passer(self, state: GameState, mover: Colour, rng: random.Random) -> bool:
        return True


@pytest.mark.parametrize(("scene", "relic", "readings", "request_args", "expected"), ANSWERS)
def test_question_relics(start_game: StartGame, place: Place, scene: str, relic: int,
                         readings: dict[str, Any], request_args: dict[str, Any],
                         expected: set[object]) -> None:
    state, asker = _scene(start_game, place, scene, readings, relic)
    if relic == 10:
        # Relic 10 names a Wall tile on the asker's sheet: one lies there (copied from a
        # teammate, rightly or not, where the answer is "not a wall").
        investigator = state.investigator(asker)
        dx, dy = request_args["wall_offset"]
        at = (investigator.offset[0] + dx, investigator.offset[1] + dy)
        state = state.with_investigator(investigator.with_sheet(at, False, explored=True))
    policy = _Every()
    after, answer = use_relic(
        state, asker, RelicRequest(relic, **request_args), random.Random(3), policy
    )
    assert set(policy.offered) == expected
    assert answer.value in expected
    assert after.collected == (relic,)
    assert after.investigator(asker).hand == ()


@pytest.mark.parametrize(("scene", "direction", "left"), [
    ("m1", Direction.E, {"S", "W"}), ("m2", Direction.N, {"E", "S"}),
    ("m3", Direction.N, {"S", "W"}),
])
def test_relic_07_skips_spaces_the_asker_explored(
    start_game: StartGame, place: Place, scene: str, direction: Direction, left: set[str]
) -> None:
    state, asker = _scene(start_game, place, scene, {}, 7)
    state, explored = explore(state, asker, direction)
    assert explored.can_move
    policy = _Every()
    use_relic(state, asker, RelicRequest(7), random.Random(1), policy)
    assert set(policy.offered) == left


@pytest.mark.parametrize("scene", sorted(SCENES))
def test_relic_11_raises_a_laid_down_token(start_game: StartGame, place: Place, scene: str
                                           ) -> None:
    state, asker = _scene(start_game, place, scene, {}, 11)
    state = state.with_investigator(
        replace(state.investigator(asker), status=InvestigatorStatus.DOWN))
    state = replace(state, current=asker)
    after, answer = use_relic(state, asker, RelicRequest(11), random.Random(1))
    assert after.investigator(asker).status is InvestigatorStatus.ACTIVE
    assert "raised" in answer.text


@pytest.mark.parametrize("scene", sorted(SCENES))
def test_relic_12_gives_a_finished_investigator_an_extra_turn(
    start_game: StartGame, place: Place, scene: str
) -> None:
    state, asker = _scene(start_game, place, scene, {}, 12)
    other = next(inv.colour for inv in state.investigators if inv.colour is not asker)
    with pytest.raises(RulesError, match="has not finished"):
        use_relic(state, asker, RelicRequest(12, receiver=other), random.Random(1))
    with pytest.raises(RulesError, match="another Investigator"):
        use_relic(state, asker, RelicRequest(12, receiver=asker), random.Random(1))
    state = end_turn(state, other)
    after, _ = use_relic(state, asker, RelicRequest(12, receiver=other), random.Random(1))
    assert after.investigator(other).status is InvestigatorStatus.ACTIVE
    assert after.investigator(other).actions_used == 0


@pytest.mark.parametrize("scene", sorted(SCENES))
def test_relic_13_takes_back_a_collected_card(start_game: StartGame, place: Place, scene: str
                                              ) -> None:
    state, asker = _scene(start_game, place, scene, {}, 13)
    with pytest.raises(RulesError, match="holds no card"):
        use_relic(state, asker, RelicRequest(13, card=5), random.Random(1))
    state = replace(state, collected=(5, 9))
    with pytest.raises(RulesError, match="collected"):
        use_relic(state, asker, RelicRequest(13, card=13), random.Random(1))
    after, _ = use_relic(state, asker, RelicRequest(13, card=9), random.Random(1))
    assert after.investigator(asker).hand == (9,)
    assert after.collected == (5, 13)
