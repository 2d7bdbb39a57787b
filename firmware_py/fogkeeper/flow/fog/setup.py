"""The FOG's setup checklist (board, players, colours, options 1-11, decks), declared once.

Every key the checklist keeps is one ``Option`` in ``OPTIONS``: its key, its label on the
box's checklist, what it may hold (an Enum of words, true/false, or numbers), its default,
when its row is shown, the rulebook option it stands for. Everything else is made from that
table: the checklist's rows and their choices (``rows``), ``settle``, the rules' ``Options``
(``options_keys``), the ``fog.setup`` link schema (``link_fields``), the reading of a saved
preset (``load_preset``: a value that does not fit goes back to its default, logged) and of a
saved game (``read_setup``: it is refused, naming the key), and the docs' table of the
checklist keys (``docs_table``).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from enum import Enum, StrEnum
from typing import Any, Generic, TypeVar

from fogkeeper.data.fog import BOARD_NAMES, Scenario
from fogkeeper.errors import FogkeeperError
from fogkeeper.flow.fog.session import PALETTE, Setup, board_for, scenarios
from fogkeeper.rules.fog import Board, assumed, colours_per_player
from fogkeeper.rules.fog.table_checks import fog_start_range
from fogkeeper.schema import ABSENT, Field, SchemaError

log = logging.getLogger(__name__)

Choice = str | int | bool   # a checklist value
OFF = ""


class Mode(StrEnum):
    MULTIPLAYER = "multiplayer"
    SOLO = "solo"


class DriveOff(StrEnum):          # option 3
    OFF = OFF
    FAMILY = "family"
    ADVANCED = "advanced"
    INTENSIVE = "intensive"


class BeachTiles(StrEnum):        # option 7
    OFF = OFF
    A = "A"
    B = "B"


class Teams(StrEnum):             # option 8
    OFF = OFF
    SUM = "sum"
    LOWEST = "lowest"


class ColoursScore(StrEnum):      # a player's colours: the lowest one scores, or their sum
    LOWEST = "lowest"
    SUM = "sum"


class FogCards(StrEnum):
    OFF = OFF
    STANDARD = "standard"
    WITH_C = "with_c"


class FogEnd(StrEnum):
    LAST_CARD = "last_card"
    LAST_CARD_OR_SHORE = "last_card_or_shore"


class Events(StrEnum):
    OFF = OFF
    WITH_CALM = "with_calm"
    WITHOUT_CALM = "without_calm"


class Guardians(StrEnum):
    OFF = OFF
    A = "A"
    B = "B"
    PER_PLAYER = "per_player"


class MissionDeck(StrEnum):       # Rescued Islanders, Rescue Achievements
    OFF = OFF
    SECRET = "secret"
    OPEN = "open"


class ExtraBoat(StrEnum):         # board M's fourth boat tile
    OFF = OFF
    A7 = "A7"
    A8 = "A8"


class BoatScoring(StrEnum):
    DRAWN = "drawn"
    ENTERED = "entered"


class Draws(StrEnum):
    BOX = "box"
    TABLE = "table"


class Side(StrEnum):              # a Guardian card's side
    A = "A"
    B = "B"


RP_GOALS = (0, 10, 15, 20, 25, 30)
MAX_PLAYERS = 6
MP_MAX = 20          # a solo Nation's MP: the row offers the board's track, a file may say more
RP_MAX = 99          # a solo goal's RP: the row offers RP_GOALS, a scenario may say any
AREA_RP_MAX = 12
FOG_FIELD_MAX = 99

Choices = Callable[[Setup], tuple[Choice, ...]]
Values = type[Enum] | type[bool] | tuple[Choice, ...]


def _words(value: object) -> str:
    if value == OFF:
        return '"" (off)'
    return str(value).lower() if isinstance(value, bool) else str(value)


def _values_of(values: Values) -> tuple[Choice, ...]:
    if isinstance(values, tuple):
        return values
    if values is bool:
        return (False, True)
    assert isinstance(values, type) and issubclass(values, Enum)
    return tuple(m.value for m in values)


def _always(setup: Setup) -> bool:
    return True


def plain(value: object) -> Any:
    """A value read through a ``Field`` as the checklist keeps it (an Enum as its word)."""
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, list):
        return [plain(v) for v in value]
    if isinstance(value, dict):
        return {k: plain(v) for k, v in value.items()}
    return value


@dataclass(frozen=True)
class Option:
    """One key of the checklist, declared once.

    ``field`` is what may be kept under the key (the link's, a preset's and a saved game's
    check); ``choices(setup)`` what its row offers now (narrower: the board's player counts,
    the start players...); ``shown(setup)`` when its row is on the checklist. ``number`` is
    the rulebook's option (1-11, 0 for none), ``rules`` says the rules' ``Options`` has the
    key, ``solo`` that it applies to a solo game. When others change (``settle``): a
    ``resets`` option goes back to its default while hidden; a ``resets`` or ``fits`` one
    is kept within its row's choices (the nearest number, else ``fallback`` or the first).
    """

    key: str
    label: str
    field: Field
    choices: Choices
    shown: Callable[[Setup], bool] = _always
    number: int = 0
    rules: bool = False
    solo: bool = False
    resets: bool = False
    fits: bool = False
    fallback: Choice | None = None

    @property
    def default(self) -> Any:
        return plain(self.field.default)

    def read(self, value: object, path: str | None = None) -> Any:
        """``value`` as the checklist keeps it, or SchemaError naming the key."""
        return plain(self.field.read(value, path))

    def fit(self, setup: Setup) -> Choice:
        """The row's choice nearest to the value it holds (see ``fits``)."""
        offered = self.choices(setup)
        value = setup[self.key]
        if isinstance(value, int) and not isinstance(value, bool) and offered:
            return min(offered, key=lambda c: (abs(int(c) - value), c))
        if self.fallback is not None and self.fallback in offered:
            return self.fallback
        return offered[0]


def fixed(*values: Choice) -> Choices:
    return lambda s: values


ON_OFF = fixed(False, True)


def one_of(key: str, label: str, values: Values, default: Choice | None = None, *,
           choices: Choices | None = None, **kw: Any) -> Option:
    """An option whose value is one of ``values`` (an Enum of words, bool, or a tuple)."""
    allowed = _values_of(values)
    first = allowed[0] if default is None else default
    assert first in allowed, key   # a declaration's default is one of its own values
    if isinstance(values, tuple):
        kind: type = type(first)
        field = Field(key, kind, first, check=lambda v: v in allowed,
                      allowed="one of: " + ", ".join(_words(v) for v in allowed))
    elif values is bool:
        field = Field(key, bool, first)
    else:
        assert isinstance(values, type) and issubclass(values, Enum)
        field = Field(key, values, values(first),
                      allowed="one of: " + ", ".join(_words(v) for v in allowed))
    return Option(key, label, field, choices or fixed(*allowed), **kw)


def flag(key: str, label: str, **kw: Any) -> Option:
    return one_of(key, label, bool, False, **kw)


def _in_palette(value: object) -> bool:
    return value in PALETTE


def _mp_table(value: object) -> bool:
    return isinstance(value, dict) and all(
        isinstance(k, str) and len(k) <= 16 and isinstance(v, int) and not isinstance(v, bool)
        and 1 <= v <= MP_MAX for k, v in value.items())


def _area_table(value: object) -> bool:
    return isinstance(value, dict) and all(
        k in ("A", "B", "C", "D") and isinstance(v, int) and not isinstance(v, bool)
        and 0 <= v <= AREA_RP_MAX for k, v in value.items())


def board_of(setup: Setup) -> Board:
    return board_for(str(setup["board"]))


def colour_count(setup: Setup) -> int:
    """How many colours the players bring: players x colours each (B-F05)."""
    board = board_of(setup)
    three = bool(setup["three_colours"]) and board.three_colour_option and setup["players"] == 2
    return int(setup["players"]) * colours_per_player(board, int(setup["players"]), three)


def _players(setup: Setup) -> tuple[Choice, ...]:
    board = board_of(setup)
    return tuple(range(board.min_players, board.max_players + 1))


def _multi(setup: Setup) -> bool:
    return bool(setup["mode"] == Mode.MULTIPLAYER)


def _solo(setup: Setup) -> bool:
    return bool(setup["mode"] == Mode.SOLO)


def _starts(setup: Setup) -> tuple[Choice, ...]:
    return ("draw", *(f"P{i + 1}" for i in range(int(setup["players"]))))


def _is_l2(setup: Setup) -> bool:
    return _multi(setup) and setup["board"] == "L" and setup["players"] == 2


def _has_teams(setup: Setup) -> bool:
    return _multi(setup) and setup["players"] in (4, 6)


def _fog_starts(setup: Setup) -> tuple[Choice, ...]:
    """The fields the FOG Marker can start on: above the lower-left corner, on the track."""
    low, high = fog_start_range(board_of(setup))
    return tuple(range(low, high + 1))


def _has_decks(setup: Setup) -> bool:
    """An Uncertainty deck is in play: the box or the table turns its cards over."""
    decks = ("events", "fog_cards", "guardians", "rescued_islanders", "rescue_achievements")
    return any(setup.get(k) for k in decks)


def _many_colours(setup: Setup) -> bool:
    return _multi(setup) and colour_count(setup) > int(setup["players"])


def _mp_steps(setup: Setup) -> tuple[Choice, ...]:
    return tuple(range(1, board_of(setup).solo_mp_track_max + 1))


def _guardian_choices(setup: Setup) -> tuple[Choice, ...]:
    every = _values_of(Guardians)
    return every if _multi(setup) else tuple(g for g in every if g != Guardians.PER_PLAYER)


def _never(setup: Setup) -> bool:
    return False


# The checklist, in its order on the screen. Rows whose label holds "{}" are one a colour,
# a Nation or a player; an empty label has no row.
OPTIONS: tuple[Option, ...] = (
    one_of("mode", "Mode", Mode),
    one_of("board", "Board", BOARD_NAMES, "S"),
    one_of("extra_boat", "Extra boat", ExtraBoat, choices=fixed("A7", "A8"),
           shown=lambda s: s["board"] == "M", rules=True, solo=True, resets=True),
    one_of("players", "Players", tuple(range(1, MAX_PLAYERS + 1)), 4, choices=_players,
           shown=_multi, fits=True),
    Option("scenario", "Scenario", Field("scenario", str, "", most=64,
                                         allowed="a file of config/fog_scenarios/, or \"\""),
           lambda s: ("", *scenarios()), _solo),
    Option("nation_mp", "MP {}", Field("nation_mp", dict, {}, check=_mp_table,
                                       allowed=f"an object: a Nation's MP, 1-{MP_MAX}"),
           _mp_steps, _solo),
    Option("colours", "Colour {}",
           Field("colours", list, list(PALETTE), most=len(PALETTE),
                 items=Field("colour", str, check=_in_palette,
                             allowed="one of: " + ", ".join(PALETTE)),
                 allowed="a list of colours in seating order: " + ", ".join(PALETTE)),
           fixed(*PALETTE), _multi),
    Option("fog_start", "FOG start", Field("fog_start", int, 9, low=1, high=FOG_FIELD_MAX),
           _fog_starts, _solo),
    Option("crew_rp", "Crew goal RP", Field("crew_rp", int, 0, low=0, high=RP_MAX),
           fixed(*RP_GOALS), _solo),
    Option("commoner_rp", "Commoner RP", Field("commoner_rp", int, 0, low=0, high=RP_MAX),
           fixed(*RP_GOALS), _solo),
    one_of("start", "Start player", ("draw", *(f"P{i}" for i in range(1, MAX_PLAYERS + 1))),
           choices=_starts, shown=_multi, fits=True),
    flag("hourglass", "1 Hourglass", number=1, rules=True, solo=True),
    flag("boat_area_scoring", "2 Area tiles", shown=_multi, number=2, rules=True),
    one_of("drive_off", "3 Drive Off", DriveOff, shown=_multi, number=3, rules=True),
    flag("boats_without_colour", "4 Empty boats", shown=_multi, number=4, rules=True),
    flag("minimum_crew", "5 Minimum crew", shown=_multi, number=5, rules=True),
    flag("individual_boat_scorings", "6 Indiv. boats", shown=_multi, number=6, rules=True),
    one_of("beach_scoring", "7 Beach tiles", BeachTiles, shown=_multi, number=7, rules=True),
    one_of("team_scoring", "8 Teams", Teams, shown=_has_teams, number=8, rules=True,
           resets=True),
    one_of("team_size", "Team size", (2, 3), resets=True,
           shown=lambda s: _has_teams(s) and s["players"] == 6 and bool(s["team_scoring"])),
    flag("flex_plus_one", "FOG start +1", shown=lambda s: _multi(s) and s["board"] == "F",
         resets=True),
    flag("three_colours", "9 Three colours", shown=_is_l2, number=9, rules=True, resets=True),
    flag("rescue_leaders", "10 Leaders", shown=_multi, number=10, rules=True),
    flag("enhanced_movements", "11 Enhanced", shown=_multi, number=11, rules=True),
    one_of("multi_colour", "Colours score", ColoursScore, shown=_many_colours, rules=True),
    one_of("events", "Events deck", Events, rules=True, solo=True),
    one_of("fog_cards", "FOG cards", FogCards, rules=True, solo=True),
    one_of("fog_cards_end", "FOG end", FogEnd, shown=lambda s: bool(s["fog_cards"]),
           rules=True, solo=True),
    one_of("guardians", "Guardians", Guardians, choices=_guardian_choices, rules=True,
           solo=True, fits=True, fallback=Guardians.A.value),
    one_of("rescued_islanders", "Rescued Isl.", MissionDeck, rules=True, solo=True),
    one_of("rescue_achievements", "Achievements", MissionDeck, shown=_multi, rules=True),
    flag("missions_after_draft", "Missions",
         shown=lambda s: _multi(s) and MissionDeck.SECRET in (s["rescued_islanders"],
                                                                s["rescue_achievements"])),
    one_of("boat_scoring", "Boat Scoring", BoatScoring),
    one_of("draws", "Cards drawn by", Draws, shown=_has_decks),
    Option("guardian_sides", "Side P{}",
           Field("guardian_sides", list, [Side.A] * MAX_PLAYERS, most=MAX_PLAYERS,
                 items=Field("side", Side), allowed="a list of sides, A or B, one a player"),
           fixed(*_values_of(Side)),
           lambda s: _multi(s) and s["guardians"] == Guardians.PER_PLAYER),
    Option("scenario_values", "", Field("scenario_values", dict, {}, check=_area_table,
                                        allowed=f"an object: an Area's RP, 0-{AREA_RP_MAX}"),
           fixed(), _never),
)
BY_KEY = {o.key: o for o in OPTIONS}
DEFAULT_SETUP: Setup = {o.key: o.default for o in OPTIONS}
RULES_OPTIONS = tuple(o.key for o in OPTIONS if o.rules)
SOLO_OPTIONS = tuple(o.key for o in OPTIONS if o.rules and o.solo)  # B-F28: "most" missions
BOOL_OPTIONS = tuple(k for k in RULES_OPTIONS if BY_KEY[k].field.kind is bool)
CHOICE_OPTIONS = tuple(k for k in RULES_OPTIONS if BY_KEY[k].field.kind is not bool)


def options_keys(setup: Setup) -> tuple[str, ...]:
    """The checklist keys the rules' ``Options`` are made of, for this game's mode."""
    return SOLO_OPTIONS if _solo(setup) else RULES_OPTIONS


def link_fields() -> tuple[Field, ...]:
    """The checklist keys as ``fog.setup`` reads them: any subset, each checked against
    what its key may hold (the rest keeps the box's checklist)."""
    return tuple(replace(o.field, default=ABSENT) for o in OPTIONS)


@dataclass(frozen=True)
class SetupRow:
    """One checklist row: which setup key, its label, its choices and when it is shown."""

    key: str
    label: str
    choices: Callable[[Setup], tuple[Choice, ...]]
    shown: Callable[[Setup], bool] = lambda s: True
    nation: str = ""     # solo MP rows
    index: int = -1      # colour rows


def _row(option: Option) -> SetupRow:
    return SetupRow(option.key, option.label, option.choices, option.shown)


def _option_rows(setup: Setup, option: Option) -> list[SetupRow]:
    """The rows of one option as it stands: none when hidden, one a Nation, colour or
    player for a list (``{}`` in the label)."""
    if not option.label or not option.shown(setup):
        return []
    if option.key == "nation_mp":
        board = board_of(setup)
        return [SetupRow(option.key, option.label.format(boat.nation), option.choices,
                         nation=boat.nation)
                for boat in board.boats_in_play(setup["extra_boat"] or None)]
    if option.key == "colours":
        count = colour_count(setup)
    elif option.key == "guardian_sides":
        count = int(setup["players"])
    else:
        return [_row(option)]
    return [SetupRow(option.key, option.label.format(i + 1), option.choices, index=i)
            for i in range(count)]


START = SetupRow("start_game", "Start game", fixed(""))
HISTORY = SetupRow("history", "Past games", fixed(""))
BOARD_CHECK = SetupRow("board_check", "Check board", fixed(""))   # the owner's walk-through


def _copy(setup: Setup) -> Setup:
    """A setup's copy that a change in place to it (or to its lists) leaves as it was."""
    return {k: v.copy() if isinstance(v, list | dict) else v for k, v in setup.items()}


Made = TypeVar("Made")


class _Recent(Generic[Made]):
    """What was made for the last few setups asked about, each kept with a copy of its
    setup and the Board it was made on. A setup is found by value, so one changed in place
    is never answered from its old self; the owner's corrections to a board make a new
    Board (board_check.forget), so nothing made on the old one is found. A player going
    back and forth on a row (4 players, 5, 4 again) asks for a few setups in turn."""

    MOST = 8

    def __init__(self, make: Callable[[Setup], Made]) -> None:
        self._make = make
        self._kept: list[tuple[Setup, Board, Made]] = []

    def of(self, setup: Setup) -> Made:
        board = board_of(setup)
        for kept, on, made in self._kept:
            if on is board and kept == setup:
                return made
        made = self._make(setup)
        self._kept.insert(0, (_copy(setup), board, made))
        del self._kept[self.MOST:]
        return made


class _Checklist:
    """A setup's checklist: its rows, and their shown values once asked for."""

    def __init__(self, setup: Setup) -> None:
        self.rows = (*(r for o in OPTIONS for r in _option_rows(setup, o)),
                     START, HISTORY, BOARD_CHECK)
        self.shown: tuple[tuple[SetupRow, str], ...] | None = None


_CHECKLISTS = _Recent(_Checklist)


def rows(setup: Setup) -> list[SetupRow]:
    """The checklist as it stands for these choices, the Start row last.

    A press asks for them three or four times (the row under the cursor, the change, the
    cursor's bound, the screen), each a walk of every option's rules: they are made once
    for choices that read the same (_Recent)."""
    return list(_CHECKLISTS.of(setup).rows)


def checklist(setup: Setup) -> tuple[tuple[SetupRow, str], ...]:
    """The checklist's rows with their values as it shows them ("" for the rows that only
    lead somewhere: Start game, Past games, Check board), made once for choices that read
    the same, as ``rows`` are. A press moving the cursor asks twice (its bound, the screen),
    each a formatting of every row."""
    made = _CHECKLISTS.of(setup)
    if made.shown is None:
        in_use = assumed_in_use(setup)
        leads = (START.key, HISTORY.key, BOARD_CHECK.key)
        made.shown = tuple((row, "" if row.key in leads else shown_value(setup, row, in_use))
                           for row in made.rows)
    return made.shown


def value_of(setup: Setup, row: SetupRow) -> Choice:
    value: Choice
    if row.key == "nation_mp":
        value = setup["nation_mp"].get(row.nation, 5)
    elif row.key in ("colours", "guardian_sides"):
        value = setup[row.key][row.index]
    else:
        value = setup.get(row.key, "")
    return value


# the checklist keys a solo scenario sheet fills, by the sheet's own key
SHEET_KEYS = {"fog_start": "fog_start", "minimum_crew_rp": "crew_rp",
              "commoner_rescue_rp": "commoner_rp"}


def assumed_in_use(setup: Setup, boat_scoring: Mapping[str, int] | None = None
                   ) -> list[str]:
    """The solo scenario's values this game uses as the box assumed them (the rulebook does
    not print them and neither the owner nor the checklist changed them), by their keys
    (``scenario.S001.nation_mp.red``). ``boat_scoring``: the Boat Scorings laid out, when
    entered (else the sheet's, as the checklist has them)."""
    name = str(setup.get("scenario") or "")
    if not _solo(setup) or not name:
        return []
    sheet = scenarios().get(name)
    if sheet is None:
        return []
    used: dict[str, object] = {k: setup[v] for k, v in SHEET_KEYS.items()}
    used.update({f"nation_mp.{n}": v for n, v in setup["nation_mp"].items()})
    if setup["boat_scoring"] == BoatScoring.ENTERED:
        areas = setup["scenario_values"] if boat_scoring is None else boat_scoring
        used.update({f"boat_scoring.{a}": v for a, v in areas.items()})
    return [assumed.scenario_key(name, k) for k in sheet.assumed
            if used.get(k) == sheet.value(k)]


def _row_assumed(setup: Setup, row: SetupRow, in_use: list[str]) -> bool:
    """This checklist row shows a solo scenario value the box only assumes (``in_use``:
    ``assumed_in_use(setup)``)."""
    key = f"nation_mp.{row.nation}" if row.key == "nation_mp" else next(
        (k for k, v in SHEET_KEYS.items() if v == row.key), "")
    name = str(setup.get("scenario") or "")
    return bool(key) and assumed.scenario_key(name, key) in in_use


def shown_value(setup: Setup, row: SetupRow, in_use: list[str] | None = None) -> str:
    """The row's value as the checklist shows it; ``in_use``: ``assumed_in_use(setup)``
    when the caller has it (a whole checklist asks it once)."""
    shown = _shown_value(setup, row)
    assumed_now = assumed_in_use(setup) if in_use is None else in_use
    return f"{shown} assumed" if _row_assumed(setup, row, assumed_now) else shown


def _shown_value(setup: Setup, row: SetupRow) -> str:
    value = value_of(setup, row)
    if row.key == "missions_after_draft":
        return "after draft" if value else "at setup"
    if isinstance(value, bool):
        return "on" if value else "off"
    if row.key in ("crew_rp", "commoner_rp"):
        return f"-{value}" if value else "none"
    if row.key == "scenario":
        return str(value) or "custom"
    return str(value).replace("_", " ") if value != "" else "off"


def step(setup: Setup, row: SetupRow, direction: int) -> Setup:
    """The setup with this row's value moved one choice left (-1) or right (+1)."""
    choices = row.choices(setup)
    if not choices or row.key == "start_game":
        return setup
    current = value_of(setup, row)
    index = choices.index(current) if current in choices else 0
    return set_value(setup, row, choices[(index + direction) % len(choices)])


def set_value(setup: Setup, row: SetupRow, value: Choice) -> Setup:
    new = {**setup, "colours": list(setup["colours"]), "nation_mp": dict(setup["nation_mp"]),
           "guardian_sides": list(setup["guardian_sides"])}
    if row.key == "nation_mp":
        new["nation_mp"][row.nation] = value
    elif row.key in ("colours", "guardian_sides"):
        new[row.key][row.index] = value
    else:
        new[row.key] = value
    if row.key == "scenario" and value:
        new = apply_scenario(new, scenarios()[str(value)])
    return settle(new)


def apply_scenario(setup: Setup, scenario: Scenario) -> Setup:
    """A solo scenario's values on the checklist (they can still be changed after)."""
    return {**setup, "board": scenario.board, "nation_mp": dict(scenario.nation_mp),
            "fog_start": scenario.fog_start or int(setup["fog_start"]),
            "crew_rp": scenario.minimum_crew_rp, "commoner_rp": scenario.commoner_rescue_rp,
            "boat_scoring": "entered" if scenario.boat_scoring else setup["boat_scoring"],
            "scenario_values": dict(scenario.boat_scoring)}


def settle(setup: Setup) -> Setup:
    """Keep dependent choices valid after a change, as each option declares: a ``resets``
    option hidden goes back to its default, a ``resets`` or ``fits`` one stays within its
    row's choices (the player count within the board's, the Start player among them...).
    Settled once for changes that read the same (_Recent); a copy each time, as the session
    keeps it and may change it in place."""
    return _copy(_SETTLED.of(setup))


def _settled(setup: Setup) -> Setup:
    new = dict(setup)
    for option in OPTIONS:
        if option.resets and not option.shown(new):
            new[option.key] = option.default
        elif (option.resets or option.fits) and new[option.key] not in option.choices(new):
            new[option.key] = option.fit(new)
    sides = [x if x in _values_of(Side) else Side.A.value
             for x in list(new["guardian_sides"])[:MAX_PLAYERS]]
    new["guardian_sides"] = sides + [Side.A.value] * (MAX_PLAYERS - len(sides))
    colours = list(new["colours"]) + [c for c in PALETTE if c not in new["colours"]]
    new["colours"] = colours[:max(len(PALETTE), colour_count(new) if _multi(new) else 0)]
    return new


# settle's work for the last few setups, each a setup of its own (sharing no list with the
# one given, which its caller may change)
_SETTLED = _Recent(lambda setup: _copy(_settled(setup)))


def read_setup(raw: object, path: str = "setup") -> Setup:
    """A saved checklist (a saved game's), every key read through its declaration; the
    first key that does not fit raises SchemaError naming it and the value (checklist
    values are public). A key an older box did not keep takes its default."""
    if not isinstance(raw, Mapping):
        raise SchemaError(path, "is not an object")
    out: Setup = {}
    for key in sorted(k for k in raw if k not in BY_KEY):
        raise SchemaError(f"{path}.{key}", "is not a checklist key")
    for option in OPTIONS:
        if option.key not in raw:
            out[option.key] = option.default
            continue
        value = raw[option.key]
        try:
            out[option.key] = option.read(value, f"{path}.{option.key}")
        except SchemaError as exc:
            said = repr(value) if len(repr(value)) <= 40 else repr(value)[:37] + "..."
            raise SchemaError(exc.path, f"{said} {exc.problem.replace('must be', 'is not', 1)}"
                              ) from None
    return out


def load_preset(saved: object) -> Setup:
    """Last game's checklist over the defaults, each value read through its declaration: a
    value that does not fit (an older box's, a hand-edited file's) goes back to its
    default, and the log names the key; a preset that cannot be used at all gives the
    defaults."""
    if saved is None:
        return dict(DEFAULT_SETUP)
    if not isinstance(saved, dict):
        log.warning("FOG preset is not an object: the checklist starts from the defaults")
        return dict(DEFAULT_SETUP)
    setup = dict(DEFAULT_SETUP)
    for key, value in saved.items():
        option = BY_KEY.get(key)
        if option is None:
            log.warning("FOG preset: key %.40r is not a checklist key: dropped", key)
            continue
        try:
            setup[key] = option.read(value)
        except SchemaError as exc:
            log.warning("FOG preset: %s: back to its default (%r)", exc, option.default)
    try:
        return settle(setup)
    except FogkeeperError as exc:
        log.warning("FOG preset not usable (%s): the checklist starts from the defaults", exc)
        return dict(DEFAULT_SETUP)


def offered_words(option: Option, setup: Setup) -> str:
    """What ``option``'s row offers on this checklist, in the words of a refusal."""
    return ", ".join(_words(v) for v in option.choices(setup))


def problems(setup: Setup) -> list[str]:
    """What must change before the game can start."""
    found = []
    if _multi(setup):
        colours = setup["colours"][:colour_count(setup)]
        if len(set(colours)) != len(colours):
            found.append("two colour rows name the same colour")
    return found


def _default_words(option: Option) -> str:
    value = option.default
    if isinstance(value, list):
        return ", ".join(str(v) for v in value)
    if isinstance(value, dict):
        return "{}"
    return _words(value)


def docs_table() -> str:
    """The checklist keys as the docs' Markdown table (header included): key, the rulebook
    option, its row on the box, what it takes, its default."""
    lines = ["| key | option | on the box | takes | default |", "|---|---|---|---|---|"]
    for o in OPTIONS:
        label = o.label.replace("{}", "n") if o.label else "—"
        lines.append(f"| `{o.key}` | {o.number or '—'} | {label} | {o.field.words()} "
                     f"| {_default_words(o)} |")
    return "\n".join(lines) + "\n"
