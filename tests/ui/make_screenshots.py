"""Write the platform's screens, four times enlarged, to docs/screens/ for the README.

Run: PYTHONPATH=tests .venv/bin/python -m ui.make_screenshots
"""

from __future__ import annotations

from pathlib import Path

from PIL import Image, ImageOps

from ui.scenes import SCENES

OUT = Path(__file__).resolve().parents[2] / "docs" / "screens"


def enlarge(image: Image.Image, factor: int = 4) -> Image.Image:
    """Lit pixels pale blue on black with a thin frame, like the OLED on the table."""
    grey = image.convert("L").resize((image.width * factor, image.height * factor),
                                     Image.Resampling.NEAREST)
    tinted = ImageOps.colorize(grey, black="#050505", white="#cfe8ff")
    return ImageOps.expand(tinted, border=6, fill="#333333")


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for name, make in sorted(SCENES.items()):
        enlarge(make()).save(OUT / f"{name}.png")
        print(OUT / f"{name}.png")


if __name__ == "__main__":
    main()
