"""The simulator's screen in a terminal: a dim screen still shows, a small terminal is told
so, and quitting leaves the terminal empty."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from PIL import Image, ImageDraw

from fogkeeper.drivers.terminal import terminal_device


@pytest.fixture
def screen(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
           ) -> Iterator[Any]:
    device = terminal_device()
    monkeypatch.setattr(device, "_terminal_size", lambda: (40, 140, 0, 0))
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
    monkeypatch.setattr(screen, "_terminal_size", lambda: (40, 100, 0, 0))
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
