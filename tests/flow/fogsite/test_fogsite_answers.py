"""An answer is a kind and its words: the screen draws a "can't move" inverted because of its
kind (never by reading its words), and the link hears the same words either way."""

from __future__ import annotations

import json

import pytest

from flow.fogsite.fogsite_table import FogsiteTable
from fogkeeper.flow.app.views import frame
from fogkeeper.flow.fogsite.session import Answer, AnswerKind, Session
from fogkeeper.flow.kit.session import dump, load
from fogkeeper.ui import draw as d
from fogkeeper.ui.fogsite_screens import ANSWER_SIZE
from fogkeeper.ui.icons import Icon
from ui.icon_search import icon_at


def big_type_inverted(t: FogsiteTable) -> bool:
    """Whether the band of large type under the title bar is drawn black on white: its left
    edge lit from top to bottom, and most of it lit (plain large type lights under half)."""
    image = frame(t.app, t.now).image.convert("1")
    top, bottom = d.TITLE_HEIGHT + 2, d.TITLE_HEIGHT + 1 + ANSWER_SIZE
    band = image.crop((2, top, d.WIDTH - 3, bottom))
    edge = all(image.getpixel((3, y)) for y in range(top, bottom))
    share = band.histogram()[255] / (band.width * band.height)
    assert edge == (share > 0.6), (edge, share)  # a half-inverted band is neither
    return edge


def at_red_s_turn() -> FogsiteTable:
    return FogsiteTable().set_up().press("ok").lock().press("ok", "ok")


def test_a_failed_explore_is_drawn_inverted_and_says_the_same_words() -> None:
    t = at_red_s_turn().press("ok", "ok", "up")  # RED on A1 looks north: Outer Wall
    assert t.lines[1:3] == ("You can't move", "RED explored N")
    assert t.session.answer.kind is AnswerKind.CANT_MOVE
    assert big_type_inverted(t)
    assert t.effects.sounds[-1] == "wall"  # the wall's own buzz: heard, not only read
    said = [p for e, p in t.effects.events if e == "fogsite.answer"][-1]
    assert said["answer"] == "You can't move"


def test_a_move_stopped_by_a_wall_is_drawn_inverted() -> None:
    t = at_red_s_turn().lay("R", (1, 0), (2, 0))  # C1 is an Inner Wall
    t.press("ok").menu_to("Move").press("ok", "right", "right", "ok")
    assert t.lines[1:3] == ("You can't move", "E E: stopped before step 2")
    assert big_type_inverted(t)


def test_a_yes_and_other_news_are_drawn_plainly() -> None:
    t = at_red_s_turn().press("ok", "ok", "down")  # RED explores south: a Room
    assert t.lines[1] == "You can move"
    assert t.session.answer.kind is AnswerKind.CAN_MOVE
    assert not big_type_inverted(t) and "wall" not in t.effects.sounds


def test_the_yes_and_the_no_each_carry_their_own_icon() -> None:
    """A second cue beside the words: the no's wall and the yes's arrow, where the other
    answer has its own, so the two differ at a glance even without reading."""
    no = frame(at_red_s_turn().press("ok", "ok", "up").app, 0.0).image
    yes = frame(at_red_s_turn().press("ok", "ok", "down").app, 0.0).image
    # the no stands in its inverted band, beside its words: the wall is dark there
    for image, icon, ink in ((no, Icon.WALL, 0), (yes, Icon.OPEN, 1)):
        found = icon_at(image, icon, ink)
        assert found is not None, icon
    assert icon_at(no, Icon.OPEN, 0) is None and icon_at(yes, Icon.WALL, 1) is None


@pytest.mark.parametrize("answer", [
    Answer(AnswerKind.CANT_MOVE, ("You can't", "move"), ("RED explored N",)),
    Answer(AnswerKind.CAN_MOVE, ("You can", "move"), ("RED explored S",)),
    Answer(AnswerKind.NEWS, ("Moved",), ("RED walked S",)),
])
def test_an_answer_is_saved_with_its_kind(answer: Answer) -> None:
    saved = json.loads(json.dumps(dump(Session(answer=answer))))
    assert load(Session, saved).answer == answer


def test_an_older_save_s_answer_of_words_comes_back_as_news() -> None:
    saved = json.loads(json.dumps(dump(Session())))
    saved["answer"] = [["Moved"], ["RED walked S"]]
    assert load(Session, saved).answer == Answer(AnswerKind.NEWS, ("Moved",), ("RED walked S",))
