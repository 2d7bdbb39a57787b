"""The Use action: Relic cards 01-13, the I4 time swap and the G7 lie."""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

from fogkeeper.errors import RulesError
from fogkeeper.rules.fogsite.answers import answer_text, question_candidates
from fogkeeper.rules.fogsite.maze import Colour
from fogkeeper.rules.fogsite.policy import AnswerValue, ChoicePolicy, policy_named
from fogkeeper.rules.fogsite.sheet import SheetCopy
from fogkeeper.rules.fogsite.state import (
    I4_TILES,
    GameState,
    Investigator,
    InvestigatorStatus,
    Offset,
)
from fogkeeper.rules.fogsite.turns import acting, can_use_or_give, settle

QUESTION_RELICS = range(1, 11)
RESUME_EXPLORATION = 11
EXTRA_TURN = 12
RECOVER_RELIC = 13


@dataclass(frozen=True)
class RelicRequest:
    """What the Investigator says when playing a card.

    ``wall_offset`` (10): the designated space as (dx, dy) from the asker, dy positive south.
    ``receiver`` (12): who plays the extra turn. ``card`` (13): which collected card to take.
    ``placed`` (07): extra sheet offsets (from the asker's Starting tile) copied from teammates.
    ``copies`` (10): teammates' sheets copied onto the asker's, for a Wall tile found there.
    ``restore_time`` (I4): put 2 Map tiles back instead of the card's effect.
    ``lie`` (G7, once a game): the Guardian's false answer, given instead of the true one.
    """

    relic: int
    wall_offset: Offset | None = None
    receiver: Colour | None = None
    card: int | None = None
    placed: tuple[Offset, ...] = ()
    copies: tuple[SheetCopy, ...] = ()
    restore_time: bool = False
    lie: AnswerValue = None


@dataclass(frozen=True)
class RelicAnswer:
    """The answer said aloud; ``value`` is JSON-ready (int, word, or tuple of counts)."""

    relic: int
    value: AnswerValue
    text: str


def _check_playable(state: GameState, investigator: Investigator, request: RelicRequest) -> None:
    if request.relic not in investigator.hand:
        raise RulesError(f"{investigator.colour.name} holds no Relic {request.relic:02d}")
    if not can_use_or_give(state, investigator):
        raise RulesError("Use or Give is allowed once per turn")
    if request.restore_time and not state.options.has("I4"):
        raise RulesError("putting Map tiles back needs balancing I4")
    if request.lie is not None:
        if not state.options.has("G7") or state.lie_used:
            raise RulesError("the Guardian may lie only with balancing G7, once a game")
        if request.relic not in QUESTION_RELICS or request.restore_time:
            raise RulesError("the Guardian can only lie in answer to a question")


def _extra_turn(state: GameState, asker: Colour, receiver: Colour | None) -> GameState:
    """B-S13: another Investigator who has finished stands up again, with a fresh Use/Give."""
    if receiver is None or receiver is asker:
        raise RulesError("Relic 12 designates another Investigator")
    other = state.investigator(receiver)
    if other.status is not InvestigatorStatus.FINISHED:
        raise RulesError(f"{receiver.name} has not finished a turn")
    return state.with_investigator(
        replace(other, status=InvestigatorStatus.ACTIVE, actions_used=0)
    )


def _recover(state: GameState, asker: Colour, card: int | None) -> GameState:
    """B-S13: take one card the Guardian collected (never the 13 being played)."""
    if card is None or card not in state.collected:
        raise RulesError("Relic 13 designates a card the Guardian has collected")
    collected = list(state.collected)
    collected.remove(card)
    investigator = state.investigator(asker)
    state = replace(state, collected=tuple(collected))
    return state.with_investigator(replace(investigator, hand=(*investigator.hand, card)))


def _effect(state: GameState, asker: Colour, request: RelicRequest) -> tuple[GameState, str]:
    if request.relic == RESUME_EXPLORATION:
        investigator = state.investigator(asker)
        raised = replace(investigator, status=InvestigatorStatus.ACTIVE)
        return state.with_investigator(raised), "token raised: Explore and Move again"
    if request.relic == EXTRA_TURN:
        state = _extra_turn(state, asker, request.receiver)
        assert request.receiver is not None
        return state, f"{request.receiver.name} plays an extra turn"
    state = _recover(state, asker, request.card)
    return state, f"took back Relic {request.card:02d}"


def _spend(state: GameState, asker: Colour, relic: int) -> GameState:
    investigator = state.investigator(asker)
    hand = list(investigator.hand)
    hand.remove(relic)
    spent = replace(investigator, hand=tuple(hand), actions_used=investigator.actions_used + 1)
    return state.with_investigator(spent)


def use_relic(
    state: GameState, colour: Colour, request: RelicRequest, rng: random.Random,
    policy: ChoicePolicy | None = None,
) -> tuple[GameState, RelicAnswer]:
    """Play a Relic: ask its question or apply its effect; the card goes to the Guardian."""
    state, investigator = acting(state, colour)
    _check_playable(state, investigator, request)
    if request.relic == RECOVER_RELIC and not state.collected:
        raise RulesError("Relic 13 is unusable while the Guardian holds no card")
    relic, secret = request.relic, ""
    if request.restore_time:
        state = replace(state, time_limit=state.time_limit.restore(I4_TILES))
        answer = RelicAnswer(relic, I4_TILES, f"{I4_TILES} Map tiles back on the Time Limit")
        state = _spend(state, colour, relic)
    elif relic in QUESTION_RELICS:
        candidates = question_candidates(
            state, investigator, relic, request.wall_offset, request.placed, request.copies
        )
        chosen = policy or policy_named(state.options.choice_policy)
        value = chosen.choose_answer(state, colour, relic, candidates, rng)
        if request.lie is not None:
            secret, value = f"lie; true answer {answer_text(state, relic, value)}", request.lie
            state = replace(state, lie_used=True)
        answer = RelicAnswer(relic, value, answer_text(state, relic, value))
        state = _spend(state, colour, relic)
    else:
        state = _spend(state, colour, relic)
        state, text = _effect(state, colour, request)
        answer = RelicAnswer(relic, None, text)
    state = replace(state, collected=(*state.collected, relic))
    state = state.logged(colour.name, f"relic {relic:02d}", answer.text, secret)
    return settle(state), answer
