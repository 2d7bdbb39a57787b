"""Save/resume through JSON, and what the public and Guardian views may show."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable
from dataclasses import replace

import pytest

from fogkeeper.errors import RulesError
from fogkeeper.rules.fogsite import (
    Colour,
    Direction,
    GameState,
    GuardianMove,
    Side,
    from_json,
    guardian_turn,
    guardian_view,
    move,
    parse_maze,
    public_view,
    reveal_view,
    to_json,
)

StartGame = Callable[..., GameState]
Place = Callable[..., GameState]
R = Colour.RED
CELL_NAME = re.compile(r"\b[A-E][1-5]\b")


def _played(start_game: StartGame) -> GameState:
    state = start_game(balancing=("I2", "G1"))
    state, _ = guardian_turn(state, [GuardianMove(Direction.W, 2)])
    red = state.investigator(R).with_sheet((0, 1), True, explored=True)
    state = state.with_investigator(red.with_sheet((0, 2), True, explored=True))
    state, _ = move(state, R, [Direction.S, Direction.S], random.Random(2))
    return state


def test_json_round_trip_resumes_the_same_game(start_game: StartGame) -> None:
    state = _played(start_game)
    text = to_json(state)
    assert from_json(text) == state
    assert from_json(to_json(from_json(text))) == state


@pytest.mark.parametrize("text", ["not json", "{}", '{"version": 1}', "[1, 2]"])
def test_damaged_saves_are_refused(text: str) -> None:
    with pytest.raises(RulesError):
        from_json(text)


def test_public_view_holds_no_cell_name_and_no_maze(start_game: StartGame) -> None:
    view = json.dumps(public_view(_played(start_game)))
    assert not CELL_NAME.search(view)
    assert "maze" not in view and "#" not in view


def test_public_view_is_blind_to_every_secret(start_game: StartGame, place: Place) -> None:
    state = _played(start_game)
    moved_guardian = place(state, guardian="D4")
    other_maze = replace(state, maze=parse_maze(
        "R . . . B\n# # . # .\n. . . # .\n# . # . .\n. . G . #\n"))
    asleep = state.with_investigator(replace(state.investigator(R), target=False))
    for secret_change in (moved_guardian, other_maze, asleep):
        assert public_view(secret_change) == public_view(state)


def test_guardian_view_adds_the_secrets(start_game: StartGame) -> None:
    state = _played(start_game)
    view = guardian_view(state)
    assert view["maze"][0] == "R . # . B"
    assert view["guardian"] == "A3"
    assert {i["colour"]: i["cell"] for i in view["intruders"]}["R"] == "A3"
    assert "relic_deck" not in view


def test_attack_announcement_names_colours_only_with_i2(start_game: StartGame) -> None:
    state = start_game(balancing=("I2",))
    state, _ = guardian_turn(replace(state, guardian=state.investigator(R).cell.offset(0, 2)),
                             [GuardianMove(Direction.N, 2)])
    assert public_view(state)["last_attack"] == {"count": 1, "tiles_removed": 3,
                                                 "attacked": ["R"]}
    plain = start_game()
    plain, _ = guardian_turn(replace(plain, guardian=plain.investigator(R).cell.offset(0, 2)),
                             [GuardianMove(Direction.N, 2)])
    assert public_view(plain)["last_attack"] == {"count": 1, "tiles_removed": 3}


def test_reveal_is_public_until_the_game_is_over(start_game: StartGame) -> None:
    state = _played(start_game)
    assert reveal_view(state) == public_view(state)
    over = state.ended(Side.GUARDIAN, "failed escape")
    assert reveal_view(over)["maze"] == guardian_view(over)["maze"]


def test_reprs_hide_the_maze_and_the_cells(start_game: StartGame) -> None:
    state = _played(start_game)
    text = repr(state) + repr(state.investigators) + repr(state.maze)
    assert not CELL_NAME.search(text) and "Cell(" not in text


def test_hidden_hands_show_how_many_relics_but_not_which(start_game: StartGame) -> None:
    from fogkeeper.rules.fogsite import explore, give

    state = guardian_turn(start_game(), ())[0]
    state = replace(state, options=replace(state.options, hidden_hands=True),
                    digging_tokens=1, relic_deck=(7, 8))
    state, answer = explore(state, R, Direction.N)  # the last Digging token: Relic 07 found
    assert answer.relic_drawn == 7
    assert "found a Relic" in state.log[-1].public and "07" not in state.log[-1].public
    state = give(replace(state, current=None).with_investigator(
        replace(state.investigator(Colour.GREEN), hand=(9,))), Colour.GREEN, 9, R)
    view = public_view(state)
    assert all(seat["hand"] is None for seat in view["investigators"])
    assert view["investigators"][0]["hand_size"] == len(state.investigator(R).hand)
    assert state.log[-1].public == "a Relic to RED" and state.log[-1].secret == "Relic 09"
    assert "09" not in json.dumps(view) and "07" not in json.dumps(view["log"])
    assert guardian_view(state)["investigators"][0]["hand"] == list(state.investigator(R).hand)
    assert from_json(to_json(state)) == state
