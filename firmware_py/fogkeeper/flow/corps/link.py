"""The corps.* host-link commands: key, guess, track, state, end, reveal, lose.

Every reply is the public view (plus the screen): no answer but Water's slot before the end,
and after it only the circles uncovered so far. A refusal's code follows its type (the
engine's PhaseErrors are ``not_now``); its message starts with the engine's reason code
(``slot_empty: …``). A command changes the chapter through the engine, then fires the same
named triggers of the table as the buttons do.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from dataclasses import replace
from enum import StrEnum
from typing import TYPE_CHECKING

from fogkeeper.errors import FogkeeperError, PhaseError
from fogkeeper.flow.corps import chapter, key_entry, reveal
from fogkeeper.flow.corps.session import CorpsScreen
from fogkeeper.flow.corps.table import Go
from fogkeeper.flow.game import LinkArgs
from fogkeeper.flow.kit.link import GameCommands, Reply, on_screen
from fogkeeper.link.catalogue import Command
from fogkeeper.link.protocol import ErrorCode, LinkError, choice, optional, require
from fogkeeper.rules import corps
from fogkeeper.rules.corps.commands import GuessOp, TrackEvent
from fogkeeper.rules.corps.tracker import MonsterRevealed, TerrainExplored, monster_water_loss
from fogkeeper.schema import ABSENT, Field, Schema

if TYPE_CHECKING:
    from fogkeeper.flow.corps.game import CorpsFlow

log = logging.getLogger(__name__)


class KeyOp(StrEnum):
    SEAL = "seal"
    UNSEAL = "unseal"


def _describe(action: str, error: FogkeeperError) -> str:
    """The engine's reason code first (``no_key: …``); the link's own words as they are."""
    if isinstance(error, LinkError):
        return error.message
    if isinstance(error, corps.CorpsError):
        return f"{error.code}: {error}"
    return str(error)


def _state(flow: CorpsFlow, args: LinkArgs) -> Reply:
    """The public view, and the chapter's setup reminders (the box shows them at setup)."""
    return {"setup": [" ".join(rows) for rows in chapter.setup_reminders(flow.session)]}


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
    flow.trigger(Go.KEY_SEALED)  # from the key screens on to "Key sealed"
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


def _start(flow: CorpsFlow, args: LinkArgs) -> Reply:
    """On the mode screen: a chapter in ``mode`` on ``map`` (else the Map shown), as OK on
    the mode's row does; the box goes on to the key menu (or a previous Chapter's setup)."""
    on_screen(flow.state, CorpsScreen.MODE)
    if "map" in args:
        flow.session.map_choice = require(args, "map", int)
    flow.mode.start(choice(args, "mode", corps.ChapterMode))
    return {}


def _undo(flow: CorpsFlow, args: LinkArgs) -> Reply:
    """The last tracker change taken back, as the tracker's "Undo last"."""
    if not chapter.take_back(flow.session):
        raise PhaseError("nothing to undo")
    return {}


def _guess(flow: CorpsFlow, args: LinkArgs) -> Reply:
    flow.session.chapter = corps.apply_guess(flow.session.chapter, args)
    flow.trigger(Go.BOARD_CHANGED)  # a token picked or in the hand may be gone: the board
    return {}


def _track(flow: CorpsFlow, args: LinkArgs) -> Reply:
    s = flow.session
    action = corps.track_action(args)
    if isinstance(action, MonsterRevealed) and not action.terrain.strip():
        # no Terrain said: the card's own from the owner's data, as the box's list starts on
        action = replace(action, terrain=chapter.printed_terrain(s.options, action.card))
    lost = (monster_water_loss(s.chapter.tracker, action.terrain)
            if isinstance(action, TerrainExplored) else None)
    before = s.chapter
    s.chapter = corps.track(s.chapter, action)
    s.undo = before
    return {} if lost is None else {"water_lost": lost}


def _end(flow: CorpsFlow, args: LinkArgs) -> Reply:
    flow.session.chapter = corps.end_chapter(flow.session.chapter)
    reveal.after_end(flow.session, flow.context)
    flow.end.show()
    return {}


def _reveal(flow: CorpsFlow, args: LinkArgs) -> Reply:
    """The next circle, or all of them with ``"all": true``; the verdict comes with the last."""
    s = flow.session
    every = optional(args, "all", bool, False)
    s.chapter = (corps.reveal_all if every else corps.reveal_next)(s.chapter)
    flow.context.effects.sound("reveal")
    s.next_reveal_at = None  # the link sets the pace now
    flow.trigger(Go.REVEAL_DONE if reveal.all_revealed(s) else Go.BACK_TO_REVEAL)
    return {}


def _lose(flow: CorpsFlow, args: LinkArgs) -> Reply:
    """The core game's loss conditions ended the chapter (B-C12); the reveal stays possible."""
    reason = optional(args, "reason", str, "core rules")
    flow.session.chapter = corps.lose_by_core_rules(flow.session.chapter, reason)
    reveal.after_end(flow.session, flow.context)
    flow.end.show()
    return {}


def _opt(key: str, kind: type, **kw: object) -> Field:
    return Field(key, kind, ABSENT, **kw)  # type: ignore[arg-type]


_PIN = _opt("pin", str, most=64, doc="the PIN")
_SLOT = dict(low=1, high=99)
_GUESS = Schema.of(
    Field("op", GuessOp, doc="`place` (`token`, `slot`), `move` (`from`, `to`) or "
                                  "`remove` (`slot`)"),
    _opt("token", str, most=32), _opt("slot", int, **_SLOT), _opt("from", int, **_SLOT),
    _opt("to", int, **_SLOT))
_TRACK = Schema.of(
    Field("event", TrackEvent, doc="`tipi`, `monster` (`card`, `terrain`, `dormant`), "
                                     "`kill` (`card`), `skull`, `night`, `explore` "
                                     "(`terrain`), `row` (`row`), `water` (`delta`)"),
    _opt("card", str, most=32), _opt("terrain", str, most=32), _opt("dormant", bool),
    _opt("row", int, low=-99, high=99), _opt("delta", int, low=-99, high=99))

COMMANDS: GameCommands[CorpsFlow] = GameCommands("corps", (
    Command("key", _key, Schema.of(
        _PIN, _opt("op", KeyOp), _opt("key", str, most=4000, doc="key-file text"),
        _opt("map", int, low=0, high=999, doc="the Map's number"),
        _opt("slots", dict, doc="{slot: token}")),
        reply="`screen`", refused="`locked` (PIN), `bad_args`, `not_now`"),
    Command("start", _start, Schema.of(
        Field("mode", corps.ChapterMode, doc="`fog` (the Fog chapter) or `notebook` (Fog in a "
                                             "previous Chapter)"),
        _opt("map", int, low=1, high=corps.MAP_COUNT, doc="the Map's number (default: shown)")),
        reply="the public view", refused="`not_now` past the mode screen"),
    Command("guess", _guess, _GUESS, reply="the public view", refused="`bad_args`, `not_now`"),
    Command("track", _track, _TRACK, reply="the public view; `explore` adds `water_lost`",
            refused="`bad_args`, `not_now`"),
    Command("undo", _undo, reply="the public view",
            refused="`not_now` with nothing to take back"),
    Command("state", _state, read_only=True,
            reply="the public view; `setup`: the chapter's setup reminders"),
    Command("end", _end, reply="the public view", refused="`not_now`"),
    Command("reveal", _reveal, Schema.of(_opt("all", bool, doc="true: every circle at once")),
            reply="the public view", refused="`not_now`"),
    Command("lose", _lose, Schema.of(_opt("reason", str, most=200)),
            reply="the public view", refused="`not_now`"),
), common=lambda flow: flow.public_state(), describe=_describe)
