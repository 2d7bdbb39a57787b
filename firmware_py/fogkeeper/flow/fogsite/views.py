"""What each FOGSITE screen shows, as pure functions of the flow's session; only setup,
unlocked and end screens draw the maze."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from fogkeeper.flow.fogsite.end import REVEAL_ENDS, WHY_PAGE
from fogkeeper.flow.fogsite.guardian import G6_ROWS
from fogkeeper.flow.fogsite.relic import RELIC_CARDS, offset_words
from fogkeeper.flow.fogsite.session import COLOUR_WORD, AnswerKind, RelicAsk
from fogkeeper.flow.fogsite.setup import SetupRow, setup_rows
from fogkeeper.flow.fogsite.table import Stage
from fogkeeper.flow.fogsite.team import EscapeChoice, TableRow, TeamAction
from fogkeeper.flow.hourglass import Phase as GlassPhase
from fogkeeper.flow.kit.asides import QUIT_HINT
from fogkeeper.rules.fogsite import Cell, InvestigatorStatus, Side
from fogkeeper.rules.fogsite.levels import LEVELS
from fogkeeper.rules.fogsite.options import ALL_BALANCING
from fogkeeper.rules.fogsite.validate import MIN_INNER_WALLS_EASY, MIN_INNER_WALLS_NORMAL
from fogkeeper.ui.draw import Frame
from fogkeeper.ui.fogsite_screens import (
    LOG_ROWS,
    GridView,
    TeamStatus,
    render_grid,
    render_log,
    render_notice,
    render_page,
    render_team_answer,
    render_team_menu,
    wrap,
)
from fogkeeper.ui.icons import Icon
from fogkeeper.ui.screens import (
    MenuItem,
    MenuView,
    MessageView,
    mm_ss,
    render_menu,
    render_message,
)

if TYPE_CHECKING:
    from fogkeeper.flow.fogsite.game import FogsiteFlow

S = Stage
KIND_WORDS = {".": "room", "#": "wall", "R": "RED", "G": "GREEN", "B": "BLUE"}
SIDE_PX = 70
HIDDEN_HANDS_ROW = "Relic hands hidden"


BALANCING_NAMES = {
    "G1": "+1 Guardian move", "G2": "through 1 wall", "G3": "past sleepers",
    "G4": "4 tiles an attack", "G5": "15 tiles: wins", "G6": "lays passers down",
    "G7": "one lie", "G8": "no escape on G", "G9": "team timer",
    "I1": "3 Digging tokens", "I2": "names attacked", "I3": "start neighbours",
    "I4": "Relic: 2 tiles", "I5": "Use/Give again",
}
SETUP_HINTS = {SetupRow.BALANCING: "OK open", SetupRow.ENTER_MAZE: "OK: Guardian only",
               SetupRow.START: "OK: box builds maze"}
STATUS_WORDS = {InvestigatorStatus.ACTIVE: "ready", InvestigatorStatus.DOWN: "down",
                InvestigatorStatus.FINISHED: "done"}


def frame(flow: FogsiteFlow) -> Frame:
    return RENDERERS[flow.state](flow)


# ---- setup (behind the screen, before the lock) ----------------------------------------------
def _setup_menu(flow: FogsiteFlow) -> Frame:
    draft = flow.session.draft
    picked = sorted(draft.balancing)
    values = {SetupRow.INVESTIGATORS: " ".join(c.value for c in draft.colours),
              SetupRow.TWO_PLAYER: "on" if draft.two_player else "off",
              SetupRow.EASY: "on" if draft.easy else "off",
              SetupRow.BALANCING: (" ".join(picked) if len(picked) <= 2 else f"{len(picked)} on")
              if picked else "none",
              SetupRow.GUARDIAN: draft.guardian.capitalize(),
              SetupRow.LEVEL: draft.box_level.value}
    rows = setup_rows(draft)
    items = tuple(MenuItem(row.value, values.get(row, "")) for row in rows)
    chosen = rows[flow.session.cursor]
    # on the Level row the footer explains the level in one line
    default = LEVELS[draft.box_level].line if chosen is SetupRow.LEVEL else "<> change"
    hint = flow.session.refusal or SETUP_HINTS.get(chosen, default)
    return render_menu(MenuView("FOGSITE setup", items, flow.session.cursor, hint))


def _balancing(flow: FogsiteFlow) -> Frame:
    items = tuple(MenuItem(f"{code} {BALANCING_NAMES[code]}",
                           "on" if code in flow.session.draft.balancing else "")
                  for code in ALL_BALANCING)
    items += (MenuItem(HIDDEN_HANDS_ROW, "on" if flow.session.draft.hidden_hands else ""),)
    return render_menu(MenuView("Balancing", items, flow.session.cursor, "OK on/off  B back"))


def _draft_rows(flow: FogsiteFlow) -> tuple[str, ...]:
    return tuple("".join(row) for row in flow.session.draft.cells)


def _maze_edit(flow: FogsiteFlow) -> Frame:
    draft = flow.session.draft
    col, row = draft.cursor
    walls = sum(row_.count("#") for row_ in draft.cells)
    needed = MIN_INNER_WALLS_EASY if draft.easy else MIN_INNER_WALLS_NORMAL
    side = (f"Maze {draft.size}x{draft.size}",
            f"{Cell(col, row).name} {KIND_WORDS[draft.cells[row][col]]}",
            f"walls {walls}/{needed}", "hold OK done")
    return render_grid(GridView(_draft_rows(flow), side, "OK change  B back",
                                cursor=draft.cursor))


def _maze_invalid(flow: FogsiteFlow) -> Frame:
    lines = tuple(line for problem in flow.session.draft.problems for line in wrap(problem))
    return render_log("Maze refused", lines, flow.session.cursor, "OK: back to the maze")


def _sleeping(flow: FogsiteFlow) -> Frame:
    items = tuple(MenuItem(COLOUR_WORD[c]) for c in flow.session.draft.colours)
    return render_menu(MenuView("Sleeping Intruder", items, flow.session.cursor,
                                "OK lay down  B back"))


def _guardian_start(flow: FogsiteFlow) -> Frame:
    col, row = flow.session.draft.cursor
    side = ("Guardian at", Cell(col, row).name, *wrap(flow.session.refusal, SIDE_PX))
    return render_grid(GridView(_draft_rows(flow), side, "OK start here  B back",
                                cursor=flow.session.draft.cursor))


def _lock(flow: FogsiteFlow) -> Frame:
    if flow.session.pad is not None:
        return flow.session.pad.frame(flow.context.pin_wait())
    lines = ("No PIN is set, so", "nothing can be opened", "before the end.")
    return render_message(MessageView("Lock the maze", lines, "OK lock  B back"))


def _box_ready(flow: FogsiteFlow) -> Frame:
    draft = flow.session.draft
    size = f"{draft.size}x{draft.size}" + (" Easy" if draft.easy else "")
    lines = (*wrap(LEVELS[draft.box_level].about), "Secret maze: nothing",
             "opens before the end.")
    return render_page(f"Box: {draft.box_level.value}, {size}", lines, "OK start  B back")


# ---- the team's screens: never the maze ------------------------------------------------------
def _who(flow: FogsiteFlow) -> str:
    return COLOUR_WORD[flow.session.acting]


def _status(flow: FogsiteFlow, who: str) -> TeamStatus:
    facts = flow.session.facts()
    glass, clock = flow.session.glass, ""
    if glass is not None:
        clock = mm_ss(glass.shown_seconds(flow.context.clock()))
        clock += "||" if glass.phase is GlassPhase.PAUSED else ""
    return TeamStatus(who, facts.tiles_left, facts.visible_arrows, facts.digging_tokens, clock)


def _team_items(flow: FogsiteFlow) -> tuple[MenuItem, ...]:
    if flow.state is S.CHOOSE:
        seats = tuple(MenuItem(COLOUR_WORD[seat.colour], STATUS_WORDS[seat.status])
                      for seat in flow.session.facts().seats)
        return seats + tuple(MenuItem(row.value, _row_value(flow, row))
                             for row in flow.team.table_rows())
    if flow.state is S.ACTIONS:
        hand = flow.team.hand_label()
        return tuple(MenuItem(a.value, hand if a is TeamAction.RELIC else "")
                     for a in flow.team.actions())
    if flow.state is S.GIVE_PICK:
        return tuple(MenuItem(f"Relic {n:02d}") for n in flow.team.hand())
    if flow.state is S.GIVE_TO:
        return tuple(MenuItem(COLOUR_WORD[c]) for c in flow.team.others())
    return tuple(MenuItem(choice.value) for choice in EscapeChoice)


def _row_value(flow: FogsiteFlow, row: TableRow) -> str:
    glass = flow.session.glass
    if row is TableRow.TEAM_TIME and glass is not None:
        return {GlassPhase.RUNNING: "pause", GlassPhase.PAUSED: "go on"}.get(glass.phase, "start")
    return {TableRow.GUARDIAN_LOOK: "PIN", TableRow.HINT: "1 tile"}.get(row, "")


def _team_menu(flow: FogsiteFlow, who: str, hint: str) -> Frame:
    return render_team_menu(_status(flow, who), _team_items(flow), flow.session.cursor, hint)


def _choose(flow: FogsiteFlow) -> Frame:
    facts = flow.session.facts()
    on_row = flow.session.cursor - len(facts.seats)
    rows = flow.team.table_rows()
    hint = "OK: who plays" if on_row < 0 else "OK: open"
    if 0 <= on_row < len(rows) and rows[on_row] is TableRow.HINT:
        hint = "hold OK: spend 1 tile"  # a hint costs a Map tile: never on one OK
    return _team_menu(flow, f"Round {facts.round_number}", hint)


def _actions(flow: FogsiteFlow) -> Frame:
    hint = "OK do  B back" if (flow.session.facts().current is None) else "OK do"
    return _team_menu(flow, _who(flow), hint)


def _explore(flow: FogsiteFlow) -> Frame:
    return render_team_answer(_status(flow, _who(flow)), ("Explore",),
                              ("Push the joystick", "the way to look"), "B back")


def _move(flow: FogsiteFlow) -> Frame:
    session = flow.session
    route = " ".join(d.name for d in session.path) or "-"
    # the teammates' sheets this Move may walk on; hold OK lays one (or moves it). Two
    # small lines fit under the large type: the route, and the copies
    copied = " ".join(COLOUR_WORD[c.teammate][0] for c in session.copies)
    second = f"Copied: {copied}" if copied else "hold OK: copy a sheet"
    if not flow.team.others():  # nobody to copy from: the joystick is all there is to say
        second = "joystick adds a step"
    return render_team_answer(_status(flow, _who(flow)), ("Move",), (f"Route: {route}", second),
                              "OK walk  B undo")


def _move_copy(flow: FogsiteFlow) -> Frame:
    """Where the teammate's Starting tile lies from the mover's, as the table worked it out."""
    copying = flow.session.copying
    if copying is None:  # only a damaged save
        return _move(flow)
    dx, dy = copying.shift
    lines = (f"{COLOUR_WORD[copying.teammate]}'s Start tile:", f"{offset_words(dx, dy)} of you")
    return render_team_answer(_status(flow, _who(flow)), ("Copy sheet",), lines,
                              "joystick  OK lay  B off")


def _relic_pick(flow: FogsiteFlow) -> Frame:
    items = tuple(MenuItem(f"{n:02d} {RELIC_CARDS[n][0]}") for n in flow.team.hand())
    return render_team_menu(_status(flow, _who(flow)), items, flow.session.cursor, "OK use  B back")


def _relic_step(flow: FogsiteFlow) -> Frame:
    plan, status = flow.session.relic_plan, _status(flow, _who(flow))
    if plan.step is RelicAsk.OFFSET:
        return render_team_answer(status, (offset_words(plan.dx, plan.dy),),
                                  ("Which space? (from you)",), "joystick: space  OK next")
    if plan.step is RelicAsk.CONFIRM:
        return render_team_answer(status, (), wrap(flow.relic.question()), "OK ask  B back")
    items = tuple(MenuItem(choice) for choice in flow.relic.choices())
    return render_team_menu(status, items, flow.session.cursor, "OK choose  B back")


def _give(flow: FogsiteFlow) -> Frame:
    hint = "OK give  B back" if flow.state is S.GIVE_TO else "OK choose  B back"
    return _team_menu(flow, _who(flow), hint)


ANSWER_ICONS = {AnswerKind.CAN_MOVE: Icon.OPEN, AnswerKind.CANT_MOVE: Icon.WALL}


def _answer(flow: FogsiteFlow) -> Frame:
    answer = flow.session.answer
    return render_team_answer(_status(flow, _who(flow)), answer.big, answer.small, "OK go on",
                              no=answer.kind is AnswerKind.CANT_MOVE,
                              icon=ANSWER_ICONS.get(answer.kind))


def _escape_call(flow: FogsiteFlow) -> Frame:
    return _team_menu(flow, "Escape?", flow.session.refusal or "OK play on  hold: escape")


def _play_log(flow: FogsiteFlow) -> Frame:
    """The question-and-answer log as the table heard it: never the secret column."""
    return render_log("Log", flow.end.play_log_lines(), flow.session.cursor, "^v scroll  B back")


def _start_tiles(flow: FogsiteFlow) -> Frame:
    return render_page("Start tiles (I3)", flow.end.start_tile_lines(), "B back")


def _choice_gate(flow: FogsiteFlow) -> Frame:
    relic = flow.session.relic_plan.relic
    if flow.guardian.has_pin():
        lines: tuple[str, ...] = (f"Relic {relic:02d}: the", "Guardian answers")
        hint = "OK: Guardian PIN  B back"
    else:
        lines, hint = ("Pass the box to the", "Guardian, hold OK"), "hold OK  B back"
    return render_team_answer(_status(flow, "Guardian"), ("Guardian", "answers"), lines, hint,
                              icon=Icon.HAND_OFF)


def _choice(flow: FogsiteFlow) -> Frame:
    """The Guardian's pick among the true answers (or its lie): a private screen."""
    plan = flow.session.relic_plan
    title = f"Relic {plan.relic:02d} " + ("lie" if plan.lying else "answer")
    items = tuple(MenuItem(row) for row in flow.choice.rows())
    hint = "OK say it  B truth" if plan.lying else "OK say it"
    return render_menu(MenuView(title, items, flow.session.cursor, hint))


def _g6_choice(flow: FogsiteFlow) -> Frame:
    """G6, behind the PIN: lay down an Investigator who passes the Guardian's space?"""
    standing = 0 if flow.session.running.g6_announce else 1
    items = tuple(MenuItem(row, "now" if i == standing else "")
                  for i, row in enumerate(G6_ROWS))
    return render_menu(MenuView("G6 until next turn", items, flow.session.cursor,
                                "OK play  B moves"))


def _hand_gate(flow: FogsiteFlow) -> Frame:
    """Hidden hands: only the acting Investigator looks at their Relics."""
    return render_team_answer(_status(flow, _who(flow)), ("Your hand",),
                              (f"Pass the box to {_who(flow)},", "then hold OK"), "hold OK  B back",
                              icon=Icon.HAND_OFF)


def _quit_ask(flow: FogsiteFlow) -> Frame:
    return render_message(MessageView("Quit FOGSITE?", ("The game will be lost.",),
                                      QUIT_HINT))


# ---- the Guardian's turn ---------------------------------------------------------------------
def _gate(flow: FogsiteFlow) -> Frame:
    arrows = flow.session.facts().visible_arrows
    if flow.guardian.has_pin():
        return render_team_answer(_status(flow, "Guardian"), ("Guardian's", "turn"),
                                  (f"Up to {arrows} move(s)",), "OK: Guardian PIN",
                                  icon=Icon.HAND_OFF)
    return render_team_answer(_status(flow, "Guardian"), ("Guardian's", "turn"),
                              ("Pass the box to the", "Guardian, hold OK"), "hold OK: moves",
                              icon=Icon.HAND_OFF)


def _pad(flow: FogsiteFlow) -> Frame:
    assert flow.session.pad is not None  # the PIN screens always have a pad
    return flow.session.pad.frame(flow.context.pin_wait())


def _plan_text(flow: FogsiteFlow) -> str:
    return " ".join(f"{m.direction.name}{m.spaces}" for m in flow.session.plan) or "stay"


def _secret_grid(flow: FogsiteFlow, side: tuple[str, ...], hint: str,
                 routes: tuple[tuple[tuple[int, int], ...], ...] = ()) -> Frame:
    """The maze with every token on it: behind the PIN, or at the end."""
    game = flow.session.running
    rows = tuple(row.replace(" ", "") for row in game.maze.rows_text())
    marks = [(inv.cell.col, inv.cell.row, inv.colour.value if inv.target
              else inv.colour.value.lower()) for inv in game.investigators]
    if game.guardian is not None:
        marks.append((game.guardian.col, game.guardian.row, "X"))
    return render_grid(GridView(rows, side, hint, marks=tuple(marks), routes=routes))


def _guardian_moves(flow: FogsiteFlow) -> Frame:
    arrows = flow.session.facts().visible_arrows
    used = f"{len(flow.session.plan)}/{arrows} moves"
    if not flow.session.unlocked:
        return render_team_answer(_status(flow, "Guardian"), (_plan_text(flow),),
                                  (flow.session.refusal or used, "joystick adds a space"),
                                  "OK play  B undo")
    side: tuple[str, ...] = ("Guardian", _plan_text(flow), used)
    refusal = flow.session.guardian_refusal.open()
    if refusal:
        side = ("Refused", *wrap(refusal.removeprefix("Refused: "), SIDE_PX))
    guardian = flow.session.running.guardian
    assert guardian is not None  # the Guardian plays only outside the Easy Rule
    here, route = guardian, [(guardian.col, guardian.row)]
    for move in flow.session.plan:
        here = here.step(move.direction, move.spaces)
        route.append((here.col, here.row))
    return _secret_grid(flow, side, "OK play  B undo", (tuple(route),))


def _guardian_report(flow: FogsiteFlow) -> Frame:
    big, small = flow.session.report
    return render_team_answer(_status(flow, "Guardian"), big, small, "OK: team's turn")


def _box_turn(flow: FogsiteFlow) -> Frame:
    """The box's turn is played already; the table waits for the buzzer and the count."""
    return render_notice("Guardian's turn", ("The Guardian", "moves..."), (), "hold B: quit")


def _peek(flow: FogsiteFlow) -> Frame:
    return _secret_grid(flow, ("Maze", "X Guardian", "r sleeping"), "any key: hide")


# ---- the end ---------------------------------------------------------------------------------
def _winner(flow: FogsiteFlow) -> Frame:
    facts = flow.session.facts()
    team_won = facts.winner is Side.INVESTIGATORS
    big = ("Team", "wins") if team_won else ("Guardian", "wins")
    status = TeamStatus("Game over", facts.tiles_left, None, facts.digging_tokens)
    if flow.end.can_play_on():  # the reveal takes the play-on away: the screen says so
        lines, hint = (*wrap(facts.end_reason), REVEAL_ENDS), "OK reveal  > play on"
    else:
        lines, hint = wrap(facts.end_reason), "OK: reveal the maze"
    # the second cue: a star for the team's win; the Guardian's, a loss for the team, is
    # inverted with a crossed ring
    return render_team_answer(status, big, lines, hint, no=not team_won,
                              icon=Icon.WIN if team_won else Icon.LOSS)


def _reveal(flow: FogsiteFlow) -> Frame:
    pages = flow.end.reveal_pages()
    page = pages[flow.session.page % len(pages)]
    if page.startswith(WHY_PAGE):  # "Why 2/3": how the box played, four lines a page
        number = int(page.split()[1].split("/")[0])
        return render_log("Guardian's play", flow.end.reason_lines(),
                          (number - 1) * LOG_ROWS, "<> page  OK log")
    chosen = flow.session.routes.values() if page == "All" else (flow.session.routes[page],)
    side = ("Reveal", f"{page} route" + ("s" if page == "All" else ""), "<> route",
            "OK: the log")
    return _secret_grid(flow, side, "<> route  OK log", tuple(tuple(r) for r in chosen))


def _log(flow: FogsiteFlow) -> Frame:
    return render_log("Log", flow.end.log_lines(), flow.session.cursor, "^v scroll  B back")


RENDERERS: dict[Stage, Callable[[FogsiteFlow], Frame]] = {
    S.SETUP_MENU: _setup_menu, S.BALANCING: _balancing, S.MAZE_EDIT: _maze_edit,
    S.MAZE_INVALID: _maze_invalid, S.SLEEPING: _sleeping, S.GUARDIAN_START: _guardian_start,
    S.LOCK: _lock, S.BOX_READY: _box_ready, S.CHOOSE: _choose, S.ACTIONS: _actions,
    S.EXPLORE: _explore, S.BOX_TURN: _box_turn,
    S.MOVE: _move, S.MOVE_COPY: _move_copy, S.RELIC_PICK: _relic_pick,
    S.RELIC_STEP: _relic_step, S.GIVE_PICK: _give,
    S.GIVE_TO: _give, S.ANSWER: _answer, S.ESCAPE_CALL: _escape_call,
    S.GUARDIAN_GATE: _gate, S.GUARDIAN_PIN: _pad, S.GUARDIAN_MOVES: _guardian_moves,
    S.GUARDIAN_REPORT: _guardian_report, S.PEEK_PIN: _pad, S.PEEK: _peek,
    S.WINNER: _winner, S.REVEAL: _reveal, S.LOG: _log, S.QUIT_ASK: _quit_ask,
    S.PLAY_LOG: _play_log, S.START_TILES: _start_tiles, S.CHOICE_GATE: _choice_gate,
    S.CHOICE_PIN: _pad, S.CHOICE: _choice, S.G6_CHOICE: _g6_choice, S.HAND_GATE: _hand_gate,
}
