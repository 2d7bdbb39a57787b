"""The FOG step's losses, as a part of The FOG's flow: colour by colour the Islanders the FOG
took, one picked at a time, and their correction from the final review."""

from __future__ import annotations

from fogkeeper.flow.fog import fog_step, scoring
from fogkeeper.flow.fog.menus import Entry, Item
from fogkeeper.flow.fog.part import Part
from fogkeeper.flow.fog.session import Ask, PickField, Purpose
from fogkeeper.flow.fog.table import Go


class Losses(Part):
    """The FOG and losses screens, and the pick screen for a loss."""

    def losses_key(self, trigger: str) -> bool:
        if trigger != "ok":
            return False
        controls = self.flow.controls
        key = controls.chosen()
        if isinstance(key, Item):
            controls.ask_before_removing(Ask.REMOVE_LOSS, key.index)
        elif key is Entry.ADD:
            self.flow.fire(Go.PICK_LOSS)
        elif not fog_step.is_last_colour(self.s):
            fog_step.losses_next(self.s)
            controls.cursor_to_add()
        else:
            self.flow.fire(Go.LOSSES_DONE)
        return True

    def open_losses(self) -> None:
        fog_step.open_losses(self.s)

    def open_fixed_losses(self) -> None:
        fog_step.open_losses(self.s, fixing=True)

    def close_losses(self) -> None:
        fog_step.losses_next(self.s)
        self.emit("fog.losses", {"losses": len(self.s.state.losses)})

    def open_loss_pick(self) -> None:
        scoring.open_pick(self.s, Purpose.LOSS)

    def add_picked_loss(self) -> None:
        assert self.s.pick is not None   # the pick screen holds its pick
        values = self.s.pick.values
        row, nation, kind = values[PickField.ROW], values[PickField.NATION], values[
            PickField.TYPE]
        scoring.check_loss(self.s, row, nation, kind, fog_step.loss_colour(self.s))
        fog_step.add_loss(self.s, row, nation, kind)

    def remove_asked_loss(self) -> None:
        """The loss the question was about, once the table said yes."""
        s = self.s
        if 0 <= s.removing < len(s.pending_losses):
            del s.pending_losses[s.removing]

    # ---- conditions ----------------------------------------------------------------------
    def has_swallowed_rows(self) -> bool:
        return bool(fog_step.step_rows(self.s))

    def is_loss_pick(self) -> bool:
        return self.s.pick is not None and self.s.pick.purpose is Purpose.LOSS

    def is_fixing(self) -> bool:
        """The losses screen was opened from the review: it goes back there."""
        return self.s.fixing

    def is_asking_remove_loss(self) -> bool:
        return self.s.asking is Ask.REMOVE_LOSS
