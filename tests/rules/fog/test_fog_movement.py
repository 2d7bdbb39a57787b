"""RULINGS C.1 movement vectors through movement_cost (C-F03..C-F07, C-F10, C-F21)."""

from __future__ import annotations

import pytest

from fogkeeper.rules.fog import (
    Characteristic,
    EventCard,
    FogRules,
    GuardianCard,
    IslanderType,
    Move,
    Movement,
    Price,
    Refusal,
    Zone,
    movement_cost,
    mp_budget,
)

C = Characteristic
SAILOR = IslanderType.SAILOR


def _price(movement: Movement, **kwargs: object) -> int:
    result = movement_cost(movement, **kwargs)  # type: ignore[arg-type]
    assert isinstance(result, Price), result
    return result.mp


def _event(rules: FogRules, card_id: str) -> EventCard:
    card = rules.cards.by_id(card_id)
    assert isinstance(card, EventCard)
    return card


def _guardian(rules: FogRules, number: int) -> GuardianCard:
    return rules.cards.guardians[number - 1]


@pytest.mark.parametrize(("move", "plain", "with_characteristic", "all_rounder"), [
    (Move.RUN, 1, 1, 1), (Move.SWAP, 3, 3, 3), (Move.PUSH, 3, 2, 3), (Move.JUMP, 3, 2, 3),
    (Move.SQUEEZE, 4, 2, 3), (Move.CROSS, 4, 2, 3),
])
def test_c_f05_c_f06_beach_prices(
    move: Move, plain: int, with_characteristic: int, all_rounder: int
) -> None:
    matching = C(move.value) if move.value in {c.value for c in C} else C.ENDURANCE
    assert _price(Movement(SAILOR, C.ENDURANCE, move)) == plain
    assert _price(Movement(SAILOR, matching, move)) == with_characteristic
    assert _price(Movement(SAILOR, C.ALL_ROUNDER, move)) == all_rounder


def test_c_f04_squeeze_example() -> None:
    assert _price(Movement(SAILOR, C.JUMP, Move.SQUEEZE)) == 4
    assert _price(Movement(SAILOR, C.SQUEEZE, Move.SQUEEZE)) == 2


def test_c_f03_enhanced_examples() -> None:
    on = {"enhanced_movements": True}
    push = _price(Movement(SAILOR, C.PUSH, Move.PUSH, enhanced=True), **on)
    jump = _price(Movement(SAILOR, C.CROSS, Move.JUMP, enhanced=True), **on)
    cross = _price(Movement(SAILOR, C.JUMP, Move.CROSS, enhanced=True), **on)
    squeeze = _price(Movement(SAILOR, C.SQUEEZE, Move.SQUEEZE, enhanced=True), **on)
    run = _price(Movement(SAILOR, C.JUMP, Move.RUN))
    then_squeeze = _price(Movement(SAILOR, C.SQUEEZE, Move.SQUEEZE))
    assert (push, jump + run, cross + run, squeeze + then_squeeze) == (4, 6, 7, 6)


@pytest.mark.parametrize(("movement", "options", "why"), [
    (Movement(SAILOR, C.PUSH, Move.PUSH, enhanced=True), {}, "option 11"),
    (Movement(SAILOR, C.PUSH, Move.RUN, enhanced=True), {"enhanced_movements": True},
     "only Push, Jump, Cross and Squeeze"),
    (Movement(SAILOR, C.PUSH, Move.PUSH, zone=Zone.WATER), {}, "only Run and Boarding"),
    (Movement(SAILOR, C.PUSH, Move.BOARDING), {}, "not from the beach"),
    (Movement(SAILOR, C.PUSH, Move.RUN3), {}, "Guardian of Speed"),
    (Movement(SAILOR, C.PUSH, Move.RUN, free_run="endurance"), {}, "Endurance"),
])
def test_illegal_movements_are_refused_with_the_rule(
    movement: Movement, options: dict[str, bool], why: str
) -> None:
    result = movement_cost(movement, **options)  # type: ignore[arg-type]
    assert isinstance(result, Refusal) and why in result.reason


@pytest.mark.parametrize("move", [Move.RUN, Move.BOARDING])
def test_c_f07_water_area_costs_one(move: Move) -> None:
    for char in C:
        assert _price(Movement(SAILOR, char, move, zone=Zone.WATER)) == 1


@pytest.mark.parametrize(("card", "mp"), [("A26", 5), ("A27", 6), ("A28", 8), ("A29", 9),
                                          ("A18", 7), ("B36", 7)])
def test_c_f10_event_mp_budget(rules_s: FogRules, card: str, mp: int) -> None:
    assert mp_budget(_event(rules_s, card)) == mp
    assert mp_budget(None) == 7


@pytest.mark.parametrize(("card", "move"), [("A34", Move.JUMP), ("A34", Move.CROSS),
                                            ("A35", Move.PUSH), ("A35", Move.SQUEEZE)])
def test_c_f10_forbidden_moves(rules_s: FogRules, card: str, move: Move) -> None:
    result = movement_cost(Movement(SAILOR, C(move.value), move), event=_event(rules_s, card))
    assert isinstance(result, Refusal) and card in result.reason


@pytest.mark.parametrize(("card", "kind", "move", "char", "mp"), [
    ("A18", IslanderType.SAILOR, Move.RUN, C.PUSH, 2),
    ("A19", IslanderType.SAILOR, Move.RUN, C.PUSH, 1),            # never below 1
    ("A19", IslanderType.SAILOR, Move.SWAP, C.PUSH, 2),
    ("A21", IslanderType.COMMONER, Move.PUSH, C.PUSH, 1),
    ("A21", IslanderType.SAILOR, Move.PUSH, C.PUSH, 2),           # type does not match
    ("A23", IslanderType.LEADER, Move.RUN, C.PUSH, 1),
    ("A22", IslanderType.ELDER, Move.JUMP, C.PUSH, 4),
    ("A30", IslanderType.SAILOR, Move.CROSS, C.PUSH, 3),           # no characteristic: -1
    ("A30", IslanderType.SAILOR, Move.CROSS, C.CROSS, 2),          # characteristic: cheapest 2
    ("A31", IslanderType.SAILOR, Move.CROSS, C.CROSS, 3),
    ("A31", IslanderType.SAILOR, Move.CROSS, C.ALL_ROUNDER, 4),
    ("A32", IslanderType.SAILOR, Move.RUN, C.PUSH, 2),
    ("A33", IslanderType.SAILOR, Move.SWAP, C.PUSH, 2),
])
def test_c_f10_event_modifiers(
    rules_s: FogRules, card: str, kind: IslanderType, move: Move, char: C, mp: int
) -> None:
    assert _price(Movement(kind, char, move), event=_event(rules_s, card)) == mp


def test_c_f10_headwind_spares_endurance(rules_s: FogRules) -> None:
    free = Movement(SAILOR, C.ENDURANCE, Move.RUN, zone=Zone.WATER, enters_boat=True,
                    free_run="endurance")
    assert _price(free, event=_event(rules_s, "A32")) == 0
    assert _price(free, event=_event(rules_s, "A25")) == 0


@pytest.mark.parametrize(("card", "mp"), [("A24", 2), ("A25", 3)])
def test_boat_entry_events(rules_s: FogRules, card: str, mp: int) -> None:
    boarding = Movement(SAILOR, C.PUSH, Move.BOARDING, zone=Zone.WATER, enters_boat=True)
    assert _price(boarding, event=_event(rules_s, card)) == mp


@pytest.mark.parametrize(("guardian", "movement", "mp"), [
    (1, Movement(SAILOR, C.PUSH, Move.RUN3), 2),
    (2, Movement(SAILOR, C.PUSH, Move.SWAP, swap_number=1), 3),
    (2, Movement(SAILOR, C.PUSH, Move.SWAP, swap_number=2), 2),
    (2, Movement(SAILOR, C.PUSH, Move.SWAP, swap_number=3), 2),
    (2, Movement(SAILOR, C.PUSH, Move.SWAP, swap_number=4), 3),
    (3, Movement(SAILOR, C.JUMP, Move.PUSH), 2),
    (4, Movement(SAILOR, C.PUSH, Move.JUMP), 2),
    (5, Movement(SAILOR, C.PUSH, Move.CROSS), 3),
    (6, Movement(SAILOR, C.PUSH, Move.SQUEEZE), 3),
    (6, Movement(SAILOR, C.SQUEEZE, Move.SQUEEZE), 2),   # the characteristic is cheaper
])
def test_c_f21_guardian_side_a(
    rules_s: FogRules, guardian: int, movement: Movement, mp: int
) -> None:
    assert _price(movement, guardian=_guardian(rules_s, guardian), guardian_side="A") == mp


def test_guardian_side_b_gives_no_discount_but_a_free_run(rules_s: FogRules) -> None:
    nature = _guardian(rules_s, 5)
    assert _price(Movement(SAILOR, C.PUSH, Move.CROSS), guardian=nature,
                  guardian_side="B") == 4
    assert _price(Movement(SAILOR, C.PUSH, Move.RUN, free_run="guardian"), guardian=nature,
                  guardian_side="B") == 0


def test_price_explains_itself(rules_s: FogRules) -> None:
    price = movement_cost(Movement(SAILOR, C.PUSH, Move.PUSH), event=_event(rules_s, "A18"))
    assert isinstance(price, Price) and price.mp == 3
    assert any("push characteristic" in r for r in price.reasons)
    assert any("Exhaustion" in r for r in price.reasons)


@pytest.mark.parametrize(("nation_mp", "card", "mp"), [(5, None, 5), (5, "A26", 3),
                                                       (2, "A26", 1), (9, "A29", 9)])
def test_solo_nation_mp(rules_s: FogRules, nation_mp: int, card: str | None, mp: int) -> None:
    event = None if card is None else _event(rules_s, card)
    assert mp_budget(event, nation_mp, rules_s.board.solo_mp_track_max) == mp


def test_a_swap_on_the_shore_or_a_pier_is_a_run_that_pulls_the_other_back() -> None:
    """The Water area keeps Run "incl. swapping places": running past an Islander and pulling
    it back onto the field left is one Run for 1 MP, not a refused Swap."""
    result = movement_cost(Movement(SAILOR, C.PUSH, Move.SWAP, zone=Zone.WATER))
    assert isinstance(result, Price), result
    assert result.mp == 1 and result.reasons[0] == "pull-back Run (Swap): 1 MP"


def test_a_water_swap_is_priced_as_the_run_it_is(rules_s: FogRules) -> None:
    """B-F15: Headwind (every Run +1) reaches the pull-back Run; Skillful (every Swap -1)
    is the beach Swap's only, and Cunning A's cheap 2nd Swap is a beach Swap too."""
    swap = Movement(SAILOR, C.PUSH, Move.SWAP, zone=Zone.WATER, swap_number=2)
    assert _price(swap, event=_event(rules_s, "A32")) == 2
    assert _price(swap, event=_event(rules_s, "A33")) == 1
    assert _price(swap, guardian=_guardian(rules_s, 2)) == 1


@pytest.mark.parametrize(("movement", "reminder"), [
    # Enhanced Jump/Cross/Squeeze end on an occupied hex: a further move must follow
    (Movement(SAILOR, C.JUMP, Move.JUMP, enhanced=True), "then 1 move to empty hex"),
    (Movement(SAILOR, C.PUSH, Move.SQUEEZE, enhanced=True), "then 1 move to empty hex"),
    # from the beach onto a shore Islander: the same
    (Movement(SAILOR, C.PUSH, Move.CROSS), "on a shore Isl.: move on"),
    # boarding: from the shore the stern only, from a pier its side or the middle
    (Movement(SAILOR, C.PUSH, Move.BOARDING, zone=Zone.WATER, enters_boat=True),
     "shore:stern pier:side/mid"),
    (Movement(SAILOR, C.PUSH, Move.BOARDING, zone=Zone.WATER), "never leave the stern"),
    (Movement(SAILOR, C.PUSH, Move.RUN), ""),
    (Movement(SAILOR, C.PUSH, Move.PUSH, enhanced=True), ""),
])
def test_a_price_carries_the_rule_the_table_must_still_follow(movement: Movement,
                                                               reminder: str) -> None:
    result = movement_cost(movement, enhanced_movements=True)
    assert isinstance(result, Price), result
    assert result.reminder == reminder
