"""Atomic JSON files on the box's disk: written whole or not at all, damaged ones moved aside.

Everything read from the data folder is bounded: only regular files are read (a FIFO, a
device or a folder in a file's place is moved aside, never opened for reading), at most
``MAX_FILE_BYTES``, and JSON nested at most ``MAX_DEPTH`` deep. A write that the disk refuses
(read-only, full, gone) raises ``StorageError`` naming the file and the reason, and leaves the
previous file whole; the box keeps running and says it cannot save.
"""

from __future__ import annotations

import contextlib
import errno
import fcntl
import json
import logging
import os
import stat
import time
from pathlib import Path
from typing import Any

from fogkeeper.errors import FogkeeperError

log = logging.getLogger(__name__)
MAX_FILE_BYTES = 1 << 20   # a saved game is a few kB; a record tens of kB
MAX_DEPTH = 48             # the deepest document the box writes is about 10 levels


class StorageError(FogkeeperError, OSError):
    """The data folder refused a write; ``reason`` says why in a few words."""

    def __init__(self, path: Path, reason: str) -> None:
        super().__init__(f"cannot save {path.name}: {reason}")
        self.path = path
        self.reason = reason


class FolderInUseError(FogkeeperError):
    """Another box already runs on this data folder."""


def reason_of(exc: OSError) -> str:
    """An OSError in the words a player can act on."""
    # short: the box shows them in its title bar ("NOT SAVED: disk full")
    words = {errno.ENOSPC: "disk full", errno.EROFS: "disk read-only",
             errno.EACCES: "no permission", errno.EPERM: "no permission",
             errno.ENOTDIR: "data folder is a file", errno.EEXIST: "data folder is a file",
             errno.ENOENT: "data folder gone", errno.EDQUOT: "disk quota full",
             errno.EIO: "disk I/O error"}
    return words.get(exc.errno or 0, exc.strerror or type(exc).__name__)


def depth_of(value: Any, limit: int = MAX_DEPTH) -> int:
    """How deep lists and objects nest in ``value``, counted without recursion (stops past
    ``limit``)."""
    deepest = 0
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            children: Any = item.values()
        elif isinstance(item, list | tuple):
            children = item
        else:
            continue
        deepest = max(deepest, depth)
        if deepest > limit:
            return deepest
        stack.extend((child, depth + 1) for child in children)
    return deepest


def encode(data: Any) -> bytes:
    """The bytes ``save`` writes; ValueError for a document too deep or too large to keep."""
    if depth_of(data) > MAX_DEPTH:
        raise ValueError(f"nested more than {MAX_DEPTH} deep")
    payload = json.dumps(data, separators=(",", ":"), sort_keys=True).encode("utf-8")
    if len(payload) > MAX_FILE_BYTES:
        raise ValueError(f"larger than {MAX_FILE_BYTES} bytes")
    return payload


class JsonStore:
    """One JSON document at ``path``; ``save`` survives a pulled plug at any instant."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def save(self, data: Any) -> bytes:
        """Write to a temp file, fsync it, rename it over the old one, fsync the folder;
        returns the bytes written (``encode(data)``).

        StorageError when the disk refuses; the previous file is then still whole.
        """
        payload = encode(data)
        tmp = self.path.with_name(self.path.name + ".tmp")
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_NOFOLLOW, 0o600)
            try:
                # O_CREAT's mode is for a new file only: a temp file a pulled plug left behind
                # keeps its own, and the rename would pass it on (pin.json must stay 0600)
                os.fchmod(fd, 0o600)
                view = memoryview(payload)
                while view:
                    view = view[os.write(fd, view):]
                os.fsync(fd)
            finally:
                os.close(fd)
            self._clear_the_way()
            os.replace(tmp, self.path)
        except OSError as exc:
            with contextlib.suppress(OSError):
                tmp.unlink()
            raise StorageError(self.path, reason_of(exc)) from None
        _fsync_folder(self.path.parent)
        return payload

    def _clear_the_way(self) -> None:
        """A folder, FIFO or device where the file belongs is moved aside, not written over."""
        try:
            mode = os.lstat(self.path).st_mode
        except FileNotFoundError:
            return
        if not stat.S_ISREG(mode):
            self.move_aside("it is not a regular file")

    def load(self) -> Any | None:
        """The stored document, or None when there is none or it could not be read.

        A file that is not a regular file, is too large, is not JSON or nests too deep is
        moved aside (never deleted) with a log line saying so.
        """
        raw = self._read()
        if raw is None:
            return None
        try:
            value = json.loads(raw.decode("utf-8"))
        except (UnicodeDecodeError, ValueError, RecursionError):
            self.move_aside("it is not a JSON document")
            return None
        if depth_of(value) > MAX_DEPTH:
            self.move_aside(f"it is nested more than {MAX_DEPTH} deep")
            return None
        return value

    def _read(self) -> bytes | None:
        try:
            fd = os.open(self.path, os.O_RDONLY | os.O_NONBLOCK | os.O_NOFOLLOW)
        except FileNotFoundError:
            return None
        except OSError as exc:
            if exc.errno in (errno.ELOOP, errno.EISDIR):
                self.move_aside("it is not a regular file")
            else:
                log.warning("cannot read %s (%s); starting without it", self.path,
                            reason_of(exc))
            return None
        try:
            info = os.fstat(fd)
            if not stat.S_ISREG(info.st_mode):
                reason = "it is not a regular file"
            elif info.st_size > MAX_FILE_BYTES:
                reason = f"it is larger than {MAX_FILE_BYTES} bytes"
            else:
                data = os.read(fd, MAX_FILE_BYTES + 1)
                if len(data) <= MAX_FILE_BYTES:
                    return data
                reason = f"it is larger than {MAX_FILE_BYTES} bytes"
        except OSError as exc:
            log.warning("cannot read %s (%s); starting without it", self.path, reason_of(exc))
            return None
        finally:
            os.close(fd)
        self.move_aside(reason)
        return None

    def move_aside(self, reason: str) -> Path | None:
        """Keep a damaged or foreign file for inspection under a new name, and say so."""
        stamp = time.strftime("%Y%m%d-%H%M%S")
        target = self.path.with_name(f"{self.path.name}.bad-{stamp}")
        n = 1
        while os.path.lexists(target):
            n += 1
            target = self.path.with_name(f"{self.path.name}.bad-{stamp}-{n}")
        try:
            os.replace(self.path, target)
        except OSError as exc:
            log.warning("cannot move %s aside (%s)", self.path, reason_of(exc))
            return None
        log.warning("moved %s aside to %s: %s", self.path.name, target.name, reason)
        return target

    def discard(self) -> None:
        try:
            self.path.unlink()
        except FileNotFoundError:
            return
        except OSError as exc:
            raise StorageError(self.path, reason_of(exc)) from None
        _fsync_folder(self.path.parent)


def _fsync_folder(folder: Path) -> None:
    """Make the rename itself durable; some filesystems refuse, which is fine."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


class FolderLock:
    """One box per data folder: an advisory lock on ``.lock``, held while the box runs."""

    def __init__(self, folder: Path) -> None:
        self.path = folder / ".lock"
        self._fd: int | None = None

    def acquire(self) -> None:
        """Take the lock; FolderInUseError when another box holds it. A folder that cannot
        hold the lock file (read-only) is used unlocked: saving will say what is wrong."""
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            fd = os.open(self.path, os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW, 0o600)
        except OSError as exc:
            log.warning("cannot lock the data folder %s (%s)", self.path.parent,
                        reason_of(exc))
            return
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            os.close(fd)
            raise FolderInUseError(
                f"another fogkeeper is already running on the data folder {self.path.parent}; "
                "stop it first, or give this one its own folder (box.data_dir)") from None
        self._fd = fd

    def release(self) -> None:
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None


class Stores:
    """The box's files in its data folder: the session, the settings and the presets."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        from fogkeeper.app.journal import SessionJournal  # it builds on this module's stores

        self.session = SessionJournal(folder)  # session.json and its journal
        self.settings = JsonStore(folder / "settings.json")
        self.presets = JsonStore(folder / "presets.json")
        self.pin = JsonStore(folder / "pin.json")  # a PIN set on the box: its salted hash only
        self._last_settings: Any = None
        self._last_written: Any = None  # the settings object last written (or found equal)
        # why the saved session was set aside at boot, and the file it was kept in; the box
        # says so on its screen (a session is never dropped in silence)
        self.set_aside: tuple[str, Path | None] | None = None

    def load_session(self) -> dict[str, Any] | None:
        """The saved session if this firmware can read it, else None (moved aside)."""
        from fogkeeper.flow.snapshot import SnapshotError, check

        raw = self.session.load()
        if raw is None:
            return None
        try:
            saved = check(raw)
        except SnapshotError as exc:
            self.set_aside_session(str(exc))
            return None
        return saved

    def set_aside_session(self, reason: str) -> Path | None:
        """Keep a session that cannot be resumed under another name, and remember why."""
        kept = self.session.move_aside(reason)
        self.set_aside = (reason, kept)
        return kept

    def save_session(self, data: dict[str, Any] | None) -> None:
        """Keep the session: a line of its journal (a snapshot when one is due)."""
        if data is None:
            self.session.discard()
        else:
            self.session.save(data)

    def compact_session(self, data: dict[str, Any]) -> None:
        """Keep the session as a new snapshot of it all, and start its journal again."""
        self.session.compact(data)

    def load_settings(self) -> dict[str, Any]:
        raw = self.settings.load()
        if raw is not None and not isinstance(raw, dict):
            self.settings.move_aside("it is not a settings document")
            return {}
        self._last_settings = raw
        return raw or {}

    def save_settings(self, settings: Any) -> None:
        if settings is self._last_written:
            return  # the same (frozen) settings as written last: nothing to look at
        data = settings.to_json()
        if data != self._last_settings:
            self.settings.save(data)
            self._last_settings = data
        self._last_written = settings
