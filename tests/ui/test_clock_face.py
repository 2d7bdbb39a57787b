"""The big clock is put together from its characters: the same pixels as the time drawn whole."""

from __future__ import annotations

from PIL import Image, ImageDraw

from fogkeeper.ui import draw as d
from fogkeeper.ui.screens import CLOCK_FACE, CLOCK_SCALE, _clock_face


def drawn_whole(text: str) -> Image.Image:
    _, end = d.cap_rows(CLOCK_FACE)
    face = Image.new("1", (d.text_width(text, CLOCK_FACE), end), 0)
    ImageDraw.Draw(face).text((0, 0), text, font=d.font(CLOCK_FACE), fill=1)
    return face.resize((face.width * CLOCK_SCALE, face.height * CLOCK_SCALE),
                       Image.Resampling.NEAREST)


def test_every_time_a_clock_shows_reads_as_the_time_drawn_whole() -> None:
    times = [f"{m}:{s:02d}" for m in range(100) for s in range(60)] + ["-0:12", "-12:34"]
    for text in times:
        made, whole = _clock_face(text), drawn_whole(text)
        assert (made.size, made.tobytes()) == (whole.size, whole.tobytes()), text
