"""The corps.* host-link commands: key, guess, track, state, end, reveal, lose.

Every reply is the public view (plus the screen): no answer but Water's slot before the end,
and after it only the circles uncovered so far. Refusals are LinkErrors whose message starts
with the engine's own reason code (``slot_empty: …``).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from fogkeeper.flow.corps_model import KEY_SCREENS, CorpsScreen
from fogkeeper.link.protocol import ErrorCode, LinkError
from fogkeeper.rules import corps
from fogkeeper.rules.corps.tracker import TerrainExplored, monster_water_loss

if TYPE_CHECKING:
    from fogkeeper.flow.corps import CorpsFlow

log = logging.getLogger(__name__)
Args = Mapping[str, Any]
Reply = dict[str, Any]
C = CorpsScreen

# engine reason -> link error code: malformed input, wrong moment, or locked by the seal
LOCKED_REASONS = frozenset({"key_sealed"})
BAD_ARGS_REASONS = frozenset({"bad_args", "bad_slot", "bad_token", "key_file", "key_refused"})
# screens where a change from the link leaves a stale cursor: back to the board
STALE_SCREENS = frozenset({C.PICK, C.CARRY})


def run_command(flow: CorpsFlow, action: str, args: Args) -> Reply:
    """Run ``corps.<action>``; LinkError for anything refused."""
    handler = COMMANDS.get(action)
    if handler is None:
        known = ", ".join(f"corps.{name}" for name in COMMANDS)
        raise LinkError(ErrorCode.UNKNOWN_CMD, f"unknown command corps.{action}; known: {known}")
    try:
        extra = handler(flow, args)
    except corps.CorpsError as exc:
        raise LinkError(_code(exc.code), f"{exc.code}: {exc}") from None
    return {**flow.public_state(), **extra}


def _code(reason: str) -> ErrorCode:
    if reason in LOCKED_REASONS:
        return ErrorCode.LOCKED
    return ErrorCode.BAD_ARGS if reason in BAD_ARGS_REASONS else ErrorCode.NOT_NOW


def _state(flow: CorpsFlow, args: Args) -> Reply:
    return {}


def _key(flow: CorpsFlow, args: Args) -> Reply:
    """Enter and seal the key (``key`` text or ``slots``), or ``op: unseal`` it; PIN first."""
    if flow.chapter.ended:
        raise LinkError(ErrorCode.NOT_NOW, "the chapter has ended: the key is uncovered")
    _check_pin(flow, args)
    op = args.get("op", "seal")
    if op == "unseal":
        flow.chapter = corps.unseal(flow.chapter)
        log.info("corps: key unsealed over the link")
        return {}
    if op != "seal":
        raise LinkError(ErrorCode.BAD_ARGS, "op must be seal or unseal")
    if corps.is_sealed(flow.chapter):
        raise LinkError(ErrorCode.LOCKED, "the key is already sealed; unseal it first")
    if "key" not in args and "slots" not in args and flow.chapter.key is not None:
        flow.chapter = corps.seal(flow.chapter)  # seal the key entered before, unchanged
        flow.announce_sealed()
        return {}
    key = _key_from_args(flow, args)
    if flow.state is C.MODE:  # the key holder skipped the box's menus: a Fog chapter it is
        flow.map_choice = key.map_id
        flow.start_fog()
    flow.chapter = corps.seal(corps.enter_key(flow.chapter, key))
    flow.announce_sealed()
    if flow.state in KEY_SCREENS:
        flow.key_entry = None
        flow.set_screen(C.SEALED)
    return {}


def _check_pin(flow: CorpsFlow, args: Args) -> None:
    pin = args.get("pin", "")
    if not isinstance(pin, str):
        raise LinkError(ErrorCode.BAD_ARGS, "pin must be a string of digits")
    configured = bool(flow.context.config.security.pin)
    if configured and not flow.context.pin_matches(pin):
        raise LinkError(ErrorCode.LOCKED, "wrong PIN")
    if not configured and args.get("op") == "unseal":
        raise LinkError(ErrorCode.LOCKED, "no PIN is set: the key stays sealed until the end")


def _key_from_args(flow: CorpsFlow, args: Args) -> corps.AnswerKey:
    wanted = args.get("map", flow.chapter.map_id)
    if wanted is not None and (isinstance(wanted, bool) or not isinstance(wanted, int)):
        raise LinkError(ErrorCode.BAD_ARGS, "map must be a whole number")
    text, slots = args.get("key"), args.get("slots")
    if isinstance(text, str) and slots is None:
        return _pick_map(corps.parse_key_file(text), wanted)
    if isinstance(slots, Mapping) and text is None:
        if wanted is None:
            raise LinkError(ErrorCode.BAD_ARGS, "say which map the slots are for (\"map\")")
        by_slot = {corps.parse_slot(str(slot)): _secret_token(token)
                   for slot, token in slots.items()}
        return corps.key_from_slots(wanted, by_slot)
    raise LinkError(ErrorCode.BAD_ARGS, "give either key (key-file text) or slots {slot: token}")


def _secret_token(value: object) -> corps.Token:
    if not isinstance(value, str):
        raise LinkError(ErrorCode.BAD_ARGS, "each slot's token is a name such as \"wood\"")
    return corps.parse_token(value, secret=True)


def _pick_map(keys: dict[int, corps.AnswerKey], wanted: int | None) -> corps.AnswerKey:
    if wanted is not None:
        if wanted not in keys:
            raise LinkError(ErrorCode.BAD_ARGS, f"the key file has no section for map {wanted}")
        return keys[wanted]
    if len(keys) != 1:
        maps = ", ".join(str(m) for m in sorted(keys))
        raise LinkError(ErrorCode.BAD_ARGS, f"the file holds maps {maps}: say which (\"map\")")
    return next(iter(keys.values()))


def _guess(flow: CorpsFlow, args: Args) -> Reply:
    flow.chapter = corps.apply_guess(flow.chapter, args)
    _leave_stale_screen(flow)
    return {}


def _track(flow: CorpsFlow, args: Args) -> Reply:
    action = corps.track_action(args)
    lost = (monster_water_loss(flow.chapter.tracker, action.terrain)
            if isinstance(action, TerrainExplored) else None)
    before = flow.chapter
    flow.chapter = corps.track(flow.chapter, action)
    flow.undo = before
    return {} if lost is None else {"water_lost": lost}


def _end(flow: CorpsFlow, args: Args) -> Reply:
    flow.chapter = corps.end_chapter(flow.chapter)
    flow.after_end()
    flow.set_screen(C.REVEAL if flow.chapter.key is not None else C.VERDICT)
    return {}


def _reveal(flow: CorpsFlow, args: Args) -> Reply:
    """The next circle, or all of them with ``"all": true``; the verdict comes with the last."""
    every = args.get("all", False)
    if not isinstance(every, bool):
        raise LinkError(ErrorCode.BAD_ARGS, "all must be true or false")
    flow.chapter = (corps.reveal_all if every else corps.reveal_next)(flow.chapter)
    flow.context.effects.sound("reveal")
    flow.next_reveal_at = None  # the link sets the pace now
    flow.set_screen(C.VERDICT if flow.is_all_revealed() else C.REVEAL)
    return {}


def _lose(flow: CorpsFlow, args: Args) -> Reply:
    """The core game's loss conditions ended the chapter (B-C12); the reveal stays possible."""
    reason = args.get("reason", "core rules")
    if not isinstance(reason, str):
        raise LinkError(ErrorCode.BAD_ARGS, "reason must be a string")
    flow.chapter = corps.lose_by_core_rules(flow.chapter, reason)
    flow.after_end()
    flow.set_screen(C.REVEAL if flow.chapter.key is not None else C.VERDICT)
    return {}


def _leave_stale_screen(flow: CorpsFlow) -> None:
    if flow.state in STALE_SCREENS:
        flow.carried = None
        flow.set_screen(C.BOARD)


COMMANDS: dict[str, Callable[[CorpsFlow, Args], Reply]] = {
    "key": _key, "guess": _guess, "track": _track, "state": _state, "end": _end,
    "reveal": _reveal, "lose": _lose,
}
