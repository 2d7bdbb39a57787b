"""B.2 rulings: Guardian movement, blocking, balancing options, illegal steps, game ends."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace

import pytest

from fogkeeper.errors import PhaseError, RulesError
from fogkeeper.rules.fogsite import (
    Colour,
    Direction,
    GameState,
    GuardianMove,
    GuardianMoveError,
    InvestigatorStatus,
    Phase,
    RelicRequest,
    Side,
    end_turn,
    escape,
    explore,
    guardian_turn,
    legal_turns,
    move,
    time_up,
    use_relic,
)
from fogkeeper.rules.fogsite.sheet import SheetCopy
from fogkeeper.rules.fogsite.state import TimeLimit

StartGame = Callable[..., GameState]
Place = Callable[..., GameState]
Lay = Callable[..., GameState]
R, G, B = Colour.RED, Colour.GREEN, Colour.BLUE
N, E, S, W = Direction.N, Direction.E, Direction.S, Direction.W

# R . # . B  / . # . . #  / . . . # .  / # . # . .  / . . G . #   (Blue sleeps)


@pytest.mark.parametrize(("balancing", "moves", "error"), [
    ((), [GuardianMove(W, 1), GuardianMove(N, 1)], "only 1 move"),
    ((), [GuardianMove(E, 1)], "Inner Wall"),
    ((), [GuardianMove(W, 3)], "leaves the maze"),
    (("G2",), [GuardianMove(E, 1)], "not stop on it"),
    ((), [GuardianMove(N, 0)], "at least 1 space"),
])
def test_illegal_guardian_moves_change_nothing(
    start_game: StartGame, balancing: tuple[str, ...], moves: list[GuardianMove], error: str
) -> None:
    state = start_game(balancing=balancing)
    with pytest.raises(GuardianMoveError, match=error):
        guardian_turn(state, moves)


def test_g1_adds_a_move_and_depleted_decks_add_arrows(start_game: StartGame) -> None:
    state = start_game()
    assert state.visible_arrows == 1
    assert start_game(balancing=("G1",)).visible_arrows == 2
    drained = replace(state, time_limit=TimeLimit((0, 15, 20)))
    assert drained.visible_arrows == 2
    after, _ = guardian_turn(drained, [GuardianMove(W, 1), GuardianMove(S, 1)])
    assert after.phase is Phase.INVESTIGATORS


def test_g2_passes_one_inner_wall_per_turn(start_game: StartGame, place: Place) -> None:
    state = place(start_game(balancing=("G2", "G1")), guardian="C3")
    after, _ = guardian_turn(state, [GuardianMove(E, 2)])
    assert after.guardian is not None and after.guardian.name == "E3"
    with pytest.raises(GuardianMoveError, match="Inner Wall"):
        guardian_turn(place(state, guardian="B3"), [GuardianMove(N, 2), GuardianMove(E, 2)])


@pytest.mark.parametrize(("balancing", "legal"), [((), False), (("G3",), True)])
def test_sleeping_intruders_block_unless_g3(
    start_game: StartGame, place: Place, balancing: tuple[str, ...], legal: bool
) -> None:
    state = place(start_game(balancing=balancing), guardian="C3", B="B3")
    if legal:
        after, report = guardian_turn(state, [GuardianMove(W, 2)])
        assert report.attacked == ()
        assert after.guardian is not None and after.guardian.name == "A3"
    else:
        with pytest.raises(GuardianMoveError, match="sleeping"):
            guardian_turn(state, [GuardianMove(W, 2)])


def test_sleeping_intruder_counts_when_a_target_shares_its_space(
    start_game: StartGame, place: Place
) -> None:
    state = place(start_game(), guardian="C3", R="B3", B="B3")
    _, report = guardian_turn(state, [GuardianMove(W, 1)])
    assert set(report.attacked) == {R, B}


@pytest.mark.parametrize(("no_return", "legal"), [("strict", False), ("end_only", True)])
def test_no_return_to_the_start_space(
    start_game: StartGame, place: Place, no_return: str, legal: bool
) -> None:
    state = place(start_game(balancing=("G1",), no_return=no_return), guardian="B3",
                  R="A1", G="E3")
    moves = [GuardianMove(E, 1), GuardianMove(W, 2)]
    if legal:
        assert guardian_turn(state, moves)[0].guardian == state.guardian.offset(-1, 0)
    else:
        with pytest.raises(GuardianMoveError, match="starting space"):
            guardian_turn(state, moves)
    with pytest.raises(GuardianMoveError, match="starting space"):
        guardian_turn(state, [GuardianMove(E, 1), GuardianMove(W, 1)])


def test_intruders_on_the_start_space_are_not_attacked(start_game: StartGame, place: Place
                                                       ) -> None:
    state = place(start_game(), guardian="B3", R="B3")
    _, report = guardian_turn(state, [GuardianMove(E, 1)])
    assert report.attacked == ()


@pytest.mark.parametrize(("balancing", "over"), [((), False), (("G5",), True)])
def test_g5_ends_the_game_once_attacks_removed_15(
    start_game: StartGame, place: Place, balancing: tuple[str, ...], over: bool
) -> None:
    state = place(start_game(balancing=balancing), guardian="C3", R="B3")
    state = replace(state, time_limit=replace(state.time_limit, removed_by_attacks=12))
    after, _ = guardian_turn(state, [GuardianMove(W, 1)])
    assert (after.winner is Side.GUARDIAN) == over


def test_an_attack_that_empties_the_time_limit_wins(start_game: StartGame, place: Place) -> None:
    state = place(start_game(), guardian="C3", R="B3")
    state = replace(state, time_limit=TimeLimit((0, 0, 2)))
    after, report = guardian_turn(state, [GuardianMove(W, 1)])
    assert report.tiles_removed == 2 and after.time_limit.tiles_left == 0
    assert after.winner is Side.GUARDIAN and after.phase is Phase.OVER


def test_no_tile_left_when_all_finished_is_a_guardian_win(start_game: StartGame) -> None:
    state = guardian_turn(start_game(), ())[0]
    state = replace(state, time_limit=TimeLimit((0, 0, 1)))
    state, _ = explore(state, R, S)
    for colour in (R, G, B):
        state = end_turn(state, colour)
    assert state.winner is Side.GUARDIAN
    with pytest.raises(RulesError, match="over phase"):
        explore(state, G, S)


def test_b_s18_explore_needs_a_map_tile(start_game: StartGame) -> None:
    state = guardian_turn(start_game(), ())[0]
    state = replace(state, time_limit=TimeLimit((0, 0, 0)))
    with pytest.raises(RulesError, match="none is left"):
        explore(state, R, S)


@pytest.mark.parametrize(("mode", "cell", "steps"), [("partial", "A2", 1), ("pause", "A1", 0)])
def test_b_s15_move_into_a_real_wall(start_game: StartGame, lay: Lay, mode: str, cell: str,
                                     steps: int) -> None:
    # Red copies Green's sheet laid wrongly, so B2 (a wall) shows as Green's Starting tile.
    state = lay(guardian_turn(start_game(illegal_step=mode), ())[0], "R", (0, 1))
    wrong = (SheetCopy(G, (1, 1)),)
    after, answer = move(state, R, [S, E], random.Random(1), copies=wrong)
    assert answer.text.startswith("You can't move")
    assert answer.steps_taken == steps
    assert after.investigator(R).cell.name == cell
    assert after.investigator(R).status is InvestigatorStatus.ACTIVE
    assert after.time_limit == state.time_limit


def test_i4_puts_two_removed_tiles_back(start_game: StartGame) -> None:
    state = guardian_turn(start_game(balancing=("I4",)), ())[0]
    state = replace(state, time_limit=TimeLimit((0, 15, 14), removed=6, supply=3))
    state = state.with_investigator(replace(state.investigator(R), hand=(9,)))
    after, _ = use_relic(state, R, RelicRequest(9, restore_time=True), random.Random(1))
    assert after.time_limit.decks == (0, 17, 14) and after.time_limit.removed == 4
    assert after.visible_arrows == state.visible_arrows
    assert after.collected == (9,)


def test_g7_one_lie_a_game(start_game: StartGame) -> None:
    state = guardian_turn(start_game(balancing=("G7",)), ())[0]
    state = state.with_investigator(replace(state.investigator(R), hand=(9, 8)))
    state = state.with_investigator(replace(state.investigator(G), hand=(9,)))
    state, answer = use_relic(state, R, RelicRequest(9, lie=0), random.Random(1))
    assert answer.value == 0 and state.lie_used
    assert "lie" in state.log[-1].secret and "lie" not in state.log[-1].public
    state = end_turn(state, R)
    with pytest.raises(RulesError, match="once a game"):
        use_relic(state, G, RelicRequest(9, lie=1), random.Random(1))
    with pytest.raises(RulesError, match="G7"):
        no_g7 = guardian_turn(start_game(), ())[0]
        hand = no_g7.investigator(R).hand
        use_relic(no_g7, R, RelicRequest(hand[0], lie=0), random.Random(1))


def test_g9_time_up_ends_the_team_turn(start_game: StartGame) -> None:
    state = guardian_turn(start_game(balancing=("G9",)), ())[0]
    state, _ = explore(state, R, S)
    after = time_up(state)
    assert after.phase is Phase.ESCAPE
    with pytest.raises(RulesError, match="G9"):
        time_up(guardian_turn(start_game(), ())[0])


def test_turn_order_is_the_teams_choice_but_one_at_a_time(start_game: StartGame) -> None:
    state = guardian_turn(start_game(), ())[0]
    state, _ = explore(state, G, N)
    with pytest.raises(RulesError, match="GREEN is playing"):
        explore(state, R, S)
    with pytest.raises(RulesError, match="guardian phase"):
        explore(start_game(), R, S)


def test_refusals_of_the_moment_are_phase_errors(start_game: StartGame) -> None:
    """Whose turn or which phase, not the arguments: the link answers these not_now."""
    state = guardian_turn(start_game(), ())[0]
    playing, _ = explore(state, G, N)
    finished = end_turn(state, R)
    for refused in (lambda: explore(playing, R, S), lambda: explore(finished, R, S),
                    lambda: explore(start_game(), R, S)):
        with pytest.raises(PhaseError):
            refused()
    with pytest.raises(RulesError) as missing:
        use_relic(state, R, RelicRequest(99), random.Random(1))  # no such card: not the moment
    assert not isinstance(missing.value, PhaseError)


def test_no_escape_hands_over_to_the_guardian(start_game: StartGame) -> None:
    state = guardian_turn(start_game(), ())[0]
    for colour in (B, R, G):
        state = end_turn(state, colour)
    after = escape(state, announce=False)
    assert after.phase is Phase.GUARDIAN and after.round_number == 2
    assert all(inv.status is InvestigatorStatus.ACTIVE for inv in after.investigators)


def test_legal_turns_are_all_accepted_and_include_staying(start_game: StartGame) -> None:
    state = start_game(balancing=("G1",))
    turns = list(legal_turns(state))
    assert () in turns and len(turns) == len(set(turns)) > 5
    for turn in turns:
        guardian_turn(state, turn)


@pytest.mark.parametrize(("guardian", "rule", "ok"), [
    ("A1", "any_street", True), ("A1", "not_on_intruder", False), ("B3", "not_on_intruder", True),
    ("B2", "any_street", False),
])
def test_b_s01_guardian_start(start_game: StartGame, guardian: str, rule: str, ok: bool) -> None:
    if ok:
        assert start_game(guardian=guardian, guardian_start=rule).guardian is not None
    else:
        with pytest.raises(RulesError, match="Guardian"):
            start_game(guardian=guardian, guardian_start=rule)


def test_i3_each_sheet_starts_with_the_four_spaces_around_it(start_game: StartGame) -> None:
    state = start_game(balancing=("I3",))
    # Red on A1: north and west are Outer Walls, east (B1) and south (A2) are Room spaces.
    assert dict(state.investigator(R).sheet) == {
        (0, 0): True, (0, -1): False, (1, 0): True, (0, 1): True, (-1, 0): False}
    assert dict(start_game().investigator(R).sheet) == {(0, 0): True}


def test_b_s14_last_digging_token_with_an_empty_relic_deck(start_game: StartGame) -> None:
    state = guardian_turn(start_game(), ())[0]
    state = replace(state, digging_tokens=1, relic_deck=())
    hand = state.investigator(R).hand
    after, answer = explore(state, R, N)
    assert answer.relic_drawn is None and after.investigator(R).hand == hand
    assert after.digging_tokens == 4


def test_g6_is_the_guardians_choice(start_game: StartGame, place: Place, lay: Lay) -> None:
    class Merciful:
        name = "merciful"

        def choose_answer(self, *args: object) -> object:
            raise AssertionError("no choice in a Move")

        def lay_down_passer(self, state: GameState, mover: Colour, rng: random.Random) -> bool:
            return False

    state = guardian_turn(place(start_game(balancing=("G6",)), guardian="A3"), ())[0]
    state = lay(state, "R", (0, 1), (0, 2), (1, 2))
    after, answer = move(state, R, [S, S, E], random.Random(1), Merciful())  # type: ignore[arg-type]
    assert answer.completed and after.investigator(R).status is InvestigatorStatus.ACTIVE
