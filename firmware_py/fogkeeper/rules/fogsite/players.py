"""The box as Guardian: players that set up and play whole Guardian turns (gentle, hunter)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Protocol

from fogkeeper.errors import RulesError
from fogkeeper.rules.fogsite.answers import presence_distance
from fogkeeper.rules.fogsite.guardian import (
    GuardianMove,
    GuardianMoveError,
    attacked_by,
    trace_moves,
)
from fogkeeper.rules.fogsite.maze import Cell, Colour, Direction, Maze, compass
from fogkeeper.rules.fogsite.options import GuardianStart, NoReturn, Options
from fogkeeper.rules.fogsite.policy import AnswerValue, register_policy
from fogkeeper.rules.fogsite.state import GameState


@dataclass(frozen=True)
class GuardianSetup:
    """The Guardian's secret choices before turn 1 (both None under the Easy Rule)."""

    start: Cell | None
    sleeping: Colour | None


@dataclass(frozen=True)
class TurnOption:
    """One distinct outcome of a legal turn: its shortest moves, end space, who is attacked."""

    moves: tuple[GuardianMove, ...]
    end: Cell
    attacked: tuple[Colour, ...]


class GuardianPlayer(Protocol):
    """Plays the Guardian from what a human Guardian knows: the maze and the Intruders."""

    @property
    def name(self) -> str: ...

    def choose_setup(self, maze: Maze, colours: Sequence[Colour], options: Options,
                     rng: random.Random) -> GuardianSetup: ...

    def choose_turn(self, state: GameState, rng: random.Random
                    ) -> tuple[GuardianMove, ...]: ...


def guardian_knowledge(state: GameState) -> GameState:
    """The state as the Guardian knows it: the Relic deck's order is nobody's knowledge."""
    return replace(state, relic_deck=tuple(sorted(state.relic_deck)))


def _intruders_entered(state: GameState, entered: Sequence[Cell]) -> frozenset[Colour]:
    return frozenset(inv.colour for inv in state.investigators if inv.cell in entered)


def turn_options(state: GameState) -> list[TurnOption]:
    """Every distinct legal outcome (end space, walls passed, Intruders met), shortest first.

    Each move sequence is checked by the engine's own ``trace_moves``; turns reaching the
    same outcome with more moves are dropped, so this stays small where ``legal_turns``
    (every sequence) grows fast with the arrows.
    """
    start = state.guardian
    if start is None:
        raise RulesError("there is no Guardian token under the Easy Rule")
    found = [TurnOption((), start, ())]
    seen = {(start, 0, frozenset[Colour]())}
    layer: list[tuple[GuardianMove, ...]] = [()]
    end_only = state.options.no_return is NoReturn.END_ONLY
    for _arrow in range(state.visible_arrows):
        next_layer = []
        for prefix in layer:
            for direction in Direction:
                for spaces in range(1, state.maze.size):
                    turn = (*prefix, GuardianMove(direction, spaces))
                    try:
                        walk = trace_moves(state, turn, check_end=False)
                    except GuardianMoveError:
                        continue
                    key = (walk.end, walk.walls_passed, _intruders_entered(state, walk.entered))
                    if key in seen:
                        continue
                    seen.add(key)
                    next_layer.append(turn)
                    if not (end_only and walk.end == start):
                        found.append(TurnOption(turn, walk.end, attacked_by(state, walk.entered)))
        layer = next_layer
    return found


def _start_spaces(maze: Maze, options: Options) -> list[Cell]:
    tiles = set(maze.colour_cells().values())
    if options.guardian_start is GuardianStart.NOT_ON_INTRUDER:
        return [cell for cell in maze.street_cells() if cell not in tiles]
    return list(maze.street_cells())


class GentleGuardian:
    """A seeded random Guardian: random start and sleeper, a random legal outcome each turn."""

    @property
    def name(self) -> str:
        return "gentle"

    def choose_setup(self, maze: Maze, colours: Sequence[Colour], options: Options,
                     rng: random.Random) -> GuardianSetup:
        if options.easy:
            return GuardianSetup(None, None)
        return GuardianSetup(rng.choice(_start_spaces(maze, options)), rng.choice(list(colours)))

    def choose_turn(self, state: GameState, rng: random.Random) -> tuple[GuardianMove, ...]:
        return rng.choice(turn_options(state)).moves


@lru_cache(maxsize=256)
def _lines(maze: Maze) -> dict[Cell, tuple[tuple[Cell, ...], ...]]:
    """For each Street space, the Street spaces a straight move can enter, per direction."""
    lines = {}
    for cell in maze.street_cells():
        rays = []
        for direction in Direction:
            ray, here = [], cell.step(direction)
            while maze.is_street(here):
                ray.append(here)
                here = here.step(direction)
            rays.append(tuple(ray))
        lines[cell] = tuple(rays)
    return lines


@lru_cache(maxsize=1024)
def straight_moves_to(maze: Maze, start: Cell) -> dict[Cell, int]:
    """How many straight moves the Guardian needs to enter each space (walls block).

    Kept per (maze, start): the hunter asks it for every end space of every turn. The dict
    is shared, so callers only read it."""
    lines = _lines(maze)
    moves = {start: 0}
    layer = [start]
    while layer:
        next_layer = []
        for cell in layer:
            for ray in lines[cell]:
                for nxt in ray:
                    if nxt not in moves:
                        moves[nxt] = moves[cell] + 1
                        next_layer.append(nxt)
        layer = next_layer
    return moves


def _threat(state: GameState, end: Cell, arrows: int) -> tuple[int, int, int]:
    """How likely an attack from ``end`` next turn: Targets in reach, Intruders one move
    beyond, and (less is better) the straight moves to the Targets."""
    reach = straight_moves_to(state.maze, end)
    far = 2 * state.maze.size
    targets = [reach.get(inv.cell, far) for inv in state.investigators
               if inv.target and inv.cell != end]
    near = sum(1 for inv in state.investigators
               if inv.cell != end and reach.get(inv.cell, far) <= arrows + 1)
    return (sum(1 for moves in targets if moves <= arrows), near, -sum(targets))


class HunterGuardian:
    """Attacks the most Intruders it can; otherwise ends where a next attack is likeliest."""

    @property
    def name(self) -> str:
        return "hunter"

    def choose_setup(self, maze: Maze, colours: Sequence[Colour], options: Options,
                     rng: random.Random) -> GuardianSetup:
        if options.easy:
            return GuardianSetup(None, None)
        tiles = maze.colour_cells()
        best: tuple[tuple[int, int], Cell, Colour] | None = None
        for sleeping in colours:
            for start in _start_spaces(maze, options):
                if start in tiles.values():
                    continue
                score = _opening_score(maze, start, tiles, colours, sleeping)
                if best is None or score > best[0]:
                    best = (score, start, sleeping)
        if best is None:
            return GuardianSetup(rng.choice(_start_spaces(maze, options)), colours[0])
        return GuardianSetup(best[1], best[2])

    def choose_turn(self, state: GameState, rng: random.Random) -> tuple[GuardianMove, ...]:
        return _hunt(state, turn_options(state))[0].moves


def _hunt(state: GameState, options: list[TurnOption]
          ) -> tuple[TurnOption, tuple[int, int, int, int]]:
    """The hunter's turn (the first of the best) and its score: Intruders attacked, then
    ``_threat`` from where it ends."""
    arrows = state.visible_arrows
    scored = [(len(option.attacked), *_threat(state, option.end, arrows)) for option in options]
    best = max(range(len(options)), key=scored.__getitem__)
    return options[best], scored[best]


def _opening_score(maze: Maze, start: Cell, tiles: dict[Colour, Cell],
                   colours: Sequence[Colour], sleeping: Colour) -> tuple[int, int]:
    """Targets the first turn's single straight move can attack, then those in 2 moves."""
    targets = {tiles[c] for c in colours if c is not sleeping}
    sleeper = tiles[sleeping]
    first = 0
    for ray in _lines(maze)[start]:
        hit = 0
        for cell in ray:
            if cell == sleeper:
                break
            hit += cell in targets
        first = max(first, hit)
    reach = straight_moves_to(maze, start)
    return first, sum(1 for cell in targets if reach.get(cell, 99) <= 2)


GENTLE = GentleGuardian()
HUNTER = HunterGuardian()


class FocusedGuardian:
    """Plays each turn as the hunter with chance ``focus``, else as the gentle wanderer, who
    with chance ``mercy`` keeps off every Intruder (moving is optional, attacking is never a
    must); says in a few words why it played each turn (for the reveal)."""

    def __init__(self, name: str, focus: float, mercy: float = 0.0) -> None:
        self._name, self.focus, self.mercy = name, focus, mercy

    @property
    def name(self) -> str:
        return self._name

    def choose_setup(self, maze: Maze, colours: Sequence[Colour], options: Options,
                     rng: random.Random) -> GuardianSetup:
        chosen = HUNTER if rng.random() < self.focus else GENTLE
        return chosen.choose_setup(maze, colours, options, rng)

    def choose_turn(self, state: GameState, rng: random.Random) -> tuple[GuardianMove, ...]:
        return self.choose_turn_why(state, rng)[0]

    def choose_turn_why(self, state: GameState, rng: random.Random
                        ) -> tuple[tuple[GuardianMove, ...], str]:
        """The turn and its reason in a few words: "hunts: attacks RED", "waits, 1 in reach"
        (Targets one turn away), "closes in", "wanders", "wanders, meets RED"."""
        options = turn_options(state)
        if rng.random() >= self.focus:
            if self.mercy and rng.random() < self.mercy:
                quiet = [option for option in options if not option.attacked]
                if quiet:
                    return rng.choice(quiet).moves, "wanders, keeps away"
            chosen = rng.choice(options)
            names = " ".join(c.name for c in chosen.attacked)
            return chosen.moves, f"wanders, meets {names}" if names else "wanders"
        chosen, (attacks, in_reach, _near, _moves) = _hunt(state, options)
        if attacks:
            return chosen.moves, "hunts: attacks " + " ".join(c.name for c in chosen.attacked)
        if in_reach:
            return chosen.moves, f"waits, {in_reach} in reach"
        return chosen.moves, "closes in"


_PLAYERS: dict[str, GuardianPlayer] = {GENTLE.name: GENTLE, HUNTER.name: HUNTER}


def guardian_player(name: str) -> GuardianPlayer:
    """The Guardian player called ``name`` ("gentle" or "hunter")."""
    try:
        return _PLAYERS[name]
    except KeyError:
        raise RulesError(f"no Guardian player {name!r}; known {sorted(_PLAYERS)}") from None


class HunterPolicy:
    """Where the rules let the Guardian choose (Relics 02/05 on a shared space, 04-07), the
    true answer that narrows the Investigators' search least; G6 always lays down."""

    @property
    def name(self) -> str:
        return "hunter"

    def choose_answer(self, state: GameState, asker: Colour, relic: int,
                      candidates: tuple[AnswerValue, ...], rng: random.Random) -> AnswerValue:
        here = state.investigator(asker).cell
        ordered = sorted(candidates, key=repr)
        return max(ordered, key=lambda value: _vagueness(state, here, relic, value))

    def lay_down_passer(self, state: GameState, mover: Colour, rng: random.Random) -> bool:
        return True


def _vagueness(state: GameState, here: Cell, relic: int, value: AnswerValue) -> int:
    """How many Street spaces still fit the answer (07: minus the pocket the answer opens)."""
    maze = state.maze
    if relic in (2, 5) and isinstance(value, str):
        return sum(1 for cell in maze.street_cells() if compass(here, cell) == value)
    if relic == 4 and isinstance(value, int):
        return sum(1 for steps in maze.walking_steps(here).values() if steps == value)
    if relic == 6 and isinstance(value, int):
        return sum(1 for cell in maze.street_cells() if presence_distance(state, here, cell)
                   == value)
    if relic == 7 and isinstance(value, str) and value in Direction.__members__:
        # A small pocket behind the answer is the least useful place to be sent.
        return -_pocket(maze, here, here.step(Direction[value]))
    return 0


def _pocket(maze: Maze, here: Cell, entrance: Cell) -> int:
    """Street spaces reachable through ``entrance`` without passing ``here``."""
    seen = {here, entrance}
    stack = [entrance]
    while stack:
        for nxt in maze.street_neighbours(stack.pop()):
            if nxt not in seen:
                seen.add(nxt)
                stack.append(nxt)
    return len(seen) - 1


HUNTER_POLICY = HunterPolicy()
register_policy(HUNTER_POLICY)
