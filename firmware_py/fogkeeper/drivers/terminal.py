"""The simulator's screen: the 128x64 picture as coloured half-blocks in a terminal."""

from __future__ import annotations

import os
import sys
import threading
from typing import Any

from PIL import Image

WIDTH_PX = 128
HEIGHT_PX = 64
ROWS = HEIGHT_PX // 2  # terminal lines the picture takes (two pixel rows a line)
# A dimmed OLED still glows; at luma's linear contrast the simulator's dim screen would be
# all but black (it looked like a crash), so lit pixels never go below this share of white.
DIM_FLOOR = 0.4
# the picture (loop thread) and the keyboard's question (its thread) write to one terminal
WRITING = threading.Lock()


def say_below(text: str) -> None:
    """Write one line just under the picture (the quit question), or clear it with ""."""
    with WRITING:
        sys.stdout.write(f"\x1b[{ROWS + 1};1H\x1b[2K{text}")
        sys.stdout.flush()


def terminal_device(*, rotate: int = 0, **_bus_unused: Any) -> Any:
    """The simulator's screen as a luma device: luma.core's base device (the one its dummy
    and the OLED controllers stand on), drawing each frame into this terminal."""
    from luma.core.device import device
    from luma.core.interface.serial import noop

    class TerminalScreen(device):  # type: ignore[misc]  # luma.core has no type hints
        """Half-block art at a whole multiple of 128 columns, each row placed explicitly.

        Contrast, show and hide act on the drawn picture (the panel's brightness), as a
        real controller's commands would; no command reaches a bus.
        """

        def __init__(self) -> None:
            super().__init__(serial_interface=noop())
            self.capabilities(WIDTH_PX, HEIGHT_PX, rotate, mode="1")
            self._contrast = 1.0
            self._last_image: Image.Image | None = None
            _write("\x1b[2J")

        def show(self) -> None:
            self.contrast(0xFF)

        def hide(self) -> None:
            self.contrast(0x00)

        def contrast(self, level: int) -> None:
            """0-255, as the controllers take it; the last frame is drawn again at once."""
            assert 0 <= level <= 255
            self._contrast = level / 255.0
            if self._last_image is not None:
                self.display(self._last_image)

        def terminal_size(self) -> tuple[int, int]:
            """Columns and lines of the terminal the picture is drawn in (stdout's)."""
            return os.get_terminal_size(sys.stdout.fileno())

        def display(self, image: Image.Image) -> None:
            self._last_image = image
            columns, lines = self.terminal_size()
            if columns < WIDTH_PX or lines < ROWS:
                _write(f"\x1b[0m\x1b[2J\x1b[H(the box's screen needs a terminal of at least "
                       f"{WIDTH_PX} columns and {ROWS} lines; this one is {columns}x{lines}: "
                       "make it larger)")
                return
            shown = self.preprocess(image).convert("L")
            if self._contrast < 1.0:
                share = DIM_FLOOR + (1.0 - DIM_FLOOR) * self._contrast
                shown = shown.point(lambda v: int(v * share))
            # the largest whole factor that fits both ways (a wide, short terminal: by height)
            scale = max(1, min(columns // WIDTH_PX, lines // ROWS))
            shown = shown.resize((shown.width * scale, shown.height * scale),
                                 Image.Resampling.NEAREST)
            _write(_half_blocks(shown))

        def cleanup(self) -> None:
            """The terminal given back empty, its cursor at the top (no last frame left)."""
            _write("\x1b[0m\x1b[2J\x1b[H")

    return TerminalScreen()


def _write(text: str) -> None:
    with WRITING:
        sys.stdout.write(text)
        sys.stdout.flush()


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
