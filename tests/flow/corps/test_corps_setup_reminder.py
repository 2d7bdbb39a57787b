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
