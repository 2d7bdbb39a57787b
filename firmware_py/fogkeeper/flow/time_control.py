"""The game clock's time controls: what each mode gives a player and what a turn leaves.

``glass`` is the sand timer (every turn a fresh glass; ``flow/hourglass.py`` runs it). The
other modes give each player a bank for the whole game, and only the running player's bank
runs:

- ``bank``: ``bank_seconds`` each (or ``banks``, one a player, for a handicap), with
  ``increment_seconds`` added after each turn (Fischer) and ``delay_seconds`` of ``delay``
  ``simple`` (the bank runs only once the delay is over) or ``bronstein`` (the bank gets
  back what the turn used, up to the delay);
- ``byoyomi``: the bank, then ``periods`` periods of ``period_seconds``; a period is used
  up only when a turn overruns it; ``moves`` turns must end in a period before it starts
  whole again (1: Japanese byo-yomi; more: Canadian overtime);
- ``hourglass`` (two players): what one player uses is added to the other's bank.

Everything here is arithmetic on seconds, with no clock: ``spend`` says where a player's
clock stands ``t`` seconds into a turn, ``after_turn`` what the turn leaves for the next.
The fields are declared once (``CONTROL``): ``timer.set`` reads them, the session file
keeps them, and the docs table is made from them.
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass, replace
from enum import StrEnum
from typing import Any

from fogkeeper.schema import ABSENT, Field, Schema


class Mode(StrEnum):
    GLASS = "glass"
    BANK = "bank"
    BYOYOMI = "byoyomi"
    HOURGLASS = "hourglass"


class Delay(StrEnum):
    NONE = "none"
    SIMPLE = "simple"
    BRONSTEIN = "bronstein"


class OnFlag(StrEnum):
    STOP = "stop"    # the clock stops at 0:00 (the flag falls)
    COUNT = "count"  # the clock counts the overtime on, shown -0:12, and records it


MOST_BANK = 5999    # 99:59, the widest time the big type holds
MOST_PLAYERS = 8
# the banks the Timer's menu steps through (any other over the link)
BANK_STEPS = (60, 120, 180, 300, 600, 900, 1200, 1500, 1800, 2700, 3600, 5400)
MENU_PERIODS = 10                 # the byo-yomi periods the menu steps up to (60 by link)
MENU_MOVES = (1, 5, 10, 15, 20, 25)  # turns a period must hold, as OK steps them

CONTROL = Schema.of(
    Field("mode", Mode, ABSENT, doc="`glass`, `bank`, `byoyomi` or `hourglass` (two "
                                    "players)"),
    Field("bank_seconds", int, ABSENT, low=1, high=MOST_BANK,
          doc="each player's bank, 1-5999"),
    Field("banks", list, ABSENT, most=MOST_PLAYERS,
          items=Field("bank", int, low=1, high=MOST_BANK),
          doc="one bank a player (a handicap), 1-5999 each, as many as `players`; [] for "
              "`bank_seconds` each"),
    Field("increment_seconds", int, ABSENT, low=0, high=600,
          doc="added after each turn (Fischer), 0-600"),
    Field("delay", Delay, ABSENT, doc="`none`, `simple` or `bronstein`"),
    Field("delay_seconds", int, ABSENT, low=0, high=600, doc="0-600"),
    Field("periods", int, ABSENT, low=1, high=60, doc="byo-yomi periods, 1-60"),
    Field("period_seconds", int, ABSENT, low=1, high=3600, doc="1-3600"),
    Field("moves", int, ABSENT, low=1, high=99,
          doc="turns a period must hold before it starts whole again, 1-99 (1: byo-yomi; "
              "more: Canadian)"),
    Field("on_flag", OnFlag, ABSENT, doc="`stop` (at 0:00) or `count` (overtime, "
                                         "`-0:12`, recorded)"),
)


@dataclass(frozen=True)
class TimeControl:
    """The table's choice of mode and its numbers (the glass's own length is the
    hourglass's ``duration_seconds``)."""

    mode: Mode = Mode.GLASS
    bank_seconds: int = 600
    banks: tuple[int, ...] = ()   # one a player for a handicap; () : bank_seconds each
    increment_seconds: int = 0
    delay: Delay = Delay.NONE
    delay_seconds: int = 0
    periods: int = 5
    period_seconds: int = 30
    moves: int = 1
    on_flag: OnFlag = OnFlag.STOP

    @property
    def banked(self) -> bool:
        return self.mode is not Mode.GLASS

    def start_bank(self, player: int) -> int:
        return self.banks[player] if player < len(self.banks) else self.bank_seconds

    def fresh(self, player: int) -> PlayerClock:
        """A player's clock at the start of the game."""
        periods = self.periods if self.mode is Mode.BYOYOMI else 0
        return PlayerClock(float(self.start_bank(player)), float(self.period_seconds),
                           periods, self.moves)

    def problem(self, players: int) -> str | None:
        """Why this control does not fit ``players`` players (``bad_args`` words), or None."""
        if self.banks and len(self.banks) != players:
            return f"argument 'banks' must have one bank for each of the {players} players"
        if self.mode is Mode.HOURGLASS and players != 2:
            return "argument 'mode' hourglass is for 2 players (set players to 2)"
        return None

    def fitted(self, players: int) -> TimeControl:
        """This control for ``players`` players: handicap banks for another count are
        dropped (each gets ``bank_seconds``), and hourglass becomes bank past two."""
        control = self
        if control.banks and len(control.banks) != players:
            control = replace(control, banks=())
        if control.mode is Mode.HOURGLASS and players != 2:
            control = replace(control, mode=Mode.BANK)
        return control

    def stepped(self, item: str, direction: int, players: int) -> TimeControl:
        """The control with one of the Timer menu's values stepped: ``mode`` to the next
        (hourglass only for two players), ``bank`` through BANK_STEPS, ``extra`` the
        mode's second number (bank: the increment; byo-yomi: the period), ``detail`` its
        third (bank: the delay; byo-yomi: the periods) and ``detail_kind`` that number's
        kind (the delay's, the moves a period holds), ``on_flag`` stop <-> count."""
        if item == "mode":
            modes = [m for m in Mode if m is not Mode.HOURGLASS or players == 2]
            at = modes.index(self.mode) if self.mode in modes else 0
            return replace(self, mode=modes[(at + direction) % len(modes)])
        if item == "bank":
            steps = [s for s in BANK_STEPS if (s > self.bank_seconds if direction > 0
                                                else s < self.bank_seconds)]
            bank = (min(steps) if direction > 0 else max(steps)) if steps else (
                BANK_STEPS[0] if direction > 0 else BANK_STEPS[-1])
            return replace(self, bank_seconds=bank, banks=())
        if item == "on_flag":
            return replace(self, on_flag=OnFlag.COUNT if self.on_flag is OnFlag.STOP
                           else OnFlag.STOP)
        if item == "detail":
            return self._detail_stepped(direction)
        if item == "detail_kind":
            return self._detail_kind_stepped()
        if self.mode is Mode.BYOYOMI:
            seconds = max(5, min(120, self.period_seconds + 5 * direction))
            return replace(self, period_seconds=seconds)
        if self.mode is Mode.BANK:
            return replace(self, increment_seconds=max(0, min(60, self.increment_seconds
                                                              + direction)))
        return self

    def _detail_stepped(self, direction: int) -> TimeControl:
        """The menu's third number: bank's delay (1 s steps, 0: none) or byo-yomi's periods."""
        if self.mode is Mode.BANK:
            seconds = max(0, min(60, self.delay_seconds + direction))
            kind = self.delay if self.delay is not Delay.NONE else Delay.SIMPLE
            return replace(self, delay_seconds=seconds,
                           delay=kind if seconds else Delay.NONE)
        if self.mode is Mode.BYOYOMI:
            return replace(self, periods=max(1, min(MENU_PERIODS, self.periods + direction)))
        return self

    def _detail_kind_stepped(self) -> TimeControl:
        """OK on that row: bank's delay turns simple <-> Bronstein; byo-yomi's turns a
        period must hold step through MENU_MOVES (1: byo-yomi, more: Canadian)."""
        if self.mode is Mode.BANK and self.delay is not Delay.NONE:
            return replace(self, delay=Delay.BRONSTEIN if self.delay is Delay.SIMPLE
                           else Delay.SIMPLE)
        if self.mode is Mode.BYOYOMI:
            bigger = [m for m in MENU_MOVES if m > self.moves]
            return replace(self, moves=bigger[0] if bigger else MENU_MOVES[0])
        return self

    def evened(self) -> TimeControl:
        """The handicap over: every player gets the first player's bank."""
        return replace(self, bank_seconds=self.start_bank(0), banks=())

    def with_player_bank(self, player: int, direction: int, players: int) -> TimeControl:
        """One player's bank stepped through BANK_STEPS (a handicap, from the Banks
        screen); when every bank is the same again, the handicap is over."""
        banks = list(self.banks) if len(self.banks) == players else [self.bank_seconds] * players
        now = banks[player]
        steps = [s for s in BANK_STEPS if (s > now if direction > 0 else s < now)]
        banks[player] = (min(steps) if direction > 0 else max(steps)) if steps else now
        if len(set(banks)) == 1:
            return replace(self, bank_seconds=banks[0], banks=())
        return replace(self, banks=tuple(banks))

    def with_changes(self, given: dict[str, Any]) -> TimeControl:
        """This control with the keys ``CONTROL.read`` returned put in."""
        changes = dict(given)
        if "bank_seconds" in changes and "banks" not in changes:
            changes["banks"] = ()  # one bank for all given: the handicap is over
        if "banks" in changes:
            changes["banks"] = tuple(changes["banks"])
        return replace(self, **changes)

    def to_json(self) -> dict[str, Any]:
        out = asdict(self)
        out["banks"] = list(self.banks)
        for key in ("mode", "delay", "on_flag"):
            out[key] = out[key].value
        return out

    @classmethod
    def from_json(cls, saved: dict[str, Any]) -> TimeControl:
        """From ``to_json``, read through ``CONTROL`` (SchemaError when it does not fit)."""
        return cls().with_changes(CONTROL.read(saved))

    def words(self) -> str:
        """A few words for the menu and the boot offer, e.g. '10:00+2' or 'byo 5x30'."""
        bank = _short(self.bank_seconds) + ("*" if self.banks else "")
        if self.mode is Mode.BYOYOMI:
            return f"{bank} {self.periods}x{self.period_seconds}"
        if self.increment_seconds:
            bank += f"+{self.increment_seconds}"
        if self.delay is not Delay.NONE and self.delay_seconds:
            bank += f" d{self.delay_seconds}"
        return bank


def _short(seconds: int) -> str:
    return f"{seconds // 60}:{seconds % 60:02d}"


@dataclass(frozen=True)
class PlayerClock:
    """One player's clock between turns: the bank (negative in overtime), and in byo-yomi
    the seconds left in the current period, the periods left (that one included) and the
    turns still to end in the period before it starts whole again."""

    bank: float
    period_left: float
    periods_left: int
    moves_left: int

    def to_json(self) -> dict[str, Any]:
        return {"bank_seconds": round(self.bank, 3), "period_left_seconds":
                round(self.period_left, 3), "periods_left": self.periods_left,
                "moves_left": self.moves_left}

    @classmethod
    def from_json(cls, saved: dict[str, Any]) -> PlayerClock:
        read = CLOCK.read(saved)
        return cls(read["bank_seconds"], read["period_left_seconds"], read["periods_left"],
                   read["moves_left"])

    def shown(self) -> float:
        """What the player's clock shows: the bank, or once it is spent the period."""
        if self.bank <= 0 and self.periods_left > 0:
            return self.period_left
        return self.bank

    @property
    def flagged(self) -> bool:
        return self.bank <= 0 and self.periods_left == 0


# a player's clock as the session file keeps it (overtime grows without bound in
# principle; a week of it is more than any table plays)
CLOCK = Schema.of(
    Field("bank_seconds", float, low=-7 * 86400, high=2 * MOST_PLAYERS * MOST_BANK),
    Field("period_left_seconds", float, low=0, high=3600),
    Field("periods_left", int, low=0, high=60),
    Field("moves_left", int, low=1, high=99),
)


@dataclass(frozen=True)
class Reading:
    """Where the running player's clock stands during a turn."""

    clock: PlayerClock      # the clock as it stands (no increment or delay given back yet)
    in_period: bool         # the bank is spent and a period runs
    delay_left: float       # a simple delay's seconds still to run before the bank moves

    @property
    def left(self) -> float:
        """What the clock shows: bank or period seconds, negative in overtime."""
        return self.clock.shown()

    @property
    def flagged(self) -> bool:
        return self.clock.flagged


def spend(control: TimeControl, clock: PlayerClock, t: float) -> Reading:
    """The clock ``t`` seconds into a turn that started at ``clock``."""
    delay_left = 0.0
    if control.delay is Delay.SIMPLE:
        delay_left = max(0.0, control.delay_seconds - t)
        t = max(0.0, t - control.delay_seconds)
    bank = clock.bank
    if clock.periods_left == 0 or t < bank:   # the bank runs (into overtime when spent)
        return Reading(replace(clock, bank=bank - t), False, delay_left)
    rest = t - max(bank, 0.0)
    period, periods, moves = clock.period_left, clock.periods_left, clock.moves_left
    if rest < period:
        return Reading(PlayerClock(0.0, period - rest, periods, moves), True, delay_left)
    rest -= period                      # the period is overrun: used up
    periods -= 1
    whole = min(periods, math.floor(rest / control.period_seconds))
    periods -= whole                    # and every whole one after it
    rest -= whole * control.period_seconds
    moves = control.moves
    if periods == 0:                    # none left: the flag, and overtime from then on
        return Reading(PlayerClock(-rest, float(control.period_seconds), 0, moves), True,
                       delay_left)
    return Reading(PlayerClock(0.0, control.period_seconds - rest, periods, moves), True,
                   delay_left)


def after_turn(control: TimeControl, clock: PlayerClock, t: float) -> PlayerClock:
    """The clock a turn of ``t`` seconds leaves: the increment added and a Bronstein delay
    given back while the bank still holds time, a period whole again once ``moves`` turns
    ended in it. A flagged clock gets nothing back."""
    reading = spend(control, clock, t)
    left = reading.clock
    if left.flagged:
        return left
    if reading.in_period:
        moves = left.moves_left - 1
        if moves > 0:
            return replace(left, moves_left=moves)
        return replace(left, period_left=float(control.period_seconds),
                       moves_left=control.moves)
    bank = left.bank + control.increment_seconds
    if control.delay is Delay.BRONSTEIN:
        bank += min(t, control.delay_seconds)
    return replace(left, bank=bank)


def time_to_flag(control: TimeControl, clock: PlayerClock) -> float:
    """How many seconds into a turn from ``clock`` the flag falls (0 when it has)."""
    if clock.flagged:
        return 0.0
    delay = control.delay_seconds if control.delay is Delay.SIMPLE else 0
    if clock.periods_left == 0:
        return delay + clock.bank
    return (delay + max(clock.bank, 0.0) + clock.period_left
            + (clock.periods_left - 1) * control.period_seconds)
