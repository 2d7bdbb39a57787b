"""FogFlow: The FOG's GameFlow, the table (``table.py``) driving the parts of the game.

Each part is a plain class over the flow's one session, holding its screens' presses and the
table's callbacks for that part of the game: ``Checklist`` (setup, values, the owner's
board, the preset), ``PastGames`` (the checklist's past games, a page at a time), ``Deal``
(missions and the draft), ``Rounds`` (turns, hourglass, cost, end of round), ``Losses`` (the
FOG step's losses), ``Cards`` (card entry, show, picture), ``Scores`` (boats, score, bonus,
review, results, detail) and ``Controls`` (cursor, dials, questions and asides every screen
shares). The link's commands (``link.py``) call the same actions. A row names its callbacks
``part.method``; ``tables.bind_rows`` binds them to the parts when the machine is built, so
a name that does not resolve fails at once.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from typing import TYPE_CHECKING

from transitions import Machine

from fogkeeper.errors import FogkeeperError
from fogkeeper.flow.fog import link, views
from fogkeeper.flow.fog.cards import Cards
from fogkeeper.flow.fog.checklist import Checklist
from fogkeeper.flow.fog.controls import Controls
from fogkeeper.flow.fog.deal import Deal
from fogkeeper.flow.fog.losses import Losses
from fogkeeper.flow.fog.past_games import PastGames
from fogkeeper.flow.fog.rounds import Rounds
from fogkeeper.flow.fog.scores import Scores
from fogkeeper.flow.fog.session import Session
from fogkeeper.flow.fog.setup import load_preset, read_setup
from fogkeeper.flow.fog.table import TRANSITIONS, FogScreen, Go
from fogkeeper.flow.game import GameContext, Outcome
from fogkeeper.flow.hourglass import Hourglass
from fogkeeper.flow.kit import session as snapshots
from fogkeeper.flow.kit.link import GameCommands
from fogkeeper.flow.tables import bind_rows, expand, work
from fogkeeper.schema import SchemaError
from fogkeeper.ui.draw import Frame

F = FogScreen
REFUSALS = (FogkeeperError,)


def read_saved_setup(raw: object) -> dict[str, object]:
    """A saved game's checklist, each value read through its declaration; one that does
    not fit is refused naming the key, the value and what it may be."""
    try:
        return read_setup(raw, "session.setup")
    except SchemaError as exc:
        raise snapshots.SessionError(f"bad value at {exc.path}: {exc.problem}") from None


class FogFlow:
    """The FOG's GameFlow; ``screen`` is the current screen, ``s`` the session, ``glass``
    the turn's hourglass (option 1), ``resumed`` a turn a restart brought back, each part
    one attribute."""

    name = "fog"
    title = "The FOG"
    screen: FogScreen

    if TYPE_CHECKING:  # transitions attaches it to the model
        def trigger(self, name: str) -> bool: ...

    def __init__(self, context: GameContext, seed: int | None = None) -> None:
        self.context = context
        self.glass: Hourglass | None = None
        # a turn (or the round's end question) a restart brought back, not yet gone on with
        self.resumed = False
        self.outcome = Outcome.STAY
        # the public draws' seed from the OS, never a clock a host can read; the secret
        # missions are dealt from a stream of their own (``begin.deal_stream``)
        seed = context.seed if seed is None else seed
        chosen = seed if seed is not None else secrets.randbits(64)
        preset = context.effects.load_preset(self.name)
        self.s = Session(setup=load_preset(preset), seed=chosen, replay=seed is not None)
        self.controls = Controls(self)
        self.checklist = Checklist(self)
        self.past_games = PastGames(self)
        self.deal = Deal(self)
        self.rounds = Rounds(self)
        self.losses = Losses(self)
        self.cards = Cards(self)
        self.scores = Scores(self)
        # a screen entered through the table starts with its cursor on the first row
        entered = work(self, "controls.entered", "FOG")
        states = [{"name": screen, "on_enter": [entered]} for screen in FogScreen]
        self.machine = Machine(model=self, states=states,
                               transitions=bind_rows(self, expand(TRANSITIONS), "FOG"),
                               initial=F.SETUP, queued=True, ignore_invalid_triggers=True,
                               auto_transitions=False, model_attribute="screen")
        if preset is not None:   # the last game's checklist: "Start game" is one OK away
            self.checklist.open_on_start()
        # the part that takes a screen's presses first (``Controls.press``)
        self.presses: dict[FogScreen, Callable[[str], bool]] = {
            F.SETUP: self.checklist.setup_key, F.VALUES: self.checklist.values_key,
            F.BOARD: self.checklist.board_key, F.HISTORY: self.past_games.history_key,
            F.HAND: self.deal.hand_key,
            F.DRAFT: self.deal.draft_key, F.TURN: self.rounds.turn_key,
            F.LOSSES: self.losses.losses_key, F.CARD: self.cards.card_key,
            F.PICTURE: self.cards.picture_key, F.BOATS: self.scores.boats_key,
            F.SCORE: self.scores.score_key, F.BONUS: self.scores.bonus_key,
            F.REVIEW: self.scores.review_key,
        }

    def fire(self, go: Go) -> None:
        """A named trigger of the table (``Go``: a misspelt one is a type error)."""
        self.trigger(go)

    # ---- GameFlow ------------------------------------------------------------------------
    def handle(self, trigger: str) -> Outcome:
        self.outcome = Outcome.STAY
        try:
            self.controls.press(trigger)
        except REFUSALS as exc:
            self.controls.refuse(str(exc))
        return self.outcome

    def frame(self, now: float) -> Frame:
        return views.frame(self, now)

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
                self.fire(Go.TIME_UP)

    def next_deadline(self, now: float) -> float | None:
        return None if self.glass is None else self.glass.next_deadline(now)

    def snapshot(self) -> dict[str, object]:
        return {"screen": self.screen.value, "session": snapshots.dump(self.s),
                "glass": self.rounds.saved_glass()}

    def restore(self, saved: dict[str, object]) -> None:
        """A saved game (from ``snapshot``); a damaged or older one raises SessionError."""
        if not isinstance(saved, dict) or "glass" not in saved:
            raise snapshots.SessionError("the saved FOG game is from an older box or damaged")
        raw = saved["session"]
        setup = read_saved_setup(raw.get("setup") if isinstance(raw, dict) else None)
        self.s = snapshots.load(Session, raw)
        self.s.setup = setup
        screen = snapshots.load(FogScreen, saved["screen"], "screen")
        self.rounds.put_back_glass(saved["glass"])
        self.machine.set_state(screen, model=self)
        self.rounds.mark_resumed(screen)

    def public_state(self) -> dict[str, object]:
        return link.public_state(self)

    @property
    def commands(self) -> GameCommands[FogFlow]:
        return link.COMMANDS
