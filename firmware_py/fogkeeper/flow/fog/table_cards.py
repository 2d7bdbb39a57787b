"""Cards the table turns over from its own decks: what the box asks for, the entry checked
against the deck's make-up for this board, and every card's full text.

With ``draws = "table"`` the box never shuffles for the table: each Unforeseen Event, FOG
card, Guardian and open or kept mission is entered by its letter and number when the table
turns it over. With ``draws = "box"`` the box shuffles and draws as before; either way the
card's full effect is shown at round start and on demand.
"""

from __future__ import annotations

import textwrap

from fogkeeper.errors import FogkeeperError
from fogkeeper.flow.fog.session import CardAsk, FogFlowError, Session
from fogkeeper.rules.fog import (
    GuardianPick,
    card_text,
    event_deck_ids,
    fog_track,
    mission_deck_ids,
    next_fog_card,
    reveal_event,
)
from fogkeeper.rules.fog.cards import Card, FogCard
from fogkeeper.rules.fog.decks import DECK_LABELS

TEXT_WIDTH = 21           # characters a 128-pixel line holds
LETTERS = ("A", "B", "C")
MISSION_DECKS = ("rescued_islanders", "rescue_achievements")


def table_draws(s: Session) -> bool:
    """The table turns the cards over itself; the box is told which."""
    return s.setup.get("draws") == "table"


def deck_cards(s: Session, deck: str) -> tuple[Card, ...]:
    cards = s.rules.cards
    decks: dict[str, tuple[Card, ...]] = {
        "guardians": cards.guardians, "fog": cards.fog, "events": cards.events,
        "rescued_islanders": cards.rescued_islanders,
        "rescue_achievements": cards.rescue_achievements}
    return decks[deck]


def numbers(s: Session, deck: str) -> tuple[int, ...]:
    """The card numbers the deck's cards carry (01-06, 07-17, 18-36, 37-48, 49-60)."""
    return tuple(c.number for c in deck_cards(s, deck))


def ask(s: Session, deck: str, then: str, player: str = "") -> None:
    s.card_queue.append(CardAsk(deck, then, player))
    if len(s.card_queue) == 1:
        s.card_letter, s.card_number = LETTERS[0], numbers(s, deck)[0]


def current(s: Session) -> CardAsk:
    if not s.card_queue:
        raise FogFlowError("no card to enter")
    return s.card_queue[0]


def question(s: Session) -> str:
    """What the entry screen asks, in the table's words."""
    entry = current(s)
    label = DECK_LABELS[entry.deck]
    if entry.deck == "guardians":
        return f"{entry.player}'s Guardian"
    if entry.deck == "events":
        return f"Round {s.state.round_no} event"
    if entry.deck == "fog":
        return "FOG card"
    if entry.player:
        return f"{entry.player}'s mission"
    return f"Open {label.split()[-1]} card"


def card_id(s: Session) -> str:
    return f"{s.card_letter}{s.card_number:02d}"


def _checked(s: Session, deck: str, wanted: str) -> str:
    """The card id, if this deck has a card of that letter and number; else why not."""
    found = {c.number: c for c in deck_cards(s, deck)}
    number = int(wanted[1:])
    label = DECK_LABELS[deck]
    if number not in found:
        low, high = min(found), max(found)
        raise FogFlowError(f"{number:02d} is not one of the {label} cards ({low:02d}-{high:02d})")
    card = found[number]
    if card.card_id != wanted:
        raise FogFlowError(f"card {number:02d} carries the letter {card.letter} ({card.card_id})")
    return wanted


def _mission_in_play(s: Session, deck: str, wanted: str) -> None:
    extra = s.state.setup.options.extra_boat_tile
    if wanted not in mission_deck_ids(s.rules.cards, deck, s.rules.board, extra):
        letters = ", ".join(s.rules.board.mission_card_letters(extra))
        raise FogFlowError(f"{wanted} is not used on board {s.rules.board.name} (it uses "
                           f"mission cards {letters})")
    taken = [*s.open_missions, *(c for cs in s.kept.values() for c in cs)]
    if wanted in taken:
        raise FogFlowError(f"{wanted} is entered already: each card is dealt once")


def steps_card(s: Session, wanted: str | None = None) -> FogCard | None:
    """The FOG card being entered when the rulebook does not print its step count (a
    "FOG Speed 0/2"): the table says what its card shows."""
    if not s.card_queue or current(s).deck != "fog":
        return None
    try:
        card = s.rules.cards.by_id(wanted or card_id(s))
    except FogkeeperError:
        return None
    return card if isinstance(card, FogCard) and card.steps_assumed else None


def step_choices(s: Session) -> tuple[int | None, ...]:
    """The steps row's choices: the box's assumed value (None), or a count the card shows."""
    card = steps_card(s)
    return (None, *card.printed_steps) if card is not None else (None,)


def steps_shown(s: Session) -> str:
    card = steps_card(s)
    if card is None:
        return ""
    return f"assumed {card.steps}" if s.card_steps is None else str(s.card_steps)


def step_steps(s: Session, direction: int) -> None:
    choices = step_choices(s)
    here = choices.index(s.card_steps) if s.card_steps in choices else 0
    s.card_steps = choices[(here + direction) % len(choices)]


def enter(s: Session, wanted: str | None = None, steps: int | None = None) -> CardAsk:
    """The card now asked for is ``wanted`` (or the entry form's); checked, then applied.
    ``steps``: the step count a FOG card shows (else the form's, else the box's value)."""
    entry = current(s)
    if steps is None and wanted is None:
        steps = s.card_steps if steps_card(s) is not None else None
    wanted = _checked(s, entry.deck, wanted or card_id(s))
    if steps is not None and entry.deck != "fog":
        raise FogFlowError("only a FOG card moves the FOG a number of steps")
    state = s.state
    if entry.deck == "events":
        options = state.setup.options
        if wanted not in event_deck_ids(s.rules.cards, options.events == "with_calm"):
            raise FogFlowError(f"{wanted} is not in this game's Unforeseen Events deck "
                               "(Calm, B36, was taken out)")
        s.game = reveal_event(state, s.rules, wanted)
    elif entry.deck == "fog":
        s.game = next_fog_card(state, wanted, s.rules, steps)
    elif entry.deck == "guardians":
        others = {p: g.card_id for p, g in s.guardians.items() if p != entry.player}
        if wanted in others.values():
            raise FogFlowError(f"{wanted} is another player's Guardian already")
        side = state.setup.options.guardians
        if side == "per_player":
            seats = [p.name for p in s.players]
            side = str(s.setup["guardian_sides"][seats.index(entry.player)])
        s.guardians[entry.player] = GuardianPick(wanted, side if side in ("A", "B") else "A")
    else:
        _mission_in_play(s, entry.deck, wanted)
        if entry.player:
            s.kept.setdefault(entry.player, []).append(wanted)
        else:
            s.open_missions.append(wanted)
    s.card_queue.pop(0)
    s.card_steps = None
    if s.card_queue:
        s.card_letter, s.card_number = LETTERS[0], numbers(s, s.card_queue[0].deck)[0]
    return entry


def step_letter(s: Session, direction: int) -> None:
    s.card_letter = LETTERS[(LETTERS.index(s.card_letter) + direction) % len(LETTERS)]


def step_number(s: Session, direction: int) -> None:
    found = numbers(s, current(s).deck)
    here = found.index(s.card_number) if s.card_number in found else 0
    s.card_number = found[(here + direction) % len(found)]


def fog_card_due(s: Session) -> bool:
    """Ending this round draws a FOG card the table must turn over first."""
    deck = s.state.fog_deck
    return (table_draws(s) and deck is not None and not deck.empty
            and fog_track.cards_drive_fog(s.rules.board, s.state.fog_position))


def event_due(s: Session) -> bool:
    """The round opened with an event the table has not entered yet."""
    return (table_draws(s) and s.state.event_deck is not None
            and s.entered_round != s.state.round_no)


def setup_asks(s: Session) -> None:
    """After the setup: every Guardian and open mission card the table turned over (the
    box deals nothing; the kept missions are entered at the score)."""
    s.guardians = {}
    s.mission_deals = []
    s.open_missions = []
    options = s.state.setup.options
    if options.guardians:
        for seat in s.players:
            ask(s, "guardians", "setup", seat.name)
    for deck in MISSION_DECKS:
        if getattr(options, deck) == "open":
            for _ in range(3):
                ask(s, deck, "setup")


def kept_at_review(s: Session) -> bool:
    """The table drew a secret mission deck: each player's kept card is entered at the
    review (its "Kept missions" row, or ``fog.score.missions``)."""
    return table_draws(s) and any(
        getattr(s.state.setup.options, d) == "secret" for d in MISSION_DECKS)


def mission_asks(s: Session) -> None:
    """At the score: each player's kept mission of every dealt deck, from the real card."""
    s.held.open().clear()
    options = s.state.setup.options
    for deck in MISSION_DECKS:
        if getattr(options, deck) == "secret":
            for seat in s.players:
                ask(s, deck, "review", seat.name)


def text_lines(s: Session, card: str, width: int = TEXT_WIDTH) -> list[str]:
    """A card's full text, wrapped to the screen's width (read by scrolling, never cut)."""
    return textwrap.wrap(card_text(s.rules.cards.by_id(card)), width)
