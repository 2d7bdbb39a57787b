"""LinkServer: answering over a pty, surviving bad lines, hosts coming and going, lost ports."""

from __future__ import annotations

import json
import logging
import queue
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import serial
from hypothesis import given, settings
from hypothesis import strategies as st
from serial.urlhandler.protocol_loop import Serial as LoopSerial

from fogkeeper.drivers.serialport import open_port
from fogkeeper.errors import ConfigError
from fogkeeper.link.protocol import (
    MAX_LINE_BYTES,
    LinkError,
    Request,
    encode_event,
    encode_reply,
)
from fogkeeper.link.transport import LinkServer


def wait_until(predicate: Callable[[], bool], timeout_seconds: float = 3.0) -> bool:
    deadline = time.monotonic() + timeout_seconds
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(0.01)
    return predicate()


class EchoBox:
    """A box whose every command replies with its name and arguments."""

    def __init__(self, spec: str, **options: Any) -> None:
        self.server = LinkServer(spec, self.on_line, **options)

    def on_line(self, item: Request | LinkError) -> None:
        if isinstance(item, LinkError):
            self.server.send(item.to_line())
        else:
            self.server.send(encode_reply(item.id, {"cmd": item.cmd, "args": dict(item.args)}))


@pytest.fixture
def echo_box(tmp_path: Path) -> Iterator[tuple[EchoBox, Path]]:
    link = tmp_path / "fk"
    box = EchoBox(f"pty:{link}", reopen_seconds=0.05)
    box.server.start()
    yield box, link
    box.server.close()


def ask(host: serial.Serial, line: bytes) -> dict[str, Any]:
    """Send one line and return the next reply, skipping events as a host does."""
    host.write(line)
    while True:
        reply = host.readline()
        assert reply.endswith(b"\n"), f"no reply to {line!r}"
        message: dict[str, Any] = json.loads(reply)
        if "event" not in message:
            return message


def test_requests_are_answered(echo_box: tuple[EchoBox, Path]) -> None:
    box, link = echo_box
    assert box.server.connected
    with serial.Serial(str(link), timeout=3.0) as host:
        assert ask(host, b'{"id":1,"cmd":"hello"}\n') == {
            "id": 1,
            "ok": True,
            "cmd": "hello",
            "args": {},
        }
        reply = ask(host, b'{"id":"b","cmd":"timer.start","seconds":30}\r\n')
        assert (reply["id"], reply["args"]) == ("b", {"seconds": 30})


BAD_LINES = [
    (b"garbage\n", None, "bad_json"),
    (b'{"id":4,"cmd":17}\n', 4, "bad_args"),
    (b"x" * 5000 + b"\n", None, "too_long"),
    (b"\xc3\x28\n", None, "bad_json"),
]


@pytest.mark.parametrize(("line", "request_id", "code"), BAD_LINES)
def test_bad_line_gets_an_error_and_the_box_keeps_answering(
    echo_box: tuple[EchoBox, Path], line: bytes, request_id: Any, code: str
) -> None:
    _, link = echo_box
    with serial.Serial(str(link), timeout=3.0) as host:
        error = ask(host, line)
        assert (error["id"], error["ok"], error["error"]["code"]) == (request_id, False, code)
        assert ask(host, b'{"id":9,"cmd":"state"}\n')["cmd"] == "state"


def test_host_closing_and_reopening(echo_box: tuple[EchoBox, Path]) -> None:
    box, link = echo_box
    for round_number in range(3):
        with serial.Serial(str(link), timeout=3.0) as host:
            reply = ask(host, json.dumps({"id": round_number, "cmd": "hello"}).encode() + b"\n")
            assert reply["id"] == round_number
        box.server.send(b'{"event":"screen"}\n')  # nobody attached: must not block or fail
    assert box.server.connected


class FlakyLoop(LoopSerial):
    """loop:// whose reads or writes fail once the test says the cable was pulled."""

    def __init__(self, pulled: threading.Event, fail_on: str) -> None:
        self.pulled = pulled
        self.fail_on = fail_on
        super().__init__("loop://", timeout=0.05)

    def read(self, size: int = 1) -> bytes:
        if self.fail_on == "read" and self.pulled.is_set():
            raise serial.SerialException("device disconnected")
        return super().read(size)

    def write(self, data: Any) -> int | None:
        if self.fail_on == "write" and self.pulled.is_set():
            raise serial.SerialException("write failed: EIO")
        return super().write(data)


class Opener:
    """Fails ``failures`` times, then hands out FlakyLoop ports."""

    def __init__(self, failures: int, fail_on: str = "read") -> None:
        self.failures = failures
        self.fail_on = fail_on
        self.calls = 0
        self.pulled = threading.Event()
        self.ports: list[FlakyLoop] = []

    def __call__(self, spec: str) -> serial.SerialBase:
        self.calls += 1
        if self.calls <= self.failures:
            raise serial.SerialException(f"could not open port {spec}")
        self.pulled.clear()
        port = FlakyLoop(self.pulled, self.fail_on)
        self.ports.append(port)
        return port


def test_port_absent_at_start_is_opened_when_it_appears() -> None:
    opener = Opener(failures=3)
    server = LinkServer("/dev/ttyGS0", lambda item: None, reopen_seconds=0.05, opener=opener)
    server.start()
    try:
        assert not server.connected
        assert wait_until(lambda: server.connected)
        assert opener.calls == 4
    finally:
        server.close()


@pytest.mark.parametrize("fail_on", ["read", "write"])
def test_pulled_plug_is_logged_once_and_reopened(
    fail_on: str, caplog: pytest.LogCaptureFixture
) -> None:
    received: queue.Queue[Request | LinkError] = queue.Queue()
    opener = Opener(failures=0, fail_on=fail_on)
    server = LinkServer("/dev/ttyGS0", received.put, reopen_seconds=0.02, opener=opener)
    caplog.set_level(logging.DEBUG, logger="fogkeeper.link.transport")
    server.start()
    try:
        assert wait_until(lambda: server.connected)
        opener.failures = opener.calls + 2  # the next two reopen attempts fail too
        opener.pulled.set()
        server.send(b'{"id":1,"cmd":"hello"}\n')  # must not raise, whatever happens
        assert wait_until(lambda: opener.calls >= 4 and server.connected)
        lost = [r for r in caplog.records if "lost" in r.getMessage()]
        assert len(lost) == 1
        assert all("\n" not in r.getMessage() for r in caplog.records)
        # The reopened loop port works: a line sent comes back as a request.
        server.send(b'{"id":2,"cmd":"again"}\n')
        item = received.get(timeout=3.0)
        while isinstance(item, Request) and item.id != 2:
            item = received.get(timeout=3.0)
        assert isinstance(item, Request) and item.cmd == "again"
    finally:
        server.close()


def test_close_is_idempotent_and_stops_reopening() -> None:
    opener = Opener(failures=10**6)
    server = LinkServer("/dev/ttyGS0", lambda item: None, reopen_seconds=0.01, opener=opener)
    server.start()
    assert wait_until(lambda: opener.calls >= 3)
    server.close()
    server.close()
    calls = opener.calls
    time.sleep(0.1)
    assert opener.calls == calls
    assert not server.connected
    server.send(b'{"event":"screen"}\n')  # after close: silently dropped


def test_failing_handler_does_not_stop_the_reader(caplog: pytest.LogCaptureFixture) -> None:
    seen: list[str] = []

    def handler(item: Request | LinkError) -> None:
        assert isinstance(item, Request)
        seen.append(item.cmd)
        if item.cmd == "boom":
            raise RuntimeError("handler bug")

    server = LinkServer("loop://", handler, opener=lambda s: open_port(s, timeout_seconds=0.05))
    server.start()
    try:
        server.send(b'{"cmd":"boom"}\n{"cmd":"after"}\n')
        assert wait_until(lambda: seen == ["boom", "after"])
        assert server.connected
        failed = [r.getMessage() for r in caplog.records if "handler failed" in r.getMessage()]
        assert failed and "RuntimeError" in failed[0]
        assert "handler bug" not in caplog.text  # a message may quote a secret: never logged
    finally:
        server.close()


def test_malformed_spec_fails_at_start() -> None:
    server = LinkServer("pty:", lambda item: None)
    with pytest.raises(ConfigError):
        server.start()
    server.close()


def _lines_in(stream: bytes) -> int:
    """Replies a stream of complete lines must get: one per non-empty or overlong line."""
    segments = stream.split(b"\n")[:-1]
    return sum(1 for s in segments if len(s) + 1 > MAX_LINE_BYTES or s.removesuffix(b"\r"))


_noise = st.lists(
    st.one_of(
        st.binary(max_size=60),
        st.sampled_from([b'{"id":1,"cmd":3}', b'{"id":true,"cmd":"x"}', b"[]", b'{"cmd":"x"}']),
        st.integers(min_value=MAX_LINE_BYTES - 2, max_value=MAX_LINE_BYTES + 300).map(
            lambda n: b"{" * n
        ),
    ),
    max_size=6,
).map(lambda parts: b"\n".join(parts) + b"\n")


def test_every_line_is_answered_and_the_box_keeps_answering(tmp_path: Path) -> None:
    link = tmp_path / "fk"
    box = EchoBox(f"pty:{link}")
    box.server.start()
    host = serial.Serial(str(link), timeout=3.0)
    marker = iter(range(10**9))

    @settings(max_examples=30, deadline=None)
    @given(stream=_noise)
    def exchange(stream: bytes) -> None:
        end_id = f"end-{next(marker)}"
        host.write(stream + json.dumps({"id": end_id, "cmd": "hello"}).encode() + b"\n")
        replies = 0
        while True:
            line = host.readline()
            assert line.endswith(b"\n"), "the box stopped answering"
            if json.loads(line).get("id") == end_id:
                break
            replies += 1
        assert replies == _lines_in(stream)

    try:
        exchange()
    finally:
        host.close()
        box.server.close()


def test_a_host_that_stops_reading_never_blocks_the_sender(
    echo_box: tuple[EchoBox, Path], caplog: pytest.LogCaptureFixture
) -> None:
    box, link = echo_box
    with serial.Serial(str(link), timeout=3.0) as host:
        assert ask(host, b'{"id":0,"cmd":"hello"}\n')["id"] == 0
        started = time.monotonic()
        for turn in range(2000):  # ~450 kB, far beyond what the pty buffers
            box.server.send(encode_event("screen", {"turn": turn, "pad": "x" * 200}))
        assert time.monotonic() - started < 1.0
        not_reading = [r for r in caplog.records if "not reading" in r.getMessage()]
        assert len(not_reading) == 1
        assert ask(host, b'{"id":1,"cmd":"hello"}\n')["id"] == 1


class HeldBox:
    """A box that keeps requests to answer later, as the real loop does, and takes at most
    ``room`` of them before it says it is busy."""

    def __init__(self, spec: str, room: int) -> None:
        self.server = LinkServer(spec, self.on_line, reopen_seconds=0.05)
        self.held: list[Request] = []
        self.room = room

    def on_line(self, item: Request | LinkError) -> bool:
        if isinstance(item, Request):
            if len(self.held) >= self.room:
                return False
            self.held.append(item)
        return True

    def answer_all(self) -> None:
        for request in self.held:
            self.server.send(encode_reply(request.id, {"cmd": request.cmd}), request.host)
        self.held.clear()


def test_a_full_box_answers_busy_at_once_and_takes_requests_again_later(
        tmp_path: Path) -> None:
    box = HeldBox(f"pty:{tmp_path / 'fk'}", room=2)
    box.server.start()
    try:
        with serial.Serial(str(tmp_path / "fk"), timeout=3.0) as host:
            host.write(b'{"id":1,"cmd":"a"}\n{"id":2,"cmd":"b"}\n{"id":3,"cmd":"c"}\n')
            busy = json.loads(host.readline())
            assert (busy["id"], busy["error"]["code"]) == (3, "busy")
            box.answer_all()
            assert [json.loads(host.readline())["id"] for _ in range(2)] == [1, 2]
            host.write(b'{"id":4,"cmd":"d"}\n')
            assert wait_until(lambda: [r.id for r in box.held] == [4])
    finally:
        box.server.close()


def test_a_new_host_gets_neither_the_last_hosts_half_line_nor_its_replies(
        tmp_path: Path) -> None:
    box = HeldBox(f"pty:{tmp_path / 'fk'}", room=100)
    box.server.start()
    try:
        with serial.Serial(str(tmp_path / "fk"), timeout=3.0) as old:
            old.write(b'{"id":"old","cmd":"slow"}\n{"id":"half","cm')  # then it hangs up
            assert wait_until(lambda: [r.id for r in box.held] == ["old"])
        port = box.server._reader.serial  # type: ignore[union-attr]
        assert wait_until(lambda: port.hangups == 1)  # the box noticed the host go
        with serial.Serial(str(tmp_path / "fk"), timeout=1.0) as new:
            assert wait_until(lambda: box.server.connected)
            box.answer_all()  # the reply to "old" is due now, but its host has gone
            new.write(b'{"id":"new","cmd":"hello"}\n')
            assert wait_until(lambda: [r.id for r in box.held] == ["new"]), box.held
            box.answer_all()
            assert json.loads(new.readline()) == {"id": "new", "ok": True, "cmd": "hello"}
    finally:
        box.server.close()


class StallingWire(LoopSerial):
    """A port whose host stopped reading: one write times out halfway (as pyserial's does,
    after writing part of the line), then the host reads again; keeps what reached it."""

    def __init__(self) -> None:
        super().__init__("loop://", timeout=0.05)
        self.wire = bytearray()
        self.stalls = 1

    def write(self, data: Any) -> int | None:
        data = bytes(data)
        if self.stalls and b"screen" in data:
            self.stalls -= 1
            self.wire += data[: len(data) // 2]
            raise serial.SerialTimeoutException("Write timeout")
        self.wire += data
        return len(data)


def test_a_line_torn_by_a_write_timeout_never_swallows_the_next_reply() -> None:
    port = StallingWire()
    server = LinkServer("/dev/ttyGS0", lambda item: True, opener=lambda spec: port)
    server.start()
    try:
        assert wait_until(lambda: server.connected)
        server.send(encode_event("screen", {"lines": ["a long quiet countdown"] * 4}))
        server.send(encode_reply(7, {"screen": "home"}))
        assert wait_until(lambda: b'"id":7' in port.wire)
        time.sleep(0.05)
        lines = bytes(port.wire).split(b"\n")
        assert {"id": 7, "ok": True, "screen": "home"} in [
            json.loads(x) for x in lines if x.startswith(b'{"id"')]
    finally:
        server.close()
