"""Tracker: the chapter menu, the chapter tracker and the Monsters, what the table records of
the chapter besides its guesses (the engine's changes are in ``chapter.py``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from fogkeeper.flow.corps import chapter
from fogkeeper.flow.corps.chapter import ChapterItem, TrackerItem
from fogkeeper.flow.corps.session import CorpsScreen
from fogkeeper.flow.corps.table import Go
from fogkeeper.rules import corps

if TYPE_CHECKING:
    from fogkeeper.flow.corps.game import CorpsFlow

C = CorpsScreen


class Tracker:
    """The chapter menu opens the other screens of play; the tracker's rows record events."""

    def __init__(self, flow: CorpsFlow) -> None:
        self.flow = flow

    # ---- the chapter menu ----------------------------------------------------------------
    def chapter_ok(self) -> None:
        flow = self.flow
        s = flow.session
        match flow.menus.menu(C.CHAPTER, chapter.chapter_items(s)).chosen:
            case ChapterItem.BOARD:
                flow.trigger(Go.OPEN_BOARD)
            case ChapterItem.TRACKER:
                flow.trigger(Go.OPEN_TRACKER)
            case ChapterItem.WHY:
                flow.trigger(Go.ASK_WHY)
            case ChapterItem.END:
                flow.trigger(Go.ASK_TO_END if corps.can_end(s.chapter)[0] else Go.ASK_WHY)
            case ChapterItem.LOSE:
                flow.trigger(Go.ASK_TO_LOSE)
            case ChapterItem.SETUP:
                flow.trigger(Go.OPEN_SETUP)
            case ChapterItem.KEY_HOLDER if not corps.is_sealed(s.chapter):
                flow.trigger(Go.GIVE_KEY)
            case ChapterItem.KEY_HOLDER:
                flow.trigger(Go.ASK_PIN_TO_UNSEAL if flow.key_holder.has_pin() else Go.SAY_NO_PIN)

    # ---- the tracker -----------------------------------------------------------------------
    def chosen_item(self) -> TrackerItem:
        return self.flow.menus.menu(C.TRACKER, chapter.TRACKER_ITEMS).chosen

    def ok(self) -> None:
        item = self.chosen_item()
        if item is TrackerItem.MONSTERS:
            self.flow.trigger(Go.OPEN_MONSTERS)
        elif item is TrackerItem.WHY:
            self.flow.trigger(Go.ASK_WHY)
        else:
            chapter.tracker_ok(self.flow.session, self.flow.context, item)

    def step(self) -> None:
        direction = 1 if self.flow.last_trigger == Go.RIGHT else -1
        chapter.tracker_step(self.flow.session, self.flow.context, self.chosen_item(), direction)

    # ---- the Monsters ----------------------------------------------------------------------
    def chosen_monster(self) -> str:
        s = self.flow.session
        names = chapter.monster_names(s.options)
        return names[min(s.cursor(C.MONSTERS), len(names) - 1)]

    def monster_ok(self) -> None:
        """OK: a face-up card is killed; a face-down one turns face up, its Terrain asked."""
        s = self.flow.session
        card = self.chosen_monster()
        if s.chapter.tracker.face_up(card) is not None:
            chapter.monster_killed(s, self.flow.context, card)
        else:
            self.ask_terrain(card, dormant=False)

    def monster_asleep(self) -> None:
        """Right: Medicinal Herbs turn a face-down card face up asleep, its Terrain asked."""
        card = self.chosen_monster()
        if self.flow.session.chapter.tracker.face_up(card) is None:
            self.ask_terrain(card, dormant=True)

    def ask_terrain(self, card: str, dormant: bool) -> None:
        s = self.flow.session
        s.terrain_card, s.terrain_dormant = card, dormant
        s.cursors[C.TERRAIN] = 0  # the card's Terrain from the owner's data, when known
        self.flow.trigger(Go.NAME_TERRAIN)

    def terrain_ok(self) -> None:
        """The Terrain chosen is the card's: the Monster turns face up with it."""
        s = self.flow.session
        terrains = chapter.terrain_choices(s.options, s.terrain_card)
        terrain = terrains[min(s.cursor(C.TERRAIN), len(terrains) - 1)]
        chapter.monster_revealed(s, self.flow.context, s.terrain_card, terrain,
                                 s.terrain_dormant)
        s.terrain_card, s.terrain_dormant = "", False
