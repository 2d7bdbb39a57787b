"""The small host client: send one command to a running box, print its reply and events."""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections import deque
from collections.abc import Mapping
from typing import Any, TextIO

import serial

from fogkeeper.drivers.serialport import PTY_PREFIX, open_port
from fogkeeper.errors import ConfigError
from fogkeeper.link.protocol import LineFramer, LinkError, decode_object, encode_request

DEFAULT_PORT = "/dev/serial0"
PORT_ENV = "FOGKEEPER_LINK"
# Read in short slices so a deadline is honoured without touching the port's settings again.
_READ_SLICE_SECONDS = 0.05

EXIT_OK = 0
EXIT_BOX_ERROR = 1
EXIT_USAGE = 2
EXIT_NO_REPLY = 3


class HostLink:
    """A host's view of the link: requests out, replies and events in, nothing lost between."""

    def __init__(self, port: serial.SerialBase) -> None:
        self.port = port
        self.port.timeout = _READ_SLICE_SECONDS
        self._framer = LineFramer()
        self._pending: deque[dict[str, Any]] = deque()

    def request(
        self,
        cmd: str,
        args: Mapping[str, Any] | None = None,
        *,
        request_id: int = 1,
        timeout_seconds: float = 5.0,
        events: list[dict[str, Any]] | None = None,
    ) -> dict[str, Any]:
        """Send ``cmd`` and return its reply; events met on the way go to ``events``."""
        self.port.write(encode_request(request_id, cmd, args))
        deadline = time.monotonic() + timeout_seconds
        while True:
            message = self.next_message(deadline - time.monotonic())
            if message is None:
                raise TimeoutError(
                    f"no reply to {cmd!r} (id {request_id}) within {timeout_seconds:g} s "
                    f"on {self.port.port}"
                )
            if _is_reply_to(message, request_id):
                return message
            if "event" in message and events is not None:
                events.append(message)

    def next_message(self, timeout_seconds: float) -> dict[str, Any] | None:
        """The next JSON object the box sent, or None when ``timeout_seconds`` pass first."""
        deadline = time.monotonic() + timeout_seconds
        while not self._pending:
            if time.monotonic() >= deadline:
                return None
            # Every concrete pyserial port has in_waiting; the SerialBase stub does not declare it.
            waiting: int = getattr(self.port, "in_waiting", 0)
            data = self.port.read(waiting or 1)
            for line in self._framer.feed(data):
                if isinstance(line, LinkError):
                    continue
                try:
                    self._pending.append(decode_object(line))
                except LinkError:
                    continue  # not a message: noise on the line is not the box talking
        return self._pending.popleft()


def _is_reply_to(message: Mapping[str, Any], request_id: int) -> bool:
    if "ok" not in message:
        return False
    # A box that could not read our id answers with null; that error is still our answer.
    return message.get("id") == request_id or (
        message.get("id") is None and message.get("ok") is False
    )


def request(
    port: serial.SerialBase,
    cmd: str,
    args: Mapping[str, Any] | None = None,
    *,
    request_id: int = 1,
    timeout_seconds: float = 5.0,
    events: list[dict[str, Any]] | None = None,
) -> dict[str, Any]:
    """Send one command on ``port`` and return the box's reply; TimeoutError if none comes."""
    return HostLink(port).request(
        cmd, args, request_id=request_id, timeout_seconds=timeout_seconds, events=events
    )


def host_port_spec(spec: str) -> str:
    """The path a host opens: for ``pty:PATH`` the box made PATH, so the host opens PATH."""
    return spec[len(PTY_PREFIX) :] if spec.startswith(PTY_PREFIX) else spec


def _positive_seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of seconds: {text!r}") from None
    if not value > 0 or value == float("inf"):
        raise argparse.ArgumentTypeError(f"seconds must be positive: {text!r}")
    return value


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``fogkeeper link``."""
    parser.add_argument(
        "--port",
        metavar="SPEC",
        help=f"device path, pyserial URL or pty:PATH (default: ${PORT_ENV} or {DEFAULT_PORT})",
    )
    parser.add_argument(
        "--timeout", metavar="S", type=_positive_seconds, default=5.0, help="reply timeout"
    )
    parser.add_argument(
        "--listen", metavar="N", type=_positive_seconds, help="then print events for N seconds"
    )
    parser.add_argument("cmd", metavar="CMD", nargs="?", help="command, e.g. hello or press")
    parser.add_argument(
        "json", metavar="JSON", nargs="?", help="arguments, e.g. '{\"seconds\": 30}'"
    )


class _UsageError(Exception):
    """A mistake on the command line; the message goes to stderr, exit status 2."""


def _command_args(text: str | None) -> dict[str, Any]:
    if text is None:
        return {}
    try:
        value = json.loads(text)
    except ValueError:
        raise _UsageError(f"JSON arguments are not valid JSON: {text!r}") from None
    if not isinstance(value, dict):
        raise _UsageError("JSON arguments must be an object, e.g. '{\"seconds\": 30}'")
    if value.keys() & {"id", "cmd"}:
        raise _UsageError("JSON arguments must not contain 'id' or 'cmd'")
    return value


def _print_message(message: Mapping[str, Any], out: TextIO) -> None:
    out.write(json.dumps(message, ensure_ascii=False) + "\n")
    out.flush()


def _converse(link: HostLink, args: argparse.Namespace, command_args: dict[str, Any]) -> int:
    status = EXIT_OK
    if args.cmd is not None:
        events: list[dict[str, Any]] = []
        reply = link.request(args.cmd, command_args, timeout_seconds=args.timeout, events=events)
        for event in events if args.listen else []:
            _print_message(event, sys.stdout)
        _print_message(reply, sys.stdout)
        status = EXIT_OK if reply.get("ok") is True else EXIT_BOX_ERROR
    if args.listen:
        deadline = time.monotonic() + args.listen
        while (left := deadline - time.monotonic()) > 0:
            message = link.next_message(left)
            if message is not None:
                _print_message(message, sys.stdout)
    return status


def _wait_for_pty(spec: str, timeout_seconds: float) -> None:
    """A box started a moment ago makes its ``pty:PATH`` as it starts: give it the reply
    timeout to appear in its folder (the open that follows says what is wrong if not)."""
    if not spec.startswith(PTY_PREFIX):
        return
    path, deadline = host_port_spec(spec), time.monotonic() + timeout_seconds
    folder = os.path.dirname(os.path.abspath(path))
    while (os.path.isdir(folder) and not os.path.exists(path)
           and time.monotonic() < deadline):
        time.sleep(_READ_SLICE_SECONDS)


def run(args: argparse.Namespace) -> int:
    """Carry out ``fogkeeper link``; exit 0 ok, 1 box error, 2 usage or port, 3 no reply."""
    try:
        if args.cmd is None and not args.listen:
            raise _UsageError("give a command (e.g. hello) or --listen SECONDS")
        command_args = _command_args(args.json)
        if args.cmd is not None:
            encode_request(1, args.cmd, command_args)  # refuse an overlong request up front
    except (_UsageError, ValueError) as exc:
        print(f"fogkeeper link: {exc}", file=sys.stderr)
        return EXIT_USAGE
    spec = args.port or os.environ.get(PORT_ENV) or DEFAULT_PORT
    _wait_for_pty(spec, args.timeout)
    try:
        port = open_port(host_port_spec(spec), timeout_seconds=_READ_SLICE_SECONDS)
    except (ConfigError, serial.SerialException, OSError) as exc:
        print(f"fogkeeper link: cannot open port {spec!r}: {exc}", file=sys.stderr)
        return EXIT_USAGE
    try:
        return _converse(HostLink(port), args, command_args)
    except TimeoutError as exc:
        print(f"fogkeeper link: {exc}", file=sys.stderr)
        return EXIT_NO_REPLY
    except (serial.SerialException, OSError) as exc:
        print(f"fogkeeper link: port {spec!r} failed: {exc}", file=sys.stderr)
        return EXIT_NO_REPLY
    finally:
        port.close()


def main(argv: list[str] | None = None) -> int:
    """``fogkeeper link`` as a function returning its exit status (argparse errors give 2)."""
    parser = argparse.ArgumentParser(
        prog="fogkeeper link", description="Send one command to a running fogkeeper box."
    )
    add_arguments(parser)
    try:
        args = parser.parse_args(argv)
    except SystemExit as exit_request:
        return exit_request.code if isinstance(exit_request.code, int) else EXIT_USAGE
    return run(args)


if __name__ == "__main__":
    sys.exit(main())
