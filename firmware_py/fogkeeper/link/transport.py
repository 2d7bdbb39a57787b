"""Host-link transport: reads lines from a serial port on a thread and reopens a lost port."""

from __future__ import annotations

import contextlib
import logging
import queue
import threading
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, TypeAlias, cast

import serial
import serial.threaded

from fogkeeper.drivers.serialport import open_port
from fogkeeper.errors import describe_bug
from fogkeeper.link.protocol import (
    MAX_LINE_BYTES,
    ErrorCode,
    LineFramer,
    LinkError,
    Request,
    encode_error,
    parse_line,
)

log = logging.getLogger(__name__)

# Lines waiting for the writer thread; a host that stops reading costs at most this many.
_OUTBOX_LINES = 256
_BITS_PER_BYTE = 10  # 8N1: start bit, 8 data bits, stop bit

# returns False when the box keeps no more waiting requests (the host then gets ``busy``)
LineHandler = Callable[[Request | LinkError], bool | None]
PortOpener = Callable[[str], serial.SerialBase]
if TYPE_CHECKING:
    # ReaderThread is generic only in its type stubs, not at runtime.
    _Reader: TypeAlias = serial.threaded.ReaderThread["_LineProtocol"]


class _LineProtocol(serial.threaded.Protocol):
    """Feeds a LineFramer and hands each parsed line to the server's callback."""

    def __init__(self, server: LinkServer) -> None:
        self._server = server
        self._framer = LineFramer()
        self._hangups = 0
        self._reader: _Reader | None = None

    def connection_made(self, transport: _Reader) -> None:
        self._reader = transport

    def data_received(self, data: bytes) -> None:
        # a pty counts its hosts' hang-ups; the first bytes after one are a new host's
        hangups = getattr(self._reader.serial if self._reader else None, "hangups", 0)
        if hangups != self._hangups:
            self._hangups = hangups
            self._framer = LineFramer()  # half a line of the last host's is dropped
        for item in self._framer.feed(data):
            if isinstance(item, LinkError):
                self._server.deliver(item)
                continue
            try:
                self._server.deliver(parse_line(item))
            except LinkError as refusal:
                self._server.deliver(refusal)

    def connection_lost(self, exc: BaseException | None) -> None:
        if self._reader is not None:
            self._server.reader_ended(self._reader, exc)


class LinkServer:
    """The box's end of the host link: a reader thread, thread-safe send, automatic reopen.

    ``on_line`` runs on the reader thread for every Request or LinkError read; it should
    only enqueue, and return False when its queue is full: the host then gets ``busy`` at
    once. A port that fails is logged once and reopened every ``reopen_seconds`` until
    :meth:`close`. Each opening is a new host: bytes the last one left unread are dropped,
    and replies to its requests (``send(..., host=)``) are never sent to the next.
    """

    def __init__(
        self,
        spec: str,
        on_line: LineHandler,
        *,
        baudrate: int = 115200,
        reopen_seconds: float = 2.0,
        opener: PortOpener | None = None,
    ) -> None:
        self.spec = spec
        self._on_line = on_line
        self._reopen_seconds = reopen_seconds
        # The default reader blocks until data arrives (no timeout), so an idle link costs
        # no wake-ups; ReaderThread's stop() interrupts it through cancel_read(). A write may
        # take twice the wire time of a longest line before the host counts as not reading.
        write_timeout_seconds = max(0.5, 2 * MAX_LINE_BYTES * _BITS_PER_BYTE / baudrate)
        self._opener: PortOpener = opener or (
            lambda s: open_port(
                s,
                baudrate=baudrate,
                timeout_seconds=None,
                write_timeout_seconds=write_timeout_seconds,
            )
        )
        self._lock = threading.Lock()
        self._reader: _Reader | None = None
        self._lost = threading.Event()
        self._closing = threading.Event()
        self._supervisor: threading.Thread | None = None
        self._started = False
        self._outbox: queue.Queue[bytes | None] = queue.Queue(maxsize=_OUTBOX_LINES)
        self._writer = threading.Thread(target=self._write_loop, name="link-writer", daemon=True)
        self._backlogged = False
        self.host = 0  # counts the openings; requests carry the number of theirs

    @property
    def connected(self) -> bool:
        """Whether a port is open and its reader running."""
        reader = self._reader
        return reader is not None and reader.alive

    def start(self) -> None:
        """Open the port and start reading; a malformed spec raises ConfigError.

        A port that cannot be opened yet is logged and retried in the background.
        """
        if self._started:
            raise RuntimeError("LinkServer already started")
        self._started = True
        if not self._try_open(first=True):
            self._lost.set()
        self._writer.start()
        self._supervisor = threading.Thread(target=self._supervise, name="link-reopen", daemon=True)
        self._supervisor.start()

    def send(self, line: bytes, host: int | None = None) -> None:
        """Queue one encoded line for the writer thread; never blocks, never raises.

        Lines sent while no port is open are dropped, and so is a reply whose ``host`` is
        not the one connected now. When the host stops reading and the outbox fills, the
        oldest lines make room (logged once until output flows again), so the reply to the
        host's next request still gets through.
        """
        if self._closing.is_set() or not self.connected:
            return
        if host is not None and host != self.host:
            return
        while True:
            try:
                self._outbox.put_nowait(line)
                return
            except queue.Full:
                self._note_backlog("outbox full")
                with contextlib.suppress(queue.Empty):
                    self._outbox.get_nowait()

    def _write_loop(self) -> None:
        """Writer thread: a stalled host blocks this thread, never the caller of send()."""
        torn = False  # a timed-out write may have left part of a line on the wire
        while (line := self._outbox.get()) is not None:
            reader = self._reader
            if reader is None:
                continue
            try:
                # end a torn line first: glued to it, this line would be lost to the host
                # too (a host quiet for minutes lost its next reply that way)
                reader.write(b"\n" + line if torn else line)
            except serial.SerialTimeoutException:
                torn = True
                self._note_backlog("write timed out")
            except (serial.SerialException, OSError) as exc:
                torn = False  # the next port is a new wire
                self._drop(reader, f"write failed: {exc}")
            else:
                torn = False
                if self._backlogged and self._outbox.empty():
                    self._backlogged = False
                    log.info("link: %s is reading again", self.spec)

    def _note_backlog(self, reason: str) -> None:
        if not self._backlogged:
            self._backlogged = True
            log.warning("link: %s is not reading (%s); dropping output", self.spec, reason)

    def new_host(self) -> None:
        """A new host is on the line: nothing still queued for the last one is sent."""
        with self._lock:
            self._forget_host()

    def _forget_host(self) -> None:
        """(Lock held.) Count a new host and drop what was queued for the last one."""
        self.host += 1
        with contextlib.suppress(queue.Empty):
            while True:
                self._outbox.get_nowait()

    def deliver(self, item: Request | LinkError) -> None:
        """Hand one parsed line to ``on_line``, marked with the host that sent it; a failing
        callback is logged, not fatal."""
        host = self.host
        item = replace(item, host=host) if isinstance(item, Request) else item
        try:
            accepted = self._on_line(item)
        except Exception as exc:  # the reader must survive a bug in the consumer
            # type and place only: a message may quote a secret (see describe_bug)
            log.error("link: line handler failed: %s", describe_bug(exc))
            return
        if accepted is False:
            request_id = item.id if isinstance(item, Request) else item.request_id
            self.send(encode_error(request_id, ErrorCode.BUSY,
                                   "the box is busy; send the request again"), host)

    def reader_ended(self, reader: _Reader, exc: BaseException | None) -> None:
        """Called on the reader thread when its loop stops."""
        reason = f"port error: {exc}" if exc is not None else "port closed"
        self._drop(reader, reason)

    def close(self) -> None:
        """Stop reading, close the port and stop reopening; safe to call twice."""
        self._closing.set()
        self._lost.set()
        with self._lock:
            reader, self._reader = self._reader, None
        if reader is not None:
            self._close_reader(reader)
        self._stop_writer()
        supervisor = self._supervisor
        if supervisor is not None and supervisor is not threading.current_thread():
            supervisor.join(timeout=5.0)

    def _stop_writer(self) -> None:
        if not self._writer.is_alive():
            return
        with contextlib.suppress(queue.Empty):
            while True:
                self._outbox.get_nowait()
        self._outbox.put(None)
        if self._writer is not threading.current_thread():
            self._writer.join(timeout=5.0)

    def _try_open(self, *, first: bool) -> bool:
        try:
            port = self._opener(self.spec)
        except (serial.SerialException, OSError) as exc:
            if first:
                log.warning(
                    "link: cannot open %s: %s; retrying every %.1f s",
                    self.spec,
                    exc,
                    self._reopen_seconds,
                )
            else:
                log.debug("link: reopen of %s failed: %s", self.spec, exc)
            return False
        if hasattr(port, "on_hangup"):
            port.on_hangup = self.new_host  # the pty tells when its host hangs up
        elif not first:
            # a device reopened after a fault: what the last host left unread is not the
            # next one's (a pty is new at each opening and has nothing stale to drop)
            with contextlib.suppress(serial.SerialException, OSError, AttributeError):
                cast(serial.Serial, port).reset_input_buffer()
        reader: _Reader = serial.threaded.ReaderThread(
            cast(serial.Serial, port), lambda: _LineProtocol(self)
        )
        reader.name = "link-reader"
        with self._lock:
            if self._closing.is_set():
                port.close()
                return True
            self._forget_host()  # a reopened port is a new host: the last one's replies stay
            self._reader = reader
            self._lost.clear()
            reader.start()
        log.info("link: listening on %s", self.spec)
        return True

    def _drop(self, reader: _Reader, reason: str) -> None:
        """Forget a failed reader once, close its port and wake the reopen thread."""
        with self._lock:
            if self._reader is not reader:
                return
            self._reader = None
        if not self._closing.is_set():
            log.warning(
                "link: %s lost (%s); reopening every %.1f s",
                self.spec,
                reason,
                self._reopen_seconds,
            )
        self._close_reader(reader)
        self._lost.set()

    @staticmethod
    def _close_reader(reader: _Reader) -> None:
        if reader is threading.current_thread():
            # Its own loop is ending: joining itself is impossible, closing the port is enough.
            reader.alive = False
            reader.serial.close()
        else:
            reader.close()

    def _supervise(self) -> None:
        while True:
            self._lost.wait()
            if self._closing.wait(self._reopen_seconds):
                return
            self._try_open(first=False)
