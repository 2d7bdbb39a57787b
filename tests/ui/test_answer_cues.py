"""Answers and outcomes carry a second cue beside their words: icons that differ from each
other by a glance's margin, drawn whole on the screens that use them."""

from __future__ import annotations

from itertools import combinations

from PIL import ImageChops

from fogkeeper.ui.fogsite_screens import TeamStatus, render_team_answer
from fogkeeper.ui.icons import Icon
from fogkeeper.ui.screens import MessageView, render_message
from ui.icon_search import icon_at, icon_image

# of an icon's 256 pixels, this many at least differ between any two icons
ICON_MARGIN = 40
STATUS = TeamStatus("RED", 49, 1, 3)


def test_every_two_icons_differ_by_a_visible_margin() -> None:
    for one, other in combinations(Icon, 2):
        xor = ImageChops.logical_xor(icon_image(one), icon_image(other))
        assert xor.histogram()[255] >= ICON_MARGIN, (one, other)


def test_an_answers_icon_is_drawn_whole_in_and_out_of_the_band() -> None:
    for no in (False, True):  # "You can't move" is inverted: its icon is under the band
        for big in (("You can't", "move"), ("Team", "wins")):
            image = render_team_answer(STATUS, big, ("RED explored N",), "OK go on",
                                       no=no, icon=Icon.WALL).image
            plain = render_team_answer(STATUS, big, ("RED explored N",), "OK go on",
                                       no=no).image
            # in the pixel font both answers fit beside the icon on one line: on the
            # inverted band the icon is dark
            ink = 0 if no else 1
            assert icon_at(image, Icon.WALL, ink) is not None, (no, big)
            assert icon_at(plain, Icon.WALL, ink) is None


def test_a_verdict_carries_its_icon_beside_the_big_words() -> None:
    won = render_message(MessageView("Verdict", ("The fog lifts",), "OK", "WON 9/9",
                                     icon=Icon.WIN)).image
    lost = render_message(MessageView("Verdict", ("Lost to the fog",), "OK", "LOST 7/9",
                                      icon=Icon.LOSS)).image
    assert icon_at(won, Icon.WIN) is not None and icon_at(won, Icon.LOSS) is None
    assert icon_at(lost, Icon.LOSS) is not None and icon_at(lost, Icon.WIN) is None


def test_an_icon_keeps_clear_of_the_footer_and_of_the_small_lines() -> None:
    """Two lines of large type: the icon beside them, never under them on the footer."""
    from fogkeeper.ui import draw as d

    for big in (("Guardian", "answers"), ("Guardian's", "turn"), ("You can't", "move")):
        image = render_team_answer(STATUS, big, ("Pass the box to the", "Guardian, hold OK"),
                                   "hold OK", icon=Icon.HAND_OFF).image
        found = icon_at(image, Icon.HAND_OFF)
        assert found is not None and found[1] + 16 <= d.FOOTER_TOP - 1, (big, found)
