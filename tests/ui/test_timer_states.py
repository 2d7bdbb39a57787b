"""The timer's states read from across the table by their shape, not by a small word: a
paused glass never looks like a running one, the last seconds' flash never like time up,
and a game's turn never like a hand-off. Each pair of the states a table must tell apart
differs by a visible margin where a metre away shows it."""

from __future__ import annotations

from itertools import combinations

import pytest
from PIL import Image, ImageChops

from flow.fog.drivers import AppDriver
from flow.fog.fog_table import HOLD, OK
from fogkeeper.flow.fog.table import FogScreen
from fogkeeper.ui.icons import ICON_SIZE, Icon
from fogkeeper.ui.screens import CountdownView, render_countdown
from ui.icon_search import icon_at
from ui.scenes import SCENES

BIG_AREA = (0, 10, 128, 45)  # under the status line, above the bar: what a metre shows
# two states differ in at least this many pixels there: an icon's square (16x16) and more
MARGIN = ICON_SIZE * ICON_SIZE + 40
STATUS = "P1 of 4  round 1"


def _big(view: CountdownView) -> bytes:
    return render_countdown(view).image.crop(BIG_AREA).tobytes()


def differing(one: Image.Image, other: Image.Image, box: tuple[int, int, int, int]) -> int:
    return ImageChops.logical_xor(one.crop(box), other.crop(box)).histogram()[255]


# each state of the glass at the same time on it: only the state's own cue differs
GLASS = {
    "running": CountdownView(5, 0.1, STATUS, "OK pause  B next"),
    "paused": CountdownView(5, 0.1, f"PAUSED  {STATUS}", "OK go", paused=True),
    "warning": CountdownView(5, 0.1, STATUS, "OK pause  B next", warning=True),
    "expired": CountdownView(0, 0.0, f"TIME UP  {STATUS}", "OK next player", invert=True,
                             expired=True),
}


@pytest.mark.parametrize(("one", "other"), list(combinations(GLASS, 2)))
def test_every_two_states_of_the_glass_differ_by_a_visible_margin(one: str, other: str) -> None:
    first, second = (render_countdown(GLASS[n]).image for n in (one, other))
    assert differing(first, second, BIG_AREA) >= MARGIN, (one, other)


def test_the_boxs_own_timer_screens_differ_by_the_margin_too() -> None:
    """The same, on the app's screens as the scenes play them (the times differ too)."""
    shots = {name: SCENES[f"timer-{name}"]() for name in GLASS}
    for one, other in combinations(shots, 2):
        assert differing(shots[one], shots[other], BIG_AREA) >= MARGIN, (one, other)


def test_a_paused_glass_looks_paused_where_the_time_is() -> None:
    running = CountdownView(43, 0.7, "P1 of 4", "OK pause  B next")
    paused = CountdownView(43, 0.7, "PAUSED  P1 of 4", "OK go", paused=True)
    assert _big(paused) != _big(running)
    for seconds in (43, 600):  # the pause sign keeps clear of the widest time, 10:00
        image = render_countdown(CountdownView(seconds, 0.5, "", "", paused=True)).image
        sign = ImageChops.logical_xor(image, render_countdown(
            CountdownView(seconds, 0.5, "", "")).image).getbbox()
        assert sign is not None and sign[2] <= 17, sign


def test_the_warning_flashes_the_time_only_and_time_up_inverts_it_all() -> None:
    running, warning, up = (render_countdown(GLASS[n]).image
                            for n in ("running", "warning", "expired"))
    status, bar_and_hint = (0, 0, 128, 12), (0, 45, 128, 64)
    assert differing(running, warning, status) == 0           # the status line as it was
    assert differing(running, warning, bar_and_hint) == 0     # and the bar and the hint
    assert up.crop(status).histogram()[255] > up.crop(status).histogram()[0]  # lit: inverted
    assert render_countdown(GLASS["expired"]).lines[1] == "TIME UP"
    assert icon_at(up, Icon.TIME_UP, 0) is not None           # the empty hourglass, dark
    assert icon_at(warning, Icon.TIME_UP, 0) is None


def test_a_games_turn_and_a_hand_off_differ_at_a_glance() -> None:
    """The FOG: a colour's turn, and "Pass the box to Pink" before the secret missions:
    the hand-off carries its icon beside the name, the turn never does."""
    handoff = AppDriver()
    handoff.press(OK).choose("Players", "2").choose("Achievements", "secret")
    handoff.go_to_row("Start game").press(OK, OK)
    assert handoff.screen is FogScreen.PASS
    turn = AppDriver()
    turn.press(OK).choose("Players", "2").choose("1 Hourglass", "off")
    turn.go_to_row("Start game").press(OK, OK, HOLD, OK)
    assert turn.screen is FogScreen.TURN
    passing, playing = handoff.image.convert("1"), turn.image.convert("1")
    assert icon_at(passing, Icon.HAND_OFF) is not None and icon_at(playing, Icon.HAND_OFF) is None
    assert differing(passing, playing, BIG_AREA) >= MARGIN
