"""Option 10 at the draft (issue 25, finding 8c): each colour may draft only one of the
designated Leaders. The table says which pick takes a designated Leader; a second one for
the same colour is refused at that pick, naming the colour, not only at the score."""

from __future__ import annotations

import pytest

from flow.fog.drivers import AppDriver
from flow.fog.fog_table import OK, RIGHT, B
from fogkeeper.flow.fog.table import FogScreen
from fogkeeper.link.protocol import LinkError

F = FogScreen


def to_draft() -> AppDriver:
    t = AppDriver()
    t.press(OK).choose("Players", "3").choose("1 Hourglass", "off").choose("10 Leaders", "on")
    t.go_to_row("Start game").press(OK, OK)
    assert t.screen is F.DRAFT
    return t


def picks_of(t: AppDriver, colour: str) -> list[int]:
    return [i for i, c in enumerate(t.fog.s.draft) if c == colour]


def test_a_pick_names_the_designated_leader_it_takes() -> None:
    t = to_draft()
    first = t.fog.s.leaders[0]
    assert any("<> Leader" in line for line in t.lines)
    t.press(RIGHT)
    assert any(f"<> L1 {first.nation} {first.type.value}" in line for line in t.lines)
    t.press(OK)
    assert t.fog.s.draft_pick == 1 and t.fog.s.draft_leaders == [1]
    t.press(B)       # the pick taken back takes its Leader back too
    assert t.fog.s.draft_pick == 0 and t.fog.s.draft_leaders == []


def test_a_second_designated_leader_for_one_colour_is_refused_at_the_draft() -> None:
    t = to_draft()
    colour = t.fog.s.draft[0]
    t.press(RIGHT, OK)                                   # the first pick: Leader 1
    while t.fog.s.draft_pick < picks_of(t, colour)[1]:
        t.press(OK)                                      # the others pick Islanders
    t.press(RIGHT)                                       # Leader 2 for the same colour
    t.press(OK)
    assert t.screen is F.NOTICE
    assert colour.capitalize() in " ".join(t.lines) or colour in " ".join(t.lines)
    assert "option 10" in " ".join(t.lines)
    t.press(OK)
    assert t.screen is F.DRAFT and t.fog.s.draft_pick == picks_of(t, colour)[1]


def test_the_link_draft_refuses_a_second_leader_naming_the_colour() -> None:
    t = to_draft()
    call = t.fog.commands.call
    colour = t.fog.s.draft[0]
    assert call(t.fog, "draft.pick", {"leader": 1})["pick"] == 1
    others = picks_of(t, colour)[1] - 1
    call(t.fog, "draft.pick", {"count": others})
    with pytest.raises(LinkError) as caught:
        call(t.fog, "draft.pick", {"leader": 2})
    assert colour in str(caught.value) and "option 10" in str(caught.value)
    assert t.fog.s.draft_pick == picks_of(t, colour)[1]    # the refused pick changed nothing
    with pytest.raises(LinkError) as caught:
        call(t.fog, "draft.pick", {"leader": 1})          # Leader 1 is drafted already
    assert "Leader 1" in str(caught.value)
