"""Mission scoring: "Rescued Islander" (37-48) and "Rescue Achievements" (49-60), B-F26."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property, lru_cache
from itertools import combinations

from fogkeeper.rules.fog.board import Board
from fogkeeper.rules.fog.cards import AchievementCard, CardSet, RescuedIslanderCard
from fogkeeper.rules.fog.model import IslanderType, Need

TYPES = tuple(IslanderType)


@dataclass(frozen=True)
class MissionResult:
    """One mission card's outcome for one player."""

    card_id: str
    rp: int
    achieved: bool
    note: str = ""


@lru_cache(maxsize=1024)
def _outcome(card_id: str, rp: int, achieved: bool, note: str = "") -> MissionResult:
    """A card's outcome: the same value for every player and game, so made once."""
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


def _with_most_of(players: Sequence[str], counts: Sequence[int]) -> set[str]:
    """The players with the most (a tie is enough; "the most" needs at least one)."""
    most = max(counts, default=0)
    if most == 0:
        return set()
    return {player for player, count in zip(players, counts, strict=True) if count == most}


def _most_in_each_boat(in_boat: Mapping[str, Mapping[str, int]]) -> dict[str, set[str]]:
    """Per boat with anyone in it, the players with the most Islanders there (a tie is
    enough): two passes over the players' counts, for every boat at once."""
    most: dict[str, int] = {}
    for counts in in_boat.values():
        for nation, count in counts.items():
            if count > most.get(nation, 0):
                most[nation] = count
    leaders: dict[str, set[str]] = {nation: set() for nation in most}
    for player, counts in in_boat.items():
        for nation, count in counts.items():
            if count == most.get(nation):
                leaders[nation].add(player)
    return leaders


class _Achievements:
    """Decides each "Rescue Achievements" card once for every player; who has the most in
    each boat is worked out for every boat at once, when a card first asks."""

    def __init__(self, board: Board, standing: Standing, boats: Sequence[str]) -> None:
        self.board, self.standing, self.boats = board, standing, boats
        self.players = list(standing.rescued)
        self.decided: dict[str, dict[str, MissionResult]] = {}
        self._most_in_boat: dict[str, set[str]] | None = None

    def of(self, card: AchievementCard) -> dict[str, MissionResult]:
        """Each player's result for the card."""
        if card.card_id not in self.decided:
            self.decided[card.card_id] = self._decide(card)
        return self.decided[card.card_id]

    def _most_in(self, nation: str) -> set[str]:
        """The players with the most Islanders in this nation's boat (none if it is empty)."""
        if self._most_in_boat is None:
            self._most_in_boat = _most_in_each_boat(self.standing.in_boat)
        return self._most_in_boat.get(nation, set())

    def _decide(self, card: AchievementCard) -> dict[str, MissionResult]:
        """Do they have the most Islanders as the card asks? A tie is enough, and "the
        most" needs at least one Islander."""
        if len(self.players) < 2:
            return dict.fromkeys(self.players, _outcome(
                card.card_id, 0, False, "needs other players (not in solo)"))
        nation = _card_nation(self.board, card.nation, card.water_tile)
        if nation not in self.boats and card.goal != "most_in_any_boat":
            return dict.fromkeys(self.players, _outcome(
                card.card_id, 0, False, f"no {nation or '?'} boat on the table"))
        if card.goal == "most_in_any_boat":
            winners = set().union(*[self._most_in(b) for b in self.boats])
        elif card.goal == "most_rescued":
            rescued = self.standing.rescued
            winners = _with_most_of(self.players, [
                sum([rescued[p].get((t, nation), 0) for t in TYPES]) for p in self.players])
        else:
            winners = self._most_in(nation)
        done, missed = _outcome(card.card_id, card.rp, True), _outcome(card.card_id, 0, False)
        return {p: done if p in winners else missed for p in self.players}


def _needs(cards: Sequence[RescuedIslanderCard], board: Board) -> tuple[tuple[Need, int], ...]:
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
    return tuple(needs.items())


def _fits(needs: Sequence[tuple[Need, int]], rescued: Mapping[Need, int]) -> bool:
    """Can distinct rescued Islanders (counted by kind and by type) fill every need?"""
    for need, count in needs:  # noqa: SIM110  (a loop: no generator made per call)
        if rescued.get(need, 0) < count:
            return False
    return True


@dataclass(frozen=True)
class _Hand:
    """The mission cards one or more players score: the "Rescued Islander" cards, each
    with what it needs alone, and the "Rescue Achievements" cards."""

    rescued: tuple[RescuedIslanderCard, ...]
    needs: tuple[tuple[tuple[Need, int], ...], ...]
    achievements: tuple[AchievementCard, ...]

    @cached_property
    def none_won(self) -> tuple[MissionResult, ...]:
        """The "Rescued Islander" cards' outcomes when no card fits."""
        return tuple(_outcome(c.card_id, c.rp, False) for c in self.rescued)


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
    alone = [i for i, needs in enumerate(hand.needs) if _fits(needs, rescued)]
    if not alone:
        return list(hand.none_won)
    best: tuple[int, ...] = ()
    best_rp = 0
    for size in range(len(alone), 0, -1):
        for chosen in combinations(alone, size):
            rp = sum(hand.rescued[i].rp for i in chosen)
            if rp > best_rp and (size == 1 or _fits(
                    _needs([hand.rescued[i] for i in chosen], board), rescued)):
                best, best_rp = chosen, rp
    won = {hand.rescued[i].card_id for i in best}    # (a card listed twice wins twice)
    return [_outcome(c.card_id, c.rp, c.card_id in won) for c in hand.rescued]


def missions_by_player(card_ids: Mapping[str, Sequence[str]], cards: CardSet, board: Board,
                       standing: Standing, boats: Sequence[str]) -> dict[str, list[MissionResult]]:
    """Every mission each player scores (their kept cards plus the open ones). Players with
    the same cards (all of them, with open missions) share the work on them, and each
    "Rescue Achievements" card is decided once for everyone."""
    hands: dict[tuple[str, ...], tuple[_Hand, list[dict[str, MissionResult]]]] = {}
    achievements = _Achievements(board, standing, boats)
    results: dict[str, list[MissionResult]] = {}
    for player, ids in card_ids.items():
        key = tuple(ids)
        if key not in hands:
            hand = _hand(ids, cards, board)
            hands[key] = hand, [achievements.of(card) for card in hand.achievements]
        hand, decided = hands[key]
        found = rescued_islanders(hand, board, standing.rescued[player])
        found += [outcomes[player] for outcomes in decided]
        results[player] = found
    return results
