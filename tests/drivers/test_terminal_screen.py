"""The simulator's screen in a terminal: it draws with the box's own libraries (no pygame, no
luma.emulator), a dim screen still shows, a small terminal is told so, and quitting leaves
the terminal empty."""

from __future__ import annotations

import fcntl
import os
import pty
import re
import struct
import subprocess
import sys
import termios
from collections.abc import Iterator
from typing import Any

import pytest
from PIL import Image, ImageDraw

from fogkeeper.drivers.terminal import terminal_device


@pytest.fixture
def screen(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
           ) -> Iterator[Any]:
    device = terminal_device()
    monkeypatch.setattr(device, "terminal_size", lambda: (140, 40))
    capsys.readouterr()
    yield device
    device.cleanup = lambda: None  # luma's exit hook would clear the real terminal


def picture() -> Image.Image:
    image = Image.new("1", (128, 64))
    ImageDraw.Draw(image).rectangle((10, 10, 60, 40), fill=1)
    return image


def lit_greys(drawn: str) -> set[int]:
    """The xterm-256 colours the half-blocks use, black (16) left out."""
    return {int(c) for c in re.findall(r"\x1b\[38;5;(\d+);48;5;\d+m", drawn)} - {16}


# A frame drawn into a real terminal by a Python in which pygame and luma.emulator cannot be
# imported (a Pi with no pygame wheel, a venv from `.[sim]`); the exit hook then clears it.
DRAW_WITHOUT_PYGAME = """
import sys
sys.modules["pygame"] = None
sys.modules["luma.emulator"] = None
from PIL import Image, ImageDraw
from fogkeeper.drivers.terminal import terminal_device
image = Image.new("1", (128, 64))
ImageDraw.Draw(image).rectangle((10, 10, 60, 40), fill=1)
terminal_device().display(image)
"""


def drawn_in_a_terminal(program: str, columns: int, lines: int) -> str:
    """What ``program`` writes to a pseudo-terminal of that size, until it exits."""
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", lines, columns, 0, 0))
    child = subprocess.Popen([sys.executable, "-c", program], stdin=subprocess.DEVNULL,
                             stdout=slave, stderr=subprocess.PIPE)
    os.close(slave)
    out = bytearray()
    while True:
        try:
            data = os.read(master, 65536)
        except OSError:  # the child closed the terminal (EIO)
            break
        if not data:
            break
        out.extend(data)
    os.close(master)
    assert child.wait(timeout=60) == 0, child.stderr.read() if child.stderr else ""
    return out.decode()


def test_the_screen_draws_in_a_terminal_without_pygame() -> None:
    drawn = drawn_in_a_terminal(DRAW_WITHOUT_PYGAME, columns=140, lines=40)
    rows = re.findall(r"\x1b\[(\d+);1H((?:\x1b\[[0-9;]*m|▄)*)", drawn)
    assert [int(row) for row, _ in rows] == list(range(1, 33))  # 64 pixel rows, two a line
    assert all(cells.count("▄") == 128 for _, cells in rows)
    assert lit_greys(drawn) == {231}
    assert drawn.endswith("\x1b[0m\x1b[2J\x1b[H")  # quitting left the terminal empty


def test_a_dimmed_screen_is_dim_not_black(screen: Any, capsys: pytest.CaptureFixture[str]
                                          ) -> None:
    screen.display(picture())
    bright = lit_greys(capsys.readouterr().out)
    screen.contrast(8)  # the default dim_contrast
    dim = lit_greys(capsys.readouterr().out)
    assert bright == {231} and dim and all(232 + 8 <= grey < 255 for grey in dim)


def test_a_terminal_too_small_for_the_picture_says_so(
        screen: Any, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(screen, "terminal_size", lambda: (100, 40))
    screen.display(picture())
    out = capsys.readouterr().out
    assert "needs a terminal of at least 128 columns and 32 lines; this one is 100x40" in out
    assert "▄" not in out  # no cropped, wrapped picture


def test_quitting_leaves_the_terminal_empty(screen: Any, capsys: pytest.CaptureFixture[str]
                                           ) -> None:
    screen.display(picture())
    capsys.readouterr()
    screen.cleanup()
    assert capsys.readouterr().out == "\x1b[0m\x1b[2J\x1b[H"


def drawn_rows(drawn: str) -> list[tuple[int, int]]:
    """Each drawn terminal line and how many half-blocks (columns) it has."""
    rows = re.findall(r"\x1b\[(\d+);1H((?:\x1b\[[0-9;]*m|▄)*)", drawn)
    return [(int(row), cells.count("▄")) for row, cells in rows]


@pytest.mark.parametrize(("size", "scale"), [((300, 40), 1), ((260, 70), 2), ((400, 100), 3)])
def test_the_picture_is_scaled_to_fit_the_terminal_both_ways(
        screen: Any, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        size: tuple[int, int], scale: int) -> None:
    # a wide but short terminal must not get a picture taller than it (rows past its bottom)
    monkeypatch.setattr(screen, "terminal_size", lambda: size)
    screen.display(picture())
    rows = drawn_rows(capsys.readouterr().out)
    assert [row for row, _ in rows] == list(range(1, 32 * scale + 1))
    assert all(columns == 128 * scale for _, columns in rows)
    assert max(row for row, _ in rows) <= size[1]
