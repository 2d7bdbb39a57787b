"""Mission scoring: "Rescued Islander" (37-48) and "Rescue Achievements" (49-60), B-F26."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations

from fogkeeper.rules.fog.board import Board
from fogkeeper.rules.fog.cards import AchievementCard, CardSet, RescuedIslanderCard
from fogkeeper.rules.fog.model import FinalIslander, IslanderType

Kind = tuple[IslanderType, str]     # an Islander's type and nation


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
        boats: dict[str, int] = {}
        nations: dict[str, int] = {}
        by_kind: dict[Kind, int] = {}
        by_type: dict[IslanderType, int] = {}
        for x in islanders:
            if x.at.rescued:
                nations[x.nation] = nations.get(x.nation, 0) + 1
                by_kind[(x.type, x.nation)] = by_kind.get((x.type, x.nation), 0) + 1
                by_type[x.type] = by_type.get(x.type, 0) + 1
                if x.at.in_boat:
                    boats[x.at.nation] = boats.get(x.at.nation, 0) + 1
        in_boat[player], rescued[player], kinds[player], types[player] = (
            boats, nations, by_kind, by_type)
    return Standing(in_boat, rescued, kinds, types, _most(in_boat), _most(rescued))


def achievement(card: AchievementCard, board: Board, standing: Standing,
                boats: Sequence[str]) -> dict[str, MissionResult]:
    """Each player's result for this card: do they have the most Islanders as the card
    asks? A tie is enough, and "the most" needs at least one Islander."""
    players = list(standing.in_boat)
    if len(players) < 2:
        return dict.fromkeys(players, MissionResult(
            card.card_id, 0, False, "needs other players (not in solo)"))
    nation = _card_nation(board, card.nation, card.water_tile)
    if nation not in boats and card.goal != "most_in_any_boat":
        return dict.fromkeys(players, MissionResult(
            card.card_id, 0, False, f"no {nation or '?'} boat on the table"))
    if card.goal == "most_rescued":
        counts, most = standing.rescued, standing.most_rescued
    else:
        counts, most = standing.in_boat, standing.most_in_boat
    targets = boats if card.goal == "most_in_any_boat" else (nation,)
    done = MissionResult(card.card_id, card.rp, True)
    missed = MissionResult(card.card_id, 0, False)
    return {p: done if any(counts[p].get(b, 0) >= max(1, most.get(b, 0)) for b in targets)
            else missed for p in players}


@dataclass(frozen=True)
class _Combination:
    """Some "Rescued Islander" cards scored together: their RP and the Islanders they
    picture, those of a named nation by kind and by type, and the black ones (any nation)
    by type."""

    cards: tuple[RescuedIslanderCard, ...]
    rp: int
    named: tuple[tuple[Kind, int], ...]
    named_types: Mapping[IslanderType, int]
    any_nation: tuple[tuple[IslanderType, int], ...]

    def fits(self, kinds: Mapping[Kind, int], types: Mapping[IslanderType, int]) -> bool:
        """Can distinct rescued Islanders (counted by kind and by type) fill every pictured
        one? Named needs take their own nation's Islanders; a black need takes any Islander
        of its type that the named needs left."""
        for kind, n in self.named:
            if kinds.get(kind, 0) < n:
                return False
        for type_, n in self.any_nation:
            if types.get(type_, 0) - self.named_types.get(type_, 0) < n:
                return False
        return True


def _combination(cards: tuple[RescuedIslanderCard, ...], board: Board) -> _Combination:
    named: dict[Kind, int] = {}
    named_types: dict[IslanderType, int] = {}
    any_nation: dict[IslanderType, int] = {}
    for card in cards:
        for need in card.islanders:
            nation = _card_nation(board, need.nation, need.water_tile)
            if nation == "any":
                any_nation[need.type] = any_nation.get(need.type, 0) + 1
            else:
                named[(need.type, nation)] = named.get((need.type, nation), 0) + 1
                named_types[need.type] = named_types.get(need.type, 0) + 1
    return _Combination(cards, sum(c.rp for c in cards), tuple(named.items()), named_types,
                        tuple(any_nation.items()))


@dataclass(frozen=True)
class _Hand:
    """The mission cards one or more players score: the "Rescued Islander" cards with every
    set of them, largest first (the order the best is chosen in: the first of equal RP
    wins) and each card's two outcomes; then the "Rescue Achievements" cards."""

    rescued: tuple[RescuedIslanderCard, ...]
    combinations: tuple[_Combination, ...]
    done: tuple[MissionResult, ...]
    missed: tuple[MissionResult, ...]
    achievements: tuple[AchievementCard, ...]


def _hand(card_ids: Sequence[str], cards: CardSet, board: Board) -> _Hand:
    picked = [cards.by_id(c) for c in card_ids]
    rescued = tuple(c for c in picked if isinstance(c, RescuedIslanderCard))
    return _Hand(
        rescued,
        tuple(_combination(combo, board) for size in range(len(rescued), 0, -1)
              for combo in combinations(rescued, size)),
        tuple(MissionResult(c.card_id, c.rp, True) for c in rescued),
        tuple(MissionResult(c.card_id, 0, False) for c in rescued),
        tuple(c for c in picked if isinstance(c, AchievementCard)))


def rescued_islanders(hand: _Hand, player: str, standing: Standing) -> list[MissionResult]:
    """Score the hand's "Rescued Islander" cards together; each Islander counts for one
    card only, and the player gets the best combination."""
    kinds, types = standing.rescued_kinds[player], standing.rescued_types[player]
    best: tuple[RescuedIslanderCard, ...] = ()
    best_rp = 0
    for combo in hand.combinations:
        if combo.rp > best_rp and combo.fits(kinds, types):
            best, best_rp = combo.cards, combo.rp
    chosen = {c.card_id for c in best}
    return [done if card.card_id in chosen else missed
            for card, done, missed in zip(hand.rescued, hand.done, hand.missed, strict=True)]


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
        found = rescued_islanders(hand, player, standing)
        for card in hand.achievements:
            if card.card_id not in achieved:
                achieved[card.card_id] = achievement(card, board, standing, boats)
            found.append(achieved[card.card_id][player])
        results[player] = found
    return results
