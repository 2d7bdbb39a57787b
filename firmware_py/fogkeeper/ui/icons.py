"""Icons: the second cue beside an answer's or a state's words, drawn in pixels (no font),
each unlike the others in shape, so a glance from across the table tells them apart."""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum

from PIL import ImageDraw

ICON_SIZE = 16  # each icon fills a 16x16 square


class Icon(StrEnum):
    """Every icon a screen may show, each drawn once below."""

    WALL = "wall"          # the rules' no: "You can't move", bricks
    OPEN = "open"          # the rules' yes: "You can move", an arrow through
    WIN = "win"            # the table won: a star
    LOSS = "loss"          # the table lost: a cross in a ring
    TIME_UP = "time_up"    # the glass ran out: an empty hourglass
    HAND_OFF = "hand_off"  # pass the box: an arrow out of a box


def _wall(draw: ImageDraw.ImageDraw, x: int, y: int, ink: int) -> None:
    draw.rectangle((x, y, x + 15, y + 15), outline=ink)
    for row in range(1, 4):  # three courses of bricks, the joints staggered
        draw.line((x, y + row * 4, x + 15, y + row * 4), fill=ink)
    for row in range(4):
        for joint in ((4, 12) if row % 2 == 0 else (8,)):
            draw.line((x + joint, y + row * 4, x + joint, y + row * 4 + 3), fill=ink)


def _open(draw: ImageDraw.ImageDraw, x: int, y: int, ink: int) -> None:
    draw.rectangle((x, y + 6, x + 9, y + 9), fill=ink)
    draw.polygon([(x + 8, y + 1), (x + 15, y + 7), (x + 15, y + 8), (x + 8, y + 14)], fill=ink)


def _win(draw: ImageDraw.ImageDraw, x: int, y: int, ink: int) -> None:
    draw.polygon([(x + 8, y), (x + 10, y + 5), (x + 15, y + 6), (x + 11, y + 10),
                  (x + 12, y + 15), (x + 8, y + 12), (x + 4, y + 15), (x + 5, y + 10),
                  (x, y + 6), (x + 6, y + 5)], fill=ink)


def _loss(draw: ImageDraw.ImageDraw, x: int, y: int, ink: int) -> None:
    draw.ellipse((x, y, x + 15, y + 15), outline=ink, width=2)
    draw.line((x + 4, y + 4, x + 11, y + 11), fill=ink, width=2)
    draw.line((x + 4, y + 11, x + 11, y + 4), fill=ink, width=2)


def _time_up(draw: ImageDraw.ImageDraw, x: int, y: int, ink: int) -> None:
    draw.rectangle((x + 1, y, x + 14, y + 1), fill=ink)
    draw.rectangle((x + 1, y + 14, x + 14, y + 15), fill=ink)
    draw.line([(x + 3, y + 2), (x + 7, y + 7), (x + 3, y + 13)], fill=ink)
    draw.line([(x + 12, y + 2), (x + 8, y + 7), (x + 12, y + 13)], fill=ink)
    draw.rectangle((x + 4, y + 11, x + 11, y + 13), fill=ink)  # all the sand below


def _hand_off(draw: ImageDraw.ImageDraw, x: int, y: int, ink: int) -> None:
    draw.rectangle((x, y + 4, x + 8, y + 15), outline=ink, width=2)
    draw.line((x + 5, y + 9, x + 13, y + 1), fill=ink, width=2)
    draw.polygon([(x + 9, y), (x + 15, y), (x + 15, y + 6)], fill=ink)


DRAWERS: dict[Icon, Callable[[ImageDraw.ImageDraw, int, int, int], None]] = {
    Icon.WALL: _wall, Icon.OPEN: _open, Icon.WIN: _win, Icon.LOSS: _loss,
    Icon.TIME_UP: _time_up, Icon.HAND_OFF: _hand_off,
}


def draw_icon(draw: ImageDraw.ImageDraw, icon: Icon, x: int, y: int, ink: int = 1) -> None:
    """``icon`` in its 16x16 square from (x, y), in ``ink`` (0 on an inverted band)."""
    DRAWERS[icon](draw, x, y, ink)
