"""FOGSITE game state: Investigators and their Intruders, Guardian, Time Limit, Relics, log."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import Enum

from fogkeeper.errors import RulesError
from fogkeeper.rules.fogsite.maze import Cell, Colour, Maze
from fogkeeper.rules.fogsite.options import Options

MAP_TILES_TOTAL = 53
DIGGING_TOKENS = 4
DIGGING_TOKENS_I1 = 3
RELIC_NUMBERS = tuple(range(1, 14))
EASY_REMOVED_RELICS = (1, 2, 3)
STARTING_HAND = 1
EASY_STARTING_HAND = 2
ATTACK_TILES_EACH = 3
ATTACK_TILES_EACH_G4 = 4
G5_ATTACK_TILES = 15
EASY_TILES_PER_TURN = 3
I4_TILES = 2
G9_SECONDS_PER_INVESTIGATOR = 120

Offset = tuple[int, int]


class Phase(Enum):
    """Where the round is: Guardian turn, Investigators' turn, escape decision, game over."""

    GUARDIAN = "guardian"
    INVESTIGATORS = "investigators"
    ESCAPE = "escape"
    OVER = "over"


class InvestigatorStatus(Enum):
    """B-S19: ACTIVE (token standing), DOWN (laid down, Use/Give only), FINISHED."""

    ACTIVE = "active"
    DOWN = "down"
    FINISHED = "finished"


class Side(Enum):
    INVESTIGATORS = "investigators"
    GUARDIAN = "guardian"


@dataclass(frozen=True)
class Investigator:
    """One Investigator and the Intruder token the Guardian moves for them.

    ``start`` and ``cell`` are absolute maze cells (secret); ``sheet`` maps offsets from the
    Starting tile to True (Room side) / False (Wall side): the Investigator's own knowledge.
    """

    colour: Colour
    start: Cell = field(repr=False)
    cell: Cell = field(repr=False)
    target: bool = field(repr=False)
    status: InvestigatorStatus
    hand: tuple[int, ...]
    actions_used: int = 0
    sheet: tuple[tuple[Offset, bool], ...] = ()
    explored: tuple[Offset, ...] = ()

    @property
    def offset(self) -> Offset:
        """The token's position on the Investigator's own sheet (known to the table)."""
        return self.cell.minus(self.start)

    def with_sheet(self, offset: Offset, street: bool, explored: bool) -> Investigator:
        tiles = dict(self.sheet)
        tiles[offset] = street
        seen = set(self.explored) | ({offset} if explored else set())
        return replace(self, sheet=tuple(sorted(tiles.items())), explored=tuple(sorted(seen)))


@dataclass(frozen=True)
class TimeLimit:
    """Map tiles in the decks (left to right), the removed pile, the unused supply.

    ``below_zero`` when the team plays on after a loss (the rulebook's Q&A): tiles taken
    once the decks are empty are ``owed``, and ``tiles_left`` goes negative, the score.
    """

    decks: tuple[int, ...]
    removed: int = 0
    supply: int = 0
    removed_by_attacks: int = 0
    owed: int = 0
    below_zero: bool = False

    @property
    def tiles_left(self) -> int:
        return sum(self.decks) - self.owed

    @property
    def depleted_decks(self) -> int:
        return sum(1 for deck in self.decks if deck == 0)

    def take_leftmost(self) -> TimeLimit:
        """Explore: one tile from the leftmost non-empty deck (onto a sheet, not the pile)."""
        for index, deck in enumerate(self.decks):
            if deck:
                decks = list(self.decks)
                decks[index] -= 1
                return replace(self, decks=tuple(decks))
        if self.below_zero:
            return replace(self, owed=self.owed + 1)
        raise RulesError("no Map tile is left on the Time Limit decks")

    def remove_from_right(self, tiles: int, by_attack: bool) -> TimeLimit:
        """Attack or Easy Rule: remove tiles from the right, cascading leftwards, never below 0."""
        decks = list(self.decks)
        left_to_remove = tiles
        for index in reversed(range(len(decks))):
            taken = min(decks[index], left_to_remove)
            decks[index] -= taken
            left_to_remove -= taken
        removed = tiles - left_to_remove
        return replace(
            self, decks=tuple(decks), removed=self.removed + removed,
            removed_by_attacks=self.removed_by_attacks + (removed if by_attack else 0),
            owed=self.owed + (left_to_remove if self.below_zero else 0),
        )

    def restore(self, tiles: int) -> TimeLimit:
        """I4 (B-S16): tiles from the removed pile, else the supply, onto the leftmost live deck."""
        if self.owed:
            # Playing on: the tiles pay back what is owed first.
            paid = min(self.owed, tiles)
            return replace(self, owed=self.owed - paid).restore(tiles - paid) if paid else self
        live = [index for index, deck in enumerate(self.decks) if deck]
        if not live or tiles <= 0:
            return self
        from_pile = min(self.removed, tiles)
        from_supply = min(self.supply, tiles - from_pile)
        decks = list(self.decks)
        decks[live[0]] += from_pile + from_supply
        return replace(
            self, decks=tuple(decks), removed=self.removed - from_pile,
            supply=self.supply - from_supply,
        )


@dataclass(frozen=True)
class LogEntry:
    """One line of the question-and-answer log; ``secret`` is only shown at the reveal."""

    round_number: int
    actor: str
    action: str
    public: str
    secret: str = ""


@dataclass(frozen=True)
class AttackReport:
    """What the Guardian's last turn did; colours are announced only with balancing I2."""

    attacked: tuple[Colour, ...]
    tiles_removed: int


@dataclass(frozen=True, repr=False)
class GameState:
    """The whole game; immutable, JSON-serialisable through fogsite.codec."""

    options: Options
    maze: Maze
    round_number: int
    phase: Phase
    guardian: Cell | None
    investigators: tuple[Investigator, ...]
    current: Colour | None
    time_limit: TimeLimit
    digging_tokens: int
    relic_deck: tuple[int, ...]
    collected: tuple[int, ...]
    lie_used: bool = False
    winner: Side | None = None
    end_reason: str = ""
    last_attack: AttackReport | None = None
    log: tuple[LogEntry, ...] = ()
    ended_in: Phase | None = None
    g6_announce: bool = True

    def __repr__(self) -> str:
        return f"GameState(round={self.round_number}, phase={self.phase.value}, <hidden>)"

    def investigator(self, colour: Colour) -> Investigator:
        for investigator in self.investigators:
            if investigator.colour is colour:
                return investigator
        raise RulesError(f"{colour.name} is not an Investigator in this game")

    def with_investigator(self, updated: Investigator) -> GameState:
        return replace(self, investigators=tuple(
            updated if inv.colour is updated.colour else inv for inv in self.investigators
        ))

    def logged(self, actor: str, action: str, public: str, secret: str = "") -> GameState:
        entry = LogEntry(self.round_number, actor, action, public, secret)
        return replace(self, log=(*self.log, entry))

    def ended(self, winner: Side, reason: str) -> GameState:
        return replace(self, phase=Phase.OVER, winner=winner, end_reason=reason, current=None,
                       ended_in=self.phase)

    def with_g6(self, announce: bool) -> GameState:
        """G6: the Guardian's standing choice until its next turn: lay a passer down or not."""
        if not self.options.has("G6"):
            raise RulesError("laying a passing Investigator down needs balancing G6")
        return replace(self, g6_announce=announce)

    @property
    def playing_on(self) -> bool:
        """The team plays on after a loss: only an escape ends the game, tiles go below zero."""
        return self.time_limit.below_zero

    @property
    def out_of_time(self) -> bool:
        """No Map tile left, which ends the game (never while playing on)."""
        return self.time_limit.tiles_left <= 0 and not self.playing_on

    @property
    def full_digging_tokens(self) -> int:
        if self.options.easy:
            return 0
        return DIGGING_TOKENS_I1 if self.options.has("I1") else DIGGING_TOKENS

    @property
    def visible_arrows(self) -> int:
        """B-S02: straight moves the Guardian may make this turn (G1 adds one)."""
        bonus = 1 if self.options.has("G1") else 0
        return self.options.initial_arrows + self.time_limit.depleted_decks + bonus

    @property
    def team_seconds(self) -> int:
        """G9: the shared time for one Investigators' turn, 2 minutes per Investigator."""
        return G9_SECONDS_PER_INVESTIGATOR * len(self.investigators)
