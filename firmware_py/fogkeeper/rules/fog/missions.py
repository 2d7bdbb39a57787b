"""Mission scoring: "Rescued Islander" (37-48) and "Rescue Achievements" (49-60), B-F26."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations

from fogkeeper.rules.fog.board import Board
from fogkeeper.rules.fog.cards import AchievementCard, Card, CardSet, RescuedIslanderCard
from fogkeeper.rules.fog.model import FinalIslander, IslanderType


@dataclass(frozen=True)
class MissionResult:
    """One mission card's outcome for one player."""

    card_id: str
    rp: int
    achieved: bool
    note: str = ""


def _tile_nation(board: Board, tile: str) -> str:
    for boat in board.boats:
        if boat.water_tile == tile:
            return boat.nation
    return ""


def _card_nation(board: Board, nation: str, tile: str) -> str:
    return _tile_nation(board, tile) if tile else nation


def _is_most(mine: int, others: Sequence[int]) -> bool:
    """'Most' = a tie is enough, and at least one Islander."""
    return mine >= 1 and all(mine >= o for o in others)


@dataclass(frozen=True)
class Standing:
    """Per player: Islanders in each boat, and rescued Islanders of each nation."""

    in_boat: Mapping[str, Counter[str]]
    rescued: Mapping[str, Counter[str]]


def standing_of(islanders_by_player: Mapping[str, Sequence[FinalIslander]]) -> Standing:
    """Count once what the "most" missions compare."""
    return Standing(
        in_boat={p: Counter(x.at.nation for x in xs if x.at.in_boat)
                 for p, xs in islanders_by_player.items()},
        rescued={p: Counter(x.nation for x in xs if x.at.rescued)
                 for p, xs in islanders_by_player.items()},
    )


def achievement(card: AchievementCard, board: Board, player: str, standing: Standing,
                boats: Sequence[str]) -> MissionResult:
    """Does `player` have the most Islanders as the card asks (tie enough)?"""
    others = [p for p in standing.in_boat if p != player]
    if not others:
        return MissionResult(card.card_id, 0, False, "needs other players (not in solo)")
    nation = _card_nation(board, card.nation, card.water_tile)
    if nation not in boats and card.goal != "most_in_any_boat":
        return MissionResult(card.card_id, 0, False, f"no {nation or '?'} boat on the table")
    counts = standing.rescued if card.goal == "most_rescued" else standing.in_boat
    targets = list(boats) if card.goal == "most_in_any_boat" else [nation]
    done = any(_is_most(counts[player][b], [counts[o][b] for o in others]) for b in targets)
    return MissionResult(card.card_id, card.rp if done else 0, done)


def _fits(cards: Sequence[RescuedIslanderCard], board: Board,
          islanders: Sequence[FinalIslander]) -> bool:
    """Can distinct rescued Islanders fill every pictured Islander of these cards?
    Coloured needs are filled first; a black (any colour) need takes what is left."""
    pool = Counter((x.type, x.nation) for x in islanders if x.at.rescued)
    open_needs: Counter[IslanderType] = Counter()
    for card in cards:
        for need in card.islanders:
            nation = _card_nation(board, need.nation, need.water_tile)
            if nation == "any":
                open_needs[need.type] += 1
            elif pool[(need.type, nation)] > 0:
                pool[(need.type, nation)] -= 1
            else:
                return False
    left = Counter[IslanderType]()
    for (kind, _), n in pool.items():
        left[kind] += n
    return all(left[kind] >= n for kind, n in open_needs.items())


def rescued_islanders(cards: Sequence[RescuedIslanderCard], board: Board,
                      islanders: Sequence[FinalIslander]) -> list[MissionResult]:
    """Score these cards together; each Islander counts for one card only, and the player
    gets the best combination."""
    best: tuple[RescuedIslanderCard, ...] = ()
    for size in range(len(cards), 0, -1):
        for combo in combinations(cards, size):
            if sum(c.rp for c in combo) > sum(c.rp for c in best) and _fits(
                    combo, board, islanders):
                best = combo
    return [MissionResult(c.card_id, c.rp if c in best else 0, c in best) for c in cards]


def player_missions(card_ids: Sequence[str], cards: CardSet, board: Board, player: str,
                    islanders_by_player: Mapping[str, Sequence[FinalIslander]],
                    standing: Standing, boats: Sequence[str]) -> list[MissionResult]:
    """Every mission this player scores (their kept cards plus the open ones)."""
    picked: list[Card] = [cards.by_id(c) for c in card_ids]
    rescued = [c for c in picked if isinstance(c, RescuedIslanderCard)]
    results = rescued_islanders(rescued, board, islanders_by_player[player])
    for card in picked:
        if isinstance(card, AchievementCard):
            results.append(achievement(card, board, player, standing, boats))
    return results
