"""The saved state of a game in progress (setup, round, FOG, decks, losses) and its JSON."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from fogkeeper.rules.fog.board import Board
from fogkeeper.rules.fog.cards import CardSet
from fogkeeper.rules.fog.decks import Deck
from fogkeeper.rules.fog.errors import FogRulesError
from fogkeeper.rules.fog.fog_track import FogStep
from fogkeeper.rules.fog.model import IslanderType
from fogkeeper.rules.fog.options import Options, options_from_dict

PHASE_TURN = "turn"
PHASE_FOG_DUE = "fog_due"
PHASE_OVER = "over"
STATE_VERSION = 1


@dataclass(frozen=True)
class FogRules:
    """The data a game is played with: the board and the Uncertainty cards."""

    board: Board
    cards: CardSet


@dataclass(frozen=True)
class GameSetup:
    """Fixed for the whole game: board, Turn Board entries (top first), options, FOG start."""

    board: str
    entries: tuple[str, ...]
    fog_start: int
    options: Options = field(default_factory=Options)
    solo: bool = False
    nation_mp: Mapping[str, int] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {"board": self.board, "entries": list(self.entries), "fog_start": self.fog_start,
                "options": self.options.to_dict(), "solo": self.solo,
                "nation_mp": dict(self.nation_mp)}

    @staticmethod
    def from_dict(data: Mapping[str, Any]) -> GameSetup:
        """Inverse of to_dict."""
        return GameSetup(str(data["board"]), tuple(str(e) for e in data["entries"]),
                         int(data["fog_start"]), options_from_dict(data["options"]),
                         bool(data["solo"]),
                         {str(k): int(v) for k, v in data["nation_mp"].items()})


@dataclass(frozen=True)
class Loss:
    """An Islander the FOG took: in which row, whose disc, which nation and type."""

    row: str
    owner: str
    nation: str
    type: IslanderType

    def to_dict(self) -> dict[str, str]:
        """JSON-ready form."""
        return {"row": self.row, "owner": self.owner, "nation": self.nation,
                "type": self.type.value}


@dataclass(frozen=True)
class GameState:
    """Everything needed to resume a game exactly, including the decks' order."""

    setup: GameSetup
    fog_position: int
    round_no: int = 1
    turn_in_round: int = 0
    turns_taken: int = 0
    phase: str = PHASE_TURN
    mp_budget: int = 7
    mp_left: int = 7
    event: str | None = None
    fog_deck: Deck | None = None
    event_deck: Deck | None = None
    fog_steps: tuple[FogStep, ...] = ()
    losses: tuple[Loss, ...] = ()
    end_reason: str = ""
    next_fog_steps: int | None = None   # the step count the table's next FOG card shows


def state_to_dict(state: GameState) -> dict[str, Any]:
    """The state as JSON-ready data."""
    return {
        "version": STATE_VERSION, "setup": state.setup.to_dict(),
        "fog_position": state.fog_position, "round_no": state.round_no,
        "turn_in_round": state.turn_in_round, "turns_taken": state.turns_taken,
        "phase": state.phase, "mp_budget": state.mp_budget, "mp_left": state.mp_left,
        "event": state.event,
        "fog_deck": None if state.fog_deck is None else state.fog_deck.to_dict(),
        "event_deck": None if state.event_deck is None else state.event_deck.to_dict(),
        "fog_steps": [s.to_dict() for s in state.fog_steps],
        "losses": [loss.to_dict() for loss in state.losses], "end_reason": state.end_reason,
        "next_fog_steps": state.next_fog_steps,
    }


def _steps(data: object) -> int | None:
    if data is None:
        return None
    if not isinstance(data, int) or isinstance(data, bool):
        raise ValueError(f"next_fog_steps is {data!r}, not a step count")
    return data


def _deck(data: object) -> Deck | None:
    return None if data is None else Deck.from_dict(data)  # type: ignore[arg-type]


def state_from_dict(data: Mapping[str, Any]) -> GameState:
    """Inverse of state_to_dict; a damaged save raises FogRulesError naming the problem."""
    try:
        if data["version"] != STATE_VERSION:
            raise FogRulesError(f"saved game version {data['version']} is not {STATE_VERSION}")
        event = data["event"]
        return GameState(
            setup=GameSetup.from_dict(data["setup"]), fog_position=int(data["fog_position"]),
            round_no=int(data["round_no"]), turn_in_round=int(data["turn_in_round"]),
            turns_taken=int(data["turns_taken"]), phase=str(data["phase"]),
            mp_budget=int(data["mp_budget"]), mp_left=int(data["mp_left"]),
            event=None if event is None else str(event),
            fog_deck=_deck(data["fog_deck"]), event_deck=_deck(data["event_deck"]),
            fog_steps=tuple(FogStep.from_dict(s) for s in data["fog_steps"]),
            losses=tuple(Loss(str(x["row"]), str(x["owner"]), str(x["nation"]),
                              IslanderType(x["type"])) for x in data["losses"]),
            end_reason=str(data["end_reason"]),
            # (a save from before the table could enter a card's steps has none)
            next_fog_steps=_steps(data.get("next_fog_steps")),
        )
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        if isinstance(exc, FogRulesError):
            raise
        raise FogRulesError(f"saved game is damaged: {type(exc).__name__} {exc}") from None


def to_json(state: GameState) -> str:
    """The state as a JSON document (stable key order)."""
    return json.dumps(state_to_dict(state), sort_keys=True)


def from_json(text: str) -> GameState:
    """Inverse of to_json."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise FogRulesError(f"saved game is not JSON: {exc}") from None
    if not isinstance(data, dict):
        raise FogRulesError("saved game must be a JSON object")
    return state_from_dict(data)
