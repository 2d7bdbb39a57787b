"""Chapter tracker: Tipis revealed, Monsters face up, Water and completed rows (A3.4-A3.7)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum

from fogkeeper.rules.corps.errors import TrackError

# «Once you have revealed 3 Tipi Terrains, you unlock the ability to end the game» (A3.7).
TIPIS_TO_UNLOCK = 3


class MonsterStatus(StrEnum):
    """A face-up Monster either acts now or waits for its trigger (Medicinal Herbs, B-C07)."""

    ACTIVE = "active"
    DORMANT = "dormant"


@dataclass(frozen=True)
class FaceUpMonster:
    """A Threat card lying face up; ``terrain`` is the Terrain that costs Water when revealed."""

    card: str
    terrain: str
    status: MonsterStatus = MonsterStatus.ACTIVE


@dataclass(frozen=True)
class ChapterTracker:
    """What the box knows of the chapter's progress; the table reports each change."""

    tipis_revealed: int = 0
    end_unlocked: bool = False
    monsters: tuple[FaceUpMonster, ...] = ()
    monsters_killed: tuple[str, ...] = ()
    water: int = 0
    rows_completed: tuple[int, ...] = ()

    @property
    def active_monsters(self) -> tuple[FaceUpMonster, ...]:
        """Face-up Monsters that act now."""
        return tuple(m for m in self.monsters if m.status is MonsterStatus.ACTIVE)

    @property
    def dormant_monsters(self) -> tuple[FaceUpMonster, ...]:
        """Face-up Monsters revealed by Medicinal Herbs that have not activated yet."""
        return tuple(m for m in self.monsters if m.status is MonsterStatus.DORMANT)

    def face_up(self, card: str) -> FaceUpMonster | None:
        """The face-up Monster named ``card`` (case ignored), if any."""
        wanted = card.strip().casefold()
        return next((m for m in self.monsters if m.card.casefold() == wanted), None)


@dataclass(frozen=True)
class TipiRevealed:
    """A Tipi Terrain was revealed on the map, by any means (B-C02)."""


@dataclass(frozen=True)
class MonsterRevealed:
    """A Monster card turned face up; ``dormant`` when Medicinal Herbs revealed it early."""

    card: str
    terrain: str
    dormant: bool = False


@dataclass(frozen=True)
class MonsterKilled:
    """The table discarded what the Monster card asks and removed it."""

    card: str


@dataclass(frozen=True)
class SkullFound:
    """A Skull was found: any dormant Monster activates (B-C07)."""


@dataclass(frozen=True)
class NightFell:
    """Night began: dormant Monsters activate when no Monster is active (B-C07)."""


@dataclass(frozen=True)
class TerrainExplored:
    """An Explore (Flag Explores too) revealed ``terrain``: each active Monster naming it costs 1
    Water (B-C06)."""

    terrain: str


@dataclass(frozen=True)
class RowCompleted:
    """The last Unexplored Path of ``row`` lost its Path token during play: +1 Water (B-C10)."""

    row: int


@dataclass(frozen=True)
class WaterChanged:
    """The table gained (positive) or spent (negative) Water for any other reason."""

    delta: int


TrackAction = (
    TipiRevealed
    | MonsterRevealed
    | MonsterKilled
    | SkullFound
    | NightFell
    | TerrainExplored
    | RowCompleted
    | WaterChanged
)


def apply_track(tracker: ChapterTracker, action: TrackAction) -> ChapterTracker:
    """The tracker after ``action``; TrackError when it does not fit the table's situation."""
    match action:
        case TipiRevealed():
            count = tracker.tipis_revealed + 1
            unlocked = tracker.end_unlocked or count >= TIPIS_TO_UNLOCK
            return replace(tracker, tipis_revealed=count, end_unlocked=unlocked)
        case MonsterRevealed():
            return _reveal_monster(tracker, action)
        case MonsterKilled(card=card):
            killed = _require_face_up(tracker, card)
            rest = tuple(m for m in tracker.monsters if m is not killed)
            return replace(tracker, monsters=rest, monsters_killed=(*tracker.monsters_killed, card))
        case SkullFound():
            return _activate_dormant(tracker)
        case NightFell():
            return tracker if tracker.active_monsters else _activate_dormant(tracker)
        case TerrainExplored(terrain=terrain):
            wanted = terrain.strip().casefold()
            if not wanted:
                raise TrackError("say which Terrain the Explore revealed")
            hits = sum(m.terrain.casefold() == wanted for m in tracker.active_monsters)
            # Water cannot go below none; what running dry means is the core game's (B-C12).
            return replace(tracker, water=max(0, tracker.water - hits))
        case RowCompleted(row=row):
            return _complete_row(tracker, row)
        case WaterChanged(delta=delta):
            if tracker.water + delta < 0:
                raise TrackError(f"the table has {tracker.water} Water, cannot spend {-delta}")
            return replace(tracker, water=tracker.water + delta)
    raise TrackError(f"unknown tracker action {type(action).__name__}")


def monster_water_loss(tracker: ChapterTracker, terrain: str) -> int:
    """How much Water an Explore revealing ``terrain`` costs with the Monsters now face up."""
    return tracker.water - apply_track(tracker, TerrainExplored(terrain)).water


def tracker_blockers(tracker: ChapterTracker, dormant_blocks: bool) -> tuple[str, ...]:
    """Why the Fog chapter's end is not unlocked or allowed now (empty: the end is allowed)."""
    reasons: list[str] = []
    if not tracker.end_unlocked:
        reasons.append(f"{tracker.tipis_revealed} of {TIPIS_TO_UNLOCK} Tipis revealed")
    blocking = tracker.monsters if dormant_blocks else tracker.active_monsters
    if blocking:
        names = ", ".join(m.card for m in blocking)
        reasons.append(f"{len(blocking)} Monster(s) face up, kill first: {names}")
    return tuple(reasons)


def _reveal_monster(tracker: ChapterTracker, action: MonsterRevealed) -> ChapterTracker:
    card = action.card.strip()
    if not card:
        raise TrackError("a Monster needs its card name")
    if tracker.face_up(card) is not None:
        raise TrackError(f"{card} is already face up")
    status = MonsterStatus.DORMANT if action.dormant else MonsterStatus.ACTIVE
    monster = FaceUpMonster(card, action.terrain.strip(), status)
    return replace(tracker, monsters=(*tracker.monsters, monster))


def _require_face_up(tracker: ChapterTracker, card: str) -> FaceUpMonster:
    monster = tracker.face_up(card)
    if monster is None:
        raise TrackError(f"no Monster named {card.strip()!r} is face up")
    return monster


def _activate_dormant(tracker: ChapterTracker) -> ChapterTracker:
    woken = tuple(replace(m, status=MonsterStatus.ACTIVE) for m in tracker.monsters)
    return replace(tracker, monsters=woken)


def _complete_row(tracker: ChapterTracker, row: int) -> ChapterTracker:
    if isinstance(row, bool) or not isinstance(row, int) or row < 1:
        raise TrackError("a row is a whole number from 1 up")
    if row in tracker.rows_completed:
        raise TrackError(f"row {row} is already complete (the Water comes once per row)")
    rows = tuple(sorted((*tracker.rows_completed, row)))
    return replace(tracker, rows_completed=rows, water=tracker.water + 1)
