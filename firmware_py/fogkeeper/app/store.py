"""Atomic JSON files on the box's disk: written whole or not at all, damaged ones moved aside."""

from __future__ import annotations

import contextlib
import json
import logging
import os
import time
from pathlib import Path
from typing import Any

log = logging.getLogger(__name__)


class JsonStore:
    """One JSON document at ``path``; ``save`` survives a pulled plug at any instant."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def save(self, data: Any) -> None:
        """Write to a temp file, fsync it, rename it over the old one, fsync the folder."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        tmp = self.path.with_name(self.path.name + ".tmp")
        payload = json.dumps(data, separators=(",", ":"), sort_keys=True).encode("utf-8")
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        try:
            os.write(fd, payload)
            os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(tmp, self.path)
        _fsync_folder(self.path.parent)

    def load(self) -> Any | None:
        """The stored document, or None when there is none or it could not be read.

        A file that is not JSON is moved aside (never deleted) with a log line saying so.
        """
        try:
            raw = self.path.read_bytes()
        except FileNotFoundError:
            return None
        except OSError as exc:
            log.warning("cannot read %s (%s); starting without it", self.path, exc.strerror)
            return None
        try:
            return json.loads(raw.decode("utf-8"))
        except (UnicodeDecodeError, json.JSONDecodeError):
            self.move_aside("it is not a JSON document")
            return None

    def move_aside(self, reason: str) -> Path | None:
        """Keep a damaged or foreign file for inspection under a new name, and say so."""
        stamp = time.strftime("%Y%m%d-%H%M%S")
        target = self.path.with_name(f"{self.path.name}.bad-{stamp}")
        try:
            os.replace(self.path, target)
        except OSError as exc:
            log.warning("cannot move %s aside (%s)", self.path, exc.strerror)
            return None
        log.warning("moved %s aside to %s: %s", self.path.name, target.name, reason)
        return target

    def discard(self) -> None:
        with contextlib.suppress(FileNotFoundError):
            self.path.unlink()
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


class Stores:
    """The box's two files in its data folder: the session and the settings."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.session = JsonStore(folder / "session.json")
        self.settings = JsonStore(folder / "settings.json")
        self.presets = JsonStore(folder / "presets.json")
        self._last_settings: Any = None

    def load_session(self) -> dict[str, Any] | None:
        """The saved session if it is one this firmware can resume, else None (moved aside)."""
        from fogkeeper.flow.snapshot import SnapshotError, check, worth_offering

        raw = self.session.load()
        if raw is None:
            return None
        try:
            saved = check(raw)
        except SnapshotError as exc:
            self.session.move_aside(str(exc))
            return None
        return saved if worth_offering(saved) else None

    def save_session(self, data: dict[str, Any] | None) -> None:
        if data is None:
            self.session.discard()
        else:
            self.session.save(data)

    def load_settings(self) -> dict[str, Any]:
        raw = self.settings.load()
        if raw is not None and not isinstance(raw, dict):
            self.settings.move_aside("it is not a settings document")
            return {}
        self._last_settings = raw
        return raw or {}

    def save_settings(self, settings: Any) -> None:
        data = settings.to_json()
        if data != self._last_settings:
            self.settings.save(data)
            self._last_settings = data
