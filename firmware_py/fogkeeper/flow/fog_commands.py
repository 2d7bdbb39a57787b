"""The FOG's host-link commands (``fog.<action>``): every joystick action, and the public state.

``docs/fog-link.md`` lists them with examples. No reply ever carries a mission card before
the final score: a kept mission is reported by the player's name only.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from fogkeeper.errors import FogkeeperError
from fogkeeper.flow import fog_play as play
from fogkeeper.flow import fog_scoring as scoring
from fogkeeper.flow.fog_begin import public_setup, value_rows
from fogkeeper.flow.fog_model import FogScreen
from fogkeeper.flow.fog_setup import DEFAULT_SETUP, problems, settle
from fogkeeper.flow.fog_wizard import SCORING
from fogkeeper.flow.game import LinkArgs
from fogkeeper.link.protocol import ErrorCode, LinkError
from fogkeeper.rules.fog import Refusal, current_turn, swallowed_so_far
from fogkeeper.rules.fog.game import PHASE_TURN

if TYPE_CHECKING:
    from fogkeeper.flow.fog import FogFlow

F = FogScreen
Handler = Callable[["FogFlow", LinkArgs], dict[str, Any]]


def _not_now(action: str, why: str) -> LinkError:
    return LinkError(ErrorCode.NOT_NOW, f"fog.{action}: {why}", None)


def _bad(action: str, why: str) -> LinkError:
    return LinkError(ErrorCode.BAD_ARGS, f"fog.{action}: {why}", None)


def _on(flow: FogFlow, action: str, *screens: FogScreen) -> None:
    if flow.screen not in screens:
        shown = ", ".join(s.value for s in screens)
        raise _not_now(action, f"the box is on the {flow.screen.value} screen, not {shown}")


def run(flow: FogFlow, action: str, args: LinkArgs) -> dict[str, Any]:
    """Run one ``fog.<action>``; refusals become link errors that name the action."""
    handler = HANDLERS.get(action)
    if handler is None:
        raise LinkError(ErrorCode.UNKNOWN_CMD, f"fog.{action}: unknown; known: "
                        + ", ".join(sorted(HANDLERS)), None)
    try:
        reply = handler(flow, args)
    except LinkError:
        raise
    except FogkeeperError as exc:
        raise _bad(action, str(exc)) from None
    return {"screen": flow.screen.value, **reply}


def public_state(flow: FogFlow) -> dict[str, Any]:
    """What every player may know: never a mission card before the score."""
    s = flow.s
    out: dict[str, Any] = {"screen": flow.screen.value, "seed": s.seed}
    if s.game is None:
        out["setup"] = {k: v for k, v in s.setup.items() if k in DEFAULT_SETUP}
        return out
    state = s.state
    out.update(setup=public_setup(s), round=state.round_no, phase=state.phase,
               fog=state.fog_position, swallowed=list(swallowed_so_far(state, s.rules)),
               losses=[x.to_dict() for x in state.losses], end_reason=state.end_reason,
               draft={"pick": s.draft_pick, "of": len(s.draft)},
               missions={"kept_by": sorted(s.kept), "open": s.open_missions,
                         "next": (play.mission_turn(s) or ("", ""))[1]})
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


def _state(flow: FogFlow, args: LinkArgs) -> dict[str, Any]:
    return public_state(flow)


def _setup(flow: FogFlow, args: LinkArgs) -> dict[str, Any]:
    _on(flow, "setup", F.SETUP)
    unknown = set(args) - set(DEFAULT_SETUP) - {"seed", "values"}
    if unknown:
        raise _bad("setup", "unknown key(s) " + ", ".join(sorted(unknown)))
    chosen = {k: v for k, v in args.items() if k in DEFAULT_SETUP}
    for key, value in chosen.items():
        if not isinstance(value, type(DEFAULT_SETUP[key])):
            raise _bad("setup", f"{key!r} must be {type(DEFAULT_SETUP[key]).__name__}")
    setup = settle({**flow.s.setup, **chosen})
    found = problems(setup)
    if found:
        raise _bad("setup", "; ".join(found))
    flow.s.setup = setup
    if isinstance(args.get("seed"), int):
        flow.s.seed = int(args["seed"])
    given = args.get("values", {})
    flow.s.values = {r.key: int(given.get(r.key, r.default)) for r in value_rows(setup)}
    flow.trigger("start")
    return {"setup": public_setup(flow.s)}


def _continue(flow: FogFlow, args: LinkArgs) -> dict[str, Any]:
    if flow.screen not in (F.INFO, F.OPEN, F.FOG):
        raise _not_now("continue", f"nothing to confirm on the {flow.screen.value} screen")
    flow.trigger("ok")
    return {}


def _mission_show(flow: FogFlow, args: LinkArgs) -> dict[str, Any]:
    _on(flow, "mission.show", F.PASS)
    flow.trigger("hold_ok")
    return {"player": (play.mission_turn(flow.s) or ("", ""))[1]}


def _mission_keep(flow: FogFlow, args: LinkArgs) -> dict[str, Any]:
    _on(flow, "mission.keep", F.HAND)
    choice = args.get("choice")
    if choice not in (1, 2) or isinstance(choice, bool):
        raise _bad("mission.keep", "'choice' must be 1 or 2 (the card shown first or second)")
    turn = play.mission_turn(flow.s)
    flow.s.cursor = int(choice) - 1
    flow.trigger("ok")
    return {"player": turn[1] if turn else "", "kept": True}


def _draft_pick(flow: FogFlow, args: LinkArgs) -> dict[str, Any]:
    _on(flow, "draft.pick", F.DRAFT)
    count = args.get("count", 1)
    if not isinstance(count, int) or isinstance(count, bool) or count < 1:
        raise _bad("draft.pick", "'count' must be a whole number of picks, 1 or more")
    play.draft_next(flow.s, count)
    flow.trigger("drafted")
    return {"pick": flow.s.draft_pick, "of": len(flow.s.draft)}


def _draft_undo(flow: FogFlow, args: LinkArgs) -> dict[str, Any]:
    _on(flow, "draft.undo", F.DRAFT)
    flow.draft_undo()
    return {"pick": flow.s.draft_pick}


def _spend(flow: FogFlow, args: LinkArgs) -> dict[str, Any]:
    _on(flow, "spend", F.TURN)
    mp = args.get("mp")
    if not isinstance(mp, int) or isinstance(mp, bool):
        raise _bad("spend", "'mp' must be a whole number")
    play.spend(flow.s, mp, F.TURN.value)
    return {"mp_left": flow.s.state.mp_left}


def _end_turn(flow: FogFlow, args: LinkArgs) -> dict[str, Any]:
    _on(flow, "end_turn", F.TURN)
    flow.trigger("ok")
    return {"fog_step": flow.s.last_step if flow.screen is F.FOG else None}


def _cost(flow: FogFlow, args: LinkArgs) -> dict[str, Any]:
    _on(flow, "cost", F.TURN, F.COST)
    values = {k: v for k, v in args.items() if k in play.COST_DEFAULT}
    for flag in ("enhanced", "enters_boat"):
        if isinstance(values.get(flag), bool):
            values[flag] = "yes" if values[flag] else "no"
    found = play.price(flow.s, values)
    if isinstance(found, Refusal):
        return {"allowed": False, "reason": found.reason}
    if args.get("pay") is True:
        play.spend(flow.s, found.mp, F.TURN.value)
        flow.trigger("paid")
    return {"allowed": True, "mp": found.mp, "reasons": list(found.reasons),
            "mp_left": flow.s.state.mp_left if flow.s.state.phase == PHASE_TURN else 0}


def _undo(flow: FogFlow, args: LinkArgs) -> dict[str, Any]:
    _on(flow, "undo", F.TURN)
    flow.trigger("back")
    return {}


def _hourglass(flow: FogFlow, args: LinkArgs) -> dict[str, Any]:
    _on(flow, "hourglass", F.TURN)
    if flow.glass is None:
        raise _not_now("hourglass", "option 1 (hourglass) is off")
    flow.glass_toggle()
    return {"phase": flow.glass.phase.value}


def _end_game(flow: FogFlow, args: LinkArgs) -> dict[str, Any]:
    _on(flow, "end_game", F.TURN, F.END_NOW)
    flow.trigger("end_game")
    return {}


def _losses(flow: FogFlow, args: LinkArgs) -> dict[str, Any]:
    _on(flow, "losses", F.FOG, F.LOSSES, F.PICK)
    given = args.get("losses", [])
    if not isinstance(given, list) or not all(isinstance(x, dict) for x in given):
        raise _bad("losses", "'losses' must be a list of {owner, row, nation, type}")
    flow.s.pending_losses = []
    for x in given:
        owner = str(x.get("owner", flow.s.colours[0] if flow.s.solo else ""))
        if owner not in flow.s.colours:
            raise _bad("losses", f"owner {owner!r} is not a colour in play")
        play.add_loss(flow.s, str(x.get("row")), str(x.get("nation")), str(x.get("type")), owner)
    play.commit_losses(flow.s)
    flow.trigger("losses_entered")
    return {"losses": len(flow.s.state.losses)}


def _score_enter(flow: FogFlow, args: LinkArgs) -> dict[str, Any]:
    _on(flow, "score.enter", *SCORING)
    colour = args.get("colour", flow.s.colours[0] if flow.s.solo else None)
    if colour not in flow.s.colours:
        raise _bad("score.enter", f"'colour' must be one of {', '.join(flow.s.colours)}")
    islanders = args.get("islanders", [])
    if not isinstance(islanders, list) or not all(isinstance(x, dict) for x in islanders):
        raise _bad("score.enter", "'islanders' must be a list of {at, nation, type}")
    flow.s.final[colour] = []
    for x in islanders:
        values = {k: str(v) for k, v in x.items() if k in ("at", "nation", "type")}
        if x.get("covered") is True:
            values["covered"] = "yes"
        scoring.add_islander(flow.s, colour, values)
    flow.s.bonuses[colour] = {}
    for value in args.get("bonuses", []):
        current = flow.s.bonuses[colour].get(str(value), 0)
        scoring.set_bonus(flow.s, colour, int(value), current + 1)
    flow.trigger("to_review")
    return {"colour": colour, "islanders": len(flow.s.final[colour])}


def _score_confirm(flow: FogFlow, args: LinkArgs) -> dict[str, Any]:
    _on(flow, "score.confirm", *SCORING)
    flow.trigger("to_review")
    flow.s.cursor = len(flow.s.colours)   # on "Score the game"
    flow.trigger("ok")
    return {"result": flow.s.result, "record": flow.s.record_path}


def _result(flow: FogFlow, args: LinkArgs) -> dict[str, Any]:
    if flow.s.result is None:
        raise _not_now("result", "the game has not been scored yet")
    return {"result": flow.s.result, "record": flow.s.record_path}


HANDLERS: dict[str, Handler] = {
    "state": _state, "setup": _setup, "continue": _continue, "mission.show": _mission_show,
    "mission.keep": _mission_keep, "draft.pick": _draft_pick, "draft.undo": _draft_undo,
    "spend": _spend, "end_turn": _end_turn, "cost": _cost, "undo": _undo,
    "hourglass": _hourglass, "end_game": _end_game, "losses": _losses, "fog.losses": _losses,
    "score.enter": _score_enter, "score.confirm": _score_confirm, "result": _result,
}
