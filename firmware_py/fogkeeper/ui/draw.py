"""Drawing primitives for the 128x64 one-bit screen: fonts, title bar, footer, rows, bars.

The type is Terminus Font (``fonts/terminus-normal.otb``, SIL Open Font License 1.1, the
licence beside it): a bitmap face drawn pixel by pixel for small monochrome screens, with a
slashed zero and a 6 and a 9 whose tails stay open, so no digit is read as another (Pillow's
scalable default font, used before, closed its "6" into an "8" at 10 px, and its stroked
bold read "Guardian wins" as "Guardlan wlns"). FreeType reads the file's bitmap strikes as
they are, so the screen shows the designer's pixels, never a threshold of grey. (Spleen and
X11 misc-fixed were the other candidates: Debian ships Spleen only as console fonts, and
misc-fixed stops at 20 px, too small for the timer.)

Only its strikes exist: 12, 14, 16, 18, 20, 22, 24, 28 and 32 px (``SIZES``).
- ``SMALL`` = 12 (capitals 5x8 px, in cells 6 px wide): the smallest type anywhere. On the
  1.3 inch panels of both hardware profiles a pixel is 0.23 mm, so a capital is 1.8 mm, about
  6 arc minutes at 1 m: just above the 5 minutes of a 20/20 letter (anything smaller is
  under it). And its digits stay apart: tests/ui/test_glyphs.py finds its closest two ("0",
  "8") 2.4 pixels apart as seen from 1 m, the old font's "6" and "8" at 10 px only 1.4.
  Terminus has no smaller strike, and nothing smaller is drawn.
- ``BODY`` = 14 (capitals 10 px tall): menu rows.
- ``BIG`` = 32 (capitals 20 px, 2 px strokes, digits 16 px wide): the short outcomes
  (TIME UP, FLAG), for across the table. The clocks' times go larger still: the 20 px face
  doubled, capitals 26 px (``ui.screens.CLOCK_FACE``), which reads from 2-3 m.
The letters are set by their ink (``ScreenFont``), so a line holds about as many as the
scalable font's did. No text is drawn in a stroked bold: a stroke fills the counters that
tell "can" from "can't".
"""

from __future__ import annotations

import io
import re
from contextvars import ContextVar, Token
from dataclasses import dataclass
from functools import cache
from importlib import resources
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

    Its image is never drawn on once the frame is made (a renderer draws on an image of its
    own, then hands it over): the display's thread sends it while the loop goes on.
    """

    image: Image.Image
    lines: tuple[str, ...]
    private: bool = False
    scroll_most: int = 0  # lines of its text kept below the screen (up/down scroll them)


class Scroll:
    """How far a long text is scrolled (the app's), and how far it can go (the drawing's).
    Inside ``with`` it, it is the scroll of the frame being drawn (a class, not a generator:
    see secret.Watch)."""

    __slots__ = ("_token", "most", "offset")

    def __init__(self, offset: int = 0) -> None:
        self.offset = offset
        self.most = 0
        self._token: Token[Scroll | None] | None = None

    def __enter__(self) -> Scroll:
        self._token = _SCROLL.set(self)
        return self

    def __exit__(self, *_: object) -> None:
        if self._token is not None:
            _SCROLL.reset(self._token)
            self._token = None


_SCROLL: ContextVar[Scroll | None] = ContextVar("fogkeeper_scroll", default=None)


def scrolling(offset: int) -> Scroll:
    """Draw a frame with its long text scrolled ``offset`` lines; ``most`` tells afterwards
    how many lines the text has past the screen (0 when it all fits)."""
    return Scroll(offset)


class ScreenFont(ImageFont.FreeTypeFont):
    """The bitmap type set for a narrow screen, remembering the words it drew and measured.

    Terminus is a fixed-width face: set in its cells (6 px each at 12 px) a line holds 21
    characters, where the rows and titles written for the box need about 25. So each letter
    is set by its own ink and one blank column after it, as a proportional pixel font is: an
    "i" or an "l" takes 4 columns, an "m" 6. Digits keep their whole cells (tabular figures:
    a counting clock's digits stand still, and "1" keeps its room). A space is two thirds of
    a cell: with the letter's blank column, words stand 5 px apart at 12 px (letters 1 px),
    a gap a glance sees.

    A screen redraws the same few words every second (a countdown's title, its footer), so
    each word's mask and width are made once; its pixels are the font's own, never scaled.
    """

    WORDS_KEPT = 2048  # per size; a mask is a few hundred bytes

    def __init__(self, data: bytes, size: int) -> None:
        # the basic layout always: with libraqm (present where the system has fribidi) Pillow
        # would set the letters by the font's own metrics, and a Pi without it would draw
        # every screen a pixel apart from one with it
        super().__init__(io.BytesIO(data), size, layout_engine=ImageFont.Layout.BASIC)
        self._plain = ImageFont.FreeTypeFont(io.BytesIO(data), size,
                                             layout_engine=ImageFont.Layout.BASIC)
        ascent, descent = self._plain.getmetrics()
        self.height = ascent + descent
        self._glyphs: dict[str, tuple[Image.Image, int, int]] = {}
        self._masks: dict[str, Image.Image] = {}
        self._widths: dict[str, int] = {}

    def _glyph(self, char: str) -> tuple[Image.Image, int, int]:
        """The glyph drawn in its cell, its first inked column, and the columns it takes."""
        kept = self._glyphs.get(char)
        if kept is None:
            cell = int(self._plain.getlength(char))
            image = Image.new("L", (cell + int(self.size), self.height), 0)
            pen = ImageDraw.Draw(image)
            pen.fontmode = "1"
            pen.text((0, 0), char, font=self._plain, fill=255)
            box = image.getbbox()
            if char == " ":
                kept = (image, 0, max(3, cell * 2 // 3))
            elif box is None or char.isdigit():
                kept = (image, 0, cell)
            else:
                kept = (image, box[0], box[2] - box[0] + 1)
            self._glyphs[char] = kept
        return kept

    def width(self, text: str) -> int:
        """Columns from the text's origin to the blank column after its last glyph."""
        kept = self._widths.get(text)
        if kept is None:
            kept = sum(self._glyph(char)[2] for char in text)
            if len(self._widths) >= self.WORDS_KEPT:
                self._widths.clear()
            self._widths[text] = kept
        return kept

    def mask(self, text: str) -> Image.Image:
        """``text`` set in this type, as a mask ("L", 255 where it inks) from its origin, made
        once while kept. Read only: it is pasted through."""
        kept = self._masks.get(text)
        if kept is None:
            kept = Image.new("L", (max(1, self.width(text)), self.height), 0)
            x = 0
            for char in text:
                glyph, left, advance = self._glyph(char)
                kept.paste(255, (x - left, 0), glyph)
                x += advance
            if len(self._masks) >= self.WORDS_KEPT:
                self._masks.clear()
            self._masks[text] = kept
        return kept

    def getmask2(self, text: str | bytes, mode: str = "", *args: Any,
                 **kwargs: Any) -> tuple[Any, tuple[int, int]]:
        shown = text.decode() if isinstance(text, bytes) else text
        return self.mask(shown).im, (0, 0)

    def getbbox(self, text: str | bytes | bytearray, mode: str = "",
                direction: str | None = None, features: list[str] | None = None,
                language: str | None = None, stroke_width: float = 0,
                anchor: str | None = None) -> tuple[float, float, float, float]:
        shown = bytes(text).decode() if isinstance(text, bytes | bytearray) else text
        return 0, 0, self.width(shown), self.height

    def getlength(self, text: str | bytes, mode: str = "", direction: str | None = None,
                  features: list[str] | None = None, language: str | None = None) -> float:
        return self.width(text.decode() if isinstance(text, bytes) else text)


FONT_FILE = "terminus-normal.otb"
SIZES = (12, 14, 16, 18, 20, 22, 24, 28, 32)  # the file's bitmap strikes, in pixels


@cache
def _font_bytes() -> bytes:
    return (resources.files(__package__) / "fonts" / FONT_FILE).read_bytes()


@cache
def font(size: int) -> ScreenFont:
    """The screen's type at one of its ``SIZES`` (pixels), cached per size."""
    if size not in SIZES:
        raise ValueError(f"no {size} px type: the font has {', '.join(map(str, SIZES))}")
    return ScreenFont(_font_bytes(), size)


SMALL = 12  # the smallest type drawn anywhere (the module's note says why)
BODY = 14
BIG = 32
LINE = 11   # one line of the small type: its ink is rows 1-11 under its y, capitals 2-9


@cache
def cap_rows(size: int) -> tuple[int, int]:
    """The rows a capital or a digit inks under the type's y: the first, and past the last."""
    image = Image.new("1", (size, 2 * size), 0)
    ImageDraw.Draw(image).text((0, 0), "H", font=font(size), fill=1)
    box = image.getbbox()
    assert box is not None
    return box[1], box[3]


class ScreenDraw(ImageDraw.ImageDraw):
    """A frame's drawing context, with ``put``: one line in the screen's type, pasted as the
    type's mask (the pixels ``text`` draws, without its general layout work: a menu sets nine
    lines a press, a cursor's move redraws them all)."""

    def __init__(self, image: Image.Image) -> None:
        super().__init__(image)
        self.image = image
        self.fontmode = "1"  # crisp pixels, no grey antialiasing thresholded away

    def put(self, xy: tuple[int, int], text: str, size: int, ink: int = 1) -> None:
        put_text(self.image, xy, text, size, ink)


def blank() -> tuple[Image.Image, ScreenDraw]:
    image = Image.new("1", (WIDTH, HEIGHT), 0)
    return image, ScreenDraw(image)


def invert(image: Image.Image) -> Image.Image:
    """Swap lit and dark pixels (ImageChops.invert does not handle mode "1" images)."""
    return ImageChops.logical_xor(image, Image.new("1", image.size, 1))


def put_text(image: Image.Image, xy: tuple[int, int], text: str, size: int, ink: int = 1) -> None:
    """One line of type at ``xy``, as ``ImageDraw.text`` draws it, by pasting its mask: no
    drawing context (for a screen drawn afresh every turn: the glass's status line)."""
    image.paste(ink, xy, font(size).mask(text))


def text_width(text: str, size: int) -> int:
    """Pixels from the drawing origin to the text's right edge, as drawn in one-bit mode
    (each character's cell: its last column is the gap before a next one)."""
    _, _, right, _ = font(size).getbbox(text, mode="1")
    return int(right)


DOUBLE_SPACES = re.compile(r"(?<=\S)  +(?=\S)")  # between words, not an indent


def fit(text: str, size: int, width: int) -> str:
    """Shorten ``text`` with an ellipsis so that it fits ``width`` pixels; its double spaces
    (the gaps between a hint's parts) turn single before anything is cut."""
    if text_width(text, size) <= width:
        return text
    text = DOUBLE_SPACES.sub(" ", text)
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


def text_block(draw: ScreenDraw, texts: tuple[str, ...], y: int,
               bottom: int = FOOTER_TOP - 2, ink: int = 1) -> int:
    """Small lines from ``y`` down, each text wrapped at spaces; returns the next free y.

    A line's descenders end two rows under its type size, and they stay above ``bottom``.
    What does not fit is never dropped unseen: on the box's screens (drawn while the app
    scrolls) up/down scroll it, with a mark at the right edge where more is above or below;
    drawn on its own, the last line shown ends with an ellipsis."""
    lines = [part for text in texts for part in wrap(text) or ("",)]
    room = max(0, (bottom - (y + LINE)) // LINE + 1)
    scroll = _SCROLL.get()
    if len(lines) > room > 0 and scroll is not None:
        # wrapped again clear of the scroll marks, so that no line is cut beside one
        lines = [part for text in texts for part in wrap(text, WIDTH - 9) or ("",)]
        scroll.most = len(lines) - room
        first = min(scroll.offset, scroll.most)
        shown = lines[first:first + room]
        top = y
        for i, line in enumerate(shown):
            marked = (i == 0 and first > 0) or (i == len(shown) - 1 and first < scroll.most)
            draw.put((2, y), fit(line, SMALL, WIDTH - (9 if marked else 4)), SMALL, ink)
            y += LINE
        _scroll_marks(draw, top, y, above=first > 0, below=first < scroll.most, ink=ink)
        return y
    if len(lines) > room:
        last = lines[room - 1] if room else ""
        hidden = " ".join(lines[room - 1:])
        cut = fit(hidden, SMALL, min(WIDTH - 4, text_width(last + " …", SMALL)))
        lines = [*lines[:room - 1], cut] if room else []
    for line in lines:
        draw.put((2, y), fit(line, SMALL, WIDTH - 4), SMALL, ink)
        y += LINE
    return y


def _scroll_marks(draw: ScreenDraw, top: int, bottom: int, above: bool,
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


def title_bar(draw: ScreenDraw, title: str, right: str = "") -> None:
    """An inverted strip on top so the screen's name reads at a glance. A position in the
    corner ("104/118") gives up its total before the title is cut."""
    draw.rectangle((0, 0, WIDTH - 1, TITLE_HEIGHT - 1), fill=1)
    room = WIDTH - 3 - (text_width(right, SMALL) + 3 if right else 0)
    total = right.rpartition("/")[0]
    if text_width(title, SMALL) > room and total.isdigit():
        right = total
        room = WIDTH - 3 - (text_width(right, SMALL) + 3)
    draw.put((2, -1), fit(title, SMALL, room), SMALL, 0)
    if right:
        draw.put((WIDTH - 2 - text_width(right, SMALL), -1), right, SMALL, 0)


def footer(draw: ScreenDraw, hint: str) -> None:
    """A one-line hint at the bottom saying what the controls do here; a longer one (a
    refusal's reason) takes a second line over the screen's last row."""
    # the small type's ink starts 1 row under its y and its descenders end 11 rows under:
    # drawn from the rule's row, a "g" or a "p" keeps its tail on the screen's last row
    if text_width(hint, SMALL) <= WIDTH - 1:
        draw.line((0, FOOTER_TOP - 1, WIDTH - 1, FOOTER_TOP - 1), fill=1)
        draw.put((1, FOOTER_TOP - 1), hint, SMALL)
        return
    lines = wrap(hint, WIDTH - 2)
    if len(lines) == 1:  # it fits once its double spaces are single
        footer(draw, lines[0])
        return
    top = FOOTER_TOP - 1 - LINE
    draw.rectangle((0, top - 1, WIDTH - 1, HEIGHT - 1), fill=0)
    draw.line((0, top - 1, WIDTH - 1, top - 1), fill=1)
    if len(lines) > 2:
        lines = (lines[0], " ".join(lines[1:]))
    for i, line in enumerate(lines):
        draw.put((1, top + i * LINE), fit(line, SMALL, WIDTH - 1), SMALL)


def row(draw: ScreenDraw, y: int, label: str, value: str = "",
        selected: bool = False) -> None:
    """A menu row; the selected one is inverted, a value sits on the right. A row too long
    for the body type is drawn in the small type before anything is cut; the value is never
    cut (the label gives way)."""
    if selected:
        draw.rectangle((0, y, WIDTH - 1, y + ROW_HEIGHT - 1), fill=1)
    ink = 0 if selected else 1
    gap = 4 if value else 0  # with the label's blank last column: 5 columns apart
    room = WIDTH - 2 - (gap + 1 if value else 0)  # ink from column 2 to 125 (126 alone)
    size = size_to_fit(f"{label}{value}", room, (BODY, SMALL))
    top = y - 1 if size == BODY else y + 1  # the ink (rows 1-12, 2-12) inside the 13 rows
    value_w = text_width(value, size) + gap + 1 if value else 0
    draw.put((2, top), fit(label, size, WIDTH - 2 - value_w), size, ink)
    if value:
        draw.put((WIDTH - 1 - text_width(value, size), top), value, size, ink)


def centred(draw: ScreenDraw, y: int, text: str, size: int, ink: int = 1) -> None:
    """One line in the middle of the screen (never in a stroked bold: see the module)."""
    shown = fit(text, size, WIDTH - 1)
    x = (WIDTH + 1 - text_width(shown, size)) // 2
    draw.put((x, y), shown, size, ink)


def bar(draw: ScreenDraw, y: int, height: int, fraction: float) -> None:
    """A horizontal bar, outlined, filled to ``fraction`` (0..1) from the left."""
    draw.rectangle((0, y, WIDTH - 1, y + height - 1), outline=1, fill=0)
    box = bar_fill(y, height, fraction)
    if box is not None:
        draw.rectangle((box[0], box[1], box[2] - 1, box[3] - 1), fill=1)


def bar_fill(y: int, height: int, fraction: float) -> tuple[int, int, int, int] | None:
    """The filled part of ``bar`` at ``fraction`` (0..1), as a box to paste (its right and
    bottom edges outside it); None when nothing is filled."""
    inner = round((WIDTH - 4) * max(0.0, min(1.0, fraction)))
    return (2, y + 2, 2 + inner, y + height - 2) if inner > 0 else None
