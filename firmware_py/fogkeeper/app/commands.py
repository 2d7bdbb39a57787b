"""Host-link commands: each request runs on the loop thread and gets exactly one reply.

The catalogue (name -> handler) is the table in ``Commands``; ``docs/host-link.md`` lists the
same commands with examples. A command that moves the app to another screen fires a named
``link_*`` trigger of the app's table, through the same actions as the buttons.
"""

from __future__ import annotations

import base64
import io
import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from fogkeeper import PROTOCOL_VERSION, __version__
from fogkeeper.app.box import shareable
from fogkeeper.errors import FogkeeperError, describe_bug
from fogkeeper.events import Button, ButtonEvent
from fogkeeper.flow.app import HOME_ITEMS, Screen
from fogkeeper.flow.game import GAMES, judge_pin
from fogkeeper.flow.hourglass import Phase
from fogkeeper.link.protocol import (
    ErrorCode,
    LinkError,
    Request,
    choice,
    encode_error,
    encode_reply,
    optional,
    reject_unknown,
    require,
)

if TYPE_CHECKING:
    from fogkeeper.app.box import Box

log = logging.getLogger(__name__)
Result = dict[str, Any]
ALL_GAMES = ("fog", "fogsite", "corps")
READ_ONLY = frozenset({"hello", "screen", "state"})  # commands that change nothing to save


def _within(name: str, value: int, low: int, high: int, unit: str = "") -> int:
    """A whole-number argument already checked for type, checked for range."""
    if not low <= value <= high:
        raise LinkError(ErrorCode.BAD_ARGS, f"argument '{name}' must be {low}-{high}{unit}")
    return value


def _not_now(request: Request, why: str) -> LinkError:
    return LinkError(ErrorCode.NOT_NOW, f"{request.cmd}: {why}", request.id)


class Commands:
    """Answers link requests against a running box."""

    def __init__(self, box: Box) -> None:
        self.box = box
        self.table: dict[str, Callable[[Request], Result]] = {
            "hello": self.hello, "press": self.press, "screen": self.screen,
            "state": self.state, "timer.start": self.timer_start,
            "timer.pause": self.timer_pause, "timer.resume": self.timer_resume,
            "timer.reset": self.timer_reset, "timer.set": self.timer_set,
            "timer.next": self.timer_next, "session.resume": self.session_resume,
            "session.discard": self.session_discard, "game.start": self.game_start,
            "game.quit": self.game_quit,
        }

    def answer(self, item: Request | LinkError) -> tuple[bytes, bool]:
        """The reply to one parsed line and whether it says ok; every line gets one, errors
        included. The box sends it once the command's effect is on disk."""
        if isinstance(item, LinkError):
            return encode_error(item.request_id, item.code, item.message), False
        return self._run(item)

    def _run(self, request: Request) -> tuple[bytes, bool]:
        handler = self.table.get(request.cmd) or self._game_handler(request.cmd)
        try:
            if handler is None:
                known = ", ".join(sorted(self.table))
                raise LinkError(ErrorCode.UNKNOWN_CMD,
                                f"unknown command {request.cmd!r}; known: {known}", request.id)
            result = handler(request)
        except LinkError as exc:
            return encode_error(request.id, exc.code, exc.message), False
        except Exception as exc:  # a bug must not kill the box: answer, log, carry on
            log.error("command %s failed: %s", request.cmd, describe_bug(exc))
            return encode_error(request.id, ErrorCode.INTERNAL,
                                f"{request.cmd}: internal error, see the box's log"), False
        if request.cmd not in READ_ONLY:
            self.box.app.mark_changed()
        return encode_reply(request.id, result), True

    def _game_handler(self, cmd: str) -> Callable[[Request], Result] | None:
        """``<game>.<action>`` goes to that game's flow, when the game is known."""
        prefix, _, action = cmd.partition(".")
        if not action or prefix not in {name for name, _ in GAMES.values()}:
            return None

        def handler(request: Request) -> Result:
            game = self.box.app.game
            if game is None or game.name != prefix:
                raise _not_now(request, f"{prefix} is not running; send game.start "
                                        f'{{"game": "{prefix}"}} first')
            return game.command(action, request.args)
        return handler

    # ---- general -------------------------------------------------------------------------
    def hello(self, request: Request) -> Result:
        return {"name": "fogkeeper", "version": __version__, "protocol": PROTOCOL_VERSION,
                "games": {g: "ready" if g in self._game_names() else "coming"
                          for g in ALL_GAMES},
                "screen": self.box.app.state.value}

    @staticmethod
    def _game_names() -> set[str]:
        return {name for name, _ in GAMES.values()}

    def press(self, request: Request) -> Result:
        """A button from the host. On a private screen (a secret on it) only with the PIN:
        the host cannot see that screen, so without the PIN it may not play it either."""
        button = choice(request.args, "button", Button)
        hold = optional(request.args, "hold", bool, False)
        pin = optional(request.args, "pin", str, "")
        self.box.refresh()
        current = self.box.frame
        assert current is not None  # refresh always leaves a frame
        if current.private:
            if not pin:
                raise LinkError(ErrorCode.LOCKED, "the box shows a private screen: press its "
                                "own buttons, or send the PIN with 'pin'")
            app = self.box.app
            if not judge_pin(app.pin_guard, pin, self.box.clock(), app.effects):
                raise LinkError(ErrorCode.LOCKED, "the box shows a private screen and the PIN "
                                "was refused (wrong, none set, or too soon after wrong ones)")
        self.box.press(ButtonEvent(button, long=hold))
        return {"screen": self.box.app.state.value}

    def screen(self, request: Request) -> Result:
        self.box.refresh()
        current = self.box.frame
        assert current is not None  # refresh always leaves a frame
        reply = {"state": self.box.app.state.value, **shareable(current)}
        if not current.private:
            png = io.BytesIO()
            current.image.save(png, format="PNG", optimize=True)
            reply["png"] = base64.b64encode(png.getvalue()).decode("ascii")
        return reply

    def state(self, request: Request) -> Result:
        app = self.box.app
        glass = app.glass
        now = self.box.clock()
        return {
            "state": app.state.value,
            "timer": {"phase": glass.phase.value, "seconds_left": round(glass.remaining(now), 2),
                      "duration_seconds": glass.duration_seconds, "player": glass.player + 1,
                      "players": glass.times.players, "visual_only": app.visual_only,
                      "turns": [list(t) for t in glass.times.turns]},
            "settings": app.settings.to_json(),
            "game": None if app.game is None else {"name": app.game.name,
                                                    **app.game.public_state()},
            "home": list(HOME_ITEMS),
        }

    # ---- timer ---------------------------------------------------------------------------
    def _free(self, request: Request) -> None:
        if self.box.app.state is Screen.RESUME:
            raise _not_now(request, "answer the saved-session offer first (session.resume "
                                    "or session.discard)")

    def _timer_free(self, request: Request) -> None:
        """The box's own timer is not for use inside a game: the game keeps its hourglass,
        and leaving the game's screen for the timer would leave the game behind."""
        self._free(request)
        game = self.box.app.game
        if game is not None:
            raise _not_now(request, f"{game.name} is running and keeps its own hourglass "
                                    f"({game.name}.* commands); quit it first (game.quit)")

    def timer_start(self, request: Request) -> Result:
        self._timer_free(request)
        app, glass = self.box.app, self.box.app.glass
        if glass.phase is Phase.RUNNING:
            raise _not_now(request, "the timer is already running")
        seconds = _within("seconds", optional(request.args, "seconds", int,
                                              glass.duration_seconds), 5, 3600, " seconds")
        if glass.phase is Phase.PAUSED:
            glass.reset()
        glass.set_duration(seconds)
        app.trigger("link_timer_start")
        return self._timer_reply()

    def _timer_reply(self) -> Result:
        glass = self.box.app.glass
        return {"phase": glass.phase.value, "player": glass.player + 1,
                "seconds_left": round(glass.remaining(self.box.clock()), 2)}

    def _expect_phase(self, request: Request, phase: Phase) -> None:
        self._timer_free(request)
        if self.box.app.glass.phase is not phase:
            raise _not_now(request, f"the timer is {self.box.app.glass.phase.value}, "
                                    f"not {phase.value}")

    def timer_pause(self, request: Request) -> Result:
        self._expect_phase(request, Phase.RUNNING)
        self.box.app.toggle_glass()
        return self._timer_reply()

    def timer_resume(self, request: Request) -> Result:
        self._expect_phase(request, Phase.PAUSED)
        self.box.app.toggle_glass()
        return self._timer_reply()

    def timer_next(self, request: Request) -> Result:
        self._timer_free(request)
        self.box.app.trigger("link_timer_next")
        return self._timer_reply()

    def timer_reset(self, request: Request) -> Result:
        self._timer_free(request)
        self.box.app.trigger("link_timer_reset")
        return self._timer_reply()

    def timer_set(self, request: Request) -> Result:
        self._timer_free(request)
        app, glass = self.box.app, self.box.app.glass
        if glass.phase in (Phase.RUNNING, Phase.PAUSED):
            raise _not_now(request, "reset the timer before changing it")
        args = request.args
        reject_unknown(args, frozenset({"seconds", "players", "visual_only"}))
        seconds = _within("seconds", optional(args, "seconds", int, glass.duration_seconds),
                          5, 3600, " seconds")
        players = _within("players", optional(args, "players", int, glass.times.players), 1, 8)
        visual = optional(args, "visual_only", bool, app.visual_only)
        glass.set_duration(seconds)
        glass.set_players(players)
        app.visual_only = visual
        return {"seconds": glass.duration_seconds, "players": glass.times.players,
                "visual_only": app.visual_only}

    # ---- games ---------------------------------------------------------------------------
    def game_start(self, request: Request) -> Result:
        self._free(request)
        names = sorted(self._game_names())
        name = require(request.args, "game", str)
        if name not in names:
            raise LinkError(ErrorCode.BAD_ARGS, "argument 'game' must be one of: "
                            + (", ".join(names) or "(no game in this build)"))
        app = self.box.app
        if app.game is not None:
            raise _not_now(request, f"{app.game.name} is running; quit it first (game.quit)")
        try:
            app.start_game(name)
        except FogkeeperError as exc:
            raise _not_now(request, f"{name} cannot start: {exc}") from None
        return {"screen": app.state.value, "game": name}

    def game_quit(self, request: Request) -> Result:
        app = self.box.app
        if app.game is None:
            raise _not_now(request, "no game is running")
        app.game_over()
        return {"screen": app.state.value}

    # ---- session -------------------------------------------------------------------------
    def session_resume(self, request: Request) -> Result:
        if self.box.app.state is not Screen.RESUME:
            raise _not_now(request, "no saved session is on offer")
        self.box.app.resume_session()
        return {"screen": self.box.app.state.value}

    def session_discard(self, request: Request) -> Result:
        if self.box.app.state is not Screen.RESUME:
            raise _not_now(request, "no saved session is on offer")
        self.box.app.discard_session()
        self.box.app.go_home()
        return {"screen": self.box.app.state.value}
