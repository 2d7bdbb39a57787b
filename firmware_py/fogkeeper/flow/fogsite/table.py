"""FOGSITE's table: every screen (``Stage``) and every screen change (``ROWS``). Read it first.

A row's trigger is a button when the button alone changes the screen; any other trigger is
named by what happened (``answered``: the engine answered). Other buttons and menu choices
go to the screen's part in plain code (``setup.py``, ``team.py``, ``relic.py``,
``guardian.py``, ``box.py``, ``end.py``), which does the work and fires the named trigger.
Rows carry no work (the quit aside only remembers where it was); every new screen starts
its menu at the top. A resumed game is put back on its screen by ``restore`` alone.
"""

from __future__ import annotations

from enum import StrEnum


class Stage(StrEnum):
    """Every FOGSITE screen; the flow's machine has one state per stage."""

    SETUP_MENU = "setup_menu"
    BALANCING = "balancing"
    MAZE_EDIT = "maze_edit"
    MAZE_INVALID = "maze_invalid"
    SLEEPING = "sleeping"
    GUARDIAN_START = "guardian_start"
    LOCK = "lock"
    BOX_READY = "box_ready"
    CHOOSE = "choose"
    ACTIONS = "actions"
    EXPLORE = "explore"
    MOVE = "move"
    RELIC_PICK = "relic_pick"
    RELIC_STEP = "relic_step"
    GIVE_PICK = "give_pick"
    GIVE_TO = "give_to"
    HAND_GATE = "hand_gate"
    ANSWER = "answer"
    ESCAPE_CALL = "escape_call"
    PLAY_LOG = "play_log"
    START_TILES = "start_tiles"
    CHOICE_GATE = "choice_gate"
    CHOICE_PIN = "choice_pin"
    CHOICE = "choice"
    GUARDIAN_GATE = "guardian_gate"
    GUARDIAN_PIN = "guardian_pin"
    GUARDIAN_MOVES = "guardian_moves"
    G6_CHOICE = "g6_choice"
    GUARDIAN_REPORT = "guardian_report"
    BOX_TURN = "box_turn"
    PEEK_PIN = "peek_pin"
    PEEK = "peek"
    WINNER = "winner"
    REVEAL = "reveal"
    LOG = "log"
    QUIT_ASK = "quit_ask"


S = Stage
SETUP_STAGES = (S.SETUP_MENU, S.BALANCING, S.MAZE_EDIT, S.MAZE_INVALID, S.SLEEPING,
                S.GUARDIAN_START, S.LOCK, S.BOX_READY)
END_STAGES = (S.WINNER, S.REVEAL, S.LOG)
# every screen shown while a game runs: a link command or the team's clock can cut in on any
PLAY_STAGES = tuple(s for s in Stage if s not in SETUP_STAGES + END_STAGES)
TEAM_STAGES = (S.CHOOSE, S.ACTIONS, S.GIVE_PICK, S.GIVE_TO, S.ESCAPE_CALL, S.EXPLORE, S.MOVE,
               S.RELIC_PICK, S.RELIC_STEP, S.ANSWER, S.HAND_GATE)
# the human Guardian's turn; every other screen of play shows while the team plays, where a
# link command may answer or end a turn whatever the table is looking at
GUARDIAN_SCREENS = (S.GUARDIAN_GATE, S.GUARDIAN_PIN, S.GUARDIAN_MOVES, S.G6_CHOICE)
# the human Guardian picks an answer the rules let it choose (Relics 02, 04-07; G7's lie):
# the team's turn waits, and the link's team actions with it
CHOICE_SCREENS = (S.CHOICE_GATE, S.CHOICE_PIN, S.CHOICE)
TEAM_PHASE = tuple(s for s in PLAY_STAGES if s not in GUARDIAN_SCREENS)
# a long press on B asks before the game is lost, from these screens
QUITTABLE = (*TEAM_STAGES, S.GUARDIAN_GATE, S.GUARDIAN_REPORT, S.BOX_TURN, S.CHOICE_GATE)
# after a loss the team may play on (the rulebook's Q&A): play goes on from the winner screen
PLAY_GOES_ON = [*TEAM_PHASE, S.WINNER]

Row = dict[str, object]  # a transitions row
# the game's path: what `fogkeeper diagram fogsite-path` draws
GAME_PATH: list[Row] = [
    # ---- setup, behind the screen (setup.py) -------------------------------------------------
    {"trigger": "open_balancing", "source": S.SETUP_MENU, "dest": S.BALANCING},
    {"trigger": "enter_maze", "source": S.SETUP_MENU, "dest": S.MAZE_EDIT},
    {"trigger": "box_chosen", "source": S.SETUP_MENU, "dest": S.BOX_READY},
    {"trigger": "back", "source": [S.BALANCING, S.MAZE_EDIT, S.BOX_READY], "dest": S.SETUP_MENU},
    {"trigger": "maze_refused", "source": S.MAZE_EDIT, "dest": S.MAZE_INVALID},
    {"trigger": "ok", "source": S.MAZE_INVALID, "dest": S.MAZE_EDIT},
    {"trigger": "back", "source": [S.MAZE_INVALID, S.SLEEPING], "dest": S.MAZE_EDIT},
    {"trigger": "maze_checked", "source": S.MAZE_EDIT, "dest": S.SLEEPING},
    {"trigger": "back", "source": S.GUARDIAN_START, "dest": S.SLEEPING},
    {"trigger": "sleeper_chosen", "source": S.SLEEPING, "dest": S.GUARDIAN_START},
    {"trigger": "lock", "source": [S.MAZE_EDIT, S.GUARDIAN_START], "dest": S.LOCK},
    {"trigger": "lock_cancelled", "source": S.LOCK, "dest": S.GUARDIAN_START},
    {"trigger": "easy_lock_cancelled", "source": S.LOCK, "dest": S.MAZE_EDIT},
    {"trigger": "setup_refused", "source": [S.LOCK, S.BOX_READY], "dest": S.SETUP_MENU},
    # ---- a game starts, or play goes on: the engine's phase decides where (game.py) ----------
    {"trigger": "box_turn", "source": [*SETUP_STAGES, *PLAY_GOES_ON], "dest": S.BOX_TURN},
    {"trigger": "guardian_turn", "source": [*SETUP_STAGES, *PLAY_GOES_ON],
     "dest": S.GUARDIAN_GATE},
    {"trigger": "team_turn", "source": [*SETUP_STAGES, *PLAY_GOES_ON], "dest": S.CHOOSE},
    {"trigger": "turn_goes_on", "source": TEAM_PHASE, "dest": S.ACTIONS},
    {"trigger": "escape_call", "source": PLAY_GOES_ON, "dest": S.ESCAPE_CALL},
    {"trigger": "game_over", "source": TEAM_PHASE, "dest": S.WINNER},
    # ---- the team's turn (team.py, relic.py) -------------------------------------------------
    {"trigger": "investigator_chosen", "source": S.CHOOSE, "dest": S.ACTIONS},
    {"trigger": "explore", "source": S.ACTIONS, "dest": S.EXPLORE},
    {"trigger": "move", "source": S.ACTIONS, "dest": S.MOVE},
    {"trigger": "give", "source": S.ACTIONS, "dest": S.GIVE_PICK},
    {"trigger": "use_relic", "source": S.ACTIONS, "dest": S.RELIC_PICK},
    {"trigger": "relic_chosen", "source": S.RELIC_PICK, "dest": S.RELIC_STEP},
    {"trigger": "relic_again", "source": S.RELIC_STEP, "dest": S.RELIC_PICK},
    {"trigger": "gift_chosen", "source": S.GIVE_PICK, "dest": S.GIVE_TO},
    # hidden hands: the box goes to the acting Investigator before a hand is shown
    {"trigger": "hand_gate", "source": S.ACTIONS, "dest": S.HAND_GATE},
    {"trigger": "use_relic", "source": S.HAND_GATE, "dest": S.RELIC_PICK},
    {"trigger": "give", "source": S.HAND_GATE, "dest": S.GIVE_PICK},
    {"trigger": "back", "source": S.HAND_GATE, "dest": S.ACTIONS},
    {"trigger": "back", "source": S.GIVE_TO, "dest": S.GIVE_PICK},
    {"trigger": "back", "source": [S.EXPLORE, S.GIVE_PICK, S.RELIC_PICK], "dest": S.ACTIONS},
    {"trigger": "choose_again", "source": S.ACTIONS, "dest": S.CHOOSE},
    # what the table may know: the public log, and (I3) around each Starting tile
    {"trigger": "open_log", "source": S.CHOOSE, "dest": S.PLAY_LOG},
    {"trigger": "open_start_tiles", "source": S.CHOOSE, "dest": S.START_TILES},
    {"trigger": "back", "source": [S.PLAY_LOG, S.START_TILES], "dest": S.CHOOSE},
    # the human Guardian's choice of answer, handed over behind the PIN (choice.py)
    {"trigger": "guardian_choice", "source": [s for s in TEAM_PHASE if s not in CHOICE_SCREENS],
     "dest": S.CHOICE_GATE},
    {"trigger": "back", "source": S.CHOICE_GATE, "dest": S.RELIC_STEP},
    {"trigger": "open_pin", "source": S.CHOICE_GATE, "dest": S.CHOICE_PIN},
    {"trigger": "pin_cancel", "source": S.CHOICE_PIN, "dest": S.CHOICE_GATE},
    {"trigger": "choose_answer", "source": [S.CHOICE_GATE, S.CHOICE_PIN], "dest": S.CHOICE},
    {"trigger": "route_dropped", "source": S.MOVE, "dest": S.ACTIONS},
    # the engine answered, or refused (a refusal never speaks of the maze)
    {"trigger": "answered", "source": TEAM_PHASE, "dest": S.ANSWER},
    {"trigger": "team_time_out", "source": TEAM_PHASE, "dest": S.ANSWER},
    # ---- the Guardian's turn (guardian.py, box.py) -------------------------------------------
    {"trigger": "open_pin", "source": S.GUARDIAN_GATE, "dest": S.GUARDIAN_PIN},
    {"trigger": "enter_moves", "source": [S.GUARDIAN_GATE, S.GUARDIAN_PIN],
     "dest": S.GUARDIAN_MOVES},
    {"trigger": "pin_cancel", "source": S.GUARDIAN_PIN, "dest": S.GUARDIAN_GATE},
    {"trigger": "maze_covered", "source": S.GUARDIAN_MOVES, "dest": S.GUARDIAN_GATE},
    {"trigger": "g6_ask", "source": S.GUARDIAN_MOVES, "dest": S.G6_CHOICE},
    {"trigger": "back", "source": S.G6_CHOICE, "dest": S.GUARDIAN_MOVES},
    {"trigger": "guardian_played", "source": [*GUARDIAN_SCREENS, S.QUIT_ASK],
     "dest": S.GUARDIAN_REPORT},
    {"trigger": "think_over", "source": S.BOX_TURN, "dest": S.GUARDIAN_REPORT},
    # ---- the end (end.py) --------------------------------------------------------------------
    {"trigger": "ok", "source": S.WINNER, "dest": S.REVEAL},
    {"trigger": "back", "source": S.REVEAL, "dest": S.WINNER},
    {"trigger": "ok", "source": S.REVEAL, "dest": S.LOG},
    {"trigger": "down", "source": S.REVEAL, "dest": S.LOG},
    {"trigger": "back", "source": S.LOG, "dest": S.REVEAL},
    {"trigger": "left", "source": S.LOG, "dest": S.REVEAL},
]


def _back_to(source: Stage | list[Stage], screens: tuple[Stage, ...]) -> list[Row]:
    """``back_to_<screen>`` from ``source`` to each of ``screens``, in their order."""
    return [{"trigger": f"back_to_{s.value}", "source": source, "dest": s} for s in screens]


# the asides, which come back where they left (from nearly every screen of play)
ASIDE_ROWS: list[Row] = [
    {"trigger": "hold_back", "source": QUITTABLE, "dest": S.QUIT_ASK, "before": "remember"},
    *_back_to(S.QUIT_ASK, QUITTABLE),
    # the Guardian's look at the maze during the team's turn (PIN)
    {"trigger": "peek", "source": TEAM_STAGES, "dest": S.PEEK_PIN},
    {"trigger": "pin_ok", "source": S.PEEK_PIN, "dest": S.PEEK},
    *_back_to([S.PEEK_PIN, S.PEEK], TEAM_STAGES),
]
ROWS: list[Row] = [*GAME_PATH, *ASIDE_ROWS]
