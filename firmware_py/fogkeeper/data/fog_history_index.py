"""The past games' index, `<data>/fog-history.idx`: each FOG record's summary, kept so that
a list of past games never reads or scores a record twice.

The records folder is the truth, the index only remembers: a line per record, in the order
of the records' names (oldest first), holding the record's name and freshness key (size,
modification and change times) and the summary the list shows. A record whose key no longer
matches, a record the index lacks and a line for a record gone are all found by comparing
the folder's listing with the index, so a damaged, stale or missing index costs a rebuild,
never a lost or hidden game.

The file, JSON lines::

    {"format":"fogkeeper-fog-history-index","version":1,"box":"0.1.0","rules":"<fp>"}
    {"file":"fog-20261201-201500.json","size":2097,"mtime_ns":...,"ctime_ns":...,"mode":"multiplayer","game":{...}}

Every line is written by ``line`` below, keys in that order and ASCII only, so whether a
line is fresh is a comparison of its opening with the one the record's key gives, and a
line's summary is read only when its game is shown (``summary``): opening a list of 10,000
games reads 10,000 file keys, not 10,000 summaries.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import tempfile
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from fogkeeper import __version__

log = logging.getLogger(__name__)

INDEX_NAME = "fog-history.idx"
FORMAT = "fogkeeper-fog-history-index"
VERSION = 1
PREFIX, SUFFIX = "fog-", ".json"     # a FOG record's name, as the box writes it (`fog-*.json`)
MAX_INDEX_BYTES = 64 << 20           # ~200,000 records: a larger file is damaged, not read
SOLO_MODE = "solo"

Key = tuple[int, int, int]           # a record's size, mtime_ns and ctime_ns


@dataclass(frozen=True)
class Listed:
    """One record in the records folder, by name, with its freshness key (None: it could
    not be read, so it is never taken as fresh)."""

    name: str
    key: Key | None


@dataclass(frozen=True)
class Entry:
    """One line of the index, read whole: the record it is for and that record's summary."""

    key: Key
    mode: str
    game: Mapping[str, Any]


def index_path(folder: Path) -> Path:
    return folder / INDEX_NAME


def is_record(name: str) -> bool:
    """A FOG record's file name (``fog-*.json``, as the box lists its records)."""
    return name.startswith(PREFIX) and name.endswith(SUFFIX) and len(name) >= 9


def listing(records: Path) -> list[Listed]:
    """The records folder's FOG records, oldest first (their names are their dates), each
    with its key: one directory read and one stat a record."""
    try:
        names = sorted(n for n in os.listdir(records) if is_record(n))
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


def _name(name: str) -> str:
    """A name as a JSON string, as ``json.dumps`` (ASCII) writes it, without calling it for
    the plain names the box writes (a listing of 10,000 names is on the open's path)."""
    if name.isascii() and name.isprintable() and '"' not in name and "\\" not in name:
        return f'"{name}"'
    return json.dumps(name)


def opening(name: str, key: Key) -> str:
    """How the line of record ``name`` with ``key`` starts (up to its mode)."""
    return (f'{{"file":{_name(name)},"size":{key[0]},"mtime_ns":{key[1]},'
            f'"ctime_ns":{key[2]},"mode":')


def line(name: str, key: Key, mode: str, game: Mapping[str, Any]) -> str:
    """One record's line, as every line of the index is written (see ``opening``)."""
    return (opening(name, key) + json.dumps(mode) + ',"game":'
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
    """An index that matches the folder line for line: each record's line, unread, and
    which of them are solo games (from their openings)."""

    lines: list[str]
    solo: list[int]


def read_fresh(folder: Path, listed: list[Listed], rules: str) -> Fresh | str:
    """The index's lines when every one is the fresh line of the record listed at its place;
    else why not (the rebuild's log says it)."""
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
    if len(entries) != len(listed):
        return f"stale ({len(entries)} lines for {len(listed)} records)"
    solo = []
    solo_mode = json.dumps(SOLO_MODE) + ","
    for at, (text_line, record) in enumerate(zip(entries, listed, strict=True)):
        if record.key is None:
            return f"stale ({record.name} cannot be read)"
        start = opening(record.name, record.key)
        if not text_line.startswith(start):
            return f"stale ({record.name} is not the record it lists)"
        if text_line.startswith(solo_mode, len(start)):
            solo.append(at)
    return Fresh(entries, solo)


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
    name, mode, game = raw.get("file"), raw.get("mode"), raw.get("game")
    key = tuple(raw.get(k) for k in ("size", "mtime_ns", "ctime_ns"))
    if not (isinstance(name, str) and isinstance(mode, str) and isinstance(game, dict)
            and all(isinstance(k, int) and not isinstance(k, bool) for k in key)):
        return None
    return name, Entry((key[0], key[1], key[2]), mode, game)   # type: ignore[arg-type]


def write(folder: Path, rules: str, lines: Iterable[str]) -> bool:
    """The whole index anew: written to a temp file beside it, then renamed over it, so a
    reader sees the old index or the new one, never half of one. False (logged) when the
    folder refuses: the list was read all the same, the next one rebuilds again."""
    path = index_path(folder)
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
