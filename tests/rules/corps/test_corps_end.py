"""Ending the chapter: the gate, the verdict, the slot-by-slot reveal, core loss, notebook mode."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from fogkeeper.rules import corps
from fogkeeper.rules.corps import AnswerKey, CorpsState, Outcome
from fogkeeper.rules.corps import errors as e
from rules.corps.corps_builders import guess_all, key_guesses, sealed_chapter, swap_two, unlock_end


def _ended(key: AnswerKey, wrong: bool = False) -> CorpsState:
    guesses = key_guesses(key)
    if wrong:
        guesses = swap_two(guesses, key.water_slot)
    return corps.end_chapter(unlock_end(guess_all(sealed_chapter(key), guesses)))


@pytest.mark.parametrize(
    ("wrong", "outcome", "right", "summary"),
    [
        (False, Outcome.WON, 9, "won: 9 of 9 rules right"),
        (True, Outcome.LOST_TO_THE_FOG, 7, "lost to the fog: 7 of 9 rules right"),
    ],
)
def test_verdict(key: AnswerKey, wrong: bool, outcome: Outcome, right: int, summary: str) -> None:
    result = corps.verdict(_ended(key, wrong))
    assert (result.outcome, result.right_count, result.summary) == (outcome, right, summary)
    assert [step.slot for step in result.steps] == list(corps.SLOTS)
    assert [step.answer for step in result.steps] == list(key.answers)


def test_the_wrong_slots_are_the_swapped_ones(key: AnswerKey) -> None:
    guesses = swap_two(key_guesses(key), key.water_slot)
    wrong = {slot for slot in corps.SLOTS if guesses[slot] is not key.answer(slot)}
    result = corps.verdict(_ended(key, wrong=True))
    assert {step.slot for step in result.steps if not step.right} == wrong


@pytest.mark.parametrize(
    ("prepare", "error", "says"),
    [
        (lambda s: s, e.EndError, "Tipis"),
        (
            lambda s: corps.remove_token(unlock_end(s), 9 if s.board.water_slot != 9 else 8),
            e.EndError,
            "1 circle",
        ),
        (lambda s: corps.end_chapter(unlock_end(s)), e.EndError, "already ended"),
        (lambda s: corps.unseal(unlock_end(s)), e.EndError, "not sealed"),
    ],
)
def test_end_refused(
    key: AnswerKey, prepare: Callable[[CorpsState], CorpsState], error: type[Exception], says: str
) -> None:
    state = prepare(guess_all(sealed_chapter(key), key_guesses(key)))
    with pytest.raises(error, match=says):
        corps.end_chapter(state)


def test_nothing_of_the_verdict_before_the_end(key: AnswerKey) -> None:
    state = unlock_end(guess_all(sealed_chapter(key), key_guesses(key)))
    for ask in (corps.verdict, corps.reveal_next, corps.reveal_all, corps.full_view):
        with pytest.raises(e.EndError):
            ask(state)


def test_reveal_slot_by_slot_then_the_verdict(key: AnswerKey) -> None:
    state = _ended(key)
    assert corps.key_status(state) is corps.KeyStatus.REVEALED and not corps.is_sealed(state)
    for count in range(1, corps.SLOT_COUNT + 1):
        before = corps.public_view(state)["reveal"]
        assert before["revealed"] == count - 1 and before["verdict"] is None
        state = corps.reveal_next(state)
        step = corps.public_view(state)["reveal"]["steps"][-1]
        assert step == {
            "slot": count,
            "guess": key.answer(count).value,
            "answer": key.answer(count).value,
            "right": True,
        }
    final = corps.public_view(state)["reveal"]["verdict"]
    assert final == {
        "outcome": "won",
        "won": True,
        "right_count": 9,
        "summary": "won: 9 of 9 rules right",
    }
    with pytest.raises(e.EndError, match="already uncovered"):
        corps.reveal_next(state)


def test_reveal_all_at_once_and_full_view(key: AnswerKey) -> None:
    state = _ended(key, wrong=True)
    assert corps.full_view(state)["reveal"]["revealed"] == 9
    assert corps.full_view(state)["answers"] == [t.value for t in key.answers]
    assert corps.public_view(corps.reveal_all(state))["reveal"]["verdict"]["right_count"] == 7


def test_core_rules_loss_ends_the_chapter_lost_even_with_nine_right(key: AnswerKey) -> None:
    state = guess_all(sealed_chapter(key), key_guesses(key))
    lost = corps.lose_by_core_rules(state, "out of Water at night")
    result = corps.verdict(lost)
    assert result.outcome is Outcome.LOST_CORE_RULES and not result.won
    assert result.right_count == 9
    assert corps.public_view(lost)["core_loss"] == "out of Water at night"


def test_notebook_without_a_key_ends_any_time_and_has_no_reveal() -> None:
    state = corps.new_chapter(corps.ChapterMode.NOTEBOOK, map_id=12)
    with pytest.raises(e.KeyRefusedError, match="reveal is off"):
        corps.enter_key(state, AnswerKey(12, tuple(corps.Token)))
    ended = corps.end_chapter(state)
    assert corps.public_view(ended)["reveal"] is None
    assert "answers" not in corps.full_view(ended)


def test_notebook_reveal_counts_but_judges_nothing(key: AnswerKey) -> None:
    options = corps.CorpsOptions(notebook_reveal=True)
    state = corps.new_chapter(corps.ChapterMode.NOTEBOOK, options)
    state = corps.seal(corps.enter_key(state, key))
    assert state.board.water_slot is None  # no covering, no window
    state = corps.place_token(state, key.answer(1), 1)
    result = corps.verdict(corps.end_chapter(state))
    assert result.outcome is Outcome.NOT_JUDGED
    assert result.right_count == 1
    assert result.summary == "notebook check: 1 of 9 rules right"


def test_a_key_for_another_map_is_refused(key: AnswerKey) -> None:
    state = corps.new_chapter(map_id=5)
    with pytest.raises(e.KeyRefusedError, match="plays map 5"):
        corps.enter_key(state, AnswerKey(6, key.answers))


def test_seal_semantics(key: AnswerKey) -> None:
    with pytest.raises(e.NoKeyError):
        corps.seal(corps.new_chapter())
    entered = corps.enter_key(corps.new_chapter(), key)
    assert corps.key_status(entered) is corps.KeyStatus.ENTERED and not corps.is_sealed(entered)
    sealed = corps.seal(entered)
    assert corps.is_sealed(sealed) and corps.is_sealed(corps.seal(sealed))
    with pytest.raises(e.KeySealedError, match="unseal it with the PIN"):
        corps.enter_key(sealed, key)
    assert corps.enter_key(corps.unseal(sealed), key).key == key
