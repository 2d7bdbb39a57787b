"""RULINGS C.1 scoring vectors through score_record (C-F01, C-F02, C-F11..C-F19, C-F22, C-F23)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from fogkeeper.rules.fog import (
    FogRules,
    Record,
    RecordError,
    load_record,
    record_from_dict,
    rescue_level,
    score_record,
)

Islander = Callable[..., dict[str, Any]]
RecordMaker = Callable[..., Record]


def test_c_f01_multiplayer_example(rules_s: FogRules, data_dir: Path) -> None:
    record = load_record((data_dir / "multiplayer_example.json").read_text())
    result = score_record(record, rules_s)
    by_colour = {c.colour: c for p in result.players for c in p.colours}
    expected = {"black": (4, 9, -3, 10, 20), "pink": (12, 14, -5, 9, 30),
                "yellow": (4, 7, 0, 11, 22)}
    for colour, (s1, s2, s3, s4, total) in expected.items():
        score = by_colour[colour]
        assert (score.category("own_nation"), score.category("boat_areas"),
                score.category("lost"), score.category("preparation"), score.total) == (
                    s1, s2, s3, s4, total)
    ranking = [p.name for p in sorted(result.players, key=lambda p: p.rank)]
    assert ranking == ["Pink", "Yellow", "Black"]
    assert result.winners == ("Pink",)
    yellow = next(p for p in result.players if p.name == "Yellow")
    assert yellow.commoners_rescued == 1  # the Leader on the pier scores 0 RP but is rescued


def test_c_f02_solo_example(rules_s: FogRules, data_dir: Path) -> None:
    result = score_record(load_record((data_dir / "solo_example.json").read_text()), rules_s)
    solo = result.players[0].colours[0]
    assert (solo.category("own_nation"), solo.category("boat_areas"),
            solo.category("lost")) == (20, 30, -8)
    assert result.players[0].score == 42
    assert result.level == "Guardian Apprentice"


@pytest.mark.parametrize(("score", "level"), [
    (175, "Guardian Legend"), (174, "Guardian Hero"), (150, "Guardian Hero"),
    (149, "Guardian Protector"), (125, "Guardian Protector"), (124, "Guardian Novice"),
    (80, "Guardian Novice"), (79, "Guardian Apprentice"),
])
def test_c_f18_rescue_levels(score: int, level: str) -> None:
    assert rescue_level(score) == level


@pytest.mark.parametrize(("at", "nation", "leader_rp"), [
    ("boat:red:D", "red", 15),      # own Leader on its nation's productive place
    ("boat:blue:D", "red", 5),      # in another nation's boat
    ("boat:red:stern", "red", 5),   # in its own nation's stern
    ("lost:A", "red", -5),          # taken by the FOG
    ("pier:red", "red", 0),         # on the pier: nothing
    ("shore", "red", 0),
])
def test_c_f12_rescue_the_leaders(
    rules_s: FogRules, make_record: RecordMaker, islander: Islander,
    at: str, nation: str, leader_rp: int
) -> None:
    record = make_record([islander(nation, "leader", "black", at)],
                         options={"rescue_leaders": True})
    black = score_record(record, rules_s).players[0].colours[0]
    assert black.category("leader") == leader_rp


@pytest.mark.parametrize(("places", "penalty"), [
    (["boat:blue:A", "boat:green:A", "boat:red:A"], 0),
    (["boat:blue:A", "boat:green:A", "boat:red:stern"], -12),   # the stern does not help
    (["boat:blue:A"], -24),
    ([], -36),
])
def test_c_f13_boats_without_colour(
    rules_s: FogRules, make_record: RecordMaker, islander: Islander, places: list[str], penalty: int
) -> None:
    record = make_record([islander("blue", "warrior", "black", p) for p in places],
                         options={"boats_without_colour": True})
    assert score_record(record, rules_s).players[0].colours[0].category("empty_boats") == penalty


def test_c_f14_minimum_crew(
    rules_s: FogRules, make_record: RecordMaker, islander: Islander
) -> None:
    # Blue boat needs 1 in A and 2 in B (board S defaults); pink crews A alone: no departure.
    islanders = [
        islander("blue", "warrior", "pink", "boat:blue:A"),
        islander("blue", "sailor", "black", "boat:blue:C"),
        islander("green", "warrior", "black", "boat:green:A"),
        islander("green", "sailor", "black", "boat:green:B"),
        islander("green", "warrior", "pink", "boat:green:B"),
    ]
    result = score_record(make_record(islanders, options={"minimum_crew": True}), rules_s)
    black, pink = (p.colours[0] for p in result.players)
    # the green boat departs; the blue and red boats stay, so their S1/S2 vanish
    assert black.category("own_nation") == 8 and black.category("boat_areas") == 7 + 5
    assert pink.category("own_nation") == 4 and pink.category("boat_areas") == 5
    # blue boat: black 0 on A+B (fewest) -> -20; red boat: both 0 -> both -20
    assert black.category("minimum_crew") == -40
    assert pink.category("minimum_crew") == -20


@pytest.mark.parametrize(("row", "printed", "option_7a"), [
    ("A", -9, -20), ("B", -8, -15), ("C", -7, -10), ("D", -6, -6)])
def test_c_f15_beach_scoring_7a(
    rules_s: FogRules, make_record: RecordMaker, islander: Islander,
    row: str, printed: int, option_7a: int
) -> None:
    lost = [islander("blue", "warrior", "black", f"lost:{row}")]
    plain = score_record(make_record(lost), rules_s)
    with_7a = score_record(make_record(lost, options={"beach_scoring": "A"}), rules_s)
    assert plain.players[0].colours[0].category("lost") == printed
    assert with_7a.players[0].colours[0].category("lost") == option_7a


def test_option_7b_uses_the_placed_tiles(
    rules_s: FogRules, make_record: RecordMaker, islander: Islander
) -> None:
    record = make_record([islander("blue", "warrior", "black", "lost:E")],
                         options={"beach_scoring": "B"},
                         setup={"boat_scoring": {"A": 7, "B": 5, "C": 4, "D": 2},
                                "beach_scoring": {"E": -11}})
    assert score_record(record, rules_s).players[0].colours[0].category("lost") == -11


@pytest.mark.parametrize(("rule", "expected"), [("lowest", 4), ("sum", 4 + 11)])
def test_c_f16_several_colours(
    rules_s: FogRules, make_record: RecordMaker, islander: Islander, rule: str, expected: int
) -> None:
    record = make_record(
        [islander("blue", "warrior", "black", "boat:red:stern"),     # black: 0 RP + bonus 4
         islander("red", "warrior", "white", "boat:red:A")],          # white: 4 + 7 = 11
        players=[{"name": "A", "colours": ["black", "white"]},
                 {"name": "B", "colours": ["pink", "yellow"]}],
        preparation_bonuses={"black": [4]}, options={"multi_colour": rule})
    a = score_record(record, rules_s).players[0]
    assert sorted(c.total for c in a.colours) == [4, 11]
    assert a.score == expected


@pytest.mark.parametrize(("pink_extra", "pink_bonuses", "winners"), [
    ((), [], ("A", "B")),                                    # all equal: shared victory
    (("red", "elder", "lost:A"), [6, 3], ("A",)),            # equal RP, pink lost one more
    (("red", "commoner", "pier:red"), [], ("B",)),           # pink rescued one more Commoner
])
def test_c_f17_tie_breaks(
    rules_s: FogRules, make_record: RecordMaker, islander: Islander,
    pink_extra: tuple[str, ...], pink_bonuses: list[int], winners: tuple[str, ...],
) -> None:
    islanders = [islander("blue", "warrior", "black", "boat:blue:A"),
                 islander("blue", "elder", "pink", "boat:blue:A")]
    if pink_extra:
        islanders.append(islander(pink_extra[0], pink_extra[1], "pink", pink_extra[2]))
    result = score_record(make_record(islanders, preparation_bonuses={"pink": pink_bonuses}),
                          rules_s)
    assert len({p.score for p in result.players}) == 1
    assert result.winners == winners
    assert result.shared_victory == (len(winners) > 1)


def test_c_f19_s001_minimum_goals(
    rules_s: FogRules, make_record: RecordMaker, islander: Islander
) -> None:
    # only the green boat has its own Commoner; no boat departs (nobody in Areas A/B)
    record = make_record(
        [islander("green", "commoner", "solo", "boat:green:C")], mode="solo",
        players=[{"name": "Solo", "colours": ["solo"]}],
        solo={"scenario": "S001", "minimum_crew_rp": -20, "commoner_rescue_rp": -20})
    solo = score_record(record, rules_s).players[0].colours[0]
    assert solo.category("minimum_crew") == -60
    assert solo.category("commoner_rescue") == -40
    assert solo.category("own_nation") == 0      # the green boat did not depart


@pytest.mark.parametrize(("team_rule", "team_scores"), [("sum", [30 + 20, 22 + 0]),
                                                       ("lowest", [20, 0])])
def test_c_f22_team_play(
    rules_s: FogRules, data_dir: Path, team_rule: str, team_scores: list[int]
) -> None:
    data = json.loads((data_dir / "multiplayer_example.json").read_text())
    data["players"].append({"name": "Grey", "colours": ["grey"]})
    data["teams"] = [["Pink", "Black"], ["Yellow", "Grey"]]
    data["options"] = {"team_scoring": team_rule}
    result = score_record(record_from_dict(data), rules_s)
    assert [t.score for t in result.teams] == team_scores
    assert set(result.winners) == {"Pink", "Black"}


def test_c_f23_pier_is_rescued_without_rp(
    rules_s: FogRules, make_record: RecordMaker, islander: Islander
) -> None:
    record = make_record([islander("red", "commoner", "black", "pier:red")])
    black = score_record(record, rules_s).players[0]
    assert black.colours[0].total == 0 and black.commoners_rescued == 1


def test_refusal_names_every_broken_rule(
    rules_s: FogRules, make_record: RecordMaker, islander: Islander
) -> None:
    record = make_record([islander("red", "commoner", "black", "lost:J")],
                         fog={"start": 9, "final": 3}, preparation_bonuses={"black": [1]})
    with pytest.raises(RecordError) as caught:
        score_record(record, rules_s)
    assert "lost in row J" in str(caught.value) and "bonus(es) of 1" in str(caught.value)
