"""docs/screens/ made from the reviewed reference pictures (four times enlarged), and only
from them: a picture in the docs is one a test compares the firmware with.

Run: PYTHONPATH=tests .venv/bin/python -m ui.make_screenshots
(refresh the references first, after looking at them, when a screen changed on purpose)
"""

from __future__ import annotations

from pathlib import Path

from PIL import Image, ImageOps

TESTS = Path(__file__).resolve().parents[1]
OUT = TESTS.parent / "docs" / "screens"
# each folder of reviewed references, and the prefix its pictures take in docs/screens/
SOURCES = ((TESTS / "ui" / "reference", ""), (TESTS / "flow" / "fog" / "reference", "fog-"))


def enlarge(image: Image.Image, factor: int = 4) -> Image.Image:
    """Lit pixels pale blue on black with a thin frame, like the OLED on the table."""
    grey = image.convert("L").resize((image.width * factor, image.height * factor),
                                     Image.Resampling.NEAREST)
    tinted = ImageOps.colorize(grey, black="#050505", white="#cfe8ff")
    return ImageOps.expand(tinted, border=6, fill="#333333")


def pictures() -> dict[str, Image.Image]:
    """Every docs/screens/ picture by file name, made from its reference."""
    return {f"{prefix}{path.name}": enlarge(Image.open(path))
            for folder, prefix in SOURCES for path in sorted(folder.glob("*.png"))}


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    made = pictures()
    for stale in sorted(set(p.name for p in OUT.glob("*.png")) - set(made)):
        (OUT / stale).unlink()
        print(f"removed {OUT / stale} (no reference)")
    for name, image in made.items():
        image.save(OUT / name)
        print(OUT / name)


if __name__ == "__main__":
    main()
