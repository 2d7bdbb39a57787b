"""One chapter played twice, once on the joystick and once entirely over the link, ends in the
same game record: the key, the guesses, the Tipis, Water, a Monster named by the Terrain its
card prints (a card the box's data does not know), the Explore that costs its Water, the kill.
"""

from __future__ import annotations

from typing import Any

from flow.corps.corps_table import DOWN, HOLD, OK, PIN, RIGHT, UP, B, Table, key_text, shuffled_key
from flow.corps.test_corps_joystick import end_from_menu, fill_board, right_guesses, sealed_table
from fogkeeper.flow.corps import CorpsScreen as C
from fogkeeper.flow.corps.chapter import terrain_choices
from fogkeeper.rules import corps

KEY = shuffled_key(21, map_id=4)
TERRAIN = "Mud"   # printed on the Monster 2 card; the shipped data leaves it unnamed


def on_the_joystick() -> dict[str, Any]:
    t = fill_board(sealed_table(KEY), right_guesses(KEY))
    t.tracker_row("Tipi revealed").press(OK, OK, OK)
    t.tracker_row("Water").press(RIGHT, RIGHT)
    t.tracker_row("Monsters").press(OK, DOWN, OK)         # Monster 2 turns face up
    assert t.screen is C.TERRAIN and t.lines[0].startswith("Monster 2: Terrain")
    terrains = terrain_choices(t.game.session.options, "Monster 2")
    t.press(*[DOWN] * terrains.index(TERRAIN), OK)       # the Terrain its card names
    assert t.screen is C.MONSTERS and t.shows("Monster 2: up")
    t.press(B).tracker_row("Explore")
    assert t.shows(f"Explore: {TERRAIN}")
    t.press(OK)                                           # an Explore revealed Mud: 1 Water
    t.tracker_row("Monsters").press(OK, UP, DOWN, OK, B, B)  # Monster 2 killed; menu
    end_from_menu(t)
    assert t.screen is C.REVEAL
    t.press(HOLD)
    return t.effects.records[0]


def over_the_link() -> dict[str, Any]:
    t = Table().open_corps()

    def ok(cmd: str, **args: object) -> dict[str, object]:
        return t.game.commands.call(t.game, cmd, args)

    ok("key", pin=PIN, key=key_text(KEY))
    for slot in corps.SLOTS:
        if slot != KEY.water_slot:
            ok("guess", op="place", token=KEY.answer(slot).value, slot=slot)
    for _ in range(3):
        ok("track", event="tipi")
    ok("track", event="water", delta=2)
    ok("track", event="monster", card="Monster 2", terrain=TERRAIN)
    assert ok("track", event="explore", terrain=TERRAIN)["water_lost"] == 1
    ok("track", event="kill", card="Monster 2")
    ok("end")
    ok("reveal", all=True)
    return t.effects.records[0]


def test_the_joystick_and_the_link_reach_the_same_record() -> None:
    joystick, link = on_the_joystick(), over_the_link()
    tracker = joystick["tracker"]
    assert tracker["water"] == 1 and tracker["monsters_killed"] == ["Monster 2"]
    assert joystick == link


def test_a_card_the_box_does_not_know_is_face_up_with_its_terrain_on_both_sides() -> None:
    t = sealed_table(KEY)
    t.tracker_row("Monsters").press(OK, DOWN, OK, *[DOWN] * 3, OK)  # Monster 2, 4th Terrain
    on_box = t.game.session.chapter.tracker.monsters
    t.game.commands.call(t.game, "track", {"event": "monster", "card": "Monster 3",
                                           "terrain": "Mud"})
    by_link = t.game.session.chapter.tracker.monsters[-1]
    assert [(m.card, m.terrain) for m in (*on_box, by_link)] == [("Monster 2", "Mud"),
                                                                  ("Monster 3", "Mud")]
