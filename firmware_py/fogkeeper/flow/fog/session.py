"""Everything The FOG keeps at the table (what a power cut must not lose), typed.

The engine's ``GameState`` stays typed in memory; only the snapshot turns it into JSON (the
``codec`` metadata). The small frozen values below are what the screens enter and list.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import StrEnum
from functools import cache
from typing import Any

from fogkeeper.data.fog import Scenario, load_board, load_rules, load_scenarios
from fogkeeper.errors import FogkeeperError
from fogkeeper.flow.fog.table import FogScreen
from fogkeeper.flow.kit.session import codec
from fogkeeper.rules.fog import (
    Board,
    Characteristic,
    FogRules,
    FogStep,
    GameState,
    GuardianPick,
    IslanderType,
    LeaderPlacement,
    Loss,
    Move,
    Zone,
    state_from_dict,
    state_to_dict,
)
from fogkeeper.secret import Secret

PALETTE = ("pink", "yellow", "black", "white", "grey", "orange")
SOLO_OWNER = "solo"
HOURGLASS_SECONDS = 60       # option 1: the rulebook's sand hourglass
UNDO_DEPTH = 12
MISSION_DECKS = ("rescued_islanders", "rescue_achievements")
Setup = dict[str, Any]       # the checklist, as the preset and ``fog.setup`` spell it


class FogFlowError(FogkeeperError, ValueError):
    """A table action that is not possible now (shown on screen or sent back on the link)."""


@dataclass(frozen=True)
class Seat:
    """A player at the table and the colours they play."""

    name: str
    colours: tuple[str, ...]

    def to_dict(self) -> dict[str, str | list[str]]:
        return {"name": self.name, "colours": list(self.colours)}


@dataclass(frozen=True)
class MissionDeal:
    """Two cards of one mission deck dealt to a player, who keeps one in secret.

    The cards are a Secret: the screen that shows them is private (fogkeeper.secret).
    """

    deck: str
    player: str
    hidden: Secret[tuple[str, ...]]

    @property
    def cards(self) -> tuple[str, ...]:
        return self.hidden.open()


class CostField(StrEnum):
    """The MP helper's questions about a movement."""

    TYPE = "type"
    CHARACTERISTIC = "characteristic"
    MOVE = "move"
    ZONE = "zone"
    ENHANCED = "enhanced"
    ENTERS_BOAT = "enters_boat"
    SWAP_NUMBER = "swap_number"   # this Islander's n-th Swap this turn (Cunning A: 2nd, 3rd)
    FREE_RUN = "free_run"         # a free extra Run: Endurance, or a Guardian's side B


YES_NO = ("no", "yes")
COST_CHOICES: dict[CostField, tuple[str, ...]] = {
    CostField.TYPE: tuple(t.value for t in IslanderType),
    CostField.CHARACTERISTIC: tuple(c.value for c in Characteristic),
    CostField.MOVE: tuple(m.value for m in Move),
    CostField.ZONE: tuple(z.value for z in Zone),
    CostField.ENHANCED: YES_NO,
    CostField.ENTERS_BOAT: YES_NO,
    CostField.SWAP_NUMBER: ("1", "2", "3", "4"),
    CostField.FREE_RUN: ("no", "endurance", "guardian"),
}


@dataclass(frozen=True)
class CostChoice:
    """A movement as the MP helper describes it (each value one of ``COST_CHOICES``)."""

    type: str = COST_CHOICES[CostField.TYPE][0]
    characteristic: str = COST_CHOICES[CostField.CHARACTERISTIC][0]
    move: str = COST_CHOICES[CostField.MOVE][0]
    zone: str = COST_CHOICES[CostField.ZONE][0]
    enhanced: str = "no"
    enters_boat: str = "no"
    swap_number: str = "1"
    free_run: str = "no"

    def get(self, key: CostField) -> str:
        return str(getattr(self, key.value))

    def with_value(self, key: CostField, value: str) -> CostChoice:
        return replace(self, **{key.value: value})


class Ask(StrEnum):
    """What the question screen asks before it acts (B keeps things as they are)."""

    ROUND_END = "round_end"        # the round's last OK: the FOG advances, a card may turn
    UNDO_FOG = "undo_fog"          # undo takes back a FOG step (and its losses)
    REMOVE_ISLANDER = "remove_islander"
    REMOVE_LOSS = "remove_loss"
    SCORE_ANYWAY = "score_anyway"  # the table disagrees with board data the owner never checked
    SAVE_BOARD = "save_board"      # the board walk-through's end: save and mark it checked
    DROP_BOARD = "drop_board"      # leaving the walk-through with values changed in it


@dataclass
class BoardCheck:
    """The owner's walk through a board's values: which board, the value on screen, and the
    values changed so far as the owner set them ("-5", "E,F"; "" for no row). Nothing is
    written until the owner confirms the whole board at the end."""

    board: str = ""
    at: int = 0
    changed: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class CardAsk:
    """A card the table turns over from its own deck, and where the game goes once it is
    entered (``then``: setup, turn, fog or review); ``player`` for a Guardian or mission."""

    deck: str
    then: str
    player: str = ""


@dataclass(frozen=True)
class Pictured:
    """What a "Rescued Islander" card pictures, as the table read it off the card: its RP and
    each Islander as "type:nation" (nation "any" for a black icon)."""

    rp: int = 8
    islanders: tuple[str, ...] = ("warrior:any", "-", "-")

    def to_dict(self) -> dict[str, object]:
        needs = [x.split(":") for x in self.islanders if x != "-"]
        return {"rp": self.rp, "islanders": [{"type": t, "nation": n} for t, n in needs]}


class Purpose(StrEnum):
    """What the Islander picker enters: a loss of the FOG step, or an Islander that scores."""

    LOSS = "loss"
    SCORE = "score"


class PickField(StrEnum):
    ROW = "row"
    AT = "at"             # a boat Area, a stern or a pier
    NATION = "nation"
    TYPE = "type"
    COVERED = "covered"   # option 3 intensive: covered by a Drive Off token


@dataclass(frozen=True)
class Pick:
    """The Islander picker's purpose and its values so far."""

    purpose: Purpose
    values: dict[PickField, str]


@dataclass(frozen=True)
class Islander:
    """One of a colour's Islanders at the end: where it stands (record place) and who it is."""

    nation: str
    type: str
    at: str
    covered: bool = False

    def to_dict(self) -> dict[str, str | bool]:
        """The record's form (``covered`` only when true)."""
        out: dict[str, str | bool] = {"nation": self.nation, "type": self.type, "at": self.at}
        if self.covered:
            out["covered"] = True
        return out


def _states_to_json(states: list[GameState]) -> list[dict[str, object]]:
    return [state_to_dict(s) for s in states]


def _states_from_json(data: list[dict[str, object]]) -> list[GameState]:
    return [state_from_dict(d) for d in data]


@dataclass
class Session:
    """The flow's whole state; the engine state sits typed in ``game``."""

    setup: Setup
    seed: int               # the public draws' (setup, decks); never sent before the record
    replay: bool = False    # the seed was given (behind the PIN, or by a test): the secret
    #                         deal is derived from it too, else drawn from the OS
    cursor: int = 0
    values: dict[str, int] = field(default_factory=dict)   # entered tile values by key
    game: GameState | None = field(default=None, metadata=codec(state_to_dict, state_from_dict))
    players: list[Seat] = field(default_factory=list)
    teams: list[list[str]] = field(default_factory=list)
    boat_scoring: dict[str, int] = field(default_factory=dict)
    individual: dict[str, dict[str, int]] = field(default_factory=dict)
    beach: dict[str, int] = field(default_factory=dict)
    discs: int = 0
    guardians: dict[str, GuardianPick] = field(default_factory=dict)
    leaders: list[LeaderPlacement] = field(default_factory=list)
    mission_deals: list[MissionDeal] = field(default_factory=list)   # in picking order
    mission_step: int = 0
    held: Secret[dict[str, list[str]]] = field(default_factory=lambda: Secret({}))  # secret

    open_missions: list[str] = field(default_factory=list)
    draft: list[str] = field(default_factory=list)
    draft_pick: int = 0
    # option 10: the designated Leader (1-based, as the setup lists them; 0 none) each pick
    # counted so far took, and the one the draft screen offers for the next pick
    draft_leaders: list[int] = field(default_factory=list)
    draft_leader: int = 0
    undo: list[GameState] = field(default_factory=list,
                                  metadata=codec(_states_to_json, _states_from_json))
    cost: CostChoice = field(default_factory=CostChoice)
    loss_colour: int = 0
    pending_losses: list[Loss] = field(default_factory=list)
    fixing: bool = False    # the losses screen opened from the scoring review
    asking: Ask | None = None
    removing: int = -1      # the row the question would remove
    pick: Pick | None = None
    card_queue: list[CardAsk] = field(default_factory=list)   # cards the table enters
    card_letter: str = "A"
    card_number: int = 0
    card_steps: int | None = None   # a FOG Speed 0/2 card's step count as it shows (None: assumed)
    card_then: str = ""       # where the game went on after the last card entered
    entered_round: int = 0    # the round whose event the table has entered
    shown_card: str = ""      # the card whose full text is on screen
    show_starts_turn: bool = False
    reading: bool = False     # a mission card of the hand read in full (private)
    board_checked: bool = False   # the owner confirmed this board's values
    board_check: BoardCheck = field(default_factory=BoardCheck)   # the walk-through
    warning: str = ""         # an entry the box noted against its assumed board data
    # past games: only the page on screen (``past_games.py``), each line's place in the whole
    # list (the title's 12/300), which page of how many, and how many places the list has
    history: list[str] = field(default_factory=list)
    history_places: list[int] = field(default_factory=list)
    history_page: int = 0
    history_pages: int = 1
    history_rows: int = 0
    pictured: dict[str, Pictured] = field(default_factory=dict)   # 37-48, read off the cards
    picture_card: str = ""    # the card whose picture is being entered
    picture: Pictured = field(default_factory=Pictured)
    read_line: int = 0
    score_colour: int = 0
    grid_boat: int = 0      # the boat grid's column (a boat in play) and row
    grid_row: int = 0
    from_grid: bool = False   # the picker was opened from the boat grid
    editing: bool = False   # one colour re-entered from the review screen
    final: dict[str, list[Islander]] = field(default_factory=dict)
    bonuses: dict[str, dict[str, int]] = field(default_factory=dict)   # colour -> value -> n
    result: dict[str, object] | None = None      # the engine's Result, as the link sends it
    record_path: str = ""
    detail: int = 0
    notice: list[str] = field(default_factory=list)
    notice_kept: bool = False   # the notice is about an entry kept (noted), not a refusal
    back_to: FogScreen = FogScreen.SETUP
    back_cursor: int = 0      # the cursor on the screen under an aside: put back on return
    review_cursor: int = 0    # the review row a card entry or a picture was opened from

    @property
    def solo(self) -> bool:
        return bool(self.setup.get("mode") == "solo")

    @property
    def state(self) -> GameState:
        if self.game is None:
            raise FogFlowError("the game has not started yet")
        return self.game

    @property
    def rules(self) -> FogRules:
        return rules_for(str(self.setup["board"]))

    @property
    def colours(self) -> list[str]:
        """Every colour in play, in Turn Board order (solo: the one owner)."""
        if self.solo:
            return [SOLO_OWNER]
        return list(self.state.setup.entries) if self.game else []

    @property
    def last_step(self) -> FogStep | None:
        """The latest FOG step (its rows are the ones whose losses are entered)."""
        steps = self.game.fog_steps if self.game is not None else ()
        return steps[-1] if steps else None

    def player_of(self, colour: str) -> str:
        for seat in self.players:
            if colour in seat.colours:
                return seat.name
        return colour

    def seating(self, entries: tuple[str, ...]) -> list[str]:
        """Player names in seating order along ``entries``, from the Starting Player."""
        order: list[str] = []
        for colour in entries:
            name = self.player_of(colour)
            if name not in order:
                order.append(name)
        return order

    @property
    def kept(self) -> dict[str, list[str]]:
        """Player -> the mission cards they kept: secret until the score is settled."""
        return self.held.open()


@cache
def board_for(name: str) -> Board:
    """Board S, F, M or L from ``config/boards``, read once."""
    return load_board(name)


@cache
def rules_for(board: str) -> FogRules:
    """Board and cards, read once per board."""
    return load_rules(board)


@cache
def scenarios() -> dict[str, Scenario]:
    """The solo scenario sheets with the owner's corrections, read once (again after the
    owner saves a board: ``board_check.forget``)."""
    return load_scenarios()


def display_name(colour: str) -> str:
    return colour.capitalize()
