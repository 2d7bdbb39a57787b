"""The big clock is put together from its characters: the same pixels as the time drawn whole."""

from __future__ import annotations

from PIL import Image, ImageDraw

from fogkeeper.ui import draw as d
from fogkeeper.ui.screens import CLOCK_FACE, CLOCK_SCALE, _big_clock


def drawn_whole(text: str, top: int) -> Image.Image:
    """The time drawn as one string in the clock's face, doubled, centred where the clock
    stands: what the box drew before it pasted the characters one by one."""
    first, end = d.cap_rows(CLOCK_FACE)
    face = Image.new("1", (d.text_width(text, CLOCK_FACE), end), 0)
    ImageDraw.Draw(face).text((0, 0), text, font=d.font(CLOCK_FACE), fill=1)
    face = face.resize((face.width * CLOCK_SCALE, face.height * CLOCK_SCALE),
                       Image.Resampling.NEAREST)
    screen = Image.new("1", (d.WIDTH, d.HEIGHT), 0)
    screen.paste(1, ((d.WIDTH - face.width) // 2, top + 19 - (first + end)), mask=face)
    return screen


def test_every_time_a_clock_shows_reads_as_the_time_drawn_whole() -> None:
    # every time up to 99:59, and overtime as far as its doubled face fits beside the
    # pause sign (wider ones are set in a smaller face)
    times = [f"{m}:{s:02d}" for m in range(100) for s in range(60)] + ["-0:12", "-9:59"]
    for text in times:
        for top in (7, 9):  # the game clock's and the glass's
            made = Image.new("1", (d.WIDTH, d.HEIGHT), 0)
            _big_clock(made, text, top)
            assert made.tobytes() == drawn_whole(text, top).tobytes(), text
