"""The checklist's shown values are made once per choices (a press asks for them twice), and
never answered from choices that have since changed, in place or by a new setup."""

from __future__ import annotations

from flow.fog.drivers import AppDriver
from flow.fog.fog_table import OK
from fogkeeper.flow.fog.setup import checklist, settle


def values(setup: dict[str, object]) -> dict[str, str]:
    return {row.label: value for row, value in checklist(setup)}


def test_a_setup_changed_in_place_shows_its_new_values() -> None:
    t = AppDriver()
    t.press(OK)
    setup = t.fog.s.setup
    assert values(setup)["Players"] == "4"
    setup["players"] = 3   # the same dict, changed under the memo
    assert values(setup)["Players"] == "3"
    assert "Colour 4" not in values(setup)  # and the rows that go with it


def test_two_setups_asked_in_turn_each_get_their_own() -> None:
    t = AppDriver()
    t.press(OK)
    first = t.fog.s.setup
    second = {**first, "players": 2, "hourglass": True}
    for _ in range(2):
        assert values(first)["Players"] == "4" and values(second)["Players"] == "2"
        assert values(second)["1 Hourglass"] == "on" and values(first)["1 Hourglass"] == "off"
    assert values(first) == {row.label: value for row, value in checklist(dict(first))}


def test_a_settled_setup_is_the_callers_own() -> None:
    """Settled once for choices that read the same, handed out as a copy: a session that
    changes its setup in place changes no later answer."""
    t = AppDriver()
    t.press(OK)
    asked = {**t.fog.s.setup, "players": 3}
    first = settle(asked)
    first["colours"][0] = "changed in place"
    first["players"] = 6
    again = settle(asked)
    assert again["players"] == 3 and again["colours"][0] != "changed in place"
    assert again is not first and again["colours"] is not first["colours"]
