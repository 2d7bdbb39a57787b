"""Start-up: a splash on the glass before the rest of the firmware is loaded, then the first
real screen, then the parts a player touches."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from PIL import Image

from fogkeeper.app.splash import HEIGHT_PX, WIDTH_PX, splash_image, splash_pixels

# Runs the real `fogkeeper run --sim` and, when the splash is logged as pushed, prints the
# modules loaded so far and quits.
PROBE = """
import json, logging, os, sys

class AtSplash(logging.Handler):
    def emit(self, record):
        if record.getMessage() == "splash on the display":
            print(json.dumps(sorted(sys.modules)), flush=True)
            os._exit(0)

logging.getLogger("fogkeeper").addHandler(AtSplash())
from fogkeeper.cli import main
main(["run", "--sim", "--config", sys.argv[1]])
"""
# Loaded before the splash, and why: the command line, the config (it names the display),
# the data folder's lock, the display driver with PIL's image module (luma.core's devices
# take PIL images) and the splash picture.
SPLASH_MODULES = {
    "fogkeeper", "fogkeeper.cli", "fogkeeper.errors", "fogkeeper.config", "fogkeeper.events",
    "fogkeeper.app", "fogkeeper.app.run", "fogkeeper.app.store", "fogkeeper.app.splash",
    "fogkeeper.drivers", "fogkeeper.drivers.display", "fogkeeper.drivers.pages",
    "fogkeeper.drivers.terminal", "fogkeeper.drivers.registry",  # names only, stdlib
    "fogkeeper.schema",  # the config is read through it (standard library only)
}
# Not needed for a first picture: the pins (gpiozero), the link (pyserial), the flows'
# state machines (transitions) and the OLED controllers (luma.oled; the simulator's
# screen is luma.core's dummy device).
LOADED_LATER = ("gpiozero", "serial", "transitions", "luma.oled")


def modules_at_splash(tmp_path: Path) -> list[str]:
    config = tmp_path / "box.toml"
    config.write_text(f'[storage]\ndata_dir = "{tmp_path / "data"}"\n', encoding="utf-8")
    done = subprocess.run([sys.executable, "-c", PROBE, str(config)], capture_output=True,
                          stdin=subprocess.DEVNULL, timeout=60, check=True)
    return list(json.loads(done.stdout))


def modules_at_start() -> set[str]:
    """What this interpreter loads before any code of ours runs (Debian's builds always load
    a ``sitecustomize``; a venv may add its own hooks): not the box's to answer for."""
    done = subprocess.run([sys.executable, "-c", "import json, sys; "
                           "print(json.dumps(sorted(sys.modules)))"], capture_output=True,
                          stdin=subprocess.DEVNULL, timeout=60, check=True)
    return set(json.loads(done.stdout))


def test_the_splash_comes_before_the_heavy_libraries(tmp_path: Path) -> None:
    loaded = modules_at_splash(tmp_path)
    assert [m for m in loaded if m.split(".")[0] in LOADED_LATER or m.startswith(
        "luma.oled")] == []
    ours = {m for m in loaded if m.split(".")[0] == "fogkeeper"}
    assert ours <= SPLASH_MODULES, sorted(ours - SPLASH_MODULES)
    # (names with a leading underscore are the interpreter's and the venv's shims)
    third_party = {m.split(".")[0] for m in set(loaded) - modules_at_start()
                   if not m.startswith("_")} - set(sys.stdlib_module_names) - {"fogkeeper"}
    assert third_party <= {"PIL", "luma"}, third_party


def test_the_splash_says_fogkeeper_inside_the_screen() -> None:
    image = splash_image()
    assert image.size == (WIDTH_PX, HEIGHT_PX) and image.mode == "1"
    assert len(splash_pixels()) == WIDTH_PX * HEIGHT_PX // 8
    left, top, right, bottom = image.getbbox() or (0, 0, 0, 0)
    assert left > 0 and right < WIDTH_PX and top > 0 and bottom < HEIGHT_PX
    # mirrored left to right it is another picture: the word reads one way
    assert image.transpose(Image.Transpose.FLIP_LEFT_RIGHT).tobytes() != image.tobytes()
