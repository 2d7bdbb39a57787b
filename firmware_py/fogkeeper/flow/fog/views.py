"""What each FOG screen shows: the flow's state turned into a view and a frame."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from fogkeeper.errors import FogkeeperError
from fogkeeper.flow.fog import board_check, missions, table_cards
from fogkeeper.flow.fog.boats import boat
from fogkeeper.flow.fog.fog_step import loss_colour, step_rows
from fogkeeper.flow.fog.menus import menu_rows
from fogkeeper.flow.fog.scoring import islander_label
from fogkeeper.flow.fog.session import Ask, Purpose, display_name
from fogkeeper.flow.fog.table import FogScreen
from fogkeeper.flow.fog.turns import price
from fogkeeper.flow.hourglass import Phase
from fogkeeper.flow.kit.asides import QUIT_HINT
from fogkeeper.rules.fog import Refusal, current_turn
from fogkeeper.rules.fog.cards import FogCard
from fogkeeper.ui.draw import Frame
from fogkeeper.ui.fog_screens import (
    BoardValueView,
    FormView,
    TurnView,
    render_board_value,
    render_form,
    render_turn,
)
from fogkeeper.ui.icons import Icon
from fogkeeper.ui.screens import (
    MENU_ROWS,
    MenuItem,
    MenuView,
    MessageView,
    mm_ss,
    render_menu,
    render_message,
)

if TYPE_CHECKING:
    from fogkeeper.flow.fog.flow import FogFlow

F = FogScreen
NO_UNDO = "No undo past this point"
RESUMED_HINT = "resumed: OK go on"   # a restart's turn: the first press ends nothing
MENU_LOOK: dict[FogScreen, tuple[str, str]] = {   # title, hint
    F.SETUP: ("The FOG setup", "<> change  hold OK: Start"),
    F.VALUES: ("Tile values", "<> value  OK on Done"),
    F.INFO: ("Set up the table", "^v read  OK go on"),
    F.OPEN: ("Open missions", "for all  OK go on"),
    F.REVIEW: ("Review", "OK edit / score"),
    F.DETAIL: ("Breakdown", "^v read  OK back"),
}


def frame(flow: FogFlow, now: float) -> Frame:
    """The frame for the flow's current screen at time ``now``."""
    return RENDERERS.get(flow.screen, _menu)(flow, now)


def _menu(flow: FogFlow, now: float) -> Frame:
    title, hint = MENU_LOOK.get(flow.screen, (flow.screen.value, "OK"))
    return _list(flow, title, hint)


def _list(flow: FogFlow, title: str, hint: str, corner: str = "", *,
          lines_on_panel_only: bool = False) -> Frame:
    items = tuple(MenuItem(r.label, r.value) for r in menu_rows(flow.s, flow.screen))
    cursor = min(flow.s.cursor, max(0, len(items) - 1))
    return render_menu(MenuView(title, items, cursor, hint, corner, lines_on_panel_only))


def _history(flow: FogFlow, now: float) -> Frame:
    """Past games: as many as the records folder holds, so the link gets the rows on the
    panel, never the whole list (a few hundred games would not fit a line). The session
    holds one page of it: the corner says where the line is in the whole list (12/300)."""
    s = flow.s
    scrolls = s.history_pages > 1 or len(s.history) > MENU_ROWS
    at = min(s.cursor, len(s.history_places) - 1)
    corner = f"{s.history_places[at]}/{s.history_rows}" if scrolls and at >= 0 else ""
    return _list(flow, "Past games", "^v read  OK back", corner, lines_on_panel_only=True)


def _form(flow: FogFlow, title: str, note: str, hint: str, reminder: str = "") -> Frame:
    fields = tuple((r.label, r.value) for r in menu_rows(flow.s, flow.screen))
    return render_form(FormView(title, fields, flow.s.cursor, note, hint, reminder=reminder))


def _message(title: str, lines: tuple[str, ...], hint: str, big: str = "",
             icon: Icon | None = None) -> Frame:
    return render_message(MessageView(title, lines, hint, big=big, icon=icon))


def _pass(flow: FogFlow, now: float) -> Frame:
    turn = missions.mission_turn(flow.s)
    who = turn.player if turn else ""
    return _message("Secret mission", (f"Pass the box to {who},", "then hold OK.",
                                       "Nobody else looks!"), "hold OK: show cards", big=who,
                    icon=Icon.HAND_OFF)   # a hand-off never looks like a turn


def _hand(flow: FogFlow, now: float) -> Frame:
    """The cards are drawn on the panel only: a private frame (the link gets neither its text
    nor its picture), whose own text lines say which card is chosen, never what it is."""
    s = flow.s
    turn = missions.mission_turn(s)
    title = f"{turn.player if turn else ''}: keep one"
    if s.reading:
        items = tuple(MenuItem(r.label, r.value) for r in menu_rows(s, F.HAND))
        view = MenuView(f"Card {s.cursor + 1}, in full", items, s.read_line,
                        "^v read <back OK keep")
        shown = render_menu(view)
    else:
        shown = _list(flow, title, "^v choose > read OK keep")
    cards = len(missions.hand(s))
    lines = [f"{'>' if i == s.cursor else ' '} card {i + 1} (on the panel only)"
             for i in range(cards)]
    return Frame(shown.image, (title, *lines, "^v choose  OK keep"), private=True)


def _draft(flow: FogFlow, now: float) -> Frame:
    s = flow.s
    pick = min(s.draft_pick, len(s.draft) - 1)
    after = s.draft[pick + 1] if pick + 1 < len(s.draft) else ""
    line = f"then {display_name(after)}" if after else "last pick"
    if s.draft_leader:          # option 10: this pick takes a designated Leader
        leader = s.leaders[s.draft_leader - 1]
        line = f"<> L{s.draft_leader} {leader.nation} {leader.type.value}"
    elif s.leaders and missions.free_leaders(s):
        line += "  <> Leader"
    lines = (line,)
    return _message(f"Draft {pick + 1}/{len(s.draft)}", lines, "OK pick  B undo  hold: end",
                    big=display_name(s.draft[pick]))


def _turn(flow: FogFlow, now: float) -> Frame:
    if flow.s.show_starts_turn:          # the round's event in full, before the first move
        lines = table_cards.text_lines(flow.s, flow.s.shown_card)
        items = tuple(MenuItem(line) for line in lines)
        view = MenuView(f"Round {flow.s.state.round_no} event", items,
                        min(flow.s.cursor, len(items) - 1), "^v read  OK play")
        return render_menu(view)
    state = flow.s.state
    turn = current_turn(state)
    event = flow.s.rules.cards.by_id(turn.event).name if turn.event else "no event"
    mp_line = f"MP {turn.mp_left}/{turn.mp_budget}" + ("  DOUBLE" if turn.double_turn
                                                      else "")
    glass, warned = _glass_line(flow, now)
    expired = flow.glass is not None and flow.glass.phase is Phase.EXPIRED
    who = "" if flow.s.solo else f" ({flow.s.player_of(turn.entry)})"
    second = glass or f"turn {turn.turn_no}{who}"
    hint = RESUMED_HINT if flow.resumed else "OK end v-1MP > cost"
    return render_turn(TurnView(event, f"FOG {state.fog_position}", display_name(turn.entry),
                                mp_line, second, hint, invert=expired, warning=warned,
                                round_label=f"R{turn.round_no}"))


def _glass_line(flow: FogFlow, now: float) -> tuple[str, bool]:
    """The hourglass's line, and whether this second is a warning's flash."""
    glass = flow.glass
    if glass is None:
        return "", False
    seconds = glass.shown_seconds(now)
    paused = " paused" if flow.resumed else " paused (< go)"   # the hint says how on
    words = {Phase.RUNNING: "", Phase.PAUSED: paused, Phase.READY: "",
             Phase.EXPIRED: ""}[glass.phase]
    warned = glass.phase is Phase.RUNNING and seconds in glass.warn_at and seconds % 2 == 1
    if glass.phase is Phase.EXPIRED:
        return "TIME UP  OK: end turn", False
    return f"hourglass {mm_ss(seconds)}{words}", warned


def _cost(flow: FogFlow, now: float) -> Frame:
    found = price(flow.s, flow.s.cost)
    if isinstance(found, Refusal):
        title, note, reminder = "Not possible", found.reason, ""
    else:   # the answer in the title, its reasons under the move
        title, note, reminder = f"It costs {found.mp} MP", "\n".join(found.reasons), found.reminder
    return _form(flow, title, note, "<> set  OK pay  B back", reminder)


def _fog(flow: FogFlow, now: float) -> Frame:
    step = flow.s.last_step
    rows = step.rows_swallowed if step else ()
    how = (f"FOG card {step.card_id}: {step.steps} step" if step and step.card_id
           else "The FOG advances 1")
    card = flow.s.rules.cards.by_id(step.card_id) if step and step.card_id else None
    if isinstance(card, FogCard) and card.steps_assumed and step and not step.shown:
        how = f"{step.card_id}: {step.steps} assumed"   # the rulebook prints only 0/2
    taken = "swallowed: " + ", ".join(rows) if rows else "no row swallowed"
    return _message(how, (taken, "B next turn: undo"), "OK go on",
                    big=f"FOG {step.to_position if step else ''}")


def _losses(flow: FogFlow, now: float) -> Frame:
    rows = ",".join(step_rows(flow.s)) if not flow.s.fixing else "all rows"
    colour = display_name(loss_colour(flow.s))
    return _list(flow, f"{colour} lost in {rows}?", "OK: add/remove/done")


ASKS: dict[Ask, tuple[str, tuple[str, ...], str]] = {   # title, lines, hint
    Ask.ROUND_END: ("End the round?", ("Last turn of the round:", "the FOG advances next."),
                    "OK: FOG  B: back"),
    Ask.UNDO_FOG: ("Undo the FOG step?", ("The FOG goes back, its", "card and losses too."),
                   "OK: undo  B: keep"),
    Ask.REMOVE_LOSS: ("Remove this loss?", (), "OK: remove  B: keep"),
    Ask.REMOVE_ISLANDER: ("Remove Islander?", (), "OK: remove  B: keep"),
    Ask.SCORE_ANYWAY: ("Score anyway?", (), "OK: score  B: back"),
    Ask.SAVE_BOARD: ("Save the board?", ("Every value matches", "the board on the table."),
                     "OK: save  B: back"),
    Ask.DROP_BOARD: ("Leave the board?", ("Values changed here", "are not saved."),
                     "OK: leave  B: stay"),
}


def _ask(flow: FogFlow, now: float) -> Frame:
    s = flow.s
    title, lines, hint = ASKS[s.asking or Ask.ROUND_END]
    if s.asking is Ask.REMOVE_LOSS and 0 <= s.removing < len(s.pending_losses):
        x = s.pending_losses[s.removing]
        lines = (f"{display_name(x.owner)} lost in {x.row}:", f"{x.nation} {x.type.value}")
    elif s.asking is Ask.SCORE_ANYWAY:
        lines = ("Board data is assumed;", "it disagrees with:", *s.notice)
    elif s.asking is Ask.SAVE_BOARD:
        changed = len(s.board_check.changed)
        title = f"Save board {s.board_check.board}?"
        lines = (*lines, f"{changed} changed here." if changed else "Nothing changed here.")
    elif s.asking is Ask.DROP_BOARD:
        changed = len(s.board_check.changed)
        lines = (f"{changed} value{'' if changed == 1 else 's'} changed", "here are not saved.")
    elif s.asking is Ask.REMOVE_ISLANDER:
        mine = s.final.get(s.colours[s.score_colour], [])
        if 0 <= s.removing < len(mine):
            lines = (display_name(s.colours[s.score_colour]),
                     islander_label(mine[s.removing]))
    return _message(title, lines, RESUMED_HINT if flow.resumed else hint)


def _board(flow: FogFlow, now: float) -> Frame:
    """One value of the owner's board walk-through."""
    check = flow.s.board_check
    values = board_check.walk(check)
    at = min(check.at, len(values) - 1)
    shown = values[at]
    hint = "<> fix  OK: save" if at == len(values) - 1 else "<> fix  OK: matches"
    title = shown.group or f"Board {check.board}"
    return render_board_value(BoardValueView(
        title, f"{at + 1}/{len(values)}", shown.label,
        board_check.text(shown.key, shown.value), shown.status, hint))


def _pick(flow: FogFlow, now: float) -> Frame:
    loss = flow.s.pick is not None and flow.s.pick.purpose is Purpose.LOSS
    title = "Lost Islander" if loss else "Islander in boat"
    return _form(flow, title, "OK add it  B cancel", "<> change ^v field")


def _score(flow: FogFlow, now: float) -> Frame:
    colour = display_name(flow.s.colours[flow.s.score_colour])
    return _list(flow, f"{colour}: boats, piers", "OK: add/remove/done")


def _picture(flow: FogFlow, now: float) -> Frame:
    return _form(flow, f"Card {flow.s.picture_card}", "as the card pictures it",
                 "<> change OK on Done")


def _card(flow: FogFlow, now: float) -> Frame:
    s = flow.s
    wanted = table_cards.card_id(s)
    try:
        note = " ".join(table_cards.text_lines(s, wanted))[:40]
    except FogkeeperError:
        note = "no such card"
    if table_cards.steps_card(s) is not None:   # its 0 or 2 is the box's guess: say it
        note = f"{wanted} 0/2: v steps shown"
    return _form(flow, table_cards.question(s), note or wanted, "<> change OK enter")


def _show(flow: FogFlow, now: float) -> Frame:
    return _list(flow, f"Round {flow.s.state.round_no} event", "^v read  OK back")


def _boats(flow: FogFlow, now: float) -> Frame:
    s = flow.s
    items = tuple(MenuItem(r.label, r.value) for r in menu_rows(s, F.BOATS))
    title = f"{display_name(s.colours[s.score_colour])}: {boat(s)} boat"
    view = MenuView(title, items, s.grid_row % max(1, len(items)),
                    "<>boat OK set hold:done")
    return render_menu(view)


def _bonus(flow: FogFlow, now: float) -> Frame:
    colour = display_name(flow.s.colours[flow.s.score_colour])
    return _list(flow, f"{colour}: bonus tiles", "<> count  OK done")


def _results(flow: FogFlow, now: float) -> Frame:
    return _list(flow, "Results", "OK details  hold B leave")


def _end_now(flow: FogFlow, now: float) -> Frame:
    return _message("End the game?", ("Nobody has an Islander", "left to move.", NO_UNDO),
                    "OK end  B back")


def _notice(flow: FogFlow, now: float) -> Frame:
    title = "Kept as entered" if flow.s.notice_kept else "Not possible"
    return _list(flow, title, "^v read  OK back")


def _quit(flow: FogFlow, now: float) -> Frame:
    done = flow.s.result is not None
    lines = ("The record is saved.",) if done else ("This game will be lost.",)
    return _message("Quit The FOG?", lines, QUIT_HINT)


RENDERERS: dict[FogScreen, Callable[[FogFlow, float], Frame]] = {
    F.PASS: _pass, F.HAND: _hand, F.DRAFT: _draft, F.TURN: _turn, F.COST: _cost,
    F.FOG: _fog, F.LOSSES: _losses, F.PICK: _pick, F.SCORE: _score, F.BONUS: _bonus,
    F.BOATS: _boats, F.CARD: _card, F.SHOW: _show, F.PICTURE: _picture,
    F.RESULTS: _results, F.END_NOW: _end_now, F.ASK: _ask, F.NOTICE: _notice, F.QUIT: _quit,
    F.BOARD: _board, F.HISTORY: _history,
}
