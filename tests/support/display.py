"""A panel a test can hold up: luma's dummy device whose pushes wait at a gate, as a frame
waits for a slow bus, and that keeps every frame it was given."""

from __future__ import annotations

import threading
from collections.abc import Iterator

import pytest
from luma.core.device import dummy
from PIL import Image

GATE_SECONDS = 10.0  # a gate a test forgets to open fails the push, not the whole run


class GatedPanel(dummy):  # type: ignore[misc]  # luma.core has no type hints
    """``gate`` cleared: a push waits there (``pushing`` is set meanwhile) until it is set
    again. ``failing``: a push raises the bus's I/O error. ``frames``: each frame's bytes,
    in the order the panel took them. The panel persists at cleanup (no blank frame), so
    the last frame is the last one the box pushed."""

    def __init__(self) -> None:
        super().__init__(width=128, height=64, mode="1")
        self.persist = True
        self.gate = threading.Event()
        self.gate.set()
        self.pushing = threading.Event()
        self.frames: list[bytes] = []
        self.failing = False

    def display(self, image: Image.Image) -> None:
        self.pushing.set()
        try:
            if not self.gate.wait(GATE_SECONDS):
                raise TimeoutError("the test never opened the panel's gate")
            if self.failing:
                raise OSError(121, "Remote I/O error")
            super().display(image)
            self.frames.append(image.tobytes())
        finally:
            self.pushing.clear()


@pytest.fixture
def panel(monkeypatch: pytest.MonkeyPatch) -> Iterator[GatedPanel]:
    """The panel every box built in this test opens (through the box's own open_display)."""
    from fogkeeper.drivers import display

    made = GatedPanel()
    monkeypatch.setattr(display, "create_device", lambda *args, **kwargs: made)
    yield made
    made.gate.set()  # a box closed after the test still pushes its last frame
