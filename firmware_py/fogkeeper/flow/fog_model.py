"""The FOG on the box: its screens, and the session (everything a power cut must not lose)."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, fields
from enum import StrEnum
from functools import cache
from typing import Any

from fogkeeper.data.fog import load_board, load_rules
from fogkeeper.errors import FogkeeperError
from fogkeeper.rules.fog import (
    AchievementCard,
    Board,
    FogRules,
    GameState,
    RescuedIslanderCard,
    state_from_dict,
    state_to_dict,
)


class FogScreen(StrEnum):
    SETUP = "setup"          # the checklist: board, players, colours, options, decks
    VALUES = "values"        # Boat Scorings (and options 6 / 7B) entered from real tiles
    INFO = "info"            # what the table sets up: FOG start, scorings, Guardians, discs
    PASS = "pass"            # "pass the box to Pink, then hold OK"
    HAND = "hand"            # that player's two mission cards: keep one
    OPEN = "open"            # alternate play: the open mission cards, for everyone
    DRAFT = "draft"          # whose pick it is
    TURN = "turn"            # the active colour, its MP, the event, the hourglass
    COST = "cost"            # "what does this cost?"
    FOG = "fog"              # the FOG step: new number, rows swallowed
    LOSSES = "losses"        # per colour: the Islanders the FOG took
    PICK = "pick"            # one Islander's row/place, nation and type
    SCORE = "score"          # per colour: its Islanders in boats and on piers
    BONUS = "bonus"          # per colour: its Preparation Bonus tiles
    REVIEW = "review"        # every colour at a glance; edit or confirm
    RESULTS = "results"      # ranking
    DETAIL = "detail"        # one player's breakdown, missions, tie-break counts
    END_NOW = "end_now"      # confirm: nobody has an Islander left to move
    NOTICE = "notice"        # a refusal to read, then back
    QUIT = "quit"            # confirm leaving the game


PALETTE = ("pink", "yellow", "black", "white", "grey", "orange")
SOLO_OWNER = "solo"
HOURGLASS_SECONDS = 60       # option 1: the rulebook's sand hourglass
UNDO_DEPTH = 12
MISSION_DECKS = ("rescued_islanders", "rescue_achievements")


class FogFlowError(FogkeeperError, ValueError):
    """A table action that is not possible now (shown on screen or sent back on the link)."""


@dataclass
class Session:
    """The flow's whole state as JSON-ready fields; the engine state sits in ``game``."""

    setup: dict[str, Any]
    seed: int
    cursor: int = 0
    values: dict[str, int] = field(default_factory=dict)
    game: dict[str, Any] | None = None
    players: list[dict[str, Any]] = field(default_factory=list)
    teams: list[list[str]] = field(default_factory=list)
    boat_scoring: dict[str, int] = field(default_factory=dict)
    individual: dict[str, dict[str, int]] = field(default_factory=dict)
    beach: dict[str, int] = field(default_factory=dict)
    discs: int = 0
    info: list[list[str]] = field(default_factory=list)
    guardians: dict[str, dict[str, str]] = field(default_factory=dict)
    leaders: list[dict[str, str]] = field(default_factory=list)
    mission_queue: list[list[str]] = field(default_factory=list)   # [deck, player]
    mission_step: int = 0
    hands: dict[str, list[str]] = field(default_factory=dict)      # "deck:player" -> 2 ids
    kept: dict[str, list[str]] = field(default_factory=dict)       # player -> kept ids
    open_missions: list[str] = field(default_factory=list)
    draft: list[str] = field(default_factory=list)
    draft_pick: int = 0
    undo: list[dict[str, Any]] = field(default_factory=list)
    glass: dict[str, Any] | None = None
    cost: dict[str, Any] = field(default_factory=dict)
    last_step: dict[str, Any] | None = None
    loss_colour: int = 0
    pending_losses: list[dict[str, str]] = field(default_factory=list)
    pick: dict[str, Any] = field(default_factory=dict)
    score_colour: int = 0
    editing: bool = False   # one colour re-entered from the review screen
    final: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    bonuses: dict[str, dict[str, int]] = field(default_factory=dict)
    result: dict[str, Any] | None = None
    record_path: str = ""
    detail: int = 0
    notice: list[str] = field(default_factory=list)
    back_to: str = FogScreen.SETUP.value

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form, for the power-loss snapshot."""
        return asdict(self)

    @staticmethod
    def from_dict(data: dict[str, Any]) -> Session:
        """Inverse of to_dict; a foreign or damaged save raises FogFlowError."""
        known = {f.name for f in fields(Session)}
        if not isinstance(data, dict) or not {"setup", "seed"} <= set(data):
            raise FogFlowError("the saved FOG game is damaged")
        return Session(**{k: v for k, v in data.items() if k in known})

    # ---- views of the game -------------------------------------------------------------
    @property
    def solo(self) -> bool:
        return bool(self.setup.get("mode") == "solo")

    @property
    def state(self) -> GameState:
        if self.game is None:
            raise FogFlowError("the game has not started yet")
        return state_from_dict(self.game)

    def set_state(self, state: GameState) -> None:
        self.game = state_to_dict(state)

    @property
    def rules(self) -> FogRules:
        return rules_for(str(self.setup["board"]))

    @property
    def colours(self) -> list[str]:
        """Every colour in play, in Turn Board order (solo: the one owner)."""
        if self.solo:
            return [SOLO_OWNER]
        return list(self.state.setup.entries) if self.game else []

    def player_of(self, colour: str) -> str:
        for player in self.players:
            if colour in player["colours"]:
                return str(player["name"])
        return colour

    def seating(self) -> list[str]:
        """Player names in seating order, from the Starting Player."""
        order: list[str] = []
        for colour in self.state.setup.entries:
            name = self.player_of(colour)
            if name not in order:
                order.append(name)
        return order


@cache
def board_for(name: str) -> Board:
    """Board S, F, M or L from ``config/boards``, read once."""
    return load_board(name)


@cache
def rules_for(board: str) -> FogRules:
    """Board and cards, read once per board."""
    return load_rules(board)


def display_name(colour: str) -> str:
    return colour.capitalize()


def mission_text(rules: FogRules, card_id: str) -> str:
    """A mission card in a few words: its id, what it asks, its RP."""
    card = rules.cards.by_id(card_id)
    if isinstance(card, RescuedIslanderCard):
        wants = " + ".join(f"{n.nation if n.nation != 'any' else 'any'} {n.type.value}"
                           for n in card.islanders)
        return f"{card_id} rescue {wants} {card.rp}RP"
    if isinstance(card, AchievementCard):
        goal = {"most_in_any_boat": "most in any boat",
                "most_in_boat": f"most in {card.nation or card.water_tile} boat",
                "most_rescued": f"most {card.nation or card.water_tile} rescued"}[card.goal]
        return f"{card_id} {goal} {card.rp}RP"
    return card_id
