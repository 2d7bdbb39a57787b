"""The simulator's screen: the 128x64 picture as coloured half-blocks in a terminal."""

from __future__ import annotations

import os
import sys
from typing import Any

from PIL import Image

WIDTH_PX = 128
HEIGHT_PX = 64


def terminal_device(*, rotate: int = 0, **_bus_unused: Any) -> Any:
    # pygame greets on stdout at import, which would scribble over the drawn screen.
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from luma.emulator.device import asciiblock

    class crisp_asciiblock(asciiblock):  # type: ignore[misc]  # luma names classes lowercase
        """Half-block art at a whole multiple of 128 columns, each row placed explicitly.

        luma's own asciiblock stretches the picture to the terminal's width (blurred
        letters) and relies on line wrapping (garbled in a wider terminal).
        """

        def display(self, image: Image.Image) -> None:
            self._last_image = image
            shown = self.preprocess(image).convert("L")
            if self._contrast < 1.0:
                shown = shown.point(lambda v: int(v * self._contrast))
            columns = self._terminal_size()[1]
            scale = max(1, columns // WIDTH_PX)
            shown = shown.resize((shown.width * scale, shown.height * scale),
                                 Image.Resampling.NEAREST)
            sys.stdout.write(_half_blocks(shown))
            sys.stdout.flush()

    return crisp_asciiblock(width=WIDTH_PX, height=HEIGHT_PX, rotate=rotate, mode="1",
                            transform="none", scale=1)


def _half_blocks(image: Image.Image) -> str:
    """Terminal text for a greyscale image: one lower-half block per two pixel rows."""
    pixels = image.load()
    assert pixels is not None
    out = []
    for y in range(0, image.height - 1, 2):
        out.append(f"\x1b[{y // 2 + 1};1H")
        colours = None
        for x in range(image.width):
            top, bottom = _grey(pixels[x, y]), _grey(pixels[x, y + 1])
            if (top, bottom) != colours:
                out.append(f"\x1b[38;5;{bottom};48;5;{top}m")
                colours = (top, bottom)
            out.append("▄")
        out.append("\x1b[0m")
    return "".join(out)


def _grey(value: Any) -> int:
    """xterm-256 grey ramp index (232-255) for a 0-255 grey level; black and white exact."""
    level = int(value)
    if level < 4:
        return 16
    if level > 246:
        return 231
    return 232 + min(23, level * 24 // 256)
