"""Serial ports for the link: loop:// and pty: round trips, link-path handling, bad specs."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
import serial

from fogkeeper.drivers.serialport import PtyMasterSerial, open_port
from fogkeeper.errors import ConfigError


@pytest.fixture
def box_pty(tmp_path: Path) -> Iterator[tuple[serial.SerialBase, Path]]:
    link = tmp_path / "fk"
    port = open_port(f"pty:{link}", timeout_seconds=1.0)
    yield port, link
    port.close()


def test_loop_url_echoes() -> None:
    port = open_port("loop://", timeout_seconds=0.5)
    try:
        port.write(b'{"id":1,"cmd":"hello"}\n')
        assert port.readline() == b'{"id":1,"cmd":"hello"}\n'
    finally:
        port.close()


def test_pty_round_trip_both_ways(box_pty: tuple[serial.SerialBase, Path]) -> None:
    box, link = box_pty
    assert os.readlink(link).startswith("/dev/pts/")
    with serial.Serial(str(link), timeout=1.0) as host:
        host.write(b'{"id":1,"cmd":"hello"}\n')
        assert box.readline() == b'{"id":1,"cmd":"hello"}\n'
        box.write('{"id":1,"ok":true,"name":"Île"}\n'.encode())
        assert host.readline() == '{"id":1,"ok":true,"name":"Île"}\n'.encode()


def test_pty_is_raw_so_bytes_pass_untouched(box_pty: tuple[serial.SerialBase, Path]) -> None:
    box, link = box_pty
    with serial.Serial(str(link), timeout=1.0) as host:
        payload = bytes(range(256)).replace(b"\n", b"") + b"\r\n"
        host.write(payload)
        assert box.read(len(payload)) == payload


def test_host_can_close_and_come_back(box_pty: tuple[serial.SerialBase, Path]) -> None:
    box, link = box_pty
    with serial.Serial(str(link), timeout=1.0) as host:
        host.write(b"first\n")
        assert box.readline() == b"first\n"
    assert box.read(10) == b""  # no host: a quiet timeout, not an error
    box.write(b"nobody listens\n")  # dropped, as on an unplugged UART
    with serial.Serial(str(link), timeout=1.0) as host:
        host.write(b"second\n")
        assert box.readline() == b"second\n"
        box.write(b"answer\n")
        assert host.readline() == b"answer\n"


def test_close_removes_the_link_and_hangs_up(box_pty: tuple[serial.SerialBase, Path]) -> None:
    box, link = box_pty
    host = serial.Serial(str(link), timeout=0.5)
    box.close()
    assert not os.path.lexists(link)
    with pytest.raises(serial.SerialException):
        host.read(1)
    host.close()


def test_stale_link_is_replaced(tmp_path: Path) -> None:
    link = tmp_path / "fk"
    link.symlink_to("/dev/pts/999999")
    port = open_port(f"pty:{link}")
    try:
        assert isinstance(port, PtyMasterSerial)
        assert os.readlink(link) == port.slave_name
    finally:
        port.close()


def test_close_leaves_a_link_taken_over_by_another_box(tmp_path: Path) -> None:
    link = tmp_path / "fk"
    first = open_port(f"pty:{link}")
    second = open_port(f"pty:{link}")
    try:
        first.close()
        assert isinstance(second, PtyMasterSerial)
        assert os.readlink(link) == second.slave_name
    finally:
        second.close()
    assert not os.path.lexists(link)


def _regular_file(tmp_path: Path) -> str:
    path = tmp_path / "notes.txt"
    path.write_text("keep me")
    return f"pty:{path}"


def _foreign_link(tmp_path: Path) -> str:
    path = tmp_path / "serial0"
    path.symlink_to(tmp_path)
    return f"pty:{path}"


BAD_SPECS = [
    ("empty", lambda tmp: "", "empty"),
    ("pty without path", lambda tmp: "pty:", "needs a path"),
    ("pty in missing folder", lambda tmp: f"pty:{tmp}/nope/fk", "does not exist"),
    ("pty over a regular file", _regular_file, "not a symlink"),
    ("pty over a live foreign link", _foreign_link, "not to a pty"),
    ("unknown URL scheme", lambda tmp: "nosuch://x", "nosuch"),
]


@pytest.mark.parametrize(("case", "make_spec", "fragment"), BAD_SPECS)
def test_bad_specs_raise_config_error(
    tmp_path: Path, case: str, make_spec: object, fragment: str
) -> None:
    spec = make_spec(tmp_path)  # type: ignore[operator]
    with pytest.raises(ConfigError, match=fragment):
        open_port(spec)
    if case == "pty over a regular file":
        assert (tmp_path / "notes.txt").read_text() == "keep me"


def test_absent_device_is_a_retryable_serial_error(tmp_path: Path) -> None:
    with pytest.raises(serial.SerialException):
        open_port(str(tmp_path / "ttyNOPE"))


def test_bad_baudrate_is_a_config_error() -> None:
    with pytest.raises(ConfigError):
        open_port("loop://", baudrate=-5)
