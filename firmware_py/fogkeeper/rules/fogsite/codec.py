"""GameState to and from JSON, so a box can save a game and resume it after a power cut."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from fogkeeper.errors import RulesError
from fogkeeper.grown import Grown
from fogkeeper.rules.fogsite.maze import Cell, Colour
from fogkeeper.rules.fogsite.maze_text import parse_maze
from fogkeeper.rules.fogsite.options import options_from_mapping, options_to_mapping
from fogkeeper.rules.fogsite.state import (
    AttackReport,
    GameState,
    Investigator,
    InvestigatorStatus,
    LogEntry,
    Phase,
    Side,
    TimeLimit,
)

FORMAT_VERSION = 1


def _cell(cell: Cell | None) -> list[int] | None:
    return None if cell is None else [cell.col, cell.row]


def _uncell(data: Any) -> Cell | None:
    return None if data is None else Cell(int(data[0]), int(data[1]))


def _investigator_to(inv: Investigator) -> dict[str, Any]:
    return {
        "colour": inv.colour.value, "start": _cell(inv.start), "cell": _cell(inv.cell),
        "target": inv.target, "status": inv.status.value, "hand": list(inv.hand),
        "actions_used": inv.actions_used,
        "sheet": [[dx, dy, street] for (dx, dy), street in inv.sheet],
        "explored": [list(offset) for offset in inv.explored],
    }


def _investigator_from(data: dict[str, Any]) -> Investigator:
    start, cell = _uncell(data["start"]), _uncell(data["cell"])
    assert start is not None and cell is not None
    return Investigator(
        Colour(data["colour"]), start, cell, bool(data["target"]),
        InvestigatorStatus(data["status"]), tuple(data["hand"]), int(data["actions_used"]),
        tuple(((dx, dy), bool(street)) for dx, dy, street in data["sheet"]),
        tuple((dx, dy) for dx, dy in data["explored"]),
    )


def state_to_dict(state: GameState) -> dict[str, Any]:
    """Everything, secrets included: this is the box's own save file, never a public view."""
    return {**_without_log(state), "log": _log_rows(state.log)}


def _log_rows(log: Sequence[LogEntry]) -> list[list[Any]]:
    return [[e.round_number, e.actor, e.action, e.public, e.secret] for e in log]


def _without_log(state: GameState) -> dict[str, Any]:
    limit = state.time_limit
    attack = state.last_attack
    return {
        "version": FORMAT_VERSION,
        "options": options_to_mapping(state.options),
        "maze": list(state.maze.rows_text()),
        "round": state.round_number, "phase": state.phase.value,
        "guardian": _cell(state.guardian),
        "investigators": [_investigator_to(inv) for inv in state.investigators],
        "current": None if state.current is None else state.current.value,
        "time_limit": {"decks": list(limit.decks), "removed": limit.removed,
                       "supply": limit.supply, "removed_by_attacks": limit.removed_by_attacks,
                       "owed": limit.owed, "below_zero": limit.below_zero},
        "digging_tokens": state.digging_tokens, "relic_deck": list(state.relic_deck),
        "collected": list(state.collected), "lie_used": state.lie_used,
        "winner": None if state.winner is None else state.winner.value,
        "end_reason": state.end_reason,
        "last_attack": None if attack is None else {
            "attacked": [c.value for c in attack.attacked], "tiles_removed": attack.tiles_removed},
        "ended_in": None if state.ended_in is None else state.ended_in.value,
        "g6_announce": state.g6_announce,
    }


def _state_from(data: dict[str, Any]) -> GameState:
    limit, attack = data["time_limit"], data["last_attack"]
    return GameState(
        options=options_from_mapping(data["options"]),
        maze=parse_maze("\n".join(data["maze"])),
        round_number=int(data["round"]), phase=Phase(data["phase"]),
        guardian=_uncell(data["guardian"]),
        investigators=tuple(_investigator_from(inv) for inv in data["investigators"]),
        current=None if data["current"] is None else Colour(data["current"]),
        time_limit=TimeLimit(tuple(limit["decks"]), int(limit["removed"]),
                             int(limit["supply"]), int(limit["removed_by_attacks"]),
                             int(limit.get("owed", 0)), bool(limit.get("below_zero", False))),
        digging_tokens=int(data["digging_tokens"]), relic_deck=tuple(data["relic_deck"]),
        collected=tuple(data["collected"]), lie_used=bool(data["lie_used"]),
        winner=None if data["winner"] is None else Side(data["winner"]),
        end_reason=str(data["end_reason"]),
        last_attack=None if attack is None else AttackReport(
            tuple(Colour(c) for c in attack["attacked"]), int(attack["tiles_removed"])),
        log=tuple(LogEntry(int(r), str(a), str(act), str(p), str(s))
                  for r, a, act, p, s in data["log"]),
        ended_in=None if data.get("ended_in") is None else Phase(data["ended_in"]),
        g6_announce=bool(data.get("g6_announce", True)),
    )


def state_from_dict(data: dict[str, Any]) -> GameState:
    """Rebuild a saved state; a damaged or foreign save raises RulesError."""
    if not isinstance(data, dict) or data.get("version") != FORMAT_VERSION:
        raise RulesError(f"not a FOGSITE save of format version {FORMAT_VERSION}")
    try:
        return _state_from(data)
    except (KeyError, TypeError, ValueError, AssertionError) as error:
        raise RulesError(f"damaged FOGSITE save: {type(error).__name__}") from None


def _log_text(log: Sequence[LogEntry]) -> str:
    return json.dumps(_log_rows(log))


def _log_text_more(text: str, more: Sequence[LogEntry]) -> str:
    """The log's text with more entries: ``json.dumps`` of the whole log, made from the
    text it had and the new entries' (its items are separated by ", ")."""
    added = _log_text(more)
    return added if text == "[]" else f"{text[:-1]}, {added[1:]}"


# a game's log only grows (GameState.logged), and the box saves after every action: its
# text is kept as it grows (54 kB after 1,000 actions, 0.4 ms of encoding a save here)
_LOG_TEXT: Grown[LogEntry, str] = Grown(_log_text, _log_text_more)
_LOG_HOLE = "\x00log\x00"  # stands for the log in the rest's text, then replaced
_LOG_HOLE_TEXT = f'"log": {json.dumps(_LOG_HOLE)}'  # only this key's value is ever it


def to_json(state: GameState) -> str:
    """``json.dumps(state_to_dict(state), sort_keys=True)``, the log's text kept from the
    last save and only its new entries encoded."""
    rest = json.dumps({**_without_log(state), "log": _LOG_HOLE}, sort_keys=True)
    return rest.replace(_LOG_HOLE_TEXT, f'"log": {_LOG_TEXT.of(state.log)}', 1)


def from_json(text: str) -> GameState:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise RulesError(f"not JSON: line {error.lineno}") from None
    return state_from_dict(data)
