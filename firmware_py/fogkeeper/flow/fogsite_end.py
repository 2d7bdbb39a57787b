"""The end of a FOGSITE game: the winner, the maze revealed with every route, the whole log.

Also the way out mid-game: a long press on B asks first, because quitting loses the game.
"""

from __future__ import annotations

from typing import Any

from fogkeeper.flow.fogsite_core import FogsiteCore, S
from fogkeeper.flow.fogsite_rows import return_rows
from fogkeeper.flow.fogsite_team import TEAM_STAGES
from fogkeeper.rules.fogsite import Phase, reveal_view
from fogkeeper.ui.fogsite_screens import LOG_ROWS, wrap

QUITTABLE = [*TEAM_STAGES, S.GUARDIAN_GATE, S.GUARDIAN_REPORT, S.BOX_TURN, S.ESCAPE_CALL]
TRANSITIONS: list[dict[str, Any]] = [
    {"trigger": "ok", "source": S.WINNER, "dest": S.REVEAL},
    {"trigger": "left", "source": S.REVEAL, "dest": None, "after": "page_left"},
    {"trigger": "right", "source": S.REVEAL, "dest": None, "after": "page_right"},
    {"trigger": ["ok", "down"], "source": S.REVEAL, "dest": S.LOG},
    {"trigger": "back", "source": S.REVEAL, "dest": S.WINNER},
    {"trigger": "up", "source": S.LOG, "dest": None, "after": "log_up"},
    {"trigger": "down", "source": S.LOG, "dest": None, "after": "log_down"},
    {"trigger": ["back", "left"], "source": S.LOG, "dest": S.REVEAL},
    {"trigger": ["hold_back", "hold_ok"], "source": [S.WINNER, S.REVEAL, S.LOG], "dest": None,
     "after": "ask_exit"},
]
# a long press on B mid-game asks first; OK or B go back to the screen it interrupted
QUIT_TABLE: list[dict[str, Any]] = [
    {"trigger": "hold_back", "source": QUITTABLE, "dest": S.QUIT_ASK, "before": "remember"},
    {"trigger": "hold_ok", "source": S.QUIT_ASK, "dest": None, "after": "ask_exit"},
    {"trigger": ["ok", "back"], "source": S.QUIT_ASK, "dest": None, "after": "go_back"},
    *return_rows(S.QUIT_ASK, QUITTABLE),
]


class EndMixin(FogsiteCore):
    """The end screens, and leaving the game."""

    def remember(self) -> None:
        self.back_to = self.state

    def reveal_pages(self) -> tuple[str, ...]:
        """"All" and one page per route; the routes exist only for the reveal."""
        return ("All", *self.routes)

    def page_left(self) -> None:
        self.page = (self.page - 1) % len(self.reveal_pages())

    def page_right(self) -> None:
        self.page = (self.page + 1) % len(self.reveal_pages())

    def log_lines(self) -> tuple[str, ...]:
        """The question-and-answer log, wrapped; after the end with the secret column too."""
        view = reveal_view(self.running)
        lines: list[str] = []
        over = self.running.phase is Phase.OVER
        for entry in view["log"]:
            text = f"{entry[0]}. {entry[1]} {entry[3]}"
            if over and entry[4]:
                text += f" ({entry[4]})"
            lines.extend(wrap(text))
        return tuple(lines)

    def log_up(self) -> None:
        self.cursor = max(0, self.cursor - 1)

    def log_down(self) -> None:
        self.cursor = min(max(0, len(self.log_lines()) - LOG_ROWS), self.cursor + 1)
