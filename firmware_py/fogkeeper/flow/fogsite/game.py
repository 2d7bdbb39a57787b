"""FogsiteFlow: FOGSITE's GameFlow, the table (``table.py``) driving the parts of the game.

Each part is a plain class over the one session: ``Setup``, ``BoxGuardian``, ``TeamTurn``,
``RelicStep``, ``GuardianTurn``, ``End``; the link's commands (``FogsiteLink``) call the same
actions. A button that alone changes the screen is a row of the table; any other goes to the
screen's part, which does the work and fires a named trigger.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from transitions import Machine

from fogkeeper.data.fogsite import load_fogsite_options
from fogkeeper.flow.fogsite import link
from fogkeeper.flow.fogsite.box import BoxGuardian
from fogkeeper.flow.fogsite.choice import ChoiceStep
from fogkeeper.flow.fogsite.end import End
from fogkeeper.flow.fogsite.guardian import GuardianTurn
from fogkeeper.flow.fogsite.link import RECENT_LOG_ENTRIES, FogsiteLink
from fogkeeper.flow.fogsite.relic import RelicStep
from fogkeeper.flow.fogsite.session import Session, seeded_streams
from fogkeeper.flow.fogsite.setup import Setup
from fogkeeper.flow.fogsite.table import BACK_TO, ROWS, SETUP_STAGES, TEAM_STAGES, Go, Stage
from fogkeeper.flow.fogsite.team import TeamTurn
from fogkeeper.flow.fogsite.views import frame
from fogkeeper.flow.game import GameContext, Outcome
from fogkeeper.flow.hourglass import SAVED_AT_WALL, Hourglass
from fogkeeper.flow.hourglass import Phase as GlassPhase
from fogkeeper.flow.hourglass import resumed as aged
from fogkeeper.flow.kit.link import GameCommands
from fogkeeper.flow.kit.pin import PinAnswer
from fogkeeper.flow.kit.session import SessionError, dump, load
from fogkeeper.flow.snapshot import SnapshotError
from fogkeeper.rules.fogsite import Options, Phase, public_view
from fogkeeper.ui.draw import Frame

S = Stage
VERSION = 2  # version 1 (before the typed session) is refused: the game cannot be resumed
# where a screen that needs a PIN or shows the maze comes back after a restart
RESUME_ON = {S.GUARDIAN_PIN: S.GUARDIAN_GATE, S.GUARDIAN_MOVES: S.GUARDIAN_GATE,
             S.G6_CHOICE: S.GUARDIAN_GATE, S.CHOICE_PIN: S.CHOICE_GATE,
             S.CHOICE: S.CHOICE_GATE}
ASIDES = (S.PEEK, S.PEEK_PIN)  # a restart goes back to the screen they interrupted


class FogsiteFlow:
    """The GameFlow for FOGSITE; ``state`` is the screen shown."""

    name = "fogsite"
    title = "FOGSITE"
    state: Stage

    if TYPE_CHECKING:  # transitions attaches this; declared for mypy
        def trigger(self, name: Go) -> bool: ...

    def __init__(self, context: GameContext, options: Options | None = None,
                 seed: int | None = None) -> None:
        self.context = context
        self.options = options or load_fogsite_options()
        # no seed: both streams from the OS (the session's defaults); a seed replays a game
        self.session = Session()
        if seed is not None:
            self.replay(seed)
        self.exit_asked = False
        self.setup = Setup(self)
        self.box = BoxGuardian(self)
        self.team = TeamTurn(self)
        self.relic = RelicStep(self)
        self.choice = ChoiceStep(self)
        self.guardian = GuardianTurn(self)
        self.end = End(self)
        self.link = FogsiteLink(self)
        # the part that takes a screen's buttons when no row of the table does
        self.keys: dict[Stage, Callable[[str], None]] = {
            S.SETUP_MENU: self.setup.menu_key, S.BALANCING: self.setup.balancing_key,
            S.MAZE_EDIT: self.setup.maze_key, S.MAZE_INVALID: self.setup.invalid_key,
            S.SLEEPING: self.setup.sleeping_key, S.GUARDIAN_START: self.setup.start_key,
            S.LOCK: self.setup.lock_key, S.BOX_READY: self.box.ready_key,
            S.CHOOSE: self.team.choose_key, S.ACTIONS: self.team.actions_key,
            S.EXPLORE: self.team.explore_key, S.MOVE: self.team.move_key,
            S.MOVE_COPY: self.team.copy_key,
            S.GIVE_PICK: self.team.give_pick_key, S.GIVE_TO: self.team.give_to_key,
            S.ANSWER: self.team.answer_key, S.ESCAPE_CALL: self.team.escape_key,
            S.RELIC_PICK: self.relic.pick_key, S.RELIC_STEP: self.relic.step_key,
            S.GUARDIAN_GATE: self.guardian.gate_key, S.GUARDIAN_PIN: self.guardian.pin_key,
            S.GUARDIAN_MOVES: self.guardian.moves_key,
            S.GUARDIAN_REPORT: self.guardian.report_key, S.BOX_TURN: _no_key,
            S.PEEK_PIN: self.guardian.peek_pin_key, S.PEEK: self.guardian.peek_key,
            S.WINNER: self.end.winner_key, S.REVEAL: self.end.reveal_key,
            S.LOG: self.end.log_key, S.QUIT_ASK: self.quit_key,
            S.PLAY_LOG: self.end.play_log_key, S.START_TILES: _no_key,
            S.CHOICE_GATE: self.choice.gate_key, S.CHOICE_PIN: self.choice.pin_key,
            S.CHOICE: self.choice.choice_key, S.G6_CHOICE: self.guardian.g6_key,
            S.HAND_GATE: self.team.hand_gate_key,
        }
        self.machine = Machine(model=self, states=list(Stage), transitions=ROWS,
                               initial=S.SETUP_MENU, auto_transitions=False,
                               ignore_invalid_triggers=True, after_state_change="reset_cursor")

    # ---- buttons and screen changes ----------------------------------------------------------
    def handle(self, trigger: str) -> Outcome:
        self.exit_asked = False
        if trigger in self.machine.get_triggers(self.state):
            self.fire(Go(trigger))  # every row's trigger is a Go (test_fogsite_triggers)
        elif self.state in TEAM_STAGES and trigger == "key3":
            self.team.toggle_clock()
        elif self.state in TEAM_STAGES and trigger == "hold_key3":
            self.guardian.peek()
        else:
            self.keys[self.state](trigger)
        self.team.sync_clock()
        self.end.keep_if_over()
        return Outcome.EXIT if self.exit_asked else Outcome.STAY

    def fire(self, trigger: Go) -> None:
        """A row of the table; a trigger with no row from this screen changes nothing."""
        self.trigger(trigger)

    def replay(self, seed: int) -> None:
        """Fix both streams from one seed, to replay a game (tests; a host's seed given
        behind the PIN): before the setup draws anything."""
        self.session.rng, self.session.secret_rng = seeded_streams(seed)

    def maze_seen(self) -> None:
        """The winner screen opened the reveal: the game is over for good."""
        self.end.see_maze()

    def reset_cursor(self) -> None:
        """Every new screen starts its menu at the top; the choose screen on the first
        Investigator still to play (never on one who is done)."""
        self.session.cursor = self.team.first_to_play() if self.state is S.CHOOSE else 0

    def onward(self) -> None:
        """Where play goes after an answer, a report or a turn: the engine's phase decides."""
        game = self.session.running
        if game.phase is Phase.OVER:
            self.end.finish()
            self.fire(Go.GAME_OVER)
        elif game.phase is Phase.GUARDIAN and self.session.box_plays():
            self.box.play_turn()
            self.fire(Go.BOX_TURN)
        elif game.phase is Phase.GUARDIAN:
            self.guardian.open_turn()
            self.fire(Go.GUARDIAN_TURN)
        elif game.phase is Phase.ESCAPE:
            self.fire(Go.ESCAPE_CALL)
        else:
            self.fire(Go.TURN_GOES_ON if game.current is not None else Go.TEAM_TURN)

    def read_pin(self, button: str) -> PinAnswer | None:
        """A key on a PIN screen; a wrong PIN is also said (the pad asks again)."""
        assert self.session.pad is not None  # every PIN screen has its pad
        answer = self.session.pad.read(button, self.context.pin_matches)
        if answer is PinAnswer.WRONG:
            self.session.refusal = "Wrong PIN"
        return answer

    # ---- the quit aside ----------------------------------------------------------------------
    def remember(self) -> None:
        self.session.back_to = self.state

    def go_back(self) -> None:
        """Back to the screen a question or a look at the maze interrupted."""
        back = BACK_TO.get(self.session.back_to)
        if back is not None:  # a screen no aside leaves (only a damaged save) stays shown
            self.fire(back)

    def quit_key(self, button: str) -> None:
        if button in ("ok", "hold_ok"):  # the hold of B that asked was the long press
            self.ask_exit()
        elif button == "back":
            self.go_back()

    def ask_exit(self) -> None:
        self.exit_asked = True

    # ---- GameFlow ----------------------------------------------------------------------------
    def frame(self, now: float) -> Frame:
        return frame(self)

    def tick(self, now: float) -> None:
        self.team.tick(now)
        self.box.tick(now)
        self.team.sync_clock()  # the box's count shown: the team's turn (and G9) begins
        self.end.keep_if_over()  # a time-up that ended the game

    def next_deadline(self, now: float) -> float | None:
        glass = self.session.glass
        deadlines = [self.box.deadline(), None if glass is None else glass.next_deadline(now)]
        return min((when for when in deadlines if when is not None), default=None)

    def public_state(self) -> dict[str, object]:
        """What anyone may know: the screen and the public view (its log cut to the latest)."""
        session = self.session
        draft = session.draft
        if session.game is None:
            return {"screen": self.state.value, "setup": {
                "colours": [c.value for c in draft.colours], "two_player": draft.two_player,
                "easy": draft.easy, "balancing": list(draft.balancing),
                "guardian": draft.guardian.value, **session.box_settings()}}
        view = public_view(session.running)
        entries = view.pop("log")
        box = {"box": session.box_settings()} if session.box_plays() else {}
        glass = session.glass
        # G9: the host sees the team's time as the status strip shows it
        clock = {} if glass is None else {"team_time": {
            "left_seconds": glass.shown_seconds(self.context.clock()),
            "of_seconds": glass.duration_seconds, "running": glass.phase is GlassPhase.RUNNING}}
        return {"screen": self.state.value, **view, "guardian_kind": draft.guardian.value, **box,
                **clock, "log_size": len(entries), "log": entries[-RECENT_LOG_ENTRIES:]}

    @property
    def commands(self) -> GameCommands[FogsiteFlow]:
        return link.COMMANDS

    # ---- power-loss safety ----------------------------------------------------------------------
    def snapshot(self) -> dict[str, object]:
        """The box's own save: it holds the maze. The team's clock is saved with the time it
        has left and, while it runs, the wall clock: the box saves on a change, not every
        second, so a restart takes off the time since (as the box's own Timer does)."""
        glass = self.session.glass
        saved: dict[str, object] | None = None
        if glass is not None:
            saved = dict(glass.snapshot(self.context.clock()))
            if glass.phase is GlassPhase.RUNNING:
                saved[SAVED_AT_WALL] = round(self.context.wall_clock(), 3)
        return {"version": VERSION, "stage": self.state.value, "session": dump(self.session),
                "glass": saved}

    def restore(self, saved: dict[str, object]) -> None:
        """Put a snapshot back, always locked; SnapshotError when this firmware cannot read it."""
        if saved.get("version") != VERSION:
            raise SnapshotError(f"FOGSITE save version {saved.get('version')!r}, "
                                f"this reads {VERSION}")
        try:
            session = load(Session, saved["session"])
            stage = _stage(saved["stage"])
            glass = self._glass(saved["glass"], session)
        except (SessionError, KeyError, TypeError, ValueError) as error:
            raise SnapshotError(f"the saved FOGSITE game cannot be read ({error})") from None
        session.glass, session.unlocked, cursor = glass, False, session.cursor
        self.session = session
        self.box.resume_pause()
        if stage in ASIDES:
            stage, cursor = session.back_to, session.back_cursor
        stage = RESUME_ON.get(stage, stage)
        if stage is S.LOCK:
            self.setup.arm_lock()
            cursor = 0
        if session.game is None and stage not in SETUP_STAGES:
            raise SnapshotError("a FOGSITE screen of play was saved without its game")
        # a resume is not a move of play: the saved screen is put back as it was
        self.machine.set_state(stage, model=self)
        session.cursor = cursor

    def _glass(self, saved: object, session: Session) -> Hourglass | None:
        """The team's clock comes back with the time it had, less the time the box was off;
        one that was running runs on (G9 is a hard stop: nobody may hold it), one paused
        under the house rule stays paused (an older save's paused clock runs on too, as no
        key may start it without the house rule)."""
        if saved is None:
            return None
        if not isinstance(saved, dict):
            raise TypeError("the team's clock is not an object")
        was_running = SAVED_AT_WALL in saved or not (
            session.game is not None and session.running.options.team_time_pause)
        glass = Hourglass(int(saved["duration_seconds"]),
                          warn_at=self.context.config.timer.warn_at_seconds, players=1)
        glass.restore(aged(saved, self.context.wall_clock()))
        if was_running and glass.phase is GlassPhase.PAUSED:
            glass.resume(self.context.clock())
        return glass


def _stage(saved: object) -> Stage:
    """The saved screen; anything but one of the stages' names is a ValueError, as Stage's."""
    if not isinstance(saved, str):
        raise ValueError(f"{saved!r} is not a valid {Stage.__qualname__}")
    return Stage(saved)


def _no_key(button: str) -> None:
    """The box's turn: the table waits for the count (hold B still asks to quit)."""
