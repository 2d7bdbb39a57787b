"""A solo scenario sheet's file is read key by key: an unknown key or a bad value is refused
naming the file and the key, and every shipped sheet reads."""

from __future__ import annotations

from pathlib import Path

import pytest

from fogkeeper.data.fog import load_scenarios, read_scenario
from fogkeeper.errors import ConfigError

GOOD = 'board = "S"\nfog_start = 9\n[nation_mp]\nblue = 5\n'


def test_every_shipped_sheet_reads() -> None:
    sheets = load_scenarios()
    assert "S001" in sheets and sheets["S001"].board == "S"


@pytest.mark.parametrize(("text", "key"), [
    ("colour = 'red'\n" + GOOD, "colour"),           # a typo'd key is not passed by
    (GOOD.replace('"S"', '"Z"'), "board"),
    (GOOD.replace("9", '"nine"'), "fog_start"),
    (GOOD.replace("blue = 5", "blue = 'five'"), "nation_mp"),
    ('board = "S"\n', "nation_mp"),
])
def test_a_bad_sheet_is_refused_naming_the_file_and_the_key(
        tmp_path: Path, text: str, key: str) -> None:
    path = tmp_path / "S999.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ConfigError) as caught:
        read_scenario(path)
    assert str(path) in str(caught.value) and f"'{key}'" in str(caught.value)


def test_a_good_sheet_reads_with_its_defaults(tmp_path: Path) -> None:
    path = tmp_path / "S999.toml"
    path.write_text(GOOD, encoding="utf-8")
    sheet = read_scenario(path)
    assert (sheet.name, sheet.fog_start, sheet.nation_mp, sheet.boat_scoring) == (
        "S999", 9, {"blue": 5}, {})
