"""A whole box in a test: real drivers on gpiozero's MockFactory, luma's dummy display (on
the display's own thread, as on the box), a fake clock, and a link that records what the box
sends. Each step waits for the display thread to push its frame, so a test reads the panel
as the loop left it.

Each harness keeps its data folder, so a second harness on the same folder is the same box
after a restart.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from fogkeeper.app.box import Box
from fogkeeper.app.run import build
from fogkeeper.config import parse_config
from fogkeeper.events import Button, ButtonEvent
from fogkeeper.link.protocol import Request
from support.clock import pass_time
from support.table import GAME_SEED


class RecordingLink:
    """Stands in for the serial link: keeps every line the box sends, decoded."""

    def __init__(self) -> None:
        self.lines: list[dict[str, Any]] = []

    def send(self, line: bytes, host: int | None = None) -> None:
        assert line.endswith(b"\n") and len(line) <= 4096
        self.lines.append(json.loads(line))

    def close(self) -> None:
        pass

    def events(self, name: str) -> list[dict[str, Any]]:
        return [line for line in self.lines if line.get("event") == name]


# The wall clock each data folder's box last read: a box started again on the folder (a
# restart after a pulled plug) goes on from there, as if it came back at once.
WALL_CLOCKS: dict[Path, float] = {}
WALL_START = 1_800_000_000.0


class BoxHarness:
    def __init__(self, data_dir: Path, game_seed: int | None = GAME_SEED,
                 **sections: dict[str, Any]) -> None:
        OPEN.append(self)
        self.sections = sections
        self.now = 1000.0
        self.data_dir = data_dir
        self._wall_base = WALL_CLOCKS.get(data_dir, WALL_START) - self.now
        raw: dict[str, Any] = {
            "display": {"driver": "dummy"},
            "inputs": {"pin_factory": "mock", "hold_seconds": 0.3, "bounce_seconds": 0},
            "storage": {"data_dir": str(data_dir)},
            "screen": {"dim_after_seconds": 0, "shift_every_seconds": 0},
        }
        for name, values in sections.items():
            raw[name] = {**raw.get(name, {}), **values}
        self.config = parse_config(raw, source="harness")
        self.box: Box = build(self.config, clock=lambda: self.now, wall_clock=self.wall)
        self.box.app.game_seed = game_seed  # scripted games replay (None: from the OS)
        self.link = RecordingLink()
        self.box.parts.link = self.link
        self.box.refresh()
        self.flush()
        self._next_id = 0

    def wall(self) -> float:
        """The wall clock: moves with the fake clock, and carries over to a restart."""
        WALL_CLOCKS[self.data_dir] = self._wall_base + self.now
        return WALL_CLOCKS[self.data_dir]

    # ---- controls -----------------------------------------------------------------------
    def pin(self, button: Button) -> Any:
        pins = self.box.parts.input_pins
        assert pins is not None
        return self.box.parts.pin_factory.pin(pins[button])

    def tap(self, *buttons: Button) -> BoxHarness:
        """Press and release each button on its mock pin, as a finger would."""
        for button in buttons:
            pin = self.pin(button)
            pin.drive_low()
            pin.drive_high()
            self.pump()
        return self

    def hold(self, button: Button) -> BoxHarness:
        """A long press, as the input driver reports it once the hold time has passed."""
        self.box.events.put(ButtonEvent(button, long=True))
        return self.pump()

    def pump(self) -> BoxHarness:
        """Let the loop handle everything queued (what the loop thread would do), then let
        the display thread push the last frame (a turn of its health may queue a wake)."""
        while True:
            while not self.box.events.empty():
                self.box.step(self.box.events.get_nowait())  # type: ignore[arg-type]
            self.flush()
            if self.box.events.empty():
                return self

    def flush(self) -> None:
        """Wait until the display thread has pushed every frame handed to it."""
        assert self.box.parts.sink.flush(timeout=10), "the display thread did not finish"

    def wait(self, seconds: float, woke: Callable[[], None] = lambda: None) -> BoxHarness:
        """Move the fake clock, waking the loop at each deadline on the way (and calling
        ``woke`` after each wake-up)."""
        def next_deadline(now: float) -> float | None:
            self.pump()
            wait = self.box._seconds_to_next_deadline()
            return None if wait is None else now + wait

        def tick(now: float) -> None:
            self.now = now
            self.box.step(None)
            self.flush()

        pass_time(self.now, seconds, next_deadline, tick, woke)
        self.wall()  # a restart after this wait comes back at this moment
        return self

    # ---- what the players and the host see ------------------------------------------------
    @property
    def lines(self) -> tuple[str, ...]:
        assert self.box.frame is not None
        return self.box.frame.lines

    @property
    def shown(self) -> Image.Image:
        """What the OLED holds now (luma's dummy device keeps the last image)."""
        self.flush()
        return self.box.parts.sink.device.image  # type: ignore[attr-defined,no-any-return]

    def request(self, cmd: str, **args: Any) -> dict[str, Any]:
        """Send one host-link command and return its reply."""
        self._next_id += 1
        before = len(self.link.lines)
        self.box.step(Request(self._next_id, cmd, args))
        self.flush()
        replies = [line for line in self.link.lines[before:] if line.get("id") == self._next_id]
        assert len(replies) == 1, f"expected one reply to {cmd}, got {replies}"
        return replies[0]

    def close(self) -> None:
        """Save and stop the box's drivers (their threads); safe to call twice."""
        if self in OPEN:
            OPEN.remove(self)
            try:
                self.box.save(force=True)
            finally:
                self.box.close()


# every harness not closed yet: the autouse fixture in tests/conftest.py closes them after
# each test, so the gpiozero threads of a finished test's boxes never pile up
OPEN: list[BoxHarness] = []


def close_all() -> None:
    for harness in list(OPEN):
        # a test may have broken its disk on purpose; the box still closes
        with contextlib.suppress(Exception):
            harness.close()


def box_in_game(folder: Path, game: str, pin: str | None = None) -> BoxHarness:
    """A box whose host has started ``game`` over the link, with a Guardian PIN if given."""
    harness = BoxHarness(folder, **({"security": {"pin": pin}} if pin else {}))
    assert harness.request("game.start", game=game)["ok"]
    return harness


@pytest.fixture
def box(tmp_path: Path) -> BoxHarness:
    """A fresh box on the home screen, its data in the test's own folder."""
    return BoxHarness(tmp_path)
