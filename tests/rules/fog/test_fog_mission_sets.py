"""Which "Rescued Islander" cards a player wins together, and that what scoring works out once
per card set answers for the cards and board it is asked about (and stays small)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import pytest

from fogkeeper.rules.fog import FogRules, IslanderType
from fogkeeper.rules.fog.cards import CardSet, with_pictured
from fogkeeper.rules.fog.missions import HANDS_KEPT, Standing, missions_by_player
from fogkeeper.rules.fog.model import Need

W, E, S = IslanderType.WARRIOR, IslanderType.ELDER, IslanderType.SAILOR


def _card(rp: int, *pictured: Mapping[str, str]) -> dict[str, Any]:
    return {"rp": rp, "islanders": [dict(p) for p in pictured]}


def _rescued(*islanders: tuple[IslanderType, str]) -> dict[Need, int]:
    """Counts by kind and by type, as a tally keeps them."""
    counts: dict[Need, int] = {}
    for kind in islanders:
        counts[kind] = counts.get(kind, 0) + 1
        counts[kind[0]] = counts.get(kind[0], 0) + 1
    return counts


def _won(cards: CardSet, rules: FogRules, held: Sequence[str],
         rescued: dict[Need, int]) -> list[tuple[str, int]]:
    """The cards player A wins (id, RP) with these rescued Islanders; B has none."""
    standing = Standing({"A": rescued, "B": {}}, {"A": {}, "B": {}})
    found = missions_by_player({"A": held, "B": held}, cards, rules.board, standing, ["blue"])
    return [(m.card_id, m.rp) for m in found["A"] if m.achieved]


RED_WARRIOR = {"type": "warrior", "nation": "red"}
ANY_WARRIOR = {"type": "warrior", "nation": "any"}
BLUE_ELDER = {"type": "elder", "nation": "blue"}

SETS = [  # (cards pictured, cards held, Islanders rescued, cards won)
    ({"A39": _card(5, RED_WARRIOR), "A40": _card(7, ANY_WARRIOR)}, ["A39", "A40"],
     [(W, "red")], [("A40", 7)]),                        # one Islander: the most RP
    ({"A39": _card(6, RED_WARRIOR), "A40": _card(6, ANY_WARRIOR)}, ["A40", "A39"],
     [(W, "red")], [("A40", 6)]),                        # equal RP: the first listed
    ({"A39": _card(5, RED_WARRIOR), "A40": _card(7, ANY_WARRIOR)}, ["A39", "A40"],
     [(W, "red"), (W, "green")], [("A39", 5), ("A40", 7)]),    # two: both
    ({"A39": _card(4, RED_WARRIOR), "A40": _card(4, ANY_WARRIOR), "A41": _card(7, BLUE_ELDER)},
     ["A39", "A40", "A41"], [(W, "red"), (E, "blue")], [("A39", 4), ("A41", 7)]),
    ({"A39": _card(5, RED_WARRIOR)}, ["A39", "A39"], [(W, "red")],
     [("A39", 5), ("A39", 5)]),                          # a card listed twice wins twice
    ({"A39": _card(5, RED_WARRIOR, BLUE_ELDER)}, ["A39"], [(W, "red")], []),
    ({"A39": _card(5, RED_WARRIOR), "A41": _card(7, BLUE_ELDER)}, ["A41", "A39"],
     [(W, "red")], [("A39", 5)]),                        # only one fits: it alone
    ({"A39": _card(0, RED_WARRIOR)}, ["A39"], [(W, "red")], []),     # worth no RP
    ({"A39": _card(5, RED_WARRIOR, ANY_WARRIOR)}, ["A39"], [(W, "red")], []),
    ({"A39": _card(5, RED_WARRIOR, ANY_WARRIOR)}, ["A39"], [(W, "red"), (W, "green")],
     [("A39", 5)]),                                      # a black one takes another
    ({"A39": _card(5, RED_WARRIOR, {"type": "warrior", "nation": "green"})}, ["A39"],
     [(W, "red"), (W, "red")], []),                      # two named: one of each
    ({"A39": _card(5, RED_WARRIOR, {"type": "warrior", "nation": "green"})}, ["A39"],
     [(W, "red"), (W, "green")], [("A39", 5)]),
]


@pytest.mark.parametrize(("pictured", "held", "rescued", "won"), SETS)
def test_the_best_set_of_cards_is_won(
        rules_s: FogRules, pictured: dict[str, Any], held: list[str],
        rescued: list[tuple[IslanderType, str]], won: list[tuple[str, int]]) -> None:
    cards = with_pictured(rules_s.cards, pictured)
    assert _won(cards, rules_s, held, _rescued(*rescued)) == won
    assert _won(cards, rules_s, held, _rescued(*rescued)) == won    # (again, from the table)


def test_a_card_naming_a_boat_by_its_tile_is_read_on_each_board(
        rules_s: FogRules, rules_l: FogRules) -> None:
    cards = with_pictured(rules_l.cards, {"A39": _card(6, {"type": "sailor", "water_tile": "A8"})})
    olive_sailor = _rescued((S, "olive"))
    assert _won(cards, rules_l, ["A39"], olive_sailor) == [("A39", 6)]
    assert _won(cards, rules_s, ["A39"], olive_sailor) == []     # no boat on A8 on board S
    assert _won(cards, rules_l, ["A39"], olive_sailor) == [("A39", 6)]


def test_each_records_pictured_cards_are_scored_as_that_record_gives_them(
        rules_s: FogRules) -> None:
    red_warrior = _rescued((W, "red"))
    for rp in (9, 5, 9):
        cards = with_pictured(rules_s.cards, {"A39": _card(rp, RED_WARRIOR)})
        assert _won(cards, rules_s, ["A39"], red_warrior) == [("A39", rp)]


def test_what_a_card_set_remembers_stays_bounded(rules_s: FogRules) -> None:
    cards = with_pictured(rules_s.cards, {"A39": _card(5, RED_WARRIOR)})
    ids = sorted(cards.mission_ids)
    for n in range(HANDS_KEPT + 40):
        held = [ids[n % len(ids)], ids[n // len(ids) % len(ids)], "A39"]      # (all differ)
        assert ("A39", 5) in _won(cards, rules_s, held, _rescued((W, "red")))
    assert len(cards.scoring_tables) == HANDS_KEPT
