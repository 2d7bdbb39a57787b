"""CorpsFlow: the Corps GameFlow, the table (``table.py``) driving the parts of the chapter.

Each part is a plain class over the flow's one session: ``Mode``, ``KeyHolder``, ``Board``,
``Tracker``, ``End``, with ``Asides`` (quit, "can we end?") and ``Menus`` shared by all; the
link's commands (``link.py``) call the same work. The rows name their work ``part.method``;
here each name is bound to its part's method as the machine is built.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from transitions import Machine

from fogkeeper.data.corps import load_corps_options
from fogkeeper.errors import ConfigError
from fogkeeper.flow.corps import key_entry, link
from fogkeeper.flow.corps.asides import Asides
from fogkeeper.flow.corps.board import Board
from fogkeeper.flow.corps.end import End
from fogkeeper.flow.corps.keyholder import KeyHolder
from fogkeeper.flow.corps.menus import Menus
from fogkeeper.flow.corps.mode import Mode
from fogkeeper.flow.corps.session import CorpsScreen, CorpsSession
from fogkeeper.flow.corps.table import AFTER_SCREEN_CHANGE, TRANSITIONS, Go
from fogkeeper.flow.corps.tracker import Tracker
from fogkeeper.flow.game import GameContext, Outcome
from fogkeeper.flow.kit import session as session_codec
from fogkeeper.flow.kit.link import GameCommands
from fogkeeper.flow.kit.pin import PinPad
from fogkeeper.flow.kit.session import SessionError
from fogkeeper.flow.tables import bind_rows, expand, work
from fogkeeper.rules import corps
from fogkeeper.ui.draw import Frame

C = CorpsScreen
SAVE_VERSION = 2  # 1: before the typed session; such a save is refused with this message
log = logging.getLogger(__name__)


def chapter_options() -> corps.CorpsOptions:
    """The chapter rulings from config; a broken file is logged (naming the file and the key)
    and the table plays by the defaults."""
    try:
        return load_corps_options()
    except ConfigError as error:
        log.error("corps chapter config ignored, using defaults: %s", error)
        return corps.CorpsOptions()


class CorpsFlow:
    """The Fog chapter's table flow; ``state`` is the screen, ``session`` all the rest."""

    name = "corps"
    title = "Corps of Discovery"
    state: CorpsScreen

    if TYPE_CHECKING:  # transitions attaches these; declared for mypy
        def trigger(self, name: Go) -> bool: ...

    def __init__(self, context: GameContext) -> None:
        self.context = context
        self.session = CorpsSession(corps.new_chapter(options=chapter_options()))
        # never saved: the digits stay unwritten
        self.pad = PinPad(key_entry.SEAL_PIN_TITLE, self.context.pin_length())
        self.outcome = Outcome.STAY
        self.last_trigger = ""  # the control being handled: the parts read its direction
        self.menus = Menus(self)
        self.asides = Asides(self)
        self.mode = Mode(self)
        self.key_holder = KeyHolder(self)
        self.board = Board(self)
        self.tracker = Tracker(self)
        self.end = End(self)
        self.machine = Machine(model=self, states=list(CorpsScreen),
                               transitions=bind_rows(self, expand(TRANSITIONS), "corps"),
                               initial=C.MODE,
                               queued=True, ignore_invalid_triggers=True,
                               after_state_change=work(self, AFTER_SCREEN_CHANGE, "corps"))

    # ---- GameFlow ------------------------------------------------------------------------
    def handle(self, trigger: str) -> Outcome:
        self.outcome = Outcome.STAY
        self.session.note = ""
        self.last_trigger = trigger
        try:
            go = Go(trigger)
        except ValueError:  # no row has it: the control changes nothing here
            return self.outcome
        self.trigger(go)
        return self.outcome

    def frame(self, now: float) -> Frame:
        from fogkeeper.flow.corps.views import corps_frame

        return corps_frame(self)

    def tick(self, now: float) -> None:
        self.end.tick(now)

    def next_deadline(self, now: float) -> float | None:
        return self.session.next_reveal_at

    def snapshot(self) -> dict[str, object]:
        """The session and the screen; it holds the sealed key, so it stays on the box."""
        return {"version": SAVE_VERSION, "screen": self.state.value,
                **session_codec.dump(self.session)}

    def restore(self, saved: dict[str, object]) -> None:
        """Come back to the saved screen; SessionError (a FogkeeperError) when it is damaged."""
        if saved.get("version") != SAVE_VERSION:
            raise SessionError(f"corps save version {saved.get('version')!r}, "
                               f"expected {SAVE_VERSION}")
        fields = {k: v for k, v in saved.items() if k not in ("version", "screen")}
        session = session_codec.load(CorpsSession, fields)
        screen = session_codec.load(CorpsScreen, saved.get("screen"), "screen")
        if screen is C.KEY_SLOT and session.key_entry is None:
            screen = C.KEY_MENU
        if screen is C.CARRY and session.carried is None:
            screen = C.BOARD
        if screen is C.TERRAIN and not session.terrain_card:
            screen = C.MONSTERS
        if screen is C.REVEAL and session.next_reveal_at is not None:  # the slow reveal goes on
            session.next_reveal_at = self.context.clock() + session.options.reveal_step_seconds
        else:
            session.next_reveal_at = None
        self.session = session
        # the digits typed before the power cut are gone
        self.pad = PinPad(key_entry.UNSEAL_PIN_TITLE if screen is C.UNSEAL_PIN
                          else key_entry.SEAL_PIN_TITLE, self.context.pin_length())
        self.machine.set_state(screen, model=self)

    def public_state(self) -> dict[str, object]:
        return {**corps.public_view(self.session.chapter), "screen": self.state.value}

    @property
    def commands(self) -> GameCommands[CorpsFlow]:
        return link.COMMANDS
