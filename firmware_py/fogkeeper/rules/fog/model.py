"""The FOG's vocabulary as values: Islander types, characteristics, movements, places."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from functools import lru_cache

AREAS: tuple[str, ...] = ("A", "B", "C", "D")
STERN = "stern"


class IslanderType(StrEnum):
    """The five Islander types printed on the chips."""

    LEADER = "leader"
    ELDER = "elder"
    WARRIOR = "warrior"
    SAILOR = "sailor"
    COMMONER = "commoner"


class Characteristic(StrEnum):
    """The symbol under an Islander chip."""

    PUSH = "push"
    SQUEEZE = "squeeze"
    JUMP = "jump"
    CROSS = "cross"
    ALL_ROUNDER = "all_rounder"
    ENDURANCE = "endurance"


class Move(StrEnum):
    """A movement the engine can price; RUN3 is the Guardian of Speed's side-A movement."""

    RUN = "run"
    SWAP = "swap"
    PUSH = "push"
    JUMP = "jump"
    SQUEEZE = "squeeze"
    CROSS = "cross"
    RUN3 = "run3"
    BOARDING = "boarding"


class Zone(StrEnum):
    """Where the movement starts: the beach, or the water area (shore, piers, boats)."""

    BEACH = "beach"
    WATER = "water"


class PlaceKind(StrEnum):
    """Where an Islander stands when the game ends."""

    BOAT = "boat"
    PIER = "pier"
    SHORE = "shore"
    BEACH = "beach"
    LOST = "lost"


@dataclass(frozen=True)
class Place:
    """A parsed `at` value: kind plus nation (boat/pier), area (boat) or row (beach/lost).

    productive = on a productive place of a boat (Areas A-D, not the stern); in_boat =
    anywhere inside a boat; rescued = in a boat or clinging to its pier (B-F25); lost =
    swallowed by the FOG; spot = (nation, area), the key a boat's Area is counted under.
    They are stored, not computed, because scoring reads them in every loop (and one stored
    key is hashed and matched faster than a tuple built per Islander).
    """

    kind: PlaceKind
    nation: str = ""
    area: str = ""
    row: str = ""
    productive: bool = field(init=False, compare=False, repr=False)
    in_boat: bool = field(init=False, compare=False, repr=False)
    rescued: bool = field(init=False, compare=False, repr=False)
    lost: bool = field(init=False, compare=False, repr=False)
    spot: tuple[str, str] = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        in_boat = self.kind is PlaceKind.BOAT
        object.__setattr__(self, "in_boat", in_boat)
        object.__setattr__(self, "spot", (self.nation, self.area))
        object.__setattr__(self, "productive", in_boat and self.area in AREAS)
        object.__setattr__(self, "rescued", in_boat or self.kind is PlaceKind.PIER)
        object.__setattr__(self, "lost", self.kind is PlaceKind.LOST)

    def __str__(self) -> str:
        if self.kind is PlaceKind.BOAT:
            return f"boat:{self.nation}:{self.area}"
        if self.kind is PlaceKind.PIER:
            return f"pier:{self.nation}"
        if self.kind in (PlaceKind.BEACH, PlaceKind.LOST):
            return f"{self.kind.value}:{self.row}"
        return str(self.kind.value)


@lru_cache(maxsize=1024)
def parse_place(value: str) -> Place:
    """Parse `boat:<nation>:<A|B|C|D|stern>`, `pier:<nation>`, `shore`, `beach:<row>`,
    `lost:<row>`; raises ValueError with the allowed shapes otherwise. A Place is a value:
    each text is parsed once and its Place shared (a board has a hundred or so)."""
    parts = value.split(":")
    head = parts[0]
    if head == "boat" and len(parts) == 3 and parts[1] and parts[2] in (*AREAS, STERN):
        return Place(PlaceKind.BOAT, nation=parts[1], area=parts[2])
    if head == "pier" and len(parts) == 2 and parts[1]:
        return Place(PlaceKind.PIER, nation=parts[1])
    if head == "shore" and len(parts) == 1:
        return Place(PlaceKind.SHORE)
    if head in ("beach", "lost") and len(parts) == 2 and parts[1]:
        return Place(PlaceKind(head), row=parts[1])
    raise ValueError(
        f"{value!r} is not one of boat:<nation>:<A|B|C|D|stern>, pier:<nation>, shore, "
        "beach:<row>, lost:<row>"
    )


Kind = tuple[IslanderType, str]     # an Islander's type and nation, as missions picture it
Need = Kind | IslanderType          # Islanders counted per kind or per type (missions)


@dataclass(frozen=True)
class FinalIslander:
    """One Islander at the end of the game, as the record lists it."""

    nation: str
    type: IslanderType
    owner: str
    at: Place
    characteristic: Characteristic | None = None
    covered: bool = False
    rescue_leader: bool = False
