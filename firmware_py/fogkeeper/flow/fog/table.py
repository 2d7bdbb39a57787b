"""The FOG's screens and its table: read this first.

Every screen is a state and every row a screen change. Rows for one trigger and screen are
tried in order; the first whose conditions hold wins, its ``before`` callbacks do the work.
A trigger is a control (``ok``, ``back``, ``hold_ok``, ``right``, ``key3``...) where the control
means one thing on that screen, or a named move: the flow fires it after a menu choice
(``flow.FogFlow.press`` reads the row under the cursor by its key) and the link fires it for
the same move (``link.py``). Controls that change something without leaving the screen
(cursor, values, MP, undo, the draft count) are plain code in ``FogFlow.press``.
"""

from __future__ import annotations

from enum import StrEnum

from fogkeeper.flow.kit.asides import aside_rows


class FogScreen(StrEnum):
    SETUP = "setup"          # the checklist: board, players, colours, options, decks
    VALUES = "values"        # Boat Scorings (and options 6 / 7B) entered from real tiles
    INFO = "info"            # what the table sets up: FOG start, scorings, Guardians, discs
    PASS = "pass"            # "pass the box to Pink, then hold OK"
    HAND = "hand"            # that player's two mission cards: keep one
    OPEN = "open"            # alternate play: the open mission cards, for everyone
    DRAFT = "draft"          # whose pick it is
    TURN = "turn"            # the active colour, its MP, the event, the hourglass
    COST = "cost"            # "what does this cost?"
    FOG = "fog"              # the FOG step: new number, rows swallowed
    LOSSES = "losses"        # per colour: the Islanders the FOG took
    PICK = "pick"            # one Islander's row/place, nation and type
    BOATS = "boats"          # per colour: boat by boat, each place's nation (the fast way)
    SCORE = "score"          # per colour: its Islanders in boats and on piers, one by one
    BONUS = "bonus"          # per colour: its Preparation Bonus tiles
    REVIEW = "review"        # every colour at a glance; edit or confirm
    RESULTS = "results"      # ranking
    DETAIL = "detail"        # one player's breakdown, missions, tie-break counts
    END_NOW = "end_now"      # confirm: nobody has an Islander left to move
    ASK = "ask"              # a question before the box acts: FOG step, undo past it, remove
    CARD = "card"            # the table turned a card over: its letter and number
    SHOW = "show"            # a card's full text (the round's event at its start, on demand)
    PICTURE = "picture"      # what a "Rescued Islander" card pictures, read off the card
    NOTICE = "notice"        # a refusal to read, then back
    QUIT = "quit"            # confirm leaving the game
    HISTORY = "history"      # past games from the records: date, board, scores, winner
    BOARD = "board"          # the owner's board, one value a screen: confirm or correct


F = FogScreen
SCORING = [F.BOATS, F.SCORE, F.BONUS, F.REVIEW, F.PICK]
LOSS_ENTRY = [F.FOG, F.LOSSES, F.PICK]

GAME_PATH: list[dict[str, object]] = [
    # the checklist: OK on "Start game" (or the link's fog.setup) lays out the game
    # (the checklist is kept for next time once the game has started from it, never before)
    {"trigger": "start", "source": F.SETUP, "dest": F.INFO,
     "before": ["start_game", "store_preset"]},
    {"trigger": "enter_values", "source": F.SETUP, "dest": F.VALUES, "before": "ask_values"},
    {"trigger": "start", "source": F.VALUES, "dest": F.INFO,
     "before": ["start_game", "store_preset"]},
    {"trigger": "back", "source": F.VALUES, "dest": F.SETUP},
    # past games, from the checklist
    {"trigger": "history", "source": F.SETUP, "dest": F.HISTORY, "before": "read_history"},
    {"trigger": ["ok", "back"], "source": F.HISTORY, "dest": F.SETUP},
    # the owner's board, from the checklist: each value confirmed or corrected, then saved
    {"trigger": "check_board", "source": F.SETUP, "dest": F.BOARD, "before": "open_check"},
    {"trigger": "board_done", "source": F.BOARD, "dest": F.ASK, "before": "ask_save_board"},
    {"trigger": "ok", "source": F.ASK, "dest": F.SETUP, "conditions": "is_asking_save_board",
     "before": ["save_board", "forget_question"], "after": "cursor_to_board_check"},
    {"trigger": "back", "source": F.ASK, "dest": F.BOARD, "conditions": "is_asking_save_board",
     "before": "forget_question"},
    {"trigger": "back", "source": F.BOARD, "dest": F.ASK, "conditions": "has_board_changes",
     "before": "ask_drop_board"},
    {"trigger": "back", "source": F.BOARD, "dest": F.SETUP, "after": "cursor_to_board_check"},
    {"trigger": "ok", "source": F.ASK, "dest": F.SETUP, "conditions": "is_asking_drop_board",
     "before": "forget_question", "after": "cursor_to_board_check"},
    {"trigger": "back", "source": F.ASK, "dest": F.BOARD, "conditions": "is_asking_drop_board",
     "before": "forget_question"},
    # cards the table turns over itself (Guardians, open missions) are entered first
    {"trigger": "ok", "source": F.INFO, "dest": F.CARD, "conditions": "has_cards_to_enter"},
    # missions: only the player holding the box sees their two cards
    {"trigger": "ok", "source": F.INFO, "dest": F.PASS, "conditions": "is_mission_due"},
    {"trigger": "hold_ok", "source": F.PASS, "dest": F.HAND},
    {"trigger": "kept", "source": F.HAND, "dest": F.PASS, "conditions": "is_mission_due"},
    # then the open missions, the draft (when the board has one) and the first turn
    {"trigger": "ok", "source": F.INFO, "dest": F.OPEN, "conditions": "has_open_missions"},
    {"trigger": "kept", "source": F.HAND, "dest": F.OPEN, "conditions": "has_open_missions"},
    {"trigger": "ok", "source": [F.INFO, F.OPEN], "dest": F.DRAFT, "conditions": "is_draft_due"},
    {"trigger": "kept", "source": F.HAND, "dest": F.DRAFT, "conditions": "is_draft_due"},
    {"trigger": "ok", "source": [F.INFO, F.OPEN], "dest": F.TURN, "before": "begin_turns"},
    {"trigger": "kept", "source": F.HAND, "dest": F.TURN, "before": "begin_turns"},
    # the draft: once the last pick is counted (OK, hold OK or the link) the turns start
    {"trigger": "drafted", "source": F.DRAFT, "dest": F.PASS,
     "conditions": ["is_drafted", "is_mission_due"]},   # missions dealt after the draft
    {"trigger": "drafted", "source": F.DRAFT, "dest": F.TURN, "conditions": "is_drafted",
     "before": "begin_turns"},
    # turns: OK ends the turn; the round's last OK asks first, then the FOG advances
    {"trigger": "ok", "source": F.TURN, "dest": F.ASK, "conditions": "is_round_end",
     "before": "ask_round_end"},
    {"trigger": "ok", "source": F.TURN, "dest": F.TURN, "before": ["close_turn", "start_turn"]},
    {"trigger": "ok", "source": F.ASK, "dest": F.CARD,
     "conditions": ["is_asking_round_end", "is_fog_card_due"],
     "before": ["ask_fog_card", "forget_question"]},
    {"trigger": "ok", "source": F.ASK, "dest": F.FOG, "conditions": "is_asking_round_end",
     "before": ["close_turn", "forget_question"]},
    # a round's event: entered when the table turns it over, then shown in full (also on
    # demand: up on the turn screen)
    {"trigger": "ask_card", "source": [F.TURN, F.REVIEW], "dest": F.CARD},
    {"trigger": "card_entered", "source": F.CARD, "dest": F.CARD,
     "conditions": "has_cards_to_enter"},
    {"trigger": "card_entered", "source": F.CARD, "dest": F.FOG, "conditions": "is_card_for_fog",
     "before": "close_turn"},
    {"trigger": "card_entered", "source": F.CARD, "dest": F.TURN, "conditions": "is_card_for_turn",
     "before": "begin_turns"},
    {"trigger": "card_entered", "source": F.CARD, "dest": F.REVIEW,
     "conditions": "is_card_for_review", "after": "cursor_to_score"},
    {"trigger": "card_entered", "source": F.CARD, "dest": F.INFO},
    {"trigger": "back", "source": F.CARD, "dest": F.TURN, "conditions": "is_card_for_fog",
     "before": "drop_cards"},
    {"trigger": "back", "source": F.CARD, "dest": F.REVIEW, "conditions": "is_card_for_review",
     "before": "drop_cards", "after": "cursor_to_score"},
    {"trigger": "show_card", "source": F.TURN, "dest": F.SHOW},
    {"trigger": ["ok", "back"], "source": F.SHOW, "dest": F.TURN},
    # undo past a FOG step (B or up on the turn screen) asks first too
    {"trigger": "ask_undo_fog", "source": F.TURN, "dest": F.ASK},
    {"trigger": "ok", "source": F.ASK, "dest": F.TURN, "conditions": "is_asking_undo_fog",
     "before": ["undo_fog_step", "forget_question"]},
    {"trigger": "back", "source": F.ASK, "dest": F.TURN, "conditions": "is_asking_at_turn",
     "before": "forget_question"},
    # the hourglass ran out: the MP left are lost, OK still ends the turn
    {"trigger": "time_up", "source": [F.TURN, F.COST], "dest": F.TURN, "unless": "is_over",
     "before": "lose_mp"},
    # the MP helper and the early end sit on right / hold OK too: two-key boards have no KEY3
    {"trigger": ["right", "key3"], "source": F.TURN, "dest": F.COST},   # asked last: kept
    {"trigger": ["hold_ok", "hold_key3"], "source": F.TURN, "dest": F.END_NOW},
    {"trigger": "ok", "source": F.COST, "dest": F.TURN, "before": "pay_cost"},
    {"trigger": ["back", "key3"], "source": F.COST, "dest": F.TURN},
    {"trigger": "paid", "source": [F.TURN, F.COST], "dest": F.TURN},   # the link paid a cost
    # nobody has an Islander left to move: confirm (or the link), then the scoring wizard
    {"trigger": "ok", "source": F.END_NOW, "dest": F.BOATS,
     "before": ["end_game_now", "start_scoring"]},
    {"trigger": "end_game", "source": [F.TURN, F.END_NOW], "dest": F.BOATS,
     "before": ["end_game_now", "start_scoring"]},
    {"trigger": "back", "source": F.END_NOW, "dest": F.TURN},
    # the FOG step: its losses colour by colour, then the next round or the end
    {"trigger": "ok", "source": F.FOG, "dest": F.LOSSES, "conditions": "has_swallowed_rows",
     "before": "open_losses", "after": "cursor_to_add"},
    {"trigger": "ok", "source": F.FOG, "dest": F.BOATS, "conditions": "is_over",
     "before": "start_scoring"},
    {"trigger": "ok", "source": F.FOG, "dest": F.TURN, "before": "begin_turns"},
    {"trigger": "pick_loss", "source": F.LOSSES, "dest": F.PICK, "before": "open_loss_pick"},
    {"trigger": "ok", "source": F.PICK, "dest": F.LOSSES, "conditions": "is_loss_pick",
     "before": "add_picked_loss", "after": ["cursor_to_add", "warn_if_noted"]},
    {"trigger": "back", "source": F.PICK, "dest": F.LOSSES, "conditions": "is_loss_pick",
     "after": "cursor_to_add"},
    # removing a loss or an Islander asks first
    {"trigger": "ask_remove", "source": [F.LOSSES, F.SCORE], "dest": F.ASK},
    {"trigger": "ok", "source": F.ASK, "dest": F.LOSSES, "conditions": "is_asking_remove_loss",
     "before": ["remove_asked", "forget_question"], "after": "cursor_to_add"},
    {"trigger": "back", "source": F.ASK, "dest": F.LOSSES, "conditions": "is_asking_remove_loss",
     "before": "forget_question", "after": "cursor_to_add"},
    {"trigger": "ok", "source": F.ASK, "dest": F.SCORE,
     "conditions": "is_asking_remove_islander",
     "before": ["remove_asked", "forget_question"], "after": "cursor_to_add"},
    {"trigger": "back", "source": F.ASK, "dest": F.SCORE,
     "conditions": "is_asking_remove_islander", "before": "forget_question",
     "after": "cursor_to_add"},
    # the review opens every loss so far to add, change or remove one, then comes back
    {"trigger": "fix_losses", "source": F.REVIEW, "dest": F.LOSSES,
     "before": "open_fixed_losses", "after": "cursor_to_add"},
    {"trigger": "losses_done", "source": F.LOSSES, "dest": F.REVIEW, "conditions": "is_fixing",
     "before": "close_losses", "after": "cursor_to_score"},
    {"trigger": "losses_done", "source": F.LOSSES, "dest": F.BOATS, "conditions": "is_over",
     "before": ["close_losses", "start_scoring"]},
    {"trigger": "losses_done", "source": F.LOSSES, "dest": F.TURN,
     "before": ["close_losses", "begin_turns"]},
    # the link enters every colour's losses at once
    {"trigger": "losses_entered", "source": LOSS_ENTRY, "dest": F.BOATS, "conditions": "is_over",
     "before": "start_scoring"},
    {"trigger": "losses_entered", "source": LOSS_ENTRY, "dest": F.TURN, "before": "begin_turns"},
    # scoring wizard: each colour's Islanders boat by boat (B: one by one), then its bonus
    # tiles (not solo), then the review
    {"trigger": "grid_pick", "source": F.BOATS, "dest": F.PICK, "after": "cursor_to_type"},
    {"trigger": "ok", "source": F.PICK, "dest": F.BOATS, "conditions": "is_grid_pick",
     "before": ["add_picked_islander", "leave_grid_pick"], "after": "warn_if_noted"},
    {"trigger": "back", "source": F.PICK, "dest": F.BOATS, "conditions": "is_grid_pick",
     "before": "leave_grid_pick"},
    {"trigger": "back", "source": F.BOATS, "dest": F.SCORE, "after": "cursor_to_add"},
    {"trigger": "ok", "source": F.PICK, "dest": F.SCORE, "before": "add_picked_islander",
     "after": ["cursor_to_add", "warn_if_noted"]},
    {"trigger": "back", "source": F.PICK, "dest": F.SCORE, "after": "cursor_to_add"},
    {"trigger": "pick_islander", "source": F.SCORE, "dest": F.PICK,
     "before": "open_score_pick"},
    {"trigger": "colour_done", "source": [F.BOATS, F.SCORE], "dest": F.BONUS,
     "unless": "is_solo"},
    {"trigger": "colour_done", "source": [F.BOATS, F.SCORE, F.BONUS], "dest": F.REVIEW,
     "conditions": "is_last_to_score", "before": "stop_editing", "after": "cursor_to_score"},
    {"trigger": "colour_done", "source": [F.BOATS, F.SCORE, F.BONUS], "dest": F.BOATS,
     "before": "next_score_colour"},
    {"trigger": "back", "source": F.BONUS, "dest": F.BOATS},
    {"trigger": "edit", "source": F.REVIEW, "dest": F.BOATS, "before": "open_grid"},
    # a "Rescued Islander" card the rulebook does not print: what it pictures, from the card
    {"trigger": "picture", "source": F.REVIEW, "dest": F.PICTURE},
    {"trigger": "pictured", "source": F.PICTURE, "dest": F.REVIEW, "before": "keep_picture",
     "after": "cursor_to_score"},
    {"trigger": "back", "source": F.PICTURE, "dest": F.REVIEW, "after": "cursor_to_score"},
    # a score refused on a board the owner never checked: the table may score it anyway
    {"trigger": "ask_score", "source": F.REVIEW, "dest": F.ASK},
    {"trigger": "ok", "source": F.ASK, "dest": F.RESULTS, "conditions": "is_asking_score_anyway",
     "before": ["score_game_anyway", "forget_question"]},
    {"trigger": "back", "source": F.ASK, "dest": F.REVIEW, "conditions": "is_asking_score_anyway",
     "before": "forget_question", "after": "cursor_to_score"},
    {"trigger": "score", "source": F.REVIEW, "dest": F.RESULTS,   # a refused score stays on
     "before": ["cursor_to_score", "score_game"]},                 # "Score the game"
    {"trigger": "to_review", "source": SCORING, "dest": F.REVIEW},   # the link's score entry
    {"trigger": "ok", "source": F.RESULTS, "dest": F.DETAIL, "before": "open_detail"},
    {"trigger": ["ok", "back"], "source": F.DETAIL, "dest": F.RESULTS},
]
# leaving (hold B anywhere, then OK) and a refusal to read, from and back to any screen
ASIDES = aside_rows(list(FogScreen), quit_screen=F.QUIT, notice=F.NOTICE)
TRANSITIONS: list[dict[str, object]] = [*ASIDES, *GAME_PATH]
