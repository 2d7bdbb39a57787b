"""The host client: `fogkeeper link` against a fake box on a pty; replies, events, exit codes."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import serial

from fogkeeper.link.client import main, request
from fogkeeper.link.protocol import (
    ErrorCode,
    LinkError,
    Request,
    encode_error,
    encode_event,
    encode_reply,
)
from fogkeeper.link.transport import LinkServer


class FakeBox:
    """Answers hello, times a turn with events, refuses the rest, ignores 'silent'."""

    def __init__(self, spec: str) -> None:
        self.server = LinkServer(spec, self.on_line, reopen_seconds=0.05)

    def on_line(self, item: Request | LinkError) -> None:
        send = self.server.send
        if isinstance(item, LinkError):
            send(item.to_line())
        elif item.cmd == "hello":
            send(encode_reply(item.id, {"name": "fogkeeper", "protocol": 1}))
        elif item.cmd == "timer.start":
            send(encode_event("screen", {"lines": ["Timer"]}))
            send(encode_reply(item.id, {"seconds": item.args.get("seconds", 60)}))
            send(encode_event("timer.warning", {"seconds_left": 10}))
        elif item.cmd != "silent":
            send(encode_error(item.id, ErrorCode.UNKNOWN_CMD, f"no command {item.cmd!r}"))


@pytest.fixture
def box_spec(tmp_path: Path) -> Iterator[str]:
    spec = f"pty:{tmp_path / 'fk'}"
    box = FakeBox(spec)
    box.server.start()
    yield spec
    box.server.close()


def _lines(text: str) -> list[dict[str, Any]]:
    return [json.loads(line) for line in text.splitlines()]


def test_hello_prints_the_reply_and_exits_0(
    box_spec: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["--port", box_spec, "hello"]) == 0
    out = capsys.readouterr()
    assert _lines(out.out) == [{"id": 1, "ok": True, "name": "fogkeeper", "protocol": 1}]
    assert out.err == ""


def test_arguments_travel_and_events_are_skipped_without_listen(
    box_spec: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["--port", box_spec, "timer.start", '{"seconds": 30}']) == 0
    assert _lines(capsys.readouterr().out) == [{"id": 1, "ok": True, "seconds": 30}]


def test_listen_prints_events_around_the_reply(
    box_spec: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["--port", box_spec, "--listen", "0.5", "timer.start"]) == 0
    messages = _lines(capsys.readouterr().out)
    assert [m.get("event", "reply") for m in messages] == ["screen", "reply", "timer.warning"]


def test_box_error_exits_1(box_spec: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--port", box_spec, "fly"]) == 1
    (reply,) = _lines(capsys.readouterr().out)
    assert reply["error"]["code"] == "unknown_cmd"


def test_port_from_environment(
    box_spec: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("FOGKEEPER_LINK", box_spec)
    assert main(["hello"]) == 0
    assert _lines(capsys.readouterr().out)[0]["name"] == "fogkeeper"


def test_no_reply_exits_3_with_one_message(
    box_spec: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["--port", box_spec, "--timeout", "0.3", "silent"]) == 3
    out = capsys.readouterr()
    assert out.out == ""
    assert "no reply to 'silent'" in out.err
    assert out.err.count("\n") == 1


USAGE_ERRORS = [
    ("JSON not valid", ["hello", "{seconds: 30}"], "not valid JSON"),
    ("JSON not an object", ["hello", "[30]"], "must be an object"),
    ("JSON hides id", ["hello", '{"id": 4}'], "must not contain"),
    ("nothing to do", [], "give a command"),
    ("bad timeout", ["--timeout", "-1", "hello"], "positive"),
    ("unknown option", ["--colour", "red", "hello"], "unrecognized"),
    ("overlong request", ["hello", json.dumps({"pad": "x" * 5000})], "limit"),
]


@pytest.mark.parametrize(("case", "argv", "fragment"), USAGE_ERRORS)
def test_usage_errors_exit_2(
    box_spec: str, capsys: pytest.CaptureFixture[str], case: str, argv: list[str], fragment: str
) -> None:
    assert main(["--port", box_spec, *argv]) == 2
    err = capsys.readouterr().err
    assert fragment in err
    assert "Traceback" not in err


@pytest.mark.parametrize("spec", ["pty:/nonexistent/fk", "/nonexistent/ttyX", "nosuch://x"])
def test_unopenable_port_exits_2(spec: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--port", spec, "hello"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("fogkeeper link: cannot open port")
    assert err.count("\n") == 1


def test_request_collects_events_and_matches_the_id(box_spec: str) -> None:
    with serial.Serial(box_spec.removeprefix("pty:"), timeout=0.1) as port:
        events: list[dict[str, Any]] = []
        reply = request(port, "timer.start", {"seconds": 90}, request_id=42, events=events)
        assert reply == {"id": 42, "ok": True, "seconds": 90}
        assert [event["event"] for event in events] == ["screen"]
        with pytest.raises(TimeoutError, match="no reply to 'silent'"):
            request(port, "silent", timeout_seconds=0.2)
