"""The Uncertainty expansion's 60 cards as typed values, built from parsed deck data."""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from dataclasses import dataclass, replace
from functools import cached_property
from typing import Any

from fogkeeper.rules.fog import _data as d
from fogkeeper.rules.fog.errors import BoardDataError
from fogkeeper.rules.fog.model import IslanderType, Move

E = BoardDataError
EVENT_EFFECTS = (
    "type_delta", "boat_entry_delta", "mp_budget", "characteristic_delta", "move_delta",
    "forbid", "none",
)
ACHIEVEMENT_GOALS = ("most_in_any_boat", "most_in_boat", "most_rescued")


@dataclass(frozen=True)
class Card:
    """What every card shows: letter lower-left, number lower-right, a name."""

    number: int
    letter: str
    name: str
    text: str = ""      # the printed effect, as the rulebook words it

    @cached_property
    def card_id(self) -> str:
        """The id the box shows and records, e.g. 'A07', 'B36' (made once: scoring reads it
        in every loop)."""
        return f"{self.letter}{self.number:02d}"


@dataclass(frozen=True)
class GuardianCard(Card):
    """Guardian 01-06: side A's alternative price, side B's free run (if any)."""

    a_move: Move = Move.RUN
    a_mp: int = 0
    a_swap_numbers: tuple[int, ...] = ()
    b_free_run: str = ""


@dataclass(frozen=True)
class FogCard(Card):
    """FOG Uncertainty 07-17: steps the FOG marker advances."""

    steps: int = 1

    @property
    def printed_steps(self) -> tuple[int, ...]:
        """The step counts the rulebook prints for this card: "FOG Speed 1" prints 1,
        "FOG Speed 0/2" only the two a card may show (which one is not printed)."""
        words = self.name.removeprefix("FOG Speed ").split("/")
        return tuple(int(w) for w in words if w.strip().isdigit()) or (self.steps,)

    @property
    def steps_assumed(self) -> bool:
        """The box's ``steps`` is its guess, not the rulebook's: the table enters the step
        count its card shows (RULINGS B-F13)."""
        return self.printed_steps != (self.steps,)


@dataclass(frozen=True)
class EventCard(Card):
    """Unforeseen Event 18-36 with the effect parameters the cost model reads."""

    effect: str = "none"
    types: tuple[IslanderType, ...] = ()
    moves: tuple[Move, ...] = ()
    delta_mp: int = 0
    mp: int = 0
    with_characteristic: bool = False


@dataclass(frozen=True)
class IslanderNeed:
    """One pictured Islander on a "Rescued Islander" mission: a type, a nation or any."""

    type: IslanderType
    nation: str = "any"
    water_tile: str = ""


@dataclass(frozen=True)
class RescuedIslanderCard(Card):
    """"Rescued Islander" mission 37-48; the rulebook does not print them, so a card is
    known only once its owner or the table has said what it pictures."""

    rp: int = 0
    islanders: tuple[IslanderNeed, ...] = ()

    @property
    def known(self) -> bool:
        """The card's pictured Islanders and RP have been given (never made up)."""
        return bool(self.islanders)


@dataclass(frozen=True)
class AchievementCard(Card):
    """"Rescue Achievements" mission 49-60."""

    rp: int = 0
    goal: str = "most_in_any_boat"
    nation: str = ""
    water_tile: str = ""


@dataclass(frozen=True)
class CardSet:
    """All five decks, each as a tuple of cards in number order."""

    guardians: tuple[GuardianCard, ...]
    fog: tuple[FogCard, ...]
    events: tuple[EventCard, ...]
    rescued_islanders: tuple[RescuedIslanderCard, ...]
    rescue_achievements: tuple[AchievementCard, ...]

    @cached_property
    def _index(self) -> dict[str, Card]:
        decks: tuple[tuple[Card, ...], ...] = (
            self.guardians, self.fog, self.events, self.rescued_islanders,
            self.rescue_achievements)
        return {card.card_id: card for deck in decks for card in deck}

    @cached_property
    def mission_ids(self) -> frozenset[str]:
        """Ids of every mission card (37-60)."""
        return frozenset(c.card_id for c in (*self.rescued_islanders, *self.rescue_achievements))

    @cached_property
    def mission_decks(self) -> Mapping[str, str]:
        """Mission card id -> its deck, "rescued_islanders" (37-48) or "rescue_achievements"
        (49-60)."""
        decks = {c.card_id: "rescue_achievements" for c in self.rescue_achievements}
        decks.update((c.card_id, "rescued_islanders") for c in self.rescued_islanders)
        return decks

    @cached_property
    def mission_deck_ids(self) -> Mapping[str, frozenset[str]]:
        """Each mission deck's card ids, by deck: "rescued_islanders" (37-48) and
        "rescue_achievements" (49-60)."""
        return {"rescued_islanders": frozenset(c.card_id for c in self.rescued_islanders),
                "rescue_achievements": frozenset(c.card_id for c in self.rescue_achievements)}

    def missions_lettered(self, letters: tuple[str, ...]) -> frozenset[str]:
        """Ids of the mission cards with one of these letters (the ones a board uses),
        worked out once per card set and letters: every check of a record asks."""
        found = self._missions_by_letters.get(letters)
        if found is None:
            found = self._missions_by_letters[letters] = frozenset(
                card_id for card_id in self.mission_ids if card_id[0] in letters)
        return found

    @cached_property
    def _missions_by_letters(self) -> dict[tuple[str, ...], frozenset[str]]:
        return {}

    @cached_property
    def unprinted(self) -> frozenset[str]:
        """Ids of the "Rescued Islander" cards not yet known: the rulebook does not print
        them, and neither the owner nor the table has said what they picture."""
        return frozenset(card_id for card_id, card in self._index.items()
                         if isinstance(card, RescuedIslanderCard) and not card.known)

    @cached_property
    def scoring_tables(self) -> dict[Hashable, object]:
        """What scoring works out from these cards (on a board) and nothing else, kept with
        them: the missions keep each hand's needs here, a bounded number of hands. Made once
        per card set and gone with it; a record's own pictured cards make a new card set."""
        return {}

    def by_id(self, card_id: str) -> Card:
        """Any card by its id ('A07'); an unknown id raises BoardDataError."""
        card = self._index.get(card_id)
        if card is None:
            raise E(f"no Uncertainty card {card_id!r}")
        return card


def _common(raw: Mapping[str, Any], path: str) -> dict[str, Any]:
    return {
        "number": d.integer(d.need(raw, "number", path, E), f"{path}.number", E),
        "letter": d.choice(d.need(raw, "letter", path, E), ("A", "B", "C"), f"{path}.letter", E),
        "name": d.text(d.need(raw, "name", path, E), f"{path}.name", E),
        "text": str(raw.get("text", "")),
    }


def _moves(value: object, path: str) -> tuple[Move, ...]:
    names = d.str_list(value, path, E)
    return tuple(Move(d.choice(n, tuple(m.value for m in Move), path, E)) for n in names)


def _types(value: object, path: str) -> tuple[IslanderType, ...]:
    names = d.str_list(value, path, E)
    kinds = tuple(t.value for t in IslanderType)
    return tuple(IslanderType(d.choice(n, kinds, path, E)) for n in names)


def _guardian(raw: Mapping[str, Any], p: str) -> GuardianCard:
    return GuardianCard(
        **_common(raw, p),
        a_move=_moves([d.need(raw, "a_move", p, E)], f"{p}.a_move")[0],
        a_mp=d.integer(d.need(raw, "a_mp", p, E), f"{p}.a_mp", E),
        a_swap_numbers=d.int_list(raw.get("a_swap_numbers", []), f"{p}.a_swap_numbers", E),
        b_free_run=str(raw.get("b_free_run", "")),
    )


def _fog(raw: Mapping[str, Any], p: str) -> FogCard:
    return FogCard(**_common(raw, p), steps=d.integer(d.need(raw, "steps", p, E), f"{p}.steps", E))


def _event(raw: Mapping[str, Any], p: str) -> EventCard:
    return EventCard(
        **_common(raw, p),
        effect=d.choice(d.need(raw, "effect", p, E), EVENT_EFFECTS, f"{p}.effect", E),
        types=_types(raw.get("types", []), f"{p}.types"),
        moves=_moves(raw.get("moves", []), f"{p}.moves"),
        delta_mp=d.integer(raw.get("delta_mp", 0), f"{p}.delta_mp", E),
        mp=d.integer(raw.get("mp", 0), f"{p}.mp", E),
        with_characteristic=d.flag(
            raw.get("with_characteristic", False), f"{p}.with_characteristic", E),
    )


def _need(raw: object, p: str) -> IslanderNeed:
    t = d.table(raw, p, E)
    return IslanderNeed(
        type=_types([d.need(t, "type", p, E)], f"{p}.type")[0],
        nation=str(t.get("nation", "any")),
        water_tile=str(t.get("water_tile", "")),
    )


def _rescued(raw: Mapping[str, Any], p: str) -> RescuedIslanderCard:
    needs = d.items(raw.get("islanders", []), f"{p}.islanders", E)
    return RescuedIslanderCard(
        **_common(raw, p),
        rp=d.integer(raw.get("rp", 0), f"{p}.rp", E),
        islanders=tuple(_need(n, f"{p}.islanders[{i}]") for i, n in enumerate(needs)),
    )


def pictured(card: RescuedIslanderCard, data: Mapping[str, Any],
             path: str = "card") -> RescuedIslanderCard:
    """The card with what it pictures and its RP, as its owner or the table gave them."""
    needs = d.items(d.need(data, "islanders", path, E), f"{path}.islanders", E)
    if not needs:
        raise E(f"{path}.islanders: a \"Rescued Islander\" card pictures at least one")
    return RescuedIslanderCard(
        card.number, card.letter, card.name, card.text,
        rp=d.integer(d.need(data, "rp", path, E), f"{path}.rp", E),
        islanders=tuple(_need(n, f"{path}.islanders[{i}]") for i, n in enumerate(needs)))


def with_pictured(cards: CardSet, given: Mapping[str, Mapping[str, Any]]) -> CardSet:
    """The decks with these "Rescued Islander" cards as given ({card id: {rp, islanders}})."""
    if not given:
        return cards
    by_id = {c.card_id: c for c in cards.rescued_islanders}
    for card_id in given:
        if card_id not in by_id:
            raise E(f"missions.cards.{card_id}: not a \"Rescued Islander\" card (37-48)")
    return replace(cards, rescued_islanders=tuple(
        pictured(c, given[c.card_id], f"missions.cards.{c.card_id}") if c.card_id in given
        else c for c in cards.rescued_islanders))


def _achievement(raw: Mapping[str, Any], p: str) -> AchievementCard:
    return AchievementCard(
        **_common(raw, p),
        rp=d.integer(d.need(raw, "rp", p, E), f"{p}.rp", E),
        goal=d.choice(d.need(raw, "goal", p, E), ACHIEVEMENT_GOALS, f"{p}.goal", E),
        nation=str(raw.get("nation", "")),
        water_tile=str(raw.get("water_tile", "")),
    )


def card_text(card: Card) -> str:
    """What the card says, in full: its printed text, else what its data means."""
    if card.text:
        return f"{card.card_id} {card.name}: {card.text}"
    if isinstance(card, FogCard) and card.steps_assumed:
        shown = "/".join(str(n) for n in card.printed_steps)
        return (f"{card.card_id} {card.name}: the FOG Marker advances the {shown} steps the "
                f"card shows; {card.steps} assumed (enter what your card shows)")
    if isinstance(card, FogCard):
        return (f"{card.card_id} FOG Speed {card.steps}: the FOG Marker advances "
                f"{card.steps} step{'s' if card.steps != 1 else ''}")
    if isinstance(card, RescuedIslanderCard) and not card.known:
        return (f"{card.card_id} Rescued Islander: the rulebook does not print this card; "
                "the box knows it once you enter what it pictures and its RP")
    if isinstance(card, RescuedIslanderCard):
        wants = ", ".join(f"a {n.type.value} of " + (
            "any colour" if n.nation == "any" else n.nation or f"the {n.water_tile} boat")
            for n in card.islanders)
        return f"{card.card_id} Rescued Islander, {card.rp} RP: rescue {wants}"
    if isinstance(card, AchievementCard):
        colour = card.nation or f"the boat on {card.water_tile}"
        goal = {"most_in_any_boat": "the most Islanders in any one boat",
                "most_in_boat": f"the most Islanders in the {colour} boat",
                "most_rescued": f"the most rescued {colour} Islanders"}[card.goal]
        return (f"{card.card_id} Rescue Achievements, {card.rp} RP: {goal} (a tie is "
                "enough; rescued = in a boat or on the pier)")
    return f"{card.card_id} {card.name}"


def _deck(data: Mapping[str, Any], name: str, read: Any) -> tuple[Any, ...]:
    deck = d.table(d.need(data, name, "decks", E), f"decks.{name}", E)
    raw_cards = d.items(d.need(deck, "card", f"decks.{name}", E), f"decks.{name}.card", E)
    cards = [read(d.table(c, f"{name}.card[{i}]", E), f"{name}.card[{i}]")
             for i, c in enumerate(raw_cards)]
    return tuple(sorted(cards, key=lambda c: c.number))


_READERS: dict[str, Any] = {
    "guardians": _guardian, "fog": _fog, "events": _event, "rescued_islanders": _rescued,
    "rescue_achievements": _achievement,
}


def check_deck(name: str, deck: Mapping[str, Any]) -> None:
    """One deck's parsed TOML read as ``cards_from_dict`` reads it; its errors name the key."""
    _deck({name: deck}, name, _READERS[name])


def cards_from_dict(data: Mapping[str, Any]) -> CardSet:
    """Build the five decks from {deck name: parsed TOML}; errors name the deck and key."""
    return CardSet(**{name: _deck(data, name, read) for name, read in _READERS.items()})
