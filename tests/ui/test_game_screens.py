"""FOGSITE and Corps screens from their scripted whole games against reviewed references.

After a deliberate change, look at the new pictures and then refresh the references with
``FOGKEEPER_UPDATE_REFERENCES=1 pytest tests/ui``.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from PIL import Image, ImageChops

from ui.game_screens import SHOTS, shot

REFERENCE = Path(__file__).resolve().parent / "reference"
UPDATE = os.environ.get("FOGKEEPER_UPDATE_REFERENCES") == "1"


@pytest.mark.parametrize("name", sorted(SHOTS))
def test_game_screen_matches_its_reference(name: str) -> None:
    image = shot(name).convert("1")
    path = REFERENCE / f"{name}.png"
    if UPDATE:
        image.save(path)
    reference = Image.open(path).convert("1")
    diff = ImageChops.logical_xor(image, reference).getbbox()
    assert diff is None, f"{name} differs from {path.name} in the box {diff}"
