"""Mode: the first screen, where the table picks the Map and a Fog or a previous Chapter."""

from __future__ import annotations

from typing import TYPE_CHECKING

from fogkeeper.flow.corps import chapter
from fogkeeper.flow.corps.chapter import ModeItem
from fogkeeper.flow.corps.session import CorpsScreen
from fogkeeper.flow.corps.table import Go
from fogkeeper.rules import corps

if TYPE_CHECKING:
    from fogkeeper.flow.corps.game import CorpsFlow


class Mode:
    """Left/right change the Map; OK on a mode starts its chapter and hands over for the key."""

    def __init__(self, flow: CorpsFlow) -> None:
        self.flow = flow

    def change_map(self) -> None:
        chapter.step_map(self.flow.session, 1 if self.flow.last_trigger == Go.RIGHT else -1)

    def choose(self) -> None:
        flow = self.flow
        match flow.menus.menu(CorpsScreen.MODE, chapter.MODE_ITEMS).chosen:
            case ModeItem.MAP:
                flow.menus.move()
            case ModeItem.FOG:
                self.start_fog()
                flow.trigger(Go.GIVE_KEY)
            case ModeItem.NOTEBOOK:
                chapter.start(flow.session, corps.ChapterMode.NOTEBOOK)
                flow.trigger(Go.GIVE_KEY if flow.session.options.notebook_reveal
                             else Go.OPEN_BOARD)

    def start_fog(self) -> None:
        chapter.start(self.flow.session, corps.ChapterMode.FOG)
