"""Deck selection, seeded shuffling, draws and deals for the Uncertainty decks (A1.7)."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from fogkeeper.rules.fog.board import Board
from fogkeeper.rules.fog.cards import Card, CardSet
from fogkeeper.rules.fog.errors import FogRulesError

MISSIONS_DEALT = 2
MISSIONS_OPEN = 3


@dataclass(frozen=True)
class Deck:
    """A face-down deck: card ids top first and how many were drawn; part of saved state."""

    name: str
    order: tuple[str, ...]
    drawn: int = 0

    @property
    def remaining(self) -> tuple[str, ...]:
        """The card ids still face down, top first."""
        return self.order[self.drawn:]

    @property
    def empty(self) -> bool:
        """True when every card has been drawn."""
        return self.drawn >= len(self.order)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form (the order is saved so a resumed game draws the same cards)."""
        return {"name": self.name, "order": list(self.order), "drawn": self.drawn}

    @staticmethod
    def from_dict(data: Mapping[str, Any]) -> Deck:
        """Inverse of to_dict."""
        return Deck(str(data["name"]), tuple(str(c) for c in data["order"]), int(data["drawn"]))


@dataclass(frozen=True)
class GuardianPick:
    """A player's Guardian card and the side in play."""

    card_id: str
    side: str


def shuffled_deck(name: str, card_ids: Sequence[str], rng: random.Random) -> Deck:
    """A deck of these cards in an order decided only by `rng`."""
    order = list(card_ids)
    rng.shuffle(order)
    return Deck(name, tuple(order))


def draw(deck: Deck) -> tuple[Deck, str | None]:
    """Reveal the top card; an empty deck gives None and is never reshuffled (B-F14)."""
    if deck.empty:
        return deck, None
    return Deck(deck.name, deck.order, deck.drawn + 1), deck.order[deck.drawn]


def fog_deck_ids(cards: CardSet, board: Board, with_c_cards: bool = False) -> tuple[str, ...]:
    """Both B cards plus the board's number of A cards; option C swaps 2 A cards for both C."""
    a_cards = [c.card_id for c in cards.fog if c.letter == "A"][: board.fog_deck_a_cards]
    b_cards = [c.card_id for c in cards.fog if c.letter == "B"]
    if with_c_cards:
        a_cards = a_cards[:-2] + [c.card_id for c in cards.fog if c.letter == "C"]
    return (*a_cards, *b_cards)


def event_deck_ids(cards: CardSet, with_calm: bool = True) -> tuple[str, ...]:
    """All Unforeseen Events; without the B card ("Calm") an event happens every round."""
    return tuple(c.card_id for c in cards.events if with_calm or c.letter != "B")


def mission_deck_ids(
    cards: CardSet, deck: str, board: Board, extra_boat: str | None = None
) -> tuple[str, ...]:
    """The mission cards of one deck whose letter this board uses (S/F A, M A+B/A+C, L all)."""
    letters = board.mission_card_letters(extra_boat)
    source: tuple[Card, ...]
    if deck == "rescued_islanders":
        source = cards.rescued_islanders
    elif deck == "rescue_achievements":
        source = cards.rescue_achievements
    else:
        raise FogRulesError(f"{deck!r} is not a mission deck")
    return tuple(c.card_id for c in source if c.letter in letters)


def deal_missions(
    deck: Deck, players: Sequence[str]
) -> tuple[Deck, dict[str, tuple[str, ...]]]:
    """Deal 2 cards face down to each player from a shuffled deck (keep 1, return 1)."""
    hands: dict[str, tuple[str, ...]] = {}
    for player in players:
        hand: list[str] = []
        for _ in range(MISSIONS_DEALT):
            deck, card = draw(deck)
            if card is None:
                raise FogRulesError(f"the {deck.name} deck has too few cards for every player")
            hand.append(card)
        hands[player] = tuple(hand)
    return deck, hands


def keep_mission(hand: Sequence[str], card_id: str) -> str:
    """The card a player keeps; it must be one of the two dealt to them."""
    if card_id not in hand:
        raise FogRulesError(f"mission {card_id} was not dealt to this player")
    return card_id


def open_missions(deck: Deck) -> tuple[Deck, tuple[str, ...]]:
    """Alternate play: reveal the top 3 cards; every player scores all of them."""
    shown: list[str] = []
    for _ in range(MISSIONS_OPEN):
        deck, card = draw(deck)
        if card is not None:
            shown.append(card)
    return deck, tuple(shown)


def deal_guardians(
    cards: CardSet, players: Sequence[str], rng: random.Random,
    sides: str | Mapping[str, str] = "A",
) -> dict[str, GuardianPick]:
    """One random Guardian per player; one side for all or a side per player."""
    if len(players) > len(cards.guardians):
        raise FogRulesError(f"only {len(cards.guardians)} Guardians for {len(players)} players")
    picks = rng.sample([c.card_id for c in cards.guardians], len(players))
    result: dict[str, GuardianPick] = {}
    for player, card_id in zip(players, picks, strict=True):
        side = sides if isinstance(sides, str) else sides.get(player, "A")
        if side not in ("A", "B"):
            raise FogRulesError(f"Guardian side must be A or B, not {side!r}")
        result[player] = GuardianPick(card_id, side)
    return result


def put_on_top(deck: Deck, card_id: str) -> Deck:
    """The table turned this card over from its physical deck: it becomes the box's next
    draw (the order of a table's deck is learned card by card)."""
    if card_id not in deck.remaining:
        raise FogRulesError(_not_in(deck, card_id))
    rest = [c for c in deck.remaining if c != card_id]
    return Deck(deck.name, (*deck.order[:deck.drawn], card_id, *rest), deck.drawn)


def table_fog_card_on_top(deck: Deck, card_id: str) -> Deck:
    """The FOG card the table turned over from its own deck becomes the box's next draw.

    The table's deck holds any of the alike cards: its 5 (or 7) "A" cards are any of the 7
    printed A07-A13, all "FOG Speed 1", so the box's placeholder order (the first A cards)
    cannot say which. A card of a letter the deck still holds face down takes the place of
    one of those; a card turned over already, or one more of a letter than the deck holds,
    is refused.
    """
    if card_id in deck.remaining or card_id in deck.order:
        return put_on_top(deck, card_id)
    letter = card_id[:1]
    stand_in = next((c for c in reversed(deck.remaining) if c[:1] == letter), None)
    if stand_in is None:
        held = sum(1 for c in deck.order if c[:1] == letter)
        if held == 0:
            raise FogRulesError(_not_in(deck, card_id))
        turned = ", ".join(c for c in deck.order[:deck.drawn] if c[:1] == letter)
        raise FogRulesError(f"this game's FOG Uncertainty deck holds {held} \"{letter}\" "
                            f"card{'s' if held != 1 else ''}, all turned over already "
                            f"({turned})")
    order = tuple(card_id if c == stand_in else c for c in deck.order)
    return put_on_top(Deck(deck.name, order, deck.drawn), card_id)


def redraw_last(deck: Deck, card_id: str) -> Deck:
    """The card the table turned over instead of the one the box drew last."""
    if deck.drawn == 0:
        return draw(put_on_top(deck, card_id))[0]
    last = deck.order[deck.drawn - 1]
    if card_id == last:
        return deck
    if card_id not in deck.remaining:
        raise FogRulesError(_not_in(deck, card_id))
    order = [card_id if c == last else last if c == card_id else c for c in deck.order]
    return Deck(deck.name, tuple(order), deck.drawn)


def _not_in(deck: Deck, card_id: str) -> str:
    if card_id in deck.order:
        return f"{card_id} is already face up: each card of the deck is turned over once"
    return f"{card_id} is not in this game's {DECK_LABELS.get(deck.name, deck.name)} deck"


DECK_LABELS = {"events": "Unforeseen Events", "fog": "FOG Uncertainty",
               "guardians": "Guardians", "rescued_islanders": "\"Rescued Islander\" missions",
               "rescue_achievements": "\"Rescue Achievements\" missions"}
