"""The timer's states read from across the table by their shape, not by a small word: a
paused glass never looks like a running one, and time up never like the last seconds."""

from __future__ import annotations

from PIL import ImageChops

from fogkeeper.ui.screens import CountdownView, render_countdown

BIG_AREA = (0, 10, 128, 45)  # under the status line, above the bar: what a metre shows


def _big(view: CountdownView) -> bytes:
    return render_countdown(view).image.crop(BIG_AREA).tobytes()


def test_a_paused_glass_looks_paused_where_the_time_is() -> None:
    running = CountdownView(43, 0.7, "P1 of 4", "OK pause  B next")
    paused = CountdownView(43, 0.7, "PAUSED  P1 of 4", "OK go", paused=True)
    assert _big(paused) != _big(running)
    for seconds in (43, 600):  # the pause sign keeps clear of the widest time, 10:00
        image = render_countdown(CountdownView(seconds, 0.5, "", "", paused=True)).image
        sign = ImageChops.logical_xor(image, render_countdown(
            CountdownView(seconds, 0.5, "", "")).image).getbbox()
        assert sign is not None and sign[2] <= 17, sign


def test_time_up_says_so_in_big_type_and_is_not_the_warning_flash() -> None:
    warning = render_countdown(CountdownView(0, 0.0, "P1 of 4", "OK pause", invert=True))
    up = render_countdown(CountdownView(0, 0.0, "TIME UP  P1 of 4", "OK next player",
                                        invert=True, expired=True))
    assert up.lines[1] == "TIME UP" and warning.lines[1] == "0:00"
    assert up.image.crop(BIG_AREA).tobytes() != warning.image.crop(BIG_AREA).tobytes()
