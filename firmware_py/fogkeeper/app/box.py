"""The box's event loop: one thread owns the flow, the screen, the timers and the saves.

Hardware callbacks and the link's reader thread only put items on ``self.events``; the loop
sleeps until the next item or the next deadline (timer second, save, dim, pixel shift). Its
finished frames go to the display's thread (drivers.display.DisplayThread), which pushes the
newest over the bus while the loop goes on; it sees frames only, never the flow's state.
"""

from __future__ import annotations

import logging
import math
import queue
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol, cast

from PIL import Image, ImageChops

from fogkeeper.app.store import StorageError
from fogkeeper.config import Config
from fogkeeper.errors import FogkeeperError, describe_bug
from fogkeeper.events import ButtonEvent
from fogkeeper.flow import snapshot
from fogkeeper.flow.app import App, Screen
from fogkeeper.flow.app.views import frame
from fogkeeper.flow.hourglass import SAVED_AT_WALL, GlassSnapshot, Phase, resumed
from fogkeeper.flow.kit.pin import valid_digest
from fogkeeper.flow.settings import Settings
from fogkeeper.link.protocol import (
    ErrorCode,
    LinkError,
    Request,
    encode_error,
    encode_event,
    result_bytes,
)
from fogkeeper.ui import draw as d
from fogkeeper.ui.draw import Frame

log = logging.getLogger(__name__)
DISPLAY_RETRY_SECONDS = 2.0  # how often a silent display is tried again on a still screen
SAVE_RETRY_SECONDS = 5.0     # how often a refused save is tried again with nothing else to do
WAITING_REQUESTS = 32        # link requests kept waiting; past that the host gets ``busy``
SHIFTS = ((0, 0), (1, 0), (1, 1), (0, 1))  # pixel offsets cycled so no pixel stays lit for hours
# While a glass runs, what time alone changes (warnings, a game's clock) is written at most
# this often: an SD card wears out under a write every second. The running glass itself
# needs no saves: its snapshot carries the wall clock, and a resumed box takes off the time
# that ran out since (hourglass.resumed).
SAVE_RUNNING_EVERY_SECONDS = 5.0
# a change no promise rests on (a cursor: snapshot.NO_PROMISE) waits at most this long for a
# change that matters to carry it to the disk
SAVE_CURSOR_WITHIN_SECONDS = 5.0
# The loop never sleeps longer than this in one wait. A stop signal that lands just before
# the wait begins (after Python last looked for one, before the kernel's wait) has its
# handler run only when the thread is back in Python; a wait with no end would never come
# back, and systemd would kill the box unsaved. Such a stop is heard within this, well inside
# the service's TimeoutStopSec=5; each wake with nothing to do costs 70-250 us of CPU here.
STOP_POLL_SECONDS = 2.0
# the session's journal is folded into one snapshot once the box has been this long without
# a save (and when it stops): a restart then reads one file, and the journal starts again
COMPACT_IDLE_SECONDS = 30.0


PRIVATE_LINES = ("(private screen: look at the box)",)


LINES_ROOM = 3000  # bytes of a frame's lines in one screen event or reply; the rest is cut


def shareable(shown: Frame) -> dict[str, Any]:
    """What the host link may know of a frame: nothing of a private one, and of a public
    one its lines, as many as fit a line of the link (a long list says how many are left)."""
    if shown.private:
        return {"lines": list(PRIVATE_LINES), "private": True}
    lines = list(shown.lines)
    # a character takes at most 12 bytes in JSON (a pair of \uXXXX escapes for two), a
    # line 4 more: most screens fit by that bound, without encoding them to know
    if sum(map(len, lines)) * 12 + 4 * len(lines) + 16 <= LINES_ROOM or result_bytes(
            {"lines": lines}) <= LINES_ROOM:
        return {"lines": lines}
    kept: list[str] = []
    room = LINES_ROOM - 48  # the closing line's own bytes
    for line in lines:
        room -= result_bytes({"": line})
        if room < 0:
            break
        kept.append(line)
    return {"lines": [*kept, f"(+{len(lines) - len(kept)} lines more on the box)"]}


class Sink(Protocol):
    @property
    def healthy(self) -> bool: ...
    def watch(self, changed: Callable[[], None]) -> None: ...
    def push(self, image: Image.Image) -> bool: ...
    def flush(self, timeout: float | None = None) -> bool: ...
    def set_contrast(self, level: int) -> None: ...
    def set_rotation(self, degrees: int) -> None: ...
    def close(self) -> None: ...


class Player(Protocol):
    volume_percent: int
    muted: bool

    def play(self, tune: Any) -> None: ...
    def close(self) -> None: ...


class Link(Protocol):
    def send(self, line: bytes, host: int | None = None) -> None: ...
    def close(self) -> None: ...


@dataclass(frozen=True)
class Stop:
    """Put on the queue to end the loop."""


@dataclass(frozen=True)
class Wake:
    """Put on the queue when a link request waits, so a sleeping loop takes it."""


WAKE = Wake()


@dataclass
class Parts:
    """The concrete drivers the composition root picked."""

    sink: Sink
    buzzer: Player
    tune: Callable[[str], Any]  # flow sound name -> the buzzer's tune value
    link: Link | None = None
    set_hold_seconds: Callable[[float], None] | None = None
    closers: tuple[Callable[[], None], ...] = ()
    pin_factory: Any = None  # kept so the simulator and tests can drive mock pins
    input_pins: dict[Any, int] | None = None


class Box:
    """Owns the app flow and runs it against the parts, on the calling thread."""

    def __init__(self, config: Config, parts: Parts, stores: Any, *,
                 clock: Callable[[], float] = time.monotonic, keymap: bool = False,
                 wall_clock: Callable[[], float] = time.time) -> None:
        self.config = config
        self.parts = parts
        self.stores = stores
        self.clock = clock
        self.wall_clock = wall_clock
        # presses (and Stop) on one queue, link requests on a bounded one: a press never waits
        # behind link traffic, and a flood costs the host ``busy`` replies, not memory. The
        # events' queue is a SimpleQueue: a stop signal's handler puts on it from inside the
        # loop's own ``get`` (run.stop_on_signals), which only SimpleQueue.put allows
        self.events: queue.SimpleQueue[ButtonEvent | Request | LinkError | Stop | Wake] = (
            queue.SimpleQueue())
        self.requests: queue.Queue[Request | LinkError] = queue.Queue(WAITING_REQUESTS)
        settings = Settings.from_config(config).merged(stores.load_settings())
        saved = self._resumed(stores.load_session())
        offer = saved if saved is not None and snapshot.worth_offering(saved) else None
        first = Screen.RESUME if offer else (Screen.KEYMAP if keymap else Screen.HOME)
        self.app = App(config, self, clock, settings=settings, first_screen=first,
                       wall_clock=self.wall_clock)
        self.app.saved = offer
        if offer is not None:
            why = self._cannot_restore(offer)
            if why is not None:  # offer only what restores; the rest is kept and named
                stores.set_aside_session(f"it could not be restored: {why}")
                self.app.saved = offer = None
        if getattr(stores, "set_aside", None) is not None:
            self._say_not_restored(saved, *stores.set_aside)
        if saved is not None and offer is None:
            snapshot.restore_quiet(self.app, saved)  # e.g. the timer's set time, no question
        kept_pin = stores.pin.load()
        if isinstance(kept_pin, dict) and valid_digest(kept_pin.get("digest")):
            self.app.pin_guard.digest = str(kept_pin["digest"])
        if saved is not None:  # a restart never clears the wrong-PIN count or its wait
            self.app.pin_guard.restore(saved.get("pin_guard"), clock())
        # the display's health may turn on its own thread, after the loop chose how long to
        # sleep: the loop wakes to choose again (to retry it every DISPLAY_RETRY_SECONDS)
        parts.sink.watch(lambda: self.events.put(WAKE))
        self.apply_settings(settings)
        self.frame: Frame | None = None
        self._shared: dict[str, object] = {}  # shareable(self.frame): what the link was told
        self._saved_changes = -1
        self._saved_moves = 0  # the app's cursor moves as of the last save (App.moves)
        self._saved_at: float | None = None  # (monotonic) when the session was last written
        self.session_writes = 0  # sessions written since start (the SD budget's bench counts)
        self._saved_guard: tuple[int, float] = (0, 0.0)
        self._saved_promise: object = None  # snapshot.promised of the last session written
        self._cursor_since: float | None = None  # since when only a cursor waits unsaved
        self._idle_since = clock()
        self._dimmed = False
        self._shift = 0
        self._next_shift = clock() + config.screen.shift_every_seconds
        self.storage_problem: str | None = None  # why the last save failed, until one works
        self._held: list[bytes] | None = None  # a step's events, sent once it is saved
        self._disk_problem = True  # False: the session itself cannot be kept, not the disk
        from fogkeeper.app.commands import Commands  # commands reach into the box; import late
        self.commands = Commands(self)

    # ---- Effects for the flow ----------------------------------------------------------
    def sound(self, tune: str) -> None:
        self.parts.buzzer.play(self.parts.tune(tune))

    def apply_settings(self, settings: Settings) -> None:
        self.parts.sink.set_contrast(settings.contrast)
        self.parts.sink.set_rotation(settings.rotation)
        self.parts.buzzer.volume_percent = settings.volume_percent
        self.parts.buzzer.muted = settings.muted
        if self.parts.set_hold_seconds is not None:
            self.parts.set_hold_seconds(settings.hold_seconds)
        self._dimmed = False

    def emit(self, event: str, payload: Mapping[str, object]) -> None:
        """Tell the host: during a step the event is held until the step's save is done
        (a pulled plug cannot take back what the host heard); between steps it goes now."""
        if self.parts.link is None:
            return
        line = encode_event(event, payload)  # never raises: a bug is sent as too_long
        if self._held is not None:
            self._held.append(line)
        else:
            self.parts.link.send(line)

    def save_record(self, game: str, record: Mapping[str, object]) -> str:
        """Write a finished game's record under the data folder; return its path."""
        from fogkeeper.app.store import JsonStore

        stamp = time.strftime("%Y%m%d-%H%M%S")
        path = self.stores.folder / "records" / f"{game}-{stamp}.json"
        try:
            JsonStore(path).save(record)
        except (StorageError, ValueError) as exc:
            self._storage_failed(str(exc))
            return f"(not saved: {exc})"
        log.info("game record written: %s", path)
        return str(path)

    def load_preset(self, game: str) -> Any:
        """What the table chose last time for ``game`` (its setup checklist), or None."""
        presets = self.stores.presets.load()
        return presets.get(game) if isinstance(presets, dict) else None

    def keep_pin(self, digest: str) -> bool:
        """Write a PIN set on the box (its salted hash); False when the disk refuses."""
        try:
            self.stores.pin.save({"digest": digest})
        except (StorageError, ValueError) as exc:
            self._storage_failed(getattr(exc, "reason", str(exc)))
            return False
        return True

    def keep_board(self, name: str, confirmed: bool, values: dict[str, Any]) -> bool:
        """Write the owner's word on The FOG's board ``name`` (as `fogkeeper board` does);
        False when the disk refuses."""
        from fogkeeper.app.board_cmd import save

        try:
            path = save(name, confirmed, values)
        except (StorageError, ValueError) as exc:
            self._storage_failed(getattr(exc, "reason", str(exc)))
            return False
        log.info("board %s %s: %s", name, "checked" if confirmed else "corrected", path)
        return True

    def save_preset(self, game: str, preset: Any) -> None:
        presets = self.stores.presets.load()
        presets = presets if isinstance(presets, dict) else {}
        if presets.get(game) != preset:
            try:
                self.stores.presets.save({**presets, game: preset})
            except (StorageError, ValueError) as exc:
                self._storage_failed(str(exc))

    def set_aside_session(self, reason: str, what: str = "session") -> None:
        """A saved session that cannot be resumed is kept under another name, not lost, and
        the screen says so."""
        kept = self.stores.set_aside_session(reason)
        self._say_not_restored({"summary": what}, reason, kept)

    # ---- the loop ----------------------------------------------------------------------
    def run(self) -> None:
        """Serve events until a ``Stop`` arrives; always leaves the session saved."""
        try:
            self.refresh()
        except Exception as exc:  # the first frame failing must not stop the box either
            log.error("could not draw the first screen: %s", describe_bug(exc))
        try:
            while True:
                item = self._next_item()
                if isinstance(item, Stop):
                    break
                self.step(item)
        finally:
            self.save(force=True, whole=True)

    def link_input(self, item: Request | LinkError) -> bool:
        """From the link's reader thread: keep a request for the loop; False when full."""
        was_empty = self.requests.empty()
        try:
            self.requests.put_nowait(item)
        except queue.Full:
            return False
        if was_empty:
            self.events.put(WAKE)
        return True

    def _next_item(self) -> ButtonEvent | Request | LinkError | Stop | None:
        """Presses first, then waiting requests; else sleep to the next deadline (None)."""
        while True:
            try:
                item = self.events.get_nowait()
            except queue.Empty:
                try:
                    return self.requests.get_nowait()
                except queue.Empty:
                    pass
                wait = self._seconds_to_next_deadline()
                try:
                    item = self.events.get(
                        timeout=STOP_POLL_SECONDS if wait is None else min(wait,
                                                                           STOP_POLL_SECONDS))
                except queue.Empty:
                    if wait is not None and wait <= STOP_POLL_SECONDS:
                        return None
                    continue  # back in Python a moment: a stop signal's handler runs now
            if not isinstance(item, Wake):
                return item
            # a Wake only says a request waits: presses that came since still go first

    def step(self, item: ButtonEvent | Request | LinkError | Wake | None) -> None:
        """Handle one item (or a deadline when None), save, then tell the host and redraw.

        Write-ahead: the step's effect is on disk before anything the host hears leaves (the
        reply, and every event of the step, held until then) and before its frame is
        pushed, so nothing a pulled plug can take back is ever heard or shown. Nothing a
        step does can stop the loop: a fault in the command, the rules, the drawing or the
        push is logged and answered as ``internal`` for that step, and the box plays on.
        """
        reply: bytes | None = None
        ok = changed = False
        request = item if isinstance(item, Request | LinkError) else None
        self._held = []
        try:
            try:
                if isinstance(item, ButtonEvent):
                    self.press(item)
                elif request is not None:
                    changes = self.app.changes
                    reply, ok = self.commands.answer(request)
                    changed = self.app.changes != changes
                told = len(self._held)
                self.app.tick(self.clock())
                if len(self._held) > told:  # a deadline the host hears of (a game's time up,
                    self.app.mark_changed()  # a reveal's step) is saved before it is told
            except Exception as exc:  # a bug in a flow must not stop the box; the state stays
                log.error("could not handle %s: %s", type(item).__name__, describe_bug(exc))
                reply, ok = self._internal(request, "could not finish"), False
            try:
                self._housekeeping()
                self.save(by_time=item is None)
            except Exception as exc:  # e.g. a bug in a game's snapshot: nothing is heard
                log.error("could not save the step: %s", describe_bug(exc))
                if self._held is not None:
                    self._held.clear()  # what was not saved is not told
                reply, ok = self._internal(request, "could not be saved"), False
            if ok and changed and self.storage_problem is not None:
                then = ("it is saved as soon as the disk takes it" if self._disk_problem else
                        "a restart would lose it; end the game or reset the timer")
                reply = encode_error(
                    getattr(request, "id", None), ErrorCode.NOT_SAVED,
                    f"done on the box but not saved ({self.storage_problem}); {then}")
            try:
                self.refresh()  # its screen event, if any, is held with the rest
            except Exception as exc:
                self.frame = None  # not the screen's any more: the next look draws again
                log.error("could not draw the screen: %s", describe_bug(exc))
                reply, ok = self._internal(request, "done, but the screen could not be "
                                                    "drawn"), False
        finally:
            held, self._held = self._held, None
        for line in held:
            self._send(line, None)
        if reply is not None and request is not None:
            self._send(reply, request.host if isinstance(request, Request) else None)

    def _internal(self, request: Request | LinkError | None, what: str) -> bytes | None:
        if request is None:
            return None
        if isinstance(request, Request):
            name, request_id = request.cmd[:64], request.id
        else:
            name, request_id = "line", request.request_id
        return encode_error(request_id, ErrorCode.INTERNAL,
                            f"{name}: {what} (a fault inside the box, logged); the box plays on")

    def _send(self, line: bytes, host: int | None) -> None:
        if self.parts.link is not None:
            self.parts.link.send(line, host)

    def press(self, event: ButtonEvent) -> None:
        """A button event from the hardware or the link: wakes a dimmed screen first."""
        self._idle_since = self.clock()
        if self._dimmed:
            self._dimmed = False
            self.parts.sink.set_contrast(self.app.settings.contrast)
            return  # the press that wakes the screen does nothing else
        self.app.handle(event, self.frame.scroll_most if self.frame is not None else 0)

    def _seconds_to_next_deadline(self) -> float | None:
        """How long the loop may sleep: to the earliest deadline still ahead, or for ever.

        Only deadlines the next step acts on are offered; one already past that the step
        does not act on would wake the loop again at once, a busy loop.
        """
        now = self.clock()
        deadlines = [self._next_shift] if self.config.screen.shift_every_seconds else []
        timer = self.app.next_deadline(now)
        if timer is not None:
            deadlines.append(timer)
        if not self.parts.sink.healthy:
            deadlines.append(now + DISPLAY_RETRY_SECONDS)
        if self._cursor_since is not None:
            deadlines.append(self._cursor_since + SAVE_CURSOR_WITHIN_SECONDS)
        if self._saved_at is not None and self.stores.session.lines and \
                self.storage_problem is None:
            deadlines.append(self._saved_at + COMPACT_IDLE_SECONDS)
        if self.storage_problem is not None:
            deadlines.append(now + SAVE_RETRY_SECONDS)
        dim = self._dim_deadline(timer)
        if dim is not None:
            deadlines.append(dim)
        if not deadlines:
            return None
        return max(0.0, min(deadlines) - now) + 0.001

    def _dim_deadline(self, timer: float | None) -> float | None:
        """When the idle screen dims; None while it is dim or a countdown runs (``timer``:
        the app's next deadline; a running countdown never dims, and its end starts the
        idle time afresh)."""
        dim_after = self.config.screen.dim_after_seconds
        if not dim_after or self._dimmed or timer is not None:
            return None
        return self._idle_since + dim_after

    def _housekeeping(self) -> None:
        now = self.clock()
        timer = self.app.next_deadline(now)
        if timer is not None:
            self._idle_since = now  # idle time counts from the end of the countdown
        dim = self._dim_deadline(timer)
        if dim is not None and now >= dim:
            self._dimmed = True
            self.parts.sink.set_contrast(min(self.config.screen.dim_contrast,
                                             self.app.settings.contrast))
        if self.config.screen.shift_every_seconds and now >= self._next_shift:
            self._shift = (self._shift + 1) % len(SHIFTS)
            self._next_shift = now + self.config.screen.shift_every_seconds

    def refresh(self) -> None:
        """Render the current screen, hand it to the display (after the step's save: the
        write-ahead order) and tell the link when it changed. The handing over never waits
        for the bus: the display's thread pushes it."""
        current = frame(self.app, self.clock())
        # the sink compares pictures itself; the link's event carries lines, so lines decide
        lines = shareable(current)
        changed = self.frame is None or lines != self._shared
        self.frame, self._shared = current, lines
        if changed:
            self.emit("screen", {"state": self.app.state.value, **lines})
        self.parts.sink.push(self.present(current.image))

    def present(self, image: Image.Image) -> Image.Image:
        """What the panel gets: nudged a pixel against burn-in (the sink does the rotation)."""
        dx, dy = SHIFTS[self._shift]
        if self.storage_problem is not None:
            image = _with_banner(image, "NOT SAVED: " + self.storage_problem)
        return ImageChops.offset(image, dx, dy) if dx or dy else image

    def save(self, force: bool = False, *, by_time: bool = False, whole: bool = False) -> None:
        """Write the session when it changed (and a settings file that changed).

        ``by_time``: only time passed in this step (a deadline). While the glass runs, such
        changes are written at most every SAVE_RUNNING_EVERY_SECONDS; a press or a link
        request is always written before its reply or frame (write-ahead). ``whole``: as a
        snapshot of it all, not a journal line (when the box stops, or has been idle).
        """
        now = self.clock()
        whole = whole or self._compaction_due(now)
        force = force or whole
        running = self.app.glass.phase is Phase.RUNNING
        retry = self.storage_problem is not None
        guard = self.app.pin_guard
        tried = (guard.wrong, guard.wait_until) != self._saved_guard  # a wrong PIN, refused
        due = force or retry or tried  # written now, whatever changed
        changed = self.app.changes != self._saved_changes
        if not (due or changed or self.app.moves != self._saved_moves):
            return
        if not (due or changed) and self._cursor_waits(now):
            return  # the app says only a cursor moved: not even a snapshot to compare
        if (by_time and running and not due and self._saved_at is not None
                and now - self._saved_at < SAVE_RUNNING_EVERY_SECONDS):
            return  # a later step writes it (the time left needs no write: see resumed())
        if self.app.state is Screen.RESUME:
            return  # nothing decided yet: the offered session stays on disk as it was
        taken = snapshot.take(self.app, now)
        if running and isinstance(taken.get("hourglass"), dict):
            taken["hourglass"] = {**taken["hourglass"],  # type: ignore[dict-item]
                                  SAVED_AT_WALL: round(self.wall_clock(), 3)}
        promise = (snapshot.promised(self.stores.session.leaves_of(taken)),
                   self.app.settings)  # frozen: compared by value, never changed in place
        if not due and promise == self._saved_promise and self._cursor_waits(now):
            return  # the change was only a cursor's, as the snapshots compared show
        try:
            # even a quiet one: it holds the timer's setup
            if whole:
                self.stores.compact_session(taken)
            else:
                self.stores.save_session(taken)
            self.stores.save_settings(self.app.settings)
        except StorageError as exc:
            # the box plays on from memory; every later step tries again
            self._storage_failed(exc.reason)
            return
        except ValueError as exc:  # the document itself, not the disk: say so
            self._storage_failed(f"session too large to keep ({exc})", disk=False)
            return
        self.session_writes += 1
        self._saved_promise, self._cursor_since = promise, None
        self._saved_changes, self._saved_moves = self.app.changes, self.app.moves
        self._saved_at = now
        self._saved_guard = (guard.wrong, guard.wait_until)
        if self.storage_problem is not None:
            log.warning("saving works again")
            self.storage_problem = None
            self.emit("storage", {"saved": True})

    def _cursor_waits(self, now: float) -> bool:
        """Only a cursor moved: no fsync before its frame; the next change that matters
        writes it, or the deadline SAVE_CURSOR_WITHIN_SECONDS after the first such move."""
        if self._cursor_since is None:
            self._cursor_since = now
        return now - self._cursor_since < SAVE_CURSOR_WITHIN_SECONDS

    def _compaction_due(self, now: float) -> bool:
        """The journal has lines and the box has saved nothing for COMPACT_IDLE_SECONDS."""
        return bool(self.stores.session.lines and self._saved_at is not None
                    and self.storage_problem is None
                    and now - self._saved_at >= COMPACT_IDLE_SECONDS)

    def _cannot_restore(self, offer: dict[str, Any]) -> str | None:
        """Why the offered session's game would not restore (tried on a spare flow), or
        None when it does: the boot offer is made only for a session that restores."""
        game = offer.get("game")
        if not isinstance(game, dict):
            return None
        try:
            probe = self.app.new_game(str(game["name"]))
        except KeyError:
            return f"the game {game['name']!r} is not in this firmware"
        except FogkeeperError as exc:
            return str(exc)
        try:
            probe.restore(game["state"])
        except FogkeeperError as exc:
            return str(exc)
        except Exception as exc:  # a bug in a restore: the session is still kept
            return describe_bug(exc)
        return None

    def _say_not_restored(self, saved: dict[str, Any] | None, why: str,
                          kept: Path | None) -> None:
        """The screen names a session that could not be restored, why, and where it is."""
        what = str(saved.get("summary") or "session") if saved else "session"
        what = what.removeprefix("a ")  # "a game of The FOG": the saved game of The FOG
        where = f"It is kept in {kept.name}." if kept is not None else \
            "It could not be moved aside either."
        reason = why.removeprefix("it could not be restored: ")
        log.warning("the saved %s could not be restored: %s", what, reason)
        self.app.show_problem("Not resumed",
                              f"The saved {what} could not be restored: {reason}. {where}")

    def _resumed(self, saved: dict[str, Any] | None) -> dict[str, Any] | None:
        """The saved session with a glass that ran when saved aged to the wall clock now."""
        if saved is None or not isinstance(saved.get("hourglass"), dict):
            return saved
        glass = resumed(saved["hourglass"], self.wall_clock())
        if glass is saved["hourglass"]:
            return saved
        aged = {**saved, "hourglass": glass}
        if saved.get("game") is None:
            # in the words of the screen: whole seconds as the glass shows them (rounded up)
            shown = {**glass, "left_seconds": math.ceil(glass["left_seconds"] - 1e-9)}
            aged["summary"] = snapshot.describe(Screen(saved["screen"]),
                                                cast(GlassSnapshot, shown))
        return aged

    def _storage_failed(self, reason: str, *, disk: bool = True) -> None:
        """Say once, on the screen, the link and the log, that the disk refuses, and why."""
        self._disk_problem = disk
        if reason != self.storage_problem:
            log.warning("cannot save: %s", reason)
            self.emit("storage", {"saved": False, "reason": reason})
        self.storage_problem = reason

    def close(self) -> None:
        for closer in self.parts.closers:
            try:
                closer()
            except Exception:  # a driver that fails to close must not stop the others
                log.exception("a driver failed to close")


def _with_banner(image: Image.Image, text: str) -> Image.Image:
    """The picture with an inverted strip across its top that the players cannot miss."""
    shown = image.copy()
    d.title_bar(d.ScreenDraw(shown), text)
    return shown
