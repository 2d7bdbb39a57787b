"""The hourglass: a countdown on monotonic deadlines, with warnings, pause and per-player turns.

Time is passed in (``now`` in seconds of ``time.monotonic()``), never read here, so tests run
it on a fake clock. The remaining time is always ``deadline - now`` while running, never an
accumulated sum of sleeps, so it cannot drift.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import TYPE_CHECKING, Any, NotRequired, TypedDict

from transitions import Machine

from fogkeeper.errors import FogkeeperError
from fogkeeper.flow.time_control import (
    MOST_PLAYERS,
    Mode,
    OnFlag,
    PlayerClock,
    Reading,
    TimeControl,
    after_turn,
    spend,
    time_to_flag,
)
from fogkeeper.schema import Field

if TYPE_CHECKING:
    from transitions.core import TransitionConfigDict


class Phase(StrEnum):
    READY = "ready"
    RUNNING = "running"
    PAUSED = "paused"
    EXPIRED = "expired"


TRANSITIONS: list[TransitionConfigDict] = [
    {"trigger": "_start", "source": [Phase.READY, Phase.EXPIRED], "dest": Phase.RUNNING},
    {"trigger": "_pause", "source": Phase.RUNNING, "dest": Phase.PAUSED},
    {"trigger": "_resume", "source": Phase.PAUSED, "dest": Phase.RUNNING},
    {"trigger": "_expire", "source": Phase.RUNNING, "dest": Phase.EXPIRED},
    {"trigger": "_reset", "source": "*", "dest": Phase.READY},
]


# Key the box adds to a running glass's snapshot: the wall clock (seconds since the epoch)
# when it was saved, so a box restarted later can tell how much time has run out since.
SAVED_AT_WALL = "saved_at_wall_seconds"


def resumed(glass: dict[str, Any], wall_now: float) -> dict[str, Any]:
    """A saved glass as it stands at ``wall_now``: a glass that was running when saved has
    lost the wall-clock time since, down to 0; one that was not is as saved.

    The wall clock is trusted (the box has no better one after a power cut), except that a
    clock that reads earlier than the save (not yet set after boot) takes nothing away.
    """
    saved_at = glass.get(SAVED_AT_WALL)
    if not isinstance(saved_at, int | float):
        return glass
    if "clocks" in glass:
        return _bank_resumed(glass, max(0.0, wall_now - saved_at))
    left = float(glass["left_seconds"])
    gone = min(max(0.0, wall_now - saved_at), left)
    aged = {key: value for key, value in glass.items() if key != SAVED_AT_WALL}
    aged["left_seconds"] = round(left - gone, 3)
    return aged


def _bank_resumed(glass: dict[str, Any], gone: float) -> dict[str, Any]:
    """A bank turn that ran when saved, with ``gone`` more seconds used (up to the flag
    when the clock stops there); every other bank is as saved. Checked by the loader
    first; one that does not read is left as it is, for the loader to refuse by name."""
    try:
        control = TimeControl.from_json(glass["control"])
        clock = PlayerClock.from_json(glass["clocks"][glass["player"]])
        used = float(glass["used_seconds"])
    except (KeyError, IndexError, TypeError, ValueError, FogkeeperError):
        return glass
    used += gone
    if control.on_flag is OnFlag.STOP:
        used = min(used, max(float(glass["used_seconds"]), time_to_flag(control, clock)))
    aged = {key: value for key, value in glass.items() if key != SAVED_AT_WALL}
    aged["used_seconds"] = round(used, 3)
    aged["left_seconds"] = round(max(0.0, spend(control, clock, used).left), 3)
    return aged


# the players' names, as ``timer.set`` takes them and the session file keeps them: short
# enough for the clock's status line, printable, one a player at most
NAME_CHARACTERS = 10
NAMES = Field("names", list, None, most=MOST_PLAYERS, items=Field(
    "name", str, most=NAME_CHARACTERS, check=lambda n: n == "" or (n.isprintable() and
                                                                  n.strip() == n),
    allowed=f"printable text of at most {NAME_CHARACTERS} characters, no space at "
            "either end"),
    doc=f"up to 8 names of at most {NAME_CHARACTERS} characters, shown instead of P1..P8 "
        "(\"\" keeps P<n>); [] for none")


class TurnsJson(TypedDict):
    """One player's turns as JSON: in the session file and the link's ``state`` reply."""

    count: int
    total_seconds: float
    mean_seconds: float
    longest_seconds: float
    last_seconds: list[float]
    overtime_seconds: float  # time past the flag (a bank mode's ``on_flag`` = count)


class GlassSnapshot(TypedDict):
    """The hourglass as JSON (see ``Hourglass.snapshot``)."""

    phase: str
    duration_seconds: int
    left_seconds: float
    player: int
    turn_times: list[TurnsJson]
    warned: list[int]
    first: int     # the start player (0 = P1): a round begins with their turn
    round: int     # 1 for the first round
    names: NotRequired[list[str]]         # shown instead of P1..P8
    # a bank mode's (none for the glass): the time control, every player's clock at the
    # end of its last turn, the running turn's seconds so far, the players flagged
    control: NotRequired[dict[str, Any]]
    clocks: NotRequired[list[dict[str, Any]]]
    used_seconds: NotRequired[float]
    flagged: NotRequired[list[int]]


@dataclass(frozen=True)
class TimerEvent:
    """Something a player should notice: a warning point passed, or the time ran out."""

    kind: str  # "warning", "expired"; a bank's "period" (seconds_left: periods left), "flag"
    seconds_left: int
    player: int


# The turn times a player's record keeps besides the count, total and longest: the last few,
# never every one, so a session of any length saves in the same few bytes and the ``state``
# reply of 8 players stays near 1.5 kB of its 4,096-byte line.
LAST_TURNS = 10


@dataclass
class PlayerTurns:
    """One player's turns this session, in a size that does not grow with the session."""

    count: int = 0
    total: float = 0.0
    longest: float = 0.0
    last: list[float] = field(default_factory=list)  # the last LAST_TURNS, oldest first
    overtime: float = 0.0

    def add(self, seconds: float, overtime: float = 0.0) -> None:
        seconds = round(seconds, 2)
        self.count += 1
        self.total = round(self.total + seconds, 2)
        self.longest = max(self.longest, seconds)
        self.last = [*self.last, seconds][-LAST_TURNS:]
        self.overtime = round(self.overtime + max(0.0, overtime), 2)

    @property
    def mean(self) -> float:
        return self.total / self.count if self.count else 0.0

    def to_json(self) -> TurnsJson:
        return {"count": self.count, "total_seconds": self.total,
                "mean_seconds": round(self.mean, 2), "longest_seconds": self.longest,
                "last_seconds": list(self.last), "overtime_seconds": self.overtime}

    @classmethod
    def from_json(cls, saved: dict[str, Any]) -> PlayerTurns:
        """From ``to_json`` (already checked by the session loader)."""
        return cls(int(saved["count"]), float(saved["total_seconds"]),
                   float(saved["longest_seconds"]),
                   [float(t) for t in saved["last_seconds"]][-LAST_TURNS:],
                   float(saved.get("overtime_seconds", 0.0)))

    @classmethod
    def folded(cls, seconds: list[float]) -> PlayerTurns:
        """Every turn's seconds, as a firmware before this one saved them, made a record."""
        turns = cls()
        for each in seconds:
            turns.add(each)
        return turns


@dataclass(frozen=True)
class _Switch:
    """What a switch to the next player took away, so that it can be taken back."""

    player: int
    phase: Phase
    left: float                  # the glass's seconds left, or a bank turn's seconds used
    warned: frozenset[int]
    turns: PlayerTurns    # the player's record before the switch added this turn
    round: int
    clocks: tuple[PlayerClock, ...] = ()   # every bank as it stood before the switch
    flagged: frozenset[int] = frozenset()


@dataclass
class TurnTimes:
    """Each player's turns this session (index 0 = player 1)."""

    players: int
    each: list[PlayerTurns] = field(default_factory=list)

    def __post_init__(self) -> None:
        while len(self.each) < self.players:
            self.each.append(PlayerTurns())
        del self.each[self.players:]

    def add(self, player: int, seconds: float, overtime: float = 0.0) -> None:
        self.each[player].add(seconds, overtime)

    def of(self, player: int) -> PlayerTurns:
        return self.each[player]

    def clear(self) -> None:
        self.each = [PlayerTurns() for _ in self.each]

    def to_json(self) -> list[TurnsJson]:
        return [turns.to_json() for turns in self.each]


class Hourglass:
    """The countdown state machine; ``phase`` is its state.

    In ``glass`` mode (the games' and the Timer's sand glass) every turn is a fresh glass
    of ``duration_seconds``. In a bank mode (``control``, see ``flow/time_control.py``) each
    player's clock lasts the game: ``clocks`` holds each as it stood at the end of its last
    turn, and the running turn is only the seconds it has used (``_used`` plus the time
    since ``_since`` while running), so a bank is always worked out, never counted down.
    """

    phase: Phase

    def __init__(self, seconds: int, *, warn_at: tuple[int, ...], players: int) -> None:
        self.duration_seconds = seconds
        self.warn_at = tuple(sorted(set(warn_at), reverse=True))
        self.player = 0
        self.first = 0   # the start player: the round goes up when their turn comes again
        self.round = 1
        self._switch: _Switch | None = None  # the last switch, until it is taken back
        self.times = TurnTimes(players)
        self._deadline = 0.0
        self._left_when_paused = float(seconds)
        self._warned: set[int] = set()
        self.control = TimeControl()
        self.names: tuple[str, ...] = ()   # shown instead of P1..P8 where given
        self.clocks: list[PlayerClock] = []
        self.flagged: set[int] = set()     # players whose bank ran out (the flag fell)
        self._used = 0.0    # a bank turn's seconds used before the last start or resume
        self._since = 0.0   # when it last started or resumed
        self._periods_seen = 0
        self.machine = Machine(model=self, states=list(Phase), transitions=TRANSITIONS,
                                initial=Phase.READY, auto_transitions=False, queued=True,
                                model_attribute="phase")

    if TYPE_CHECKING:  # transitions attaches the triggers; declared so mypy checks callers
        def _start(self) -> bool: ...
        def _pause(self) -> bool: ...
        def _resume(self) -> bool: ...
        def _expire(self) -> bool: ...
        def _reset(self) -> bool: ...

    # ---- what the players see -----------------------------------------------------------
    @property
    def banked(self) -> bool:
        return self.control.banked

    def name(self, player: int) -> str:
        """The player's name as set, or P1..P8."""
        if player < len(self.names) and self.names[player]:
            return self.names[player]
        return f"P{player + 1}"

    def turn_seconds(self, now: float) -> float:
        """A bank turn's seconds used so far (pauses left out)."""
        return self._used + (now - self._since if self.phase is Phase.RUNNING else 0.0)

    def reading(self, now: float) -> Reading:
        """Where the running player's bank stands now (bank modes)."""
        return spend(self.control, self.clocks[self.player], self.turn_seconds(now))

    def bank_left(self, player: int, now: float) -> float:
        """What ``player``'s clock shows now: bank or period seconds, negative in overtime."""
        if player == self.player and self.phase is not Phase.READY:
            return self.reading(now).left
        shown = self.clocks[player].shown()
        if self.control.mode is Mode.HOURGLASS and self.phase is not Phase.READY:
            shown += self.turn_seconds(now)   # the sand the running player lets through
        return shown

    def seconds_shown(self, now: float) -> float:
        """The glass's time left as the link tells it, to the hundredth, read from the
        millisecond a save keeps (``left_seconds``): a paused glass reads the same after a
        restart (80.55501 read 80.56, was saved 80.555, then read 80.55)."""
        return round(round(self.remaining(now), 3), 2)

    def banks_shown(self, now: float) -> list[float] | None:
        """What every player's clock shows now, to the hundredth as the link tells it;
        None for the glass (it has no banks)."""
        if not self.banked:
            return None
        # read from the millisecond a save keeps (PlayerClock.to_json), so a waiting bank
        # reads the same after a restart: 60.98501 read 60.99, was saved 60.985, then read 60.98
        return [round(round(self.bank_left(p, now), 3), 2) for p in range(self.times.players)]

    def periods_left(self, player: int, now: float) -> int:
        if player == self.player and self.phase is not Phase.READY:
            return self.reading(now).clock.periods_left
        return self.clocks[player].periods_left

    def signed_left(self, now: float) -> float:
        """Seconds left on the running clock, negative in a bank's overtime."""
        if not self.banked:
            return self.remaining(now)
        return self.bank_left(self.player, now)

    def remaining(self, now: float) -> float:
        """Seconds left, never below zero."""
        if self.banked:
            return 0.0 if self.phase is Phase.EXPIRED else max(
                0.0, self.bank_left(self.player, now))
        if self.phase is Phase.RUNNING:
            return max(0.0, self._deadline - now)
        if self.phase is Phase.EXPIRED:
            return 0.0
        return self._left_when_paused

    def shown_seconds(self, now: float) -> int:
        """The whole seconds the screen shows: 0.3 s left still reads 1, as a sand glass does;
        in overtime 12.4 s past the flag reads -12."""
        return math.ceil(self.signed_left(now) - 1e-9)

    # ---- settings -----------------------------------------------------------------------
    def set_duration(self, seconds: int) -> None:
        """Change the turn length; only while the timer is not counting."""
        if self.phase in (Phase.READY, Phase.EXPIRED):
            self.duration_seconds = seconds
            self._left_when_paused = float(seconds)

    def set_control(self, control: TimeControl) -> None:
        """A new mode or bank: a new game, every bank full, from the start player."""
        self.control = control
        self.reset()

    def _fresh_clocks(self) -> None:
        self.clocks = ([self.control.fresh(p) for p in range(self.times.players)]
                       if self.banked else [])
        self.flagged = set()
        self._used = 0.0

    # ---- the turn -----------------------------------------------------------------------
    def start(self, now: float) -> None:
        """Start a fresh turn of ``duration_seconds`` (a bank: the player's own) for the
        current player."""
        self._start()
        if self.banked:
            self._used, self._since = 0.0, now
            left = self.bank_left(self.player, now)
            self._periods_seen = self.periods_left(self.player, now)
        else:
            self._deadline = now + self.duration_seconds
            left = self.duration_seconds
        self._warned = {w for w in self.warn_at if w >= left}

    def pause(self, now: float) -> None:
        self._left_when_paused = self.remaining(now)
        self._used = self.turn_seconds(now)
        self._pause()

    def resume(self, now: float) -> None:
        self._deadline = now + self._left_when_paused
        self._since = now
        self._resume()

    def toggle(self, now: float) -> None:
        if self.phase is Phase.RUNNING:
            self.pause(now)
        elif self.phase is Phase.PAUSED:
            self.resume(now)
        else:
            self.start(now)

    def reset(self) -> None:
        """Stop counting and go back to a full glass for the same player; in a bank mode
        every bank is full again and the start player begins round 1 (a new game)."""
        self._reset()
        self._left_when_paused = float(self.duration_seconds)
        self._switch = None
        if self.banked or self.clocks:
            self._fresh_clocks()
            self.player, self.round = self.first, 1

    def next_player(self, now: float) -> None:
        """End the current turn (recording its time) and start the next player's turn."""
        before = self.times.of(self.player)
        left = self.turn_seconds(now) if self.banked else self.remaining(now)
        self._switch = _Switch(self.player, self.phase, left,
                               frozenset(self._warned), PlayerTurns.from_json(
                                   dict(before.to_json())), self.round,
                               tuple(self.clocks), frozenset(self.flagged))
        if self.phase in (Phase.RUNNING, Phase.PAUSED):  # an expired turn is already on record
            if self.banked:
                self._end_bank_turn(self.turn_seconds(now))
            else:
                used = self.duration_seconds - self.remaining(now)
                self.times.add(self.player, used)
        self.player = (self.player + 1) % self.times.players
        if self.player == self.first:
            self.round += 1
        if self.phase is not Phase.READY:
            self._reset()
        self.start(now)

    def _end_bank_turn(self, used: float) -> None:
        """Record a bank turn of ``used`` seconds and leave the bank it leaves."""
        control, player = self.control, self.player
        clock = self.clocks[player]
        left = after_turn(control, clock, used)
        overtime = max(0.0, -left.bank) - max(0.0, -clock.bank) if left.flagged else 0.0
        self.times.add(player, used, overtime)
        self.clocks[player] = left
        if control.mode is Mode.HOURGLASS:
            other = (player + 1) % self.times.players
            self.clocks[other] = replace(self.clocks[other],
                                         bank=self.clocks[other].bank + used)

    @property
    def can_undo(self) -> bool:
        return self._switch is not None

    def undo_switch(self, now: float) -> bool:
        """Take back the last switch: the previous player's turn goes on with the time it had
        then (running again if it ran), its turn taken off the record, the round as it was;
        the turn started by mistake is forgotten. In a bank mode every bank is as it was at
        the switch (the increment taken back, the time since given back to the player
        started by mistake). False when there is nothing to take back."""
        switch = self._switch
        if switch is None:
            return False
        self._switch = None
        self.player, self.round = switch.player, switch.round
        self.times.each[switch.player] = switch.turns
        self._warned = set(switch.warned)
        if self.banked:
            self.clocks, self.flagged = list(switch.clocks), set(switch.flagged)
            self._used, self._since = switch.left, now
            self._periods_seen = spend(self.control, self.clocks[self.player],
                                       switch.left).clock.periods_left
        self._left_when_paused = switch.left
        self._deadline = now + switch.left
        self.machine.set_state(switch.phase, model=self)
        return True

    def set_first(self, first: int) -> None:
        """The start player (0 = P1), only while the timer is not counting: the next turn
        is theirs, and the rounds count from it."""
        if self.phase in (Phase.READY, Phase.EXPIRED):
            self.first = self.player = first % self.times.players
            self.round = 1
            self._switch = None

    def set_players(self, players: int) -> None:
        self.times = TurnTimes(players, self.times.each)
        self.player %= players
        self.first %= players
        self._switch = None
        if self.banked:
            self._fresh_clocks()

    # ---- the loop -----------------------------------------------------------------------
    def tick(self, now: float) -> list[TimerEvent]:
        """Advance to ``now``: report warnings passed and the expiry, each exactly once."""
        if self.phase is not Phase.RUNNING:
            return []
        if self.banked:
            return self._tick_bank(now)
        left = self.remaining(now)
        events = self._warnings(left)
        if left <= 0.0:
            self._expire()
            self.times.add(self.player, float(self.duration_seconds))
            events.append(TimerEvent("expired", 0, self.player))
        return events

    def _warnings(self, left: float) -> list[TimerEvent]:
        events = []
        for point in self.warn_at:
            if point not in self._warned and left <= point:
                self._warned.add(point)
                if left > point - 1:  # a late tick skips stale warnings instead of a burst
                    events.append(TimerEvent("warning", point, self.player))
        return events

    def _tick_bank(self, now: float) -> list[TimerEvent]:
        """A bank's warnings, a byo-yomi period used up, the flag (once a player), and with
        ``on_flag`` = stop the clock stopped at 0:00."""
        used = self.turn_seconds(now)
        reading = spend(self.control, self.clocks[self.player], used)
        events = [] if reading.flagged else self._warnings(reading.left)
        periods = reading.clock.periods_left
        if periods < self._periods_seen and not reading.flagged:
            events.append(TimerEvent("period", periods, self.player))
            self._warned = {w for w in self.warn_at if w >= reading.left}
        self._periods_seen = periods
        if not reading.flagged:
            return events
        if self.player not in self.flagged:
            self.flagged.add(self.player)
            events.append(TimerEvent("flag", 0, self.player))
        if self.control.on_flag is OnFlag.STOP:
            at_flag = min(used, time_to_flag(self.control, self.clocks[self.player]))
            self.times.add(self.player, at_flag)
            self.clocks[self.player] = replace(reading.clock, bank=0.0)
            self._used = 0.0
            self._expire()
        return events

    def next_deadline(self, now: float) -> float | None:
        """When the loop must wake next: the next change of the shown second, or expiry."""
        if self.phase is not Phase.RUNNING:
            return None
        if self.banked:
            return self._next_bank_deadline(now)
        left = self.remaining(now)
        fraction = left - math.floor(left)
        return now + (fraction if fraction > 1e-6 else 1.0) if left > 0 else now

    def _next_bank_deadline(self, now: float) -> float:
        """The next change of a shown second: the running clock's (or its delay's), and in
        hourglass mode the other bank's, which grows."""
        reading = self.reading(now)
        counting = reading.delay_left if reading.delay_left > 0 else reading.left
        waits = [_to_whole(counting)]
        if self.control.mode is Mode.HOURGLASS:
            other = self.bank_left((self.player + 1) % self.times.players, now)
            waits.append(_to_whole(-other))
        return now + min(waits)

    # ---- the session file ---------------------------------------------------------------
    def snapshot(self, now: float) -> GlassSnapshot:
        """JSON-ready state; a running glass is saved as paused with the time it has left."""
        running = self.phase is Phase.RUNNING
        saved: GlassSnapshot = {
            "phase": Phase.PAUSED.value if running else self.phase.value,
            "duration_seconds": self.duration_seconds,
            "left_seconds": round(self.remaining(now), 3),
            "player": self.player,
            "turn_times": self.times.to_json(),
            "warned": sorted(self._warned),
            "first": self.first,
            "round": self.round,
        }
        if self.names:
            saved["names"] = list(self.names)
        if self.banked:
            saved["control"] = self.control.to_json()
            saved["clocks"] = [clock.to_json() for clock in self.clocks]
            saved["used_seconds"] = round(self.turn_seconds(now), 3)
            saved["flagged"] = sorted(self.flagged)
        return saved

    def restore(self, saved: dict[str, Any]) -> None:
        """Put back a snapshot (already checked by the session loader)."""
        self.duration_seconds = int(saved["duration_seconds"])
        each = [PlayerTurns.from_json(t) for t in saved["turn_times"]]
        self.times = TurnTimes(len(each), each)
        self.player = int(saved["player"]) % self.times.players
        # a session saved before the rounds were counted starts counting now
        self.first = int(saved.get("first", 0)) % self.times.players
        self.round = int(saved.get("round", 1))
        self._switch = None  # a switch is taken back only before a restart
        self._left_when_paused = float(saved["left_seconds"])
        self._warned = set(saved["warned"])
        self.names = tuple(saved.get("names", ()))
        self.control = TimeControl.from_json(saved.get("control", {}))
        self.clocks = [PlayerClock.from_json(c) for c in saved.get("clocks", [])]
        self.flagged = set(saved.get("flagged", []))
        self._used = float(saved.get("used_seconds", 0.0))
        self.machine.set_state(Phase(saved["phase"]), model=self)
        if self.banked:
            self._periods_seen = self.periods_left(self.player, 0.0)


def _to_whole(value: float) -> float:
    """Seconds until a value falling at one a second crosses its next whole number."""
    fraction = value - math.floor(value)
    return fraction if fraction > 1e-6 else 1.0
