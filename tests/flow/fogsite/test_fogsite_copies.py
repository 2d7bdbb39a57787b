"""A Move on the joystick walks on tiles copied from a teammate's sheet, as ``fogsite.move``'s
``copies`` does over the link: the same Move made both ways ends in the same game."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from flow.fogsite.fogsite_table import FogsiteTable
from fogkeeper.rules.fogsite import Colour, to_json

# GREEN (C5) has mapped B5 and B4; RED (A1) has B3 and C3, which GREEN's route needs
GREEN_OWN = ((-1, 0), (-1, -1))
RED_OWN = ((1, 2), (2, 2))
ROUTE = ("left", "up", "up", "right")  # W N N E: B5 B4 B3 C3
SHIFT = (-2, -4)  # from GREEN's Starting tile to RED's, as the table worked it out


def greens_turn() -> FogsiteTable:
    """The team's turn, the Guardian having stayed; the sheets laid as above."""
    t = FogsiteTable().set_up().press("ok").lock().press("ok", "ok")
    return t.lay("G", *GREEN_OWN).lay("R", *RED_OWN)


def test_a_joystick_move_walks_on_a_copied_sheet_as_the_link_does(tmp_path: Path) -> None:
    joystick = greens_turn()
    joystick.menu_to("GREEN").press("ok").menu_to("Move").press("ok")
    assert "hold OK: copy a sheet" in joystick.lines
    joystick.press("hold_ok")
    assert joystick.lines[2:4] == ("RED's Start tile:", "here of you")
    joystick.press("left", "left", "up", "up", "up", "up")
    assert joystick.lines[3] == "2 W, 4 N of you"
    joystick.press("ok")
    assert "Copied: R" in joystick.lines
    joystick.press(*ROUTE, "ok")
    assert joystick.lines[1:3] == ("Moved", "GREEN walked W N N E")

    link = greens_turn()
    reply: dict[str, Any] = link.flow.commands.call(link.flow, "move", {
        "colour": "G", "route": "WNNE", "copies": [{"colour": "R", "shift": list(SHIFT)}]})
    assert reply["completed"]
    assert link.lines[1:3] == joystick.lines[1:3]
    assert to_json(link.session.running) == to_json(joystick.session.running)
    assert joystick.session.running.investigator(Colour.GREEN).cell.name == "C3"


def test_b_takes_a_copy_off_and_the_move_keeps_to_the_own_sheet() -> None:
    t = greens_turn()
    t.menu_to("GREEN").press("ok").menu_to("Move").press("ok", "hold_ok", "left", "ok")
    assert "Copied: R" in t.lines
    t.press("hold_ok")  # the next sheet not copied yet: BLUE's
    assert t.lines[2] == "BLUE's Start tile:"
    t.press("ok", "hold_ok")  # both copied: RED's comes back, to be moved or taken off
    assert t.lines[2:4] == ("RED's Start tile:", "1 W of you")
    t.press("back")
    assert "Copied: B" in t.lines
    assert [c.teammate for c in t.session.copies] == [Colour.BLUE]
    t.press(*ROUTE, "ok")
    assert t.lines[1] == "Not now"  # B3 is on no sheet of GREEN's now
    assert t.session.running.investigator(Colour.GREEN).cell.name == "C5"
