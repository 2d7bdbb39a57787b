"""Before the first turn: secret mission picks, one player at a time, and the Islander draft."""

from __future__ import annotations

from fogkeeper.flow.fog.session import FogFlowError, MissionDeal, Session
from fogkeeper.rules.fog import keep_mission, leader_draft_refusal


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


def drafted_leaders(s: Session) -> dict[int, str]:
    """Option 10: the designated Leaders drafted so far, each with the colour that took it."""
    return {leader: s.draft[i] for i, leader in enumerate(s.draft_leaders[:s.draft_pick])
            if leader}


def free_leaders(s: Session) -> list[int]:
    """The designated Leaders (1-based) no colour has drafted yet."""
    taken = drafted_leaders(s)
    return [i for i in range(1, len(s.leaders) + 1) if i not in taken]


def offer_leader(s: Session, direction: int) -> None:
    """Left/right on the draft screen: the next pick takes none, or a designated Leader not
    yet drafted."""
    choices = [0, *free_leaders(s)]
    at = choices.index(s.draft_leader) if s.draft_leader in choices else 0
    s.draft_leader = choices[(at + direction) % len(choices)]


def draft_next(s: Session, picks: int = 1, leader: int = 0) -> bool:
    """Count picks (the first taking designated Leader ``leader``, 0 none); True once every
    Islander is drafted. A Leader the colour may not take (option 10: one each) raises
    FogFlowError naming the colour, and nothing is counted."""
    if leader and s.draft_pick < len(s.draft):
        why = leader_draft_refusal(s.draft[s.draft_pick], leader, s.leaders,
                                   drafted_leaders(s))
        if why is not None:
            raise FogFlowError(why)
    before = s.draft_pick
    s.draft_pick = min(len(s.draft), s.draft_pick + picks)
    counted = s.draft_pick - before
    s.draft_leaders = s.draft_leaders[:before] + [0] * (before - len(s.draft_leaders))
    s.draft_leaders += ([leader] + [0] * (counted - 1)) if counted else []
    s.draft_leader = 0
    return s.draft_pick >= len(s.draft)


def draft_back(s: Session) -> None:
    s.draft_pick = max(0, s.draft_pick - 1)
    s.draft_leaders = s.draft_leaders[:s.draft_pick]
    s.draft_leader = 0
