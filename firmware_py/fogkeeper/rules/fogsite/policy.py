"""Who decides where the rules let the Guardian choose (Relics 02, 04-07, balancing G6)."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Protocol

from fogkeeper.errors import RulesError
from fogkeeper.rules.fogsite.maze import Colour

if TYPE_CHECKING:
    from fogkeeper.rules.fogsite.state import GameState

AnswerValue = int | str | tuple[int, ...] | None


class ChoicePolicy(Protocol):
    """A Guardian's way of choosing among answers that are all true.

    ``candidates`` is never empty and holds only true answers; a policy returns one of them.
    """

    @property
    def name(self) -> str: ...

    def choose_answer(
        self, state: GameState, asker: Colour, relic: int,
        candidates: tuple[AnswerValue, ...], rng: random.Random,
    ) -> AnswerValue: ...

    def lay_down_passer(self, state: GameState, mover: Colour, rng: random.Random) -> bool:
        """G6: whether the Guardian announces an Investigator passing its space."""
        ...


class FairPolicy:
    """A seeded random pick among the true answers; always uses G6 when it is in play."""

    @property
    def name(self) -> str:
        return "fair"

    def choose_answer(
        self, state: GameState, asker: Colour, relic: int,
        candidates: tuple[AnswerValue, ...], rng: random.Random,
    ) -> AnswerValue:
        # Sorted first so that the same seed gives the same answer whatever the set order was.
        return rng.choice(sorted(candidates, key=repr))

    def lay_down_passer(self, state: GameState, mover: Colour, rng: random.Random) -> bool:
        return True


class GuardianChoice:
    """The human Guardian's own pick, made on the box behind the PIN: ``answer`` must be one
    of the true answers; G6 follows the standing choice of the Guardian's last turn."""

    def __init__(self, answer: AnswerValue = None) -> None:
        self.answer = answer

    @property
    def name(self) -> str:
        return "guardian"

    def choose_answer(
        self, state: GameState, asker: Colour, relic: int,
        candidates: tuple[AnswerValue, ...], rng: random.Random,
    ) -> AnswerValue:
        if self.answer not in candidates:
            raise RulesError("the Guardian answers with one of the true answers")
        return self.answer

    def lay_down_passer(self, state: GameState, mover: Colour, rng: random.Random) -> bool:
        return state.g6_announce


def fair_pick(state: GameState, asker: Colour, relic: int,
              candidates: tuple[AnswerValue, ...], rng: random.Random) -> AnswerValue:
    """What the fair policy would answer, without using up ``rng`` (the Guardian's default)."""
    copy = random.Random()
    copy.setstate(rng.getstate())
    return FairPolicy().choose_answer(state, asker, relic, candidates, copy)


_POLICIES: dict[str, ChoicePolicy] = {"fair": FairPolicy()}


def register_policy(policy: ChoicePolicy) -> None:
    """Make a policy selectable by name in ``config/fogsite.toml`` (e.g. a later "hunter")."""
    _POLICIES[policy.name] = policy


def policy_named(name: str) -> ChoicePolicy:
    try:
        return _POLICIES[name]
    except KeyError:
        raise RulesError(f"no Guardian choice policy {name!r}; known {sorted(_POLICIES)}") from None
