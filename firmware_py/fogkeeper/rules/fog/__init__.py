"""The FOG: Escape from Paradise rules engine: pure functions over JSON-ready state.

A table flow drives a game step by step with new_game / current_turn / spend_mp / end_turn /
advance_fog / record_losses; movement_cost prices a movement; score_record scores a record.
Board and card data arrive as parsed dicts (see fogkeeper.app.fog_data for the TOML files).
"""

from fogkeeper.rules.fog.board import Board, Boat, board_from_dict
from fogkeeper.rules.fog.cards import CardSet, cards_from_dict
from fogkeeper.rules.fog.decks import (
    Deck,
    GuardianPick,
    deal_guardians,
    deal_missions,
    draw,
    event_deck_ids,
    fog_deck_ids,
    keep_mission,
    mission_deck_ids,
    open_missions,
    shuffled_deck,
)
from fogkeeper.rules.fog.errors import BoardDataError, FogRulesError, RecordError, TurnError
from fogkeeper.rules.fog.fog_track import FogStep, advance, start_position, swallowed_rows
from fogkeeper.rules.fog.game import (
    FogRules,
    GameSetup,
    GameState,
    Loss,
    from_json,
    state_from_dict,
    state_to_dict,
    to_json,
)
from fogkeeper.rules.fog.model import (
    Characteristic,
    FinalIslander,
    IslanderType,
    Move,
    Place,
    PlaceKind,
    Zone,
    parse_place,
)
from fogkeeper.rules.fog.movement import Movement, Price, Refusal, movement_cost, mp_budget
from fogkeeper.rules.fog.options import Options, options_from_dict
from fogkeeper.rules.fog.record import Record, load_record, record_from_dict, record_to_dict
from fogkeeper.rules.fog.results import PlayerScore, Result, TeamScore, rescue_level, score_record
from fogkeeper.rules.fog.scoring import ColourScore
from fogkeeper.rules.fog.setup import (
    LeaderPlacement,
    Player,
    chosen_boat_scorings,
    colours_per_player,
    discs_per_colour,
    draft_order,
    preparation_stacks,
    rescue_leaders,
    solo_nation_order,
    standard_boat_scorings,
    turn_board,
)
from fogkeeper.rules.fog.turns import (
    Turn,
    advance_fog,
    current_turn,
    declare_nobody_left,
    end_turn,
    new_game,
    record_losses,
    round_order,
    spend_mp,
    swallowed_so_far,
)

__all__ = [
    "Board", "BoardDataError", "Boat", "CardSet", "Characteristic", "ColourScore", "Deck",
    "FinalIslander", "FogRules", "FogRulesError", "FogStep", "GameSetup", "GameState",
    "GuardianPick", "IslanderType", "LeaderPlacement", "Loss", "Move", "Movement", "Options",
    "Place", "PlaceKind", "Player", "PlayerScore", "Price", "Record", "RecordError", "Refusal",
    "Result", "TeamScore", "Turn", "TurnError", "Zone", "advance", "advance_fog",
    "board_from_dict", "cards_from_dict", "chosen_boat_scorings", "colours_per_player",
    "current_turn", "deal_guardians", "deal_missions", "declare_nobody_left",
    "discs_per_colour", "draft_order", "draw", "end_turn", "event_deck_ids", "fog_deck_ids",
    "from_json", "keep_mission", "load_record", "mission_deck_ids", "movement_cost",
    "mp_budget", "new_game", "open_missions", "options_from_dict", "parse_place",
    "preparation_stacks", "record_from_dict", "record_losses", "record_to_dict",
    "rescue_leaders", "rescue_level", "round_order", "score_record", "shuffled_deck",
    "solo_nation_order", "spend_mp", "standard_boat_scorings", "start_position",
    "state_from_dict", "state_to_dict", "swallowed_rows", "swallowed_so_far", "to_json",
    "turn_board",
]
