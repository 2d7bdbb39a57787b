"""Two ways to hold the box for a scripted game: the app alone, or a whole Box on mock pins."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PIL import Image

from flow.fog.fog_table import Nav, Table
from fogkeeper.events import Button
from fogkeeper.flow.fog import FogFlow
from support.box import BoxHarness


class AppDriver(Table):
    """The app on a fake clock (fast; sounds and events recorded)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.shots: dict[str, Image.Image] = {}

    @property
    def image(self) -> Image.Image:
        return self.frame.image

    def shows_all(self, *lines: str) -> bool:
        shown = [line.lstrip("> ") for line in self.lines]
        return all(line.strip() in shown for line in lines)


class CountingDriver(AppDriver):
    """The app driver, counting every button press (a hold counts as one press)."""

    def __init__(self) -> None:
        super().__init__()
        self.count = 0

    def press(self, *buttons: Button | str) -> CountingDriver:
        self.count += sum(1 for b in buttons if b != "hold")
        super().press(*buttons)
        return self


PIN = "1357"  # the owner's; a seed over the link needs it


class BoxDriver(Nav):
    """A real Box: gpiozero MockFactory pins, luma's dummy display, a recording link."""

    def __init__(self, folder: Path) -> None:
        self.harness = BoxHarness(folder, inputs={"key3": 16}, security={"pin": PIN})
        self.shots: dict[str, Image.Image] = {}
        self.seen: list[tuple[str, ...]] = []

    def press(self, *buttons: Button | str) -> BoxDriver:
        hold = False
        for b in buttons:
            if b == "hold":
                hold = True
                continue
            assert isinstance(b, Button)
            if hold:
                self.harness.hold(b)
            else:
                self.harness.tap(b)
            hold = False
            self.seen.append(self.lines)
        return self

    def wait(self, seconds: float) -> BoxDriver:
        self.harness.wait(seconds)
        return self

    @property
    def lines(self) -> tuple[str, ...]:
        return self.harness.lines

    @property
    def image(self) -> Image.Image:
        frame = self.harness.box.frame
        assert frame is not None
        return frame.image

    @property
    def fog(self) -> FogFlow:
        game = self.harness.box.app.game
        assert isinstance(game, FogFlow)
        return game
