"""Drawing primitives for the 128x64 one-bit screen: fonts, title bar, footer, rows, bars."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from PIL import Image, ImageChops, ImageDraw, ImageFont

WIDTH = 128
HEIGHT = 64
TITLE_HEIGHT = 11
ROW_HEIGHT = 13
FOOTER_TOP = 53

Font = ImageFont.FreeTypeFont


@dataclass(frozen=True)
class Frame:
    """What the screen shows: the picture, and the same content as text lines for the link.

    A ``private`` frame (a PIN pad, a secret being typed in) is for the eyes at the box only:
    the host link gets neither its picture nor its lines.
    """

    image: Image.Image
    lines: tuple[str, ...]
    private: bool = False


@cache
def font(size: int) -> Font:
    """Pillow's built-in scalable font (no font files to ship), cached per size."""
    loaded = ImageFont.load_default(size=size)
    assert isinstance(loaded, ImageFont.FreeTypeFont)  # Pillow >= 10.1 with FreeType
    return loaded


SMALL = 10
BODY = 12
BIG = 34


def blank() -> tuple[Image.Image, ImageDraw.ImageDraw]:
    image = Image.new("1", (WIDTH, HEIGHT), 0)
    draw = ImageDraw.Draw(image)
    draw.fontmode = "1"  # crisp pixels, no grey antialiasing thresholded away
    return image, draw


def invert(image: Image.Image) -> Image.Image:
    """Swap lit and dark pixels (ImageChops.invert does not handle mode "1" images)."""
    return ImageChops.logical_xor(image, Image.new("1", image.size, 1))


def text_width(text: str, size: int, stroke: int = 0) -> int:
    """Pixels from the drawing origin to the text's right edge, as drawn in one-bit mode
    (its hinting differs from the antialiased measure by several pixels at small sizes)."""
    _, _, right, _ = font(size).getbbox(text, mode="1", stroke_width=stroke)
    return int(right)


def fit(text: str, size: int, width: int) -> str:
    """Shorten ``text`` with an ellipsis so that it fits ``width`` pixels."""
    if text_width(text, size) <= width:
        return text
    while text and text_width(text + "…", size) > width:
        text = text[:-1]
    return text + "…"


def title_bar(draw: ImageDraw.ImageDraw, title: str, right: str = "") -> None:
    """An inverted strip on top so the screen's name reads at a glance."""
    draw.rectangle((0, 0, WIDTH - 1, TITLE_HEIGHT - 1), fill=1)
    room = WIDTH - 4 - (text_width(right, SMALL) + 4 if right else 0)
    draw.text((2, 0), fit(title, SMALL, room), font=font(SMALL), fill=0)
    if right:
        draw.text((WIDTH - 2 - text_width(right, SMALL), 0), right, font=font(SMALL), fill=0)


def footer(draw: ImageDraw.ImageDraw, hint: str) -> None:
    """A one-line hint at the bottom saying what the controls do here."""
    draw.line((0, FOOTER_TOP - 1, WIDTH - 1, FOOTER_TOP - 1), fill=1)
    draw.text((1, FOOTER_TOP), fit(hint, SMALL, WIDTH - 2), font=font(SMALL), fill=1)


def row(draw: ImageDraw.ImageDraw, y: int, label: str, value: str = "",
        selected: bool = False) -> None:
    """A menu row; the selected one is inverted, a value sits on the right."""
    if selected:
        draw.rectangle((0, y, WIDTH - 1, y + ROW_HEIGHT - 1), fill=1)
    ink = 0 if selected else 1
    value_w = text_width(value, BODY) + 4 if value else 0
    draw.text((3, y), fit(label, BODY, WIDTH - 6 - value_w), font=font(BODY), fill=ink)
    if value:
        draw.text((WIDTH - 3 - text_width(value, BODY), y), value, font=font(BODY), fill=ink)


def centred(draw: ImageDraw.ImageDraw, y: int, text: str, size: int, stroke: int = 0) -> None:
    shown = fit(text, size, WIDTH - 2)
    x = (WIDTH - text_width(shown, size, stroke)) // 2
    draw.text((x, y), shown, font=font(size), fill=1, stroke_width=stroke, stroke_fill=1)


def bar(draw: ImageDraw.ImageDraw, y: int, height: int, fraction: float) -> None:
    """A horizontal bar, outlined, filled to ``fraction`` (0..1) from the left."""
    draw.rectangle((0, y, WIDTH - 1, y + height - 1), outline=1, fill=0)
    inner = round((WIDTH - 4) * max(0.0, min(1.0, fraction)))
    if inner > 0:
        draw.rectangle((2, y + 2, 1 + inner, y + height - 3), fill=1)
