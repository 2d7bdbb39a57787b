"""What each Corps screen shows: the flow's screen and session turned into a frame.

Before the end nothing here reads an answer but Water's public circle; the key-entry screen
shows the key holder the one token being entered, and nothing else of the key.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

from fogkeeper.flow.corps import chapter, key_entry
from fogkeeper.flow.corps.chapter import ChapterItem, ModeItem, TrackerItem
from fogkeeper.flow.corps.key_entry import KeyWay
from fogkeeper.flow.corps.session import CorpsScreen
from fogkeeper.flow.kit.asides import QUIT_HINT
from fogkeeper.rules import corps
from fogkeeper.ui.corps_screens import (
    BoardView,
    CellView,
    CircleView,
    render_board,
    render_circle,
    render_key_slot,
)
from fogkeeper.ui.draw import Frame
from fogkeeper.ui.icons import Icon
from fogkeeper.ui.screens import MenuItem, MenuView, MessageView, render_menu, render_message

if TYPE_CHECKING:
    from fogkeeper.flow.corps.game import CorpsFlow

C = CorpsScreen

MODE_LABELS = {ModeItem.MAP: "Map", ModeItem.FOG: "Fog chapter",
               ModeItem.NOTEBOOK: "Previous Chapter"}
KEY_LABELS = {KeyWay.JOYSTICK: "Enter on joystick", KeyWay.LINK: "Load over link",
              KeyWay.SEAL: "Seal entered key", KeyWay.NO_KEY: "Play without key"}
CHAPTER_LABELS = {ChapterItem.BOARD: "Guess board", ChapterItem.TRACKER: "Tracker",
                  ChapterItem.WHY: "Can we end?", ChapterItem.END: "End chapter",
                  ChapterItem.LOSE: "Lost (core rules)",
                  ChapterItem.KEY_HOLDER: "Key holder", ChapterItem.SETUP: "Setup reminder"}
TRACKER_LABELS = {TrackerItem.TIPI: "Tipi revealed", TrackerItem.MONSTERS: "Monsters",
                  TrackerItem.WATER: "Water", TrackerItem.EXPLORE: "Explore",
                  TrackerItem.ROW: "Row complete",
                  TrackerItem.SKULL: "Skull found", TrackerItem.NIGHT: "Night fell",
                  TrackerItem.WHY: "Can we end?", TrackerItem.UNDO: "Undo last"}
NO_TERRAIN_LABEL = "another Terrain"
TRACKER_HINTS = {TrackerItem.TIPI: "OK +1 Tipi", TrackerItem.MONSTERS: "OK list",
                 TrackerItem.WATER: "<> -1 / +1", TrackerItem.EXPLORE: "<> Terrain OK",
                 TrackerItem.ROW: "<> row  OK complete",
                 TrackerItem.SKULL: "OK: a Skull found", TrackerItem.NIGHT: "OK: night began",
                 TrackerItem.WHY: "OK why", TrackerItem.UNDO: "OK undo"}


def menu_rows(flow: CorpsFlow, screen: CorpsScreen) -> tuple[str, ...]:
    """The labels of the menu ``screen`` right now (what is drawn, never what is compared)."""
    s = flow.session
    if screen is C.MODE:
        return tuple(MODE_LABELS[item] for item in chapter.MODE_ITEMS)
    if screen is C.KEY_MENU:
        return tuple(KEY_LABELS[way] for way in key_entry.key_ways(s))
    if screen is C.PICK:
        return tuple(t.value.capitalize() for t in chapter.pickable(s))
    if screen is C.CHAPTER:
        return tuple(CHAPTER_LABELS[item] for item in chapter.chapter_items(s))
    if screen is C.TRACKER:
        return tuple(TRACKER_LABELS[item] for item in chapter.TRACKER_ITEMS)
    if screen is C.MONSTERS:
        return chapter.monster_names(s.options)
    if screen is C.TERRAIN:
        return tuple(terrain or NO_TERRAIN_LABEL
                     for terrain in chapter.terrain_choices(s.options, s.terrain_card))
    if screen is C.WHY:
        return chapter.end_reasons(s.chapter)
    if screen is C.SETUP:
        return chapter.setup_rows(s)
    if screen is C.REVIEW:
        return tuple(str(slot) for slot in corps.SLOTS)
    return ()


def corps_frame(flow: CorpsFlow) -> Frame:
    """The frame for the flow's current screen."""
    return RENDERERS[flow.state](flow)


def _hint(flow: CorpsFlow, usual: str) -> str:
    return flow.session.note or usual


def _menu(flow: CorpsFlow, title: str, values: Mapping[str, str], hint: str) -> Frame:
    items = tuple(MenuItem(label, values.get(label, "")) for label in menu_rows(flow, flow.state))
    return render_menu(MenuView(title, items, flow.session.cursor(flow.state), _hint(flow, hint)))


def _message(flow: CorpsFlow, title: str, lines: tuple[str, ...], hint: str,
             big: str = "", icon: Icon | None = None) -> Frame:
    return render_message(MessageView(title, lines, _hint(flow, hint), big, icon=icon))


def _map(flow: CorpsFlow) -> str:
    return f"map {flow.session.chapter.map_id or flow.session.map_choice}"


def _mode(flow: CorpsFlow) -> Frame:
    return _menu(flow, "Corps: Fog", {MODE_LABELS[ModeItem.MAP]: f"< {flow.session.map_choice} >"},
                 "<> map  OK start")


def _key_menu(flow: CorpsFlow) -> Frame:
    return _menu(flow, f"Answer key, {_map(flow)}", {}, "key holder only  B back")


def _key_slot(flow: CorpsFlow) -> Frame:
    entry = flow.session.key_entry
    assert entry is not None  # KEY_SLOT is entered with an entry
    return render_key_slot(f"Key, {_map(flow)}", entry.slot, entry.current.value,
                           key_entry.KEY_HINT)


def _key_wait(flow: CorpsFlow) -> Frame:
    return _message(flow, "Key over the link", ("Send corps.key with the", "key and the PIN.",
                                                f"This chapter: {_map(flow)}"), "B back")


def _pad(flow: CorpsFlow) -> Frame:
    return flow.pad.frame(flow.context.pin_wait())


def _seal_no_pin(flow: CorpsFlow) -> Frame:
    return _message(flow, "No PIN set", ("The key seals without one", "and nobody can open it",
                                         "before the end."), "OK seal  B back")


def _sealed(flow: CorpsFlow) -> Frame:
    water = flow.session.chapter.board.water_slot
    where = f"Water: circle {water}" if water is not None else "key sealed"
    return _message(flow, "Key sealed", (f"{_map(flow).capitalize()}, {where}.",
                                         "Hand the box over."), "OK guess board",
                    icon=Icon.HAND_OFF)   # a hand-off never looks like a turn


def _board(flow: CorpsFlow) -> Frame:
    s = flow.session
    board = s.chapter.board
    cells = tuple(CellView(slot, board.token_at(slot) or "", slot == board.water_slot)
                  for slot in corps.SLOTS)
    status = corps.key_status(s.chapter)
    placed = corps.SLOT_COUNT - len(board.empty_slots)
    corner = f"{placed}/9" + (" open" if status is corps.KeyStatus.ENTERED else "")
    notebook = s.chapter.mode is corps.ChapterMode.NOTEBOOK
    title = _map(flow).capitalize() + (" notes" if notebook else "")
    view = BoardView(title, corner, cells, s.cursor_slot, _hint(flow, _board_hint(flow)),
                     s.carried)
    return render_board(view)


def _board_hint(flow: CorpsFlow) -> str:
    s = flow.session
    if flow.state is C.CARRY:
        return "OK drop  B off the board"
    if chapter.on_fixed_water(s):
        return "Water stays  B menu"
    if chapter.on_empty_circle(s):
        return "OK place  B menu"
    return "OK move  B menu"


def _pick(flow: CorpsFlow) -> Frame:
    return _menu(flow, f"Circle {flow.session.cursor_slot}: place", {}, "OK place  B back")


def _can_end(flow: CorpsFlow) -> str:
    return "yes" if corps.can_end(flow.session.chapter)[0] else "no"


def _chapter(flow: CorpsFlow) -> Frame:
    s = flow.session
    values = {CHAPTER_LABELS[ChapterItem.BOARD]:
              f"{corps.SLOT_COUNT - len(s.chapter.board.empty_slots)}/9",
              CHAPTER_LABELS[ChapterItem.WHY]: _can_end(flow),
              CHAPTER_LABELS[ChapterItem.KEY_HOLDER]: corps.key_status(s.chapter).value}
    return _menu(flow, "Chapter", values, "OK open  B board")


def _tracker(flow: CorpsFlow) -> Frame:
    s = flow.session
    tracker = s.chapter.tracker
    tipis = f"{tracker.tipis_revealed}" + ("" if tracker.end_unlocked else "/3")
    row = f"<{s.row_choice}>" + (" done" if s.row_choice in tracker.rows_completed else "")
    by_item = {TrackerItem.TIPI: tipis, TrackerItem.MONSTERS: f"{len(tracker.monsters)} up",
               TrackerItem.WATER: str(tracker.water), TrackerItem.ROW: row,
               TrackerItem.EXPLORE: _explore_choice(flow),
               TrackerItem.WHY: _can_end(flow)}
    values = {TRACKER_LABELS[item]: value for item, value in by_item.items()}
    hint = TRACKER_HINTS[flow.tracker.chosen_item()]
    return _menu(flow, "Tracker", values, hint + "  B back")


def _explore_choice(flow: CorpsFlow) -> str:
    choices = chapter.explore_terrains(flow.session)
    return choices[flow.session.explore_choice % len(choices)]


def _lose_confirm(flow: CorpsFlow) -> Frame:
    return _message(flow, "Lost by the core rules?", ("The chapter ends lost;", "the key can still",
                                                        "be revealed."), "hold OK: lost  B back")


def _monsters(flow: CorpsFlow) -> Frame:
    tracker = flow.session.chapter.tracker
    values = {name: "killed" for name in tracker.monsters_killed}
    for monster in tracker.monsters:
        values[monster.card] = "up" if monster.status.value == "active" else "asleep"
    return _menu(flow, "Monsters", values, "OK up/kill  > Herbs")


def _terrain(flow: CorpsFlow) -> Frame:
    s = flow.session
    printed = chapter.printed_terrain(s.options, s.terrain_card)
    values = {printed: "card"} if printed else {}
    said = "asleep" if s.terrain_dormant else "face up"
    return _menu(flow, f"{s.terrain_card}: Terrain", values, f"OK {said}  B back")


def _setup(flow: CorpsFlow) -> Frame:
    title = "Setup: " + ("Fog" if flow.session.chapter.mode is corps.ChapterMode.FOG
                         else "previous Ch.")
    then = "back" if flow.session.board_opened else "board"   # at setup: the board is next
    return _menu(flow, title, {}, f"^v read  OK {then}")


def _why(flow: CorpsFlow) -> Frame:
    return _menu(flow, "Can we end?", {}, "OK back")


def _end_confirm(flow: CorpsFlow) -> Frame:
    return _message(flow, "End the chapter?", ("Guesses lock and the", "covering comes off."),
                    "hold OK: end  B not yet")


def _reveal(flow: CorpsFlow) -> Frame:
    s = flow.session
    shown = s.chapter.revealed
    if shown == 0:
        slowly = s.options.reveal_pacing is corps.RevealPacing.SLOT_BY_SLOT
        first = "OK: circle by circle" if slowly else "OK: all circles"
        return _message(flow, "The reveal", ("The covering comes off.", first,
                                             "hold OK: all at once"), "OK start")
    step = corps.verdict(s.chapter).steps[shown - 1]
    done = shown >= corps.SLOT_COUNT
    view = CircleView("The reveal", step.slot, step.guess.value if step.guess else "",
                      step.answer.value, step.right, f"{shown}/9",
                      _hint(flow, "OK verdict" if done else "OK next  hold OK all"))
    return render_circle(view)


VERDICT_WORDS = {corps.Outcome.WON: ("WON", "The fog lifts"),
                 corps.Outcome.LOST_TO_THE_FOG: ("LOST", "Lost to the fog"),
                 corps.Outcome.LOST_CORE_RULES: ("LOST", "Lost by the core rules"),
                 corps.Outcome.NOT_JUDGED: ("NOTES", "Notebook check")}


# the second cue beside the words: a star for a win, a crossed ring for a loss
VERDICT_ICONS = {corps.Outcome.WON: Icon.WIN, corps.Outcome.LOST_TO_THE_FOG: Icon.LOSS,
                 corps.Outcome.LOST_CORE_RULES: Icon.LOSS}


def _verdict(flow: CorpsFlow) -> Frame:
    chapter_state = flow.session.chapter
    if chapter_state.key is None:
        return _message(flow, "Chapter over", ("No key was entered:", "nothing to reveal."),
                        "hold B: quit")
    verdict = corps.verdict(chapter_state)
    big, said = VERDICT_WORDS[verdict.outcome]
    count = f"{verdict.right_count}/{corps.SLOT_COUNT}"
    return _message(flow, "Verdict", (said,), "OK circles  hold B: quit", big=f"{big} {count}",
                    icon=VERDICT_ICONS.get(verdict.outcome))


def _review(flow: CorpsFlow) -> Frame:
    items = []
    for step in corps.verdict(flow.session.chapter).steps:
        guess = step.guess.value if step.guess else "-"
        items.append(MenuItem(f"{step.slot} {step.answer.value.capitalize()}",
                              "right" if step.right else f"not {guess.capitalize()}"))
    return render_menu(MenuView("Circles", tuple(items), flow.session.cursor(C.REVIEW),
                                "B verdict"))


def _no_pin(flow: CorpsFlow) -> Frame:
    return _message(flow, "Key holder", ("No PIN is set, so the key", "stays sealed until the",
                                         "end of the chapter."), "OK back")


def _quit(flow: CorpsFlow) -> Frame:
    lines = (("The record is saved.",) if flow.session.chapter.ended
             else ("The chapter is lost", "if you quit now."))
    return _message(flow, "Quit Corps?", lines, QUIT_HINT)


RENDERERS: dict[CorpsScreen, Callable[[CorpsFlow], Frame]] = {
    C.MODE: _mode, C.KEY_MENU: _key_menu, C.KEY_SLOT: _key_slot, C.KEY_WAIT: _key_wait,
    C.SEAL_PIN: _pad, C.SEAL_NO_PIN: _seal_no_pin, C.SEALED: _sealed, C.BOARD: _board,
    C.PICK: _pick, C.CARRY: _board, C.CHAPTER: _chapter, C.TRACKER: _tracker,
    C.MONSTERS: _monsters, C.TERRAIN: _terrain, C.WHY: _why, C.SETUP: _setup,
    C.END_CONFIRM: _end_confirm,
    C.LOSE_CONFIRM: _lose_confirm, C.REVEAL: _reveal,
    C.VERDICT: _verdict, C.REVIEW: _review, C.UNSEAL_PIN: _pad, C.NO_PIN: _no_pin,
    C.QUIT: _quit,
}
