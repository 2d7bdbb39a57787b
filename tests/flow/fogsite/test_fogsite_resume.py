"""Power loss: the session snapshot brings FOGSITE back on the same screen, maze still hidden."""

from __future__ import annotations

import json
from typing import Any

import pytest

from flow.fogsite.fogsite_table import MAZE, PIN, FogsiteTable
from fogkeeper.flow import snapshot
from fogkeeper.flow.app import Screen
from fogkeeper.flow.snapshot import SnapshotError
from fogkeeper.rules.fogsite import Cell


def restart(t: FogsiteTable) -> FogsiteTable:
    """Save as the loop does, pull the plug, boot a fresh box and say OK to the offer."""
    saved = snapshot.check(json.loads(json.dumps(snapshot.take(t.app, t.now))))
    fresh = FogsiteTable(first=Screen.RESUME)
    fresh.app.saved = saved
    return fresh.press("ok")


def team_turn() -> FogsiteTable:
    return FogsiteTable().set_up().press("ok").lock().press("down", "ok", "ok")


@pytest.mark.parametrize("presses", [
    (),                                      # choosing who plays
    ("ok",),                                 # RED's actions
    ("ok", "down", "ok", "down", "right"),   # a Move route half entered
    ("ok", "ok", "down"),                    # an Explore answer on screen
])
def test_a_restart_comes_back_on_the_same_screen(presses: tuple[str, ...]) -> None:
    t = team_turn().press(*presses)
    before = t.lines
    back = restart(t)
    assert back.app.state is Screen.GAME and back.lines == before
    assert not any("R.#.B" in line for line in back.lines)


def test_the_game_goes_on_after_a_restart() -> None:
    t = team_turn().lay("R", (0, 1), (1, 1))  # B2 copied wrongly from a teammate
    back = restart(t.press("ok", "down", "ok", "down", "right"))
    back.press("ok")
    assert back.lines[1:3] == ("You can't move", "S E: stopped before step 2")  # B2 is a wall
    assert back.session.running.time_limit.tiles_left == 50


def test_an_unlocked_guardian_screen_comes_back_locked() -> None:
    t = FogsiteTable().set_up().press("ok").lock()
    assert t.stage == "guardian_moves" and "R.#.B" in t.lines
    back = restart(t)
    assert back.stage == "guardian_gate" and not back.session.unlocked
    assert not any("R.#.B" in line for line in back.lines)
    back.press("ok").lock(PIN).press("down", "ok")
    assert back.lines[1] == "0 attacked"


def test_setup_resumes_with_the_draft_maze() -> None:
    t = FogsiteTable().open_fogsite().enter_maze(MAZE)
    back = restart(t)
    assert back.stage == "maze_edit" and back.lines == t.lines


@pytest.mark.parametrize("damage", [
    lambda game: game.update(version=1),                                   # before the session
    lambda game: game["session"]["draft"].update(colours=["R", "Q"]),     # not a Colour
    lambda game: game["session"].update(game={"maze": 7}),                # no engine state
])
def test_a_save_this_firmware_cannot_read_is_refused_whole(damage: Any) -> None:
    t = team_turn()
    saved = snapshot.check(json.loads(json.dumps(snapshot.take(t.app, t.now))))
    damage(saved["game"]["state"])
    fresh = FogsiteTable(first=Screen.RESUME)
    fresh.app.saved = saved
    fresh.press("ok")
    assert fresh.app.state is Screen.HOME and fresh.app.game is None
    with pytest.raises(SnapshotError):
        FogsiteTable().open_fogsite().flow.restore(saved["game"]["state"])


def test_the_walks_are_saved_as_they_grow_and_come_back_after_a_restart() -> None:
    # each save makes a walk's text from its new steps only (fogkeeper.grown): what is
    # saved is still every step, and a restart has it all
    t = team_turn()

    def saved_walks() -> Any:
        return snapshot.take(t.app, t.now)["game"]["state"]["session"]["walks"]  # type: ignore[index]

    def every_step() -> dict[str, Any]:
        return {"revealed": False, "value": {
            who: "".join(f"{col},{row};" for col, row in cells)
            for who, cells in t.session.routes.items()}}

    assert saved_walks() == every_step()
    for row in (1, 2, 3):
        t.session.walked("RED", [Cell(0, row)])  # as a Move records its steps
        assert saved_walks() == every_step()
    assert saved_walks()["value"]["RED"] == "0,0;0,1;0,2;0,3;"
    t.session.routes["RED"][1] = (1, 1)  # changed in the middle: saved whole again
    assert saved_walks()["value"]["RED"] == "0,0;1,1;0,2;0,3;"
    back = restart(t)
    assert back.session.routes == t.session.routes


def test_walks_saved_as_lists_of_pairs_still_resume() -> None:
    # firmware before 2026-12 saved each walk as a list of [col, row]: such a session resumes
    t = team_turn()
    t.session.walked("RED", [Cell(0, 1)])
    saved = json.loads(json.dumps(snapshot.take(t.app, t.now)))
    saved["game"]["state"]["session"]["walks"]["value"] = {
        who: [list(cell) for cell in cells] for who, cells in t.session.routes.items()}
    fresh = FogsiteTable(first=Screen.RESUME)
    fresh.app.saved = snapshot.check(saved)
    back = fresh.press("ok")
    assert back.app.state is Screen.GAME
    assert back.session.routes == t.session.routes and back.session.routes["RED"][1] == (0, 1)


@pytest.mark.parametrize("walk", ["0,0;0,x;", "0,0;0", "0,0;7;", 5, [[0, True]], "0,0;999,0;"])
def test_a_damaged_walk_is_refused_by_name(walk: object) -> None:
    t = team_turn()
    saved = json.loads(json.dumps(snapshot.take(t.app, t.now)))
    saved["game"]["state"]["session"]["walks"]["value"]["RED"] = walk
    fresh = FogsiteTable(first=Screen.RESUME)
    with pytest.raises(SnapshotError, match="walks"):
        snapshot.restore_app(fresh.app, snapshot.check(saved))
