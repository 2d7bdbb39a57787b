"""``fogkeeper maze new``: a maze `maze check` accepts, its measures, the same maze per seed."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from fogkeeper.app.maze_cmd import main
from fogkeeper.errors import RulesError
from fogkeeper.rules.fogsite import Colour, Difficulty, generate_measured, parse_maze


def _new(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    assert main(["new", *args]) == 0
    return capsys.readouterr().out


@pytest.mark.parametrize(("size", "difficulty", "colours", "expected"), [
    ("5", "easy", "RGB", "OK 5x5"),
    ("5", "normal", "RGB", "OK 5x5"),
    ("5", "hard", "RB", "OK 5x5"),
    ("4", "easy", "GB", "OK 4x4"),
    ("4", "hard", "RGB", "OK 4x4"),
])
def test_new_maze_reads_back_with_maze_check(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], size: str, difficulty: str,
    colours: str, expected: str,
) -> None:
    text = _new(capsys, "--seed", "42", "--size", size, "--difficulty", difficulty,
                "--colours", colours)
    path = tmp_path / "new.txt"
    path.write_text(text)
    assert main(["check", str(path)]) == 0
    checked = capsys.readouterr().out
    assert expected in checked
    tiles = checked.split("Colour tiles:")[1]
    named = {name for name in ("RED", "GREEN", "BLUE") if name in tiles}
    assert named == {Colour(letter).name for letter in colours}


def test_new_prints_the_measures_of_the_maze_it_prints(capsys: pytest.CaptureFixture[str]
                                                        ) -> None:
    text = _new(capsys, "--seed", "9", "--difficulty", "hard")
    maze, measures = generate_measured(9, 5, Difficulty.HARD)
    assert parse_maze(text) == maze
    assert f"; inner_walls: {measures.inner_walls}" in text
    assert f"; dead_ends: {measures.dead_ends}" in text
    assert f"; mean_colour_steps: {measures.mean_colour_steps:.2f}" in text
    assert f"; explores_to_map: {measures.explores_to_map}" in text
    assert "(hard)" in text


def test_same_seed_same_output_and_a_random_seed_is_printed(
    capsys: pytest.CaptureFixture[str]
) -> None:
    assert _new(capsys, "--seed", "5") == _new(capsys, "--seed", "5")
    assert _new(capsys, "--seed", "5") != _new(capsys, "--seed", "6")
    unseeded = _new(capsys)
    seed = re.search(r"--seed (\d+)", unseeded)
    assert seed is not None
    assert _new(capsys, "--seed", seed.group(1)) == unseeded


@pytest.mark.parametrize("colours", ["RX", "R", "RR"])
def test_bad_colours_exit_2_with_a_message(capsys: pytest.CaptureFixture[str], colours: str
                                           ) -> None:
    assert main(["new", "--colours", colours]) == 2
    err = capsys.readouterr().err
    assert "maze new:" in err and "Traceback" not in err


@pytest.mark.parametrize("seed", ["-3", "-1", str(2**128)])
def test_a_seed_outside_the_range_is_refused_not_taken_for_another(
    capsys: pytest.CaptureFixture[str], seed: str
) -> None:
    assert main(["new", "--seed", seed]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert "a seed is a whole number from 0" in captured.err


def test_the_generator_refuses_a_negative_seed() -> None:
    with pytest.raises(RulesError, match="from 0"):
        generate_measured(-3)
