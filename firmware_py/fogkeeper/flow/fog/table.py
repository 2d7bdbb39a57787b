"""The FOG's screens and its table: read this first.

Every screen is a state and every row a screen change. Rows for one trigger and screen are
tried in order; the first whose conditions hold wins, its ``before`` callbacks do the work.
A row names each callback ``part.method``: the part of the flow that holds that part of the
game (``checklist``, ``past_games``, ``deal``, ``rounds``, ``losses``, ``cards``, ``scores``,
``controls``); the flow binds each name to its part when it builds the machine, so a
misspelt one fails then.
A trigger (``Go``) is a control (``ok``, ``back``, ``hold_ok``, ``right``, ``key3``...) where the
control means one thing on that screen, or a named move: a part fires it after a menu choice
(its press handler reads the row under the cursor by its key) and the link fires it for the
same move (``link.py``). Controls that change something without leaving the screen (cursor,
values, MP, undo, the draft count) are plain code in the screen's part.
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


class Go(StrEnum):
    """Every trigger of the table, declared once: the rows and every call that fires one
    name it here, so a misspelt trigger is a type error (the asides' ``back_to_<screen>``
    are generated, see ``back_to``)."""

    # controls, where the control alone changes the screen
    OK = "ok"
    BACK = "back"
    HOLD_OK = "hold_ok"
    HOLD_BACK = "hold_back"
    RIGHT = "right"
    KEY3 = "key3"
    HOLD_KEY3 = "hold_key3"
    # the asides
    REFUSED = "refused"
    # the checklist
    START = "start"
    ENTER_VALUES = "enter_values"
    HISTORY = "history"
    CHECK_BOARD = "check_board"
    BOARD_DONE = "board_done"
    # the missions' deal and the draft
    KEPT = "kept"
    DRAFTED = "drafted"
    # turns and rounds
    ASK_UNDO_FOG = "ask_undo_fog"
    TIME_UP = "time_up"
    PAID = "paid"
    END_GAME = "end_game"
    # cards the table turns over
    ASK_CARD = "ask_card"
    CARD_ENTERED = "card_entered"
    SHOW_CARD = "show_card"
    PICTURE = "picture"
    PICTURED = "pictured"
    # the FOG step's losses
    PICK_LOSS = "pick_loss"
    ASK_REMOVE = "ask_remove"
    FIX_LOSSES = "fix_losses"
    LOSSES_DONE = "losses_done"
    LOSSES_ENTERED = "losses_entered"
    # scoring
    GRID_PICK = "grid_pick"
    PICK_ISLANDER = "pick_islander"
    COLOUR_DONE = "colour_done"
    EDIT = "edit"
    ASK_SCORE = "ask_score"
    SCORE = "score"
    TO_REVIEW = "to_review"


F = FogScreen
SCORING = [F.BOATS, F.SCORE, F.BONUS, F.REVIEW, F.PICK]
LOSS_ENTRY = [F.FOG, F.LOSSES, F.PICK]

GAME_PATH: list[dict[str, object]] = [
    # the checklist: OK on "Start game" (or the link's fog.setup) lays out the game
    # (the checklist is kept for next time once the game has started from it, never before)
    {"trigger": Go.START, "source": F.SETUP, "dest": F.INFO,
     "before": ["checklist.start_game", "checklist.store_preset"]},
    {"trigger": Go.ENTER_VALUES, "source": F.SETUP, "dest": F.VALUES,
     "before": "checklist.ask_values"},
    {"trigger": Go.START, "source": F.VALUES, "dest": F.INFO,
     "before": ["checklist.start_game", "checklist.store_preset"]},
    {"trigger": Go.BACK, "source": F.VALUES, "dest": F.SETUP},
    # past games, from the checklist
    {"trigger": Go.HISTORY, "source": F.SETUP, "dest": F.HISTORY,
     "before": "past_games.read_history"},
    {"trigger": [Go.OK, Go.BACK], "source": F.HISTORY, "dest": F.SETUP},
    # the owner's board, from the checklist: each value confirmed or corrected, then saved
    {"trigger": Go.CHECK_BOARD, "source": F.SETUP, "dest": F.BOARD,
     "before": "checklist.open_check"},
    {"trigger": Go.BOARD_DONE, "source": F.BOARD, "dest": F.ASK,
     "before": "checklist.ask_save_board"},
    {"trigger": Go.OK, "source": F.ASK, "dest": F.SETUP,
     "conditions": "checklist.is_asking_save_board",
     "before": ["checklist.save_board", "controls.forget_question"],
     "after": "checklist.cursor_to_board_check"},
    {"trigger": Go.BACK, "source": F.ASK, "dest": F.BOARD,
     "conditions": "checklist.is_asking_save_board", "before": "controls.forget_question"},
    {"trigger": Go.BACK, "source": F.BOARD, "dest": F.ASK,
     "conditions": "checklist.has_board_changes", "before": "checklist.ask_drop_board"},
    {"trigger": Go.BACK, "source": F.BOARD, "dest": F.SETUP,
     "after": "checklist.cursor_to_board_check"},
    {"trigger": Go.OK, "source": F.ASK, "dest": F.SETUP,
     "conditions": "checklist.is_asking_drop_board", "before": "controls.forget_question",
     "after": "checklist.cursor_to_board_check"},
    {"trigger": Go.BACK, "source": F.ASK, "dest": F.BOARD,
     "conditions": "checklist.is_asking_drop_board", "before": "controls.forget_question"},
    # cards the table turns over itself (Guardians, open missions) are entered first
    {"trigger": Go.OK, "source": F.INFO, "dest": F.CARD, "conditions": "cards.has_cards_to_enter"},
    # missions: only the player holding the box sees their two cards
    {"trigger": Go.OK, "source": F.INFO, "dest": F.PASS, "conditions": "deal.is_mission_due"},
    {"trigger": Go.HOLD_OK, "source": F.PASS, "dest": F.HAND},
    {"trigger": Go.KEPT, "source": F.HAND, "dest": F.PASS, "conditions": "deal.is_mission_due"},
    # then the open missions, the draft (when the board has one) and the first turn
    {"trigger": Go.OK, "source": F.INFO, "dest": F.OPEN, "conditions": "deal.has_open_missions"},
    {"trigger": Go.KEPT, "source": F.HAND, "dest": F.OPEN, "conditions": "deal.has_open_missions"},
    {"trigger": Go.OK, "source": [F.INFO, F.OPEN], "dest": F.DRAFT,
     "conditions": "deal.is_draft_due"},
    {"trigger": Go.KEPT, "source": F.HAND, "dest": F.DRAFT, "conditions": "deal.is_draft_due"},
    {"trigger": Go.OK, "source": [F.INFO, F.OPEN], "dest": F.TURN, "before": "rounds.begin_turns"},
    {"trigger": Go.KEPT, "source": F.HAND, "dest": F.TURN, "before": "rounds.begin_turns"},
    # the draft: once the last pick is counted (OK, hold OK or the link) the turns start
    {"trigger": Go.DRAFTED, "source": F.DRAFT, "dest": F.PASS,   # missions dealt after the draft
     "conditions": ["deal.is_drafted", "deal.is_mission_due"]},
    {"trigger": Go.DRAFTED, "source": F.DRAFT, "dest": F.TURN, "conditions": "deal.is_drafted",
     "before": "rounds.begin_turns"},
    # turns: OK ends the turn; the round's last OK asks first, then the FOG advances
    {"trigger": Go.OK, "source": F.TURN, "dest": F.ASK, "conditions": "rounds.is_round_end",
     "before": "rounds.ask_round_end"},
    {"trigger": Go.OK, "source": F.TURN, "dest": F.TURN,
     "before": ["rounds.close_turn", "rounds.start_turn"]},
    {"trigger": Go.OK, "source": F.ASK, "dest": F.CARD,
     "conditions": ["rounds.is_asking_round_end", "cards.is_fog_card_due"],
     "before": ["cards.ask_fog_card", "controls.forget_question"]},
    {"trigger": Go.OK, "source": F.ASK, "dest": F.FOG, "conditions": "rounds.is_asking_round_end",
     "before": ["rounds.close_turn", "controls.forget_question"]},
    # a round's event: entered when the table turns it over, then shown in full (also on
    # demand: up on the turn screen)
    {"trigger": Go.ASK_CARD, "source": [F.TURN, F.REVIEW], "dest": F.CARD},
    {"trigger": Go.CARD_ENTERED, "source": F.CARD, "dest": F.CARD,
     "conditions": "cards.has_cards_to_enter"},
    {"trigger": Go.CARD_ENTERED, "source": F.CARD, "dest": F.FOG,
     "conditions": "cards.is_card_for_fog", "before": "rounds.close_turn"},
    {"trigger": Go.CARD_ENTERED, "source": F.CARD, "dest": F.TURN,
     "conditions": "cards.is_card_for_turn", "before": "rounds.begin_turns"},
    {"trigger": Go.CARD_ENTERED, "source": F.CARD, "dest": F.REVIEW,
     "conditions": "cards.is_card_for_review", "after": "scores.cursor_back_on_review_row"},
    {"trigger": Go.CARD_ENTERED, "source": F.CARD, "dest": F.INFO},
    {"trigger": Go.BACK, "source": F.CARD, "dest": F.TURN, "conditions": "cards.is_card_for_fog",
     "before": "cards.drop_cards"},
    {"trigger": Go.BACK, "source": F.CARD, "dest": F.REVIEW,
     "conditions": "cards.is_card_for_review", "before": "cards.drop_cards",
     "after": "scores.cursor_back_on_review_row"},
    {"trigger": Go.SHOW_CARD, "source": F.TURN, "dest": F.SHOW},
    {"trigger": [Go.OK, Go.BACK], "source": F.SHOW, "dest": F.TURN},
    # undo past a FOG step (B or up on the turn screen) asks first too
    {"trigger": Go.ASK_UNDO_FOG, "source": F.TURN, "dest": F.ASK},
    {"trigger": Go.OK, "source": F.ASK, "dest": F.TURN, "conditions": "rounds.is_asking_undo_fog",
     "before": ["rounds.undo_fog_step", "controls.forget_question"]},
    {"trigger": Go.BACK, "source": F.ASK, "dest": F.TURN, "conditions": "rounds.is_asking_at_turn",
     "before": "controls.forget_question"},
    # the hourglass ran out: the MP left are lost, OK still ends the turn
    {"trigger": Go.TIME_UP, "source": [F.TURN, F.COST], "dest": F.TURN,
     "unless": "rounds.is_over", "before": "rounds.lose_mp"},
    # the MP helper and the early end sit on right / hold OK too: two-key boards have no KEY3
    {"trigger": [Go.RIGHT, Go.KEY3], "source": F.TURN, "dest": F.COST},   # asked last: kept
    {"trigger": [Go.HOLD_OK, Go.HOLD_KEY3], "source": F.TURN, "dest": F.END_NOW},
    {"trigger": Go.OK, "source": F.COST, "dest": F.TURN, "before": "rounds.pay_cost"},
    {"trigger": [Go.BACK, Go.KEY3], "source": F.COST, "dest": F.TURN},
    {"trigger": Go.PAID, "source": [F.TURN, F.COST], "dest": F.TURN},   # the link paid a cost
    # nobody has an Islander left to move: confirm (or the link), then the scoring wizard
    {"trigger": Go.OK, "source": F.END_NOW, "dest": F.BOATS,
     "before": ["rounds.end_game_now", "scores.start_scoring"]},
    {"trigger": Go.END_GAME, "source": [F.TURN, F.END_NOW], "dest": F.BOATS,
     "before": ["rounds.end_game_now", "scores.start_scoring"]},
    {"trigger": Go.BACK, "source": F.END_NOW, "dest": F.TURN},
    # the FOG step: its losses colour by colour, then the next round or the end
    {"trigger": Go.OK, "source": F.FOG, "dest": F.LOSSES,
     "conditions": "losses.has_swallowed_rows", "before": "losses.open_losses",
     "after": "controls.cursor_to_add"},
    {"trigger": Go.OK, "source": F.FOG, "dest": F.BOATS, "conditions": "rounds.is_over",
     "before": "scores.start_scoring"},
    {"trigger": Go.OK, "source": F.FOG, "dest": F.TURN, "before": "rounds.begin_turns"},
    {"trigger": Go.PICK_LOSS, "source": F.LOSSES, "dest": F.PICK,
     "before": "losses.open_loss_pick"},
    {"trigger": Go.OK, "source": F.PICK, "dest": F.LOSSES, "conditions": "losses.is_loss_pick",
     "before": "losses.add_picked_loss",
     "after": ["controls.cursor_to_add", "controls.warn_if_noted"]},
    {"trigger": Go.BACK, "source": F.PICK, "dest": F.LOSSES, "conditions": "losses.is_loss_pick",
     "after": "controls.cursor_to_add"},
    # removing a loss or an Islander asks first
    {"trigger": Go.ASK_REMOVE, "source": [F.LOSSES, F.SCORE], "dest": F.ASK},
    {"trigger": Go.OK, "source": F.ASK, "dest": F.LOSSES,
     "conditions": "losses.is_asking_remove_loss",
     "before": ["losses.remove_asked_loss", "controls.forget_question"],
     "after": "controls.cursor_to_add"},
    {"trigger": Go.BACK, "source": F.ASK, "dest": F.LOSSES,
     "conditions": "losses.is_asking_remove_loss", "before": "controls.forget_question",
     "after": "controls.cursor_to_add"},
    {"trigger": Go.OK, "source": F.ASK, "dest": F.SCORE,
     "conditions": "scores.is_asking_remove_islander",
     "before": ["scores.remove_asked_islander", "controls.forget_question"],
     "after": "controls.cursor_to_add"},
    {"trigger": Go.BACK, "source": F.ASK, "dest": F.SCORE,
     "conditions": "scores.is_asking_remove_islander", "before": "controls.forget_question",
     "after": "controls.cursor_to_add"},
    # the review opens every loss so far to add, change or remove one, then comes back
    {"trigger": Go.FIX_LOSSES, "source": F.REVIEW, "dest": F.LOSSES,
     "before": "losses.open_fixed_losses", "after": "controls.cursor_to_add"},
    {"trigger": Go.LOSSES_DONE, "source": F.LOSSES, "dest": F.REVIEW,
     "conditions": "losses.is_fixing", "before": "losses.close_losses",
     "after": "scores.cursor_to_score"},
    {"trigger": Go.LOSSES_DONE, "source": F.LOSSES, "dest": F.BOATS,
     "conditions": "rounds.is_over", "before": ["losses.close_losses", "scores.start_scoring"]},
    {"trigger": Go.LOSSES_DONE, "source": F.LOSSES, "dest": F.TURN,
     "before": ["losses.close_losses", "rounds.begin_turns"]},
    # the link enters every colour's losses at once
    {"trigger": Go.LOSSES_ENTERED, "source": LOSS_ENTRY, "dest": F.BOATS,
     "conditions": "rounds.is_over", "before": "scores.start_scoring"},
    {"trigger": Go.LOSSES_ENTERED, "source": LOSS_ENTRY, "dest": F.TURN,
     "before": "rounds.begin_turns"},
    # scoring wizard: each colour's Islanders boat by boat (B: one by one), then its bonus
    # tiles (not solo), then the review
    {"trigger": Go.GRID_PICK, "source": F.BOATS, "dest": F.PICK,
     "after": "scores.cursor_to_type"},
    {"trigger": Go.OK, "source": F.PICK, "dest": F.BOATS, "conditions": "scores.is_grid_pick",
     "before": ["scores.add_picked_islander", "scores.leave_grid_pick"],
     "after": "controls.warn_if_noted"},
    {"trigger": Go.BACK, "source": F.PICK, "dest": F.BOATS, "conditions": "scores.is_grid_pick",
     "before": "scores.leave_grid_pick"},
    {"trigger": Go.BACK, "source": F.BOATS, "dest": F.SCORE, "after": "controls.cursor_to_add"},
    {"trigger": Go.OK, "source": F.PICK, "dest": F.SCORE, "before": "scores.add_picked_islander",
     "after": ["controls.cursor_to_add", "controls.warn_if_noted"]},
    {"trigger": Go.BACK, "source": F.PICK, "dest": F.SCORE, "after": "controls.cursor_to_add"},
    {"trigger": Go.PICK_ISLANDER, "source": F.SCORE, "dest": F.PICK,
     "before": "scores.open_score_pick"},
    {"trigger": Go.COLOUR_DONE, "source": [F.BOATS, F.SCORE], "dest": F.BONUS,
     "unless": "scores.is_solo"},
    {"trigger": Go.COLOUR_DONE, "source": [F.BOATS, F.SCORE, F.BONUS], "dest": F.REVIEW,
     "conditions": "scores.is_last_to_score", "before": "scores.stop_editing",
     "after": "scores.cursor_to_score"},
    {"trigger": Go.COLOUR_DONE, "source": [F.BOATS, F.SCORE, F.BONUS], "dest": F.BOATS,
     "before": "scores.next_score_colour"},
    {"trigger": Go.BACK, "source": F.BONUS, "dest": F.BOATS},
    {"trigger": Go.EDIT, "source": F.REVIEW, "dest": F.BOATS, "before": "scores.open_grid"},
    # a "Rescued Islander" card the rulebook does not print: what it pictures, from the card
    {"trigger": Go.PICTURE, "source": F.REVIEW, "dest": F.PICTURE},
    {"trigger": Go.PICTURED, "source": F.PICTURE, "dest": F.REVIEW,
     "before": "cards.keep_picture", "after": "scores.cursor_back_on_review_row"},
    {"trigger": Go.BACK, "source": F.PICTURE, "dest": F.REVIEW,
     "after": "scores.cursor_back_on_review_row"},
    # a score refused on a board the owner never checked: the table may score it anyway
    {"trigger": Go.ASK_SCORE, "source": F.REVIEW, "dest": F.ASK},
    {"trigger": Go.OK, "source": F.ASK, "dest": F.RESULTS,
     "conditions": "scores.is_asking_score_anyway",
     "before": ["scores.score_game_anyway", "controls.forget_question"]},
    {"trigger": Go.BACK, "source": F.ASK, "dest": F.REVIEW,
     "conditions": "scores.is_asking_score_anyway", "before": "controls.forget_question",
     "after": "scores.cursor_to_score"},
    {"trigger": Go.SCORE, "source": F.REVIEW, "dest": F.RESULTS,   # a refused score stays on
     "before": ["scores.cursor_to_score", "scores.score_game"]},   # "Score the game"
    {"trigger": Go.TO_REVIEW, "source": SCORING, "dest": F.REVIEW},   # the link's score entry
    {"trigger": Go.OK, "source": F.RESULTS, "dest": F.DETAIL, "before": "scores.open_detail"},
    {"trigger": [Go.OK, Go.BACK], "source": F.DETAIL, "dest": F.RESULTS},
]
# leaving (hold B anywhere, then OK) and a refusal to read, from and back to any screen
ASIDES = aside_rows(list(FogScreen), quit_screen=F.QUIT, notice=F.NOTICE,
                    remember="controls.remember", quit_game="controls.quit_game",
                    go_back="controls.go_back", returned="controls.back_on_row")
TRANSITIONS: list[dict[str, object]] = [*ASIDES, *GAME_PATH]


def back_to(screen: FogScreen) -> str:
    """The asides' way back to ``screen``: one generated trigger a screen (``aside_rows``)."""
    return f"back_to_{screen.value}"
