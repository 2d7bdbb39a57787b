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


class WizardActions:
    """Callbacks for the FOG step's losses, the scoring wizard, review and results."""

    s: Session
    screen: FogScreen
    context: GameContext

    # provided by Actions
    def go(self, screen: FogScreen, cursor: int = 0) -> None:
        raise NotImplementedError

    def refuse(self, message: str) -> None:
        raise NotImplementedError

    def row_key(self) -> str:
        raise NotImplementedError

    def rows_here(self) -> list[tuple[str, str, str]]:
        raise NotImplementedError

    def start_turn(self) -> None:
        raise NotImplementedError

    def announce_round(self) -> None:
        raise NotImplementedError

    def emit(self, event: str, payload: dict[str, Any]) -> None:
        raise NotImplementedError

    # ---- the FOG step and losses ---------------------------------------------------------
    def fog_ok(self) -> None:
        if play.loss_rows(self.s):
            self.show_losses()
        else:
            self.after_losses()

    def show_losses(self) -> None:
        self.go(F.LOSSES)
        self.s.cursor = len(self.rows_here()) - 1  # on "Done": 0 lost is one press

    def after_losses(self) -> None:
        if play.is_over(self.s):
            self.start_scoring()
            return
        self.announce_round()
        self.start_turn()

    def losses_ok(self) -> None:
        key = self.row_key()
        if key.startswith("loss:"):
            del self.s.pending_losses[int(key.split(":")[1])]
            self.show_losses()
        elif key == "add":
            self.open_pick("loss")
        elif play.losses_next(self.s):
            self.emit("fog.losses", {"losses": len(self.s.state.losses)})
            self.after_losses()
        else:
            self.show_losses()

    def open_pick(self, purpose: str) -> None:
        values = dict(self.s.pick.get("values", {})) if self.s.pick.get("purpose") == purpose \
            else {}
        self.s.pick = {"purpose": purpose, "values": scoring.settle_pick(self.s, purpose, values)}
        self.go(F.PICK)

    def pick_ok(self) -> None:
        purpose = self.s.pick["purpose"]
        values = self.s.pick["values"]
        if purpose == "loss":
            play.add_loss(self.s, values["row"], values["nation"], values["type"])
            self.show_losses()
        else:
            scoring.add_islander(self.s, self.s.colours[self.s.score_colour], values)
            self.show_score(on_add=True)

    def pick_cancel(self) -> None:
        if self.s.pick.get("purpose") == "loss":
            self.show_losses()
        else:
            self.show_score()

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
        self.show_score(on_add=True)

    def show_score(self, on_add: bool = False) -> None:
        self.go(F.SCORE)
        self.s.cursor = len(self.rows_here()) - (2 if on_add else 1)

    def score_ok(self) -> None:
        key = self.row_key()
        colour = self.s.colours[self.s.score_colour]
        if key.startswith("isl:"):
            del self.s.final[colour][int(key.split(":")[1])]
            self.show_score()
        elif key == "add":
            self.open_pick("score")
        elif self.s.solo:
            self.next_colour()
        else:
            self.go(F.BONUS)

    def bonus_ok(self) -> None:
        self.next_colour()

    def next_colour(self) -> None:
        if self.s.editing or self.s.score_colour + 1 >= len(self.s.colours):
            self.s.editing = False
            self.go(F.REVIEW, len(self.s.colours))
            return
        self.s.score_colour += 1
        self.show_score(on_add=True)

    def review_ok(self) -> None:
        key = self.row_key()
        if key.startswith("colour:"):
            self.s.score_colour = int(key.split(":")[1])
            self.s.editing = True
            self.show_score(on_add=True)
            return
        record, result = scoring.score(self.s)
        self.s.record_path = self.context.effects.save_record("fog", record)
        self.s.result = result.to_dict()
        self.context.effects.sound("reveal")
        self.emit("fog.result", {"winners": list(result.winners), "level": result.level,
                                 "record": self.s.record_path})
        self.go(F.RESULTS)

    def open_detail(self) -> None:
        self.s.detail = self.s.cursor
