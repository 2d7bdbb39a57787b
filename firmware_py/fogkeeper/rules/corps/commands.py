"""Pure decoding of the corps.guess and corps.track host-link arguments into engine calls."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from enum import StrEnum

from fogkeeper.rules.corps import chapter
from fogkeeper.rules.corps.chapter import CorpsState
from fogkeeper.rules.corps.errors import CommandError
from fogkeeper.rules.corps.tokens import parse_token
from fogkeeper.rules.corps.tracker import (
    MonsterKilled,
    MonsterRevealed,
    NightFell,
    RowCompleted,
    SkullFound,
    TerrainExplored,
    TipiRevealed,
    TrackAction,
    WaterChanged,
)

Args = Mapping[str, object]


class GuessOp(StrEnum):
    """What ``corps.guess`` does to the guess board (its ``op``)."""

    PLACE = "place"
    MOVE = "move"
    REMOVE = "remove"


class TrackEvent(StrEnum):
    """What ``corps.track`` records (its ``event``), one a tracker action."""

    TIPI = "tipi"
    MONSTER = "monster"
    KILL = "kill"
    SKULL = "skull"
    NIGHT = "night"
    EXPLORE = "explore"
    ROW = "row"
    WATER = "water"


_GUESS_OPS: dict[GuessOp, Callable[[CorpsState, Args], CorpsState]] = {
    GuessOp.PLACE: lambda s, a: chapter.place_token(s, parse_token(_text(a, "token")),
                                                    _number(a, "slot")),
    GuessOp.MOVE: lambda s, a: chapter.move_token(s, _number(a, "from"), _number(a, "to")),
    GuessOp.REMOVE: lambda s, a: chapter.remove_token(s, _number(a, "slot")),
}


def apply_guess(state: CorpsState, args: Args) -> CorpsState:
    """``{"op": "place", "token", "slot"}``, ``{"op": "move", "from", "to"}`` or
    ``{"op": "remove", "slot"}`` applied to the guess board."""
    op = _text(args, "op")
    if op not in set(GuessOp):
        raise CommandError("op must be place, move or remove")
    return _GUESS_OPS[GuessOp(op)](state, args)


_TRACK_EVENTS: dict[TrackEvent, Callable[[Args], TrackAction]] = {
    TrackEvent.TIPI: lambda a: TipiRevealed(),
    TrackEvent.MONSTER: lambda a: MonsterRevealed(
        _text(a, "card"), _text(a, "terrain", ""), _flag(a, "dormant")
    ),
    TrackEvent.KILL: lambda a: MonsterKilled(_text(a, "card")),
    TrackEvent.SKULL: lambda a: SkullFound(),
    TrackEvent.NIGHT: lambda a: NightFell(),
    TrackEvent.EXPLORE: lambda a: TerrainExplored(_text(a, "terrain")),
    TrackEvent.ROW: lambda a: RowCompleted(_number(a, "row")),
    TrackEvent.WATER: lambda a: WaterChanged(_number(a, "delta")),
}


def track_action(args: Args) -> TrackAction:
    """The tracker action named by ``args["event"]`` (see docs/corps.md)."""
    event = _text(args, "event")
    if event not in set(TrackEvent):
        raise CommandError(f"event must be one of {', '.join(TrackEvent)}")
    return _TRACK_EVENTS[TrackEvent(event)](args)


def _text(args: Args, name: str, default: str | None = None) -> str:
    value = args.get(name, default)
    if not isinstance(value, str):
        raise CommandError(f"{name} must be a string")
    return value


def _number(args: Args, name: str) -> int:
    value = args.get(name)
    if isinstance(value, bool) or not isinstance(value, int):
        raise CommandError(f"{name} must be a whole number")
    return value


def _flag(args: Args, name: str) -> bool:
    value = args.get(name, False)
    if not isinstance(value, bool):
        raise CommandError(f"{name} must be true or false")
    return value
