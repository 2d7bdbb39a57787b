"""Moving frames into an OLED controller: whole, or only the 8-row pages that changed."""

from __future__ import annotations

import sys
from typing import Any, Protocol

from PIL import Image

from fogkeeper.drivers.registry import DISPLAY_DRIVERS, PageWriting

WIDTH_PX = 128
HEIGHT_PX = 64
PAGE_ROWS = 8


class FrameWriter(Protocol):
    """Moves one frame into the display; ``invalidate`` forgets what the display holds.

    ``encode`` gives the frame's bytes as this writer sends them (the sink compares them
    with the last frame's to skip a frame that did not change); ``write`` sends a frame
    with those bytes. A frame is turned to bytes once a push, not once to compare and
    once to send."""

    def encode(self, image: Image.Image) -> bytes: ...

    def write(self, image: Image.Image, data: bytes) -> None: ...

    def invalidate(self) -> None: ...


class FullFrameWriter:
    """Hands every frame to the luma device whole (emulators, dummy, other controllers)."""

    def __init__(self, device: Any) -> None:
        self._device = device

    def encode(self, image: Image.Image) -> bytes:
        return image.tobytes()

    def write(self, image: Image.Image, data: bytes) -> None:
        self._device.display(image)

    def invalidate(self) -> None:
        """Nothing cached: every write is complete anyway."""


def column_bytes(image: Image.Image) -> bytes:
    """A 1-bit image turned a quarter clockwise, packed: column x of the image is one row of
    it, MSB first, running bottom to top (the order page_bytes cuts the pages from)."""
    return image.transpose(Image.Transpose.ROTATE_270).tobytes()


def page_bytes(columns: bytes, height: int) -> list[bytes]:
    """The controller RAM of a 1-bit image ``height`` rows high, from its column_bytes: per
    8-row page, one byte a column, LSB on top."""
    # page p of column x is byte (pages - 1 - p) of that column's packed row; this runs in
    # C instead of 8192 Python steps
    pages = height // PAGE_ROWS
    return [columns[pages - 1 - page::pages] for page in range(pages)]


def _changed_columns(old: bytes | None, new: bytes) -> tuple[int, int] | None:
    """First and last column that differ, or None when the page is unchanged."""
    if old is None:
        return 0, len(new) - 1
    if old == new:
        return None
    # the pages as big numbers: the XOR's highest and lowest set bits are the first and last
    # differing byte (done in C, not 128 Python steps a page)
    diff = int.from_bytes(old, "big") ^ int.from_bytes(new, "big")
    last_byte = len(new) - 1
    return (last_byte - (diff.bit_length() - 1) // 8,
            last_byte - ((diff & -diff).bit_length() - 1) // 8)


class PagedFrameWriter:
    """Sends only the changed 8-row pages (and columns) of an SSD1306 or SH1106."""

    def __init__(self, device: Any) -> None:
        self._device = device
        self._pages: list[bytes] | None = None

    def invalidate(self) -> None:
        self._pages = None

    def encode(self, image: Image.Image) -> bytes:
        """The frame as the panel will hold it (turned as the device is): its columns."""
        return column_bytes(self._device.preprocess(image))

    def write(self, image: Image.Image, data: bytes) -> None:
        pages = page_bytes(data, image.height)
        previous = self._pages
        # Until this write completes the display RAM is unknown; a failure forces a full frame.
        self._pages = None
        spans = [_changed_columns(previous[p] if previous else None, data)
                 for p, data in enumerate(pages)]
        self._send(pages, spans)
        self._pages = pages

    def _send(self, pages: list[bytes], spans: list[tuple[int, int] | None]) -> None:
        raise NotImplementedError


# What one bus call costs beyond its payload: the I2C address byte and the control byte.
CALL_BYTES = 2
WINDOW_COMMAND_BYTES = 6  # column range and page range: 0x21 a b 0x22 c d


class Ssd1306PageWriter(PagedFrameWriter):
    """SSD1306 in horizontal addressing mode: each run of adjacent changed pages goes as one
    window spanning their widest columns, or page by page when that sends fewer bytes (a
    countdown's digits and its bar change different columns on different pages)."""

    def _send(self, pages: list[bytes], spans: list[tuple[int, int] | None]) -> None:
        page = 0
        while page < len(pages):
            if spans[page] is None:
                page += 1
                continue
            last = page
            while last + 1 < len(pages) and spans[last + 1] is not None:
                last += 1
            run = [span for span in spans[page:last + 1] if span is not None]
            first_col, last_col = min(s[0] for s in run), max(s[1] for s in run)
            one_call = 2 * CALL_BYTES + WINDOW_COMMAND_BYTES
            window = one_call + (last_col - first_col + 1) * len(run)
            paged = sum(one_call + s[1] - s[0] + 1 for s in run)
            if paged < window:
                for p in range(page, last + 1):
                    start, end = run[p - page]
                    self._window(pages, start, end, p, p)
            else:
                self._window(pages, first_col, last_col, page, last)
            page = last + 1

    def _window(self, pages: list[bytes], first_col: int, last_col: int, first_page: int,
                last_page: int) -> None:
        colstart = int(getattr(self._device, "_colstart", 0))
        self._device.command(0x21, colstart + first_col, colstart + last_col,
                             0x22, first_page, last_page)
        data = b"".join(pages[p][first_col:last_col + 1] for p in range(first_page, last_page + 1))
        self._device.data(list(data))


class Sh1106PageWriter(PagedFrameWriter):
    """SH1106 page addressing: each changed page gets its own page and column address."""

    def _send(self, pages: list[bytes], spans: list[tuple[int, int] | None]) -> None:
        offset = int(getattr(self._device, "_page_address_offset", 2))
        for page, span in enumerate(spans):
            if span is None:
                continue
            column = offset + span[0]
            self._device.command(0xB0 + page, column & 0x0F, 0x10 | (column >> 4))
            self._device.data(list(pages[page][span[0]:span[1] + 1]))


WRITERS: dict[PageWriting, type[FullFrameWriter] | type[PagedFrameWriter]] = {
    PageWriting.WHOLE: FullFrameWriter,
    PageWriting.SSD1306: Ssd1306PageWriter,
    PageWriting.SH1106: Sh1106PageWriter,
}


def frame_writer_for(device: Any) -> FrameWriter:
    """The cheapest correct writer for ``device``: its driver row's, found by isinstance with
    the most specific luma class first (an SSD1309 is an SSD1306 to luma, and writes like
    one); whole frames for any other device."""
    # Only look the classes up if luma.oled is loaded; a luma.oled device implies it is.
    oled = sys.modules.get("luma.oled.device")
    if oled is None:
        return FullFrameWriter(device)
    classes = [(getattr(oled, row.luma_class), row.writing) for row in DISPLAY_DRIVERS.values()
               if row.luma_class and hasattr(oled, row.luma_class)]
    for device_class, writing in sorted(classes, key=lambda c: len(c[0].__mro__), reverse=True):
        if isinstance(device, device_class):
            return WRITERS[writing](device)
    return FullFrameWriter(device)
