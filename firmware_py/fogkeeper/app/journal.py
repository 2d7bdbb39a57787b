"""The session on disk: a snapshot, and a journal of what changed since, one line a save.

A save that rewrote the whole session (tmp file, fsync, rename, fsync of the folder) cost
two fsyncs and the whole document, a few kB to tens of kB, for every press a game keeps;
an SD card takes 10-50 ms a fsync. So a save appends one line to ``session.journal``: the
parts of the session that changed, the way they changed, and one ``fdatasync`` before the
reply. Now and then (every ``COMPACT_EVERY`` lines, or when the box has been idle, or when
it stops) the whole session is written as ``session.json`` the old way, and the journal
starts again from it.

What the journal holds is text, never live objects: the session is cut into *leaves*, the
JSON text of each value at most ``LEAF_DEPTH`` objects down (``{"game": {"state": ...}}``
gives the leaf ``game/state``), and a line says which leaves were set, dropped, or spliced
(a long leaf that grew in its middle, as a game's log does, keeps what did not change).

The journal's first line names the snapshot it goes on from (a CRC of its bytes): a
snapshot written since (a compaction cut short by a pulled plug, or one written by hand)
makes the old journal's lines stale, and they are skipped. Each line carries its own CRC
and number: a torn last line (the plug pulled mid-write, before the reply left) is dropped,
and recovery stops at the first line that does not follow on.
"""

from __future__ import annotations

import contextlib
import errno
import json
import logging
import os
import stat
import zlib
from collections.abc import Iterator
from json.encoder import encode_basestring_ascii
from pathlib import Path
from typing import Any

from fogkeeper.app.store import (
    MAX_DEPTH,
    MAX_FILE_BYTES,
    JsonStore,
    StorageError,
    depth_of,
    encode,
    reason_of,
)

log = logging.getLogger(__name__)
JOURNAL = "session.journal"
HEADER = "fogkeeper-journal 1"
COMPACT_EVERY = 200          # lines; and at most COMPACT_BYTES of them
COMPACT_BYTES = 256 * 1024
LEAF_DEPTH = 4               # objects this deep are cut into leaves; deeper ones are text
SPLICE_AT_LEAST = 256        # a leaf this long that changed is spliced, not written again
PROBE = 48                   # characters of an old middle looked for in the new one
FULL_BELOW_BYTES = 4096      # free space under which the disk counts as full

Path_ = tuple[str, ...]
Leaves = dict[Path_, str]


_ENCODER = json.JSONEncoder(separators=(",", ":"), sort_keys=True)  # made once, not a call
_SCALARS = {True: "true", False: "false", None: "null"}


def _text(value: Any) -> str:
    """A value's JSON text, as ``json.dumps`` would write it (most leaves are one number or
    one word: those without the encoder's round trip)."""
    kind = type(value)
    if kind is str:
        return encode_basestring_ascii(value)
    if kind is int:
        return int.__repr__(value)
    if kind is bool or value is None:
        return _SCALARS[value]
    return _ENCODER.encode(value)


def leaves(document: dict[str, Any]) -> Leaves:
    """The document cut into leaves: each value's JSON text, by its path of keys."""
    out: Leaves = {}
    stack: list[tuple[Path_, dict[str, Any]]] = [((), document)]
    while stack:
        path, node = stack.pop()
        for key, value in node.items():
            here = (*path, str(key))
            if isinstance(value, dict) and value and len(here) < LEAF_DEPTH:
                stack.append((here, value))
            else:
                out[here] = _text(value)
    return out


def whole(parts: Leaves) -> dict[str, Any]:
    """The document the leaves were cut from."""
    document: dict[str, Any] = {}
    for path, text in parts.items():
        node = document
        for key in path[:-1]:
            node = node.setdefault(key, {})
            if not isinstance(node, dict):
                raise ValueError(f"leaf {'/'.join(path)} under a value")
        node[path[-1]] = json.loads(text)
    return document


def _header_of(snapshot: bytes) -> str:
    """The journal's first line: which snapshot (its bytes' CRC) its lines go on from."""
    return f"{HEADER} {zlib.crc32(snapshot):08x}"


def _common_prefix(a: str, b: str) -> int:
    """How many leading characters two texts share: halving, each look comparing (in C)
    only the part not yet known, so a long text costs about twice its length, not that
    times the number of halvings."""
    low, high = 0, min(len(a), len(b))  # a[:low] == b[:low]; no match past high
    if a[:high] == b[:high]:
        return high
    high -= 1
    while low < high:
        middle = (low + high + 1) // 2
        if a[low:middle] == b[low:middle]:
            low = middle
        else:
            high = middle - 1
    return low


def _common_suffix(a: str, b: str, most: int) -> int:
    """How many trailing characters two texts share, at most ``most`` (as _common_prefix)."""
    low, high = 0, most
    if high and a[len(a) - high:] == b[len(b) - high:]:
        return high
    high = max(0, high - 1)
    while low < high:
        middle = (low + high + 1) // 2
        if a[len(a) - middle:len(a) - low] == b[len(b) - middle:len(b) - low]:
            low = middle
        else:
            high = middle - 1
    return low


def _hunks(was: str, text: str, depth: int = 0) -> list[list[Any]]:
    """[start, end, new] hunks (``was`` coordinates, in order) that turn ``was`` into
    ``text``: the common ends kept, then the middles matched at a probe from the old one's
    middle (str.find, in C) and each side done again. A game's log that grew in the middle
    while a field before it and one after it changed costs the three changes, not the log."""
    start = _common_prefix(was, text)
    end = _common_suffix(was, text, min(len(was), len(text)) - start)
    old_middle, new_middle = was[start:len(was) - end], text[start:len(text) - end]
    if depth < 6 and len(old_middle) >= SPLICE_AT_LEAST and len(new_middle) >= SPLICE_AT_LEAST:
        at = len(old_middle) // 2
        probe = old_middle[at:at + PROBE]
        found = _aligned(probe, at, new_middle, len(new_middle) - len(old_middle))
        if found >= 0:
            back = _common_suffix(old_middle[:at], new_middle[:found], min(at, found))
            ahead = _common_prefix(old_middle[at:], new_middle[found:])
            left = _hunks(old_middle[:at - back], new_middle[:found - back], depth + 1)
            right = _hunks(old_middle[at + ahead:], new_middle[found + ahead:], depth + 1)
            shift = at + ahead
            return ([[start + a, start + b, t] for a, b, t in left]
                    + [[start + shift + a, start + shift + b, t] for a, b, t in right])
    if not old_middle and not new_middle:
        return []
    return [[start, len(was) - end, new_middle]]


def _aligned(probe: str, at: int, text: str, grown: int) -> int:
    """Where ``probe`` (from ``at`` in the old text) is in the new one: first where it would
    be if the change came after it (``at``) or before it (``at + grown``), which a log of
    like lines needs (its first look-alike further up would align the wrong lines); else
    anywhere; -1 when not at all or too short to tell."""
    if len(probe) < PROBE:
        return -1
    for where in (at, at + grown):
        if where >= 0 and text.startswith(probe, where):
            return where
    return text.find(probe)


def changes(old: Leaves, new: Leaves) -> list[list[Any]]:
    """What turns ``old`` into ``new``: ["d", path] drops a leaf, ["s", path, text] sets
    one, ["x", path, hunks] puts each hunk's text in place of old[start:end]."""
    ops: list[list[Any]] = [["d", list(path)] for path in old.keys() - new.keys()]
    for path, text in new.items():
        was = old.get(path)
        if was == text:
            continue
        if was is not None and len(text) >= SPLICE_AT_LEAST and len(was) >= SPLICE_AT_LEAST:
            ops.append(["x", list(path), _hunks(was, text)])
        else:
            ops.append(["s", list(path), text])
    return ops


def _spliced(current: str, hunks: Any) -> str:
    """``current`` with each [start, end, text] hunk (in order, not overlapping) put in."""
    if not isinstance(hunks, list):
        raise ValueError("not a splice")
    pieces, at = [], 0
    for hunk in hunks:
        if not (isinstance(hunk, list) and len(hunk) == 3 and isinstance(hunk[0], int)
                and isinstance(hunk[1], int) and isinstance(hunk[2], str)
                and at <= hunk[0] <= hunk[1] <= len(current)):
            raise ValueError("a splice that does not fit")
        pieces += [current[at:hunk[0]], hunk[2]]
        at = hunk[1]
    pieces.append(current[at:])
    return "".join(pieces)


def apply(parts: Leaves, ops: list[Any]) -> None:
    """Change the leaves as a journal line says; ValueError (leaves unchanged) when the
    line does not fit them."""
    done: Leaves = {}
    dropped: set[Path_] = set()
    for op in ops:
        if not isinstance(op, list) or len(op) < 2 or not isinstance(op[1], list):
            raise ValueError("not a change")
        path = tuple(str(key) for key in op[1])
        current = done.get(path, None if path in dropped else parts.get(path))
        if op[0] == "d" and len(op) == 2:
            done.pop(path, None)
            dropped.add(path)
        elif op[0] == "s" and len(op) == 3 and isinstance(op[2], str):
            done[path] = op[2]
            dropped.discard(path)
        elif op[0] == "x" and len(op) == 3 and current is not None:
            done[path] = _spliced(current, op[2])
        else:
            raise ValueError(f"a change that does not fit: {str(op[0])[:8]}")
    for path in dropped:
        parts.pop(path, None)
    parts.update(done)


def _line(body: str) -> bytes:
    return f"{zlib.crc32(body.encode('utf-8')):08x} {body}\n".encode()


def _lines(data: bytes) -> Iterator[tuple[str, int]]:
    """Each whole line whose CRC holds, with the offset after it; stops at the first
    that is torn or damaged."""
    at = 0
    while True:
        end = data.find(b"\n", at)
        if end < 0:
            return
        raw = data[at:end]
        at = end + 1
        crc, _, body = raw.partition(b" ")
        try:
            if int(crc, 16) != zlib.crc32(body):
                return
            yield body.decode("utf-8"), at
        except (ValueError, UnicodeDecodeError):
            return


def _check(document: dict[str, Any], parts: Leaves, ops: list[list[Any]],
           depths: dict[Path_, int]) -> None:
    """ValueError for a session too deep or too large to keep, as a snapshot refuses one.

    Only the leaves that changed are looked at, and a spliced one by its hunks: it is at
    most as deep as before plus the brackets the hunks bring (``depths`` keeps each leaf's
    bound; only a bound past the limit is walked again, to its true depth).
    """
    if sum(map(len, parts.values())) > MAX_FILE_BYTES:
        raise ValueError(f"larger than {MAX_FILE_BYTES} bytes")
    for op in ops:
        path = tuple(op[1])
        if op[0] == "d":
            depths.pop(path, None)
            continue
        bound = None
        if op[0] == "x" and path in depths:
            brought = sum(t.count("[") + t.count("{") for _, _, t in op[2])
            bound = depths[path] + brought
        if bound is None or bound + len(path) > MAX_DEPTH:
            value: Any = document
            for key in path:
                value = value[key]
            bound = depth_of(value)
        if bound + len(path) > MAX_DEPTH:
            raise ValueError(f"nested more than {MAX_DEPTH} deep")
        depths[path] = bound


class SessionJournal:
    """session.json and session.journal, kept and read as one document."""

    def __init__(self, folder: Path) -> None:
        self.snapshot = JsonStore(folder / "session.json")
        self.path = folder / JOURNAL
        self._parts: Leaves | None = None  # the session as on disk, None: not known
        self._base = ""  # the header naming the snapshot the journal goes on from
        self._next = 0  # the number of the next line
        self._bytes = 0
        self._inode: tuple[int, int] | None = None
        self._depths: dict[Path_, int] = {}  # how deep each leaf may be, at most
        self._cut: tuple[dict[str, Any], Leaves] | None = None  # leaves_of's last
        self.lines = 0  # lines since the last snapshot

    # ---- reading ---------------------------------------------------------------------
    def load(self) -> Any | None:
        """The session as last saved: the snapshot with the journal's lines on it."""
        document = self.snapshot.load()
        self._parts = None  # the next save writes a snapshot: the journal starts again
        if not isinstance(document, dict):
            return document
        data = self._read_journal()
        if not data:
            return document
        parts = leaves(document)
        lines = _lines(data)
        header = next(lines, None)
        if header is None or header[0] != self._header_for(document):
            log.info("session.journal goes on from another session.json: not used")
            return document
        applied = 0
        for body, _ in lines:
            try:
                number, ops = json.loads(body)
                if number != applied:
                    break
                apply(parts, ops)
            except (ValueError, TypeError, RecursionError):
                log.warning("session.journal: line %d does not follow on; the session is "
                            "kept as it was before it", applied + 1)
                break
            applied += 1
        if not applied:
            return document
        try:
            replayed = whole(parts)
        except ValueError as exc:
            log.warning("session.journal could not be put together (%s); using the snapshot",
                        exc)
            return document
        if depth_of(replayed) > MAX_DEPTH:
            return document
        return replayed

    def _read_journal(self) -> bytes:
        try:
            fd = os.open(self.path, os.O_RDONLY | os.O_NONBLOCK | os.O_NOFOLLOW)
        except OSError:
            return b""  # none (or one not to be read): the snapshot is the session
        try:
            info = os.fstat(fd)
            if not stat.S_ISREG(info.st_mode) or info.st_size > MAX_FILE_BYTES:
                return b""
            return os.read(fd, MAX_FILE_BYTES)
        except OSError:
            return b""
        finally:
            os.close(fd)

    @staticmethod
    def _header_for(document: Any) -> str:
        return _header_of(encode(document))

    # ---- writing ---------------------------------------------------------------------
    def leaves_of(self, document: dict[str, Any]) -> Leaves:
        """``leaves(document)``, cut once for the save that follows (the box compares them
        before it saves: snapshot.promised)."""
        if self._cut is not None and self._cut[0] is document:
            return self._cut[1]
        parts = leaves(document)
        self._cut = (document, parts)
        return parts

    def save(self, document: dict[str, Any]) -> None:
        """Keep the session: one journal line, or a new snapshot when one is due.

        StorageError when the disk refuses (what was saved before stays whole);
        ValueError when the document itself cannot be kept.
        """
        parts = self.leaves_of(document)
        self._cut = None
        if (self._parts is None or self.lines >= COMPACT_EVERY
                or self._bytes >= COMPACT_BYTES):
            self.compact(document, parts)
            return
        ops = changes(self._parts, parts)
        if not ops:
            return
        _check(document, parts, ops, self._depths)
        line = _line(_text([self._next, ops]))
        if len(line) > COMPACT_BYTES or not self._append(line):
            # a change as large as a snapshot is one (the journal stays under the size the
            # box reads back); a journal not the one begun is begun again
            self.compact(document, parts)
            return
        self._parts = parts
        self._next += 1
        self.lines += 1
        self._bytes += len(line)

    def _append(self, line: bytes) -> bool:
        """Add one line and make it durable; False when the journal is not the one this
        box began (gone, replaced, or its folder with it)."""
        try:
            fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_NOFOLLOW)
        except FileNotFoundError:
            return False
        except OSError as exc:
            if exc.errno == errno.ELOOP:
                return False
            raise StorageError(self.path, reason_of(exc)) from None
        try:
            info = os.fstat(fd)
            if (info.st_dev, info.st_ino) != self._inode or not stat.S_ISREG(info.st_mode):
                return False
            size = info.st_size
            self._refuse_a_full_disk(fd)
            try:
                view = memoryview(line)
                while view:
                    view = view[os.write(fd, view):]
                os.fdatasync(fd)
            except OSError as exc:
                with contextlib.suppress(OSError):
                    os.ftruncate(fd, size)  # no torn line for the next one to follow
                self._parts = None  # whatever is on disk now, the next save starts again
                raise StorageError(self.path, reason_of(exc)) from None
        finally:
            os.close(fd)
        return True

    def _refuse_a_full_disk(self, fd: int) -> None:
        """A disk without room for the next snapshot is full: say so now, not when the
        snapshot is due (a line might still squeeze into the journal's last block)."""
        try:
            room = os.fstatvfs(fd)
        except OSError as exc:
            raise StorageError(self.path, reason_of(exc)) from None
        if room.f_bavail * room.f_frsize < FULL_BELOW_BYTES:
            raise StorageError(self.path, reason_of(OSError(errno.ENOSPC, "disk full")))

    def compact(self, document: dict[str, Any], parts: Leaves | None = None) -> None:
        """Write the whole session as the snapshot and start the journal again from it."""
        self._parts = None
        header = _line(_header_of(self.snapshot.save(document)))  # the bytes encoded once
        try:
            fd = os.open(self.path, os.O_WRONLY | os.O_CREAT | os.O_NOFOLLOW, 0o600)
            try:
                os.fchmod(fd, 0o600)  # it holds what session.json holds: the secrets too
                os.ftruncate(fd, 0)
                os.write(fd, header)
                os.fdatasync(fd)
                info = os.fstat(fd)
            finally:
                os.close(fd)
        except OSError as exc:
            # the snapshot holds the session; a journal not begun makes the next save a
            # snapshot again (the old journal names another snapshot: it is never used)
            raise StorageError(self.path, reason_of(exc)) from None
        self._inode = (info.st_dev, info.st_ino)
        self._depths = {}  # the snapshot was checked whole; leaves are walked as they change
        self._parts = leaves(document) if parts is None else parts
        self._next, self.lines, self._bytes = 0, 0, len(header)

    def move_aside(self, reason: str) -> Path | None:
        kept = self.snapshot.move_aside(reason)
        self._drop_journal()
        return kept

    def discard(self) -> None:
        self.snapshot.discard()
        self._drop_journal()

    def _drop_journal(self) -> None:
        self._parts = None
        try:
            self.path.unlink(missing_ok=True)
        except OSError as exc:
            log.warning("cannot remove %s (%s)", self.path.name, reason_of(exc))
