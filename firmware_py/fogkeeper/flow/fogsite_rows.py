"""Rows several FOGSITE tables share: where play goes next, and back from an aside."""

from __future__ import annotations

from typing import Any

from fogkeeper.flow.fogsite_core import S, Stage


def onward_rows(trigger: str | list[str], source: Stage | list[Stage],
                before: tuple[str, ...] = ()) -> list[dict[str, Any]]:
    """Where play goes after an answer, a report or a turn: the engine's phase decides.

    Tried in order, the first row whose conditions hold wins; ``before`` runs first on each.
    """
    rows: list[tuple[Stage, dict[str, Any], tuple[str, ...]]] = [
        (S.WINNER, {"conditions": "is_over"}, ("finish",)),
        (S.BOX_TURN, {"conditions": ["is_guardian_phase", "box_plays"]}, ("play_box_turn",)),
        (S.GUARDIAN_GATE, {"conditions": "is_guardian_phase"}, ("open_guardian_turn",)),
        (S.ESCAPE_CALL, {"conditions": "is_escape_phase"}, ()),
        (S.ACTIONS, {"unless": "turn_not_begun"}, ()),
        (S.CHOOSE, {}, ()),
    ]
    return [{"trigger": trigger, "source": source, "dest": dest, **test,
             "before": [*before, *work]} for dest, test, work in rows]


def start_rows(source: Stage | list[Stage]) -> list[dict[str, Any]]:
    """``game_started``: a new game opens on the Guardian's turn (the team's, Easy Rule)."""
    return [
        {"trigger": "game_started", "source": source, "dest": S.BOX_TURN,
         "conditions": ["is_guardian_phase", "box_plays"], "before": "play_box_turn"},
        {"trigger": "game_started", "source": source, "dest": S.GUARDIAN_GATE,
         "conditions": "is_guardian_phase", "before": "open_guardian_turn"},
        {"trigger": "game_started", "source": source, "dest": S.CHOOSE},
    ]


def return_rows(source: Stage, stages: list[Stage],
                after: tuple[str, ...] = ()) -> list[dict[str, Any]]:
    """``back_to_<screen>``: back from ``source`` to the screen it interrupted."""
    return [{"trigger": f"back_to_{stage.value}", "source": source, "dest": stage,
             "after": list(after)} for stage in stages]
