"""What each Corps screen shows: the flow's state turned into a view and a frame.

Before the end nothing here reads an answer but Water's public circle; the key-entry screen
shows the key holder the one token being entered, and nothing else of the key.
"""

from __future__ import annotations

from collections.abc import Callable

from fogkeeper.flow.corps_model import CorpsModel, CorpsScreen
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
from fogkeeper.ui.screens import MenuItem, MenuView, MessageView, render_menu, render_message

C = CorpsScreen
Flow = CorpsModel


def corps_frame(flow: Flow, now: float) -> Frame:
    """The frame for the flow's current screen."""
    return RENDERERS[flow.state](flow)


def _hint(flow: Flow, usual: str) -> str:
    return flow.note or usual


def _menu(flow: Flow, title: str, values: dict[str, str], hint: str) -> Frame:
    items = tuple(MenuItem(label, values.get(label, "")) for label in flow.menu_items(flow.state))
    return render_menu(MenuView(title, items, flow.cursor(flow.state), _hint(flow, hint)))


def _message(flow: Flow, title: str, lines: tuple[str, ...], hint: str, big: str = "") -> Frame:
    return render_message(MessageView(title, lines, _hint(flow, hint), big))


def _map(flow: Flow) -> str:
    return f"map {flow.chapter.map_id or flow.map_choice}"


def _mode(flow: Flow) -> Frame:
    return _menu(flow, "Corps: Fog", {"Map": f"< {flow.map_choice} >"}, "<> map  OK start")


def _key_menu(flow: Flow) -> Frame:
    return _menu(flow, f"Answer key, {_map(flow)}", {}, "key holder only  B back")


def _key_slot(flow: Flow) -> Frame:
    entry = flow.key_entry
    assert entry is not None  # KEY_SLOT is entered with an entry
    return render_key_slot(f"Key, {_map(flow)}", entry.slot, entry.current.value,
                           "^v token  OK next  B back")


def _key_wait(flow: Flow) -> Frame:
    return _message(flow, "Key over the link", ("Send corps.key with the", "key and the PIN.",
                                                f"This chapter: {_map(flow)}"), "B back")


def _pad(flow: Flow) -> Frame:
    return flow.pad.frame()


def _seal_no_pin(flow: Flow) -> Frame:
    return _message(flow, "No PIN set", ("The key seals without one", "and nobody can open it",
                                         "before the end."), "OK seal  B back")


def _sealed(flow: Flow) -> Frame:
    water = flow.chapter.board.water_slot
    where = f"Water: circle {water}" if water is not None else "key sealed"
    return _message(flow, "Key sealed", (f"{_map(flow).capitalize()}, {where}.",
                                         "Hand the box over."), "OK guess board")


def _board(flow: Flow) -> Frame:
    board = flow.chapter.board
    cells = tuple(CellView(slot, board.token_at(slot) or "", slot == board.water_slot)
                  for slot in corps.SLOTS)
    status = corps.key_status(flow.chapter)
    placed = corps.SLOT_COUNT - len(board.empty_slots)
    corner = f"{placed}/9" + (" open" if status is corps.KeyStatus.ENTERED else "")
    title = _map(flow).capitalize() + (" notes" if _notebook(flow) else "")
    view = BoardView(title, corner, cells, flow.cursor_slot, _hint(flow, _board_hint(flow)),
                     flow.carried)
    return render_board(view)


def _notebook(flow: Flow) -> bool:
    return flow.chapter.mode is corps.ChapterMode.NOTEBOOK


def _board_hint(flow: Flow) -> str:
    if flow.state is C.CARRY:
        return "OK drop  B off the board"
    if flow.chapter.board.water_slot == flow.cursor_slot:
        return "Water stays  B menu"
    if flow.chapter.board.token_at(flow.cursor_slot) is None:
        return "OK place  B menu"
    return "OK move  B menu"


def _pick(flow: Flow) -> Frame:
    return _menu(flow, f"Circle {flow.cursor_slot}: place", {}, "OK place  B back")


def _chapter(flow: Flow) -> Frame:
    board = flow.chapter.board
    values = {"Guess board": f"{corps.SLOT_COUNT - len(board.empty_slots)}/9",
              "Can we end?": "yes" if corps.can_end(flow.chapter)[0] else "no",
              "Key holder": corps.key_status(flow.chapter).value}
    return _menu(flow, "Chapter", values, "OK open  B board")


TRACKER_HINTS = {"Tipi revealed": "OK +1 Tipi", "Monsters": "OK list", "Water": "<> -1 / +1",
                 "Row complete": "<> row  OK complete", "Skull found": "OK: a Skull found",
                 "Night fell": "OK: night began", "Can we end?": "OK why",
                 "Undo last": "OK undo"}


def _tracker(flow: Flow) -> Frame:
    tracker = flow.chapter.tracker
    tipis = f"{tracker.tipis_revealed}" + ("" if tracker.end_unlocked else "/3")
    row = f"<{flow.row_choice}>" + (" done" if flow.row_choice in tracker.rows_completed else "")
    values = {"Tipi revealed": tipis, "Monsters": f"{len(tracker.monsters)} up",
              "Water": str(tracker.water), "Row complete": row,
              "Can we end?": "yes" if corps.can_end(flow.chapter)[0] else "no"}
    hint = TRACKER_HINTS.get(flow.chosen(C.TRACKER), "")
    return _menu(flow, "Tracker", values, hint + "  B back")


def _monsters(flow: Flow) -> Frame:
    tracker = flow.chapter.tracker
    values = {name: "killed" for name in tracker.monsters_killed}
    for monster in tracker.monsters:
        values[monster.card] = "up" if monster.status.value == "active" else "asleep"
    return _menu(flow, "Monsters", values, "OK up/kill  > Herbs")


def _why(flow: Flow) -> Frame:
    return _menu(flow, "Can we end?", {}, "OK back")


def _end_confirm(flow: Flow) -> Frame:
    return _message(flow, "End the chapter?", ("Guesses lock and the", "covering comes off."),
                    "hold OK: end  B not yet")


def _reveal(flow: Flow) -> Frame:
    shown = flow.chapter.revealed
    if shown == 0:
        slowly = flow.options.reveal_pacing is corps.RevealPacing.SLOT_BY_SLOT
        first = "OK: circle by circle" if slowly else "OK: all circles"
        return _message(flow, "The reveal", ("The covering comes off.", first,
                                             "hold OK: all at once"), "OK start")
    step = corps.verdict(flow.chapter).steps[shown - 1]
    done = shown >= corps.SLOT_COUNT
    view = CircleView("The reveal", step.slot, step.guess.value if step.guess else "",
                      step.answer.value, step.right, f"{shown}/9",
                      _hint(flow, "OK verdict" if done else "OK next  hold OK all"))
    return render_circle(view)


VERDICT_WORDS = {corps.Outcome.WON: ("WON", "The fog lifts"),
                 corps.Outcome.LOST_TO_THE_FOG: ("LOST", "Lost to the fog"),
                 corps.Outcome.LOST_CORE_RULES: ("LOST", "Lost by the core rules"),
                 corps.Outcome.NOT_JUDGED: ("NOTES", "Notebook check")}


def _verdict(flow: Flow) -> Frame:
    if flow.chapter.key is None:
        return _message(flow, "Chapter over", ("No key was entered:", "nothing to reveal."),
                        "hold B: quit")
    verdict = corps.verdict(flow.chapter)
    big, said = VERDICT_WORDS[verdict.outcome]
    count = f"{verdict.right_count}/{corps.SLOT_COUNT}"
    return _message(flow, "Verdict", (said,), "OK circles  hold B: quit", big=f"{big} {count}")


def _review(flow: Flow) -> Frame:
    items = []
    for step in corps.verdict(flow.chapter).steps:
        guess = step.guess.value if step.guess else "-"
        items.append(MenuItem(f"{step.slot} {step.answer.value.capitalize()}",
                              "right" if step.right else f"not {guess.capitalize()}"))
    return render_menu(MenuView("Circles", tuple(items), flow.cursor(C.REVIEW), "B verdict"))


def _no_pin(flow: Flow) -> Frame:
    return _message(flow, "Key holder", ("No PIN is set, so the key", "stays sealed until the",
                                         "end of the chapter."), "OK back")


def _quit(flow: Flow) -> Frame:
    lines = (("The record is saved.",) if flow.chapter.ended
             else ("The chapter is lost", "if you quit now."))
    return _message(flow, "Quit Corps?", lines, "OK quit  B stay")


RENDERERS: dict[CorpsScreen, Callable[[Flow], Frame]] = {
    C.MODE: _mode, C.KEY_MENU: _key_menu, C.KEY_SLOT: _key_slot, C.KEY_WAIT: _key_wait,
    C.SEAL_PIN: _pad, C.SEAL_NO_PIN: _seal_no_pin, C.SEALED: _sealed, C.BOARD: _board,
    C.PICK: _pick, C.CARRY: _board, C.CHAPTER: _chapter, C.TRACKER: _tracker,
    C.MONSTERS: _monsters, C.WHY: _why, C.END_CONFIRM: _end_confirm, C.REVEAL: _reveal,
    C.VERDICT: _verdict, C.REVIEW: _review, C.UNSEAL_PIN: _pad, C.NO_PIN: _no_pin,
    C.QUIT: _quit,
}
