"""The checklist's "Past games", as a part of The FOG's flow: however many games the box has
recorded, the screen holds one page of them (the session keeps only that page, and each page
reads only its own games from the past games' index); up on a page's first line or down on
its last turns the page, so the list reads as one, newest first, then the solo bests."""

from __future__ import annotations

from fogkeeper.data.fog import owner_dir
from fogkeeper.data.fog_history import History, best_line, game_line, open_history, wrapped
from fogkeeper.flow.fog.part import Part

PAGE_GAMES = 20       # games a page of the screen (the solo bests follow the last page's)
EMPTY = "No game recorded yet."


class PastGames(Part):
    """The history screen: its pages and the presses that turn them."""

    _history: History | None = None   # the list opened, while its screen is on

    def read_history(self) -> None:
        """The list opened anew (records added since are in it), on its newest page."""
        self._history = open_history(owner_dir())
        self._show(0)

    def history_key(self, trigger: str) -> bool:
        """Up on a page's first line, down on its last: the page before or after, the
        cursor on the line next to where it was; anything else is the list's own."""
        s = self.s
        if trigger == "down" and s.cursor >= len(s.history) - 1 \
                and s.history_page + 1 < s.history_pages:
            self._show(s.history_page + 1)
            s.cursor = 0
            return True
        if trigger == "up" and s.cursor == 0 and s.history_page > 0:
            self._show(s.history_page - 1)
            s.cursor = len(s.history) - 1
            return True
        return False

    def _show(self, page: int) -> None:
        """Page ``page`` (0: the newest games) into the session: its lines, each line's
        place in the whole list, and how many places the list has."""
        history = self._history
        if history is None:           # a restart on this screen: the list read again
            history = self._history = open_history(owner_dir())
        s = self.s
        bests = [part for best in history.bests for part in wrapped([best_line(best)])]
        s.history_page, s.history_rows = page, history.total + len(bests)
        s.history_pages = max(1, -(-history.total // PAGE_GAMES))
        s.history, s.history_places = [], []
        if not history.total:
            s.history = [EMPTY]
            return
        first = page * PAGE_GAMES
        for place, game in enumerate(history.newest(first, PAGE_GAMES), start=first + 1):
            for part in wrapped([game_line(game)]):
                s.history.append(part)
                s.history_places.append(place)
        if page + 1 >= s.history_pages:
            s.history += bests
            s.history_places += range(history.total + 1, s.history_rows + 1)
