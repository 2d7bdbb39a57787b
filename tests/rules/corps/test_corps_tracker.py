"""The chapter tracker and the end gate: Tipis, Monsters (active and dormant), Water, rows."""

from __future__ import annotations

import pytest

from fogkeeper.rules import corps
from fogkeeper.rules.corps import AnswerKey, ChapterTracker
from fogkeeper.rules.corps import tracker as t
from fogkeeper.rules.corps.errors import TrackError
from rules.corps.corps_builders import guess_all, key_guesses, sealed_chapter


def _play(actions: list[t.TrackAction], tracker: ChapterTracker | None = None) -> ChapterTracker:
    tracker = tracker or ChapterTracker()
    for action in actions:
        tracker = t.apply_track(tracker, action)
    return tracker


TIPI = t.TipiRevealed()
M1 = t.MonsterRevealed("Monster 1", "swamp")
M2_DORMANT = t.MonsterRevealed("Monster 2", "forest", dormant=True)


@pytest.mark.parametrize(
    ("actions", "unlocked", "active", "dormant"),
    [
        ([TIPI, TIPI], False, 0, 0),
        ([TIPI, TIPI, TIPI], True, 0, 0),
        ([TIPI] * 5, True, 0, 0),
        ([M1, TIPI, TIPI, TIPI], True, 1, 0),
        ([M1, t.MonsterKilled("monster 1")], False, 0, 0),
        ([M2_DORMANT], False, 0, 1),
        ([M2_DORMANT, t.SkullFound()], False, 1, 0),
        ([M2_DORMANT, t.NightFell()], False, 1, 0),
        ([M1, M2_DORMANT, t.NightFell()], False, 1, 1),
        ([M1, M2_DORMANT, t.MonsterKilled("Monster 1"), t.NightFell()], False, 1, 0),
        ([M2_DORMANT, t.MonsterKilled("Monster 2")], False, 0, 0),
    ],
)
def test_tracker_counts(
    actions: list[t.TrackAction], unlocked: bool, active: int, dormant: int
) -> None:
    tracker = _play(actions)
    assert tracker.end_unlocked is unlocked
    assert len(tracker.active_monsters) == active
    assert len(tracker.dormant_monsters) == dormant


@pytest.mark.parametrize(
    ("actions", "says"),
    [
        ([M1, M1], "already face up"),
        ([t.MonsterKilled("Monster 3")], "no Monster named"),
        ([t.MonsterRevealed(" ", "swamp")], "card name"),
        ([t.TerrainExplored("  ")], "which Terrain"),
        ([t.RowCompleted(0)], "from 1 up"),
        ([t.RowCompleted(2), t.RowCompleted(2)], "already complete"),
        ([t.WaterChanged(2), t.WaterChanged(-3)], "has 2 Water"),
    ],
)
def test_tracker_refuses(actions: list[t.TrackAction], says: str) -> None:
    with pytest.raises(TrackError, match=says):
        _play(actions)


def test_the_unlock_stays_after_it_is_earned() -> None:
    tracker = _play([TIPI, TIPI, TIPI, M1, t.MonsterKilled("Monster 1")])
    assert tracker.end_unlocked and tracker.monsters_killed == ("Monster 1",)


@pytest.mark.parametrize(
    ("actions", "water"),
    [
        ([t.RowCompleted(1), t.RowCompleted(6)], 2),
        ([t.WaterChanged(1), M1, t.TerrainExplored("swamp"), t.TerrainExplored("swamp")], 0),
        ([t.WaterChanged(4), M1, M2_DORMANT, t.TerrainExplored("forest")], 4),
        ([t.WaterChanged(4), M2_DORMANT, t.SkullFound(), t.TerrainExplored("forest")], 3),
    ],
)
def test_water(actions: list[t.TrackAction], water: int) -> None:
    assert _play(actions).water == water


def test_monster_water_loss_previews_an_explore() -> None:
    tracker = _play([t.WaterChanged(5), M1, t.MonsterRevealed("Monster 4", "swamp")])
    assert t.monster_water_loss(tracker, "swamp") == 2
    assert t.monster_water_loss(tracker, "hills") == 0


@pytest.mark.parametrize(
    ("actions", "dormant_blocks", "allowed", "reason"),
    [
        ([TIPI, TIPI, TIPI], False, True, "may end"),
        ([TIPI, TIPI], False, False, "2 of 3 Tipis"),
        ([], False, False, "0 of 3 Tipis"),
        ([TIPI, TIPI, TIPI, M1], False, False, "Monster 1"),
        ([TIPI, TIPI, TIPI, M2_DORMANT], False, True, "may end"),
        ([TIPI, TIPI, TIPI, M2_DORMANT], True, False, "Monster 2"),
        ([TIPI, TIPI, TIPI, M2_DORMANT, t.SkullFound()], False, False, "Monster 2"),
    ],
)
def test_can_end(
    key: AnswerKey,
    actions: list[t.TrackAction],
    dormant_blocks: bool,
    allowed: bool,
    reason: str,
) -> None:
    state = guess_all(sealed_chapter(key, dormant_blocks=dormant_blocks), key_guesses(key))
    for action in actions:
        state = corps.track(state, action)
    verdict, why = corps.can_end(state)
    assert verdict is allowed
    assert reason in why


def test_can_end_also_needs_a_sealed_key_and_a_full_board(key: AnswerKey) -> None:
    unsealed = corps.enter_key(corps.new_chapter(), key)
    for _ in range(3):
        unsealed = corps.track(unsealed, TIPI)
    blockers = corps.end_blockers(unsealed)
    assert "the answer key is not sealed" in blockers
    assert "place all 9 tokens first: 8 circle(s) empty" in blockers
    assert corps.can_end(corps.seal(guess_all(unsealed, key_guesses(key))))[0]
