"""The hourglass: a countdown on monotonic deadlines, with warnings, pause and per-player turns.

Time is passed in (``now`` in seconds of ``time.monotonic()``), never read here, so tests run
it on a fake clock. The remaining time is always ``deadline - now`` while running, never an
accumulated sum of sleeps, so it cannot drift.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from enum import StrEnum
from typing import TYPE_CHECKING, Any, TypedDict

from transitions import Machine

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
    left = float(glass["left_seconds"])
    gone = min(max(0.0, wall_now - saved_at), left)
    aged = {key: value for key, value in glass.items() if key != SAVED_AT_WALL}
    aged["left_seconds"] = round(left - gone, 3)
    return aged


class TurnsJson(TypedDict):
    """One player's turns as JSON: in the session file and the link's ``state`` reply."""

    count: int
    total_seconds: float
    mean_seconds: float
    longest_seconds: float
    last_seconds: list[float]


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


@dataclass(frozen=True)
class TimerEvent:
    """Something a player should notice: a warning point passed, or the time ran out."""

    kind: str  # "warning" or "expired"
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

    def add(self, seconds: float) -> None:
        seconds = round(seconds, 2)
        self.count += 1
        self.total = round(self.total + seconds, 2)
        self.longest = max(self.longest, seconds)
        self.last = [*self.last, seconds][-LAST_TURNS:]

    @property
    def mean(self) -> float:
        return self.total / self.count if self.count else 0.0

    def to_json(self) -> TurnsJson:
        return {"count": self.count, "total_seconds": self.total,
                "mean_seconds": round(self.mean, 2), "longest_seconds": self.longest,
                "last_seconds": list(self.last)}

    @classmethod
    def from_json(cls, saved: dict[str, Any]) -> PlayerTurns:
        """From ``to_json`` (already checked by the session loader)."""
        return cls(int(saved["count"]), float(saved["total_seconds"]),
                   float(saved["longest_seconds"]),
                   [float(t) for t in saved["last_seconds"]][-LAST_TURNS:])

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
    left: float
    warned: frozenset[int]
    turns: PlayerTurns    # the player's record before the switch added this turn
    round: int


@dataclass
class TurnTimes:
    """Each player's turns this session (index 0 = player 1)."""

    players: int
    each: list[PlayerTurns] = field(default_factory=list)

    def __post_init__(self) -> None:
        while len(self.each) < self.players:
            self.each.append(PlayerTurns())
        del self.each[self.players:]

    def add(self, player: int, seconds: float) -> None:
        self.each[player].add(seconds)

    def of(self, player: int) -> PlayerTurns:
        return self.each[player]

    def clear(self) -> None:
        self.each = [PlayerTurns() for _ in self.each]

    def to_json(self) -> list[TurnsJson]:
        return [turns.to_json() for turns in self.each]


class Hourglass:
    """The countdown state machine; ``phase`` is its state."""

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
        self.machine = Machine(model=self, states=list(Phase), transitions=TRANSITIONS,
                                initial=Phase.READY, auto_transitions=False, queued=True,
                                model_attribute="phase")

    if TYPE_CHECKING:  # transitions attaches the triggers; declared so mypy checks callers
        def _start(self) -> bool: ...
        def _pause(self) -> bool: ...
        def _resume(self) -> bool: ...
        def _expire(self) -> bool: ...
        def _reset(self) -> bool: ...

    def remaining(self, now: float) -> float:
        """Seconds left, never below zero."""
        if self.phase is Phase.RUNNING:
            return max(0.0, self._deadline - now)
        if self.phase is Phase.EXPIRED:
            return 0.0
        return self._left_when_paused

    def shown_seconds(self, now: float) -> int:
        """The whole seconds the screen shows: 0.3 s left still reads 1, as a sand glass does."""
        return math.ceil(self.remaining(now) - 1e-9)

    def set_duration(self, seconds: int) -> None:
        """Change the turn length; only while the timer is not counting."""
        if self.phase in (Phase.READY, Phase.EXPIRED):
            self.duration_seconds = seconds
            self._left_when_paused = float(seconds)

    def start(self, now: float) -> None:
        """Start a fresh turn of ``duration_seconds`` for the current player."""
        self._start()
        self._deadline = now + self.duration_seconds
        self._warned = {w for w in self.warn_at if w >= self.duration_seconds}

    def pause(self, now: float) -> None:
        self._left_when_paused = self.remaining(now)
        self._pause()

    def resume(self, now: float) -> None:
        self._deadline = now + self._left_when_paused
        self._resume()

    def toggle(self, now: float) -> None:
        if self.phase is Phase.RUNNING:
            self.pause(now)
        elif self.phase is Phase.PAUSED:
            self.resume(now)
        else:
            self.start(now)

    def reset(self) -> None:
        """Stop counting and go back to a full glass for the same player."""
        self._reset()
        self._left_when_paused = float(self.duration_seconds)
        self._switch = None

    def next_player(self, now: float) -> None:
        """End the current turn (recording its time) and start the next player's turn."""
        before = self.times.of(self.player)
        self._switch = _Switch(self.player, self.phase, self.remaining(now),
                               frozenset(self._warned), PlayerTurns.from_json(
                                   dict(before.to_json())), self.round)
        if self.phase in (Phase.RUNNING, Phase.PAUSED):  # an expired turn is already on record
            used = self.duration_seconds - self.remaining(now)
            self.times.add(self.player, used)
        self.player = (self.player + 1) % self.times.players
        if self.player == self.first:
            self.round += 1
        if self.phase is not Phase.READY:
            self._reset()
        self.start(now)

    @property
    def can_undo(self) -> bool:
        return self._switch is not None

    def undo_switch(self, now: float) -> bool:
        """Take back the last switch: the previous player's turn goes on with the time it had
        then (running again if it ran), its turn taken off the record, the round as it was;
        the turn started by mistake is forgotten. False when there is nothing to take back."""
        switch = self._switch
        if switch is None:
            return False
        self._switch = None
        self.player, self.round = switch.player, switch.round
        self.times.each[switch.player] = switch.turns
        self._warned = set(switch.warned)
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

    def tick(self, now: float) -> list[TimerEvent]:
        """Advance to ``now``: report warnings passed and the expiry, each exactly once."""
        if self.phase is not Phase.RUNNING:
            return []
        left = self.remaining(now)
        events = []
        for point in self.warn_at:
            if point not in self._warned and left <= point:
                self._warned.add(point)
                if left > point - 1:  # a late tick skips stale warnings instead of a burst
                    events.append(TimerEvent("warning", point, self.player))
        if left <= 0.0:
            self._expire()
            self.times.add(self.player, float(self.duration_seconds))
            events.append(TimerEvent("expired", 0, self.player))
        return events

    def next_deadline(self, now: float) -> float | None:
        """When the loop must wake next: the next change of the shown second, or expiry."""
        if self.phase is not Phase.RUNNING:
            return None
        left = self.remaining(now)
        fraction = left - math.floor(left)
        return now + (fraction if fraction > 1e-6 else 1.0) if left > 0 else now

    def snapshot(self, now: float) -> GlassSnapshot:
        """JSON-ready state; a running glass is saved as paused with the time it has left."""
        running = self.phase is Phase.RUNNING
        return {
            "phase": Phase.PAUSED.value if running else self.phase.value,
            "duration_seconds": self.duration_seconds,
            "left_seconds": round(self.remaining(now), 3),
            "player": self.player,
            "turn_times": self.times.to_json(),
            "warned": sorted(self._warned),
            "first": self.first,
            "round": self.round,
        }

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
        self.machine.set_state(Phase(saved["phase"]), model=self)
