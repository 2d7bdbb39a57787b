"""Answer-key validation and the key-file parser: accepted files, refused files, hidden answers."""

from __future__ import annotations

import pytest

from fogkeeper.paths import config_dir
from fogkeeper.rules import corps
from fogkeeper.rules.corps import AnswerKey, Token
from fogkeeper.rules.corps.errors import KeyFileError
from rules.corps.corps_builders import shuffled_key

GOOD = """map 4
1 = wood
2 = mud
3 = water
4 = rock
5 = tipi
6 = flower
7 = skull
8 = food
9 = mushroom
"""


def _lines(text: str) -> list[str]:
    return text.splitlines()


def _edit(line_number: int, new: str | None, text: str = GOOD) -> str:
    lines = _lines(text)
    if new is None:
        del lines[line_number - 1]
    else:
        lines[line_number - 1] = new
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize(
    ("text", "map_id", "water_slot"),
    [
        (GOOD, 4, 3),
        (GOOD.upper(), 4, 3),
        ("# holder's copy\n\n" + GOOD.replace("\n", "   # note\n"), 4, 3),
        (GOOD.replace(" = ", "="), 4, 3),
        ("\n".join(reversed(_lines(GOOD)[1:])).join(["map 20\n", "\n"]), 20, 3),
    ],
)
def test_good_key_files_parse(text: str, map_id: int, water_slot: int) -> None:
    key = corps.parse_single_key(text)
    assert key.map_id == map_id
    assert key.water_slot == water_slot
    assert set(key.answers) == set(Token)


@pytest.mark.parametrize(
    ("text", "line", "says"),
    [
        ("", None, 'no "map N"'),
        ("1 = wood\n" + GOOD, 1, "before any"),
        (_edit(1, "map 0"), 1, "from 1 to 20"),
        (_edit(1, "map 21"), 1, "from 1 to 20"),
        (_edit(1, "map four"), 1, "whole number"),
        (_edit(3, "3 : water"), 3, "SLOT = TOKEN"),
        (_edit(3, "10 = water"), 3, "from 1 to 9"),
        (_edit(3, "three = water"), 3, "whole number"),
        (_edit(6, "5 = teepee"), 6, "not a guess token"),
        (_edit(6, "5 ="), 6, "not a guess token"),
        (_edit(6, "4 = tipi"), 6, "slot 4 is already given on line 5"),
        (_edit(6, "5 = wood"), 6, "already used on line 2"),
        (_edit(10, None), 1, "slot(s) 9 have no token"),
        (GOOD + GOOD, 11, "map 4 already appears on line 1"),
    ],
)
def test_bad_key_files_name_the_line(text: str, line: int | None, says: str) -> None:
    with pytest.raises(KeyFileError) as caught:
        corps.parse_key_file(text)
    assert caught.value.line == line
    assert says in str(caught.value)


@pytest.mark.parametrize(
    "text",
    [_edit(6, "5 = tipii"), _edit(6, "5 = wood"), _edit(10, None), _edit(3, "3 = mud")],
)
def test_key_file_errors_never_name_a_token(text: str) -> None:
    with pytest.raises(KeyFileError) as caught:
        corps.parse_key_file(text)
    # The list of allowed names is the same for every key; anything else must not name one.
    message = str(caught.value).lower().split("(expected one of")[0]
    assert not [token for token in Token if token.value in message.split(": ", 1)[1]]
    assert "tipii" not in str(caught.value)


def test_a_file_with_several_maps_needs_the_map_named() -> None:
    other = GOOD.replace("map 4", "map 9")
    both = GOOD + other
    assert set(corps.parse_key_file(both)) == {4, 9}
    assert corps.parse_single_key(both, 9).map_id == 9
    with pytest.raises(KeyFileError, match="say which map"):
        corps.parse_single_key(both)
    with pytest.raises(KeyFileError, match="no key for map 5"):
        corps.parse_single_key(both, 5)


@pytest.mark.parametrize("seed", range(5))
def test_format_then_parse_gives_the_same_keys(seed: int) -> None:
    keys = [shuffled_key(seed, 3), shuffled_key(seed + 100, 11)]
    parsed = corps.parse_key_file(corps.format_key_file(keys))
    assert [parsed[3], parsed[11]] == keys


@pytest.mark.parametrize(
    "answers",
    [
        tuple(Token)[:8],
        (*tuple(Token)[:8], Token.TIPI),
        (*tuple(Token)[1:], Token.TIPI),  # no Water at all
        (*tuple(Token), Token.TIPI),
    ],
)
def test_a_key_must_be_a_bijection_with_water(answers: tuple[Token, ...]) -> None:
    with pytest.raises(KeyFileError):
        AnswerKey(1, answers)


def test_key_from_slots_names_missing_slots_only() -> None:
    partial = {s: t for s, t in zip(corps.SLOTS, Token, strict=True) if s not in (2, 7)}
    with pytest.raises(KeyFileError, match=r"slot\(s\) 2, 7 have no token"):
        corps.key_from_slots(1, partial)


@pytest.mark.parametrize("seed", range(5))
def test_repr_and_str_of_a_key_hide_all_but_water(seed: int) -> None:
    key = shuffled_key(seed)
    for text in (repr(key), str(key), f"{key}", repr(sealed := (key,)), str(sealed)):
        assert "<sealed>" in text
        assert f"water_slot={key.water_slot}" in text
        assert not [t for t in Token if t is not Token.WATER and t.value in text.lower()]


def test_the_shipped_example_key_parses_and_says_it_is_an_example() -> None:
    text = (config_dir() / "corps" / "example-key.txt").read_text(encoding="utf-8")
    assert "EXAMPLE" in text and "NOT the answer" in text
    assert len(corps.parse_key_file(text)) == 1
