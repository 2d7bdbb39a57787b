"""The fogsite.* host-link commands; ``docs/fogsite-link.md`` shows each with an example.

Every reply is the public state (the screen and the public view) plus the answer; the maze,
the Guardian's space and routes, and who sleeps only leave the box in a ``reveal`` (PIN or
game over). A refusal is a LinkError: bad_args, not_now, or locked (no PIN given).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from fogkeeper.errors import ConfigError, RulesError
from fogkeeper.flow.fogsite_box import SEED_RANGE
from fogkeeper.flow.fogsite_core import (
    BOX_GUARDIAN,
    DIFFICULTIES,
    GUARDIAN_KINDS,
    SETUP_STAGES,
    STRENGTHS,
)
from fogkeeper.link.protocol import ErrorCode, LinkError
from fogkeeper.rules.fogsite import (
    Cell,
    Colour,
    Direction,
    GuardianMove,
    Phase,
    RelicRequest,
    reveal_view,
)

if TYPE_CHECKING:
    from fogkeeper.flow.fogsite import FogsiteFlow

Args = Mapping[str, Any]
Reply = dict[str, Any]
NO_PIN_NOTE = "no PIN is set: nothing can be unlocked before the end"
BOX_NOTE = "the box is the Guardian: nobody knows the maze, nothing unlocks before the end"
SIZES = (5, 4)  # 4: the Easy Rule
LOG_PAGE_MOST = 20
MOVE_TEXT = re.compile(r"([NESW])(\d+)")
# engine refusals about whose turn or which phase it is, rather than about the arguments
NOT_NOW_WORDS = ("not allowed now", "is playing", "has already finished")


def run_command(flow: FogsiteFlow, action: str, args: Args) -> Reply:
    """Run ``fogsite.<action>``; LinkError for anything refused."""
    handler = COMMANDS.get(action)
    if handler is None:
        known = ", ".join(f"fogsite.{name}" for name in COMMANDS)
        raise LinkError(ErrorCode.UNKNOWN_CMD, f"unknown command fogsite.{action}; known: {known}")
    try:
        extra = handler(flow, args)
    except (RulesError, ConfigError) as error:
        wrong_moment = any(words in str(error) for words in NOT_NOW_WORDS)
        code = ErrorCode.NOT_NOW if wrong_moment else ErrorCode.BAD_ARGS
        raise LinkError(code, f"fogsite.{action}: {error}") from None
    return {**flow.public_state(), **extra}


# ---- arguments ---------------------------------------------------------------------------------
def _bad(message: str) -> LinkError:
    return LinkError(ErrorCode.BAD_ARGS, message)


def _get(args: Args, name: str, kind: type, default: Any = None) -> Any:
    if name not in args:
        if default is None:
            raise _bad(f"missing {name!r}")
        return default
    value = args[name]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise _bad(f"{name!r} must be {kind.__name__}")
    return value


def _colour(text: Any, name: str = "colour") -> Colour:
    letter = str(text).strip().upper()[:1]
    if not isinstance(text, str) or letter not in "RGB" or not letter:
        raise _bad(f"{name!r} must be R, G or B")
    return Colour(letter)


def _direction(text: Any) -> Direction:
    if not isinstance(text, str) or text.upper() not in Direction.__members__:
        raise _bad("a direction is N, E, S or W")
    return Direction[text.upper()]


def _offset(value: Any, name: str) -> tuple[int, int]:
    if (not isinstance(value, list) or len(value) != 2
            or not all(isinstance(n, int) and not isinstance(n, bool) for n in value)):
        raise _bad(f"{name!r} must be [dx, dy] (dy positive to the south)")
    return (value[0], value[1])


def _pin_given(flow: FogsiteFlow, args: Args) -> bool:
    pin = args.get("pin")
    return isinstance(pin, str) and flow.context.pin_matches(pin)


def _require_pin(flow: FogsiteFlow, args: Args, what: str) -> None:
    if not _pin_given(flow, args):
        why = "none is set in config (security.pin)" if not flow.has_pin() else "give 'pin'"
        raise LinkError(ErrorCode.LOCKED, f"{what} needs the Guardian PIN: {why}")


def _in_phase(flow: FogsiteFlow, *phases: Phase) -> None:
    if flow.game is None:
        raise LinkError(ErrorCode.NOT_NOW, "no game yet: send fogsite.setup first")
    if flow.game.phase not in phases:
        raise LinkError(ErrorCode.NOT_NOW, f"not now: it is the {flow.game.phase.value} phase")


# ---- setup -------------------------------------------------------------------------------------
def _setup(flow: FogsiteFlow, args: Args) -> Reply:
    if flow.game is not None or flow.state not in SETUP_STAGES:
        raise LinkError(ErrorCode.NOT_NOW, "a game is running; quit it first (game.quit)")
    options = _get(args, "options", dict, {})
    guardian = args.get("guardian", options.get("guardian", "human"))
    if guardian not in GUARDIAN_KINDS:
        raise _bad(f"'guardian' must be one of {list(GUARDIAN_KINDS)}")
    if guardian == BOX_GUARDIAN:
        return _setup_box(flow, args, options)
    if flow.has_pin():
        _require_pin(flow, args, "fogsite.setup")
    colours = _draft_from(flow, args, options, str(guardian))
    maze = _get(args, "maze", str)
    problems = flow.maze_problems(maze, colours)
    if problems:
        shown = problems if _pin_given(flow, args) else tuple(
            re.sub(r"\s*\[.*\]$", "", p) for p in problems)  # cells only to the PIN holder
        raise _bad("the maze is refused: " + "; ".join(shown))
    sleeping = None if "sleeping" not in args else _colour(args["sleeping"], "sleeping")
    start = None if "guardian_start" not in args else Cell.parse(
        str(args["guardian_start"]))
    flow.start_game(maze, colours, sleeping, start)
    return {} if flow.has_pin() else {"note": NO_PIN_NOTE}


def _draft_from(flow: FogsiteFlow, args: Args, options: Args, guardian: str) -> tuple[Colour, ...]:
    """The seats and options every setup shares, into the draft; the seats are returned."""
    draft = flow.draft
    colours = tuple(_colour(c, "colours") for c in _get(args, "colours", list, ["R", "G", "B"]))
    draft.colours, draft.guardian = colours, guardian
    draft.two_player = bool(options.get("two_player", False))
    draft.easy = bool(options.get("easy", False))
    draft.balancing = frozenset(str(b) for b in options.get("balancing", []))
    return colours


def _setup_box(flow: FogsiteFlow, args: Args, options: Args) -> Reply:
    """The box builds the maze and plays the Guardian; no PIN, as nothing secret is sent."""
    _draft_from(flow, args, options, BOX_GUARDIAN)
    draft = flow.draft
    size = _get(args, "size", int, 4 if draft.easy else 5)
    if size not in SIZES or ("easy" in options and draft.easy != (size == 4)):
        raise _bad("'size' is 5, or 4 for the Easy Rule")
    draft.easy = size == 4
    draft.difficulty = _choice(args, "difficulty", DIFFICULTIES, "normal")
    draft.strength = _choice(args, "strength", STRENGTHS, "gentle")
    draft.seed = None if "seed" not in args else _get(args, "seed", int)
    if draft.seed is not None and not 0 <= draft.seed < SEED_RANGE:
        raise _bad(f"'seed' is a whole number from 0 to {SEED_RANGE - 1}")
    flow.start_box_game()
    return {"note": BOX_NOTE}


def _choice(args: Args, name: str, allowed: tuple[str, ...], default: str) -> str:
    value = args.get(name, default)
    if value not in allowed:
        raise _bad(f"{name!r} must be one of {list(allowed)}")
    return str(value)


def _not_the_box(flow: FogsiteFlow, refusal: str) -> None:
    if flow.box_plays():
        raise LinkError(ErrorCode.NOT_NOW, f"{refusal}: the box is the Guardian")


# ---- the team ----------------------------------------------------------------------------------
def _explore(flow: FogsiteFlow, args: Args) -> Reply:
    _in_phase(flow, Phase.INVESTIGATORS)
    answer = flow.do_explore(_colour(_get(args, "colour", str)),
                             _direction(_get(args, "direction", str)))
    return {"answer": answer.text, "can_move": answer.can_move,
            "relic_drawn": answer.relic_drawn}


def _move(flow: FogsiteFlow, args: Args) -> Reply:
    _in_phase(flow, Phase.INVESTIGATORS)
    raw = args.get("route")
    steps = list(raw.replace(" ", "")) if isinstance(raw, str) else raw
    if not isinstance(steps, list) or not steps:
        raise _bad("'route' must be directions, e.g. \"NEE\" or [\"N\", \"E\", \"E\"]")
    answer = flow.do_move(_colour(_get(args, "colour", str)), [_direction(s) for s in steps])
    return {"answer": answer.text, "steps_taken": answer.steps_taken,
            "completed": answer.completed}


def _relic(flow: FogsiteFlow, args: Args) -> Reply:
    _in_phase(flow, Phase.INVESTIGATORS)
    if "lie" in args:
        _not_the_box(flow, "fogsite.relic: no lie (G7)")
        _require_pin(flow, args, "a lie (G7)")
    request = RelicRequest(
        _get(args, "relic", int),
        wall_offset=_offset(args["wall_offset"], "wall_offset") if "wall_offset" in args
        else None,
        receiver=_colour(args["receiver"], "receiver") if "receiver" in args else None,
        card=_get(args, "card", int) if "card" in args else None,
        placed=tuple(_offset(o, "placed") for o in _get(args, "placed", list, [])),
        restore_time=bool(args.get("restore_time", False)), lie=args.get("lie"))
    answer = flow.do_relic(_colour(_get(args, "colour", str)), request)
    value = list(answer.value) if isinstance(answer.value, tuple) else answer.value
    return {"answer": answer.text, "value": value}


def _give(flow: FogsiteFlow, args: Args) -> Reply:
    _in_phase(flow, Phase.INVESTIGATORS)
    flow.do_give(_colour(_get(args, "colour", str)), _get(args, "relic", int),
                 _colour(_get(args, "to", str), "to"))
    return {}


def _end_turn(flow: FogsiteFlow, args: Args) -> Reply:
    _in_phase(flow, Phase.INVESTIGATORS)
    flow.do_end_turn(_colour(_get(args, "colour", str)))
    return {}


def _escape(flow: FogsiteFlow, args: Args) -> Reply:
    _in_phase(flow, Phase.ESCAPE)
    flow.do_escape(_get(args, "announce", bool))
    return {}


# ---- the Guardian ------------------------------------------------------------------------------
def _moves(raw: Any) -> list[GuardianMove]:
    if isinstance(raw, str):
        text = raw.upper().replace(" ", "")
        found = MOVE_TEXT.findall(text)
        if "".join(d + n for d, n in found) != text:
            raise _bad("'moves' as text is like \"E2 S1\"")
        return [GuardianMove(Direction[d], int(n)) for d, n in found]
    if not isinstance(raw, list) or not all(
            isinstance(m, list) and len(m) == 2 and isinstance(m[1], int) for m in raw):
        raise _bad("'moves' must be [[\"E\", 2], [\"S\", 1]] or \"E2 S1\" ([] to stay)")
    return [GuardianMove(_direction(d), n) for d, n in raw]


def _guardian_move(flow: FogsiteFlow, args: Args) -> Reply:
    _not_the_box(flow, "fogsite.guardian_move: not yours to play")
    _in_phase(flow, Phase.GUARDIAN)
    _require_pin(flow, args, "fogsite.guardian_move")
    attack = flow.do_guardian_turn(_moves(args.get("moves", [])))
    return {"attacked": len(attack.attacked), "tiles_removed": attack.tiles_removed}


# ---- views -------------------------------------------------------------------------------------
def _log_page(args: Args, entries: list[Any]) -> Reply:
    start = _get(args, "log_from", int, -1)
    count = min(LOG_PAGE_MOST, _get(args, "log_count", int, LOG_PAGE_MOST))
    if start < 0:
        return {}
    return {"log_from": start, "log": entries[start:start + count]}


def _state(flow: FogsiteFlow, args: Args) -> Reply:
    if flow.game is None:
        return {}
    return _log_page(args, [e[:4] for e in reveal_view(flow.game)["log"]])


def _reveal(flow: FogsiteFlow, args: Args) -> Reply:
    if flow.game is None:
        raise LinkError(ErrorCode.NOT_NOW, "no game yet: nothing to reveal")
    over = flow.game.phase is Phase.OVER
    if not over:
        _not_the_box(flow, "fogsite.reveal: not before the end")
        _require_pin(flow, args, "fogsite.reveal before the end")
    from fogkeeper.rules.fogsite import guardian_view

    view = guardian_view(flow.game)
    entries = view.pop("log")
    view.pop("phase")
    page = _log_page(args, entries) or {"log": entries[-6:]}
    routes = {who: [Cell(*c).name for c in cells] for who, cells in flow.routes.items()}
    box = {"box": {**flow.box_settings(), "seed": flow.draft.seed}} if flow.box_plays() else {}
    return {"reveal": {**view, "routes": routes, **box, "log_size": len(entries), **page}}


COMMANDS: dict[str, Callable[[FogsiteFlow, Args], Reply]] = {
    "setup": _setup, "explore": _explore, "move": _move, "relic": _relic, "give": _give,
    "end_turn": _end_turn, "escape": _escape, "guardian_move": _guardian_move,
    "state": _state, "reveal": _reveal,
}
