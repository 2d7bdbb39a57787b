"""Maze text format, validation of rules I-III (C-S01, C-S02, C-S12) and `maze check`."""

from __future__ import annotations

from pathlib import Path

import pytest

from fogkeeper.app.maze_cmd import main
from fogkeeper.paths import config_dir
from fogkeeper.rules.fogsite import (
    Cell,
    MazeFormatError,
    format_maze,
    maze_counts,
    parse_maze,
    validate_maze,
)

WRONG_MAZE = """
R B . . .
. . # # .
. . . . .
. # . . #
. . G # .
"""
CORRECT_TEXT = "R . # . B\n. # . . #\n. . . # .\n# . # . .\n. . G . #\n"
EASY_4 = "R . # .\n. # . G\n. . . #\n# . . .\n"
EASY_3_WALLS = "R . # .\n. . . G\n. . . #\n# . . .\n"


def _rules(text: str) -> dict[str, tuple[str, ...]]:
    return {v.rule: tuple(c.name for c in v.cells) for v in validate_maze(parse_maze(text))}


def test_wrong_example_names_every_rule_and_cell() -> None:
    rules = _rules(WRONG_MAZE)
    assert rules["I"] == ("A1", "B1")
    assert rules["II"] == ("C2", "D2", "B4", "E4", "D5")
    assert rules["III"] == ("E5",)
    assert set(rules) == {"I", "II", "III"}


def test_correct_example_is_valid_with_its_counts() -> None:
    maze = parse_maze((config_dir() / "mazes" / "c_s02_correct.txt").read_text())
    assert validate_maze(maze) == ()
    counts = maze_counts(maze)
    assert (counts.inner_walls, counts.street_cells) == (7, 18)
    assert {c.name for _, c in counts.colour_cells} == {"A1", "E1", "C5"}


@pytest.mark.parametrize(("text", "broken"), [
    (EASY_4, set()),
    (EASY_3_WALLS, {"II"}),
    ("R G # .\n. # . .\n. . . #\n# . . .\n", {"I"}),
    ("R . # .\n. # . G\n# . . #\n. # . .\n", {"III"}),
    ("R . # .\n. # . R\n. . . #\n# . . .\n", {"tiles"}),
    ("R . # .\n. # . .\n. . . #\n# . . .\n", {"tiles"}),
])
def test_easy_rule_counts(text: str, broken: set[str]) -> None:
    assert set(_rules(text)) == broken


def test_ringed_easy_maze_reads_as_the_4x4_inside() -> None:
    ringed = "# # # # # #\n" + "".join(f"# {row} #\n" for row in EASY_4.splitlines())
    ringed += "# # # # # #\n"
    assert parse_maze(ringed) == parse_maze(EASY_4)


@pytest.mark.parametrize("text", [
    "R.#.B\n.#..#\n...#.\n#.#..\n..G.#\n",
    "; comment line\nR . # . B ; trailing note\n. # . . #\n\n. . . # .\n# . # . .\n. . G . #\n",
    "r . # . b\n. # . . #\n. . . # .\n# . # . .\n. . g . #\n",
])
def test_spacing_comments_and_case_are_free(text: str) -> None:
    assert format_maze(parse_maze(text)) == format_maze(parse_maze(CORRECT_TEXT))


@pytest.mark.parametrize(("text", "line", "words"), [
    ("R . # . B\n. # . . #\n. . x # .\n# . # . .\n. . G . #\n", 3, "'x'"),
    ("R . # . B\n. # . . #\n. . . #\n# . # . .\n. . G . #\n", 3, "4 cells, expected 5"),
    ("R . # . B\n. # . . #\n. . . # .\n", 3, "found 3 rows"),
    ("", 0, "found 0 rows"),
    ("# # # # # #\n# R . # . #\n# . # . G #\n# . . . # #\n# # . . . .\n# # # # # #\n", 5, "ring"),
])
def test_malformed_text_names_the_line(text: str, line: int, words: str) -> None:
    with pytest.raises(MazeFormatError) as caught:
        parse_maze(text)
    assert caught.value.line == line
    assert words in str(caught.value)


def test_maze_repr_hides_the_layout() -> None:
    maze = parse_maze(WRONG_MAZE)
    assert "#" not in repr(maze) and "R" not in repr(maze).replace("Maze", "")


def test_cell_names_run_west_east_and_north_south() -> None:
    assert Cell.parse("A1") == Cell(0, 0)
    assert Cell.parse("e5") == Cell(4, 4)
    assert Cell(2, 3).name == "C4"


@pytest.mark.parametrize(("name", "code", "expected_out"), [
    ("c_s02_correct.txt", 0, "OK 5x5, 7 Inner Walls, 18 Street spaces"),
    ("diagonal_walls.txt", 0, "OK 5x5"),
    ("three_rooms.txt", 0, "OK 5x5"),
    ("easy_4x4.txt", 0, "OK 4x4, 4 Inner Walls"),
    ("easy_4x4_ringed.txt", 0, "OK 4x4, 4 Inner Walls"),
    ("c_s01_wrong.txt", 1, "rule III: Street spaces cut off from the rest [E5]"),
])
def test_maze_check_shipped_files(
    name: str, code: int, expected_out: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["check", str(config_dir() / "mazes" / name)]) == code
    assert expected_out in capsys.readouterr().out


@pytest.mark.parametrize(("content", "message"), [
    (None, "cannot read"),
    ("R . # . B\n. # . . #\n. . ? # .\n# . # . .\n. . G . #\n", ":3: column 5"),
    (b"\xff\xfe garbage", "not UTF-8"),
])
def test_maze_check_unreadable_files_exit_2(
    tmp_path: Path, content: str | bytes | None, message: str,
    capsys: pytest.CaptureFixture[str],
) -> None:
    path = tmp_path / "maze.txt"
    if isinstance(content, str):
        path.write_text(content)
    elif isinstance(content, bytes):
        path.write_bytes(content)
    assert main(["check", str(path)]) == 2
    captured = capsys.readouterr()
    assert str(path) in captured.err and message in captured.err
    assert "Traceback" not in captured.err
    if content is None:  # worded as `score` words it
        assert captured.err == f"fogkeeper maze: cannot read {path}: No such file or directory\n"


def test_maze_check_lists_every_broken_rule(tmp_path: Path, capsys: pytest.CaptureFixture[str]
                                            ) -> None:
    path = tmp_path / "wrong.txt"
    path.write_text(WRONG_MAZE)
    assert main(["check", str(path)]) == 1
    out = capsys.readouterr().out
    assert "rule I: Colour tiles orthogonally adjacent [A1, B1]" in out
    assert "rule II: only 5 Inner Wall spaces, at least 6 needed" in out
