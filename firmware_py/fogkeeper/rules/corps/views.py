"""What the shared screen and the host link may see before and after the end of the chapter."""

from __future__ import annotations

from typing import Any

from fogkeeper.rules.corps.chapter import (
    CorpsState,
    can_end,
    end_blockers,
    key_status,
    reveal_available,
    verdict,
)
from fogkeeper.rules.corps.errors import EndError
from fogkeeper.rules.corps.tokens import SLOTS
from fogkeeper.rules.corps.tracker import ChapterTracker
from fogkeeper.rules.corps.verdict import RevealStep, Verdict

JsonDict = dict[str, Any]


def public_view(state: CorpsState) -> JsonDict:
    """The view safe for everyone: before the end no answer but Water's slot and no hint of
    right or wrong; after the end only the circles uncovered so far, the verdict once all are."""
    allowed, reason = can_end(state)
    return {
        "game": "corps",
        "mode": state.mode.value,
        "map": state.map_id,
        "key": key_status(state).value,
        "water_slot": state.board.water_slot,
        "board": [{"slot": slot, "guess": _name(state.board.token_at(slot))} for slot in SLOTS],
        "supply": [token.value for token in state.board.supply],
        "complete": state.board.is_complete,
        "tracker": _tracker_view(state.tracker),
        "can_end": allowed,
        "reason": reason,
        "blockers": list(end_blockers(state)),
        "ended": state.ended,
        "core_loss": state.core_loss,
        "reveal": _progress_view(state),
    }


def full_view(state: CorpsState) -> JsonDict:
    """After the end: the public view with every circle uncovered and the whole key."""
    if not state.ended:
        raise EndError("the full view opens only after the chapter ends")
    view = public_view(state)
    if state.key is not None:
        whole = verdict(state)
        view["reveal"] = _reveal_view(state, whole, whole.steps)
        view["answers"] = [state.key.answer(slot).value for slot in SLOTS]
    return view


def _progress_view(state: CorpsState) -> JsonDict | None:
    if not reveal_available(state):
        return None
    whole = verdict(state)
    return _reveal_view(state, whole, whole.steps[: state.revealed])


def _reveal_view(state: CorpsState, whole: Verdict, steps: tuple[RevealStep, ...]) -> JsonDict:
    done = len(steps) == len(whole.steps)
    return {
        "pacing": state.options.reveal_pacing.value,
        "step_seconds": state.options.reveal_step_seconds,
        "revealed": len(steps),
        "steps": [_step_view(step) for step in steps],
        # The count and outcome wait for the last circle so the suspense holds to the end.
        "verdict": _verdict_view(whole) if done else None,
    }


def _step_view(step: RevealStep) -> JsonDict:
    return {
        "slot": step.slot,
        "guess": _name(step.guess),
        "answer": step.answer.value,
        "right": step.right,
    }


def _verdict_view(whole: Verdict) -> JsonDict:
    return {
        "outcome": whole.outcome.value,
        "won": whole.won,
        "right_count": whole.right_count,
        "summary": whole.summary,
    }


def _tracker_view(tracker: ChapterTracker) -> JsonDict:
    return {
        "tipis_revealed": tracker.tipis_revealed,
        "end_unlocked": tracker.end_unlocked,
        "monsters": [
            {"card": m.card, "terrain": m.terrain, "status": m.status.value}
            for m in tracker.monsters
        ],
        "monsters_killed": list(tracker.monsters_killed),
        "water": tracker.water,
        "rows_completed": list(tracker.rows_completed),
    }


def _name(token: object) -> str | None:
    return None if token is None else str(token)
