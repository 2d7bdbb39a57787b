"""Investigator actions: Explore, Move (inside the Mapping Sheet), Give, and digging."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace

from fogkeeper.errors import RulesError
from fogkeeper.rules.fogsite.maze import Colour, Direction
from fogkeeper.rules.fogsite.options import IllegalStep
from fogkeeper.rules.fogsite.policy import ChoicePolicy, policy_named
from fogkeeper.rules.fogsite.sheet import SheetCopy, mapping_sheet, route_on_sheet
from fogkeeper.rules.fogsite.state import GameState, Investigator, InvestigatorStatus
from fogkeeper.rules.fogsite.turns import CAN_MOVE, CANT_MOVE, acting, can_use_or_give, settle


@dataclass(frozen=True)
class ExploreAnswer:
    """The Guardian's answer to an Explore; ``relic_drawn`` when the digging paid off."""

    direction: Direction
    can_move: bool
    relic_drawn: int | None = None

    @property
    def text(self) -> str:
        return CAN_MOVE if self.can_move else CANT_MOVE


@dataclass(frozen=True)
class MoveAnswer:
    """How far the route went: all of it, or up to a real wall ("You can't move").

    A real wall is met only on a tile copied wrongly from a teammate (B-S15); ``paused``
    when the table stops to check the maps and nothing moved (``pause`` mode).
    """

    steps_taken: int
    steps_asked: int
    laid_down_by_guardian: bool = False
    paused: bool = False

    @property
    def completed(self) -> bool:
        return self.steps_taken == self.steps_asked

    @property
    def text(self) -> str:
        if self.laid_down_by_guardian:
            return "The Guardian is here: your token is laid down"
        if self.completed:
            return "Moved"
        if self.paused:
            return f"{CANT_MOVE} along this route: nothing moved, check the Mapping Sheets"
        return f"{CANT_MOVE} (step {self.steps_taken + 1})"


def _require_standing(investigator: Investigator, action: str) -> None:
    if investigator.status is not InvestigatorStatus.ACTIVE:
        raise RulesError(f"{action} needs a standing token; {investigator.colour.name} is down")


def _dig(state: GameState) -> tuple[GameState, int | None]:
    """A failed Explore removes one Digging token; the last one draws a Relic (B-S14)."""
    if state.options.easy:
        return state, None
    tokens = state.digging_tokens - 1
    if tokens > 0:
        return replace(state, digging_tokens=tokens), None
    state = replace(state, digging_tokens=state.full_digging_tokens)
    if not state.relic_deck:
        return state, None
    drawn, *rest = state.relic_deck
    return replace(state, relic_deck=tuple(rest)), drawn


def explore(state: GameState, colour: Colour, direction: Direction
            ) -> tuple[GameState, ExploreAnswer]:
    """Ask whether the next space that way is Street; costs the leftmost Map tile."""
    state, investigator = acting(state, colour)
    _require_standing(investigator, "Explore")
    if state.out_of_time:
        raise RulesError("Explore needs a Map tile and none is left")
    target = investigator.cell.step(direction)
    can_move = state.maze.is_street(target)
    state = replace(state, time_limit=state.time_limit.take_leftmost())
    investigator = investigator.with_sheet(
        target.minus(investigator.start), can_move, explored=True
    )
    drawn = None
    if not can_move:
        investigator = replace(investigator, status=InvestigatorStatus.DOWN)
        state, drawn = _dig(state)
        if drawn is not None:
            investigator = replace(investigator, hand=(*investigator.hand, drawn))
    answer = ExploreAnswer(direction, can_move, drawn)
    found = "" if drawn is None else f"; digging found Relic {drawn:02d}"
    public, secret = f"{direction.name}: {answer.text}", ""
    if drawn is not None and state.options.hidden_hands:
        public, secret = public + "; digging found a Relic", found.removeprefix("; ")
    else:
        public += found
    state = state.with_investigator(investigator).logged(colour.name, "explore", public, secret)
    return settle(state), answer


def _walk(state: GameState, investigator: Investigator, route: Sequence[Direction],
          policy: ChoicePolicy, rng: random.Random) -> tuple[Investigator, MoveAnswer]:
    here = investigator.cell
    for taken, direction in enumerate(route):
        nxt = here.step(direction)
        if not state.maze.is_street(nxt):
            return replace(investigator, cell=here), MoveAnswer(taken, len(route))
        here = nxt
        investigator = investigator.with_sheet(
            here.minus(investigator.start), True, explored=False
        )
        passes_guardian = state.options.has("G6") and here == state.guardian
        if passes_guardian and policy.lay_down_passer(state, investigator.colour, rng):
            # A laid-down token cannot walk on, so the route ends on the Guardian's space.
            moved = replace(investigator, cell=here, status=InvestigatorStatus.DOWN)
            return moved, MoveAnswer(taken + 1, len(route), laid_down_by_guardian=True)
    return replace(investigator, cell=here), MoveAnswer(len(route), len(route))


def move(state: GameState, colour: Colour, route: Sequence[Direction], rng: random.Random,
         policy: ChoicePolicy | None = None, copies: Sequence[SheetCopy] = ()
         ) -> tuple[GameState, MoveAnswer]:
    """Walk the Intruder along a route of Room tiles on the mover's Mapping Sheet (their
    own tiles and the teammates' sheets in ``copies``); B-S15 stops it before a real wall.

    A route that leaves the sheet is refused before the maze is looked at, so the refusal
    is the same whatever the maze holds.
    """
    state, investigator = acting(state, colour)
    _require_standing(investigator, "Move")
    if not route:
        raise RulesError("a Move needs at least one step")
    route_on_sheet(mapping_sheet(state, investigator, copies), investigator.offset, route,
                   colour)
    chosen = policy or policy_named(state.options.choice_policy)
    moved, answer = _walk(state, investigator, route, chosen, rng)
    path = "".join(direction.name for direction in route)
    hit_wall = not answer.completed and not answer.laid_down_by_guardian
    if hit_wall and state.options.illegal_step is IllegalStep.PAUSE:
        # The table stops and checks the maps; nothing moves, no step is named.
        answer = MoveAnswer(0, len(route), paused=True)
        moved = investigator
    secret = f"{investigator.cell.name} -> {moved.cell.name}"
    state = state.with_investigator(moved).logged(
        colour.name, "move", f"{path}: {answer.text}", secret
    )
    return settle(state), answer


def give(state: GameState, colour: Colour, relic: int, receiver: Colour) -> GameState:
    """Hand one Relic to another Investigator (the turn's Use/Give; not in the 2-player game)."""
    state, investigator = acting(state, colour)
    if state.options.two_player:
        raise RulesError("Give is not available in the 2-player variant")
    if receiver is colour:
        raise RulesError("give the Relic to another Investigator")
    if relic not in investigator.hand:
        raise RulesError(f"{colour.name} holds no Relic {relic:02d}")
    if not can_use_or_give(state, investigator):
        raise RulesError("Use or Give is allowed once per turn")
    hand = list(investigator.hand)
    hand.remove(relic)
    state = state.with_investigator(replace(
        investigator, hand=tuple(hand), actions_used=investigator.actions_used + 1))
    other = state.investigator(receiver)
    state = state.with_investigator(replace(other, hand=(*other.hand, relic)))
    if state.options.hidden_hands:
        state = state.logged(colour.name, "give", f"a Relic to {receiver.name}",
                             f"Relic {relic:02d}")
    else:
        state = state.logged(colour.name, "give", f"Relic {relic:02d} to {receiver.name}")
    return settle(state)
