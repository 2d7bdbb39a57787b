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
                self.start(corps.ChapterMode.FOG)
            case ModeItem.NOTEBOOK:
                self.start(corps.ChapterMode.NOTEBOOK)

    def start(self, mode: corps.ChapterMode) -> None:
        """A chapter in ``mode`` on the Map chosen (OK here, or corps.start), then the key
        holder; a previous Chapter without notebook_reveal goes to its setup and board."""
        flow = self.flow
        chapter.start(flow.session, mode)
        asks_key = mode is corps.ChapterMode.FOG or flow.session.options.notebook_reveal
        flow.trigger(Go.GIVE_KEY if asks_key else Go.OPEN_BOARD)
