"""The splash: the first picture on the glass, made from a few bitmaps without PIL's drawing
and font modules, so it can be shown before the rest of the firmware is loaded."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from PIL import Image

WIDTH_PX = 128
HEIGHT_PX = 64
WORD = "fogkeeper"
SCALE = 2
GAP_PX = 2
TOP_PX = 18
# 5-wide letters, "#" lit, 7 rows above the baseline and 2 below; only those of WORD
GLYPHS: dict[str, tuple[str, ...]] = {
    "f": ("..##.", ".#...", "####.", ".#...", ".#...", ".#...", ".#..."),
    "o": (".....", ".....", ".###.", "#...#", "#...#", "#...#", ".###."),
    "g": (".....", ".....", ".####", "#...#", "#...#", "#...#", ".####", "....#", ".###."),
    "k": ("#....", "#....", "#..#.", "#.#..", "##...", "#.#..", "#..#."),
    "e": (".....", ".....", ".###.", "#...#", "#####", "#....", ".###."),
    "p": (".....", ".....", "####.", "#...#", "#...#", "#...#", "####.", "#....", "#...."),
    "r": (".....", ".....", "#.##.", "##..#", "#....", "#....", "#...."),
}


def splash_pixels() -> bytes:
    """The splash as packed 1-bit rows (most significant bit leftmost), 16 bytes a row."""
    rows = [bytearray(WIDTH_PX // 8) for _ in range(HEIGHT_PX)]

    def lit(x: int, y: int) -> None:
        rows[y][x // 8] |= 0x80 >> (x % 8)

    width = len(WORD) * (5 * SCALE + GAP_PX) - GAP_PX
    left = (WIDTH_PX - width) // 2
    for index, letter in enumerate(WORD):
        x0 = left + index * (5 * SCALE + GAP_PX)
        for gy, line in enumerate(GLYPHS[letter]):
            for gx, mark in enumerate(line):
                if mark == "#":
                    for dy in range(SCALE):
                        for dx in range(SCALE):
                            lit(x0 + gx * SCALE + dx, TOP_PX + gy * SCALE + dy)
    bar_y = TOP_PX + 9 * SCALE + 4
    for x in range(left, left + width):
        lit(x, bar_y)
    return b"".join(bytes(row) for row in rows)


def splash_image() -> Image.Image:
    from PIL import Image

    return Image.frombytes("1", (WIDTH_PX, HEIGHT_PX), splash_pixels())
