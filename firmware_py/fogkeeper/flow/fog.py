"""The FOG on the box: the table flow from the setup checklist to the final score.

Read the tables first: every screen is a state, every control a trigger, and every screen
change a row. Rows for one trigger and screen are tried in order; the first whose conditions
hold wins, and its ``before`` callbacks do the work. The phases' tables sit at the top of their
modules: ``fog_actions.SETUP_TABLE`` (checklist, missions, draft), ``fog_turns.TURN_TABLE``
(turns, MP helper, early end) and ``fog_wizard.WIZARD_TABLE`` (FOG step, losses, scoring).
Triggers a player never presses come from the link or the clock (``start``, ``drafted``,
``paid``, ``time_up``, ``end_game``, ``losses_entered``, ``to_review``), from a refusal
(``refused``), or from leaving a notice or the quit question (``back_to_<screen>``).
"""

from __future__ import annotations

import logging
from typing import Any

from transitions import Machine

from fogkeeper.flow import fog_actions
from fogkeeper.flow.fog_actions import SETUP_TABLE
from fogkeeper.flow.fog_model import FogScreen, Session
from fogkeeper.flow.fog_setup import load_preset
from fogkeeper.flow.fog_turns import TURN_TABLE
from fogkeeper.flow.fog_wizard import WIZARD_TABLE
from fogkeeper.flow.game import GameContext, LinkArgs, Outcome
from fogkeeper.flow.hourglass import Hourglass
from fogkeeper.flow.tables import expand
from fogkeeper.ui.draw import Frame

F = FogScreen
MENUS = [F.SETUP, F.VALUES, F.INFO, F.HAND, F.OPEN, F.LOSSES, F.SCORE, F.BONUS, F.REVIEW,
         F.RESULTS, F.DETAIL, F.NOTICE]
FORMS = [F.COST, F.PICK]
NOT_QUIT = [s for s in FogScreen if s is not F.QUIT]

ANYWHERE: list[dict[str, Any]] = [
    # leaving: a long press on B anywhere, then OK to confirm
    {"trigger": "hold_back", "source": NOT_QUIT, "dest": F.QUIT, "before": "remember"},
    {"trigger": "ok", "source": F.QUIT, "dest": None, "after": "quit_game"},
    # a refused action shows why; OK or B go back where the player was
    {"trigger": "refused", "source": NOT_QUIT, "dest": F.NOTICE},
    {"trigger": "back", "source": [F.QUIT, F.NOTICE], "dest": None, "after": "go_back"},
    {"trigger": "ok", "source": F.NOTICE, "dest": None, "after": "go_back"},
    *({"trigger": f"back_to_{screen.value}", "source": [F.QUIT, F.NOTICE], "dest": screen}
      for screen in NOT_QUIT),
    # lists and forms
    {"trigger": "up", "source": MENUS + FORMS, "dest": None, "after": "cursor_up"},
    {"trigger": "down", "source": MENUS + FORMS, "dest": None, "after": "cursor_down"},
    {"trigger": "left", "source": [F.SETUP, F.VALUES, F.BONUS, *FORMS], "dest": None,
     "after": "value_down"},
    {"trigger": "right", "source": [F.SETUP, F.VALUES, F.BONUS, *FORMS], "dest": None,
     "after": "value_up"},
]
# the game's own path, SETUP to RESULTS, without the rows every screen shares
GAME_PATH: list[dict[str, Any]] = [*SETUP_TABLE, *TURN_TABLE, *WIZARD_TABLE]
TRANSITIONS: list[dict[str, Any]] = [*ANYWHERE, *GAME_PATH]


log = logging.getLogger(__name__)


class FogFlow(fog_actions.Actions):
    """The FOG's table flow; ``screen`` is the current screen."""

    name = "fog"
    title = "The FOG"
    screen: FogScreen

    def __init__(self, context: GameContext, seed: int | None = None) -> None:
        self.context = context
        self.glass: Hourglass | None = None
        self.outcome = Outcome.STAY
        chosen = seed if seed is not None else int(context.clock() * 1_000_000) & 0xFFFFFFFF
        self.s = Session(setup=load_preset(self._stored_preset()), seed=chosen)
        # a screen entered through the table starts with its cursor on the first row
        states = [{"name": screen, "on_enter": "entered"} for screen in FogScreen]
        self.machine = Machine(model=self, states=states, transitions=expand(TRANSITIONS),
                               initial=F.SETUP, queued=True, ignore_invalid_triggers=True,
                               auto_transitions=False, model_attribute="screen")

    # ---- GameFlow ------------------------------------------------------------------------
    def handle(self, trigger: str) -> Outcome:
        self.outcome = Outcome.STAY
        try:
            self.trigger(trigger)
        except fog_actions.REFUSALS as exc:
            self.refuse(str(exc))
        return self.outcome

    def frame(self, now: float) -> Frame:
        from fogkeeper.flow.fog_views import frame

        return frame(self, now)

    def tick(self, now: float) -> None:
        if self.glass is None:
            return
        for event in self.glass.tick(now):
            if not self.context.config.timer.visual_only:
                countdown = event.kind == "warning" and event.seconds_left <= 5
                self.context.effects.sound("countdown" if countdown else event.kind)
            self.context.effects.emit(f"fog.timer.{event.kind}",
                                      {"seconds_left": event.seconds_left})
            if event.kind == "expired":
                self.trigger("time_up")

    def next_deadline(self, now: float) -> float | None:
        return None if self.glass is None else self.glass.next_deadline(now)

    def snapshot(self) -> dict[str, Any]:
        now = self.context.clock()
        self.s.glass = None if self.glass is None else self.glass.snapshot(now)
        return {"screen": self.screen.value, "session": self.s.to_dict()}

    def restore(self, saved: dict[str, Any]) -> None:
        self.s = Session.from_dict(saved["session"])
        self.glass = None
        if self.s.glass is not None:
            self.glass = self.new_glass()
            self.glass.restore(self.s.glass)
        self.machine.set_state(FogScreen(saved["screen"]), model=self)

    def public_state(self) -> dict[str, Any]:
        from fogkeeper.flow.fog_commands import public_state

        return public_state(self)

    def command(self, name: str, args: LinkArgs) -> dict[str, Any]:
        from fogkeeper.flow.fog_commands import run

        return run(self, name, args)

    # ---- presets -------------------------------------------------------------------------
    def _stored_preset(self) -> Any:
        return self.context.effects.load_preset(self.name)

    def store_preset(self) -> None:
        self.context.effects.save_preset(self.name, dict(self.s.setup))

    def new_glass(self) -> Hourglass:
        timer = self.context.config.timer
        return Hourglass(fog_actions.HOURGLASS_SECONDS, warn_at=timer.warn_at_seconds,
                         players=1)
