"""The Guardian's turn: straight moves up to the visible arrows, the attack, the planning."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace

from fogkeeper.errors import RulesError
from fogkeeper.rules.fogsite.maze import Cell, Colour, Direction
from fogkeeper.rules.fogsite.options import NoReturn
from fogkeeper.rules.fogsite.state import (
    ATTACK_TILES_EACH,
    ATTACK_TILES_EACH_G4,
    G5_ATTACK_TILES,
    AttackReport,
    GameState,
    Phase,
    Side,
)
from fogkeeper.rules.fogsite.turns import require_phase


class GuardianMoveError(RulesError):
    """An illegal Guardian move; the reason speaks of the maze, so show it behind the PIN only."""


@dataclass(frozen=True)
class GuardianMove:
    """One straight move: a direction and how many spaces (at least 1)."""

    direction: Direction
    spaces: int

    def __post_init__(self) -> None:
        # players hash many move sequences; Enum hashing is slow, so hash once
        object.__setattr__(self, "_hash", hash((self.direction.name, self.spaces)))

    def __hash__(self) -> int:
        return self._hash  # type: ignore[no-any-return,attr-defined]


@dataclass(frozen=True)
class GuardianWalk:
    """Where a turn of moves ends, the Street spaces it entered, the walls it passed (G2)."""

    end: Cell
    entered: tuple[Cell, ...]
    walls_passed: int


class _Walker:
    """The facts of one state that a walk reads, looked up once, and the walks traced so far.

    A player tries many move sequences that share prefixes; each is traced once from the end
    of its prefix instead of from the start (same walks, same errors).
    """

    def __init__(self, state: GameState) -> None:
        maze = state.maze
        self.state = state
        self.size = maze.size
        self.walls = frozenset(maze.inner_walls())
        self.g2 = state.options.has("G2")
        self.strict = state.options.no_return is NoReturn.STRICT
        # B-S04: a space holding only sleeping Intruders blocks, unless balancing G3
        here: dict[Cell, bool] = {}
        for inv in state.investigators:
            here[inv.cell] = here.get(inv.cell, False) or inv.target
        self.blocked = frozenset() if state.options.has("G3") else frozenset(
            cell for cell, target in here.items() if not target)
        self.arrows = state.visible_arrows
        self.traced: dict[tuple[GuardianMove, ...], GuardianWalk] = {}

    def step_error(self, start: Cell, nxt: Cell, walls_passed: int, last: bool) -> str | None:
        if not (0 <= nxt.col < self.size and 0 <= nxt.row < self.size):
            return "it leaves the maze"
        if nxt in self.walls:
            if not self.g2 or walls_passed >= 1:
                return "it runs into an Inner Wall"
            if last:
                return "it may pass an Inner Wall but not stop on it"
        if self.strict and nxt == start:
            return "it comes back to the starting space"
        if nxt in self.blocked:
            return "a space with only sleeping Intruders blocks the way"
        return None

    def walk(self, start: Cell, before: GuardianWalk, move: GuardianMove, index: int
             ) -> GuardianWalk:
        if move.spaces < 1:
            raise GuardianMoveError(f"move {index}: a move goes at least 1 space")
        here, walls_passed = before.end, before.walls_passed
        entered = list(before.entered)
        dx, dy = move.direction.value
        for step in range(1, move.spaces + 1):
            nxt = Cell(here.col + dx, here.row + dy)
            error = self.step_error(start, nxt, walls_passed, last=step == move.spaces)
            if error:
                raise GuardianMoveError(
                    f"move {index} ({move.direction.name}{move.spaces}): {error}")
            if nxt in self.walls:
                walls_passed += 1
            else:
                entered.append(nxt)
            here = nxt
        return GuardianWalk(here, tuple(entered), walls_passed)

    def trace(self, start: Cell, moves: tuple[GuardianMove, ...]) -> GuardianWalk:
        known = self.traced.get(moves)
        if known is not None:
            return known
        before = self.trace(start, moves[:-1]) if moves else GuardianWalk(start, (), 0)
        walk = self.walk(start, before, moves[-1], len(moves)) if moves else before
        self.traced[moves] = walk
        return walk


_last_walker: _Walker | None = None


def _walker(state: GameState) -> _Walker:
    """The walker of this very state object (states are frozen: one walker serves them all)."""
    global _last_walker
    walker = _last_walker
    if walker is None or walker.state is not state:
        walker = _last_walker = _Walker(state)
    return walker


def _ends_on_start(state: GameState, end: Cell) -> bool:
    return end == state.guardian and state.options.no_return is NoReturn.END_ONLY


def trace_moves(state: GameState, moves: Sequence[GuardianMove], check_end: bool = True
                ) -> GuardianWalk:
    """Check a turn of moves; the spaces entered in order, or GuardianMoveError.

    ``check_end=False`` skips the end-only no-return check, so a prefix can be extended.
    """
    if state.guardian is None:
        raise RulesError("there is no Guardian token under the Easy Rule")
    walker = _walker(state)
    if len(moves) > walker.arrows:
        raise GuardianMoveError(f"only {walker.arrows} move(s) allowed this turn")
    walk = walker.trace(state.guardian, tuple(moves))
    if check_end and moves and _ends_on_start(state, walk.end):
        raise GuardianMoveError("the turn may not end on the starting space")
    return walk


def attacked_by(state: GameState, entered: Sequence[Cell]) -> tuple[Colour, ...]:
    """B-S04: every Intruder on an entered space, if at least one of them is a Target."""
    start = state.guardian
    hit = [inv for inv in state.investigators if inv.cell in entered and inv.cell != start]
    if not any(inv.target for inv in hit):
        return ()
    return tuple(inv.colour for inv in hit)


def _planning(state: GameState, attacked: tuple[Colour, ...]) -> GameState:
    """Attacked Intruders sleep, the others stand; nothing changes if all were attacked."""
    if len(attacked) == len(state.investigators):
        return state
    return replace(state, investigators=tuple(
        replace(inv, target=inv.colour not in attacked) for inv in state.investigators
    ))


def _attack(state: GameState, attacked: tuple[Colour, ...]) -> tuple[GameState, int]:
    each = ATTACK_TILES_EACH_G4 if state.options.has("G4") else ATTACK_TILES_EACH
    before = state.time_limit.tiles_left
    state = replace(state, time_limit=state.time_limit.remove_from_right(
        each * len(attacked), by_attack=True))
    removed = before - state.time_limit.tiles_left
    if state.playing_on:  # after a loss only an escape ends the game
        return _planning(state, attacked), removed
    if state.time_limit.tiles_left == 0:
        return state.ended(Side.GUARDIAN, "the attack emptied the Time Limit"), removed
    if state.options.has("G5") and state.time_limit.removed_by_attacks >= G5_ATTACK_TILES:
        return state.ended(Side.GUARDIAN, "G5: attacks removed 15 Map tiles"), removed
    return _planning(state, attacked), removed


def guardian_turn(state: GameState, moves: Sequence[GuardianMove]
                  ) -> tuple[GameState, AttackReport]:
    """Play the Guardian's whole turn; illegal moves raise GuardianMoveError, nothing changes."""
    require_phase(state, Phase.GUARDIAN)
    walk = trace_moves(state, moves)
    attacked = attacked_by(state, walk.entered)
    secret = " ".join(f"{m.direction.name}{m.spaces}" for m in moves) + f" -> {walk.end.name}"
    state = replace(state, guardian=walk.end)
    removed = 0
    if attacked:
        state, removed = _attack(state, attacked)
    report = AttackReport(attacked, removed)
    named = f" ({', '.join(c.name for c in attacked)})" if state.options.has("I2") else ""
    state = state.logged("Guardian", "turn", f"{len(attacked)} attacked{named}", secret)
    state = replace(state, last_attack=report)
    if state.phase is Phase.OVER:
        return state, report
    return replace(state, phase=Phase.INVESTIGATORS), report


def legal_turns(state: GameState) -> Iterator[tuple[GuardianMove, ...]]:
    """Every legal sequence of moves this turn (the empty turn first), for players and tests."""
    yield ()
    limit = state.visible_arrows
    frontier: list[tuple[GuardianMove, ...]] = [()]
    while frontier:
        prefix = frontier.pop()
        if len(prefix) >= limit:
            continue
        for direction in Direction:
            for spaces in range(1, state.maze.size):
                turn = (*prefix, GuardianMove(direction, spaces))
                try:
                    walk = trace_moves(state, turn, check_end=False)
                except GuardianMoveError:
                    continue
                frontier.append(turn)
                if not _ends_on_start(state, walk.end):
                    yield turn
