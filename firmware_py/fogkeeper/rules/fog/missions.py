"""Mission scoring: "Rescued Islander" (37-48) and "Rescue Achievements" (49-60), B-F26."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations

from fogkeeper.rules.fog.board import Board
from fogkeeper.rules.fog.cards import AchievementCard, CardSet, RescuedIslanderCard
from fogkeeper.rules.fog.model import IslanderType, Kind

Need = Kind | IslanderType  # Islanders counted per kind (type and nation) or per type
TYPES = tuple(IslanderType)


@dataclass(frozen=True)
class MissionResult:
    """One mission card's outcome for one player."""

    card_id: str
    rp: int
    achieved: bool
    note: str = ""


@lru_cache(maxsize=512)
def _outcome(card_id: str, rp: int, achieved: bool, note: str = "") -> MissionResult:
    """A card's outcome, the same value for every player and game: made once."""
    return MissionResult(card_id, rp if achieved else 0, achieved, note)


def _card_nation(board: Board, nation: str, tile: str) -> str:
    """The nation a card names, directly or by its boat's water tile ("" if no boat is)."""
    return board.nation_of_tile.get(tile, "") if tile else nation


@dataclass(frozen=True)
class Standing:
    """What the missions compare, per player: the rescued Islanders (in a boat or on its
    pier) counted by kind and by type, and the Islanders in each boat."""

    rescued: Mapping[str, Mapping[Need, int]]
    in_boat: Mapping[str, Mapping[str, int]]


def _with_most(counts: Mapping[str, int]) -> set[str]:
    """The players with the most (a tie is enough; "the most" needs at least one)."""
    most = max(counts.values(), default=0)
    return {player for player, count in counts.items() if count == most and count >= 1}


def _rescued_of(standing: Standing, nation: str) -> dict[str, int]:
    """Each player's rescued Islanders of this nation (the sum of its kinds)."""
    return {player: sum(have.get((t, nation), 0) for t in TYPES)
            for player, have in standing.rescued.items()}


def achievement(card: AchievementCard, board: Board, standing: Standing,
                boats: Sequence[str]) -> dict[str, MissionResult]:
    """Each player's result for this card: do they have the most Islanders as the card
    asks? A tie is enough, and "the most" needs at least one Islander."""
    players = list(standing.rescued)
    if len(players) < 2:
        return dict.fromkeys(players, _outcome(
            card.card_id, 0, False, "needs other players (not in solo)"))
    nation = _card_nation(board, card.nation, card.water_tile)
    if nation not in boats and card.goal != "most_in_any_boat":
        return dict.fromkeys(players, _outcome(
            card.card_id, 0, False, f"no {nation or '?'} boat on the table"))
    if card.goal == "most_rescued":
        winners = _with_most(_rescued_of(standing, nation))
    else:
        targets = boats if card.goal == "most_in_any_boat" else (nation,)
        winners = set().union(*(
            _with_most({p: boat.get(b, 0) for p, boat in standing.in_boat.items()})
            for b in targets))
    done, missed = _outcome(card.card_id, card.rp, True), _outcome(card.card_id, 0, False)
    return {p: done if p in winners else missed for p in players}


def _needs(cards: Sequence[RescuedIslanderCard], board: Board) -> dict[Need, int]:
    """The rescued Islanders these cards need, together: of each kind, the pictured
    Islanders of a named nation; of each type, every pictured Islander of it (a black one,
    any nation, takes any Islander of its type that the named ones leave)."""
    needs: dict[Need, int] = {}
    for card in cards:
        for pictured in card.islanders:
            nation = _card_nation(board, pictured.nation, pictured.water_tile)
            if nation != "any":
                kind = (pictured.type, nation)
                needs[kind] = needs.get(kind, 0) + 1
            needs[pictured.type] = needs.get(pictured.type, 0) + 1
    return needs


def _fits(needs: Mapping[Need, int], rescued: Mapping[Need, int]) -> bool:
    """Can distinct rescued Islanders (counted by kind and by type) fill every need?"""
    return all(rescued.get(need, 0) >= count for need, count in needs.items())


@dataclass(frozen=True)
class _Hand:
    """The mission cards one or more players score: the "Rescued Islander" cards, each
    with what it needs alone, and the "Rescue Achievements" cards."""

    rescued: tuple[RescuedIslanderCard, ...]
    needs: tuple[Mapping[Need, int], ...]
    achievements: tuple[AchievementCard, ...]


def _hand(card_ids: Sequence[str], cards: CardSet, board: Board) -> _Hand:
    picked = [cards.by_id(c) for c in card_ids]
    rescued = tuple(c for c in picked if isinstance(c, RescuedIslanderCard))
    return _Hand(rescued, tuple(_needs((c,), board) for c in rescued),
                 tuple(c for c in picked if isinstance(c, AchievementCard)))


def rescued_islanders(hand: _Hand, board: Board, rescued: Mapping[Need, int]
                      ) -> list[MissionResult]:
    """Score the hand's "Rescued Islander" cards together; each Islander counts for one
    card only, and the player gets the best set of cards: the most RP, the first of equal
    RP in the order largest sets first. A set fits only if each of its cards fits alone,
    so only those cards are combined."""
    alone = [c for c, needs in zip(hand.rescued, hand.needs, strict=True)
             if _fits(needs, rescued)]
    best: tuple[RescuedIslanderCard, ...] = ()
    best_rp = 0
    for size in range(len(alone), 0, -1):
        for cards in combinations(alone, size):
            rp = sum(c.rp for c in cards)
            if rp > best_rp and (size == 1 or _fits(_needs(cards, board), rescued)):
                best, best_rp = cards, rp
    chosen = {c.card_id for c in best}
    return [_outcome(c.card_id, c.rp, c.card_id in chosen) for c in hand.rescued]


def missions_by_player(card_ids: Mapping[str, Sequence[str]], cards: CardSet, board: Board,
                       standing: Standing, boats: Sequence[str]) -> dict[str, list[MissionResult]]:
    """Every mission each player scores (their kept cards plus the open ones). Players with
    the same cards (all of them, with open missions) share the work on them, and each
    "Rescue Achievements" card is decided once for everyone."""
    hands: dict[tuple[str, ...], _Hand] = {}
    achieved: dict[str, dict[str, MissionResult]] = {}
    results: dict[str, list[MissionResult]] = {}
    for player, ids in card_ids.items():
        key = tuple(ids)
        if key not in hands:
            hands[key] = _hand(ids, cards, board)
        hand = hands[key]
        found = rescued_islanders(hand, board, standing.rescued[player])
        for card in hand.achievements:
            if card.card_id not in achieved:
                achieved[card.card_id] = achievement(card, board, standing, boats)
            found.append(achieved[card.card_id][player])
        results[player] = found
    return results
