"""Saving and resuming a chapter as JSON (power loss) and loading the chapter configuration."""

from __future__ import annotations

import json
import tomllib
from typing import Any

import pytest

from fogkeeper.paths import config_dir
from fogkeeper.rules import corps
from fogkeeper.rules.corps import AnswerKey, Token
from fogkeeper.rules.corps.errors import CorpsConfigError, SavedStateError
from rules.corps.corps_builders import (
    guess_all,
    key_guesses,
    sealed_chapter,
    shuffled_key,
    unlock_end,
)


def _mid_chapter(key: AnswerKey) -> corps.CorpsState:
    state = sealed_chapter(key, dormant_blocks=True)
    state = guess_all(state, dict(list(key_guesses(key).items())[:5]))
    for action in (
        corps.TipiRevealed(),
        corps.MonsterRevealed("Monster 3", "swamp", dormant=True),
        corps.RowCompleted(2),
        corps.WaterChanged(2),
    ):
        state = corps.track(state, action)
    return state


@pytest.mark.parametrize("seed", range(4))
def test_a_sealed_chapter_resumes_sealed_and_identical(seed: int) -> None:
    state = _mid_chapter(shuffled_key(seed))
    resumed = corps.from_json(corps.to_json(state))
    assert resumed == state
    assert corps.is_sealed(resumed)
    assert corps.public_view(resumed) == corps.public_view(state)
    with pytest.raises(corps.errors.KeySealedError):
        corps.enter_key(resumed, shuffled_key(seed + 1))


def test_an_ended_chapter_resumes_mid_reveal(key: AnswerKey) -> None:
    state = corps.end_chapter(unlock_end(guess_all(sealed_chapter(key), key_guesses(key))))
    state = corps.reveal_next(corps.reveal_next(state))
    resumed = corps.from_json(corps.to_json(state))
    assert corps.public_view(resumed)["reveal"]["revealed"] == 2
    assert corps.verdict(resumed).won


def test_the_saved_state_is_plain_json(key: AnswerKey) -> None:
    data = json.loads(corps.to_json(_mid_chapter(key)))
    assert data["format"] == "fogkeeper.corps/1"
    assert data["sealed"] is True


def _saved(key: AnswerKey) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(corps.to_json(_mid_chapter(key)))
    return data


@pytest.mark.parametrize(
    ("edit", "says"),
    [
        (lambda d: d.update(format="other"), "format"),
        (lambda d: d.update(mode="chess"), "mode"),
        (lambda d: d.update(sealed="yes"), "sealed"),
        (lambda d: d.update(revealed=10), "revealed"),
        (lambda d: d.update(board=[]), "board"),
        (lambda d: d["board"].update(slots=["tipi"] * 9), "board"),
        (lambda d: d["board"].update(water_slot=4), "board"),
        (lambda d: d["tracker"].update(water=True), "water"),
        (lambda d: d["tracker"].update(monsters=[["M", "x", "asleep"]]), "tracker"),
        (lambda d: d["options"].update(reveal_pacing="fast"), "options"),
        (lambda d: d["key"].update(answers=["tipi"] * 9), "key: the saved key is not a valid"),
        (lambda d: d["key"].update(answers="wood"), "key.answers"),
    ],
)
def test_bad_saved_states_name_the_field(key: AnswerKey, edit: Any, says: str) -> None:
    data = _saved(key)
    edit(data)
    with pytest.raises(SavedStateError, match=says):
        corps.from_json(json.dumps(data))


def test_bad_saved_key_errors_do_not_show_the_key() -> None:
    key = AnswerKey(1, (Token.WATER, *[t for t in Token if t is not Token.WATER]))
    data = _saved(key)
    data["key"]["answers"][4] = "teepee"
    with pytest.raises(SavedStateError) as caught:
        corps.from_json(json.dumps(data))
    assert not [t for t in Token if t.value in str(caught.value)]


def test_not_json_at_all() -> None:
    with pytest.raises(SavedStateError, match="not valid JSON"):
        corps.from_json("{half")


def test_the_shipped_chapter_config_loads() -> None:
    path = config_dir() / "corps" / "chapter.toml"
    options = corps.options_from_mapping(tomllib.loads(path.read_text("utf-8")), str(path))
    assert len(options.monsters) == 5
    assert options.monster("monster 3") is not None
    assert options.reveal_pacing is corps.RevealPacing.SLOT_BY_SLOT


@pytest.mark.parametrize(
    ("data", "says"),
    [
        ({"colour": "red"}, "unknown key 'colour'"),
        ({"dormant_blocks": "no"}, "dormant_blocks must be true or false"),
        ({"reveal_pacing": "slow"}, "reveal_pacing must be one of"),
        ({"reveal_step_seconds": True}, "reveal_step_seconds must be a number"),
        ({"reveal_step_seconds": 11}, "from 0 to 10"),
        ({"monster": {"card": "A"}}, "array of tables"),
        ({"monster": [{"card": ""}]}, r"monster\[0\].card must be a non-empty"),
        ({"monster": [{"card": "A"}, {"card": "a"}]}, r"monster\[1\].card repeats"),
        ({"monster": [{"card": "A", "kill_cost": "food"}]}, "kill_cost must be a list"),
        ({"monster": [{"card": "A", "hp": 3}]}, r"monster\[0\]: unknown key 'hp'"),
    ],
)
def test_bad_config_names_the_key(data: dict[str, object], says: str) -> None:
    with pytest.raises(CorpsConfigError, match=says) as caught:
        corps.options_from_mapping(data, "corps/chapter.toml")
    assert str(caught.value).startswith("corps/chapter.toml")
