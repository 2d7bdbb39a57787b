"""docs/screens/ is what `python -m ui.make_screenshots` makes from the reviewed references:
no picture missing, none stale, none left over."""

from __future__ import annotations

from PIL import Image, ImageChops

from ui.make_screenshots import OUT, pictures


def test_docs_screens_are_the_reviewed_references() -> None:
    made = pictures()
    assert sorted(p.name for p in OUT.glob("*.png")) == sorted(made), (
        "docs/screens/ has pictures no reference makes, or lacks some: run "
        "PYTHONPATH=tests .venv/bin/python -m ui.make_screenshots")
    stale = [name for name, image in made.items()
             if ImageChops.difference(Image.open(OUT / name).convert("RGB"),
                                      image.convert("RGB")).getbbox() is not None]
    assert not stale, f"stale in docs/screens/ (run ui.make_screenshots): {stale}"
