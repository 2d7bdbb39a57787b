"""Private frames, seen from the host link: a screen that reads a secret sends neither its lines
nor its picture, and the host may not press on it without the PIN.

Each test here failed before frames were made private by what they read (fogkeeper.secret):
the FOGSITE maze editor and the Guardian's moves went out as text and PNG, and the Corps key
slot's PNG showed the token.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fogkeeper.app.box import PRIVATE_LINES
from fogkeeper.events import Button
from support.box import BoxHarness, box_in_game

PIN = "2468"
DOWN, OK, B = Button.DOWN, Button.PRESS, Button.KEY2


def private_reply(reply: dict[str, Any]) -> bool:
    return reply.get("private") is True and reply["lines"] == list(PRIVATE_LINES) \
        and "png" not in reply


def screen_events_since(t: BoxHarness, start: int) -> list[dict[str, Any]]:
    return [line for line in t.link.lines[start:] if line.get("event") == "screen"]


def to_maze_editor(t: BoxHarness) -> None:
    """Down to the setup menu's last row, "Enter the maze", then OK."""
    for _ in range(5):
        assert t.request("press", button="down")["ok"]
    assert t.request("press", button="press")["ok"]
    assert t.box.app.game is not None and t.box.app.game.public_state()["screen"] == "maze_edit"


def test_the_fogsite_maze_editor_sends_no_grid_as_text_or_picture(tmp_path: Path) -> None:
    t = box_in_game(tmp_path, "fogsite", pin=PIN)
    start = len(t.link.lines)
    to_maze_editor(t)
    t.tap(OK, Button.RIGHT, OK, DOWN, OK)  # three walls typed on the joystick
    assert private_reply(t.request("screen"))
    editor = [event for event in screen_events_since(t, start)
              if not event["lines"][0].startswith("FOGSITE setup")]
    assert editor and all(event["lines"] == list(PRIVATE_LINES) for event in editor), editor
    assert t.box.frame is not None and any("#" in line for line in t.box.frame.lines)


def test_a_press_on_a_private_screen_needs_the_pin_and_a_refused_one_changes_nothing(
        tmp_path: Path) -> None:
    t = box_in_game(tmp_path, "fogsite", pin=PIN)
    to_maze_editor(t)
    before = t.box.app.game.snapshot() if t.box.app.game else None
    refused = t.request("press", button="press")
    assert refused["error"]["code"] == "locked" and "PIN" in refused["error"]["message"]
    wrong = t.request("press", button="press", pin="1111")
    assert wrong["error"]["code"] == "locked"
    assert t.box.app.game is not None and t.box.app.game.snapshot() == before
    assert t.request("press", button="press", pin=PIN)["ok"]  # the Guardian, with the PIN
    assert t.box.app.game.snapshot() != before


def test_with_no_pin_set_nobody_presses_a_private_screen_over_the_link(tmp_path: Path) -> None:
    t = box_in_game(tmp_path, "fogsite")
    to_maze_editor(t)
    assert t.request("press", button="press", pin="0000")["error"]["code"] == "locked"


def test_the_corps_key_slot_sends_no_picture_of_the_token(tmp_path: Path) -> None:
    t = box_in_game(tmp_path, "corps", pin=PIN)
    start = len(t.link.lines)
    t.tap(DOWN, OK)  # Fog chapter on map 1
    t.tap(OK)        # the key holder enters the key on the joystick
    for _ in range(9):
        assert private_reply(t.request("screen"))
        t.tap(OK)
    assert all(event["lines"] == list(PRIVATE_LINES)
               for event in screen_events_since(t, start)
               if "Key" in " ".join(event["lines"]) or event.get("private"))


MAZE = "R . # . B\n. # . . #\n. . . # .\n# . # . .\n. . G . #"


def test_without_a_pin_the_guardians_turn_is_handed_over_and_private(tmp_path: Path) -> None:
    """No PIN: the human Guardian's turn used to play in large type on the shared screen, and
    a link press could play it."""
    t = box_in_game(tmp_path, "fogsite")
    assert t.request("fogsite.setup", maze=MAZE, sleeping="G", guardian_start="E3")["ok"]
    game = t.box.app.game
    assert game is not None and game.public_state()["screen"] == "guardian_gate"
    assert "Pass the box to the" in t.lines
    t.tap(OK)  # a plain OK from whoever holds the box opens nothing
    assert game.public_state()["screen"] == "guardian_gate"
    t.hold(OK)
    assert game.public_state()["screen"] == "guardian_moves"
    t.tap(DOWN)  # the Guardian plans S1
    assert private_reply(t.request("screen"))
    assert t.request("press", button="press")["error"]["code"] == "locked"
    assert game.public_state()["screen"] == "guardian_moves"


def test_a_seed_from_the_host_needs_the_pin(tmp_path: Path) -> None:
    """A seed decides the FOG missions and the box's FOGSITE maze: whoever picks it knows them."""
    t = box_in_game(tmp_path / "fog", "fog", pin=PIN)
    refused = t.request("fog.setup", players=3, seed=7)
    assert refused["error"]["code"] == "locked" and "missions" in refused["error"]["message"]
    assert t.request("fog.state")["screen"] == "setup"  # nothing started
    assert t.request("fog.setup", players=3, seed=7, pin="9999")["error"]["code"] == "locked"
    assert t.request("fog.setup", players=3, seed=7, pin=PIN)["ok"]
    s = box_in_game(tmp_path / "fogsite", "fogsite", pin=PIN)
    refused = s.request("fogsite.setup", guardian="box", seed=3)
    assert refused["error"]["code"] == "locked" and "maze" in refused["error"]["message"]
    assert s.request("fogsite.setup", guardian="box")["ok"]  # the box draws its own seed
