"""The FOG's setup checklist (board, players, colours, options 1-11, decks) as data rows."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from fogkeeper.data.fog import BOARD_NAMES, Scenario, load_scenarios
from fogkeeper.errors import FogkeeperError
from fogkeeper.flow.fog.session import PALETTE, Setup, board_for
from fogkeeper.rules.fog import Board, colours_per_player
from fogkeeper.rules.fog.table_checks import fog_start_range

Choice = str | int | bool   # a checklist value

OFF = ""
BOOL_OPTIONS = ("hourglass", "boat_area_scoring", "boats_without_colour", "minimum_crew",
                "individual_boat_scorings", "three_colours", "rescue_leaders",
                "enhanced_movements")
CHOICE_OPTIONS = ("drive_off", "beach_scoring", "team_scoring", "multi_colour", "fog_cards",
                  "fog_cards_end", "events", "guardians", "rescued_islanders",
                  "rescue_achievements", "extra_boat")
SOLO_OPTIONS = ("hourglass", "fog_cards", "fog_cards_end", "events", "guardians",
                "rescued_islanders")   # B-F28: "most" missions need other players

DEFAULT_SETUP: Setup = {
    "mode": "multiplayer", "board": "S", "players": 4, "colours": list(PALETTE), "start": "draw",
    **dict.fromkeys(BOOL_OPTIONS, False), **dict.fromkeys(CHOICE_OPTIONS, OFF),
    "multi_colour": "lowest", "fog_cards_end": "last_card", "boat_scoring": "drawn",
    "scenario": "", "scenario_values": {}, "nation_mp": {}, "fog_start": 9, "crew_rp": 0,
    "commoner_rp": 0, "draws": "box", "flex_plus_one": False, "team_size": 2,
    "missions_after_draft": False, "guardian_sides": ["A"] * 6,
}


@dataclass(frozen=True)
class SetupRow:
    """One checklist row: which setup key, its label, its choices and when it is shown."""

    key: str
    label: str
    choices: Callable[[Setup], tuple[Choice, ...]]
    shown: Callable[[Setup], bool] = lambda s: True
    nation: str = ""     # solo MP rows
    index: int = -1      # colour rows


def fixed(*values: Choice) -> Callable[[Setup], tuple[Choice, ...]]:
    return lambda s: values


ON_OFF = fixed(False, True)


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
    return bool(setup["mode"] == "multiplayer")


def _solo(setup: Setup) -> bool:
    return bool(setup["mode"] == "solo")


def _nation_rows(setup: Setup) -> list[SetupRow]:
    if not _solo(setup):
        return []
    board = board_of(setup)
    top = board.solo_mp_track_max
    return [SetupRow("nation_mp", f"MP {boat.nation}", fixed(*range(1, top + 1)),
                     nation=boat.nation)
            for boat in board.boats_in_play(setup["extra_boat"] or None)]


def _colour_rows(setup: Setup) -> list[SetupRow]:
    if not _multi(setup):
        return []
    return [SetupRow("colours", f"Colour {i + 1}", fixed(*PALETTE), index=i)
            for i in range(colour_count(setup))]


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


HEAD = [
    SetupRow("mode", "Mode", fixed("multiplayer", "solo")),
    SetupRow("board", "Board", fixed(*BOARD_NAMES)),
    SetupRow("extra_boat", "Extra boat", fixed("A7", "A8"), lambda s: s["board"] == "M"),
    SetupRow("players", "Players", _players, _multi),
    SetupRow("scenario", "Scenario", lambda s: ("", *load_scenarios()), _solo),
]
TAIL = [
    SetupRow("fog_start", "FOG start", lambda s: _fog_starts(s), _solo),
    SetupRow("crew_rp", "Crew goal RP", fixed(0, 10, 15, 20, 25, 30), _solo),
    SetupRow("commoner_rp", "Commoner RP", fixed(0, 10, 15, 20, 25, 30), _solo),
    SetupRow("start", "Start player", _starts, _multi),
    SetupRow("hourglass", "1 Hourglass", ON_OFF),
    SetupRow("boat_area_scoring", "2 Area tiles", ON_OFF, _multi),
    SetupRow("drive_off", "3 Drive Off", fixed(OFF, "family", "advanced", "intensive"), _multi),
    SetupRow("boats_without_colour", "4 Empty boats", ON_OFF, _multi),
    SetupRow("minimum_crew", "5 Minimum crew", ON_OFF, _multi),
    SetupRow("individual_boat_scorings", "6 Indiv. boats", ON_OFF, _multi),
    SetupRow("beach_scoring", "7 Beach tiles", fixed(OFF, "A", "B"), _multi),
    SetupRow("team_scoring", "8 Teams", fixed(OFF, "sum", "lowest"), _has_teams),
    SetupRow("team_size", "Team size", fixed(2, 3),
             lambda s: _has_teams(s) and s["players"] == 6 and bool(s["team_scoring"])),
    SetupRow("flex_plus_one", "FOG start +1", ON_OFF,
             lambda s: _multi(s) and s["board"] == "F"),
    SetupRow("three_colours", "9 Three colours", ON_OFF, _is_l2),
    SetupRow("rescue_leaders", "10 Leaders", ON_OFF, _multi),
    SetupRow("enhanced_movements", "11 Enhanced", ON_OFF, _multi),
    SetupRow("multi_colour", "Colours score", fixed("lowest", "sum"), _many_colours),
    SetupRow("events", "Events deck", fixed(OFF, "with_calm", "without_calm")),
    SetupRow("fog_cards", "FOG cards", fixed(OFF, "standard", "with_c")),
    SetupRow("fog_cards_end", "FOG end", fixed("last_card", "last_card_or_shore"),
             lambda s: bool(s["fog_cards"])),
    SetupRow("guardians", "Guardians", lambda s: (OFF, "A", "B", "per_player") if _multi(s)
             else (OFF, "A", "B")),
    SetupRow("rescued_islanders", "Rescued Isl.", fixed(OFF, "secret", "open")),
    SetupRow("rescue_achievements", "Achievements", fixed(OFF, "secret", "open"), _multi),
    SetupRow("missions_after_draft", "Missions", fixed(False, True),
             lambda s: _multi(s) and "secret" in (s["rescued_islanders"],
                                                  s["rescue_achievements"])),
    SetupRow("boat_scoring", "Boat Scoring", fixed("drawn", "entered")),
    SetupRow("draws", "Cards drawn by", fixed("box", "table"), lambda s: _has_decks(s)),
]
START = SetupRow("start_game", "Start game", fixed(""))
HISTORY = SetupRow("history", "Past games", fixed(""))
BOARD_CHECK = SetupRow("board_check", "Check board", fixed(""))   # the owner's walk-through


def _side_rows(setup: Setup) -> list[SetupRow]:
    """Guardians per player: each player's side, A or B."""
    if not _multi(setup) or setup["guardians"] != "per_player":
        return []
    return [SetupRow("guardian_sides", f"Side P{i + 1}", fixed("A", "B"), index=i)
            for i in range(int(setup["players"]))]


def rows(setup: Setup) -> list[SetupRow]:
    """The checklist as it stands for these choices, the Start row last."""
    shown = [r for r in HEAD if r.shown(setup)] + _nation_rows(setup) + _colour_rows(setup)
    return [*shown, *(r for r in TAIL if r.shown(setup)), *_side_rows(setup), START, HISTORY,
            BOARD_CHECK]


def value_of(setup: Setup, row: SetupRow) -> Choice:
    value: Choice
    if row.key == "nation_mp":
        value = setup["nation_mp"].get(row.nation, 5)
    elif row.key in ("colours", "guardian_sides"):
        value = setup[row.key][row.index]
    else:
        value = setup.get(row.key, "")
    return value


def shown_value(setup: Setup, row: SetupRow) -> str:
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
        new = apply_scenario(new, load_scenarios()[str(value)])
    return settle(new)


def apply_scenario(setup: Setup, scenario: Scenario) -> Setup:
    """A solo scenario's values on the checklist (they can still be changed after)."""
    return {**setup, "board": scenario.board, "nation_mp": dict(scenario.nation_mp),
            "fog_start": scenario.fog_start or int(setup["fog_start"]),
            "crew_rp": scenario.minimum_crew_rp, "commoner_rp": scenario.commoner_rescue_rp,
            "boat_scoring": "entered" if scenario.boat_scoring else setup["boat_scoring"],
            "scenario_values": dict(scenario.boat_scoring)}


def settle(setup: Setup) -> Setup:
    """Keep dependent choices valid after a change (player count within the board, etc.)."""
    new = dict(setup)
    board = board_of(new)
    new["players"] = min(max(int(new["players"]), board.min_players), board.max_players)
    if new["board"] != "M":
        new["extra_boat"] = OFF
    elif not new["extra_boat"]:
        new["extra_boat"] = "A7"
    if not _is_l2(new):
        new["three_colours"] = False
    if not _has_teams(new):
        new["team_scoring"] = OFF
    if new["players"] != 6 or not new["team_scoring"]:
        new["team_size"] = 2
    if new["board"] != "F" or not _multi(new):
        new["flex_plus_one"] = False
    if not _multi(new) and new["guardians"] == "per_player":
        new["guardians"] = "A"
    sides = [x if x in ("A", "B") else "A" for x in list(new["guardian_sides"])[:6]]
    new["guardian_sides"] = sides + ["A"] * (6 - len(sides))
    if new["start"] not in _starts(new):
        new["start"] = "draw"
    colours = list(new["colours"]) + [c for c in PALETTE if c not in new["colours"]]
    new["colours"] = colours[:max(len(PALETTE), colour_count(new) if _multi(new) else 0)]
    return new


def load_preset(saved: object) -> Setup:
    """Last game's checklist over the defaults; anything unreadable falls back to them."""
    if not isinstance(saved, dict):
        return dict(DEFAULT_SETUP)
    setup = {**DEFAULT_SETUP, **{k: v for k, v in saved.items() if k in DEFAULT_SETUP
                                 and isinstance(v, type(DEFAULT_SETUP[k]))}}
    try:
        return settle(setup)
    except FogkeeperError:
        return dict(DEFAULT_SETUP)


def problems(setup: Setup) -> list[str]:
    """What must change before the game can start."""
    found = []
    if _multi(setup):
        colours = setup["colours"][:colour_count(setup)]
        if len(set(colours)) != len(colours):
            found.append("two colour rows name the same colour")
    return found
