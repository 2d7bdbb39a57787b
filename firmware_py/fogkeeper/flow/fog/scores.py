"""The final score, as a part of The FOG's flow: each colour's Islanders boat by boat or one
by one, its bonus tiles, the review, the results and one player's detail."""

from __future__ import annotations

import textwrap
from pathlib import Path

from fogkeeper.data.fog_history import note_record
from fogkeeper.flow.fog import boats, pictured, scoring, table_cards
from fogkeeper.flow.fog.controls import NOTICE_WIDTH
from fogkeeper.flow.fog.menus import Entry, Item, MissionCard, Note, Tile
from fogkeeper.flow.fog.part import Part
from fogkeeper.flow.fog.session import Ask, PickField, Purpose
from fogkeeper.flow.fog.table import Go


class Scores(Part):
    """The boats, score, bonus, review, results and detail screens, and the pick screen for
    an Islander."""

    # ---- presses -------------------------------------------------------------------------
    def boats_key(self, trigger: str) -> bool:
        if trigger in ("up", "down"):
            boats.step_row(self.s, -1 if trigger == "up" else +1)
        elif trigger in ("left", "right"):
            boats.step_boat(self.s, -1 if trigger == "left" else +1)
        elif trigger == "ok":
            if boats.press_ok(self.s):
                self.flow.fire(Go.GRID_PICK)
        elif trigger in ("hold_ok", "hold_key3"):
            self.flow.fire(Go.COLOUR_DONE)
        else:
            return False
        return True

    def score_key(self, trigger: str) -> bool:
        if trigger != "ok":
            return False
        key = self.flow.controls.chosen()
        if isinstance(key, Item):
            self.flow.controls.ask_before_removing(Ask.REMOVE_ISLANDER, key.index)
        elif key is Entry.ADD:
            self.flow.fire(Go.PICK_ISLANDER)
        else:
            self.flow.fire(Go.COLOUR_DONE)
        return True

    def bonus_key(self, trigger: str) -> bool:
        if trigger != "ok":
            return False
        self.flow.fire(Go.COLOUR_DONE)
        return True

    def change_bonus(self, tile: Tile, direction: int) -> None:
        """One more or one fewer of a Preparation Bonus tile (0 to 6 of each)."""
        colour = self.s.colours[self.s.score_colour]
        count = self.s.bonuses.get(colour, {}).get(str(tile.value), 0) + direction
        scoring.set_bonus(self.s, colour, tile.value, max(0, min(count, 6)))

    def review_key(self, trigger: str) -> bool:
        if trigger != "ok":
            return False
        s = self.s
        key = self.flow.controls.chosen()
        if isinstance(key, Note):
            return True    # a note is there to read: OK on it scores nothing
        if isinstance(key, Item):
            s.score_colour = key.index
            s.editing = True
            self.flow.fire(Go.EDIT)
        elif key is Entry.LOSSES:
            self.flow.fire(Go.FIX_LOSSES)
        elif key is Entry.MISSIONS:
            table_cards.mission_asks(s)
            s.review_cursor = s.cursor
            self.flow.fire(Go.ASK_CARD)
        elif isinstance(key, MissionCard):
            pictured.open_form(s, key.card_id)
            s.review_cursor = s.cursor
            self.flow.fire(Go.PICTURE)
        elif not s.board_checked and self.refused_by_rules():
            s.asking = Ask.SCORE_ANYWAY
            self.flow.fire(Go.ASK_SCORE)
        else:
            self.flow.fire(Go.SCORE)
        return True

    # ---- colour by colour ----------------------------------------------------------------
    def start_scoring(self) -> None:
        self.s.score_colour = 0
        self.s.editing = False
        boats.reset(self.s)
        self.flow.context.effects.sound("fog")
        self.emit("fog.over", {"reason": self.s.state.end_reason})

    def open_score_pick(self) -> None:
        scoring.open_pick(self.s, Purpose.SCORE)

    def add_picked_islander(self) -> None:
        assert self.s.pick is not None   # the pick screen holds its pick
        scoring.add_islander(self.s, self.s.colours[self.s.score_colour], self.s.pick.values)

    def remove_asked_islander(self) -> None:
        """The Islander the question was about, once the table said yes."""
        s = self.s
        mine = s.final.get(s.colours[s.score_colour], [])
        if 0 <= s.removing < len(mine):
            del mine[s.removing]

    def stop_editing(self) -> None:
        self.s.editing = False

    def next_score_colour(self) -> None:
        self.s.score_colour += 1
        boats.reset(self.s)

    def open_grid(self) -> None:
        boats.reset(self.s)

    def leave_grid_pick(self) -> None:
        self.s.from_grid = False

    def cursor_to_type(self) -> None:
        self.flow.controls.place(PickField.TYPE)

    def cursor_to_score(self) -> None:
        self.flow.controls.place(Entry.SCORE_GAME)

    def cursor_back_on_review_row(self) -> None:
        """Back from a card entry or a picture: on the row the table opened it from (the
        next OK must not land on another row, say a colour's boats)."""
        self.s.cursor = self.s.review_cursor

    # ---- the score -----------------------------------------------------------------------
    def score_game(self, anyway: bool = False) -> None:
        s = self.s
        effects = self.flow.context.effects
        record, result = scoring.score(s, anyway)
        s.record_path = effects.save_record("fog", record)
        note_record(Path(s.record_path))    # in the past games at once, never scored again
        s.result = result.to_dict()
        effects.sound("reveal")
        self.emit("fog.result", {"winners": list(result.winners), "level": result.level,
                                 "record": s.record_path})

    def refused_by_rules(self) -> bool:
        """Would the score be refused? Its reasons are kept to show with the question."""
        scoring.check_pictured(self.s)   # (a card to read off first: no question yet)
        reasons = scoring.refused_reasons(self.s)
        if reasons:
            self.s.notice = [line for why in reasons for line in
                             textwrap.wrap(scoring.table_words(why), NOTICE_WIDTH)]
        return bool(reasons)

    def score_game_anyway(self) -> None:
        """The table is the truth: scored with the disagreements kept as warnings."""
        self.score_game(anyway=True)

    def open_detail(self) -> None:
        self.s.detail = self.s.cursor

    # ---- conditions ----------------------------------------------------------------------
    def is_solo(self) -> bool:
        return self.s.solo

    def is_grid_pick(self) -> bool:
        return self.s.from_grid

    def is_last_to_score(self) -> bool:
        """One colour re-entered from the review, or the last colour: the review is next."""
        return self.s.editing or self.s.score_colour + 1 >= len(self.s.colours)

    def is_asking_score_anyway(self) -> bool:
        return self.s.asking is Ask.SCORE_ANYWAY

    def is_asking_remove_islander(self) -> bool:
        return self.s.asking is Ask.REMOVE_ISLANDER
