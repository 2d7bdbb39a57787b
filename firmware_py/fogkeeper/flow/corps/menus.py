"""Menus: every Corps menu's cursor, kept in the session screen by screen, and its chosen row."""

from __future__ import annotations

from collections.abc import Sequence
from enum import Enum
from typing import TYPE_CHECKING, TypeVar

from fogkeeper.flow.corps.session import CorpsScreen
from fogkeeper.flow.corps.table import Go
from fogkeeper.flow.kit.menu import Menu, step_cursor

if TYPE_CHECKING:
    from fogkeeper.flow.corps.game import CorpsFlow

K = TypeVar("K", bound=Enum)


class Menus:
    """Up and down on any menu screen; the parts read the row chosen from here."""

    def __init__(self, flow: CorpsFlow) -> None:
        self.flow = flow

    def menu(self, screen: CorpsScreen, items: Sequence[K]) -> Menu[K]:
        """The menu on ``screen`` with its rows now and the cursor the session keeps."""
        return Menu(items, self.flow.session.cursor(screen))

    def length(self, screen: CorpsScreen) -> int:
        # the rows drawn are the rows counted: a menu's length is what its screen shows
        from fogkeeper.flow.corps.views import menu_rows

        return len(menu_rows(self.flow, screen))

    def move(self) -> None:
        flow = self.flow
        cursor = flow.session.cursor(flow.state)
        trigger = "up" if flow.last_trigger == Go.UP else "down"
        flow.session.cursors[flow.state] = step_cursor(cursor, trigger, self.length(flow.state))
