"""The FOG's host-link commands (``fog.<action>``): the buttons' moves, and the public state.

``docs/fog-link.md`` lists them with examples. A command checks its arguments and the screen
first, then runs the same action of the same part (``flow.deal``, ``flow.rounds``...) or
fires the same trigger of ``table.py`` (``Go``) as the buttons.
No reply ever carries a mission card before the final score: a kept mission is reported by
the player's name only.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict
from typing import TYPE_CHECKING, Any

from fogkeeper.data.fog import BOARD_NAMES, owner_dir
from fogkeeper.data.fog_history import PastGame, SoloBest, open_history
from fogkeeper.errors import FogkeeperError, PhaseError
from fogkeeper.flow.fog import (
    board_check,
    fog_step,
    missions,
    pictured,
    scoring,
    table_cards,
    turns,
)
from fogkeeper.flow.fog.begin import public_setup, value_rows
from fogkeeper.flow.fog.session import (
    COST_CHOICES,
    Ask,
    BoardCheck,
    CostChoice,
    CostField,
    FogFlowError,
    Islander,
    PickField,
    Pictured,
    Session,
    scenarios,
)
from fogkeeper.flow.fog.setup import (
    BY_KEY,
    DEFAULT_SETUP,
    apply_scenario,
    assumed_in_use,
    link_fields,
    offered_words,
    plain,
    problems,
    settle,
)
from fogkeeper.flow.fog.table import SCORING, FogScreen, Go
from fogkeeper.flow.kit.link import GameCommands, LinkArgs, Reply, on_screen
from fogkeeper.link.catalogue import Command
from fogkeeper.link.protocol import ErrorCode, LinkError, optional, require, result_bytes
from fogkeeper.rules.fog import (
    IslanderType,
    Loss,
    RecordError,
    Refusal,
    current_turn,
    swallowed_so_far,
)
from fogkeeper.rules.fog.assumed import SHEET_ASSUMED, sheet_words
from fogkeeper.rules.fog.game import PHASE_TURN
from fogkeeper.schema import ABSENT, Field, Schema

if TYPE_CHECKING:
    from fogkeeper.flow.fog.flow import FogFlow

F = FogScreen
Handler = Callable[["FogFlow", LinkArgs], Reply]
SEED_NEEDS_PIN = ("a 'seed' decides the secret missions (whoever chose it could predict "
                  "them): it needs the PIN, given as 'pin'")


LOSSES_ROOM = 1200  # bytes of losses in one state reply; ``losses_from`` pages the rest


def _losses_window(losses: list[object], start: int | None) -> tuple[int, list[object]]:
    """The losses a state reply carries: from ``start`` (None: the latest) as many as fit
    LOSSES_ROOM, so a state always fits a line however many Islanders the FOG took."""
    order = range(len(losses)) if start is not None else range(len(losses) - 1, -1, -1)
    kept: list[int] = []
    room = LOSSES_ROOM
    for i in order:
        if start is not None and i < start:
            continue
        room -= result_bytes({"": losses[i]})
        if room < 0:
            break
        kept.append(i)
    kept.sort()
    first = kept[0] if kept else (len(losses) if start is None else min(start, len(losses)))
    return first, [losses[i] for i in kept]


def public_state(flow: FogFlow, losses_from: int | None = None) -> dict[str, object]:
    """What every player may know: never a mission card before the score, and never the
    seed (with it and this firmware the deal of every mission could be predicted)."""
    s = flow.s
    out: dict[str, object] = {"screen": flow.screen.value}
    if s.game is None:
        out["setup"] = {k: v for k, v in s.setup.items() if k in DEFAULT_SETUP}
        return out
    state = s.game
    deal = missions.mission_turn(s)
    out.update(setup=public_setup(s), round=state.round_no, phase=state.phase,
               fog=state.fog_position, swallowed=list(swallowed_so_far(state, s.rules)),
               end_reason=state.end_reason,
               draft={"pick": s.draft_pick, "of": len(s.draft)},
               missions={"kept_by": sorted(s.kept), "open": s.open_missions,
                         "next": deal.player if deal else ""})
    shown: list[object] = [x.to_dict() for x in state.losses]
    first, window = _losses_window(shown, losses_from)
    out.update(losses=window, losses_from=first, losses_total=len(state.losses))
    if state.phase == PHASE_TURN:
        turn = current_turn(state)
        # when the table draws, the box's own draw is only a stand-in until the table
        # enters the card it turned over: nobody may read it off the link before that
        event = None if table_cards.event_due(s) else turn.event
        out["turn"] = {"entry": turn.entry, "turn_no": turn.turn_no, "mp_left": turn.mp_left,
                       "mp_budget": turn.mp_budget, "event": event,
                       "double_turn": turn.double_turn, "undo": len(s.undo)}
    if flow.glass is not None:
        now = flow.context.clock()
        out["hourglass"] = {"phase": flow.glass.phase.value,
                            "seconds_left": flow.glass.seconds_shown(now)}
    if flow.screen in SCORING and pictured.unknown(s):
        # the game is over and its missions are scored: the cards the review asks about
        # (as its rows show them to the whole table) are no secret any more
        out["to_picture"] = _to_picture(s)
    if s.result is not None:
        out.update(result=s.result, record=s.record_path)
    return out


def _on(flow: FogFlow, *screens: FogScreen) -> None:
    """Refuse unless the box shows one of ``screens`` (nothing is changed here: a turn
    command reads past the round's event only once it is done, see ``_reads_event``)."""
    on_screen(flow.screen, *screens)


def _reads_event(handler: Handler) -> Handler:
    """A command for the turn: once it is done, the round's event was read (the turn's
    hourglass starts). A refused one leaves the event on, as it changes nothing."""
    def run(flow: FogFlow, args: LinkArgs) -> Reply:
        on_turn = flow.screen is F.TURN
        reply = handler(flow, args)
        if on_turn:
            flow.rounds.dismiss_event()
        return reply
    return run


def _state(flow: FogFlow, args: LinkArgs) -> Reply:
    return public_state(flow, args.get("losses_from"))


def _setup(flow: FogFlow, args: LinkArgs) -> Reply:
    """The checklist as given over the current one, then "Start game": every value was
    read against what its key may hold (the schema), and is checked here against what its
    row offers on this checklist; nothing is kept (not the checklist, not the preset)
    unless the game starts."""
    _on(flow, F.SETUP)
    chosen = {k: plain(v) for k, v in args.items() if k in DEFAULT_SETUP}
    new = _scenario_and_start(settle({**flow.s.setup, **chosen}), chosen)
    _offered(new, chosen)
    found = problems(new)
    if found:
        raise LinkError(ErrorCode.BAD_ARGS, "; ".join(found))
    seed = optional(args, "seed", int, flow.s.seed)
    if "seed" in args and not flow.context.pin_matches(optional(args, "pin", str, "")):
        raise LinkError(ErrorCode.LOCKED, SEED_NEEDS_PIN)
    values = _tile_values(new, optional(args, "values", dict, {}))
    replay = flow.s.replay or "seed" in args  # a seed given replays the deal too
    before = flow.s.setup, flow.s.seed, flow.s.replay, flow.s.values
    flow.s.setup, flow.s.seed, flow.s.replay, flow.s.values = new, seed, replay, values
    try:
        flow.fire(Go.START)
    except FogkeeperError:
        flow.s.setup, flow.s.seed, flow.s.replay, flow.s.values = before
        raise
    reply: Reply = {"setup": public_setup(flow.s)}
    assumed = assumed_in_use(flow.s.setup, flow.s.boat_scoring)
    if assumed:   # nothing defaults silently: the solo sheet's values the box only assumed
        reply["assumed"] = assumed
        reply["note"] = f"{SHEET_ASSUMED}: {sheet_words(assumed)}"
    return reply


# what each kind of entered value is, as the checklist names the rule that asks for it
VALUE_RULES = (("area.", "the Boat Scorings laid out (option 2, or Boat Scoring: entered)"),
               ("ind.", "option 6 Individual Boat Scorings, each boat's four tiles"),
               ("beach.", "option 7B Individual Beach Scorings, each row's tile"))


def _tile_values(setup: dict[str, object], given: dict[str, object]) -> dict[str, int]:
    """The tiles the table laid out, each one given: the rulebook prints none of these
    values (RULINGS B-F19: entered per game, no defaults), so a missing one is refused by
    name rather than filled with the box's placeholder; a scenario's sheet counts as given.
    Refused rather than defaulted-and-reported because a host that forgot a tile would
    score the whole game on a number no table laid out."""
    rows = value_rows(setup)
    keys = {r.key: r for r in rows}
    unknown = sorted(set(given) - set(keys))
    if unknown:
        raise LinkError(ErrorCode.BAD_ARGS, f"argument 'values': no tile {', '.join(unknown)} "
                                            "on this checklist (it asks for: "
                                            f"{', '.join(keys) or 'none'})")
    sheet = setup.get("scenario_values") or {}
    assert isinstance(sheet, dict)   # (the checklist's schema reads it as a table)
    missing = [r.key for r in rows if r.key not in given
               and not (r.key.startswith("area.") and r.key[5:] in sheet)]
    if missing:
        why = [words for prefix, words in VALUE_RULES
               if any(k.startswith(prefix) for k in missing)]
        raise LinkError(ErrorCode.BAD_ARGS, f"argument 'values' must give {'; '.join(why)}: "
                                            f"missing {', '.join(missing)}")
    values = {}
    for r in rows:
        value = _whole(given.get(r.key, r.default), f"values.{r.key}")
        if not r.low <= value <= r.high:
            raise LinkError(ErrorCode.BAD_ARGS, f"argument 'values.{r.key}' must be "
                                                f"{r.low} to {r.high}")
        values[r.key] = value
    return values


def _offered(setup: dict[str, object], chosen: dict[str, object]) -> None:
    """Each value given must be one its row offers on this checklist (the players the
    board takes, a Start player among them...); an option that does not apply here is
    simply kept off, as on the box."""
    for key in chosen:
        option = BY_KEY[key]
        if not option.label or "{}" in option.label:
            continue   # kept as given (each item read by the schema), or no row at all
        if option.resets and not option.shown(setup):
            continue
        if chosen[key] not in option.choices(setup) or setup[key] != chosen[key]:
            raise LinkError(ErrorCode.BAD_ARGS, f"argument '{key}' must be one of: "
                                                f"{offered_words(option, setup)} (as the "
                                                "checklist stands)")


def _go_on(flow: FogFlow, args: LinkArgs) -> Reply:
    _on(flow, F.INFO, F.OPEN, F.FOG, F.SHOW)
    flow.fire(Go.OK)
    return {}


def _card(flow: FogFlow, args: LinkArgs) -> Reply:
    _on(flow, F.CARD)
    wanted = require(args, "card", str)
    if len(wanted) != 3 or wanted[0] not in "ABC" or not wanted[1:].isdigit():
        raise LinkError(ErrorCode.BAD_ARGS, "'card' is the letter and number the card "
                                            "shows, e.g. \"A18\"")
    entry = table_cards.current(flow.s)
    steps = require(args, "steps", int) if "steps" in args else None
    flow.cards.enter_card(wanted, steps)
    return {"deck": entry.deck, "player": entry.player}


def _mission_show(flow: FogFlow, args: LinkArgs) -> Reply:
    _on(flow, F.PASS)
    flow.fire(Go.HOLD_OK)
    deal = missions.mission_turn(flow.s)
    return {"player": deal.player if deal else ""}


def _mission_keep(flow: FogFlow, args: LinkArgs) -> Reply:
    _on(flow, F.HAND)
    choice = require(args, "choice", int)
    if choice not in (1, 2):
        raise LinkError(ErrorCode.BAD_ARGS, "'choice' must be 1 or 2 (the card shown "
                                            "first or second)")
    deal = missions.mission_turn(flow.s)
    flow.deal.keep_card(choice - 1)
    return {"player": deal.player if deal else "", "kept": True}


def _draft_pick(flow: FogFlow, args: LinkArgs) -> Reply:
    _on(flow, F.DRAFT)
    count = optional(args, "count", int, 1)
    if count < 1:
        raise LinkError(ErrorCode.BAD_ARGS, "'count' must be a whole number of picks, "
                                            "1 or more")
    leader = optional(args, "leader", int, 0)
    if leader and not flow.s.leaders:
        raise LinkError(ErrorCode.BAD_ARGS, "'leader' is option 10's (Rescue the Leaders), "
                                            "not in play")
    try:
        flow.deal.count_picks(count, leader)
    except FogFlowError as exc:
        raise LinkError(ErrorCode.BAD_ARGS, str(exc)) from None
    return {"pick": flow.s.draft_pick, "of": len(flow.s.draft)}


def _draft_undo(flow: FogFlow, args: LinkArgs) -> Reply:
    _on(flow, F.DRAFT)
    missions.draft_back(flow.s)
    return {"pick": flow.s.draft_pick}


def _spend(flow: FogFlow, args: LinkArgs) -> Reply:
    _on(flow, F.TURN)
    turns.spend(flow.s, require(args, "mp", int))
    return {"mp_left": flow.s.state.mp_left}


def _end_turn(flow: FogFlow, args: LinkArgs) -> Reply:
    _on(flow, F.TURN)
    flow.fire(Go.OK)
    if flow.screen is F.ASK:   # the round's last turn: the command is the confirmation
        flow.fire(Go.OK)
    return {"fog_step": _step(flow)}


def _cost(flow: FogFlow, args: LinkArgs) -> Reply:
    _on(flow, F.TURN, F.COST)
    asked = _cost_choice(args)
    found = turns.price(flow.s, asked)
    if isinstance(found, Refusal):
        return {"allowed": False, "reason": found.reason}
    if args.get("pay") is True:
        turns.spend(flow.s, found.mp)
        flow.fire(Go.PAID)
    state = flow.s.state
    return {"allowed": True, "mp": found.mp, "reasons": list(found.reasons),
            "reminder": found.reminder,
            "mp_left": state.mp_left if state.phase == PHASE_TURN else 0}


def _undo(flow: FogFlow, args: LinkArgs) -> Reply:
    _on(flow, F.TURN)
    crosses = turns.undo_crosses_fog(flow.s)
    if crosses and optional(args, "fog", bool, False) is not True:
        raise PhaseError("this undo takes back the FOG step (its card and losses too); "
                         "send it again with \"fog\": true to confirm")
    flow.rounds.undo()
    return {"fog_step_undone": crosses}


def _hourglass(flow: FogFlow, args: LinkArgs) -> Reply:
    _on(flow, F.TURN)
    if not flow.s.state.setup.options.hourglass:
        raise PhaseError("option 1 (hourglass) is off")
    flow.rounds.dismiss_event()   # its glass starts now, to be paused or go on
    assert flow.glass is not None  # option 1 keeps a glass on the turn screen
    flow.rounds.glass_toggle()
    return {"phase": flow.glass.phase.value}


def _end_game(flow: FogFlow, args: LinkArgs) -> Reply:
    _on(flow, F.TURN, F.END_NOW)
    flow.fire(Go.END_GAME)
    return {}


def _losses_cmd(flow: FogFlow, args: LinkArgs) -> Reply:
    _on(flow, F.FOG, F.LOSSES, F.PICK)
    given = optional(args, "losses", list, [])
    fog_step.record(flow.s, _checked_losses(flow.s, given, fog_step.step_rows(flow.s)))
    flow.fire(Go.LOSSES_ENTERED)
    return {"losses": len(flow.s.state.losses)}


def _lost(flow: FogFlow, args: LinkArgs) -> Reply:
    _on(flow, F.TURN, F.COST, F.FOG, F.BOATS, F.SCORE, F.BONUS, F.REVIEW)
    given = require(args, "losses", list)
    fog_step.replace_all(flow.s, _checked_losses(flow.s, given, fog_step.loss_rows(flow.s)))
    return {"losses": len(flow.s.state.losses)}


def _score_enter(flow: FogFlow, args: LinkArgs) -> Reply:
    _on(flow, *SCORING)
    s = flow.s
    colour = args.get("colour", s.colours[0] if s.solo else None)
    if colour not in s.colours:
        raise LinkError(ErrorCode.BAD_ARGS, f"'colour' must be one of {', '.join(s.colours)}")
    islanders = _islanders(s, optional(args, "islanders", list, []))
    bonuses = _bonuses(s, optional(args, "bonuses", list, []))
    s.final[colour] = islanders
    s.bonuses[colour] = bonuses
    flow.fire(Go.TO_REVIEW)
    return {"colour": colour, "islanders": len(islanders)}


def _score_confirm(flow: FogFlow, args: LinkArgs) -> Reply:
    """The review's "Score the game", and its "Score anyway?" answered yes with ``anyway``
    (on a board its owner never checked, as on the box): the record then lists what the
    table overrode, and scores the same wherever it is read. Checked first, so a refused
    score leaves the box where it was."""
    _on(flow, *SCORING)
    s = flow.s
    anyway = optional(args, "anyway", bool, False)
    scoring.check_pictured(s)
    reasons = scoring.refused_reasons(s)
    if reasons and not (anyway and not s.board_checked):
        how = ("" if s.board_checked else "; the table may score it anyway: send it again "
               "with \"anyway\": true (the owner never checked this board)")
        raise RecordError("record breaks the rules: " + "; ".join(reasons) + how)
    flow.fire(Go.TO_REVIEW)
    if reasons:
        flow.scores.refused_by_rules()      # the question's reasons, as on the box
        s.asking = Ask.SCORE_ANYWAY
        flow.fire(Go.ASK_SCORE)
        flow.fire(Go.OK)
    else:
        flow.fire(Go.SCORE)
    return {"result": s.result, "record": s.record_path}


def _score_missions(flow: FogFlow, args: LinkArgs) -> Reply:
    """The review's "Kept missions" row: the box asks for each player's kept mission card
    of a deck the table drew, one ``card`` each, in the order of ``asks``; asked again, it
    starts over, as the row does."""
    _on(flow, F.REVIEW)
    s = flow.s
    if not table_cards.kept_at_review(s):
        raise PhaseError("not now: no secret mission deck was drawn by the table (the box "
                         "knows the kept cards)")
    table_cards.mission_asks(s)
    flow.fire(Go.ASK_CARD)
    return {"asks": [{"deck": ask.deck, "player": ask.player} for ask in s.card_queue]}


def _picture(flow: FogFlow, args: LinkArgs) -> Reply:
    """What a "Rescued Islander" card the rulebook does not print pictures, read off the
    card at the score: the review's card row and its form, filled in as the buttons do
    (the same form, the same keep), every value checked against the form's choices first."""
    _on(flow, *SCORING)
    s = flow.s
    card = require(args, "card", str)
    wanted = pictured.unknown(s)
    if card not in wanted:
        raise LinkError(ErrorCode.BAD_ARGS, f"'card' {card!r}: the box asks what these cards "
                                            f"picture: {', '.join(wanted) or 'none'}")
    rows = dict(pictured.fields(s))
    rp = str(require(args, "rp", int))
    if rp not in rows["RP"]:
        raise LinkError(ErrorCode.BAD_ARGS, f"'rp' must be {rows['RP'][0]} to {rows['RP'][-1]}")
    needs = []
    for x in _entries(require(args, "islanders", list), "islanders"):
        kind, nation = str(x.get("type")), str(x.get("nation", "any"))
        if kind not in rows["Islander 1"][1:]:
            raise LinkError(ErrorCode.BAD_ARGS, f"type {kind!r}: one of "
                                                + ", ".join(rows["Islander 1"][1:]))
        if nation not in rows["  colour 1"]:
            raise LinkError(ErrorCode.BAD_ARGS, f"nation {nation!r}: one of "
                                                + ", ".join(rows["  colour 1"]))
        needs.append(f"{kind}:{nation}")
    if not 1 <= len(needs) <= pictured.SLOTS:
        raise LinkError(ErrorCode.BAD_ARGS, "'islanders': a card pictures 1 to "
                                            f"{pictured.SLOTS} Islanders")
    flow.fire(Go.TO_REVIEW)
    pictured.open_form(s, card)
    flow.fire(Go.PICTURE)
    s.picture = Pictured(int(rp), (*needs, *["-"] * (pictured.SLOTS - len(needs))))
    flow.fire(Go.PICTURED)
    return {"card": card, "rp": int(rp), "still_to_enter": _to_picture(s)}


def _to_picture(s: Session) -> list[str]:
    """The "Rescued Islander" cards in play whose picture the table has still to enter."""
    return [c for c in pictured.unknown(s) if c not in s.pictured]


def _result(flow: FogFlow, args: LinkArgs) -> Reply:
    if flow.s.result is None:
        raise PhaseError("the game has not been scored yet")
    return {"result": flow.s.result, "record": flow.s.record_path}


# ---- past games, as the checklist's "Past games" lists them -----------------------------------
HISTORY_PAGE = 4     # games (and solo bests) a page: a page of the longest still fits a line
TEXT_MOST = {"date": 20, "board": 8, "mode": 16, "scenario": 40, "level": 40, "problem": 200,
             "name": 24}


def _clipped(text: str, most: int) -> str:
    """A record's word as a page carries it: a longer one (a hand-written record) cut."""
    return text if len(text) <= most else text[:most - 1] + "…"


def _past(game: PastGame) -> dict[str, object]:
    out = asdict(game)
    for key, most in TEXT_MOST.items():
        if isinstance(out.get(key), str):
            out[key] = _clipped(out[key], most)
    name = TEXT_MOST["name"]
    out["scores"] = [[_clipped(n, name), score] for n, score in game.scores]
    out["winners"] = [_clipped(n, name) for n in game.winners]
    return out


def _best(best: SoloBest) -> dict[str, object]:
    out = asdict(best)
    out.update(scenario=_clipped(best.scenario, TEXT_MOST["scenario"]),
               board=_clipped(best.board, TEXT_MOST["board"]),
               level=_clipped(best.level, TEXT_MOST["level"]))
    return out


def _history(flow: FogFlow, args: LinkArgs) -> Reply:
    """The checklist's "Past games" from the same records and the same reading
    (``fogkeeper history``): the games newest first, then the best solo score per
    scenario, HISTORY_PAGE of each a page. Past records are public results (a record is
    written once the game is scored, when its missions are shown to all)."""
    page = optional(args, "page", int, 1)
    history = open_history(owner_dir())     # counted whole, only this page's games read
    bests = history.bests
    pages = max(1, -(-history.total // HISTORY_PAGE), -(-len(bests) // HISTORY_PAGE))
    if page > pages:
        raise LinkError(ErrorCode.BAD_ARGS, f"'page' {page}: the history has {pages} "
                                            f"page{'s' if pages != 1 else ''} "
                                            f"({history.total} games recorded)")
    first = (page - 1) * HISTORY_PAGE
    return {"page": page, "pages": pages, "games_total": history.total,
            "games": [_past(g) for g in history.newest(first, HISTORY_PAGE)],
            "solo_best": [_best(b) for b in bests[first:first + HISTORY_PAGE]]}


# ---- the owner's board walk-through, as the checklist's "Check board" ------------------------
BOARD_PAGE = 12      # values a page of `fog.board`


def _shown(shown: board_check.Shown) -> dict[str, object]:
    return {"key": shown.key, "group": shown.group, "label": shown.label,
            "value": board_check.text_form(shown.value),
            "shown": board_check.text(shown.key, shown.value), "what": shown.what,
            "status": shown.status}


def _walk_reply(check: BoardCheck) -> dict[str, object]:
    return {"board": check.board, "values_total": len(board_check.walk(check)),
            "changed": sorted(check.changed)}


def _board(flow: FogFlow, args: LinkArgs) -> Reply:
    """The walk's values as its screens show them, a page at a time."""
    _on(flow, F.BOARD)
    check = flow.s.board_check
    values = board_check.walk(check)
    pages = max(1, -(-len(values) // BOARD_PAGE))
    page = optional(args, "page", int, 1)
    if page > pages:
        raise LinkError(ErrorCode.BAD_ARGS, f"'page' {page}: board {check.board} has "
                                            f"{len(values)} values, {pages} pages")
    chosen = values[(page - 1) * BOARD_PAGE:page * BOARD_PAGE]
    return {**_walk_reply(check), "page": page, "pages": pages,
            "values": [_shown(v) for v in chosen]}


def _board_open(flow: FogFlow, args: LinkArgs) -> Reply:
    """"Check board" on the checklist, for the board its Board row shows (``board``: that
    row set first, as left/right on it would; kept only if the walk opens)."""
    _on(flow, F.SETUP)
    before = flow.s.setup
    if "board" in args:
        flow.s.setup = settle({**before, "board": require(args, "board", str)})
    try:
        flow.fire(Go.CHECK_BOARD)
    except FogkeeperError:
        flow.s.setup = before
        raise
    return _walk_reply(flow.s.board_check)


def _board_set(flow: FogFlow, args: LinkArgs) -> Reply:
    """A value corrected (or set back) as left/right would, typed as `fogkeeper board
    --set` takes it; only kept when the walk is saved."""
    _on(flow, F.BOARD)
    check = flow.s.board_check
    shown = board_check.set_to(check, require(args, "key", str), require(args, "value", str))
    return {**_walk_reply(check), "value": _shown(shown)}


def _board_save(flow: FogFlow, args: LinkArgs) -> Reply:
    """The walk's end, its question answered yes: every value as it now stands matches the
    board on the table. Refused (naming what the board cannot hold, or the disk's
    refusal) with the walk left open as it was; the file is written before the reply."""
    _on(flow, F.BOARD)
    check = flow.s.board_check
    corrected = sorted(board_check.holds(check))
    at = check.at
    flow.fire(Go.BOARD_DONE)
    try:
        flow.fire(Go.OK)
    except FogkeeperError:
        flow.fire(Go.BACK)      # the question forgotten: the walk as it was
        check.at = at
        raise
    return {"board": check.board, "corrected": corrected}


def _board_drop(flow: FogFlow, args: LinkArgs) -> Reply:
    """Leave the walk, the changes made in it not saved (its question answered yes)."""
    _on(flow, F.BOARD)
    check = flow.s.board_check
    dropped = sorted(check.changed)
    flow.fire(Go.BACK)
    if flow.screen is F.ASK:
        flow.fire(Go.OK)
    return {"board": check.board, "dropped": dropped}


def _opt(key: str, kind: type, **kw: Any) -> Field:
    return Field(key, kind, ABSENT, **kw)


_LOSS = Schema.of(_opt("owner", str, most=16), Field("row", str, most=8),
                  _opt("nation", str, most=16), Field("type", str, most=16))
_LOSSES: dict[str, Any] = {"items": _LOSS, "most": 200,
                            "doc": "`[{owner, row, nation, type}]`"}
_ISLANDER = Schema.of(Field("at", str, most=32), _opt("nation", str, most=16),
                      Field("type", str, most=16), _opt("covered", bool))
_PICTURED = Schema.of(Field("type", str, most=16), _opt("nation", str, most=16))
_SETUP = Schema.of(
    *link_fields(),
    _opt("seed", int, low=0, high=2**63, doc="a seed (needs `pin`)"),
    _opt("values", dict, doc="every tile value the checklist asks for (refused naming "
                             "any missing)"),
    _opt("pin", str, most=64, doc="the PIN"))
_COST = Schema.of(
    *(_opt(key.value, object, allowed=", ".join(COST_CHOICES[key])) for key in CostField),
    _opt("pay", bool, doc="true: spend the MP"))
_HERE = "`not_now` on another screen"

COMMANDS: GameCommands[FogFlow] = GameCommands("fog", (
    Command("state", _state, Schema.of(
        _opt("losses_from", int, low=0, high=10_000,
             doc="the first loss to list (default: the latest that fit)")),
        read_only=True, reply="public state; `losses` as many as fit, from `losses_from`, "
                              "of `losses_total`"),
    Command("setup", _setup, _SETUP, reply="`setup` (what the table lays out); solo: "
            "`assumed`, `note` (the scenario values the box only assumes)",
            refused=f"{_HERE}, `bad_args`, `locked` (a seed without the PIN)"),
    Command("continue", _go_on, reply="– (OK on that screen)", refused=_HERE),
    Command("card", _card, Schema.of(
        Field("card", str, most=8, doc="the letter and number the card shows"),
        _opt("steps", int, low=0, high=9,
             doc="the steps a FOG card shows (\"FOG Speed 0/2\": 0 or 2; default: the "
                 "box's value, assumed)")),
            reply="`deck`, `player`", refused=f"{_HERE}, `bad_args`"),
    Command("mission.show", _mission_show, reply="`player` (the cards appear on the panel)",
            refused=_HERE),
    Command("mission.keep", _mission_keep, Schema.of(Field("choice", int, low=1, high=2)),
            reply="`player`, `kept`", refused=f"{_HERE}, `bad_args`"),
    Command("draft.pick", _draft_pick, Schema.of(
        _opt("count", int, low=1, high=999, doc="picks (default 1)"),
        _opt("leader", int, low=1, high=12,
             doc="option 10: the designated Leader the first pick takes (its number on "
                 "the setup; one each colour)")),
            reply="`pick`, `of`", refused=f"{_HERE}, `bad_args`"),
    Command("draft.undo", _draft_undo, reply="`pick`", refused=_HERE),
    Command("spend", _reads_event(_spend), Schema.of(Field("mp", int, low=-99, high=99)),
            reply="`mp_left`", refused=f"{_HERE}, `bad_args`"),
    Command("end_turn", _reads_event(_end_turn), reply="`fog_step` (after a round's last turn)",
            refused=_HERE),
    Command("cost", _reads_event(_cost), _COST,
            reply="`allowed`, `mp`, `reasons`, `reminder` (the rule still to follow, or \"\") "
                  "or `reason`",
            refused=f"{_HERE}, `bad_args`"),
    Command("undo", _reads_event(_undo),
        Schema.of(_opt("fog", bool, doc="true to take back a FOG step")),
            reply="`fog_step_undone`", refused=_HERE),
    Command("hourglass", _hourglass, reply="`phase`", refused=_HERE),
    Command("end_game", _reads_event(_end_game), reply="–", refused=_HERE),
    Command("losses", _losses_cmd, Schema.of(_opt("losses", list, **_LOSSES)),
            reply="`losses` (all recorded so far)", refused=f"{_HERE}, `bad_args`"),
    Command("fog.losses", _losses_cmd, Schema.of(_opt("losses", list, **_LOSSES)),
            reply="as `fog.losses`", refused=f"{_HERE}, `bad_args`"),
    Command("lost", _reads_event(_lost), Schema.of(Field("losses", list, **_LOSSES)),
            reply="`losses`", refused=f"{_HERE}, `bad_args`"),
    Command("score.enter", _score_enter, Schema.of(
        _opt("colour", str, most=16),
        _opt("islanders", list, items=_ISLANDER, most=100,
             doc="`[{at, nation, type, covered?}]`"),
        _opt("bonuses", list, items=Field("bonus", int, low=0, high=99), most=30)),
        reply="`colour`, `islanders`", refused=f"{_HERE}, `bad_args`"),
    Command("score.missions", _score_missions,
            reply="`asks`: `[{deck, player}]`, each then entered with `card`",
            refused=f"{_HERE}, or no mission deck drawn by the table"),
    Command("mission.picture", _picture, Schema.of(
        Field("card", str, most=8, doc="a card the review asks about (`to_picture`)"),
        Field("rp", int, low=1, high=20, doc="the RP the card shows"),
        Field("islanders", list, most=pictured.SLOTS, items=_PICTURED,
              doc="`[{type, nation?}]` each Islander pictured (nation `any`: a black icon)")),
            reply="`card`, `rp`, `still_to_enter`", refused=f"{_HERE}, `bad_args`"),
    Command("score.confirm", _score_confirm, Schema.of(
        _opt("anyway", bool, doc="true: score a refused game all the same (board not "
                                 "checked); the record lists what the table overrode")),
            reply="`result`, `record`",
            refused=f"{_HERE}, `bad_args` (naming why; `anyway` where the box would ask)"),
    Command("result", _result, read_only=True, reply="`result`, `record`",
            refused="`not_now` before the score"),
    Command("history", _history, Schema.of(
        _opt("page", int, low=1, high=10_000, doc=f"the page, {HISTORY_PAGE} games and "
                                                  "solo bests each (default 1)")),
            read_only=True, reply="`games` (newest first: `date`, `board`, `mode`, "
                                  "`scenario`, `scores`, `winners`, `level`, `problem`), "
                                  "`solo_best`, `page`, `pages`, `games_total`",
            refused="`bad_args` (a page past the last)"),
    Command("board", _board, Schema.of(
        _opt("page", int, low=1, high=1_000, doc=f"the page, {BOARD_PAGE} values each "
                                                 "(default 1)")),
            read_only=True, reply="`values` (`key`, `group`, `label`, `value`, `shown`, "
                                  "`what`, `status`), `board`, `changed`, `page`, `pages`",
            refused=f"{_HERE}, `bad_args`"),
    Command("board.open", _board_open, Schema.of(
        _opt("board", str, check=lambda b: b in BOARD_NAMES,
             allowed="one of: " + ", ".join(BOARD_NAMES),
             doc="the Board row first (default: as the checklist shows)")),
            reply="`board`, `values_total`, `changed`", refused=f"{_HERE}, `bad_args`"),
    Command("board.set", _board_set, Schema.of(
        Field("key", str, most=64, doc="a value's key, as `fogkeeper board` lists them"),
        Field("value", str, most=64, doc="as `fogkeeper board --set` takes it: `-5`, "
                                         "`E,F`, `\"\"` for no row")),
            reply="`value` (as `fog.board` lists it), `changed`",
            refused=f"{_HERE}, `bad_args`"),
    Command("board.save", _board_save, reply="`board`, `corrected` (after the file is "
                                             "written)",
            refused=f"{_HERE}, `bad_args` (what the board cannot hold, or the disk refused)"),
    Command("board.drop", _board_drop, reply="`board`, `dropped` (the changes not saved)",
            refused=_HERE),
), common=lambda flow: {"screen": flow.screen.value})


def _scenario_and_start(setup: dict[str, object], chosen: dict[str, object]
                        ) -> dict[str, object]:
    """``scenario`` lays out its sheet (its values can still be overridden in the same
    command); ``fog_start`` is a solo choice; in multiplayer the board gives it."""
    if chosen.get("scenario"):
        sheets = scenarios()
        name = str(chosen["scenario"])
        if name not in sheets:
            raise LinkError(ErrorCode.BAD_ARGS, f"'scenario' {name!r}: one of "
                                                + (", ".join(sheets) or "none installed"))
        if setup["mode"] != "solo":
            raise LinkError(ErrorCode.BAD_ARGS, "'scenario' is for a solo game (mode: solo)")
        setup = apply_scenario(setup, sheets[name])
        setup.update({k: v for k, v in chosen.items() if k != "scenario"})
        setup = settle(setup)
    if "fog_start" in chosen and setup["mode"] != "solo":
        raise LinkError(ErrorCode.BAD_ARGS, "'fog_start' is the solo scenario's; in "
                                            "multiplayer the board gives it (on the Flex "
                                            "board, flex_plus_one adds 1)")
    return setup


def _whole(value: object, name: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise LinkError(ErrorCode.BAD_ARGS, f"argument '{name}' must be a whole number")
    return value


def _step(flow: FogFlow) -> dict[str, object] | None:
    step = flow.s.last_step
    return step.to_dict() if flow.screen is F.FOG and step is not None else None


def _cost_choice(args: LinkArgs) -> CostChoice:
    asked = CostChoice()
    for key in CostField:
        if key.value in args:
            value = args[key.value]
            if isinstance(value, bool) and key in (CostField.ENHANCED, CostField.ENTERS_BOAT):
                value = "yes" if value else "no"
            elif key is CostField.SWAP_NUMBER:
                value = str(_whole(value, "swap_number"))
            elif key is CostField.FREE_RUN:
                value = "no" if value in ("", False, None) else value
            if value not in COST_CHOICES[key]:
                raise LinkError(ErrorCode.BAD_ARGS, f"'{key.value}' must be one of "
                                                    + ", ".join(COST_CHOICES[key]))
            asked = asked.with_value(key, value)
    return asked


def _entries(given: list[object], what: str) -> list[dict[str, object]]:
    found = [x for x in given if isinstance(x, dict)]
    if len(found) != len(given):
        raise LinkError(ErrorCode.BAD_ARGS, f"'{what}' must be a list of objects")
    return found


def _checked_losses(s: Session, given: list[object], rows: list[str]) -> list[Loss]:
    """The Islanders the FOG took, checked; nothing is entered until all are fine."""
    found: list[Loss] = []
    for x in _entries(given, "losses"):
        owner = str(x.get("owner", s.colours[0] if s.solo else ""))
        if owner not in s.colours:
            raise LinkError(ErrorCode.BAD_ARGS, f"owner {owner!r} is not a colour in play")
        row = str(x.get("row"))
        if row not in rows:
            raise fog_step.FogRulesViolation(f"the FOG has not swallowed row {row} "
                                             f"({'this step' if rows else 'no row'} "
                                             f"took {', '.join(rows) or 'none'})")
        kind = str(x.get("type"))
        if kind not in scoring.TYPES:
            raise LinkError(ErrorCode.BAD_ARGS, f"type {kind!r}: one of "
                                                + ", ".join(scoring.TYPES))
        found.append(Loss(row, owner, str(x.get("nation")), IslanderType(kind)))
    return found


def _islanders(s: Session, given: list[object]) -> list[Islander]:
    """A colour's Islanders in boats and on piers, checked before any is entered."""
    found = []
    for x in _entries(given, "islanders"):
        values = {PickField(k): str(v) for k, v in x.items() if k in ("at", "nation", "type")}
        if x.get("covered") is True:
            values[PickField.COVERED] = "yes"
        found.append(scoring.islander_from(s, values))
    return found


def _bonuses(s: Session, given: list[object]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for value in given:
        tile = _whole(value, "bonuses")
        if tile not in scoring.bonus_values(s):
            raise LinkError(ErrorCode.BAD_ARGS,
                            f"no Preparation Bonus of {tile} in the stacks in play")
        counts[str(tile)] = counts.get(str(tile), 0) + 1
    return counts

