"""Turn Board flow: snake order with the double turn, MP per turn, FOG steps, game end."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace

from fogkeeper.rules.fog import fog_track
from fogkeeper.rules.fog.cards import EventCard, FogCard
from fogkeeper.rules.fog.decks import (
    draw,
    event_deck_ids,
    fog_deck_ids,
    redraw_last,
    shuffled_deck,
    table_fog_card_on_top,
)
from fogkeeper.rules.fog.errors import TurnError
from fogkeeper.rules.fog.fog_track import FogStep
from fogkeeper.rules.fog.game import (
    PHASE_FOG_DUE,
    PHASE_OVER,
    PHASE_TURN,
    FogRules,
    GameSetup,
    GameState,
    Loss,
)
from fogkeeper.rules.fog.movement import mp_budget

END_SHORE = "the FOG reached the shore"
END_LAST_CARD = "the last FOG card was drawn"
END_NOBODY = "no Islander is left to move"


@dataclass(frozen=True)
class Turn:
    """Whose turn it is and with how many MP."""

    entry: str
    round_no: int
    turn_no: int
    mp_budget: int
    mp_left: int
    event: str | None
    double_turn: bool


def round_order(entries: Sequence[str], round_no: int) -> tuple[str, ...]:
    """Odd rounds run top to bottom, even rounds bottom to top (B-F05)."""
    return tuple(entries) if round_no % 2 == 1 else tuple(reversed(entries))


def new_game(setup: GameSetup, rules: FogRules, rng: random.Random) -> GameState:
    """Shuffle the decks in play and open round 1 (its event is revealed too, B-F14)."""
    if not setup.entries:
        raise TurnError("the Turn Board has no entries")
    options = setup.options
    fog_deck = event_deck = None
    if options.fog_cards:
        ids = fog_deck_ids(rules.cards, rules.board, options.fog_cards == "with_c")
        fog_deck = shuffled_deck("fog", ids, rng)
    if options.events:
        ids = event_deck_ids(rules.cards, options.events == "with_calm")
        event_deck = shuffled_deck("events", ids, rng)
    state = GameState(setup=setup, fog_position=setup.fog_start, fog_deck=fog_deck,
                      event_deck=event_deck, round_no=0)
    return _start_round(state, rules, 1)


def _start_round(state: GameState, rules: FogRules, round_no: int) -> GameState:
    event = None
    event_deck = state.event_deck
    if event_deck is not None:
        event_deck, event = draw(event_deck)
    state = replace(state, round_no=round_no, turn_in_round=0, event=event,
                    event_deck=event_deck, phase=PHASE_TURN)
    return _start_turn(state, rules)


def _start_turn(state: GameState, rules: FogRules) -> GameState:
    entry = round_order(state.setup.entries, state.round_no)[state.turn_in_round]
    card = None if state.event is None else rules.cards.by_id(state.event)
    event = card if isinstance(card, EventCard) else None
    nation_mp = state.setup.nation_mp.get(entry) if state.setup.solo else None
    budget = mp_budget(event, nation_mp, rules.board.solo_mp_track_max)
    return replace(state, mp_budget=budget, mp_left=budget)


def current_turn(state: GameState) -> Turn:
    """The active colour (or nation, in solo) and its MP; refused once the game is over."""
    if state.phase != PHASE_TURN:
        raise TurnError("no turn is open: " + ("the game is over" if state.phase == PHASE_OVER
                                               else "the FOG must advance first"))
    order = round_order(state.setup.entries, state.round_no)
    return Turn(order[state.turn_in_round], state.round_no, state.turns_taken + 1,
                state.mp_budget, state.mp_left, state.event,
                double_turn=state.round_no > 1 and state.turn_in_round == 0)


def spend_mp(state: GameState, mp: int) -> GameState:
    """Pay a movement's price from the active turn's MP."""
    turn = current_turn(state)
    if mp < 0 or mp > turn.mp_left:
        raise TurnError(f"{turn.entry} has {turn.mp_left} MP left, cannot pay {mp}")
    return replace(state, mp_left=state.mp_left - mp)


def end_turn(state: GameState, rules: FogRules) -> GameState:
    """Close the active turn; after the round's last turn the FOG is due (Horizontal move)."""
    current_turn(state)
    state = replace(state, turns_taken=state.turns_taken + 1, mp_left=0)
    if state.turn_in_round + 1 >= len(state.setup.entries):
        return replace(state, phase=PHASE_FOG_DUE)
    return _start_turn(replace(state, turn_in_round=state.turn_in_round + 1), rules)


def advance_fog(state: GameState, rules: FogRules) -> tuple[GameState, FogStep]:
    """Advance the FOG by 1, or by a FOG card from the corner on; end the game or open the
    next round, whose first turn is the previous round's last colour again (double turn)."""
    if state.phase != PHASE_FOG_DUE:
        raise TurnError("the FOG advances only after the round's last turn")
    steps, card_id, fog_deck, shown = 1, None, state.fog_deck, False
    if fog_deck is not None and fog_track.cards_drive_fog(rules.board, state.fog_position):
        fog_deck, card_id = draw(fog_deck)
        if card_id is not None:
            card = rules.cards.by_id(card_id)
            steps = card.steps if isinstance(card, FogCard) else 1
            if state.next_fog_steps is not None:    # what the table's card shows
                steps, shown = state.next_fog_steps, True
    step = fog_track.advance(rules.board, state.fog_position, steps, card_id, shown)
    state = replace(state, fog_position=step.to_position, fog_deck=fog_deck,
                    fog_steps=(*state.fog_steps, step), next_fog_steps=None)
    reason = _end_reason(state)
    if reason:
        return replace(state, phase=PHASE_OVER, end_reason=reason), step
    return _start_round(state, rules, state.round_no + 1), step


def _end_reason(state: GameState) -> str:
    deck = state.fog_deck
    at_shore = state.fog_position == fog_track.SHORE
    if deck is None:
        return END_SHORE if at_shore else ""
    if deck.empty:
        return END_LAST_CARD
    if at_shore and state.setup.options.fog_cards_end == "last_card_or_shore":
        return END_SHORE
    return ""


def declare_nobody_left(state: GameState) -> GameState:
    """End the game: every Islander is in a boat or lost (B-F12)."""
    if state.phase == PHASE_OVER:
        raise TurnError("the game is already over")
    return replace(state, phase=PHASE_OVER, end_reason=END_NOBODY)


def swallowed_so_far(state: GameState, rules: FogRules) -> tuple[str, ...]:
    """Every beach row the FOG has taken in this game; no movement may enter them."""
    return fog_track.swallowed_rows(rules.board, state.setup.fog_start, state.fog_position)


def record_losses(state: GameState, rules: FogRules, losses: Sequence[Loss]) -> GameState:
    """Note Islanders the FOG took; each must stand in a row the FOG has reached."""
    reached = swallowed_so_far(state, rules)
    for loss in losses:
        if loss.row not in reached:
            raise TurnError(f"row {loss.row} has not been swallowed by the FOG "
                            f"(taken so far: {', '.join(reached) or 'none'})")
    return replace(state, losses=(*state.losses, *losses))


def set_losses(state: GameState, rules: FogRules, losses: Sequence[Loss]) -> GameState:
    """The whole list of Islanders the FOG took so far, as the table corrects it (a loss may
    be added, changed or removed at any later point, up to the score)."""
    return record_losses(replace(state, losses=()), rules, losses)


def reveal_event(state: GameState, rules: FogRules, card_id: str) -> GameState:
    """The round's Unforeseen Event is the card the table turned over (not the box's draw);
    an untouched first turn gets the MP that card gives."""
    if state.event_deck is None:
        raise TurnError("the Unforeseen Events deck is not in play")
    deck = redraw_last(state.event_deck, card_id)
    state = replace(state, event=card_id, event_deck=deck)
    if state.phase == PHASE_TURN and state.turn_in_round == 0 and state.mp_left == state.mp_budget:
        state = _start_turn(state, rules)
    return state


def next_fog_card(state: GameState, card_id: str, rules: FogRules | None = None,
                  steps: int | None = None) -> GameState:
    """The FOG card the table turned over is the one the coming FOG step draws (any of the
    alike "A" cards the table's deck may hold, see ``table_fog_card_on_top``). ``steps``:
    the step count the card shows, one the rulebook prints for it ("FOG Speed 0/2": 0 or
    2); None takes the box's value (assumed for a 0/2 card)."""
    if state.fog_deck is None:
        raise TurnError("the FOG Uncertainty deck is not in play")
    if steps is not None:
        card = None if rules is None else rules.cards.by_id(card_id)
        if not isinstance(card, FogCard):
            raise TurnError(f"{card_id} is not a FOG Uncertainty card")
        if steps not in card.printed_steps:
            printed = " or ".join(str(n) for n in card.printed_steps)
            raise TurnError(f"{card_id} ({card.name}) shows {printed} "
                            f"step{'s' if printed != '1' else ''}, not {steps}")
    return replace(state, fog_deck=table_fog_card_on_top(state.fog_deck, card_id),
                   next_fog_steps=steps)
