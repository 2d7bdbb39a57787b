"""The missions' deal, as a part of The FOG's flow: each player keeps a card in secret (the
box handed round), then the draft (whose pick it is) before the first turn."""

from __future__ import annotations

from fogkeeper.flow.fog import missions
from fogkeeper.flow.fog.menus import menu_rows
from fogkeeper.flow.fog.part import Part
from fogkeeper.flow.fog.session import FogFlowError
from fogkeeper.flow.fog.table import FogScreen, Go


class Deal(Part):
    """The hand and draft screens, and when each comes."""

    # ---- presses -------------------------------------------------------------------------
    def hand_key(self, trigger: str) -> bool:
        """A player's two cards: right reads one in full (^v scroll, <> or B back), OK keeps
        the one under the cursor."""
        s = self.s
        if s.reading and trigger in ("up", "down"):
            last = len(menu_rows(s, FogScreen.HAND)) - 1
            s.read_line = max(0, min(last, s.read_line + (1 if trigger == "down" else -1)))
        elif trigger in ("right", "left", "back") and (s.reading or trigger == "right"):
            s.reading, s.read_line = trigger == "right" and not s.reading, 0
        elif trigger == "ok":
            s.reading = False
            self.keep_card(s.cursor)
        else:
            return False
        return True

    def draft_key(self, trigger: str) -> bool:
        """OK counts one pick, hold OK the whole draft, B takes one back; with option 10,
        left/right say the pick takes a designated Leader (a second one for a colour is
        refused on the notice screen, naming the colour)."""
        if trigger == "back":
            missions.draft_back(self.s)
            return True
        if trigger in ("left", "right") and self.s.leaders:
            missions.offer_leader(self.s, 1 if trigger == "right" else -1)
            return True
        if trigger not in ("ok", "hold_ok"):
            return False
        leader = self.s.draft_leader if trigger == "ok" else 0
        try:
            self.count_picks(1 if trigger == "ok" else len(self.s.draft), leader)
        except FogFlowError as exc:
            self.s.draft_leader = 0
            self.flow.controls.refuse(str(exc))
        return True

    # ---- actions the buttons and the link share ------------------------------------------
    def keep_card(self, choice: int) -> None:
        """The player holding the box keeps card ``choice`` (0 or 1) in secret."""
        deal = missions.keep(self.s, choice)
        self.emit("fog.mission.kept", {"player": deal.player})   # who kept, never which
        self.flow.fire(Go.KEPT)

    def count_picks(self, picks: int, leader: int = 0) -> None:
        """Count picks, the first taking designated Leader ``leader`` (option 10; 0 none);
        FogFlowError, nothing counted, when the colour may not take it."""
        missions.draft_next(self.s, picks, leader)
        self.flow.fire(Go.DRAFTED)

    # ---- conditions ----------------------------------------------------------------------
    def is_mission_due(self) -> bool:
        """A player still keeps a card now (after the draft, when the table chose so)."""
        waits = bool(self.s.setup.get("missions_after_draft")) and not self.is_drafted()
        return missions.mission_turn(self.s) is not None and not waits

    def has_open_missions(self) -> bool:
        return bool(self.s.open_missions)

    def is_draft_due(self) -> bool:
        return bool(self.s.draft) and self.s.draft_pick < len(self.s.draft)

    def is_drafted(self) -> bool:
        return self.s.draft_pick >= len(self.s.draft)
