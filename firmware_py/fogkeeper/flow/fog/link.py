"""The FOG's host-link commands (``fog.<action>``): the buttons' moves, and the public state.

``docs/fog-link.md`` lists them with examples. A command checks its arguments and the screen
first, then runs the same action or fires the same trigger of ``table.py`` as the buttons.
No reply ever carries a mission card before the final score: a kept mission is reported by
the player's name only.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from fogkeeper.data.fog import load_scenarios
from fogkeeper.errors import PhaseError
from fogkeeper.flow.fog import fog_step, missions, scoring, table_cards, turns
from fogkeeper.flow.fog.begin import public_setup, value_rows
from fogkeeper.flow.fog.session import (
    COST_CHOICES,
    CostChoice,
    CostField,
    Islander,
    PickField,
    Session,
)
from fogkeeper.flow.fog.setup import DEFAULT_SETUP, apply_scenario, problems, settle
from fogkeeper.flow.fog.table import SCORING, FogScreen
from fogkeeper.flow.kit.link import Dispatcher, LinkArgs, Reply, on_screen
from fogkeeper.link.protocol import ErrorCode, LinkError, optional, reject_unknown, require
from fogkeeper.rules.fog import IslanderType, Loss, Refusal, current_turn, swallowed_so_far
from fogkeeper.rules.fog.game import PHASE_TURN

if TYPE_CHECKING:
    from fogkeeper.flow.fog.flow import FogFlow

F = FogScreen
SETUP_KEYS = frozenset(DEFAULT_SETUP) | {"seed", "values", "pin"}
SEED_NEEDS_PIN = ("a 'seed' decides the secret missions (whoever chose it could predict "
                  "them): it needs the PIN, given as 'pin'")


def public_state(flow: FogFlow) -> dict[str, object]:
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
               losses=[x.to_dict() for x in state.losses], end_reason=state.end_reason,
               draft={"pick": s.draft_pick, "of": len(s.draft)},
               missions={"kept_by": sorted(s.kept), "open": s.open_missions,
                         "next": deal.player if deal else ""})
    if state.phase == PHASE_TURN:
        turn = current_turn(state)
        out["turn"] = {"entry": turn.entry, "turn_no": turn.turn_no, "mp_left": turn.mp_left,
                       "mp_budget": turn.mp_budget, "event": turn.event,
                       "double_turn": turn.double_turn, "undo": len(s.undo)}
    if flow.glass is not None:
        now = flow.context.clock()
        out["hourglass"] = {"phase": flow.glass.phase.value,
                            "seconds_left": round(flow.glass.remaining(now), 2)}
    if s.result is not None:
        out.update(result=s.result, record=s.record_path)
    return out


def dispatcher(flow: FogFlow) -> Dispatcher:
    """The ``fog.*`` commands of this flow; every reply carries the screen shown after."""
    def on(*screens: FogScreen) -> None:
        on_screen(flow.screen, *screens)
        if flow.screen is F.TURN:
            flow.dismiss_event()   # a command for the turn: the round's event was read

    def state(args: LinkArgs) -> Reply:
        return public_state(flow)

    def setup(args: LinkArgs) -> Reply:
        on(F.SETUP)
        reject_unknown(args, SETUP_KEYS)
        chosen = {k: require(args, k, type(DEFAULT_SETUP[k])) for k in args
                  if k in DEFAULT_SETUP}
        new = settle({**flow.s.setup, **chosen})
        new = _scenario_and_start(new, chosen)
        found = problems(new)
        if found:
            raise LinkError(ErrorCode.BAD_ARGS, "; ".join(found))
        seed = optional(args, "seed", int, flow.s.seed)
        if "seed" in args and not flow.context.pin_matches(optional(args, "pin", str, "")):
            raise LinkError(ErrorCode.LOCKED, SEED_NEEDS_PIN)
        given = optional(args, "values", dict, {})
        values = {r.key: _whole(given.get(r.key, r.default), f"values.{r.key}")
                  for r in value_rows(new)}
        flow.s.setup, flow.s.seed, flow.s.values = new, seed, values
        flow.trigger("start")
        return {"setup": public_setup(flow.s)}

    def go_on(args: LinkArgs) -> Reply:
        on(F.INFO, F.OPEN, F.FOG, F.SHOW)
        flow.trigger("ok")
        return {}

    def card(args: LinkArgs) -> Reply:
        on(F.CARD)
        wanted = require(args, "card", str)
        if len(wanted) != 3 or wanted[0] not in "ABC" or not wanted[1:].isdigit():
            raise LinkError(ErrorCode.BAD_ARGS, "'card' is the letter and number the card "
                                                "shows, e.g. \"A18\"")
        entry = table_cards.current(flow.s)
        flow.enter_card(wanted)
        return {"deck": entry.deck, "player": entry.player}

    def mission_show(args: LinkArgs) -> Reply:
        on(F.PASS)
        flow.trigger("hold_ok")
        deal = missions.mission_turn(flow.s)
        return {"player": deal.player if deal else ""}

    def mission_keep(args: LinkArgs) -> Reply:
        on(F.HAND)
        choice = require(args, "choice", int)
        if choice not in (1, 2):
            raise LinkError(ErrorCode.BAD_ARGS, "'choice' must be 1 or 2 (the card shown "
                                                "first or second)")
        deal = missions.mission_turn(flow.s)
        flow.keep_card(choice - 1)
        return {"player": deal.player if deal else "", "kept": True}

    def draft_pick(args: LinkArgs) -> Reply:
        on(F.DRAFT)
        count = optional(args, "count", int, 1)
        if count < 1:
            raise LinkError(ErrorCode.BAD_ARGS, "'count' must be a whole number of picks, "
                                                "1 or more")
        flow.count_picks(count)
        return {"pick": flow.s.draft_pick, "of": len(flow.s.draft)}

    def draft_undo(args: LinkArgs) -> Reply:
        on(F.DRAFT)
        missions.draft_back(flow.s)
        return {"pick": flow.s.draft_pick}

    def spend(args: LinkArgs) -> Reply:
        on(F.TURN)
        turns.spend(flow.s, require(args, "mp", int))
        return {"mp_left": flow.s.state.mp_left}

    def end_turn(args: LinkArgs) -> Reply:
        on(F.TURN)
        flow.trigger("ok")
        if flow.screen is F.ASK:   # the round's last turn: the command is the confirmation
            flow.trigger("ok")
        return {"fog_step": _step(flow)}

    def cost(args: LinkArgs) -> Reply:
        on(F.TURN, F.COST)
        asked = _cost_choice(args)
        found = turns.price(flow.s, asked)
        if isinstance(found, Refusal):
            return {"allowed": False, "reason": found.reason}
        if args.get("pay") is True:
            turns.spend(flow.s, found.mp)
            flow.trigger("paid")
        state = flow.s.state
        return {"allowed": True, "mp": found.mp, "reasons": list(found.reasons),
                "mp_left": state.mp_left if state.phase == PHASE_TURN else 0}

    def undo(args: LinkArgs) -> Reply:
        on(F.TURN)
        crosses = turns.undo_crosses_fog(flow.s)
        if crosses and optional(args, "fog", bool, False) is not True:
            raise PhaseError("this undo takes back the FOG step (its card and losses too); "
                             "send it again with \"fog\": true to confirm")
        flow.undo()
        return {"fog_step_undone": crosses}

    def hourglass(args: LinkArgs) -> Reply:
        on(F.TURN)
        if flow.glass is None:
            raise PhaseError("option 1 (hourglass) is off")
        flow.glass_toggle()
        return {"phase": flow.glass.phase.value}

    def end_game(args: LinkArgs) -> Reply:
        on(F.TURN, F.END_NOW)
        flow.trigger("end_game")
        return {}

    def losses(args: LinkArgs) -> Reply:
        on(F.FOG, F.LOSSES, F.PICK)
        given = optional(args, "losses", list, [])
        fog_step.record(flow.s, _losses(flow.s, given, fog_step.step_rows(flow.s)))
        flow.trigger("losses_entered")
        return {"losses": len(flow.s.state.losses)}

    def lost(args: LinkArgs) -> Reply:
        on(F.TURN, F.COST, F.FOG, F.BOATS, F.SCORE, F.BONUS, F.REVIEW)
        given = require(args, "losses", list)
        fog_step.replace_all(flow.s, _losses(flow.s, given, fog_step.loss_rows(flow.s)))
        return {"losses": len(flow.s.state.losses)}

    def score_enter(args: LinkArgs) -> Reply:
        on(*SCORING)
        s = flow.s
        colour = args.get("colour", s.colours[0] if s.solo else None)
        if colour not in s.colours:
            raise LinkError(ErrorCode.BAD_ARGS, f"'colour' must be one of {', '.join(s.colours)}")
        islanders = _islanders(s, optional(args, "islanders", list, []))
        bonuses = _bonuses(s, optional(args, "bonuses", list, []))
        s.final[colour] = islanders
        s.bonuses[colour] = bonuses
        flow.trigger("to_review")
        return {"colour": colour, "islanders": len(islanders)}

    def score_confirm(args: LinkArgs) -> Reply:
        on(*SCORING)
        flow.trigger("to_review")
        flow.trigger("score")
        return {"result": flow.s.result, "record": flow.s.record_path}

    def result(args: LinkArgs) -> Reply:
        if flow.s.result is None:
            raise PhaseError("the game has not been scored yet")
        return {"result": flow.s.result, "record": flow.s.record_path}

    handlers = {
        "state": state, "setup": setup, "continue": go_on, "card": card,
        "mission.show": mission_show,
        "mission.keep": mission_keep, "draft.pick": draft_pick, "draft.undo": draft_undo,
        "spend": spend, "end_turn": end_turn, "cost": cost, "undo": undo,
        "hourglass": hourglass, "end_game": end_game, "losses": losses, "fog.losses": losses,
        "lost": lost, "score.enter": score_enter, "score.confirm": score_confirm, "result": result,
    }
    return Dispatcher("fog", handlers, lambda: {"screen": flow.screen.value})


def _scenario_and_start(setup: dict[str, object], chosen: dict[str, object]
                        ) -> dict[str, object]:
    """``scenario`` lays out its sheet (its values can still be overridden in the same
    command); ``fog_start`` is a solo choice; in multiplayer the board gives it."""
    if chosen.get("scenario"):
        scenarios = load_scenarios()
        name = str(chosen["scenario"])
        if name not in scenarios:
            raise LinkError(ErrorCode.BAD_ARGS, f"'scenario' {name!r}: one of "
                                                + (", ".join(scenarios) or "none installed"))
        if setup["mode"] != "solo":
            raise LinkError(ErrorCode.BAD_ARGS, "'scenario' is for a solo game (mode: solo)")
        setup = apply_scenario(setup, scenarios[name])
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


def _losses(s: Session, given: list[object], rows: list[str]) -> list[Loss]:
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

