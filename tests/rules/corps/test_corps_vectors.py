"""RULINGS C.3 test vectors for the Corps of Discovery Fog chapter, one test each."""

from __future__ import annotations

import pytest

from fogkeeper.rules import corps
from fogkeeper.rules.corps import AnswerKey, Token, table_rules
from fogkeeper.rules.corps.errors import EndError
from fogkeeper.rules.corps.table_rules import ChallengeEffect
from fogkeeper.rules.corps.verdict import judge
from rules.corps.corps_builders import guess_all, key_guesses, sealed_chapter, swap_two, unlock_end


def test_c_c01_three_tipis_no_monster_all_nine_right_wins(key: AnswerKey) -> None:
    state = unlock_end(guess_all(sealed_chapter(key), key_guesses(key)))
    assert corps.can_end(state) == (True, "the table may end the chapter")
    ended = corps.end_chapter(state)
    result = corps.verdict(ended)
    assert result.outcome is corps.Outcome.WON
    assert result.right_count == corps.SLOT_COUNT


def test_c_c02_one_wrong_circle_is_lost_to_the_fog(key: AnswerKey) -> None:
    # With every token used once, 8 right forces the 9th: judge a board one circle short.
    blank = next(slot for slot in corps.SLOTS if slot != key.water_slot)
    guesses = {s: t for s, t in key_guesses(key).items() if s != blank}
    board = guess_all(sealed_chapter(key), guesses).board
    result = judge(key, board, judged=True, core_loss=False)
    assert result.right_count == corps.SLOT_COUNT - 1
    assert result.outcome is corps.Outcome.LOST_TO_THE_FOG
    assert result.summary == "lost to the fog: 8 of 9 rules right"


def test_c_c02_two_tokens_swapped_on_a_full_board_lose(key: AnswerKey) -> None:
    state = guess_all(sealed_chapter(key), swap_two(key_guesses(key), key.water_slot))
    result = corps.verdict(corps.end_chapter(unlock_end(state)))
    assert result.outcome is corps.Outcome.LOST_TO_THE_FOG
    assert not result.won
    assert result.right_count == corps.SLOT_COUNT - 2


def test_c_c03_monster_face_up_blocks_end_until_killed(key: AnswerKey) -> None:
    state = unlock_end(guess_all(sealed_chapter(key), key_guesses(key)))
    state = corps.track(state, corps.MonsterRevealed("Monster 2", "forest"))
    allowed, reason = corps.can_end(state)
    assert not allowed and "Monster 2" in reason
    with pytest.raises(EndError):
        corps.end_chapter(state)
    state = corps.track(state, corps.MonsterKilled("Monster 2"))
    assert corps.can_end(state)[0]


@pytest.mark.parametrize(
    ("gained", "backpack", "expected"),
    [
        ({"water": 1}, {}, {"water": 2}),
        ({"wood": 1}, {"wood": 0, "food": 2}, {"wood": 2}),
        ({"wood": 1}, {"wood": 1}, {"wood": 1}),
        ({"food": 1, "mud": 1}, {"food": 3}, {"food": 1, "mud": 2}),
    ],
)
def test_c_c04_machete_doubles_a_type_you_did_not_have(
    gained: dict[str, int], backpack: dict[str, int], expected: dict[str, int]
) -> None:
    assert table_rules.machete_gains(gained, backpack) == expected


@pytest.mark.parametrize(
    ("backpack", "quadrant", "expected"),
    [
        ({"fire": 1}, True, {"food": 2}),
        ({"fire": 1}, False, {"food": 1}),
        ({}, True, {}),
    ],
)
def test_c_c05_quadrant_applies_the_pass_side_twice(
    backpack: dict[str, int], quadrant: bool, expected: dict[str, int]
) -> None:
    fire_food = ChallengeEffect({"food": 1}, needs="fire")
    assert table_rules.resolve_challenge_side([fire_food], backpack, quadrant=quadrant) == expected


def test_c_c05_quadrant_applies_the_fail_side_twice() -> None:
    fail = ChallengeEffect({"water": -1, "wood": -1})
    doubled = table_rules.resolve_challenge_side([fail], {}, quadrant=True)
    assert doubled == {"water": -2, "wood": -2}


@pytest.mark.parametrize(
    ("paths_on_card", "time_limit", "usable"),
    [(0, 3, True), (1, 3, True), (2, 3, False), (0, 1, False), (3, 5, True)],
)
def test_c_c05_quadrant_unusable_when_the_challenge_resolves_this_turn(
    paths_on_card: int, time_limit: int, usable: bool
) -> None:
    assert table_rules.quadrant_usable(paths_on_card, time_limit) is usable


@pytest.mark.parametrize(
    ("path", "reachable"),
    [((3, 9), True), ((6, 4), True), ((1, 1), False), ((4, 5), False), ((3, 4), False)],
)
def test_c_c06_flag_reaches_any_path_in_a_shelter_row_or_column(
    path: tuple[int, int], reachable: bool
) -> None:
    assert table_rules.flag_can_reach(path, [(3, 4)]) is reachable


@pytest.mark.parametrize(
    ("flagged_is_rock", "neighbour_open"),
    [(False, True), (True, False)],
)
def test_c_c06_after_a_flag_explore_others_may_explore_next_to_it_unless_rock(
    flagged_is_rock: bool, neighbour_open: bool
) -> None:
    explored = {(3, 9): flagged_is_rock}
    assert table_rules.can_explore_adjacent((3, 8), explored) is neighbour_open
    assert not table_rules.can_explore_adjacent((5, 8), explored)


def test_c_c07_completing_a_row_gains_one_water_once(key: AnswerKey) -> None:
    state = sealed_chapter(key)
    state = corps.track(state, corps.RowCompleted(4))
    assert state.tracker.water == 1
    with pytest.raises(corps.CorpsError):
        corps.track(state, corps.RowCompleted(4))
    assert corps.track(state, corps.RowCompleted(5)).tracker.water == 2


@pytest.mark.parametrize(
    ("monsters", "terrain", "water_after"),
    [
        ([("Monster 1", "swamp", False)], "swamp", 2),
        ([("Monster 1", "swamp", False)], "Swamp", 2),
        ([("Monster 1", "swamp", False), ("Monster 2", "swamp", False)], "swamp", 1),
        ([("Monster 1", "swamp", False)], "forest", 3),
        ([("Monster 1", "swamp", True)], "swamp", 3),
        ([], "swamp", 3),
    ],
)
def test_c_c08_explore_revealing_a_monster_terrain_costs_water(
    key: AnswerKey, monsters: list[tuple[str, str, bool]], terrain: str, water_after: int
) -> None:
    state = corps.track(sealed_chapter(key), corps.WaterChanged(3))
    for card, named, dormant in monsters:
        state = corps.track(state, corps.MonsterRevealed(card, named, dormant=dormant))
    assert corps.track(state, corps.TerrainExplored(terrain)).tracker.water == water_after


@pytest.mark.parametrize(
    ("path", "rocks", "allowed"),
    [((2, 7), [], True), ((5, 7), [(2, 7)], True), ((2, 7), [(2, 7)], False), ((2, 6), [], False)],
)
def test_c_c09_first_exploration_is_on_column_7(
    path: tuple[int, int], rocks: list[tuple[int, int]], allowed: bool
) -> None:
    assert table_rules.first_exploration_allowed(path, rocks) is allowed


def test_c_c09_a_rock_passes_the_first_exploration_on() -> None:
    assert table_rules.first_exploration_continues(found_rock=True)
    assert not table_rules.first_exploration_continues(found_rock=False)


@pytest.mark.parametrize(
    ("terrain", "gain"),
    [("Flower", {"flower": 1}), ("mushroom  field", {"mushroom": 1}), ("swamp", {})],
)
def test_c_c10_flower_and_mushroom_field_add_a_token(terrain: str, gain: dict[str, int]) -> None:
    assert table_rules.terrain_gain(terrain) == gain


def test_c_c10_hill_number_counts_skulls_in_row_and_column() -> None:
    skulls = [(2, 1), (2, 8), (5, 4), (7, 4), (6, 6)]
    assert table_rules.hill_number((2, 4), skulls) == 4


def test_c_c11_fog_in_previous_chapters_needs_no_guesses_and_judges_nothing(key: AnswerKey) -> None:
    state = corps.new_chapter(corps.ChapterMode.NOTEBOOK)
    assert corps.can_end(state)[0]  # that Chapter's own end; no Tipi or board gate here
    state = corps.place_token(state, Token.WATER, 2)  # Water is a free token in a notebook
    ended = corps.end_chapter(state)
    assert ended.ended and not corps.reveal_available(ended)
    with pytest.raises(corps.CorpsError):
        corps.verdict(ended)
    with_key = corps.new_chapter(
        corps.ChapterMode.NOTEBOOK, corps.CorpsOptions(notebook_reveal=True)
    )
    with_key = corps.end_chapter(corps.seal(corps.enter_key(with_key, key)))
    assert corps.verdict(with_key).outcome is corps.Outcome.NOT_JUDGED
