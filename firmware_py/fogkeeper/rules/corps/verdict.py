"""The end-of-chapter judgement: each slot's guess against the key, and the chapter's outcome."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from fogkeeper.rules.corps.board import GuessBoard
from fogkeeper.rules.corps.key import AnswerKey
from fogkeeper.rules.corps.tokens import SLOT_COUNT, SLOTS, Token


class Outcome(StrEnum):
    """How the chapter ended."""

    WON = "won"
    LOST_TO_THE_FOG = "lost_to_the_fog"
    LOST_CORE_RULES = "lost_core_rules"
    NOT_JUDGED = "not_judged"  # Fog in previous Chapters: guesses win nothing (B-C13)


@dataclass(frozen=True)
class RevealStep:
    """One circle uncovered: the table's guess, the true token and whether they match."""

    slot: int
    guess: Token | None
    answer: Token
    right: bool


@dataclass(frozen=True)
class Verdict:
    """The whole reveal, slot 1..9 in order, and the outcome."""

    steps: tuple[RevealStep, ...]
    outcome: Outcome

    @property
    def right_count(self) -> int:
        """How many circles held the true token."""
        return sum(step.right for step in self.steps)

    @property
    def won(self) -> bool:
        """True only for a judged chapter with all nine right and no core-game loss."""
        return self.outcome is Outcome.WON

    @property
    def summary(self) -> str:
        """One line for the screen and the link."""
        count = f"{self.right_count} of {SLOT_COUNT} rules right"
        return {
            Outcome.WON: f"won: {count}",
            Outcome.LOST_TO_THE_FOG: f"lost to the fog: {count}",
            Outcome.LOST_CORE_RULES: f"lost by the core rules: {count}",
            Outcome.NOT_JUDGED: f"notebook check: {count}",
        }[self.outcome]


def judge(key: AnswerKey, board: GuessBoard, *, judged: bool, core_loss: bool) -> Verdict:
    """Compare ``board`` with ``key`` slot by slot; ``judged`` is False in notebook mode."""
    steps = tuple(_step(slot, board.token_at(slot), key.answer(slot)) for slot in SLOTS)
    if not judged:
        outcome = Outcome.NOT_JUDGED
    elif core_loss:
        outcome = Outcome.LOST_CORE_RULES
    elif all(step.right for step in steps):
        outcome = Outcome.WON
    else:
        outcome = Outcome.LOST_TO_THE_FOG
    return Verdict(steps, outcome)


def _step(slot: int, guess: Token | None, answer: Token) -> RevealStep:
    return RevealStep(slot, guess, answer, guess is answer)
