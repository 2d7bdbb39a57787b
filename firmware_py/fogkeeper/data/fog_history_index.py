"""The past games' index, `<data>/fog-history.idx`: each FOG record's summary, kept so that
a list of past games never reads or scores a record twice.

The records folder is the truth, the index only remembers: a line per record, in the order
of the records' names (oldest first), holding the record's name and freshness key (size,
modification and change times) and the summary the list shows. A record whose key no longer
matches, a record the index lacks and a line for a record gone are all found by comparing
the folder's listing with the index, so a damaged, stale or missing index costs a rebuild,
never a lost or hidden game.

The file, JSON lines (a header, then a line a record)::

    {"format":"fogkeeper-fog-history-index","version":1,"box":"0.1.0","rules":"<fp>"}
    {"file":"fog-20261201-201500.json","size":2097,"mtime_ns":...,"ctime_ns":...,
     "solo":null,"game":{"board":"S","mode":"multiplayer",...}}

Every line is written by ``line`` below, keys in that order and ASCII only, so whether a
line is fresh is a comparison of its opening with the one the record's key gives, and a
line's summary is read only when its game is shown (``summary``): opening a list of 10,000
games reads 10,000 file keys and the solo games' few words for the bests, not 10,000
summaries."""

from __future__ import annotations

import contextlib
import json
import logging
import os
import tempfile
import time
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NamedTuple

from fogkeeper import __version__

log = logging.getLogger(__name__)

INDEX_NAME = "fog-history.idx"
FORMAT = "fogkeeper-fog-history-index"
VERSION = 1
PREFIX, SUFFIX = "fog-", ".json"     # a FOG record's name, as the box writes it (`fog-*.json`)
MAX_INDEX_BYTES = 64 << 20           # ~200,000 records: a larger file is damaged, not read

Key = tuple[int, int, int]           # a record's size, mtime_ns and ctime_ns


class Listed(NamedTuple):
    """One record in the records folder, by name, with its freshness key (None: it could
    not be read, so it is never taken as fresh). A tuple: a listing makes 10,000 of them
    on the way to the screen."""

    name: str
    key: Key | None


@dataclass(frozen=True)
class Entry:
    """One line of the index, read whole: the record it is for and that record's summary."""

    key: Key
    game: Mapping[str, Any]


def index_path(folder: Path) -> Path:
    return folder / INDEX_NAME


def _records(records: Path) -> list[str]:
    """The names of the FOG records in the folder (``fog-*.json``), oldest first."""
    return sorted([n for n in os.listdir(records)
                   if n.startswith(PREFIX) and n.endswith(SUFFIX) and len(n) >= 9])


def listing(records: Path) -> list[Listed]:
    """The records folder's FOG records, oldest first (their names are their dates), each
    with its key: one directory read and one stat a record."""
    try:
        names = _records(records)
        folder = os.open(records, os.O_RDONLY | os.O_DIRECTORY)
    except OSError:
        return []
    found = []
    try:
        for name in names:
            try:
                kept = os.stat(name, dir_fd=folder)
            except OSError:
                found.append(Listed(name, None))
                continue
            found.append(Listed(name, (kept.st_size, kept.st_mtime_ns, kept.st_ctime_ns)))
    finally:
        os.close(folder)
    return found


def header(rules: str) -> str:
    """The index's first line: what it was made by and from (another box version or other
    rules score differently, so the summaries would not be what the records say now)."""
    return json.dumps({"format": FORMAT, "version": VERSION, "box": __version__,
                       "rules": rules}, separators=(",", ":"))


def _plain(text: str) -> bool:
    """Whether ``json.dumps`` (ASCII) writes ``text`` as it is, between quotes."""
    return text.isascii() and text.isprintable() and '"' not in text and "\\" not in text


def opening(name: str, key: Key) -> str:
    """How the line of record ``name`` with ``key`` starts (up to its solo part)."""
    return _opening(f'"{name}"' if _plain(name) else json.dumps(name), *key)


def _opening(quoted: str, size: int, mtime_ns: int, ctime_ns: int) -> str:
    return (f'{{"file":{quoted},"size":{size},"mtime_ns":{mtime_ns},"ctime_ns":{ctime_ns},'
            f'"solo":')


def line(name: str, key: Key, solo: list[object] | None, game: Mapping[str, Any]) -> str:
    """One record's line, as every line of the index is written (see ``opening``): ``solo``
    is what the solo bests read of a solo game (None for any other game), so a list's bests
    read those few words, not the games' summaries."""
    return (opening(name, key) + json.dumps(solo, separators=(",", ":")) + ',"game":'
            + json.dumps(game, separators=(",", ":")) + "}")


def _read(folder: Path) -> str | None:
    path = index_path(folder)
    try:
        with path.open("rb") as handle:
            data = handle.read(MAX_INDEX_BYTES + 1)
    except OSError:
        return None
    if len(data) > MAX_INDEX_BYTES:
        return None
    try:
        return data.decode("ascii")
    except UnicodeDecodeError:
        return None


@dataclass(frozen=True)
class Fresh:
    """An index that matches the folder line for line: the records' names, each one's line
    (unread), and the solo part of each solo game's line, by its place (still JSON text)."""

    names: list[str]
    lines: list[str]
    solo: list[tuple[int, str]]


GAME = ',"game":'   # never inside a JSON string (a quote in one is escaped): a line's last key


def read_fresh(folder: Path, rules: str) -> Fresh | str:
    """The index's lines when each is the fresh line of the record of its place in the
    records folder, read with one stat a record and no record opened; else why not (the
    rebuild's log says it)."""
    text = _read(folder)
    if text is None:
        return "missing or unreadable"
    if not text.endswith("\n"):
        return "its last line is torn"
    lines = text.split("\n")
    lines.pop()
    if not lines or lines[0] != header(rules):
        return "made by another version or from other rules"
    entries = lines[1:]
    records = folder / "records"
    try:
        names = _records(records)
        place = os.open(records, os.O_RDONLY | os.O_DIRECTORY)
    except OSError:
        names, place = [], -1
    if len(entries) != len(names):
        if place >= 0:
            os.close(place)
        return f"stale ({len(entries)} lines for {len(names)} records)"
    solo = []
    plain = _plain("".join(names))   # the box's names: each quoted as it is (no json.dumps)
    try:
        for at, name in enumerate(names):
            kept = os.stat(name, dir_fd=place)
            start = _opening(f'"{name}"' if plain else json.dumps(name),
                             kept.st_size, kept.st_mtime_ns, kept.st_ctime_ns)
            text_line = entries[at]
            if not text_line.startswith(start):
                return f"stale ({name} is not the record it lists)"
            if text_line[len(start)] != "n":    # not null: a solo game
                solo.append((at, text_line[len(start):text_line.find(GAME, len(start))]))
    except (OSError, IndexError):
        return "stale (a record cannot be read)"
    finally:
        if place >= 0:
            os.close(place)
    return Fresh(names, entries, solo)


def summary(text_line: str) -> Mapping[str, Any] | None:
    """The summary on one line of a fresh index, or None when the line is damaged past its
    opening (the record is then scored again)."""
    try:
        found = json.loads(text_line)
    except (ValueError, RecursionError):
        return None
    game = found.get("game") if isinstance(found, dict) else None
    return game if isinstance(game, dict) else None


def read_entries(folder: Path, rules: str) -> dict[str, Entry]:
    """Every whole, well-formed line of the index, by record name, whatever state the rest
    is in (a torn or damaged line is skipped: its record is scored again); nothing when the
    index was made by another version or from other rules."""
    text = _read(folder)
    if text is None:
        return {}
    lines = text.split("\n")
    try:
        made = json.loads(lines[0])
    except (ValueError, RecursionError):
        return {}
    if made != json.loads(header(rules)):
        return {}
    found = {}
    for text_line in lines[1:]:
        entry = _entry(text_line)
        if entry is not None:
            found[entry[0]] = entry[1]
    return found


def _entry(text_line: str) -> tuple[str, Entry] | None:
    try:
        raw = json.loads(text_line)
    except (ValueError, RecursionError):
        return None
    if not isinstance(raw, dict):
        return None
    name, game = raw.get("file"), raw.get("game")
    size, mtime_ns, ctime_ns = (raw.get(k) for k in ("size", "mtime_ns", "ctime_ns"))
    if not (isinstance(name, str) and isinstance(game, dict) and type(size) is int
            and type(mtime_ns) is int and type(ctime_ns) is int):
        return None
    return name, Entry((size, mtime_ns, ctime_ns), game)


def write(folder: Path, rules: str, lines: Iterable[str]) -> bool:
    """The whole index anew: written to a temp file beside it, then renamed over it, so a
    reader sees the old index or the new one, never half of one. False (logged) when the
    folder refuses: the list was read all the same, the next one rebuilds again."""
    path = index_path(folder)
    _drop_stale_temps(folder)
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{INDEX_NAME}.", dir=folder)
    except OSError as exc:
        log.info("past games: the index %s cannot be written (%s)", path, exc.strerror or exc)
        return False
    try:
        with os.fdopen(fd, "w", encoding="ascii") as handle:
            handle.write(header(rules) + "\n")
            for text_line in lines:
                handle.write(text_line + "\n")
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except OSError as exc:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        log.info("past games: the index %s cannot be written (%s)", path, exc.strerror or exc)
        return False
    return True


STALE_TEMP_SECONDS = 3600  # a temp index this old is no writer's any more


def _drop_stale_temps(folder: Path) -> None:
    """Temp indexes left by a write cut short (a box stopped while it rebuilt the index):
    one an hour old is no writer's, and goes."""
    now = time.time()
    for stale in folder.glob(f".{INDEX_NAME}.*"):
        with contextlib.suppress(OSError):
            if now - stale.stat().st_mtime > STALE_TEMP_SECONDS:
                stale.unlink()


def append(folder: Path, rules: str, text_line: str) -> bool:
    """One new record's line at the end of a whole index made from these rules (a missing,
    torn or other index is left as it is: the next list rebuilds it). False when not added."""
    path = index_path(folder)
    try:
        with path.open("r+b") as handle:
            if handle.readline().decode("ascii", "replace") != header(rules) + "\n":
                return False
            handle.seek(-1, os.SEEK_END)
            if handle.read(1) != b"\n":
                return False
            handle.write(text_line.encode("ascii") + b"\n")
            handle.flush()
    except (OSError, UnicodeEncodeError):
        return False
    return True
