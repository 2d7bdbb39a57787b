"""FOGSITE on the box: the table flow that holds the Guardian's maze and answers the team.

Read the tables first: the machine's states are the screens (``Stage``), every control is a
trigger and every screen change a row. Rows for one trigger and screen are tried in order;
the first whose conditions hold wins, and its ``before`` callbacks do the work.

- the game's path: ``TRANSITIONS`` of ``fogsite_setup``, ``fogsite_box``, ``fogsite_team``,
  ``fogsite_relic``, ``fogsite_guardian``, ``fogsite_end`` (``fogkeeper diagram fogsite``);
- the asides, which come back where they left: ``fogsite_guardian.PEEK_TABLE`` and
  ``fogsite_end.QUIT_TABLE``;
- ``INTERRUPTS`` below: the link's answers and the team's clock, on any screen of play.

Triggers nobody presses come from the flow: ``answered``, ``play_on``, ``game_started`` and
``guardian_played`` (an engine call, joystick or link), ``pin_ok``/``pin_cancel`` (a PIN
pad), ``setup_refused``, ``think_over`` and ``team_time_out`` (the clock), and
``back_to_<screen>`` (the end of an aside). A resumed game is put back on its screen with
``set_state``: a power cut is not a move of play. The link commands live in
``fogsite_link``, the frames in ``fogsite_frames``.
"""

from __future__ import annotations

import logging
import secrets
from typing import Any

from transitions import Machine

from fogkeeper.data.fogsite import load_fogsite_options
from fogkeeper.flow import (
    fogsite_box,
    fogsite_end,
    fogsite_guardian,
    fogsite_relic,
    fogsite_setup,
    fogsite_team,
)
from fogkeeper.flow.fogsite_box import BoxMixin
from fogkeeper.flow.fogsite_core import PLAY_STAGES, SETUP_STAGES, S, Stage
from fogkeeper.flow.fogsite_end import EndMixin
from fogkeeper.flow.fogsite_relic import RelicMixin
from fogkeeper.flow.fogsite_rows import onward_rows, start_rows
from fogkeeper.flow.fogsite_save import restore_flow, snapshot_flow
from fogkeeper.flow.game import GameContext, LinkArgs, Outcome
from fogkeeper.rules.fogsite import Options, public_view
from fogkeeper.ui.draw import Frame

# Rows that cut in on any screen of play: a link command answers wherever the table is, and
# the team's shared time can run out on any screen. They come after the tables' own rows
# (first match wins), so they only decide where no row of a table does.
INTERRUPTS: list[dict[str, Any]] = [
    {"trigger": "answered", "source": PLAY_STAGES, "dest": S.ANSWER},
    {"trigger": "team_time_out", "source": PLAY_STAGES, "dest": S.ANSWER,
     "before": "end_team_time"},
    {"trigger": "guardian_played", "source": PLAY_STAGES, "dest": S.GUARDIAN_REPORT},
    *onward_rows("play_on", PLAY_STAGES),
    # the link's fogsite.setup starts a game from any setup screen
    *start_rows([s for s in Stage if s in SETUP_STAGES]),
]

log = logging.getLogger(__name__)
RECENT_LOG_ENTRIES = 6  # a link reply stays well under the line limit however long the game


def load_options() -> Options:
    """The engine options from ``config/fogsite.toml``."""
    return load_fogsite_options()


def machine_rows() -> list[dict[str, Any]]:
    """The game's path, one trigger a row: what ``fogkeeper diagram fogsite`` draws.

    The asides and the interrupts reach in from every screen of play, so a drawing with them
    shows little else; the machine itself is built from ``all_rows``.
    """
    return _rows([row for module in (fogsite_setup, fogsite_box, fogsite_team, fogsite_relic,
                                     fogsite_guardian, fogsite_end) for row in module.TRANSITIONS])


def all_rows() -> list[dict[str, Any]]:
    """Every row of the machine, in the order they are tried: the path, the asides, the rest."""
    asides = [*fogsite_guardian.PEEK_TABLE, *fogsite_end.QUIT_TABLE]
    return [*machine_rows(), *_rows(asides), *_rows(INTERRUPTS)]


def _rows(table: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """One trigger a row; a row that changes screen starts that screen's menu at the top."""
    rows: list[dict[str, Any]] = []
    for row in table:
        names = row["trigger"] if isinstance(row["trigger"], list) else [row["trigger"]]
        after = row.get("after", [])
        after = after if isinstance(after, list) else [after]
        if row["dest"] is not None:
            after = ["reset_cursor", *after]
        rows.extend({**row, "trigger": name, "after": after} for name in names)
    return rows


class FogsiteFlow(BoxMixin, RelicMixin, EndMixin):
    """The GameFlow for FOGSITE; ``state`` is the screen shown."""

    def __init__(self, context: GameContext, options: Options | None = None,
                 seed: int | None = None) -> None:
        super().__init__(context, options or load_options(),
                         secrets.randbits(32) if seed is None else seed)
        self.machine = Machine(model=self, states=list(Stage), transitions=all_rows(),
                               initial=S.SETUP_MENU, auto_transitions=False, queued=True,
                               ignore_invalid_triggers=True)

    def handle(self, trigger: str) -> Outcome:
        self.pressed, self.exit_asked = trigger, False
        self.trigger(trigger)
        return Outcome.EXIT if self.exit_asked else Outcome.STAY

    def frame(self, now: float) -> Frame:
        from fogkeeper.flow.fogsite_frames import frame

        return frame(self, now)

    def tick(self, now: float) -> None:
        self.team_time_tick(now)
        self.box_tick(now)

    def next_deadline(self, now: float) -> float | None:
        deadlines = [self.box_deadline(),
                     None if self.glass is None else self.glass.next_deadline(now)]
        return min((when for when in deadlines if when is not None), default=None)

    def snapshot(self) -> dict[str, Any]:
        return snapshot_flow(self)

    def restore(self, saved: dict[str, Any]) -> None:
        restore_flow(self, saved)

    def public_state(self) -> dict[str, Any]:
        """What anyone may know: the screen and the public view (its log cut to the latest)."""
        shown = self.state
        if self.game is None:
            draft = self.draft
            return {"screen": shown.value, "setup": {
                "colours": [c.value for c in draft.colours], "two_player": draft.two_player,
                "easy": draft.easy, "balancing": sorted(draft.balancing),
                "guardian": draft.guardian, **self.box_settings()}}
        view = public_view(self.game)
        entries = view.pop("log")
        box = {"box": self.box_settings()} if self.box_plays() else {}
        return {"screen": shown.value, **view, "guardian_kind": self.draft.guardian, **box,
                "log_size": len(entries), "log": entries[-RECENT_LOG_ENTRIES:]}

    def command(self, name: str, args: LinkArgs) -> dict[str, Any]:
        from fogkeeper.flow.fogsite_link import run_command

        return run_command(self, name, args)
