"""Pure decoding of the corps.guess and corps.track host-link arguments into engine calls."""

from __future__ import annotations

from collections.abc import Callable, Mapping

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


def apply_guess(state: CorpsState, args: Args) -> CorpsState:
    """``{"op": "place", "token", "slot"}``, ``{"op": "move", "from", "to"}`` or
    ``{"op": "remove", "slot"}`` applied to the guess board."""
    op = _text(args, "op")
    if op == "place":
        token = parse_token(_text(args, "token"))
        return chapter.place_token(state, token, _number(args, "slot"))
    if op == "move":
        return chapter.move_token(state, _number(args, "from"), _number(args, "to"))
    if op == "remove":
        return chapter.remove_token(state, _number(args, "slot"))
    raise CommandError("op must be place, move or remove")


_TRACK_EVENTS: dict[str, Callable[[Args], TrackAction]] = {
    "tipi": lambda a: TipiRevealed(),
    "monster": lambda a: MonsterRevealed(
        _text(a, "card"), _text(a, "terrain", ""), _flag(a, "dormant")
    ),
    "kill": lambda a: MonsterKilled(_text(a, "card")),
    "skull": lambda a: SkullFound(),
    "night": lambda a: NightFell(),
    "explore": lambda a: TerrainExplored(_text(a, "terrain")),
    "row": lambda a: RowCompleted(_number(a, "row")),
    "water": lambda a: WaterChanged(_number(a, "delta")),
}


def track_action(args: Args) -> TrackAction:
    """The tracker action named by ``args["event"]`` (see docs/corps.md)."""
    event = _text(args, "event")
    build = _TRACK_EVENTS.get(event)
    if build is None:
        raise CommandError(f"event must be one of {', '.join(_TRACK_EVENTS)}")
    return build(args)


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
