"""JSON save and load of a CorpsState, so a pulled plug resumes the chapter with the key sealed."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, TypeVar

from fogkeeper.errors import FogkeeperError
from fogkeeper.rules.corps.board import GuessBoard
from fogkeeper.rules.corps.chapter import ChapterMode, CorpsState
from fogkeeper.rules.corps.errors import SavedStateError
from fogkeeper.rules.corps.key import AnswerKey
from fogkeeper.rules.corps.options import CorpsOptions, options_from_mapping
from fogkeeper.rules.corps.tokens import SLOT_COUNT, Token
from fogkeeper.rules.corps.tracker import ChapterTracker, FaceUpMonster, MonsterStatus

FORMAT = "fogkeeper.corps/1"
_T = TypeVar("_T")


def to_json(state: CorpsState) -> str:
    """The state as one JSON text (it holds the key: keep it on the box's own disk)."""
    return json.dumps(to_data(state), sort_keys=True)


def from_json(text: str) -> CorpsState:
    """The state saved by ``to_json``; SavedStateError names the bad field."""
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, UnicodeDecodeError):
        raise SavedStateError("the saved Corps state is not valid JSON") from None
    return from_data(data)


def to_data(state: CorpsState) -> dict[str, Any]:
    """The state as plain JSON-ready data."""
    key = state.key
    return {
        "format": FORMAT,
        "mode": state.mode.value,
        "options": _options_data(state.options),
        "map": state.map_id,
        "key": None if key is None else {"map": key.map_id, "answers": list(key.answers)},
        "sealed": state.sealed,
        "board": {"slots": list(state.board.slots), "water_slot": state.board.water_slot},
        "tracker": _tracker_data(state.tracker),
        "ended": state.ended,
        "core_loss": state.core_loss,
        "revealed": state.revealed,
    }


def from_data(data: object) -> CorpsState:
    """The state from ``to_data`` output; every field is checked."""
    top = _dict(data, "state")
    if top.get("format") != FORMAT:
        raise SavedStateError(f"format: expected {FORMAT!r}")
    revealed = _field(top, "revealed", int)
    if not 0 <= revealed <= SLOT_COUNT:
        raise SavedStateError(f"revealed: must be 0..{SLOT_COUNT}")
    core_loss = top.get("core_loss")
    if core_loss is not None and not isinstance(core_loss, str):
        raise SavedStateError("core_loss: must be a string or null")
    mode = _guarded("mode", lambda: ChapterMode(str(top.get("mode"))))
    options = _guarded("options", lambda: options_from_mapping(_dict(top.get("options"), "opt")))
    return _guarded("state", lambda: _state(top, mode, options, core_loss, revealed))


def _state(
    top: dict[str, Any],
    mode: ChapterMode,
    options: CorpsOptions,
    core_loss: str | None,
    revealed: int,
) -> CorpsState:
    return CorpsState(
        mode=mode,
        options=options,
        map_id=_optional_int(top, "map"),
        key=_key(top.get("key")),
        sealed=_field(top, "sealed", bool),
        board=_board(_dict(top.get("board"), "board")),
        tracker=_tracker(_dict(top.get("tracker"), "tracker")),
        ended=_field(top, "ended", bool),
        core_loss=core_loss,
        revealed=revealed,
    )


def _options_data(options: CorpsOptions) -> dict[str, Any]:
    return {
        "dormant_blocks": options.dormant_blocks,
        "reveal_pacing": options.reveal_pacing.value,
        "reveal_step_seconds": options.reveal_step_seconds,
        "notebook_reveal": options.notebook_reveal,
        "monster": [
            {"card": m.card, "terrain": m.terrain, "kill_cost": list(m.kill_cost)}
            for m in options.monsters
        ],
    }


def _tracker_data(tracker: ChapterTracker) -> dict[str, Any]:
    return {
        "tipis_revealed": tracker.tipis_revealed,
        "end_unlocked": tracker.end_unlocked,
        "monsters": [[m.card, m.terrain, m.status.value] for m in tracker.monsters],
        "monsters_killed": list(tracker.monsters_killed),
        "water": tracker.water,
        "rows_completed": list(tracker.rows_completed),
    }


def _key(raw: object) -> AnswerKey | None:
    if raw is None:
        return None
    entry = _dict(raw, "key")
    answers = _list(entry.get("answers"), "key.answers")
    # The message stays generic: the saved key's content must not reach an error line.
    map_id = _field(entry, "map", int)
    return _guarded("key", lambda: AnswerKey(map_id, tuple(map(Token, answers))), hide_detail=True)


def _board(raw: dict[str, Any]) -> GuessBoard:
    slots = _list(raw.get("slots"), "board.slots")
    water = _optional_int(raw, "water_slot")
    cells = _guarded("board.slots", lambda: tuple(None if s is None else Token(s) for s in slots))
    return _guarded("board", lambda: GuessBoard(cells, water))


def _tracker(raw: dict[str, Any]) -> ChapterTracker:
    monsters = _list(raw.get("monsters"), "tracker.monsters")
    killed = _list(raw.get("monsters_killed"), "tracker.monsters_killed")
    rows = _list(raw.get("rows_completed"), "tracker.rows_completed")
    return _guarded(
        "tracker",
        lambda: ChapterTracker(
            tipis_revealed=_field(raw, "tipis_revealed", int),
            end_unlocked=_field(raw, "end_unlocked", bool),
            monsters=tuple(FaceUpMonster(str(c), str(t), MonsterStatus(s)) for c, t, s in monsters),
            monsters_killed=tuple(str(card) for card in killed),
            water=_field(raw, "water", int),
            rows_completed=tuple(int(row) for row in rows),
        ),
    )


def _guarded(where: str, build: Callable[[], _T], hide_detail: bool = False) -> _T:
    try:
        return build()
    except SavedStateError:
        raise
    except (FogkeeperError, ValueError, TypeError, KeyError) as error:
        detail = "the saved key is not a valid key" if hide_detail else str(error)
        raise SavedStateError(f"{where}: {detail}") from None


def _dict(raw: object, where: str) -> dict[str, Any]:
    if not isinstance(raw, dict):
        raise SavedStateError(f"{where}: must be an object")
    return raw


def _list(raw: object, where: str) -> list[Any]:
    if not isinstance(raw, list):
        raise SavedStateError(f"{where}: must be a list")
    return raw


def _field(data: dict[str, Any], name: str, kind: type[_T]) -> _T:
    value = data.get(name)
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise SavedStateError(f"{name}: must be {kind.__name__}")
    return value


def _optional_int(data: dict[str, Any], name: str) -> int | None:
    return None if data.get(name) is None else _field(data, name, int)
