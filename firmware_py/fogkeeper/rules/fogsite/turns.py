"""Whose turn it is: choosing an Investigator, ending turns, the escape call, the next round."""

from __future__ import annotations

from dataclasses import replace

from fogkeeper.errors import PhaseError, RulesError
from fogkeeper.rules.fogsite.maze import Colour
from fogkeeper.rules.fogsite.state import (
    EASY_TILES_PER_TURN,
    GameState,
    Investigator,
    InvestigatorStatus,
    Phase,
    Side,
)

CAN_MOVE = "You can move"


class TurnOrderError(PhaseError):
    """Not now: another phase of the round, or another Investigator's turn."""
CANT_MOVE = "You can't move"


def require_phase(state: GameState, phase: Phase) -> None:
    if state.phase is not phase:
        raise TurnOrderError(f"not allowed now: it is the {state.phase.value} phase")


def can_use_or_give(state: GameState, investigator: Investigator) -> bool:
    """B-S19 / I5: a Relic in hand and this turn's Use/Give allowance not spent."""
    return bool(investigator.hand) and (investigator.actions_used == 0 or state.options.has("I5"))


def begin_turn(state: GameState, colour: Colour) -> GameState:
    """The team chooses who plays next; that Investigator must still have a turn to play."""
    require_phase(state, Phase.INVESTIGATORS)
    if state.current is colour:
        return state
    if state.current is not None:
        raise TurnOrderError(f"{state.current.name} is playing; end that turn first")
    if state.investigator(colour).status is not InvestigatorStatus.ACTIVE:
        raise TurnOrderError(f"{colour.name} has already finished this turn")
    return replace(state, current=colour)


def acting(state: GameState, colour: Colour) -> tuple[GameState, Investigator]:
    """The state with ``colour`` playing, and that Investigator; refuses anyone else."""
    state = begin_turn(state, colour)
    return state, state.investigator(colour)


def end_turn(state: GameState, colour: Colour) -> GameState:
    """The Investigator lays the token down and their turn is over."""
    state, investigator = acting(state, colour)
    state = state.with_investigator(
        replace(investigator, status=InvestigatorStatus.FINISHED, actions_used=0)
    )
    state = replace(state, current=None).logged(colour.name, "end_turn", "turn over")
    return _after_finish(state)


def settle(state: GameState) -> GameState:
    """After an action: a laid-down Investigator with nothing left to do finishes (C-S06)."""
    if state.current is None or state.phase is not Phase.INVESTIGATORS:
        return state
    investigator = state.investigator(state.current)
    if investigator.status is InvestigatorStatus.DOWN and not can_use_or_give(state, investigator):
        return end_turn(state, investigator.colour)
    return state


def _after_finish(state: GameState) -> GameState:
    """Once every Investigator has finished: Time Limit check, then the escape decision."""
    if any(inv.status is not InvestigatorStatus.FINISHED for inv in state.investigators):
        return state
    if state.out_of_time:
        return state.ended(Side.GUARDIAN, "no Map tile left when the Investigators finished")
    return replace(state, phase=Phase.ESCAPE)


def time_up(state: GameState) -> GameState:
    """G9: the shared team time ran out; the team turn ends at once."""
    require_phase(state, Phase.INVESTIGATORS)
    if not state.options.has("G9"):
        raise RulesError("the team turn has no time limit without balancing G9")
    finished = tuple(
        replace(inv, status=InvestigatorStatus.FINISHED, actions_used=0)
        for inv in state.investigators
    )
    state = replace(state, investigators=finished, current=None)
    return _after_finish(state.logged("box", "time_up", "team time is over"))


def _escape_cell_ok(state: GameState) -> bool:
    cells = {inv.cell for inv in state.investigators}
    if len(cells) != 1:
        return False
    return not (state.options.has("G8") and state.guardian in cells)


def escape(state: GameState, announce: bool) -> GameState:
    """The team's call after all finished: escape (win or lose at once) or play on."""
    require_phase(state, Phase.ESCAPE)
    if announce:
        won = _escape_cell_ok(state)
        state = state.logged("team", "escape", "We want to escape the maze")
        if won and state.playing_on:
            score = state.time_limit.tiles_left
            return state.ended(Side.GUARDIAN, f"escaped after the loss; score {score}")
        if won:
            return state.ended(Side.INVESTIGATORS, "escaped: every Intruder on one space")
        if state.playing_on:
            state = state.logged("box", "escape", "not every Intruder on one space: play on")
            return next_round(state)
        return state.ended(Side.GUARDIAN, "failed escape")
    state = state.logged("team", "escape", "no escape this turn")
    if state.options.easy:
        state = replace(state, time_limit=state.time_limit.remove_from_right(
            EASY_TILES_PER_TURN, by_attack=False))
        state = state.logged("Guardian", "easy_tiles", f"{EASY_TILES_PER_TURN} Map tiles removed")
        if state.out_of_time:
            return state.ended(Side.GUARDIAN, "no Map tile left after the Investigators' turn")
    return next_round(state)


def next_round(state: GameState) -> GameState:
    """Every token is raised; the Guardian plays (the Investigators again under the Easy Rule)."""
    raised = tuple(
        replace(inv, status=InvestigatorStatus.ACTIVE, actions_used=0)
        for inv in state.investigators
    )
    easy = state.options.easy
    return replace(
        state, investigators=raised, current=None,
        phase=Phase.INVESTIGATORS if easy else Phase.GUARDIAN,
        round_number=state.round_number + 1,
    )


def play_on(state: GameState) -> GameState:
    """The rulebook's Q&A: a team that lost may play on until it escapes, counting the Map
    tiles from then on below zero (a negative score). The result stays the Guardian's.

    Play resumes where the loss stopped it: the team's turn after the Guardian's attack,
    the escape call after the team's turn, the next round after a failed escape.
    """
    if state.phase is not Phase.OVER or state.winner is not Side.GUARDIAN:
        raise TurnOrderError("only a game the Guardian has won can be played on")
    if state.playing_on:
        raise TurnOrderError("the game was already played on to the end")
    reason = state.end_reason
    state = replace(state, winner=None, end_reason="",
                    time_limit=replace(state.time_limit, below_zero=True))
    state = state.logged("team", "play_on", f"playing on after the loss ({reason})")
    if state.ended_in is Phase.GUARDIAN:
        return replace(state, phase=Phase.INVESTIGATORS)
    if state.ended_in is Phase.INVESTIGATORS:
        return replace(state, phase=Phase.ESCAPE)
    return next_round(state)
