"""The census: one walk counts a record's Islanders every way the checks and the score read
them. Each view is held to a plain count of the same Islanders, made one view at a time."""

from __future__ import annotations

from collections import Counter

from hypothesis import given
from hypothesis import strategies as st

from fogkeeper.rules.fog import FinalIslander, IslanderType, parse_place
from fogkeeper.rules.fog.census import CREW_AREAS, count_islanders

PLACES = ("boat:blue:A", "boat:blue:B", "boat:red:A", "boat:red:C", "boat:green:D",
          "boat:blue:stern", "boat:red:stern", "pier:red", "pier:green", "shore", "beach:C",
          "beach:D", "lost:A", "lost:B")
ISLANDERS = st.lists(st.builds(
    FinalIslander, nation=st.sampled_from(("blue", "red", "green")),
    type=st.sampled_from(tuple(IslanderType)), owner=st.sampled_from(("black", "pink", "grey")),
    at=st.sampled_from(PLACES).map(parse_place), covered=st.booleans(),
    rescue_leader=st.booleans()), max_size=40)


@given(ISLANDERS)
def test_every_view_of_the_census_matches_a_count_of_its_own(
        islanders: list[FinalIslander]) -> None:
    census = count_islanders(islanders)
    productive = [x for x in islanders if x.at.productive]
    assert census.owned == {o: [x for x in islanders if x.owner == o]
                            for o in dict.fromkeys(x.owner for x in islanders)}
    assert {(n, t): c for n, kinds in census.of_kind.items() for t, c in kinds.items()} == \
        Counter((x.nation, x.type) for x in islanders)
    assert census.on_places == {
        place: [x for x in productive if (x.at.nation, x.at.area, x.type) == place]
        for place in dict.fromkeys((x.at.nation, x.at.area, x.type) for x in productive)}
    assert census.on_areas == Counter((x.at.nation, x.at.area) for x in productive)
    assert census.in_sterns == Counter(x.at.nation for x in islanders
                                       if x.at.in_boat and not x.at.productive)
    assert census.on_piers == Counter(x.at.nation for x in islanders
                                      if x.at.rescued and not x.at.in_boat)
    assert census.lost_rows == {x.at.row for x in islanders if x.at.lost}
    assert census.beach_rows == {x.at.row for x in islanders
                                 if str(x.at).startswith("beach:")}
    assert census.covered == [x for x in islanders if x.covered]
    assert census.marked == [x for x in islanders if x.rescue_leader]
    crew = {(x.at.nation, x.owner) for x in productive if x.at.area in CREW_AREAS}
    assert {(n, o): c for n, owners in census.crew_ab.items() for o, c in owners.items()} == \
        {key: sum(1 for x in productive if x.at.area in CREW_AREAS
                  and (x.at.nation, x.owner) == key) for key in crew}


def test_a_record_without_islanders_counts_nothing() -> None:
    census = count_islanders(())
    assert not any(census)
