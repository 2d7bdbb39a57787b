"""How a game's table flow plugs into the box: the interface, its context, and the registry.

The app hands every control to the running game while its screen is up; the game answers
with its own frames, its own host-link commands and its own snapshot for power-loss safety.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import Enum, StrEnum
from typing import TYPE_CHECKING, Any, Protocol

from fogkeeper.config import Config
from fogkeeper.flow.kit.pin import PinGuard
from fogkeeper.ui.draw import Frame

if TYPE_CHECKING:   # the FOG engine loads only when The FOG is played
    from fogkeeper.flow.kit.link import GameCommands
    from fogkeeper.rules.fog.assumed import Value as BoardValue

log = logging.getLogger(__name__)


class Outcome(StrEnum):
    """What the app should do after a game handled a control."""

    STAY = "stay"
    EXIT = "exit"  # back to the home menu (the game already asked for a long press)
    # stay, and only a cursor moved (nothing the game promises: snapshot.NO_PROMISE): the
    # box saves it with the next change that matters, never before its frame
    MOVED = "moved"


class Effects(Protocol):
    def sound(self, tune: str) -> None: ...
    def emit(self, event: str, payload: Mapping[str, object]) -> None: ...
    def save_record(self, game: str, record: Mapping[str, object]) -> str: ...
    def load_preset(self, game: str) -> object: ...
    def save_preset(self, game: str, preset: object) -> None: ...
    def keep_board(self, name: str, confirmed: bool, values: dict[str, BoardValue]) -> bool: ...


@dataclass(frozen=True)
class GameContext:
    """What a game may use: config, the effects, the clock, and the Guardian PIN check.

    ``pin_guard`` is the box's one guard: wrong PINs on the joystick and over the link count
    together, so guessing costs the same time whichever way it is tried.
    """

    config: Config
    effects: Effects
    clock: Callable[[], float]
    pin_guard: PinGuard | None = None  # None: a guard of the config's PIN, made here
    # tests only: every draw of a game started here replays from this seed (public and
    # secret alike). No config key or link argument reaches it: on a box it is None, and
    # each game draws from the OS.
    seed: int | None = None
    # the wall clock: the monotonic ``clock`` starts again at a restart, so only this one
    # says how long the box was off (a resumed turn's glass is aged by it)
    wall_clock: Callable[[], float] = time.time

    def __post_init__(self) -> None:
        if self.pin_guard is None:
            object.__setattr__(self, "pin_guard", PinGuard(self.config.security.pin))

    @property
    def guard(self) -> PinGuard:
        assert self.pin_guard is not None  # made in __post_init__
        return self.pin_guard

    def pin_matches(self, digits: str) -> bool:
        """True only when a PIN is set, its wait (after wrong tries) has passed, and
        ``digits`` is it. A refusal is logged and sent as an event, never the digits."""
        return judge_pin(self.guard, digits, self.clock(), self.effects)

    def pin_wait(self) -> float:
        """Seconds before the next PIN try is judged (0 when a try may be made now)."""
        return self.guard.seconds_to_wait(self.clock())

    def pin_length(self) -> int:
        """How many digits the PIN pads ask for."""
        return self.guard.length

    def has_pin(self) -> bool:
        """Whether a PIN is set (in the config, or on the box in Settings)."""
        return self.guard.is_set


def judge_pin(guard: PinGuard, digits: str, now: float, effects: Effects) -> bool:
    """One PIN try against the box's guard: logged and sent as ``pin.refused`` when refused
    (wrong, or too soon after wrong ones), never with the digits."""
    verdict = guard.check(digits, now)
    if verdict is not True and guard.is_set:
        wait = round(guard.seconds_to_wait(now))
        log.warning("PIN refused (%s; %d wrong in a row); next try in %d s",
                    "too soon" if verdict is None else "wrong", guard.wrong, wait)
        effects.emit("pin.refused", {"wrong": guard.wrong, "wait_seconds": wait})
    return verdict is True


LinkArgs = Mapping[str, object]


class GameFlow(Protocol):
    """A game's table flow; ``name`` is also the prefix of its link commands (``corps.*``)."""

    name: str
    title: str

    def handle(self, trigger: str) -> Outcome: ...
    def frame(self, now: float) -> Frame: ...
    def tick(self, now: float) -> None: ...
    def next_deadline(self, now: float) -> float | None: ...
    def snapshot(self) -> dict[str, object]: ...
    def restore(self, saved: dict[str, object]) -> None: ...
    def public_state(self) -> dict[str, object]: ...
    @property
    def commands(self) -> GameCommands[Any]:
        """The game's link command rows (``flow/<game>/link.py``)."""


GameFactory = Callable[[GameContext], GameFlow]


# A game's factory imports its flow on first use, so that start-up stays light.
def _fog(context: GameContext) -> GameFlow:
    from fogkeeper.flow.fog import FogFlow

    return FogFlow(context)


def _corps(context: GameContext) -> GameFlow:
    from fogkeeper.flow.corps import CorpsFlow

    return CorpsFlow(context)


def _fogsite(context: GameContext) -> GameFlow:
    from fogkeeper.flow.fogsite import FogsiteFlow

    return FogsiteFlow(context)


@dataclass(frozen=True)
class GameRow:
    """One game's identity: its link name, its title, its flow, and whether it keeps secrets.

    ``key`` is the name on the link (``game.start``, the ``<key>.*`` commands, ``hello``) and
    in a saved session; ``title`` is its row on the home menu; ``has_secrets``: a maze, an
    answer key... the box offers to set a PIN before it starts, when none is set.
    """

    key: str
    title: str
    factory: GameFactory
    has_secrets: bool


class Game(Enum):
    """Every game the box plays, one row each, in the home menu's order. Adding a game is
    one row here plus its flow: the home menu, its labels, the PIN offer, ``hello`` and
    ``game.start`` are all made from these rows."""

    _value_: GameRow

    FOG = GameRow("fog", "The FOG", _fog, has_secrets=False)
    FOGSITE = GameRow("fogsite", "FOGSITE", _fogsite, has_secrets=True)
    CORPS = GameRow("corps", "Corps of Discovery", _corps, has_secrets=True)

    @property
    def key(self) -> str:
        return self.value.key

    @property
    def title(self) -> str:
        return self.value.title

    @property
    def has_secrets(self) -> bool:
        return self.value.has_secrets

    def make(self, context: GameContext) -> GameFlow:
        """A fresh flow of this game; a flow that names itself otherwise is a bug."""
        flow = self.value.factory(context)
        if (flow.name, flow.title) != (self.key, self.title):
            raise TypeError(f"the {self.key} row makes a flow called {flow.name!r} "
                            f"({flow.title!r}): a flow's name and title are its row's")
        return flow


# every game by its link name, in the registry's order
GAMES: dict[str, Game] = {game.key: game for game in Game}
