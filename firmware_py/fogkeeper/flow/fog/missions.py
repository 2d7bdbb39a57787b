"""Before the first turn: secret mission picks, one player at a time, and the Islander draft."""

from __future__ import annotations

from fogkeeper.flow.fog.session import FogFlowError, MissionDeal, Session
from fogkeeper.rules.fog import keep_mission


def mission_turn(s: Session) -> MissionDeal | None:
    """The deal whose secret pick is next, or None when every mission is kept."""
    if s.mission_step >= len(s.mission_deals):
        return None
    return s.mission_deals[s.mission_step]


def hand(s: Session) -> tuple[str, ...]:
    turn = mission_turn(s)
    if turn is None:
        raise FogFlowError("every mission card is already kept")
    return turn.cards


def keep(s: Session, choice: int) -> MissionDeal:
    """The player keeps card ``choice`` (0 or 1) of their hand; the other goes back."""
    cards = hand(s)
    if choice not in range(len(cards)):
        raise FogFlowError(f"choose card 1-{len(cards)}")
    turn = s.mission_deals[s.mission_step]
    s.kept.setdefault(turn.player, []).append(keep_mission(cards, cards[choice]))
    s.mission_step += 1
    return turn


def draft_next(s: Session, picks: int = 1) -> bool:
    """Count picks; True once every Islander is drafted."""
    s.draft_pick = min(len(s.draft), s.draft_pick + picks)
    return s.draft_pick >= len(s.draft)


def draft_back(s: Session) -> None:
    s.draft_pick = max(0, s.draft_pick - 1)
