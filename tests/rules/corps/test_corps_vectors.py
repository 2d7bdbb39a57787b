"""RULINGS C.3 test vectors for what the box judges in the Fog chapter, one test each.

C-C04..C-C06, C-C09 and C-C10 are checks the table makes with its own pieces; the box keeps
no state for them.
"""

from __future__ import annotations

import pytest

from fogkeeper.rules import corps
from fogkeeper.rules.corps import AnswerKey, Token
from fogkeeper.rules.corps.errors import EndError
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
