"""Game record: round trip, the Large all-options record, lenient scoring of bad missions."""

from __future__ import annotations

from pathlib import Path

import pytest

from fogkeeper.rules.fog import (
    FogRules,
    RecordError,
    load_record,
    record_from_dict,
    record_to_dict,
    score_record,
)


@pytest.mark.parametrize("name", ["multiplayer_example.json", "solo_example.json",
                                  "large_all_options.json"])
def test_record_round_trips(data_dir: Path, name: str) -> None:
    record = load_record((data_dir / name).read_text())
    assert record_from_dict(record_to_dict(record)) == record


def test_large_record_uses_every_category(data_dir: Path, rules_l: FogRules) -> None:
    record = load_record((data_dir / "large_all_options.json").read_text())
    assert len(record.islanders) == 60
    result = score_record(record, rules_l)
    categories = {k for p in result.players for c in p.colours for k, _ in c.categories}
    assert categories == {"own_nation", "boat_areas", "empty_boats", "leader", "lost",
                          "preparation", "minimum_crew"}
    assert len(result.teams) == 2 and any(m.rp for p in result.players for m in p.missions)


def test_unknown_mission_is_refused_unless_lenient(
    rules_s: FogRules, record_dict: object
) -> None:
    data = record_dict([], missions={"held": {"A": ["A18"]}})  # type: ignore[operator]
    with pytest.raises(RecordError, match="A18 is not a mission card"):
        score_record(record_from_dict(data), rules_s)
    result = score_record(record_from_dict(data), rules_s, lenient=True)
    assert result.players[0].missions == () and result.warnings


def test_a_refusal_the_table_accepted_is_scored_strictly_and_round_trips(
    rules_s: FogRules, record_dict: object
) -> None:
    data = record_dict([], missions={"held": {"A": ["A18"]}})  # type: ignore[operator]
    with pytest.raises(RecordError) as caught:
        score_record(record_from_dict(data), rules_s)
    why = str(caught.value).removeprefix("record breaks the rules: ")
    data["accepted_by_table"] = [why]
    record = record_from_dict(data)
    assert record.accepted_by_table == (why,)
    assert record_from_dict(record_to_dict(record)) == record
    result = score_record(record, rules_s)          # no lenient: the record says so
    assert result.warnings == (why,)
    data["accepted_by_table"] = ["something else the table said"]
    with pytest.raises(RecordError, match="A18 is not a mission card"):
        score_record(record_from_dict(data), rules_s)


@pytest.mark.parametrize(("change", "reason"), [
    ({"options": {"drive_off": "sometimes"}}, "options.drive_off: expected one of"),
    ({"options": {"option_12": True}}, "options.option_12: unknown option"),
    ({"fog": {"start": 9}}, "fog: missing key 'final'"),
    ({"preparation_bonuses": {"black": ["6"]}}, "preparation_bonuses.black[0]: expected an"),
])
def test_shape_errors_name_the_key(record_dict: object, change: dict[str, object],
                                   reason: str) -> None:
    with pytest.raises(RecordError, match=reason.replace("[", r"\[").replace("]", r"\]")):
        record_from_dict(record_dict([], **change))  # type: ignore[operator]
