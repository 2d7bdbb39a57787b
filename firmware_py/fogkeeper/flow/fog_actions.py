"""What The FOG's controls do from the checklist to the first turn, and the shared helpers."""

from __future__ import annotations

import textwrap
from typing import TYPE_CHECKING, Any

from fogkeeper.errors import FogkeeperError
from fogkeeper.flow import fog_play as play
from fogkeeper.flow.fog_begin import begin, public_setup, value_rows
from fogkeeper.flow.fog_menus import menu_rows
from fogkeeper.flow.fog_model import HOURGLASS_SECONDS, FogScreen, Session
from fogkeeper.flow.fog_setup import problems, rows, step
from fogkeeper.flow.fog_turns import TurnActions
from fogkeeper.flow.game import Outcome

if TYPE_CHECKING:
    from transitions import Machine

    from fogkeeper.flow.game import GameContext

__all__ = ["HOURGLASS_SECONDS", "REFUSALS", "SETUP_TABLE", "Actions"]
F = FogScreen
REFUSALS = (FogkeeperError,)
NOTICE_WIDTH = 21

SETUP_TABLE: list[dict[str, Any]] = [
    # the checklist: OK steps the row's value, on the last row it starts the game
    {"trigger": "ok", "source": F.SETUP, "dest": None, "unless": "is_on_start_row",
     "after": "value_up"},
    {"trigger": "ok", "source": F.SETUP, "dest": F.NOTICE, "conditions": "is_setup_broken",
     "before": "explain_setup"},
    {"trigger": "ok", "source": F.SETUP, "dest": F.VALUES, "conditions": "needs_tile_values",
     "before": ["store_preset", "ask_values"]},
    {"trigger": ["ok", "start"], "source": F.SETUP, "dest": F.INFO,   # start: the link's setup
     "before": ["store_preset", "start_game"]},
    {"trigger": "ok", "source": F.VALUES, "dest": None, "unless": "is_on_done",
     "after": "value_up"},
    {"trigger": "ok", "source": F.VALUES, "dest": F.INFO, "before": "start_game"},
    {"trigger": "back", "source": F.VALUES, "dest": F.SETUP},
    # missions: only the player holding the box sees their two cards
    {"trigger": "ok", "source": F.INFO, "dest": F.PASS, "conditions": "has_secret_missions"},
    {"trigger": "ok", "source": F.INFO, "dest": F.OPEN, "conditions": "has_open_missions"},
    {"trigger": "ok", "source": F.INFO, "dest": F.DRAFT, "conditions": "is_draft_due"},
    {"trigger": "ok", "source": F.INFO, "dest": F.TURN, "before": "begin_turns"},
    {"trigger": "hold_ok", "source": F.PASS, "dest": F.HAND},
    {"trigger": "ok", "source": F.HAND, "dest": F.PASS, "conditions": "has_another_hand",
     "before": "keep_card"},
    {"trigger": "ok", "source": F.HAND, "dest": F.OPEN, "conditions": "has_open_missions",
     "before": "keep_card"},
    {"trigger": "ok", "source": F.HAND, "dest": F.DRAFT, "conditions": "is_draft_due",
     "before": "keep_card"},
    {"trigger": "ok", "source": F.HAND, "dest": F.TURN, "before": ["keep_card", "begin_turns"]},
    {"trigger": "ok", "source": F.OPEN, "dest": F.DRAFT, "conditions": "is_draft_due"},
    {"trigger": "ok", "source": F.OPEN, "dest": F.TURN, "before": "begin_turns"},
    # draft: OK counts one pick, hold OK all of them; the last pick starts the turns
    {"trigger": "ok", "source": F.DRAFT, "dest": F.TURN, "conditions": "is_last_pick",
     "before": ["count_pick", "begin_turns"]},
    {"trigger": "ok", "source": F.DRAFT, "dest": None, "after": "count_pick"},
    {"trigger": "back", "source": F.DRAFT, "dest": None, "after": "draft_undo"},
    {"trigger": "hold_ok", "source": F.DRAFT, "dest": F.TURN,
     "before": ["count_all_picks", "begin_turns"]},
    {"trigger": "drafted", "source": F.DRAFT, "dest": F.TURN, "conditions": "is_drafted",
     "before": "begin_turns"},   # the link counted picks
]


class Actions(TurnActions):
    """The callbacks the transition tables name; ``s`` is the session."""

    s: Session
    screen: FogScreen
    machine: Machine
    context: GameContext
    outcome: Outcome

    if TYPE_CHECKING:  # transitions attaches it to the model
        def trigger(self, name: str) -> bool: ...

    def store_preset(self) -> None:
        raise NotImplementedError

    # ---- screens -------------------------------------------------------------------------
    def entered(self) -> None:
        self.s.cursor = 0

    def refuse(self, message: str) -> None:
        """Show why an action is not possible; OK or B returns to where the table was."""
        self.note_refusal(message)
        self.trigger("refused")

    def note_refusal(self, message: str) -> None:
        if self.screen is not F.NOTICE:
            self.s.back_to = self.screen.value
        reasons = message.removeprefix("record breaks the rules: ").split("; ")
        self.s.notice = [line for why in reasons for line in textwrap.wrap(why, NOTICE_WIDTH)]

    def remember(self) -> None:
        self.s.back_to = self.screen.value

    def go_back(self) -> None:
        self.trigger(f"back_to_{self.s.back_to}")

    def quit_game(self) -> None:
        self.outcome = Outcome.EXIT

    def emit(self, event: str, payload: dict[str, Any]) -> None:
        self.context.effects.emit(event, payload)

    # ---- lists and forms -----------------------------------------------------------------
    def rows_here(self) -> list[tuple[str, str, str]]:
        return menu_rows(self.s, self.screen)

    def row_key(self) -> str:
        found = self.rows_here()
        return found[min(self.s.cursor, len(found) - 1)][0] if found else ""

    def cursor_up(self) -> None:
        self.s.cursor = max(0, self.s.cursor - 1)

    def cursor_down(self) -> None:
        self.s.cursor = min(len(self.rows_here()) - 1, self.s.cursor + 1)

    def value_up(self) -> None:
        self._change(+1)

    def value_down(self) -> None:
        self._change(-1)

    def _change(self, direction: int) -> None:
        if self.screen is F.SETUP:
            row = rows(self.s.setup)[self.s.cursor]
            self.s.setup = step(self.s.setup, row, direction)
            self.s.cursor = min(self.s.cursor, len(rows(self.s.setup)) - 1)
        elif self.screen is F.VALUES:
            self._step_value(direction)
        else:
            self.change_in_wizard(direction)

    def _step_value(self, direction: int) -> None:
        for row in value_rows(self.s.setup):
            if row.key == self.row_key():
                value = self.s.values.get(row.key, row.default) + direction
                self.s.values[row.key] = min(row.high, max(row.low, value))

    # ---- setup ---------------------------------------------------------------------------
    def is_on_start_row(self) -> bool:
        return self.row_key() == f"setup:{len(rows(self.s.setup)) - 1}"

    def is_setup_broken(self) -> bool:
        return bool(problems(self.s.setup))

    def needs_tile_values(self) -> bool:
        return bool(value_rows(self.s.setup))

    def is_on_done(self) -> bool:
        return self.row_key() == "done"

    def explain_setup(self) -> None:
        self.note_refusal("; ".join(problems(self.s.setup)))

    def ask_values(self) -> None:
        needed = value_rows(self.s.setup)
        self.s.values = {r.key: self.s.values.get(r.key, r.default) for r in needed}

    def start_game(self) -> None:
        begin(self.s)
        self.emit("fog.setup", public_setup(self.s))

    # ---- missions and draft --------------------------------------------------------------
    def has_secret_missions(self) -> bool:
        return bool(self.s.mission_queue)

    def has_another_hand(self) -> bool:
        """After this hand another player still picks a secret mission."""
        return self.s.mission_step + 1 < len(self.s.mission_queue)

    def has_open_missions(self) -> bool:
        return bool(self.s.open_missions)

    def is_draft_due(self) -> bool:
        return bool(self.s.draft) and self.s.draft_pick < len(self.s.draft)

    def is_last_pick(self) -> bool:
        return self.s.draft_pick + 1 >= len(self.s.draft)

    def is_drafted(self) -> bool:
        return self.s.draft_pick >= len(self.s.draft)

    def keep_card(self) -> None:
        turn = play.mission_turn(self.s)
        play.keep(self.s, self.s.cursor)
        if turn is not None:  # only who kept a card, never which
            self.emit("fog.mission.kept", {"player": turn[1]})

    def count_pick(self) -> None:
        play.draft_next(self.s)

    def count_all_picks(self) -> None:
        play.draft_next(self.s, len(self.s.draft))

    def draft_undo(self) -> None:
        play.draft_back(self.s)
