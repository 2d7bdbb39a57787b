"""The owner's board on the box: every value the box uses for board S, F, M or L, one a
screen, to confirm or correct once (what `fogkeeper board` does on the command line), the
values of the rulebook's solo scenarios played on it last (S001 on board S).

Each value is shown with what it is: printed (the rulebook gives it), assumed (the box's guess
from the board's pictures), corrected or checked (the owner's word). Left/right change it, OK
says it matches the board on the table and goes on, up/down step back and forth. At the end
the owner saves: the corrections and "checked" go to the data folder
(``<data>/fog/boards/<name>.json``), where a reinstall keeps them. A board that cannot hold
the corrections (a row swallowed twice) is refused with its reason and nothing is written.
"""

from __future__ import annotations

import re
import string
from dataclasses import dataclass
from functools import cache

from fogkeeper.data.fog import (
    board_file,
    board_status,
    checked_board,
    owner_board,
    owner_board_problem,
    owner_problems,
)
from fogkeeper.errors import ConfigError
from fogkeeper.flow.fog.session import BoardCheck, Session, board_for, rules_for, scenarios
from fogkeeper.rules.fog import assumed
from fogkeeper.rules.fog.assumed import Value

LETTERS = string.ascii_uppercase[:16]   # a beach has rows A-C at least, A-P at most
WORDS = {"printed": "from the rulebook", "assumed": "assumed: check it",
         "corrected": "corrected by owner", "checked": "checked by owner"}


@dataclass(frozen=True)
class Shown:
    """One value as the walk shows it: ``what`` is printed, assumed, corrected, checked or
    changed (in this walk, not yet saved); ``was`` is the value before this walk."""

    key: str
    value: Value
    what: str
    was: Value

    @property
    def label(self) -> str:
        return label(self.key)

    @property
    def group(self) -> str:
        return group(self.key)

    @property
    def status(self) -> str:
        if self.what == "changed":
            return f"changed, was {text(self.key, self.was)}"
        if self.what == "assumed" and assumed.is_scenario(self.key):
            return assumed.SHEET_ASSUMED_SHORT
        return WORDS[self.what]


@cache
def _status(name: str) -> tuple[tuple[assumed.BoardValue, str], ...]:
    """The board's values and what each is, read once (again after the owner saves)."""
    return tuple(board_status(name))


def forget() -> None:
    """The owner's files changed: read the board again wherever it is used."""
    _status.cache_clear()
    board_word.cache_clear()
    left_aside.cache_clear()
    board_for.cache_clear()
    rules_for.cache_clear()
    scenarios.cache_clear()


@cache
def board_word(name: str) -> str:
    """The checklist's word for the board: checked once the owner confirmed it."""
    if owner_board_problem(name) is not None:
        return "file damaged"  # left aside: the board is played as shipped
    return "checked" if owner_board(name).confirmed else "assumed!"


@cache
def left_aside(board: str) -> tuple[str, ...]:
    """The names of the owner's files a game on this board leaves aside, because the box
    cannot use them (read once, and again after the owner saves a board)."""
    return tuple(problem.path.name for problem in owner_problems(board))


def open_check(s: Session) -> None:
    """A fresh walk over the board chosen on the checklist, read from disk as it is now."""
    forget()
    s.board_check = BoardCheck(board=str(s.setup["board"]))


def walk(check: BoardCheck) -> list[Shown]:
    """Every value of the board in reading order, the changes of this walk over them."""
    shown = []
    for value, what in _status(check.board):
        if value.key in check.changed:
            now = assumed.parse_value(value.key, check.changed[value.key])
            shown.append(Shown(value.key, now, "changed", value.value))
        else:
            shown.append(Shown(value.key, value.value, what, value.value))
    return shown


def current(check: BoardCheck) -> Shown:
    values = walk(check)
    return values[min(check.at, len(values) - 1)]


def is_last(check: BoardCheck) -> bool:
    return check.at >= len(walk(check)) - 1


def move(check: BoardCheck, step: int) -> None:
    """Up/down (OK goes on too): the previous or next value."""
    check.at = max(0, min(len(walk(check)) - 1, check.at + step))


def change(check: BoardCheck, direction: int) -> None:
    """Left/right: the value on screen one choice down or up; back at its old value it is no
    longer a change."""
    shown = current(check)
    new = _stepped(check, shown, direction)
    if new == shown.was:
        check.changed.pop(shown.key, None)
    else:
        check.changed[shown.key] = text_form(new)


def set_to(check: BoardCheck, key: str, typed: str) -> Shown:
    """The value ``key`` set as the owner types it (``text_form``; the link's
    ``fog.board.set``), and put on screen: only a value left/right could reach there,
    else ConfigError naming what it may be, and nothing changes."""
    keys = [s.key for s in walk(check)]
    if key not in keys:
        raise ConfigError(f"board {check.board} has no value {key!r} (see `fogkeeper board` "
                          "for the keys)")
    value = assumed.parse_value(key, typed)
    if isinstance(value, int):
        low, high = bounds(key)
        if not low <= value <= high:
            raise ConfigError(f"{label(key)}: a whole number {low} to {high}")
    else:
        shown = walk(check)[keys.index(key)]
        if value not in [*_row_choices(check, key), shown.value, shown.was]:
            raise ConfigError(f"{label(key)}: " + ("rows A-C to A-P" if key == "rows" else
                                                   "none, or neighbouring rows of the beach"))
    check.at = keys.index(key)
    if value == current(check).was:
        check.changed.pop(key, None)
    else:
        check.changed[key] = text_form(value)
    return current(check)


def bounds(key: str) -> tuple[int, int]:
    """The whole numbers left/right step a value through: a row's RP 0 or less."""
    return (-99, 0) if key.startswith("row_value.") else (0, 99)


def _stepped(check: BoardCheck, shown: Shown, direction: int) -> Value:
    value = shown.value
    if isinstance(value, int):
        low, high = bounds(shown.key)
        return max(low, min(high, value + direction))
    choices = _row_choices(check, shown.key)
    if value not in choices:
        choices.insert(0, value)
    return choices[(choices.index(value) + direction) % len(choices)]


def _row_choices(check: BoardCheck, key: str) -> list[tuple[str, ...]]:
    """The beach (rows A to some letter), or a FOG track field's rows: none, or any run of
    neighbouring rows of the beach as it now stands."""
    if key == "rows":
        return [tuple(LETTERS[:n]) for n in range(3, len(LETTERS) + 1)]
    rows = next(s.value for s in walk(check) if s.key == "rows")
    assert isinstance(rows, tuple)
    runs: list[tuple[str, ...]] = [()]
    runs += [rows[i:j] for i in range(len(rows)) for j in range(i + 1, len(rows) + 1)]
    return runs


def corrections(check: BoardCheck) -> dict[str, Value]:
    """The owner's corrections after this walk: the earlier ones with this walk's over them,
    less any that only repeat the shipped value."""
    shipped = {v.key: v.value for v in assumed.values(board_file(check.board))}
    values = dict(owner_board(check.board).values)
    values.update({k: assumed.parse_value(k, t) for k, t in check.changed.items()})
    return {k: v for k, v in values.items() if shipped.get(k) != v}


def holds(check: BoardCheck) -> dict[str, Value]:
    """The corrections, if the board holds them whole; else ConfigError naming what it
    cannot hold by the value's name on the screen ("FOG on 1 swallows: row 'I' is
    swallowed twice")."""
    values = corrections(check)
    try:
        checked_board(check.board, values)
    except ConfigError as exc:
        raise ConfigError(in_words(str(exc))) from None
    return values


def in_words(message: str) -> str:
    """A board file's refusal with its key path ("board S.fog_track.1") as the walk names
    the value; a path the walk has no name for is left as it is."""
    found = re.match(r"board [A-Z]\.([a-z_]+(?:\.\w+)*)", message)
    if found is None:
        return message
    try:
        name = label(found.group(1))
    except (KeyError, IndexError, ValueError):
        return message
    return name + message[found.end():]


def text_form(value: Value) -> str:
    """A value as the owner types it (``fogkeeper board --set``): "-5", "E,F", "" for none."""
    return ",".join(value) if isinstance(value, tuple) else str(value)


def text(key: str, value: Value) -> str:
    """A value as the screen shows it: "A-J" for a beach, "none" for a field that swallows
    nothing."""
    if isinstance(value, int):
        return str(value)
    if key == "rows" and value:
        return f"{value[0]}-{value[-1]}"
    return ",".join(value) or "none"


def group(key: str) -> str:
    """Whose value it is when not the board's own: "Blue boat", "Blue Islanders"."""
    head, *tail = key.split(".")
    if head == "boat":
        return f"{tail[0].capitalize()} boat"
    if head == assumed.SCENARIO:
        return f"Solo {tail[0]}"
    return f"{tail[0].capitalize()} Islanders" if head == "supply" else ""


def label(key: str) -> str:
    """What a value is, in the board's own words, under its ``group``
    (``boat.blue.places.A.elder`` is "A: elder places" of the "Blue boat")."""
    parts = key.split(".")
    head, tail = parts[0], parts[1:]
    if head == "boat":
        what, *rest = tail[1:]
        if what == "places":
            return f"{rest[0]}: {rest[1]} places"
        return f"Area {rest[0]}: least crew" if what == "crew_min" else "Stern room"
    if head == "supply":
        return f"{tail[1].capitalize()}s in box"
    if head == assumed.SCENARIO:
        return assumed.sheet_label(key)
    simple = {"rows": "Beach rows", "fog_corner": "FOG cards start on",
              "nation_rp": "Own boat: RP each"}
    if key in simple:
        return simple[key]
    words = {"row_value": "Row {}: RP each", "fog_track": "FOG on {} swallows",
             "fog_start": "FOG start, {} players", "discs_per_colour": "Discs, {} colours"}
    return words[head].format(tail[0])
