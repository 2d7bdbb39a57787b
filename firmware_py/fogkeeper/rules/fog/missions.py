"""Mission scoring: "Rescued Islander" (37-48) and "Rescue Achievements" (49-60), B-F26."""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import TypeVar

from fogkeeper.rules.fog.board import Board
from fogkeeper.rules.fog.cards import AchievementCard, CardSet, RescuedIslanderCard
from fogkeeper.rules.fog.model import FinalIslander, IslanderType

Kind = tuple[IslanderType, str]     # an Islander's type and nation
K = TypeVar("K", bound=Hashable)


@dataclass(frozen=True)
class MissionResult:
    """One mission card's outcome for one player."""

    card_id: str
    rp: int
    achieved: bool
    note: str = ""


def _card_nation(board: Board, nation: str, tile: str) -> str:
    """The nation a card names, directly or by its boat's water tile ("" if no boat is)."""
    return board.nation_of_tile.get(tile, "") if tile else nation


@dataclass(frozen=True)
class Standing:
    """What the missions compare, counted once per score. Per player: Islanders in each boat,
    rescued Islanders (in a boat or on its pier) by nation, by kind and by type. Per nation:
    the most any player has; a player has "the most" when they reach it."""

    in_boat: Mapping[str, Mapping[str, int]]
    rescued: Mapping[str, Mapping[str, int]]
    rescued_kinds: Mapping[str, Mapping[Kind, int]]
    rescued_types: Mapping[str, Mapping[IslanderType, int]]
    most_in_boat: Mapping[str, int]
    most_rescued: Mapping[str, int]


def _add(counts: dict[K, int], key: K) -> None:
    counts[key] = counts.get(key, 0) + 1


def _most(per_player: Mapping[str, Mapping[str, int]]) -> dict[str, int]:
    most: dict[str, int] = {}
    for counts in per_player.values():
        for nation, count in counts.items():
            most[nation] = max(most.get(nation, 0), count)
    return most


def standing_of(islanders_by_player: Mapping[str, Sequence[FinalIslander]]) -> Standing:
    """Count once, in one pass per player, what every player's missions compare."""
    in_boat: dict[str, dict[str, int]] = {}
    rescued: dict[str, dict[str, int]] = {}
    kinds: dict[str, dict[Kind, int]] = {}
    types: dict[str, dict[IslanderType, int]] = {}
    for player, islanders in islanders_by_player.items():
        in_boat[player], rescued[player], kinds[player], types[player] = {}, {}, {}, {}
        for x in islanders:
            if x.at.rescued:
                _add(rescued[player], x.nation)
                _add(kinds[player], (x.type, x.nation))
                _add(types[player], x.type)
                if x.at.in_boat:
                    _add(in_boat[player], x.at.nation)
    return Standing(in_boat, rescued, kinds, types, _most(in_boat), _most(rescued))


def achievement(card: AchievementCard, board: Board, player: str, standing: Standing,
                boats: Sequence[str]) -> MissionResult:
    """Does `player` have the most Islanders as the card asks? A tie is enough, and "the
    most" needs at least one Islander."""
    if not any(other != player for other in standing.in_boat):
        return MissionResult(card.card_id, 0, False, "needs other players (not in solo)")
    nation = _card_nation(board, card.nation, card.water_tile)
    if nation not in boats and card.goal != "most_in_any_boat":
        return MissionResult(card.card_id, 0, False, f"no {nation or '?'} boat on the table")
    if card.goal == "most_rescued":
        mine, most = standing.rescued[player], standing.most_rescued
    else:
        mine, most = standing.in_boat[player], standing.most_in_boat
    targets = boats if card.goal == "most_in_any_boat" else (nation,)
    done = any(mine.get(b, 0) >= max(1, most.get(b, 0)) for b in targets)
    return MissionResult(card.card_id, card.rp if done else 0, done)


@dataclass(frozen=True)
class _Combination:
    """Some "Rescued Islander" cards scored together: their RP and the Islanders they
    picture, those of a named nation by kind and by type, and the black ones (any nation)
    by type."""

    cards: tuple[RescuedIslanderCard, ...]
    rp: int
    named: Mapping[Kind, int]
    named_types: Mapping[IslanderType, int]
    any_nation: Mapping[IslanderType, int]

    def fits(self, kinds: Mapping[Kind, int], types: Mapping[IslanderType, int]) -> bool:
        """Can distinct rescued Islanders (counted by kind and by type) fill every pictured
        one? Named needs take their own nation's Islanders; a black need takes any Islander
        of its type that the named needs left."""
        return (all(kinds.get(kind, 0) >= n for kind, n in self.named.items())
                and all(types.get(t, 0) - self.named_types.get(t, 0) >= n
                        for t, n in self.any_nation.items()))


def _combination(cards: tuple[RescuedIslanderCard, ...], board: Board) -> _Combination:
    named: dict[Kind, int] = {}
    named_types: dict[IslanderType, int] = {}
    any_nation: dict[IslanderType, int] = {}
    for card in cards:
        for need in card.islanders:
            nation = _card_nation(board, need.nation, need.water_tile)
            if nation == "any":
                _add(any_nation, need.type)
            else:
                _add(named, (need.type, nation))
                _add(named_types, need.type)
    return _Combination(cards, sum(c.rp for c in cards), named, named_types, any_nation)


def _combinations(cards: Sequence[RescuedIslanderCard], board: Board) -> list[_Combination]:
    """Every non-empty set of these cards, largest first: the order the best is chosen in
    (the first of equal RP wins)."""
    return [_combination(combo, board) for size in range(len(cards), 0, -1)
            for combo in combinations(cards, size)]


def rescued_islanders(cards: Sequence[RescuedIslanderCard], combos: Sequence[_Combination],
                      player: str, standing: Standing) -> list[MissionResult]:
    """Score these cards together (`combos` lists their sets); each Islander counts for one
    card only, and the player gets the best combination."""
    kinds, types = standing.rescued_kinds[player], standing.rescued_types[player]
    best: tuple[RescuedIslanderCard, ...] = ()
    best_rp = 0
    for combo in combos:
        if combo.rp > best_rp and combo.fits(kinds, types):
            best, best_rp = combo.cards, combo.rp
    chosen = {c.card_id for c in best}
    return [MissionResult(c.card_id, c.rp if c.card_id in chosen else 0, c.card_id in chosen)
            for c in cards]


def missions_by_player(card_ids: Mapping[str, Sequence[str]], cards: CardSet, board: Board,
                       standing: Standing, boats: Sequence[str]) -> dict[str, list[MissionResult]]:
    """Every mission each player scores (their kept cards plus the open ones). Players with
    the same "Rescued Islander" cards (all of them, with open missions) share one list of
    the cards' combinations."""
    combos_of: dict[tuple[str, ...], list[_Combination]] = {}
    results: dict[str, list[MissionResult]] = {}
    for player, ids in card_ids.items():
        picked = [cards.by_id(c) for c in ids]
        rescued = [c for c in picked if isinstance(c, RescuedIslanderCard)]
        key = tuple(c.card_id for c in rescued)
        if key not in combos_of:
            combos_of[key] = _combinations(rescued, board)
        found = rescued_islanders(rescued, combos_of[key], player, standing)
        found += [achievement(c, board, player, standing, boats) for c in picked
                  if isinstance(c, AchievementCard)]
        results[player] = found
    return results
