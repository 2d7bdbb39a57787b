"""The chapter's setup, as the rulebook asks it, can be read again from the chapter menu:
the Fog chapter's own changes (no Peak, no Irene, the first Exploration in Column 7...), or,
for Fog in a previous Chapter, that Chapter's setup and cards."""

from __future__ import annotations

from flow.corps.corps_table import DOWN, OK, UP, B, Table, shuffled_key
from flow.corps.test_corps_joystick import sealed_table
from fogkeeper.flow.corps import CorpsScreen as C
from fogkeeper.flow.corps.chapter import ChapterItem
from fogkeeper.flow.corps.views import CHAPTER_LABELS


def _open_setup(t: Table) -> Table:
    t.press(B)  # the board -> the chapter menu
    assert t.screen is C.CHAPTER
    t.press(*[DOWN] * 8)  # the menu's last row
    assert t.shows(CHAPTER_LABELS[ChapterItem.SETUP])
    return t.press(OK)


def test_the_fog_chapters_setup_reads_on_the_box() -> None:
    t = _open_setup(sealed_table(shuffled_key(5, map_id=3)))
    assert t.screen is C.SETUP and t.lines[0].startswith("Setup: Fog")
    seen: list[str] = []
    for _ in range(14):  # every row, walked with the cursor as a player would
        seen += t.lines[1:-1]
        t.press(DOWN)
    text = " ".join(seen)
    for reminder in ("No Peak", "Irene cannot be used", "Path in Column 7", "Water rule"):
        assert reminder in text, reminder
    t.press(*[UP] * 14)
    t.frame.image.resize((512, 256)).save("/tmp/corps-setup.png")
    t.press(OK)
    assert t.screen is C.CHAPTER


def test_fog_in_a_previous_chapter_reminds_of_that_chapters_setup() -> None:
    t = Table().open_corps().choose(2, notebook=True)
    if t.screen is not C.BOARD:  # no key asked for in a previous Chapter by default
        t.press(B)
    t = _open_setup(t)
    assert t.screen is C.SETUP and "previous" in t.lines[0]
    assert t.shows("That Chapter's setup") and not t.shows("No Peak")
    t.press(UP, B)
    assert t.screen is C.CHAPTER


def test_the_setup_shows_before_the_board_first_opens_and_goes_on_to_it() -> None:
    t = Table().open_corps().choose(3).enter_key(shuffled_key(5, map_id=3)).type_pin()
    t.press(OK)  # "Key sealed, hand the box over": the table reads its setup first
    assert t.screen is C.SETUP and t.lines[-1] == "^v read  OK board"
    assert t.shows("No Peak") and t.shows("Irene cannot be used")
    t.press(OK)
    assert t.screen is C.BOARD
    t.press(B, *[DOWN] * 8, OK)  # read again later, from the chapter menu: back goes there
    assert t.screen is C.SETUP and t.lines[-1] == "^v read  OK back"
    t.press(OK)
    assert t.screen is C.CHAPTER


def test_the_link_reads_the_same_setup_reminders() -> None:
    t = Table().open_corps()
    reminders = t.game.commands.call(t.game, "state", {})["setup"]
    assert "No Peak" in reminders and "Irene cannot be used" in reminders
    assert "First Exploration: a Path in Column 7" in reminders
    assert "Given Hill: remove its Path token" in reminders
