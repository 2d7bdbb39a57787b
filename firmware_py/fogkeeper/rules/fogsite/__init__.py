"""FOGSITE rules engine: the hidden maze, the Guardian's truthful answers, the game flow."""

from fogkeeper.rules.fogsite.actions import ExploreAnswer, MoveAnswer, explore, give, move
from fogkeeper.rules.fogsite.codec import from_json, state_from_dict, state_to_dict, to_json
from fogkeeper.rules.fogsite.generate import Difficulty, generate_maze, generate_measured
from fogkeeper.rules.fogsite.guardian import (
    GuardianMove,
    GuardianMoveError,
    guardian_turn,
    legal_turns,
    trace_moves,
)
from fogkeeper.rules.fogsite.maze import Cell, CellKind, Colour, Direction, Maze
from fogkeeper.rules.fogsite.maze_text import MazeFormatError, format_maze, parse_maze
from fogkeeper.rules.fogsite.measure import MazeMeasures, measure_maze
from fogkeeper.rules.fogsite.options import Options, options_from_mapping
from fogkeeper.rules.fogsite.players import (
    GuardianPlayer,
    GuardianSetup,
    HunterPolicy,
    guardian_player,
)
from fogkeeper.rules.fogsite.policy import ChoicePolicy, FairPolicy, policy_named, register_policy
from fogkeeper.rules.fogsite.relics import RelicAnswer, RelicRequest, use_relic
from fogkeeper.rules.fogsite.setup import InvalidMazeError, new_game
from fogkeeper.rules.fogsite.sheet import OffSheetError, SheetCopy
from fogkeeper.rules.fogsite.sim import GameResult, MapperTeam, simulate
from fogkeeper.rules.fogsite.state import (
    AttackReport,
    GameState,
    Investigator,
    InvestigatorStatus,
    Phase,
    Side,
)
from fogkeeper.rules.fogsite.turns import begin_turn, end_turn, escape, play_on, time_up
from fogkeeper.rules.fogsite.validate import MazeCounts, Violation, maze_counts, validate_maze
from fogkeeper.rules.fogsite.views import guardian_view, public_view, reveal_view

__all__ = [
    "AttackReport", "Cell", "CellKind", "ChoicePolicy", "Colour", "Difficulty", "Direction",
    "ExploreAnswer", "FairPolicy", "GameResult", "GameState", "GuardianMove", "GuardianMoveError",
    "GuardianPlayer", "GuardianSetup", "HunterPolicy", "InvalidMazeError", "Investigator",
    "InvestigatorStatus", "MapperTeam", "Maze", "MazeCounts", "MazeFormatError", "MazeMeasures",
    "MoveAnswer", "OffSheetError", "Options", "Phase", "RelicAnswer", "RelicRequest", "SheetCopy",
    "Side", "Violation",
    "begin_turn", "end_turn", "escape", "explore", "format_maze", "from_json", "generate_maze",
    "generate_measured", "give", "guardian_player", "guardian_turn", "guardian_view", "legal_turns",
    "maze_counts", "measure_maze", "move", "new_game", "options_from_mapping", "parse_maze",
    "play_on", "policy_named", "public_view", "register_policy", "reveal_view", "simulate",
    "state_from_dict", "state_to_dict", "time_up", "to_json", "trace_moves", "use_relic",
    "validate_maze",
]
