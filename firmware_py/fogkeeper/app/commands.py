"""Host-link commands: each request runs on the loop thread and gets exactly one reply.

ONE dispatcher for the box's own commands (the rows of ``BOX_COMMANDS`` at the end of this
file) and every game's (``<game>.<action>``, the rows of the running game's
``commands``). Each row names its arguments' schema: the arguments are read completely
before the handler runs, so an unknown, missing, mistyped or out-of-range argument is
``bad_args`` naming the key and nothing changes. A read-only row never marks the session
changed, so polling it writes nothing. ``docs/host-link.md``'s command table is made from
the rows (``fogkeeper.link.catalogue.markdown_table``) and a test keeps the two equal.

A command that moves the app to another screen fires a named ``link_*`` trigger of the
app's table, through the same actions as the buttons.
"""

from __future__ import annotations

import base64
import io
import logging
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from fogkeeper import PROTOCOL_VERSION, __version__
from fogkeeper.app.box import shareable
from fogkeeper.errors import FogkeeperError, describe_bug
from fogkeeper.events import Button, ButtonEvent
from fogkeeper.flow.app import HOME_ITEMS, Screen
from fogkeeper.flow.game import GAMES, judge_pin
from fogkeeper.flow.hourglass import NAMES, Phase
from fogkeeper.flow.time_control import CONTROL, Mode
from fogkeeper.link.catalogue import Args, Command, by_name
from fogkeeper.link.protocol import (
    ErrorCode,
    LinkError,
    Request,
    encode_error,
    encode_reply,
)
from fogkeeper.schema import Field, Schema, SchemaError

if TYPE_CHECKING:
    from fogkeeper.app.box import Box

log = logging.getLogger(__name__)
Result = dict[str, Any]
ALL_GAMES = tuple(GAMES)  # every game of the registry, by its link name


class _NotNow(LinkError):
    def __init__(self, why: str) -> None:
        super().__init__(ErrorCode.NOT_NOW, why)


def bad_args(error: SchemaError) -> LinkError:
    """The link's refusal of arguments that do not fit their schema."""
    return LinkError(ErrorCode.BAD_ARGS, f"argument {error}")


def read_args(cmd: str, row: Command[Any], args: Args) -> dict[str, Any]:
    """``args`` read through the row's schema, or bad_args naming the command and key."""
    try:
        return row.args.read(args)
    except SchemaError as exc:
        raise LinkError(ErrorCode.BAD_ARGS, f"{cmd}: {bad_args(exc).message}") from None


class Commands:
    """Answers link requests against a running box."""

    def __init__(self, box: Box) -> None:
        self.box = box
        self.table = BOX_ROWS

    def answer(self, item: Request | LinkError) -> tuple[bytes, bool]:
        """The reply to one parsed line and whether it says ok; every line gets one, errors
        included. The box sends it once the command's effect is on disk."""
        if isinstance(item, LinkError):
            return encode_error(item.request_id, item.code, item.message), False
        return self._run(item)

    def _run(self, request: Request) -> tuple[bytes, bool]:
        try:
            result, marks = self._dispatch(request)
        except LinkError as exc:
            message = (f"{request.cmd[:64]}: {exc.message}" if isinstance(exc, _NotNow)
                       else exc.message)
            return encode_error(request.id, exc.code, message), False
        except Exception as exc:  # a bug must not kill the box: answer, log, carry on
            log.error("command %s failed: %s", request.cmd[:64], describe_bug(exc))
            return encode_error(request.id, ErrorCode.INTERNAL,
                                f"{request.cmd[:64]}: internal error, see the box's log"), False
        if marks:
            self.box.app.mark_changed()
        return encode_reply(request.id, result), True

    def _dispatch(self, request: Request) -> tuple[Result, bool]:
        """Find the row, read its arguments, run it: (result, whether the dispatcher marks
        the app changed: Command.dispatcher_marks)."""
        row = self.table.get(request.cmd)
        if row is not None:
            return row.handler(self, read_args(request.cmd, row, request.args)), \
                row.dispatcher_marks
        prefix, _, action = request.cmd.partition(".")
        if action and prefix in self._game_names():
            game = self.box.app.game
            if game is None or game.name != prefix:
                raise _NotNow(f"{prefix} is not running; send game.start "
                              f'{{"game": "{prefix}"}} first')
            reply = game.commands.call(game, action, request.args)
            return reply, game.commands.row(action).dispatcher_marks
        known = ", ".join(sorted(self.table))
        raise LinkError(ErrorCode.UNKNOWN_CMD,
                        f"unknown command {request.cmd[:64]!r}; known: {known}, and "
                        "<game>.<action> for the running game")

    # ---- general -------------------------------------------------------------------------
    def hello(self, args: Args) -> Result:
        return {"name": "fogkeeper", "version": __version__, "protocol": PROTOCOL_VERSION,
                "games": {g: "ready" if g in self._game_names() else "coming"
                          for g in ALL_GAMES},
                "screen": self.box.app.state.value}

    @staticmethod
    def _game_names() -> set[str]:
        return set(GAMES)

    def press(self, args: Args) -> Result:
        """A button from the host. On a private screen (a secret on it) only with the PIN:
        the host cannot see that screen, so without the PIN it may not play it either.

        The shown frame is the screen's: every step ends by drawing it, and only steps change
        the screen (drawn again only when a step could not draw it)."""
        if self.box.frame is None:
            self.box.refresh()
        current = self.box.frame
        assert current is not None  # refresh always leaves a frame
        if current.private:
            if not args["pin"]:
                raise LinkError(ErrorCode.LOCKED, "the box shows a private screen: press its "
                                "own buttons, or send the PIN with 'pin'")
            app = self.box.app
            if not judge_pin(app.pin_guard, args["pin"], self.box.clock(), app.effects):
                raise LinkError(ErrorCode.LOCKED, "the box shows a private screen and the PIN "
                                "was refused (wrong, none set, or too soon after wrong ones)")
        self.box.press(ButtonEvent(args["button"], long=args["hold"]))
        return {"screen": self.box.app.state.value}

    def screen(self, args: Args) -> Result:
        self.box.refresh()
        current = self.box.frame
        assert current is not None  # refresh always leaves a frame
        reply = {"state": self.box.app.state.value, **shareable(current)}
        if not current.private:
            png = io.BytesIO()
            current.image.save(png, format="PNG", optimize=True)
            reply["png"] = base64.b64encode(png.getvalue()).decode("ascii")
        return reply

    def state(self, args: Args) -> Result:
        app = self.box.app
        glass = app.glass
        now = self.box.clock()
        players = range(glass.times.players)
        return {
            "state": app.state.value,
            "timer": {"phase": glass.phase.value, "seconds_left": glass.seconds_shown(now),
                      "duration_seconds": glass.duration_seconds, "player": glass.player + 1,
                      "players": glass.times.players, "visual_only": app.visual_only,
                      "first": glass.first + 1, "round": glass.round,
                      "can_undo": glass.can_undo, "turns": glass.times.to_json(),
                      "mode": glass.control.mode.value,
                      "names": [glass.name(p) for p in players],
                      "banks": glass.banks_shown(now),
                      "periods_left": [glass.periods_left(p, now) for p in players]
                      if glass.control.mode is Mode.BYOYOMI else None,
                      "flagged": [p + 1 for p in sorted(glass.flagged)],
                      "control": glass.control.to_json()},
            "settings": app.settings.to_json(),
            "game": None if app.game is None else {"name": app.game.name,
                                                    **app.game.public_state()},
            "home": list(HOME_ITEMS),
        }

    # ---- timer ---------------------------------------------------------------------------
    def _free(self) -> None:
        if self.box.app.state is Screen.RESUME:
            raise _NotNow("answer the saved-session offer first (session.resume "
                          "or session.discard)")

    def _timer_free(self) -> None:
        """The box's own timer is not for use inside a game: the game keeps its hourglass,
        and leaving the game's screen for the timer would leave the game behind."""
        self._free()
        game = self.box.app.game
        if game is not None:
            raise _NotNow(f"{game.name} is running and keeps its own hourglass "
                          f"({game.name}.* commands); quit it first (game.quit)")

    def timer_start(self, args: Args) -> Result:
        self._timer_free()
        app, glass = self.box.app, self.box.app.glass
        if glass.phase is Phase.RUNNING:
            raise _NotNow("the timer is already running")
        if glass.banked and args["seconds"] is not None:
            raise LinkError(ErrorCode.BAD_ARGS, "argument 'seconds' is the glass's; in "
                            f"{glass.control.mode.value} mode set the banks with timer.set")
        seconds = args["seconds"] or glass.duration_seconds
        if glass.phase is Phase.PAUSED:
            glass.reset()
        glass.set_duration(seconds)
        app.trigger("link_timer_start")
        return self._timer_reply()

    def _timer_reply(self) -> Result:
        glass = self.box.app.glass
        now = self.box.clock()
        reply: Result = {"phase": glass.phase.value, "player": glass.player + 1,
                         "seconds_left": glass.seconds_shown(now), "round": glass.round}
        if (banks := glass.banks_shown(now)) is not None:
            reply["banks"] = banks
        return reply

    def _expect_phase(self, phase: Phase) -> None:
        self._timer_free()
        if self.box.app.glass.phase is not phase:
            raise _NotNow(f"the timer is {self.box.app.glass.phase.value}, not {phase.value}")

    def timer_pause(self, args: Args) -> Result:
        self._expect_phase(Phase.RUNNING)
        self.box.app.toggle_glass()
        return self._timer_reply()

    def timer_resume(self, args: Args) -> Result:
        self._expect_phase(Phase.PAUSED)
        self.box.app.toggle_glass()
        return self._timer_reply()

    def timer_next(self, args: Args) -> Result:
        self._timer_free()
        self.box.app.trigger("link_timer_next")
        return self._timer_reply()

    def timer_undo(self, args: Args) -> Result:
        self._timer_free()
        if not self.box.app.glass.can_undo:
            raise _NotNow("no switch to take back: only the last one, before a reset")
        self.box.app.trigger("link_timer_undo")
        return self._timer_reply()

    def timer_reset(self, args: Args) -> Result:
        self._timer_free()
        self.box.app.trigger("link_timer_reset")
        return self._timer_reply()

    def timer_set(self, args: Args) -> Result:
        self._timer_free()
        app, glass = self.box.app, self.box.app.glass
        if glass.phase in (Phase.RUNNING, Phase.PAUSED):
            raise _NotNow("reset the timer before changing it")
        # everything is checked before anything changes: a refused timer.set changes nothing
        players = args["players"] or glass.times.players
        given = {key: args[key] for key in CONTROL.by_key if key in args}
        control = glass.control.with_changes(given)
        fitted = control.fitted(players)  # what was not given follows the player count
        control = replace(control, banks=control.banks if "banks" in given else fitted.banks,
                          mode=control.mode if "mode" in given else fitted.mode)
        problem = control.problem(players)
        if problem is not None:
            raise LinkError(ErrorCode.BAD_ARGS, problem)
        first = args["first"]
        if first is not None and first > players:
            raise LinkError(ErrorCode.BAD_ARGS, "argument 'first' must be one of the "
                            f"{players} players")
        if args["seconds"] is not None:
            glass.set_duration(args["seconds"])
        if args["players"] is not None:
            app.set_players(args["players"])
        if control != glass.control:
            glass.set_control(control)
        if first is not None:
            glass.set_first(first - 1)
        if args["names"] is not None:
            glass.names = tuple(args["names"])
        if args["visual_only"] is not None:
            app.visual_only = args["visual_only"]
        return {"seconds": glass.duration_seconds, "players": glass.times.players,
                "visual_only": app.visual_only, "first": glass.first + 1,
                "names": [glass.name(p) for p in range(glass.times.players)],
                "control": glass.control.to_json()}

    def timer_stats(self, args: Args) -> Result:
        """Each player's turns in a few numbers, the same size however long the session."""
        glass = self.box.app.glass
        now = self.box.clock()
        shown = glass.banks_shown(now)
        players = []
        for player in range(glass.times.players):
            turns = glass.times.of(player)
            players.append({
                "player": player + 1, "name": glass.name(player), "turns": turns.count,
                "total_seconds": turns.total, "mean_seconds": round(turns.mean, 2),
                "longest_seconds": turns.longest,
                "last_seconds": turns.last[-1] if turns.last else None,
                "overtime_seconds": turns.overtime,
                "bank_seconds": shown[player] if shown is not None else None})
        return {"mode": glass.control.mode.value, "round": glass.round, "players": players}

    # ---- games ---------------------------------------------------------------------------
    def game_start(self, args: Args) -> Result:
        self._free()
        names = sorted(self._game_names())
        name = args["game"]
        if name not in names:
            raise LinkError(ErrorCode.BAD_ARGS, "argument 'game' must be one of: "
                            + (", ".join(names) or "(no game in this build)"))
        app = self.box.app
        if app.game is not None:
            raise _NotNow(f"{app.game.name} is running; quit it first (game.quit)")
        try:
            app.start_game(name)
        except FogkeeperError as exc:
            raise _NotNow(f"{name} cannot start: {exc}") from None
        return {"screen": app.state.value, "game": name}

    def game_quit(self, args: Args) -> Result:
        app = self.box.app
        if app.game is None:
            raise _NotNow("no game is running")
        app.game_over()
        return {"screen": app.state.value}

    # ---- session -------------------------------------------------------------------------
    def session_resume(self, args: Args) -> Result:
        if self.box.app.state is not Screen.RESUME:
            raise _NotNow("no saved session is on offer")
        self.box.app.resume_session()
        return {"screen": self.box.app.state.value}

    def session_discard(self, args: Args) -> Result:
        if self.box.app.state is not Screen.RESUME:
            raise _NotNow("no saved session is on offer")
        self.box.app.discard_session()
        self.box.app.go_home()
        return {"screen": self.box.app.state.value}


SECONDS = Field("seconds", int, None, low=5, high=3600,
                doc="the glass, 5-3600 (default: the set time)")
_ON_OFFER = "`not_now` during a resume offer"

BOX_COMMANDS: tuple[Command[Commands], ...] = (
    Command("hello", Commands.hello, read_only=True,
            reply="`name`, `version`, `protocol` (2; 1 listed every turn's seconds in "
                  "`state`), `games` (`fog`/`fogsite`/`corps` → `ready` or `coming`), "
                  "`screen`"),
    Command("press", Commands.press, Schema.of(
        Field("button", Button), Field("hold", bool, False),
        Field("pin", str, "", most=64, doc="the PIN, needed on a private screen")),
        marked_by_app=True, reply="`screen`: the state after the press",
        refused="`bad_args`; `locked` on a private screen without the right PIN"),
    Command("screen", Commands.screen, read_only=True,
            reply="`state`, `lines` (the screen as text: a menu's every row, but a list as "
                  "long as the box's records, *Past games*, only the rows on the panel, with "
                  "the place in its title, `Past games [12/300]`), `png` (the 128x64 frame, "
                  "base64 PNG); on a private screen only `private: true` and one line saying "
                  "so"),
    Command("state", Commands.state, read_only=True,
            reply="`state`, `timer` {`phase`, `seconds_left`, `duration_seconds`, `player`, "
                  "`players`, `visual_only`, `first`, `round`, `can_undo`, `turns`, "
                  "`mode`, `names`, `banks` (seconds each player's clock shows, negative in "
                  "overtime; null for the glass), `periods_left` (byo-yomi, else null), "
                  "`flagged` (players whose flag fell), `control`}, `settings`, `game` "
                  "(the running "
                  "game's public view or null), `home`; `turns` has one entry a player (the "
                  "first is P1): {`count`, `total_seconds`, `mean_seconds`, "
                  "`longest_seconds`, `last_seconds` (that player's last 10 turns, oldest "
                  "first)} for the session, the same few bytes however long it runs"),
    Command("timer.start", Commands.timer_start, Schema.of(SECONDS),
            reply="`phase`, `player`, `seconds_left`, `round`, and in a bank mode `banks` "
                  "(seconds each player's clock shows); shows the timer",
            refused="`not_now` (already running, a resume offer is pending, or a game "
                    "runs), `bad_args` (also `seconds` in a bank mode)"),
    Command("timer.pause", Commands.timer_pause, reply="as `timer.start`",
            refused="`not_now` unless running"),
    Command("timer.resume", Commands.timer_resume, reply="as `timer.start`",
            refused="`not_now` unless paused"),
    Command("timer.next", Commands.timer_next,
            reply="ends the turn (recording its time), starts the next player's",
            refused=_ON_OFFER),
    Command("timer.undo", Commands.timer_undo,
            reply="takes back the last `timer.next` (or B): the previous player's turn goes "
                  "on with the time it had, its turn off the record (in a bank mode every "
                  "bank as at the switch: the increment taken back, the time since given "
                  "back); as `timer.start`",
            refused="`not_now` when there is no switch to take back (one, before a reset)"),
    Command("timer.reset", Commands.timer_reset,
            reply="back to a full glass (in a bank mode every bank full, the start player "
                  "to play: a new game), timer menu; the turn times stay (a long press on "
                  "the Turn times screen clears them)",
            refused=_ON_OFFER),
    Command("timer.set", Commands.timer_set, Schema.of(
        Field("seconds", int, None, low=5, high=3600, doc="the glass, 5-3600"),
        Field("players", int, None, low=1, high=8, doc="1-8"),
        Field("visual_only", bool, None, doc="true or false"),
        Field("first", int, None, low=1, high=8, doc="the start player, 1-8 (rounds count "
                                                     "from their turn)"),
        NAMES, *CONTROL),
        reply="`seconds`, `players`, `visual_only`, `first`, `names` (one a player, P<n> "
              "where none is set), `control` (every mode value); give any of them: a new "
              "mode or bank fills every bank again for a new game",
        refused="`not_now` while counting or paused, `bad_args` (also `banks` not one a "
                "player, `hourglass` not for 2 players); nothing changes"),
    Command("timer.stats", Commands.timer_stats, read_only=True,
            reply="`mode`, `round`, `players`: one a player {`player`, `name`, `turns`, "
                  "`total_seconds`, `mean_seconds`, `longest_seconds`, `last_seconds` "
                  "(null before a turn), `overtime_seconds`, `bank_seconds` (null for the "
                  "glass)}; the same size however long the session"),
    Command("game.start", Commands.game_start, Schema.of(
        Field("game", str, most=32, doc="a game that is `ready`")),
        reply="`screen`, `game`",
        refused="`not_now` (a game runs, a resume offer is pending), `bad_args`"),
    Command("game.quit", Commands.game_quit, reply="`screen`",
            refused="`not_now` when no game runs"),
    Command("session.resume", Commands.session_resume, reply="`screen`",
            refused="`not_now` unless the boot offer is on screen"),
    Command("session.discard", Commands.session_discard, reply="`screen`",
            refused="`not_now` unless the boot offer is on screen"),
)
BOX_ROWS = by_name(BOX_COMMANDS)
