"""FOGSITE's table: every screen (``Stage``) and every screen change (``ROWS``). Read it first.

A row's trigger is a button when the button alone changes the screen; any other trigger is
named by what happened (``answered``: the engine answered). Other buttons and menu choices
go to the screen's part in plain code (``setup.py``, ``team.py``, ``relic.py``,
``guardian.py``, ``box.py``, ``end.py``), which does the work and fires the named trigger.
Every trigger is a member of ``Go``, declared once, so a misspelt one is a mypy error.
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
    MOVE_COPY = "move_copy"  # a teammate's sheet laid on the mover's, for the Move
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


class Go(StrEnum):
    """Every trigger of the table, declared once: the rows and every call that fires one name
    these members, so a misspelt trigger is a mypy error and not a row that never fires."""
    # the controls, as the box hands them to ``FogsiteFlow.handle``
    OK = "ok"
    BACK = "back"
    DOWN = "down"
    LEFT = "left"
    HOLD_BACK = "hold_back"
    # setup, behind the screen (setup.py, box.py)
    OPEN_BALANCING = "open_balancing"
    ENTER_MAZE = "enter_maze"
    BOX_CHOSEN = "box_chosen"
    MAZE_REFUSED = "maze_refused"
    MAZE_CHECKED = "maze_checked"
    SLEEPER_CHOSEN = "sleeper_chosen"
    LOCK = "lock"
    LOCK_CANCELLED = "lock_cancelled"
    EASY_LOCK_CANCELLED = "easy_lock_cancelled"
    SETUP_REFUSED = "setup_refused"
    # a game starts, or play goes on: the engine's phase decides where (game.py)
    BOX_TURN = "box_turn"
    GUARDIAN_TURN = "guardian_turn"
    TEAM_TURN = "team_turn"
    TURN_GOES_ON = "turn_goes_on"
    ESCAPE_CALL = "escape_call"
    GAME_OVER = "game_over"
    # the team's turn (team.py, relic.py, choice.py)
    INVESTIGATOR_CHOSEN = "investigator_chosen"
    EXPLORE = "explore"
    MOVE = "move"
    GIVE = "give"
    USE_RELIC = "use_relic"
    RELIC_CHOSEN = "relic_chosen"
    RELIC_AGAIN = "relic_again"
    GIFT_CHOSEN = "gift_chosen"
    HAND_GATE = "hand_gate"
    CHOOSE_AGAIN = "choose_again"
    OPEN_LOG = "open_log"
    OPEN_START_TILES = "open_start_tiles"
    GUARDIAN_CHOICE = "guardian_choice"
    OPEN_PIN = "open_pin"
    PIN_CANCEL = "pin_cancel"
    CHOOSE_ANSWER = "choose_answer"
    ROUTE_DROPPED = "route_dropped"
    COPY_SHEET = "copy_sheet"
    COPY_DONE = "copy_done"
    ANSWERED = "answered"
    TEAM_TIME_OUT = "team_time_out"
    # the Guardian's turn (guardian.py, box.py)
    ENTER_MOVES = "enter_moves"
    MAZE_COVERED = "maze_covered"
    G6_ASK = "g6_ask"
    GUARDIAN_PLAYED = "guardian_played"
    THINK_OVER = "think_over"
    # the Guardian's look at the maze (guardian.py)
    PEEK = "peek"
    PIN_OK = "pin_ok"
    # back where an aside was asked (game.py, guardian.py), one a screen: see BACK_TO
    BACK_TO_CHOOSE = "back_to_choose"
    BACK_TO_ACTIONS = "back_to_actions"
    BACK_TO_GIVE_PICK = "back_to_give_pick"
    BACK_TO_GIVE_TO = "back_to_give_to"
    BACK_TO_ESCAPE_CALL = "back_to_escape_call"
    BACK_TO_EXPLORE = "back_to_explore"
    BACK_TO_MOVE = "back_to_move"
    BACK_TO_MOVE_COPY = "back_to_move_copy"
    BACK_TO_RELIC_PICK = "back_to_relic_pick"
    BACK_TO_RELIC_STEP = "back_to_relic_step"
    BACK_TO_ANSWER = "back_to_answer"
    BACK_TO_HAND_GATE = "back_to_hand_gate"
    BACK_TO_GUARDIAN_GATE = "back_to_guardian_gate"
    BACK_TO_GUARDIAN_REPORT = "back_to_guardian_report"
    BACK_TO_BOX_TURN = "back_to_box_turn"
    BACK_TO_CHOICE_GATE = "back_to_choice_gate"


S = Stage
SETUP_STAGES = (S.SETUP_MENU, S.BALANCING, S.MAZE_EDIT, S.MAZE_INVALID, S.SLEEPING,
                S.GUARDIAN_START, S.LOCK, S.BOX_READY)
END_STAGES = (S.WINNER, S.REVEAL, S.LOG)
# every screen shown while a game runs: a link command or the team's clock can cut in on any
PLAY_STAGES = tuple(s for s in Stage if s not in SETUP_STAGES + END_STAGES)
TEAM_STAGES = (S.CHOOSE, S.ACTIONS, S.GIVE_PICK, S.GIVE_TO, S.ESCAPE_CALL, S.EXPLORE, S.MOVE,
               S.MOVE_COPY, S.RELIC_PICK, S.RELIC_STEP, S.ANSWER, S.HAND_GATE)
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
    {"trigger": Go.OPEN_BALANCING, "source": S.SETUP_MENU, "dest": S.BALANCING},
    {"trigger": Go.ENTER_MAZE, "source": S.SETUP_MENU, "dest": S.MAZE_EDIT},
    {"trigger": Go.BOX_CHOSEN, "source": S.SETUP_MENU, "dest": S.BOX_READY},
    {"trigger": Go.BACK, "source": [S.BALANCING, S.MAZE_EDIT, S.BOX_READY], "dest": S.SETUP_MENU},
    {"trigger": Go.MAZE_REFUSED, "source": S.MAZE_EDIT, "dest": S.MAZE_INVALID},
    {"trigger": Go.OK, "source": S.MAZE_INVALID, "dest": S.MAZE_EDIT},
    {"trigger": Go.BACK, "source": [S.MAZE_INVALID, S.SLEEPING], "dest": S.MAZE_EDIT},
    {"trigger": Go.MAZE_CHECKED, "source": S.MAZE_EDIT, "dest": S.SLEEPING},
    {"trigger": Go.BACK, "source": S.GUARDIAN_START, "dest": S.SLEEPING},
    {"trigger": Go.SLEEPER_CHOSEN, "source": S.SLEEPING, "dest": S.GUARDIAN_START},
    {"trigger": Go.LOCK, "source": [S.MAZE_EDIT, S.GUARDIAN_START], "dest": S.LOCK},
    {"trigger": Go.LOCK_CANCELLED, "source": S.LOCK, "dest": S.GUARDIAN_START},
    {"trigger": Go.EASY_LOCK_CANCELLED, "source": S.LOCK, "dest": S.MAZE_EDIT},
    {"trigger": Go.SETUP_REFUSED, "source": [S.LOCK, S.BOX_READY], "dest": S.SETUP_MENU},
    # ---- a game starts, or play goes on: the engine's phase decides where (game.py) ----------
    {"trigger": Go.BOX_TURN, "source": [*SETUP_STAGES, *PLAY_GOES_ON], "dest": S.BOX_TURN},
    {"trigger": Go.GUARDIAN_TURN, "source": [*SETUP_STAGES, *PLAY_GOES_ON],
     "dest": S.GUARDIAN_GATE},
    {"trigger": Go.TEAM_TURN, "source": [*SETUP_STAGES, *PLAY_GOES_ON], "dest": S.CHOOSE},
    {"trigger": Go.TURN_GOES_ON, "source": TEAM_PHASE, "dest": S.ACTIONS},
    {"trigger": Go.ESCAPE_CALL, "source": PLAY_GOES_ON, "dest": S.ESCAPE_CALL},
    {"trigger": Go.GAME_OVER, "source": TEAM_PHASE, "dest": S.WINNER},
    # ---- the team's turn (team.py, relic.py) -------------------------------------------------
    {"trigger": Go.INVESTIGATOR_CHOSEN, "source": S.CHOOSE, "dest": S.ACTIONS},
    {"trigger": Go.EXPLORE, "source": S.ACTIONS, "dest": S.EXPLORE},
    {"trigger": Go.MOVE, "source": S.ACTIONS, "dest": S.MOVE},
    {"trigger": Go.GIVE, "source": S.ACTIONS, "dest": S.GIVE_PICK},
    {"trigger": Go.USE_RELIC, "source": S.ACTIONS, "dest": S.RELIC_PICK},
    {"trigger": Go.RELIC_CHOSEN, "source": S.RELIC_PICK, "dest": S.RELIC_STEP},
    {"trigger": Go.RELIC_AGAIN, "source": S.RELIC_STEP, "dest": S.RELIC_PICK},
    {"trigger": Go.GIFT_CHOSEN, "source": S.GIVE_PICK, "dest": S.GIVE_TO},
    # hidden hands: the box goes to the acting Investigator before a hand is shown
    {"trigger": Go.HAND_GATE, "source": S.ACTIONS, "dest": S.HAND_GATE},
    {"trigger": Go.USE_RELIC, "source": S.HAND_GATE, "dest": S.RELIC_PICK},
    {"trigger": Go.GIVE, "source": S.HAND_GATE, "dest": S.GIVE_PICK},
    {"trigger": Go.BACK, "source": S.HAND_GATE, "dest": S.ACTIONS},
    {"trigger": Go.BACK, "source": S.GIVE_TO, "dest": S.GIVE_PICK},
    {"trigger": Go.BACK, "source": [S.EXPLORE, S.GIVE_PICK, S.RELIC_PICK], "dest": S.ACTIONS},
    {"trigger": Go.CHOOSE_AGAIN, "source": S.ACTIONS, "dest": S.CHOOSE},
    # what the table may know: the public log, and (I3) around each Starting tile
    {"trigger": Go.OPEN_LOG, "source": S.CHOOSE, "dest": S.PLAY_LOG},
    {"trigger": Go.OPEN_START_TILES, "source": S.CHOOSE, "dest": S.START_TILES},
    {"trigger": Go.BACK, "source": [S.PLAY_LOG, S.START_TILES], "dest": S.CHOOSE},
    # the human Guardian's choice of answer, handed over behind the PIN (choice.py)
    {"trigger": Go.GUARDIAN_CHOICE, "source": [s for s in TEAM_PHASE if s not in CHOICE_SCREENS],
     "dest": S.CHOICE_GATE},
    {"trigger": Go.BACK, "source": S.CHOICE_GATE, "dest": S.RELIC_STEP},
    {"trigger": Go.OPEN_PIN, "source": S.CHOICE_GATE, "dest": S.CHOICE_PIN},
    {"trigger": Go.PIN_CANCEL, "source": S.CHOICE_PIN, "dest": S.CHOICE_GATE},
    {"trigger": Go.CHOOSE_ANSWER, "source": [S.CHOICE_GATE, S.CHOICE_PIN], "dest": S.CHOICE},
    {"trigger": Go.ROUTE_DROPPED, "source": S.MOVE, "dest": S.ACTIONS},
    # a Move may walk on teammates' tiles: their sheets copied onto the mover's first
    {"trigger": Go.COPY_SHEET, "source": S.MOVE, "dest": S.MOVE_COPY},
    {"trigger": Go.COPY_DONE, "source": S.MOVE_COPY, "dest": S.MOVE},
    # the engine answered, or refused (a refusal never speaks of the maze)
    {"trigger": Go.ANSWERED, "source": TEAM_PHASE, "dest": S.ANSWER},
    {"trigger": Go.TEAM_TIME_OUT, "source": TEAM_PHASE, "dest": S.ANSWER},
    # ---- the Guardian's turn (guardian.py, box.py) -------------------------------------------
    {"trigger": Go.OPEN_PIN, "source": S.GUARDIAN_GATE, "dest": S.GUARDIAN_PIN},
    {"trigger": Go.ENTER_MOVES, "source": [S.GUARDIAN_GATE, S.GUARDIAN_PIN],
     "dest": S.GUARDIAN_MOVES},
    {"trigger": Go.PIN_CANCEL, "source": S.GUARDIAN_PIN, "dest": S.GUARDIAN_GATE},
    {"trigger": Go.MAZE_COVERED, "source": S.GUARDIAN_MOVES, "dest": S.GUARDIAN_GATE},
    {"trigger": Go.G6_ASK, "source": S.GUARDIAN_MOVES, "dest": S.G6_CHOICE},
    {"trigger": Go.BACK, "source": S.G6_CHOICE, "dest": S.GUARDIAN_MOVES},
    {"trigger": Go.GUARDIAN_PLAYED, "source": [*GUARDIAN_SCREENS, S.QUIT_ASK],
     "dest": S.GUARDIAN_REPORT},
    {"trigger": Go.THINK_OVER, "source": S.BOX_TURN, "dest": S.GUARDIAN_REPORT},
    # ---- the end (end.py) --------------------------------------------------------------------
    # the box shows the maze to the whole table: after a loss, the team can no longer play on
    {"trigger": Go.OK, "source": S.WINNER, "dest": S.REVEAL, "after": "maze_seen"},
    {"trigger": Go.BACK, "source": S.REVEAL, "dest": S.WINNER},
    {"trigger": Go.OK, "source": S.REVEAL, "dest": S.LOG},
    {"trigger": Go.DOWN, "source": S.REVEAL, "dest": S.LOG},
    {"trigger": Go.BACK, "source": S.LOG, "dest": S.REVEAL},
    {"trigger": Go.LEFT, "source": S.LOG, "dest": S.REVEAL},
]


# the way back to each screen an aside can interrupt (a Go member, or the import fails)
BACK_TO: dict[Stage, Go] = {s: Go(f"back_to_{s.value}")
                            for s in dict.fromkeys((*QUITTABLE, *TEAM_STAGES))}


def _back_to(source: Stage | list[Stage], screens: tuple[Stage, ...]) -> list[Row]:
    """``back_to_<screen>`` from ``source`` to each of ``screens``, in their order."""
    return [{"trigger": BACK_TO[s], "source": source, "dest": s} for s in screens]


# the asides, which come back where they left (from nearly every screen of play)
ASIDE_ROWS: list[Row] = [
    {"trigger": Go.HOLD_BACK, "source": QUITTABLE, "dest": S.QUIT_ASK, "before": "remember"},
    *_back_to(S.QUIT_ASK, QUITTABLE),
    # the Guardian's look at the maze during the team's turn (PIN)
    {"trigger": Go.PEEK, "source": TEAM_STAGES, "dest": S.PEEK_PIN},
    {"trigger": Go.PIN_OK, "source": S.PEEK_PIN, "dest": S.PEEK},
    *_back_to([S.PEEK_PIN, S.PEEK], TEAM_STAGES),
]
ROWS: list[Row] = [*GAME_PATH, *ASIDE_ROWS]
