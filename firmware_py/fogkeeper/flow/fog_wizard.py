"""What The FOG's controls do after a FOG step and at the end: losses, scoring, results."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from fogkeeper.flow import fog_play as play
from fogkeeper.flow import fog_scoring as scoring
from fogkeeper.flow.fog_model import FogScreen, Session
from fogkeeper.flow.fog_play import COST_FIELDS

if TYPE_CHECKING:
    from fogkeeper.flow.game import GameContext

F = FogScreen
SCORING = [F.SCORE, F.BONUS, F.REVIEW, F.PICK]
LOSS_ENTRY = [F.FOG, F.LOSSES, F.PICK]

# Rows are tried in order for a trigger and a screen: the first whose conditions hold wins.
WIZARD_TABLE: list[dict[str, Any]] = [
    # the FOG step: its losses colour by colour, then the next round or the end
    {"trigger": "ok", "source": F.FOG, "dest": F.LOSSES, "conditions": "has_swallowed_rows",
     "after": "cursor_to_done"},
    {"trigger": "ok", "source": F.FOG, "dest": F.SCORE, "conditions": "is_over",
     "before": "start_scoring", "after": "cursor_to_add"},
    {"trigger": "ok", "source": F.FOG, "dest": F.TURN, "before": "begin_turns"},
    {"trigger": "ok", "source": F.LOSSES, "dest": F.LOSSES, "conditions": "is_on_loss",
     "before": "drop_loss", "after": "cursor_to_done"},
    {"trigger": "ok", "source": F.LOSSES, "dest": F.PICK, "conditions": "is_on_add",
     "before": "open_loss_pick"},
    {"trigger": "ok", "source": F.LOSSES, "dest": F.LOSSES, "unless": "is_last_colour",
     "before": "next_loss_colour", "after": "cursor_to_done"},
    {"trigger": "ok", "source": F.LOSSES, "dest": F.SCORE, "conditions": "is_over",
     "before": ["close_losses", "start_scoring"], "after": "cursor_to_add"},
    {"trigger": "ok", "source": F.LOSSES, "dest": F.TURN,
     "before": ["close_losses", "begin_turns"]},
    {"trigger": "ok", "source": F.PICK, "dest": F.LOSSES, "conditions": "is_loss_pick",
     "before": "add_picked_loss", "after": "cursor_to_done"},
    {"trigger": "back", "source": F.PICK, "dest": F.LOSSES, "conditions": "is_loss_pick",
     "after": "cursor_to_done"},
    # the link enters every colour's losses at once
    {"trigger": "losses_entered", "source": LOSS_ENTRY, "dest": F.SCORE, "conditions": "is_over",
     "before": "start_scoring", "after": "cursor_to_add"},
    {"trigger": "losses_entered", "source": LOSS_ENTRY, "dest": F.TURN, "before": "begin_turns"},
    # scoring wizard: each colour's Islanders, then its bonus tiles (not solo), then review
    {"trigger": "ok", "source": F.PICK, "dest": F.SCORE, "before": "add_picked_islander",
     "after": "cursor_to_add"},
    {"trigger": "back", "source": F.PICK, "dest": F.SCORE, "after": "cursor_to_done"},
    {"trigger": "ok", "source": F.SCORE, "dest": F.SCORE, "conditions": "is_on_islander",
     "before": "drop_islander", "after": "cursor_to_done"},
    {"trigger": "ok", "source": F.SCORE, "dest": F.PICK, "conditions": "is_on_add",
     "before": "open_score_pick"},
    {"trigger": "ok", "source": F.SCORE, "dest": F.BONUS, "unless": "is_solo"},
    {"trigger": "ok", "source": [F.SCORE, F.BONUS], "dest": F.REVIEW,
     "conditions": "is_last_to_score", "before": "stop_editing", "after": "cursor_to_score"},
    {"trigger": "ok", "source": [F.SCORE, F.BONUS], "dest": F.SCORE,
     "before": "next_score_colour", "after": "cursor_to_add"},
    {"trigger": "back", "source": F.BONUS, "dest": F.SCORE},
    {"trigger": "ok", "source": F.REVIEW, "dest": F.SCORE, "conditions": "is_on_colour",
     "before": "edit_colour", "after": "cursor_to_add"},
    {"trigger": "ok", "source": F.REVIEW, "dest": F.RESULTS, "before": "score_game"},
    {"trigger": "to_review", "source": SCORING, "dest": F.REVIEW},   # the link's score entry
    {"trigger": "ok", "source": F.RESULTS, "dest": F.DETAIL, "before": "open_detail"},
    {"trigger": ["ok", "back"], "source": F.DETAIL, "dest": F.RESULTS},
]


class WizardActions:
    """Callbacks and conditions for the FOG step's losses, scoring, review and results."""

    s: Session
    screen: FogScreen
    context: GameContext

    # provided by Actions
    def row_key(self) -> str:
        raise NotImplementedError

    def rows_here(self) -> list[tuple[str, str, str]]:
        raise NotImplementedError

    def emit(self, event: str, payload: dict[str, Any]) -> None:
        raise NotImplementedError

    # ---- conditions ----------------------------------------------------------------------
    def has_swallowed_rows(self) -> bool:
        return bool(play.loss_rows(self.s))

    def is_over(self) -> bool:
        return play.is_over(self.s)

    def is_on_loss(self) -> bool:
        return self.row_key().startswith("loss:")

    def is_on_islander(self) -> bool:
        return self.row_key().startswith("isl:")

    def is_on_colour(self) -> bool:
        return self.row_key().startswith("colour:")

    def is_on_add(self) -> bool:
        return self.row_key() == "add"

    def is_last_colour(self) -> bool:
        """The losses screen shows the last colour in play."""
        return self.s.loss_colour + 1 >= len(self.s.colours)

    def is_loss_pick(self) -> bool:
        return self.s.pick.get("purpose") == "loss"

    def is_solo(self) -> bool:
        return self.s.solo

    def is_last_to_score(self) -> bool:
        """One colour re-entered from the review, or the last colour: the review is next."""
        return self.s.editing or self.s.score_colour + 1 >= len(self.s.colours)

    # ---- where a screen's cursor starts --------------------------------------------------
    def cursor_to_done(self) -> None:
        self.s.cursor = len(self.rows_here()) - 1   # on "Done": 0 lost is one press

    def cursor_to_add(self) -> None:
        self.s.cursor = len(self.rows_here()) - 2

    def cursor_to_score(self) -> None:
        self.s.cursor = len(self.s.colours)

    # ---- the FOG step's losses -----------------------------------------------------------
    def drop_loss(self) -> None:
        del self.s.pending_losses[int(self.row_key().split(":")[1])]

    def next_loss_colour(self) -> None:
        play.losses_next(self.s)

    def close_losses(self) -> None:
        play.losses_next(self.s)
        self.emit("fog.losses", {"losses": len(self.s.state.losses)})

    def open_loss_pick(self) -> None:
        self._open_pick("loss")

    def open_score_pick(self) -> None:
        self._open_pick("score")

    def _open_pick(self, purpose: str) -> None:
        values = dict(self.s.pick.get("values", {})) if self.s.pick.get("purpose") == purpose \
            else {}
        self.s.pick = {"purpose": purpose, "values": scoring.settle_pick(self.s, purpose, values)}

    def add_picked_loss(self) -> None:
        values = self.s.pick["values"]
        play.add_loss(self.s, values["row"], values["nation"], values["type"])

    def add_picked_islander(self) -> None:
        scoring.add_islander(self.s, self.s.colours[self.s.score_colour], self.s.pick["values"])

    def change_in_wizard(self, direction: int) -> None:
        key = self.row_key()
        if self.screen is F.COST:
            choices = COST_FIELDS[key]
            current = self.s.cost.get(key, choices[0])
            self.s.cost[key] = choices[(choices.index(current) + direction) % len(choices)]
        elif self.screen is F.PICK:
            purpose = self.s.pick["purpose"]
            values = dict(self.s.pick["values"])
            choices = dict(scoring.pick_fields(self.s, purpose, values))[key]
            current = values.get(key, choices[0])
            index = choices.index(current) if current in choices else 0
            values[key] = choices[(index + direction) % len(choices)]
            self.s.pick["values"] = scoring.settle_pick(self.s, purpose, values)
        elif self.screen is F.BONUS and key.startswith("bonus:"):
            colour = self.s.colours[self.s.score_colour]
            value = int(key.split(":")[1])
            count = self.s.bonuses.get(colour, {}).get(str(value), 0) + direction
            scoring.set_bonus(self.s, colour, value, max(0, min(count, 6)))

    # ---- scoring wizard ------------------------------------------------------------------
    def start_scoring(self) -> None:
        self.s.score_colour = 0
        self.s.editing = False
        self.context.effects.sound("fog")
        self.emit("fog.over", {"reason": self.s.state.end_reason})

    def drop_islander(self) -> None:
        colour = self.s.colours[self.s.score_colour]
        del self.s.final[colour][int(self.row_key().split(":")[1])]

    def stop_editing(self) -> None:
        self.s.editing = False

    def next_score_colour(self) -> None:
        self.s.score_colour += 1

    def edit_colour(self) -> None:
        self.s.score_colour = int(self.row_key().split(":")[1])
        self.s.editing = True

    def score_game(self) -> None:
        record, result = scoring.score(self.s)
        self.s.record_path = self.context.effects.save_record("fog", record)
        self.s.result = result.to_dict()
        self.context.effects.sound("reveal")
        self.emit("fog.result", {"winners": list(result.winners), "level": result.level,
                                 "record": self.s.record_path})

    def open_detail(self) -> None:
        self.s.detail = self.s.cursor
