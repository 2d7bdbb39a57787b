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


@dataclass(frozen=True)
class GuardianWalk:
    """Where a turn of moves ends, the Street spaces it entered, the walls it passed (G2)."""

    end: Cell
    entered: tuple[Cell, ...]
    walls_passed: int


def _blocked_by_sleepers(state: GameState, cell: Cell) -> bool:
    """B-S04: a space holding only sleeping Intruders blocks, unless balancing G3."""
    here = [inv for inv in state.investigators if inv.cell == cell]
    return bool(here) and not any(inv.target for inv in here) and not state.options.has("G3")


def _step_error(state: GameState, start: Cell, nxt: Cell, walls_passed: int, last: bool
                ) -> str | None:
    maze = state.maze
    if not maze.in_grid(nxt):
        return "it leaves the maze"
    if maze.is_inner_wall(nxt):
        if not state.options.has("G2") or walls_passed >= 1:
            return "it runs into an Inner Wall"
        if last:
            return "it may pass an Inner Wall but not stop on it"
    if nxt == start and state.options.no_return is NoReturn.STRICT:
        return "it comes back to the starting space"
    if _blocked_by_sleepers(state, nxt):
        return "a space with only sleeping Intruders blocks the way"
    return None


def _walk(state: GameState, start: Cell, here: Cell, walls_passed: int, move: GuardianMove,
          index: int) -> GuardianWalk:
    if move.spaces < 1:
        raise GuardianMoveError(f"move {index}: a move goes at least 1 space")
    entered = []
    for step in range(1, move.spaces + 1):
        nxt = here.step(move.direction)
        error = _step_error(state, start, nxt, walls_passed, last=step == move.spaces)
        if error:
            raise GuardianMoveError(f"move {index} ({move.direction.name}{move.spaces}): {error}")
        if state.maze.is_inner_wall(nxt):
            walls_passed += 1
        else:
            entered.append(nxt)
        here = nxt
    return GuardianWalk(here, tuple(entered), walls_passed)


def _ends_on_start(state: GameState, end: Cell) -> bool:
    return end == state.guardian and state.options.no_return is NoReturn.END_ONLY


def trace_moves(state: GameState, moves: Sequence[GuardianMove], check_end: bool = True
                ) -> GuardianWalk:
    """Check a turn of moves; the spaces entered in order, or GuardianMoveError.

    ``check_end=False`` skips the end-only no-return check, so a prefix can be extended.
    """
    if state.guardian is None:
        raise RulesError("there is no Guardian token under the Easy Rule")
    if len(moves) > state.visible_arrows:
        raise GuardianMoveError(f"only {state.visible_arrows} move(s) allowed this turn")
    start = here = state.guardian
    entered: list[Cell] = []
    walls = 0
    for index, move in enumerate(moves, start=1):
        walk = _walk(state, start, here, walls, move, index)
        here, walls = walk.end, walk.walls_passed
        entered.extend(walk.entered)
    if check_end and moves and _ends_on_start(state, here):
        raise GuardianMoveError("the turn may not end on the starting space")
    return GuardianWalk(here, tuple(entered), walls)


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
