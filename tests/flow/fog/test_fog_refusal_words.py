"""A score the rules refuse is explained on the box in the table's words: the record's keys
(``final_positions``, ``missions.held.Pink``) stay in the file and the CLI."""

from __future__ import annotations

import pytest

from fogkeeper.flow.fog.scoring import table_words


@pytest.mark.parametrize("reason,shown", [
    ("final_positions: 2 red leaders listed, the box has 1",
     "Islanders on boats and piers: 2 red leaders listed, the box has 1"),
    ("final_positions[3] (red sailor of pink): on a boat the board lacks",
     "Islander (red sailor of pink): on a boat the board lacks"),
    ("missions.held.Pink: holds 4 mission cards, at most 3",
     "Pink's missions: holds 4 mission cards, at most 3"),
    ("missions.cards.A37: enter what it pictures",
     "card A37: enter what it pictures"),
    ("missions: A50 is held twice", "Missions: A50 is held twice"),
    ("a reason with no key", "a reason with no key"),
])
def test_a_refusal_names_things_as_the_table_does(reason: str, shown: str) -> None:
    assert table_words(reason) == shown
    assert "final_positions" not in table_words(reason) and "missions." not in table_words(reason)
