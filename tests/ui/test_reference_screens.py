"""Each platform screen, and each FOGSITE and Corps screen from their scripted whole games,
pixel for pixel, against a reviewed reference PNG.

After a deliberate change, look at the new pictures and then refresh the references with
``FOGKEEPER_UPDATE_REFERENCES=1 pytest tests/ui``.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from PIL import Image, ImageChops

from ui.game_screens import SHOTS, shot
from ui.scenes import SCENES

REFERENCE = Path(__file__).resolve().parent / "reference"
UPDATE = os.environ.get("FOGKEEPER_UPDATE_REFERENCES") == "1"


@pytest.mark.parametrize("name", sorted([*SCENES, *SHOTS]))
def test_screen_matches_its_reference(name: str) -> None:
    image = SCENES[name]() if name in SCENES else shot(name).convert("1")
    assert image.size == (128, 64) and image.mode == "1"
    path = REFERENCE / f"{name}.png"
    if UPDATE:
        image.save(path)
    reference = Image.open(path).convert("1")
    diff = ImageChops.logical_xor(image, reference).getbbox()
    assert diff is None, f"{name} differs from {path.name} in the box {diff}"


def test_screens_are_distinct() -> None:
    """A guard against a renderer that draws the same picture for everything."""
    images = {name: make().tobytes() for name, make in SCENES.items()}
    assert len(set(images.values())) == len(images)


def test_measured_text_width_covers_what_is_drawn() -> None:
    """fit() relies on it: a line measured to fit must not run off the screen."""
    from fogkeeper.ui import draw as d

    for size in (d.SMALL, d.BODY, 24, d.BIG):
        for text in ("Hello world", "Guardian moves...", "WWWW 1234", "Tipi revealed 2/3"):
            image, pen = d.blank()
            pen.text((0, 0), text, font=d.font(size), fill=1)
            box = image.getbbox()
            assert box is not None
            if box[2] < d.WIDTH:  # fully on screen: compare with the measure
                assert d.text_width(text, size) >= box[2], (size, text)
