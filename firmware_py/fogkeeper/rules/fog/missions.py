"""Mission scoring: "Rescued Islander" (37-48) and "Rescue Achievements" (49-60), B-F26."""

from __future__ import annotations

from collections.abc import Mapping, Sequence, Set
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations
from typing import NamedTuple

from fogkeeper.rules.fog.board import Board
from fogkeeper.rules.fog.cards import AchievementCard, CardSet, RescuedIslanderCard
from fogkeeper.rules.fog.model import IslanderType, Kind, Need

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


class Standing(NamedTuple):
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
    enough): one pass over the players' counts, for every boat at once."""
    most: dict[str, int] = {}
    leaders: dict[str, set[str]] = {}
    for player, counts in in_boat.items():
        for nation, count in counts.items():
            top = most.get(nation, 0)
            if count > top:
                most[nation], leaders[nation] = count, {player}
            elif count == top > 0:
                leaders[nation].add(player)
    return leaders


@dataclass(frozen=True)
class _Achievement:
    """A "Rescue Achievements" card as a board reads it: the nation it names, the kinds of
    Islander of that nation, and the outcomes it can have (made once per card set)."""

    card_id: str
    goal: str
    nation: str
    kinds: tuple[Kind, ...]
    done: MissionResult
    missed: MissionResult
    no_boat: MissionResult
    solo: MissionResult


def _achievement(card: AchievementCard, board: Board) -> _Achievement:
    nation = _card_nation(board, card.nation, card.water_tile)
    return _Achievement(
        card.card_id, card.goal, nation, tuple((t, nation) for t in TYPES),
        _outcome(card.card_id, card.rp, True), _outcome(card.card_id, 0, False),
        _outcome(card.card_id, 0, False, f"no {nation or '?'} boat on the table"),
        _outcome(card.card_id, 0, False, "needs other players (not in solo)"))


# A card decided for every player: who wins it, their outcome and everyone else's.
Decision = tuple[Set[str], MissionResult, MissionResult]
NO_ONE: frozenset[str] = frozenset()


class _Achievements:
    """Decides each "Rescue Achievements" card once for every player; who has the most in
    each boat is worked out for every boat at once, when a card first asks."""

    def __init__(self, standing: Standing, boats: Sequence[str]) -> None:
        self.standing, self.boats = standing, boats
        self.players = list(standing.rescued)
        self.decided: dict[str, Decision] = {}
        self._most_in_boat: Mapping[str, Set[str]] | None = None

    def of(self, card: _Achievement) -> Decision:
        """Who wins the card, and the outcomes."""
        found = self.decided.get(card.card_id)
        if found is None:
            found = self.decided[card.card_id] = self._decide(card)
        return found

    @property
    def most_in_boat(self) -> Mapping[str, Set[str]]:
        """Per boat with anyone in it, the players with the most Islanders there (worked
        out when a card first asks)."""
        if self._most_in_boat is None:
            self._most_in_boat = _most_in_each_boat(self.standing.in_boat)
        return self._most_in_boat

    def _decide(self, card: _Achievement) -> Decision:
        """Do they have the most Islanders as the card asks? A tie is enough, and "the
        most" needs at least one Islander."""
        if len(self.players) < 2:
            return NO_ONE, card.solo, card.solo
        if card.goal == "most_in_any_boat":
            leaders = self.most_in_boat
            winners: Set[str] = set().union(*[leaders[b] for b in self.boats if b in leaders])
        elif card.nation not in self.boats:
            return NO_ONE, card.no_boat, card.no_boat
        elif card.goal == "most_rescued":
            winners = _with_most_of(self.players, self._rescued_of(card.kinds))
        else:
            winners = self.most_in_boat.get(card.nation, NO_ONE)
        return winners, card.done, card.missed

    def _rescued_of(self, kinds: Sequence[Kind]) -> list[int]:
        """Each player's rescued Islanders of these kinds."""
        totals = []
        for player in self.players:
            counts, total = self.standing.rescued[player], 0
            for kind in kinds:      # (a plain loop: no list made per player)
                total += counts.get(kind, 0)
            totals.append(total)
        return totals


Needs = tuple[tuple[Need, int], ...]


def _needs(cards: Sequence[RescuedIslanderCard], board: Board) -> Needs:
    """The rescued Islanders these cards need, together: of each kind, the pictured
    Islanders of a named nation; of each type, every pictured Islander of it (a black one,
    any nation, takes any Islander of its type that the named ones leave). A type's count
    is at least the sum of its kinds' counts, so a type is checked only where a black one
    is pictured: otherwise the kinds it is made of are enough. The kinds come first: a
    check stops at the first need short, and a named nation is short more often."""
    kinds: dict[Need, int] = {}
    types: dict[IslanderType, int] = {}
    black: set[IslanderType] = set()
    for card in cards:
        for pictured in card.islanders:
            nation = _card_nation(board, pictured.nation, pictured.water_tile)
            if nation == "any":
                black.add(pictured.type)
            else:
                kind = (pictured.type, nation)
                kinds[kind] = kinds.get(kind, 0) + 1
            types[pictured.type] = types.get(pictured.type, 0) + 1
    return (*kinds.items(), *((t, n) for t, n in types.items() if t in black))


def _fitting(sets: Sequence[tuple[int, Needs]], rescued: Mapping[Need, int]) -> int:
    """Of these sets of cards (bit masks, each with what its cards need together), those
    whose every need distinct rescued Islanders (counted by kind and by type) can fill.
    (One call checks all of a hand's cards alone: a call per card cost more than the
    checks.)"""
    fitting = 0
    for chosen, needs in sets:
        for need, count in needs:
            if rescued.get(need, 0) < count:
                break
        else:
            fitting |= chosen
    return fitting


def _fits(needs: Needs, rescued: Mapping[Need, int]) -> bool:
    """Can distinct rescued Islanders (counted by kind and by type) fill every need?"""
    return _fitting(((1, needs),), rescued) == 1


class _Hand:
    """The mission cards one or more players score, as a board reads them, worked out once
    per card set: the "Rescued Islander" cards, each with what it needs alone, and the
    "Rescue Achievements" cards. A set of "Rescued Islander" cards is a bit mask over
    their places in the hand; what a set needs, which sets to try for the cards that fit
    alone, and the outcomes when a set wins are each made once, when first asked."""

    def __init__(self, card_ids: Sequence[str], cards: CardSet, board: Board) -> None:
        picked = [cards.by_id(c) for c in card_ids]
        self.board = board
        self.rescued = tuple(c for c in picked if isinstance(c, RescuedIslanderCard))
        self.alone = tuple((1 << i, _needs((c,), board)) for i, c in enumerate(self.rescued))
        self.achievements = tuple(_achievement(c, board) for c in picked
                                  if isinstance(c, AchievementCard))
        self.none_won = tuple(_outcome(c.card_id, c.rp, False) for c in self.rescued)
        self.singles = frozenset(card for card, _ in self.alone)
        self._needs: dict[int, Needs] = dict(self.alone)
        self._tries: dict[int, tuple[tuple[int, tuple[MissionResult, ...]], ...]] = {}
        self._won: dict[int, tuple[MissionResult, ...]] = {}

    def cards_in(self, chosen: int) -> list[RescuedIslanderCard]:
        """The cards of a set."""
        return [c for i, c in enumerate(self.rescued) if chosen >> i & 1]

    def needs(self, chosen: int) -> Needs:
        """What the cards of a set need together."""
        found = self._needs.get(chosen)
        if found is None:
            found = self._needs[chosen] = _needs(self.cards_in(chosen), self.board)
        return found

    def tries(self, alone: int) -> tuple[tuple[int, tuple[MissionResult, ...]], ...]:
        """The sets of these cards (those that fit alone) worth any RP, each with every
        card's outcome when it wins, in the order the best is chosen: the most RP first; of
        equal RP, largest sets first, then in the order itertools.combinations makes them."""
        found = self._tries.get(alone)
        if found is None:
            places = [i for i in range(len(self.rescued)) if alone >> i & 1]
            sets = [sum([1 << i for i in chosen]) for size in range(len(places), 0, -1)
                    for chosen in combinations(places, size)]
            rp = {s: sum([c.rp for c in self.cards_in(s)]) for s in sets}
            ranked = sorted([s for s in sets if rp[s] > 0], key=lambda s: -rp[s])  # (stable)
            found = self._tries[alone] = tuple((s, self.won(s)) for s in ranked)
        return found

    def won(self, chosen: int) -> tuple[MissionResult, ...]:
        """Every card's outcome when this set wins (a card listed twice wins twice)."""
        found = self._won.get(chosen)
        if found is None:
            won = {c.card_id for c in self.cards_in(chosen)}
            found = self._won[chosen] = tuple(
                _outcome(c.card_id, c.rp, c.card_id in won) for c in self.rescued)
        return found


HANDS_KEPT = 256    # hands remembered per card set (lenient scoring may list any cards)


def _hand(card_ids: Sequence[str], cards: CardSet, board: Board) -> _Hand:
    """The hand of these cards on this board, from the card set's tables (made once)."""
    memo = cards.scoring_tables
    key = ("mission hand", board.tiles_read, tuple(card_ids))
    hand = memo.get(key)
    if not isinstance(hand, _Hand):
        hand = _Hand(card_ids, cards, board)
        if len(memo) >= HANDS_KEPT:
            del memo[next(iter(memo))]      # (the oldest goes)
        memo[key] = hand
    return hand


def rescued_islanders(hand: _Hand, rescued: Mapping[Need, int]) -> tuple[MissionResult, ...]:
    """Score the hand's "Rescued Islander" cards together; each Islander counts for one
    card only, and the player gets the best set of cards: the most RP, the first of equal
    RP in the order largest sets first. A set fits only if each of its cards fits alone,
    so only those cards are combined."""
    alone = _fitting(hand.alone, rescued)
    for chosen, won in hand.tries(alone):    # (a set of one card fits: it fitted alone)
        if chosen in hand.singles or _fits(hand.needs(chosen), rescued):
            return won
    return hand.none_won


def missions_by_player(card_ids: Mapping[str, Sequence[str]], cards: CardSet, board: Board,
                       standing: Standing, boats: Sequence[str]) -> dict[str, list[MissionResult]]:
    """Every mission each player scores (their kept cards plus the open ones). Players with
    the same cards (all of them, with open missions) share the work on them, and each
    "Rescue Achievements" card is decided once for everyone."""
    hands: dict[tuple[str, ...], tuple[_Hand, list[Decision]]] = {}
    achievements = _Achievements(standing, boats)
    results: dict[str, list[MissionResult]] = {}
    for player, ids in card_ids.items():
        key = tuple(ids)
        shared = hands.get(key)
        if shared is None:
            hand = _hand(key, cards, board)
            shared = hands[key] = hand, [achievements.of(card) for card in hand.achievements]
        hand, decided = shared
        found = [*rescued_islanders(hand, standing.rescued[player])]
        for winners, done, missed in decided:
            found.append(done if player in winners else missed)
        results[player] = found
    return results
