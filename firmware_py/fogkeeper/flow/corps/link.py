"""The corps.* host-link commands: key, guess, track, state, end, reveal, lose.

Every reply is the public view (plus the screen): no answer but Water's slot before the end,
and after it only the circles uncovered so far. A refusal's code follows its type (the
engine's PhaseErrors are ``not_now``); its message starts with the engine's reason code
(``slot_empty: …``). A command changes the chapter through the engine, then fires the same
named triggers of the table as the buttons do.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from enum import StrEnum
from typing import TYPE_CHECKING

from fogkeeper.errors import FogkeeperError, PhaseError
from fogkeeper.flow.corps import chapter, key_entry, reveal
from fogkeeper.flow.corps.session import CorpsScreen
from fogkeeper.flow.game import LinkArgs
from fogkeeper.flow.kit.link import Dispatcher, Reply
from fogkeeper.link.protocol import ErrorCode, LinkError, choice, optional, require
from fogkeeper.rules import corps
from fogkeeper.rules.corps.tracker import TerrainExplored, monster_water_loss

if TYPE_CHECKING:
    from fogkeeper.flow.corps.table import CorpsFlow

log = logging.getLogger(__name__)
_Handler = Callable[["CorpsFlow", LinkArgs], Reply]
_Bound = Callable[[LinkArgs], Reply]


class KeyOp(StrEnum):
    SEAL = "seal"
    UNSEAL = "unseal"


def corps_commands(flow: CorpsFlow) -> Dispatcher:
    """The dispatcher of ``flow``'s link commands."""
    handlers = {"key": _key, "guess": _guess, "track": _track, "state": _state, "end": _end,
                "reveal": _reveal, "lose": _lose}
    return Dispatcher("corps", {name: _bound(flow, handler) for name, handler in handlers.items()},
                      flow.public_state, describe=_describe)


def _bound(flow: CorpsFlow, handler: _Handler) -> _Bound:
    return lambda args: handler(flow, args)


def _describe(action: str, error: FogkeeperError) -> str:
    """The engine's reason code first (``no_key: …``); the link's own words as they are."""
    if isinstance(error, LinkError):
        return error.message
    if isinstance(error, corps.CorpsError):
        return f"{error.code}: {error}"
    return str(error)


def _state(flow: CorpsFlow, args: LinkArgs) -> Reply:
    return {}


def _key(flow: CorpsFlow, args: LinkArgs) -> Reply:
    """Enter and seal the key (``key`` text or ``slots``), or ``op: unseal`` it; PIN first."""
    s = flow.session
    if s.chapter.ended:
        raise PhaseError("the chapter has ended: the key is uncovered")
    _check_pin(flow, args)
    op = choice(args, "op", KeyOp) if "op" in args else KeyOp.SEAL
    if op is KeyOp.UNSEAL:
        s.chapter = corps.unseal(s.chapter)
        log.info("corps: key unsealed over the link")
        return {}
    if corps.is_sealed(s.chapter):
        raise LinkError(ErrorCode.LOCKED, "the key is already sealed; unseal it first")
    if "key" not in args and "slots" not in args and s.chapter.key is not None:
        s.chapter = corps.seal(s.chapter)  # seal the key entered before, unchanged
        key_entry.announce_sealed(s, flow.context)
        return {}
    key = _key_from_args(flow, args)
    on_mode = flow.state is CorpsScreen.MODE  # the key holder skipped the box's menus
    base = corps.new_chapter(corps.ChapterMode.FOG, s.options, key.map_id) if on_mode else s.chapter
    sealed = corps.seal(corps.enter_key(base, key))
    if on_mode:  # a Fog chapter it is, on the key's Map
        s.map_choice = key.map_id
        chapter.start(s, corps.ChapterMode.FOG)
    s.chapter = sealed
    key_entry.announce_sealed(s, flow.context)
    flow.trigger("key_sealed")  # from the key screens on to "Key sealed"
    return {}


def _check_pin(flow: CorpsFlow, args: LinkArgs) -> None:
    pin = optional(args, "pin", str, "")
    configured = flow.context.has_pin()
    if configured and not flow.context.pin_matches(pin):
        raise LinkError(ErrorCode.LOCKED, "wrong PIN")
    if not configured and args.get("op") == KeyOp.UNSEAL:
        raise LinkError(ErrorCode.LOCKED, "no PIN is set: the key stays sealed until the end")


def _key_from_args(flow: CorpsFlow, args: LinkArgs) -> corps.AnswerKey:
    wanted = require(args, "map", int) if "map" in args else flow.session.chapter.map_id
    if "key" in args and "slots" not in args:
        return _pick_map(corps.parse_key_file(require(args, "key", str)), wanted)
    if "slots" in args and "key" not in args:
        slots = require(args, "slots", dict)
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


def _pick_map(keys: Mapping[int, corps.AnswerKey], wanted: int | None) -> corps.AnswerKey:
    if wanted is not None:
        if wanted not in keys:
            raise LinkError(ErrorCode.BAD_ARGS, f"the key file has no section for map {wanted}")
        return keys[wanted]
    if len(keys) != 1:
        maps = ", ".join(str(m) for m in sorted(keys))
        raise LinkError(ErrorCode.BAD_ARGS, f"the file holds maps {maps}: say which (\"map\")")
    return next(iter(keys.values()))


def _guess(flow: CorpsFlow, args: LinkArgs) -> Reply:
    flow.session.chapter = corps.apply_guess(flow.session.chapter, args)
    flow.trigger("board_changed")  # a token picked or in the hand may be gone: the board
    return {}


def _track(flow: CorpsFlow, args: LinkArgs) -> Reply:
    s = flow.session
    action = corps.track_action(args)
    lost = (monster_water_loss(s.chapter.tracker, action.terrain)
            if isinstance(action, TerrainExplored) else None)
    before = s.chapter
    s.chapter = corps.track(s.chapter, action)
    s.undo = before
    return {} if lost is None else {"water_lost": lost}


def _end(flow: CorpsFlow, args: LinkArgs) -> Reply:
    flow.session.chapter = corps.end_chapter(flow.session.chapter)
    reveal.after_end(flow.session, flow.context)
    flow.show_the_end()
    return {}


def _reveal(flow: CorpsFlow, args: LinkArgs) -> Reply:
    """The next circle, or all of them with ``"all": true``; the verdict comes with the last."""
    s = flow.session
    every = optional(args, "all", bool, False)
    s.chapter = (corps.reveal_all if every else corps.reveal_next)(s.chapter)
    flow.context.effects.sound("reveal")
    s.next_reveal_at = None  # the link sets the pace now
    flow.trigger("reveal_done" if reveal.all_revealed(s) else "back_to_reveal")
    return {}


def _lose(flow: CorpsFlow, args: LinkArgs) -> Reply:
    """The core game's loss conditions ended the chapter (B-C12); the reveal stays possible."""
    reason = optional(args, "reason", str, "core rules")
    flow.session.chapter = corps.lose_by_core_rules(flow.session.chapter, reason)
    reveal.after_end(flow.session, flow.context)
    flow.show_the_end()
    return {}
