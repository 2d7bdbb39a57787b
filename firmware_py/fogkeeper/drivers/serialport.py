"""Serial ports for the host link: a device path, a pyserial URL, or a pseudo-terminal (pty:)."""

from __future__ import annotations

import contextlib
import errno
import os
import select
import time
import tty
from collections.abc import Callable
from pathlib import Path
from typing import Any

import serial
import serial.serialposix

from fogkeeper.errors import ConfigError

PTY_PREFIX = "pty:"
# How often a pty with no host attached checks whether one has opened the slave: soon after
# the pty is made or its host left (a host is likeliest to come then: at start-up the bench
# or the simulator's host opens it at once), then less and less often, down to 5 a second.
_HOST_POLL_FIRST_SECONDS = 0.005
_HOST_POLL_SECONDS = 0.2
_PTS_FOLDER = "/dev/pts/"


def open_port(
    spec: str,
    *,
    baudrate: int = 115200,
    timeout_seconds: float | None = 0.2,
    write_timeout_seconds: float | None = 2.0,
) -> serial.SerialBase:
    """Open the box side of a link.

    ``spec`` is a device path (``/dev/serial0``), a pyserial URL (``loop://``,
    ``socket://host:port``, ``spy://…``) or ``pty:PATH``. A malformed spec raises
    ConfigError; a well-formed one that cannot be opened now (device absent, peer down)
    raises ``serial.SerialException`` so that a caller may retry.
    """
    if not spec:
        raise ConfigError("link port spec is empty: give a device path, a URL or pty:PATH")
    settings: dict[str, Any] = {
        "baudrate": baudrate,
        "timeout": timeout_seconds,
        "write_timeout": write_timeout_seconds,
    }
    try:
        if spec.startswith(PTY_PREFIX):
            return PtyMasterSerial(_pty_link_path(spec), **settings)
        if "://" in spec:
            return serial.serial_for_url(spec, **settings)
        return serial.Serial(spec, **settings)
    except (serial.SerialException, ConfigError):
        raise
    except ValueError as exc:
        # pyserial reports an unknown URL scheme or an impossible setting as ValueError.
        raise ConfigError(f"link port {spec!r}: {exc}") from None


def _pty_link_path(spec: str) -> Path:
    text = spec[len(PTY_PREFIX) :]
    if not text:
        raise ConfigError("link port 'pty:' needs a path, for example pty:/tmp/fogkeeper-link")
    path = Path(text).expanduser().absolute()
    if not path.parent.is_dir():
        raise ConfigError(f"link port {spec!r}: folder {str(path.parent)!r} does not exist")
    if path.is_symlink():
        target = os.readlink(path)
        if path.exists() and not target.startswith(_PTS_FOLDER):
            raise ConfigError(
                f"link port {spec!r}: {str(path)!r} links to {target!r}, not to a pty; "
                "remove it or choose another path"
            )
    elif path.exists():
        raise ConfigError(f"link port {spec!r}: {str(path)!r} exists and is not a symlink")
    return path


def _publish_link(path: Path, slave_name: str) -> None:
    """Point ``path`` at ``slave_name`` atomically, replacing a stale link."""
    staging = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    with contextlib.suppress(FileNotFoundError):
        staging.unlink()
    os.symlink(slave_name, staging)
    os.replace(staging, path)


class PtyMasterSerial(serial.serialposix.Serial):
    """The box side of a pseudo-terminal, linked from a path a host opens with pyserial.

    The port is the pty MASTER; its slave (``/dev/pts/N``) is in raw mode and ``link_path``
    points at it. Hosts may open and close the slave at will: while none holds it, reads
    wait quietly and writes are dropped, as on a UART with no cable plugged in.
    """

    def __init__(self, link_path: Path, **settings: Any) -> None:
        self.link_path = link_path
        self.slave_name: str | None = None
        self.hangups = 0  # hosts that have hung up so far: each new count is a new host
        self.on_hangup: Callable[[], None] | None = None  # told on the reader's thread
        self._host_seen = False
        self._poll_seconds = _HOST_POLL_FIRST_SECONDS
        super().__init__(str(link_path), **settings)

    def open(self) -> None:
        """Create a fresh pty pair, configure the master like any pyserial port, link the slave."""
        if self.is_open:
            raise serial.SerialException("port is already open")
        master_fd, slave_fd = os.openpty()
        try:
            tty.setraw(slave_fd)
            slave_name = os.ttyname(slave_fd)
        finally:
            # The box keeps no slave fd: a host opening the link path is then the only reader.
            os.close(slave_fd)
        os.set_blocking(master_fd, False)
        self.fd = master_fd
        try:
            self._reconfigure_port(force_update=True)  # type: ignore[attr-defined]
            self.pipe_abort_read_r, self.pipe_abort_read_w = os.pipe()
            self.pipe_abort_write_r, self.pipe_abort_write_w = os.pipe()
            os.set_blocking(self.pipe_abort_read_r, False)
            os.set_blocking(self.pipe_abort_write_r, False)
            _publish_link(self.link_path, slave_name)
        except BaseException:
            self._release_fds()
            raise
        self.slave_name = slave_name
        self.is_open = True

    def close(self) -> None:
        """Close the master and remove the link path if it still points at this pty."""
        if self.slave_name is not None:
            with contextlib.suppress(OSError):
                if os.readlink(self.link_path) == self.slave_name:
                    self.link_path.unlink()
            self.slave_name = None
        super().close()

    @property
    def host_attached(self) -> bool:
        """Whether some process holds the slave side open."""
        if self.fd is None:
            return False
        poller = select.poll()
        poller.register(self.fd, select.POLLIN)
        return not any(mask & select.POLLHUP for _, mask in poller.poll(0))

    def read(self, size: int = 1) -> bytes:
        """Read like pyserial; with no host attached wait for one (up to the timeout)."""
        timeout = self.timeout
        deadline = None if timeout is None else time.monotonic() + timeout
        while True:
            if self.host_attached:
                self._host_seen = True
                try:
                    return super().read(size)
                except serial.SerialException as exc:
                    # EIO is a host hanging up, even when the next host is already back
                    hung_up = getattr(exc.__context__, "errno", None) == errno.EIO
                    if self.host_attached and not hung_up:
                        raise
                    self._hung_up()
            elif self._host_seen:
                self._hung_up()
            if self._wait_for_host(deadline):
                return b""

    def _hung_up(self) -> None:
        self.hangups += 1
        self._host_seen = False
        self._poll_seconds = _HOST_POLL_FIRST_SECONDS
        if self.on_hangup is not None:
            self.on_hangup()

    def _wait_for_host(self, deadline: float | None) -> bool:
        """Sleep one poll step; True when the read should give up (timeout or cancel)."""
        step = self._poll_seconds
        self._poll_seconds = min(_HOST_POLL_SECONDS, 2 * step)
        if deadline is not None:
            step = max(0.0, min(step, deadline - time.monotonic()))
        cancel_fd = self.pipe_abort_read_r
        if cancel_fd is None:
            raise serial.PortNotOpenError()
        ready, _, _ = select.select([cancel_fd], [], [], step)
        if ready:
            os.read(cancel_fd, 1000)
            return True
        return deadline is not None and time.monotonic() >= deadline

    def write(self, b: Any, /) -> int | None:
        """Write like pyserial; with no host attached the bytes are dropped."""
        if self.is_open and not self.host_attached:
            return memoryview(b).nbytes
        return super().write(b)

    def _release_fds(self) -> None:
        fds = (
            self.fd,
            self.pipe_abort_read_r,
            self.pipe_abort_read_w,
            self.pipe_abort_write_r,
            self.pipe_abort_write_w,
        )
        for fd in fds:
            if fd is not None:
                with contextlib.suppress(OSError):
                    os.close(fd)
        self.fd = None
        self.pipe_abort_read_r = self.pipe_abort_read_w = None
        self.pipe_abort_write_r = self.pipe_abort_write_w = None
