"""Drawing primitives for the 128x64 one-bit screen: fonts, title bar, footer, rows, bars."""

from __future__ import annotations

import io
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from functools import cache
from typing import Any

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
    scroll_most: int = 0  # lines of its text kept below the screen (up/down scroll them)


@dataclass
class Scroll:
    """How far a long text is scrolled (the app's), and how far it can go (the drawing's)."""

    offset: int = 0
    most: int = 0


_SCROLL: ContextVar[Scroll | None] = ContextVar("fogkeeper_scroll", default=None)


@contextmanager
def scrolling(offset: int) -> Iterator[Scroll]:
    """Draw a frame with its long text scrolled ``offset`` lines; ``most`` tells afterwards
    how many lines the text has past the screen (0 when it all fits)."""
    scroll = Scroll(offset)
    token = _SCROLL.set(scroll)
    try:
        yield scroll
    finally:
        _SCROLL.reset(token)


class RememberingFont(ImageFont.FreeTypeFont):
    """The same font, remembering the words it drew and measured.

    A screen redraws the same few words every second (a countdown's title, its footer), and
    FreeType rendering and measuring them was most of a frame's time. The masks depend only
    on the text and how it is laid out (never on the ink of a one-bit screen), so each one is
    made once; the pixels are the very ones ``ImageDraw.text`` would draw.
    """

    WORDS_KEPT = 2048  # per size; a mask is a few hundred bytes

    def __init__(self, source: ImageFont.FreeTypeFont) -> None:
        super().__init__(io.BytesIO(source.font_bytes), source.size,
                         layout_engine=source.layout_engine)
        self._masks: dict[tuple[object, ...], tuple[Any, tuple[int, int]]] = {}
        self._boxes: dict[tuple[object, ...], tuple[float, float, float, float]] = {}

    def getmask2(self, text: str | bytes, mode: str = "", *args: Any,
                 **kwargs: Any) -> tuple[Any, tuple[int, int]]:
        key = (text, mode, _hashable(args[:5]), _hashable(args[6:]),
               _hashable(sorted((k, v) for k, v in kwargs.items() if k != "ink")))
        kept = self._masks.get(key)
        if kept is None:
            kept = super().getmask2(text, mode, *args, **kwargs)
            if len(self._masks) >= self.WORDS_KEPT:
                self._masks.clear()
            self._masks[key] = kept
        return kept

    def getbbox(self, text: str | bytes | bytearray, mode: str = "",
                direction: str | None = None, features: list[str] | None = None,
                language: str | None = None, stroke_width: float = 0,
                anchor: str | None = None) -> tuple[float, float, float, float]:
        key = (bytes(text) if isinstance(text, bytearray) else text, mode, direction,
               _hashable(features), language, stroke_width, anchor)
        kept = self._boxes.get(key)
        if kept is None:
            kept = super().getbbox(text, mode, direction, features, language, stroke_width,
                                   anchor)
            if len(self._boxes) >= self.WORDS_KEPT:
                self._boxes.clear()
            self._boxes[key] = kept
        return kept


def _hashable(value: object) -> object:
    if isinstance(value, list | tuple):
        return tuple(_hashable(v) for v in value)
    return value


@cache
def font(size: int) -> Font:
    """Pillow's built-in scalable font (no font files to ship), cached per size."""
    loaded = ImageFont.load_default(size=size)
    assert isinstance(loaded, ImageFont.FreeTypeFont)  # Pillow >= 10.1 with FreeType
    return RememberingFont(loaded)


SMALL = 10
TINY = 9    # a bar's words one pixel smaller before any is cut (still crisp on the OLED)
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


def wrap(text: str, width_px: int = WIDTH - 4, size: int = SMALL) -> tuple[str, ...]:
    """Break ``text`` at spaces into lines that fit ``width_px`` (a word longer than a line
    stays whole on its own line, where ``fit`` cuts it)."""
    lines: list[str] = []
    current = ""
    for word in text.split():
        trial = f"{current} {word}".strip()
        if current and text_width(trial, size) > width_px:
            lines.append(current)
            current = word
        else:
            current = trial
    return (*lines, current) if current else tuple(lines)


def text_block(draw: ImageDraw.ImageDraw, texts: tuple[str, ...], y: int,
               bottom: int = FOOTER_TOP - 2, ink: int = 1) -> int:
    """Small lines from ``y`` down, each text wrapped at spaces; returns the next free y.

    A line's descenders end two rows under its type size, and they stay above ``bottom``.
    What does not fit is never dropped unseen: on the box's screens (drawn while the app
    scrolls) up/down scroll it, with a mark at the right edge where more is above or below;
    drawn on its own, the last line shown ends with an ellipsis."""
    lines = [part for text in texts for part in wrap(text) or ("",)]
    room = max(0, (bottom + 1 - (y + SMALL + 2)) // (SMALL + 1) + 1)
    scroll = _SCROLL.get()
    if len(lines) > room > 0 and scroll is not None:
        scroll.most = len(lines) - room
        first = min(scroll.offset, scroll.most)
        shown = lines[first:first + room]
        top = y
        for i, line in enumerate(shown):
            marked = (i == 0 and first > 0) or (i == len(shown) - 1 and first < scroll.most)
            draw.text((2, y), fit(line, SMALL, WIDTH - (9 if marked else 4)), font=font(SMALL),
                      fill=ink)
            y += SMALL + 1
        _scroll_marks(draw, top, y, above=first > 0, below=first < scroll.most, ink=ink)
        return y
    if len(lines) > room:
        last = lines[room - 1] if room else ""
        hidden = " ".join(lines[room - 1:])
        cut = fit(hidden, SMALL, min(WIDTH - 4, text_width(last + " …", SMALL)))
        lines = [*lines[:room - 1], cut] if room else []
    for line in lines:
        draw.text((2, y), fit(line, SMALL, WIDTH - 4), font=font(SMALL), fill=ink)
        y += SMALL + 1
    return y


def _scroll_marks(draw: ImageDraw.ImageDraw, top: int, bottom: int, above: bool,
                  below: bool, ink: int) -> None:
    """Small triangles at the right edge: more text above, more below (up/down scroll)."""
    x = WIDTH - 6
    if above:
        draw.polygon([(x, top + 6), (x + 4, top + 6), (x + 2, top + 3)], fill=ink)
    if below:
        draw.polygon([(x, bottom - 5), (x + 4, bottom - 5), (x + 2, bottom - 2)], fill=ink)


def size_to_fit(text: str, width: int, sizes: tuple[int, ...]) -> int:
    """The first of ``sizes`` (largest first) in which ``text`` fits ``width``; else the last
    (where ``fit`` then cuts it)."""
    return next((size for size in sizes if text_width(text, size) <= width), sizes[-1])


def title_bar(draw: ImageDraw.ImageDraw, title: str, right: str = "") -> None:
    """An inverted strip on top so the screen's name reads at a glance."""
    draw.rectangle((0, 0, WIDTH - 1, TITLE_HEIGHT - 1), fill=1)
    room = WIDTH - 4 - (text_width(right, SMALL) + 3 if right else 0)
    size = size_to_fit(title, room, (SMALL, TINY))
    draw.text((2, SMALL - size), fit(title, size, room), font=font(size), fill=0)
    if right:
        draw.text((WIDTH - 2 - text_width(right, SMALL), 0), right, font=font(SMALL), fill=0)


def footer(draw: ImageDraw.ImageDraw, hint: str) -> None:
    """A one-line hint at the bottom saying what the controls do here; a longer one (a
    refusal's reason) takes a second line over the screen's last row."""
    # the small type's ink starts 2 rows under its y and its descenders end 12 rows under:
    # one row higher than the line's, so a "g" or a "p" keeps its tail on the last row
    size = size_to_fit(hint, WIDTH - 2, (SMALL, TINY))
    if text_width(hint, size) <= WIDTH - 2:
        draw.line((0, FOOTER_TOP - 1, WIDTH - 1, FOOTER_TOP - 1), fill=1)
        draw.text((1, FOOTER_TOP - 1 + SMALL - size), hint, font=font(size), fill=1)
        return
    top = FOOTER_TOP - 1 - (SMALL + 1)
    draw.rectangle((0, top - 1, WIDTH - 1, HEIGHT - 1), fill=0)
    draw.line((0, top - 1, WIDTH - 1, top - 1), fill=1)
    lines = wrap(hint, WIDTH - 2)
    if len(lines) > 2:
        lines = (lines[0], " ".join(lines[1:]))
    for i, line in enumerate(lines):
        draw.text((1, top + i * (SMALL + 1)), fit(line, SMALL, WIDTH - 2), font=font(SMALL),
                  fill=1)


def row(draw: ImageDraw.ImageDraw, y: int, label: str, value: str = "",
        selected: bool = False) -> None:
    """A menu row; the selected one is inverted, a value sits on the right. A row too long
    for the body type is drawn in the small type before anything is cut."""
    if selected:
        draw.rectangle((0, y, WIDTH - 1, y + ROW_HEIGHT - 1), fill=1)
    ink = 0 if selected else 1
    gap = 4 if value else 0
    size = size_to_fit(f"{label}{value}", WIDTH - 6 - gap, (BODY, SMALL, TINY))
    top = y + (BODY - size) // 2
    value_w = text_width(value, size) + gap if value else 0
    draw.text((3, top), fit(label, size, WIDTH - 6 - value_w), font=font(size), fill=ink)
    if value:
        draw.text((WIDTH - 3 - text_width(value, size), top), value, font=font(size), fill=ink)


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
