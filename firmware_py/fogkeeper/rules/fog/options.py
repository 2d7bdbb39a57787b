"""The game's options (1-11), aggregation rules and expansion decks, as one frozen value."""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from typing import Any

from fogkeeper.rules.fog import _data as d
from fogkeeper.rules.fog.errors import RecordError

CHOICES: dict[str, tuple[str, ...]] = {
    "drive_off": ("", "family", "advanced", "intensive"),
    "beach_scoring": ("", "A", "B"),
    "team_scoring": ("", "sum", "lowest"),
    "multi_colour": ("lowest", "sum"),
    "fog_cards": ("", "standard", "with_c"),
    "fog_cards_end": ("last_card", "last_card_or_shore"),
    "events": ("", "with_calm", "without_calm"),
    "guardians": ("", "A", "B", "per_player"),
    "rescued_islanders": ("", "secret", "open"),
    "rescue_achievements": ("", "secret", "open"),
    "extra_boat": ("", "A7", "A8"),
}


@dataclass(frozen=True)
class Options:
    """Every choice made before play; an empty string means the option is off."""

    hourglass: bool = False
    boat_area_scoring: bool = False
    drive_off: str = ""
    boats_without_colour: bool = False
    minimum_crew: bool = False
    individual_boat_scorings: bool = False
    beach_scoring: str = ""
    team_scoring: str = ""
    three_colours: bool = False
    rescue_leaders: bool = False
    enhanced_movements: bool = False
    multi_colour: str = "lowest"
    fog_cards: str = ""
    fog_cards_end: str = "last_card"
    events: str = ""
    guardians: str = ""
    rescued_islanders: str = ""
    rescue_achievements: str = ""
    extra_boat: str = ""

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return asdict(self)

    @property
    def extra_boat_tile(self) -> str | None:
        """M board's chosen fourth boat tile, or None."""
        return self.extra_boat or None


def options_from_dict(data: object, path: str = "options") -> Options:
    """Read options from a record/state dict; unknown keys and bad values name the key."""
    raw = d.table(data, path, RecordError)
    known = {f.name: f for f in fields(Options)}
    values: dict[str, Any] = {}
    for key, value in raw.items():
        if key not in known:
            raise RecordError(f"{path}.{key}: unknown option (known: {', '.join(known)})")
        if key in CHOICES:
            values[key] = d.choice(value, CHOICES[key], f"{path}.{key}", RecordError)
        else:
            values[key] = d.flag(value, f"{path}.{key}", RecordError)
    return Options(**values)
