"""A real `fogkeeper run --sim --link pty:...` process and a pyserial connection to it."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import serial


class BoxProcess:
    """A running `fogkeeper run` process and a pyserial connection to its link."""

    def __init__(self, folder: Path, pin: str = "",
                 program: Sequence[str] = (sys.executable, "-m", "fogkeeper"),
                 env: Mapping[str, str] | None = None) -> None:
        """``program`` is how fogkeeper is started (another install's script, say), with
        ``env`` as its environment (None: this one's)."""
        folder.mkdir(parents=True, exist_ok=True)
        self.link_path = folder / "link"
        # a killed box leaves its link behind, maybe still pointing at a live pty: never open
        # that one, wait for the new box's own
        self.link_path.unlink(missing_ok=True)
        config = folder / "box.toml"
        config.write_text(f'[storage]\ndata_dir = "{folder / "data"}"\n'
                          '[screen]\nshift_every_seconds = 0\n'
                          f'[security]\npin = "{pin}"\n', encoding="utf-8")
        self.process = subprocess.Popen(
            [*program, "run", "--sim", "--config", str(config),
             "--link", f"pty:{self.link_path}"],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
            env=None if env is None else dict(env))
        deadline = time.monotonic() + 20
        while not self.link_path.exists():
            assert self.process.poll() is None, self.process.stderr.read().decode()  # type: ignore[union-attr]
            assert time.monotonic() < deadline, "the box did not open its link"
            time.sleep(0.05)
        self.port = serial.Serial(str(self.link_path), timeout=0.2)
        self.events: list[dict[str, Any]] = []
        self.next_id = 0
        self._partial = b""

    def request(self, cmd: str, **args: Any) -> dict[str, Any]:
        self.next_id += 1
        self.port.write(json.dumps({"id": self.next_id, "cmd": cmd, **args}).encode() + b"\n")
        return self.wait_for(lambda line: line.get("id") == self.next_id)

    def wait_for(self, match: Any, timeout: float = 30.0) -> dict[str, Any]:
        """The first line from the box that ``match`` accepts; events on the way are kept.

        A read that times out mid-line keeps its bytes for the next read: a line is parsed
        only once its LF has arrived (a loaded machine splits lines).
        """
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            self._partial += self.port.readline()
            if not self._partial.endswith(b"\n"):
                continue
            raw, self._partial = self._partial, b""
            line = json.loads(raw)
            if "event" in line:
                self.events.append(line)
            if match(line):
                return line
        raise AssertionError("no matching line from the box in time")

    def kill(self) -> None:
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=10)
        self.port.close()

    def stop(self) -> int:
        self.port.close()
        self.process.send_signal(signal.SIGTERM)
        return self.process.wait(timeout=10)
