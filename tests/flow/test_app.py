"""The top-level flow, driven by button events as a player would, on a fake clock."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from fogkeeper.config import Config
from fogkeeper.events import Button
from fogkeeper.flow import snapshot
from fogkeeper.flow.app import HOME_ITEMS, Screen
from fogkeeper.flow.app.views import frame
from fogkeeper.flow.hourglass import Phase
from support.effects import Effects
from support.saved import on_disk
from support.table import HOLD, AppTable

UP, DOWN, LEFT, RIGHT = Button.UP, Button.DOWN, Button.LEFT, Button.RIGHT
OK, KEY1, KEY2 = Button.PRESS, Button.KEY1, Button.KEY2


class Table(AppTable):
    """An app, its effects and a clock that only moves when told."""

    def __init__(self, first: Screen = Screen.HOME, config: Config | None = None) -> None:
        super().__init__(Effects(), first, config)

    def shows(self, text: str) -> bool:
        """Whether some line of the screen reads ``text`` (ignoring the cursor mark)."""
        return any(line.lstrip("> ") == text for line in self.lines)


def open_timer(t: Table) -> Table:
    return t.press(DOWN, DOWN, DOWN, OK)


@pytest.mark.parametrize("downs,screen", [
    (0, Screen.GAME), (1, Screen.PIN_OFFER), (2, Screen.PIN_OFFER),
    (3, Screen.TIMER_MENU), (4, Screen.SETTINGS), (5, Screen.ABOUT),
])
def test_home_menu_opens_each_entry(downs: int, screen: Screen) -> None:
    t = Table()
    t.press(*[DOWN] * downs, OK)
    assert t.app.state is screen
    if screen is Screen.PIN_OFFER:  # no PIN set: B plays the game without one
        assert t.app.game is None
        t.press(KEY2)
        assert t.app.state is Screen.GAME
    if t.app.state is Screen.GAME:
        assert t.app.game is not None and t.app.game.title == HOME_ITEMS[downs]
        return
    t.press(KEY2)
    assert t.app.state is Screen.HOME


def test_home_cursor_stops_at_both_ends() -> None:
    t = Table().press(UP, UP)
    assert t.lines[1] == "> The FOG"
    t.press(*[DOWN] * 10)
    assert t.lines[6] == "> About"


def test_one_press_starts_the_timer_from_its_menu() -> None:
    t = open_timer(Table())
    assert t.lines[1] == "> Start: P1"
    t.press(OK)
    assert t.app.state is Screen.TIMER and t.app.glass.phase is Phase.RUNNING
    t.wait(15.2)
    assert t.lines[1] == "0:45"


@pytest.mark.parametrize("downs", [0, 2, 5])
def test_hold_ok_on_home_starts_the_timer_as_last_set_in_one_press(downs: int) -> None:
    t = Table()
    assert "hold OK: timer" in t.lines[-1]      # the home screen says so
    t.press(*[DOWN] * downs, HOLD, OK)           # from any row, a game's too
    assert t.app.state is Screen.TIMER and t.app.glass.phase is Phase.RUNNING
    assert t.app.game is None and t.lines[1] == "1:00"
    t.wait(10).press(OK, HOLD, OK)               # paused, reset: the timer's menu
    t.press(DOWN, DOWN, RIGHT, KEY2)             # Time: 1:05, back home
    t.press(HOLD, OK)
    assert t.app.state is Screen.TIMER and t.lines[1] == "1:05"


def test_pause_and_resume_with_one_press_each() -> None:
    t = open_timer(Table()).press(OK).wait(10)
    t.press(OK)
    assert t.lines[0].startswith("PAUSED")
    t.wait(300)
    assert t.lines[1] == "0:50"
    t.press(OK).wait(1)
    assert t.lines[1] == "0:49"


def test_reset_needs_a_long_press_and_the_screen_says_so() -> None:
    t = open_timer(Table()).press(OK).wait(5).press(OK)
    assert "hold OK: reset" in t.lines[-1]
    t.press(OK)  # a short press only resumes
    assert t.app.glass.phase is Phase.RUNNING
    t.press(HOLD, OK)
    assert t.app.state is Screen.TIMER_MENU and t.app.glass.phase is Phase.READY


def test_warnings_and_expiry_sound_and_reach_the_link() -> None:
    t = open_timer(Table()).press(OK).wait(60)
    assert t.effects.sounds == ["click", "warning", "countdown", "countdown", "countdown",
                                "countdown", "countdown", "expired"]
    assert t.effects.events[-1] == ("timer.expired", {"seconds_left": 0, "player": 1})
    assert [e[1]["seconds_left"] for e in t.effects.events[:-1]] == [10, 5, 4, 3, 2, 1]
    assert t.lines[0].startswith("TIME UP")


def test_visual_only_mode_is_silent_but_flashes() -> None:
    t = open_timer(Table()).press(*[DOWN] * 7, RIGHT)
    assert t.shows("Sound: visual")
    t.press(*[UP] * 7, OK).wait(50.5)
    assert t.effects.sounds == ["click"]
    assert len(t.effects.events) == 1  # the 10 s warning still goes to the link
    flashed = frame(t.app, t.now).image
    t.wait(1)
    plain = frame(t.app, t.now).image
    assert flashed.getpixel((0, 40)) != plain.getpixel((0, 40))  # inverted at 10 s


def test_restart_for_the_next_player_after_expiry_and_turn_times() -> None:
    t = open_timer(Table()).press(OK).wait(60)
    t.press(OK)
    assert t.lines[0] == "P2 of 4  round 1" and t.app.glass.phase is Phase.RUNNING
    t.wait(20).press(KEY2)  # player 2 finishes early
    assert t.lines[0] == "P3 of 4  round 1"
    t.press(OK).press(HOLD, OK)
    t.press(*[DOWN] * 8, OK)
    assert t.app.state is Screen.TIMER_TIMES
    assert t.lines[:2] == ("Turns P1 [1/4]", "1 turn, total 1:00")
    t.press(DOWN)
    assert t.lines[:2] == ("Turns P2 [2/4]", "1 turn, total 0:20")
    t.press(HOLD, OK)
    assert t.lines[1] == "no turn yet"


def test_time_presets_and_fine_steps() -> None:
    t = open_timer(Table()).press(DOWN, DOWN)
    assert t.shows("Time: 1:00")
    t.press(OK)
    assert t.shows("Time: 1:30")
    t.press(OK, OK)
    assert t.shows("Time: 0:30")
    t.press(RIGHT, RIGHT, LEFT, LEFT, LEFT)
    assert t.shows("Time: 0:25")
    t.press(*[DOWN] * 4, LEFT, LEFT)  # past Extra, More and On flag
    assert t.shows("Players: 2")


def test_settings_change_and_reach_the_drivers() -> None:
    t = Table().press(*[DOWN] * 4, OK)
    t.press(RIGHT)
    assert t.effects.settings[-1].contrast == 223
    t.press(DOWN, LEFT)
    assert t.effects.settings[-1].volume_percent == 60
    t.press(DOWN, OK)
    assert t.effects.settings[-1].muted is True and t.shows("Sound: off")
    t.press(DOWN, RIGHT)
    assert t.effects.settings[-1].rotation == 180
    t.press(DOWN, RIGHT)
    assert t.effects.settings[-1].hold_seconds == 1.25
    assert t.shows("Hold time: 1.25 s")  # exactly, not "1.2 s"
    t.press(RIGHT)
    assert t.effects.settings[-1].hold_seconds == 1.5
    t.press(*[RIGHT] * 20)
    assert t.effects.settings[-1].hold_seconds == 3.0


def test_snapshot_round_trip_resumes_the_same_screen_paused() -> None:
    t = open_timer(Table()).press(OK).wait(17.4)
    saved = snapshot.check(snapshot.take(t.app, t.now))
    assert snapshot.worth_offering(saved)
    back = Table(first=Screen.RESUME)
    back.app.saved = saved
    assert "Found timer P1 0:43 paused" in back.lines
    back.press(OK)
    assert back.app.state is Screen.TIMER and back.app.glass.phase is Phase.PAUSED
    assert back.lines[1] == "0:43"


def test_discarding_the_offer_needs_a_long_press() -> None:
    t = open_timer(Table()).press(OK)
    back = Table(first=Screen.RESUME)
    back.app.saved = snapshot.take(t.app, t.now)
    back.press(DOWN, LEFT, KEY2)
    assert back.app.state is Screen.RESUME
    back.press(HOLD, OK)
    assert back.app.state is Screen.HOME and back.app.glass.phase is Phase.READY


@pytest.mark.parametrize("damage,key", [
    ({"format": "other"}, "not a fogkeeper session"),
    ({"version": 99}, "version 99"),
    ({"screen": "nowhere"}, "screen"),
    ({"hourglass": {"phase": "running"}}, "hourglass"),
    ({"cursors": {"home": -1}}, "cursors"),
])
def test_damaged_snapshots_are_refused_by_name(damage: dict[str, Any], key: str) -> None:
    t = Table()
    saved = snapshot.take(t.app, t.now) | damage
    with pytest.raises(snapshot.SnapshotError, match=key):
        snapshot.check(saved)


def test_keymap_screen_is_shown_once_and_any_key_leaves_it() -> None:
    t = Table(first=Screen.KEYMAP)
    assert t.shows("Arrows: joystick")
    t.press(RIGHT)
    assert t.app.state is Screen.HOME


def test_key1_is_ok_and_key2_is_back() -> None:
    t = Table().press(DOWN, DOWN, DOWN, KEY1)
    assert t.app.state is Screen.TIMER_MENU
    t.press(KEY2)
    assert t.app.state is Screen.HOME


def test_a_saved_session_that_cannot_be_resumed_is_set_aside_not_deleted(
        tmp_path: Path) -> None:
    from support.box import BoxHarness

    h = BoxHarness(tmp_path)
    h.request("game.start", game="fog")
    h.close()
    saved = on_disk(tmp_path)
    saved["game"]["state"]["session"] = {"setup": "damaged"}  # a game this firmware can't read
    (tmp_path / "session.json").write_text(json.dumps(saved))
    again = BoxHarness(tmp_path)
    assert again.request("session.resume")["error"]["code"] == "not_now"  # never offered
    assert again.box.app.state.value == "problem"
    (kept,) = tmp_path.glob("session.json.bad-*")
    assert kept.name in "".join(again.lines)
    assert json.loads(kept.read_text())["game"]["state"]["session"] == {"setup": "damaged"}
