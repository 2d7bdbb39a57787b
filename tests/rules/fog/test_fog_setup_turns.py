"""Setup, decks, Turn Board and FOG track (C-F08, C-F09, C-F10 decks, C-F20, C-F24, A1.4)."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

import pytest

from fogkeeper.data.fog import load_rules
from fogkeeper.rules.fog import (
    FogRules,
    GameSetup,
    IslanderType,
    Loss,
    Options,
    Player,
    TurnError,
    advance,
    advance_fog,
    chosen_boat_scorings,
    colours_per_player,
    current_turn,
    deal_guardians,
    deal_missions,
    declare_nobody_left,
    discs_per_colour,
    draft_order,
    draw,
    end_turn,
    event_deck_ids,
    fog_deck_ids,
    from_json,
    keep_mission,
    mission_deck_ids,
    new_game,
    open_missions,
    preparation_stacks,
    record_losses,
    rescue_leaders,
    shuffled_deck,
    solo_nation_order,
    spend_mp,
    standard_boat_scorings,
    start_position,
    to_json,
    turn_board,
)


@pytest.mark.parametrize("seed", range(20))
def test_c_f08_standard_boat_scorings(seed: int) -> None:
    values = standard_boat_scorings(random.Random(seed))
    assert values["A"] in (6, 7) and values["B"] in (5, 6)
    assert values["C"] in (4, 5) and values["D"] in (2, 3)


def test_option_2_descending_unless_random() -> None:
    tiles = [(2, 3), (6, 7), (1, 8), (4, 5)]
    values = chosen_boat_scorings(tiles, random.Random(1))
    assert list(values.values()) == sorted(values.values(), reverse=True)


def test_c_f08_preparation_stacks() -> None:
    stacks_l = preparation_stacks(load_rules("L").board)
    assert stacks_l == {"blue": (6, 5, 4, 3, 2), "green": (6, 5, 4, 3), "red": (6, 5, 4, 3, 2),
                        "purple": (6, 5, 4, 3, 2, 1), "olive": (6, 5, 4, 3, 2, 1)}


@pytest.mark.parametrize(("board", "players", "start"), [
    ("S", 2, 9), ("S", 3, 10), ("S", 4, 9), ("F", 2, 9), ("F", 3, 10), ("F", 4, 9)])
def test_c_f08_c_f24_fog_start(board: str, players: int, start: int) -> None:
    assert start_position(load_rules(board).board, players) == start


@pytest.mark.parametrize(("board", "players", "three", "colours"), [
    ("S", 2, False, 2), ("S", 3, False, 1), ("S", 4, False, 1), ("M", 3, False, 1),
    ("L", 3, False, 2), ("L", 2, True, 3), ("L", 5, False, 1)])
def test_c_f08_colours_per_player(board: str, players: int, three: bool, colours: int) -> None:
    assert colours_per_player(load_rules(board).board, players, three) == colours


def test_option_9_is_only_for_two_players_on_l(rules_s: FogRules) -> None:
    with pytest.raises(Exception, match="option 9"):
        colours_per_player(rules_s.board, 2, three_colours=True)


@pytest.mark.parametrize(("board", "colours", "discs"), [
    ("S", 4, 8), ("S", 3, 10), ("L", 4, 15), ("L", 5, 12), ("L", 6, 10)])
def test_b_f07_discs(board: str, colours: int, discs: int) -> None:
    assert discs_per_colour(load_rules(board).board, colours) == discs


def test_c_f24_flex_supply_matches_standard() -> None:
    flex = load_rules("F").board
    assert sum(sum(t.values()) for t in flex.supply.values()) == 32
    assert discs_per_colour(flex, 3) * 3 == 30 and discs_per_colour(flex, 4) * 4 == 32


@pytest.mark.parametrize(("board", "with_c", "expected"), [
    ("S", False, Counter({"A": 5, "B": 2})), ("L", False, Counter({"A": 7, "B": 2})),
    ("S", True, Counter({"A": 3, "B": 2, "C": 2}))])
def test_c_f09_fog_deck(board: str, with_c: bool, expected: Counter[str]) -> None:
    rules = load_rules(board)
    ids = fog_deck_ids(rules.cards, rules.board, with_c)
    assert Counter(i[0] for i in ids) == expected
    steps = [rules.cards.by_id(i).steps for i in ids]  # type: ignore[attr-defined]
    assert sum(steps) == (9 if board == "L" else 7)


def test_c_f10_event_deck(rules_s: FogRules) -> None:
    assert len(event_deck_ids(rules_s.cards)) == 19
    assert "B36" not in event_deck_ids(rules_s.cards, with_calm=False)
    assert len(event_deck_ids(rules_s.cards, with_calm=False)) == 18


@pytest.mark.parametrize(("board", "extra", "count"), [
    ("S", None, 8), ("M", "A7", 10), ("M", "A8", 10), ("L", None, 12)])
def test_mission_letters_by_board(board: str, extra: str | None, count: int) -> None:
    rules = load_rules(board)
    ids = mission_deck_ids(rules.cards, "rescue_achievements", rules.board, extra)
    assert len(ids) == count


def test_decks_shuffle_by_seed_and_deal(rules_s: FogRules) -> None:
    ids = mission_deck_ids(rules_s.cards, "rescue_achievements", rules_s.board)
    deck_a = shuffled_deck("m", ids, random.Random(5))
    assert deck_a == shuffled_deck("m", ids, random.Random(5))
    rest, hands = deal_missions(deck_a, ["Ann", "Ben", "Cy"])
    assert [len(h) for h in hands.values()] == [2, 2, 2]
    assert len({c for h in hands.values() for c in h}) == 6 and len(rest.remaining) == 2
    assert keep_mission(hands["Ann"], hands["Ann"][1]) == hands["Ann"][1]
    with pytest.raises(Exception, match="not dealt"):
        keep_mission(hands["Ann"], hands["Ben"][0])
    _, shown = open_missions(deck_a)
    assert shown == deck_a.order[:3]


def test_empty_deck_draws_nothing() -> None:
    deck = shuffled_deck("e", ["A18"], random.Random(0))
    deck, first = draw(deck)
    assert first == "A18" and draw(deck) == (deck, None)


def test_guardians_one_each(rules_s: FogRules) -> None:
    picks = deal_guardians(rules_s.cards, ["Ann", "Ben"], random.Random(3), "B")
    assert len({p.card_id for p in picks.values()}) == 2
    assert {p.side for p in picks.values()} == {"B"}


def test_c_f20_turn_board_and_draft() -> None:
    players = [Player("P1", ("red", "blue")), Player("P2", ("green", "pink"))]
    entries = turn_board(players)
    assert entries == ("red", "green", "blue", "pink")
    assert draft_order(entries, 6) == ("pink", "blue", "green", "red", "pink", "blue")
    assert draft_order(entries, 5, snake=True)[4] == "red"


def test_teams_alternate_on_the_turn_board() -> None:
    players = [Player(n, (n.lower(),)) for n in ("A", "B", "C", "D")]
    entries = turn_board(players, teams=[["A", "B"], ["C", "D"]])
    assert entries == ("a", "c", "b", "d")


def test_c_f12_leaders_fill_row_a_then_b() -> None:
    board = load_rules("L").board
    placed = rescue_leaders(board, 6, random.Random(2))
    assert sum(1 for p in placed if p.type is IslanderType.ELDER) == 1
    assert Counter(p.row for p in placed) == Counter({"A": 5, "B": 1})


def test_solo_order_and_start(rules_s: FogRules) -> None:
    assert solo_nation_order(rules_s.board) == ("blue", "green", "red")
    setup = GameSetup("S", ("blue", "green", "red"), 9, solo=True,
                      nation_mp={"blue": 2, "green": 5, "red": 9})
    state = new_game(setup, rules_s, random.Random(0))
    turn = current_turn(state)
    assert (turn.entry, turn.mp_budget) == ("blue", 2)


# --- FOG track ---------------------------------------------------------------------------

@pytest.mark.parametrize(("start", "steps", "rows"), [
    (9, 1, ()), (8, 1, ("A",)), (7, 2, ("B", "C")), (3, 1, ("G", "H")), (1, 2, ()),
    (4, 9, ("E", "F", "G", "H", "I", "J"))])
def test_fog_swallows_cumulatively(rules_s: FogRules, start: int, steps: int,
                                   rows: tuple[str, ...]) -> None:
    step = advance(rules_s.board, start, steps)
    assert step.rows_swallowed == rows and step.to_position == max(start - steps, 0)


def _play_round(state, rules):  # type: ignore[no-untyped-def]
    while state.phase == "turn":
        state = end_turn(state, rules)
    return state


def test_c_f20_double_turn_and_shore_end(rules_s: FogRules) -> None:
    setup = GameSetup("S", ("red", "green", "blue"), 9)
    state = new_game(setup, rules_s, random.Random(0))
    seen: list[tuple[int, str]] = []
    while state.phase != "over":
        turn = current_turn(state)
        seen.append((turn.round_no, turn.entry))
        state = end_turn(state, rules_s)
        if state.phase == "fog_due":
            state, _ = advance_fog(state, rules_s)
    assert seen[:6] == [(1, "red"), (1, "green"), (1, "blue"), (2, "blue"), (2, "green"),
                        (2, "red")]
    assert state.round_no == 9 and state.end_reason == "the FOG reached the shore"
    with pytest.raises(TurnError):
        current_turn(state)


def test_fog_cards_end_the_game_with_the_last_card(rules_s: FogRules) -> None:
    setup = GameSetup("S", ("red", "green"), 9, options=Options(fog_cards="standard"))
    state = new_game(setup, rules_s, random.Random(4))
    cards = []
    while state.phase != "over":
        state = _play_round(state, rules_s)
        state, step = advance_fog(state, rules_s)
        cards.append(step.card_id)
    assert cards[:2] == [None, None] and all(c is not None for c in cards[2:])
    assert len(cards) == 2 + 7 and state.end_reason == "the last FOG card was drawn"


def test_events_set_the_budget_and_state_round_trips(rules_s: FogRules) -> None:
    setup = GameSetup("S", ("red", "green"), 9, options=Options(events="without_calm"))
    state = new_game(setup, rules_s, random.Random(8))
    card = rules_s.cards.by_id(state.event or "")
    budget = card.mp if card.effect == "mp_budget" else 7  # type: ignore[attr-defined]
    assert current_turn(state).mp_budget == budget
    state = spend_mp(state, 1)
    assert from_json(to_json(state)) == state
    with pytest.raises(TurnError):
        spend_mp(state, budget)


def test_losses_only_in_swallowed_rows(rules_s: FogRules) -> None:
    state = new_game(GameSetup("S", ("red",), 8), rules_s, random.Random(0))
    state, step = advance_fog(_play_round(state, rules_s), rules_s)
    assert step.rows_swallowed == ("A",)
    lost = Loss("A", "red", "blue", IslanderType.SAILOR)
    assert record_losses(state, rules_s, [lost]).losses == (lost,)
    with pytest.raises(TurnError, match="row B"):
        record_losses(state, rules_s, [replace(lost, row="B")])


def test_nobody_left_ends_the_game(rules_s: FogRules) -> None:
    state = declare_nobody_left(new_game(GameSetup("S", ("red",), 9), rules_s,
                                         random.Random(0)))
    assert state.phase == "over" and "no Islander" in state.end_reason


@pytest.mark.parametrize("with_c,a_cards", [(False, 5), (True, 3)])
def test_a_tables_fog_deck_holds_any_of_the_seven_a_cards(with_c: bool, a_cards: int) -> None:
    """The rulebook's FOG deck takes any 5 (3 with the C cards) of the alike A07-A13: the
    box learns which from the cards the table turns over, a card entered twice or one A
    card more than the deck holds is refused."""
    from fogkeeper.rules.fog.decks import Deck, draw, table_fog_card_on_top
    from fogkeeper.rules.fog.errors import FogRulesError

    rules = load_rules("S")
    deck = Deck("fog", fog_deck_ids(rules.cards, rules.board, with_c))
    turned = ["A13", "A12", "A07", "A10", "A08"][:a_cards]
    for card in turned:
        deck = draw(table_fog_card_on_top(deck, card))[0]
    assert deck.order[:deck.drawn] == tuple(turned)
    assert sorted(deck.order) == sorted([*turned, "B14", "B15",
                                         *(["C16", "C17"] if with_c else [])])
    with pytest.raises(FogRulesError, match="already face up"):
        table_fog_card_on_top(deck, "A12")
    with pytest.raises(FogRulesError, match=f"holds {a_cards} \"A\" cards, all turned over"):
        table_fog_card_on_top(deck, "A11")
    deck = draw(table_fog_card_on_top(deck, "B15"))[0]
    assert deck.order[deck.drawn - 1] == "B15"
