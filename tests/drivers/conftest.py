"""Fixtures for the driver tests: a recording display bus and models of the OLED's RAM."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest
from PIL import Image

# Commands that carry argument bytes (SSD1306 and SH1106 share these opcodes).
_ARG_COUNTS = {0x81: 1, 0x20: 1, 0x21: 2, 0x22: 2, 0xA8: 1, 0xD3: 1, 0xD5: 1, 0xD9: 1,
               0xDA: 1, 0xDB: 1, 0x8D: 1, 0xAD: 1}


@dataclass
class RecordingBus:
    """A luma serial interface that keeps every byte; ``failing`` makes it raise OSError."""

    calls: list[tuple[str, bytes]] = field(default_factory=list)
    failing: bool = False
    cleaned_up: bool = False

    def command(self, *cmd: int) -> None:
        self._check()
        self.calls.append(("command", bytes(cmd)))

    def data(self, data: list[int] | bytes) -> None:
        self._check()
        self.calls.append(("data", bytes(data)))

    def cleanup(self) -> None:
        self._check()
        self.cleaned_up = True

    def _check(self) -> None:
        if self.failing:
            raise OSError(121, "Remote I/O error")

    def data_bytes(self) -> bytes:
        return b"".join(payload for kind, payload in self.calls if kind == "data")

    def command_bytes(self) -> bytes:
        return b"".join(payload for kind, payload in self.calls if kind == "command")


@dataclass
class OledRam:
    """Controller RAM rebuilt from recorded bytes, as an SSD1306 or SH1106 would store it."""

    columns: int = 128
    visible_offset: int = 0
    pages: list[bytearray] = field(default_factory=list)
    horizontal: bool = False
    window: tuple[int, int, int, int] = (0, 127, 0, 7)
    column: int = 0
    page: int = 0

    def __post_init__(self) -> None:
        self.pages = [bytearray(self.columns) for _ in range(8)]

    def apply(self, calls: list[tuple[str, bytes]]) -> None:
        for kind, payload in calls:
            if kind == "command":
                self._commands(payload)
            else:
                for value in payload:
                    self._write(value)

    def _commands(self, payload: bytes) -> None:
        index = 0
        while index < len(payload):
            op = payload[index]
            args = payload[index + 1:index + 1 + _ARG_COUNTS.get(op, 0)]
            index += 1 + len(args)
            if op == 0x20:
                self.horizontal = args[0] == 0x00
            elif op == 0x21:
                self.window = (args[0], args[1], self.window[2], self.window[3])
                self.column = args[0]
            elif op == 0x22:
                self.window = (self.window[0], self.window[1], args[0], args[1])
                self.page = args[0]
            elif 0xB0 <= op <= 0xB7:
                self.page = op - 0xB0
            elif op <= 0x0F:
                self.column = (self.column & 0xF0) | op
            elif op <= 0x1F:
                self.column = (self.column & 0x0F) | ((op & 0x0F) << 4)

    def _write(self, value: int) -> None:
        self.pages[self.page][self.column] = value
        self.column += 1
        if not self.horizontal:
            return
        first_col, last_col, first_page, last_page = self.window
        if self.column > last_col:
            self.column = first_col
            self.page = first_page if self.page >= last_page else self.page + 1

    def image(self) -> Image.Image:
        shown = Image.new("1", (128, 64))
        for page, data in enumerate(self.pages):
            for x in range(128):
                for bit in range(8):
                    if data[x + self.visible_offset] >> bit & 1:
                        shown.putpixel((x, page * 8 + bit), 1)
        return shown


@pytest.fixture
def make_bus() -> Callable[[], RecordingBus]:
    return RecordingBus


@pytest.fixture
def bus() -> RecordingBus:
    return RecordingBus()


@pytest.fixture
def make_ram() -> Callable[[str], OledRam]:
    """RAM model of a driver: SH1106 has 132 columns and shows them from column 2; the
    SSD1306 and the SSD1309 (an SSD1306 to luma) have 128."""

    def make(driver: str) -> OledRam:
        return OledRam(columns=132, visible_offset=2) if driver == "sh1106" else OledRam()

    return make


@pytest.fixture
def mock_factory() -> Iterator[Any]:
    """gpiozero's own mock pins; MockPWMPin so a tonal buzzer can set frequencies."""
    from gpiozero.pins.mock import MockFactory, MockPWMPin

    factory = MockFactory(pin_class=MockPWMPin)
    yield factory
    factory.reset()
    factory.close()
