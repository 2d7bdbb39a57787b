"""The screen's digits cannot be read as one another, at any size the box draws.

Each glyph is drawn alone at the same place and looked at as from a metre away: on the 1.3
inch panels a pixel (0.23 mm) is 0.8 arc minutes at 1 m, about the eye's resolution, so
the eye spreads each pixel over its neighbours; a 3x3 box blur does the same. Two glyphs
differ by the sum of the blurred differences, in pixels: a pixel added or taken away far
from the others counts 1, a pixel only moved to its neighbour counts far less (that is how
Pillow's default font made its "6" an "8": the hook of the 6 moved onto the 8's loop).

Digits must differ by at least ``DIGITS_APART`` = 2 pixels seen: a whole stroke more or less
(Terminus' 12 px "0" and "8" are the closest, 2.4: the slash against the bar). Letters are
read in words, where context tells "l" from "I"; they must still be different glyphs
(``LETTERS_APART``: one pixel, 0.9 as the blur's grey levels round it), which also catches
letters the font lacks (all drawn as the same empty box).
"""

from __future__ import annotations

import itertools
import string
from collections.abc import Callable

import pytest
from PIL import Image, ImageDraw, ImageFilter, ImageFont

from fogkeeper.ui import draw as d

DIGITS_APART = 2.0
LETTERS_APART = 0.9


def _seen(font: ImageFont.FreeTypeFont, size: int) -> Callable[[str], list[float]]:
    def seen(glyph: str) -> list[float]:
        image = Image.new("L", (3 * size, 3 * size), 0)
        pen = ImageDraw.Draw(image)
        pen.fontmode = "1"
        pen.text((size, size), glyph, font=font, fill=255)
        return [v / 255 for v in image.filter(ImageFilter.BoxBlur(1)).tobytes()]
    return seen


def closest(font: ImageFont.FreeTypeFont, size: int, glyphs: str) -> tuple[float, str, str]:
    """The two of ``glyphs`` that look most alike, and how many pixels apart they are."""
    seen = _seen(font, size)
    drawn = {glyph: seen(glyph) for glyph in glyphs}
    return min((sum(abs(x - y) for x, y in zip(drawn[a], drawn[b], strict=True)), a, b)
               for a, b in itertools.combinations(glyphs, 2))


@pytest.mark.parametrize("size", d.SIZES)
def test_no_two_digits_look_alike(size: int) -> None:
    apart, a, b = closest(d.font(size), size, string.digits)
    assert apart >= DIGITS_APART, f"{a!r} and {b!r} at {size} px: {apart:.2f} pixels apart"


@pytest.mark.parametrize("size", d.SIZES)
def test_every_letter_is_its_own_glyph(size: int) -> None:
    apart, a, b = closest(d.font(size), size, string.ascii_letters)
    assert apart >= LETTERS_APART, f"{a!r} and {b!r} at {size} px: {apart:.2f} pixels apart"


def test_the_old_default_font_fails_the_digits_test_at_10_px() -> None:
    """The measure catches what was seen on the table: "1/6" read "1/8"."""
    old = ImageFont.load_default(size=10)
    assert isinstance(old, ImageFont.FreeTypeFont)
    apart, a, b = closest(old, 10, string.digits)
    assert (a, b) == ("6", "8") and apart < DIGITS_APART


def test_only_the_fonts_sizes_are_drawn() -> None:
    """A size the bitmap font has no strike for is refused, never scaled or smudged."""
    for size in (9, 10, 13, 34):
        with pytest.raises(ValueError, match=r"no \d+ px type"):
            d.font(size)
    assert min(d.SIZES) == d.SMALL


def test_the_screen_type_is_laid_out_alike_with_or_without_libraqm() -> None:
    """Pillow lays text out with libraqm where the system has fribidi, else by itself; the
    two set letters a pixel apart. The screen type always takes the basic layout, so a Pi
    draws every screen as the reviewed pictures show, whatever its system holds."""
    from PIL import ImageFont

    for size in (d.SMALL, d.BODY, d.BIG):
        assert d.font(size).layout_engine == ImageFont.Layout.BASIC
