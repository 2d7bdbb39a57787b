"""Every word on the 128x64 screen fits: the scripted games of all three games are played
while ``ui.draw.fit`` reports each text it had to cut with an ellipsis, and each text drawn
past an edge of the screen is caught too.

A cut footer or label (title bar, menu row, board cell, side panel, big answer) fails the
test, and so does a row's value pushed over its label or off the screen; any other cut
line is listed in the output (``pytest -rP``). Every text is drawn in the screen's type at
``ui.draw.SMALL`` or larger, never in Pillow's own font, below the smallest size or in a
stroked bold.
"""

from __future__ import annotations

import importlib
import inspect
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from PIL import ImageDraw

from fogkeeper.ui import draw as d

# the drawing functions whose text is a footer or a label
LABEL_DRAWERS = {"footer", "title_bar", "row", "centred", "_cell", "render_grid",
                 "_draw_long_choice", "render_notice", "render_board_value"}


@dataclass(frozen=True)
class Cut:
    drawer: str
    text: str
    shown: str


def _fog_games() -> None:
    from flow.fog.drivers import AppDriver
    from flow.fog.scripts import four_player_game, solo_game

    for script in (four_player_game(), solo_game()):
        table = AppDriver()
        for step in script:
            step(table)


def _fog_boards() -> None:
    """Every value of the owner's four boards, changed once, and the questions at the end."""
    from flow.fog.drivers import AppDriver
    from flow.fog.fog_table import OK, RIGHT, B
    from fogkeeper.flow.fog.table import FogScreen

    for board in ("S", "F", "M", "L"):
        table = AppDriver()
        table.press(OK).choose("Board", board).go_to_row("Check board").press(OK)
        while table.screen is FogScreen.BOARD:
            table.press(RIGHT, OK)
        table.press(B, B, OK)           # the save question, back, then leave without saving


def _tests(module: str, *names: str) -> Callable[[], None]:
    def play() -> None:
        found = importlib.import_module(module)
        for name in names:
            getattr(found, name)()
    return play


GAMES: dict[str, Callable[[], None]] = {
    "The FOG": _fog_games,
    "The FOG, the owner's boards": _fog_boards,
    "FOGSITE": _tests("flow.fogsite.test_fogsite_joystick",
                      "test_a_whole_game_from_the_home_menu_to_the_log",
                      "test_an_attack_is_announced_as_a_count_and_with_i2_by_colour",
                      "test_a_failed_explore_lays_the_token_down_and_costs_a_digging_token",
                      "test_give_with_an_empty_hand_says_so_instead_of_failing",
                      "test_without_a_pin_the_guardian_moves_blind_and_a_refusal_says_no_why"),
    "FOGSITE, the box as Guardian": _tests(
        "flow.fogsite.test_box_guardian", "test_a_whole_game_against_the_box_from_the_home_menu"),
    "Corps of Discovery": _tests("flow.corps.test_corps_joystick",
                                 "test_a_whole_chapter_won_on_the_joystick",
                                 "test_a_move_onto_a_taken_circle_is_refused_with_a_reason",
                                 "test_a_face_up_monster_blocks_the_end_until_killed"),
    "Corps of Discovery, setup and Terrains": _tests(
        "flow.corps.test_corps_setup_reminder", "test_the_fog_chapters_setup_reads_on_the_box",
        "test_fog_in_a_previous_chapter_reminds_of_that_chapters_setup"),
    "Corps of Discovery, a Monster named by Terrain": _tests(
        "flow.corps.test_corps_same_record",
        "test_the_joystick_and_the_link_reach_the_same_record"),
}


@pytest.fixture
def cuts(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[Cut]]:
    """Every text cut or drawn off the screen while the test runs."""
    found: list[Cut] = []
    fit = d.fit
    row = d.row
    text = ImageDraw.ImageDraw.text
    put = d.ScreenDraw.put

    def reporting_fit(line: str, size: int, width: int) -> str:
        shown = fit(line, size, width)
        if shown not in (line, d.DOUBLE_SPACES.sub(" ", line)):  # single spaces: no cut
            found.append(Cut(inspect.stack()[1].function, line, shown))
        return shown

    def check_edges(drawer: str, box: tuple[float, float, float, float], xy: Any,
                    line: str) -> None:
        if box[0] < 0 or box[2] > d.WIDTH or box[3] > d.HEIGHT:
            found.append(Cut(drawer, line, "(off the screen)"))
        elif xy[1] < d.FOOTER_TOP - 1 and box[3] > d.FOOTER_TOP:  # into the footer
            found.append(Cut(drawer, line, "(into the footer)"))

    def edge_checking_text(self: ImageDraw.ImageDraw, xy: Any, line: Any, *args: Any,
                           **kwargs: Any) -> None:
        text(self, xy, line, *args, **kwargs)
        if isinstance(line, str) and self.im.size == (d.WIDTH, d.HEIGHT):
            drawer = inspect.stack()[1].function
            font = kwargs.get("font", args[1] if len(args) > 1 else None)
            if not isinstance(font, d.ScreenFont) or font.size < d.SMALL:
                size = getattr(font, "size", "?")
                found.append(Cut(drawer, line, f"(in a {size} px font)"))
            if kwargs.get("stroke_width", 0):
                found.append(Cut(drawer, line, "(in a stroked bold)"))
            check_edges(drawer, self.textbbox(xy, line, font=font), xy, line)

    def edge_checking_put(self: d.ScreenDraw, xy: tuple[int, int], line: str, size: int,
                          ink: int = 1) -> None:
        put(self, xy, line, size, ink)
        if self.im.size == (d.WIDTH, d.HEIGHT):
            drawer = inspect.stack()[1].function
            if size < d.SMALL:
                found.append(Cut(drawer, line, f"(in a {size} px font)"))
            box = (xy[0], xy[1], xy[0] + d.text_width(line, size), xy[1] + d.font(size).height)
            check_edges(drawer, box, xy, line)

    def value_checking_row(draw: ImageDraw.ImageDraw, y: int, label: str, value: str = "",
                           selected: bool = False) -> None:
        row(draw, y, label, value, selected)
        if value and d.text_width(value, d.SMALL) > d.WIDTH - 2:
            found.append(Cut("row", value, "(a value wider than the screen)"))

    monkeypatch.setattr(d, "fit", reporting_fit)
    monkeypatch.setattr(d, "row", value_checking_row)
    monkeypatch.setattr(ImageDraw.ImageDraw, "text", edge_checking_text)
    monkeypatch.setattr(d.ScreenDraw, "put", edge_checking_put)
    yield found


@pytest.mark.parametrize("game", sorted(GAMES))
def test_no_footer_label_or_value_is_cut_in_a_scripted_game(game: str,
                                                           cuts: list[Cut]) -> None:
    GAMES[game]()
    labels = sorted({c for c in cuts if c.drawer in LABEL_DRAWERS or _small(c)}, key=str)
    others = sorted({c for c in cuts if c.drawer not in LABEL_DRAWERS and not _small(c)},
                    key=str)
    for cut in others:
        print(f"{game}: a line cut by {cut.drawer}: {cut.text!r} shown as {cut.shown!r}")
    assert not labels, "\n".join(f"{c.drawer}: {c.text!r} shown as {c.shown!r}"
                                 for c in labels)


def _small(cut: Cut) -> bool:
    """Type below the smallest size, not the screen's font, or in a stroked bold."""
    return cut.shown.startswith("(in a ")


def test_the_checks_catch_a_small_font_a_cut_label_and_a_value_off_the_screen(
        cuts: list[Cut]) -> None:
    from PIL import ImageFont

    _, pen = d.blank()
    pen.text((0, 0), "1/6", font=ImageFont.load_default(size=10), fill=1)
    pen.text((0, 30), "You can move", font=d.font(d.SMALL), fill=1, stroke_width=1)
    d.title_bar(pen, "A title much too long for the screen's title bar", "1/9")
    d.row(pen, 20, "Bonus", "a value far wider than the whole screen is")
    assert {(c.drawer, c.shown[:8]) for c in cuts} >= {
        ("test_the_checks_catch_a_small_font_a_cut_label_and_a_value_off_the_screen",
         "(in a 10"), ("title_bar", "A title "), ("row", "(a value"), ("row", "(off the"),
        ("test_the_checks_catch_a_small_font_a_cut_label_and_a_value_off_the_screen",
         "(in a st")}
