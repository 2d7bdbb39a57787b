"""Host-link protocol: parsing requests, encoding replies/events, argument checks."""

from __future__ import annotations

import json
from enum import StrEnum
from typing import Any

import pytest

from fogkeeper.errors import FogkeeperError
from fogkeeper.link.protocol import (
    MAX_LINE_BYTES,
    ErrorCode,
    LinkError,
    Request,
    choice,
    decode_object,
    encode_error,
    encode_event,
    encode_reply,
    encode_request,
    optional,
    parse_line,
    reject_unknown,
    require,
)

PARSE_OK: list[tuple[bytes, Request]] = [
    (b'{"id":7,"cmd":"hello"}', Request(7, "hello", {})),
    (b'{"id":"a-1","cmd":"press","button":"up"}\n', Request("a-1", "press", {"button": "up"})),
    (b'{"cmd":"state"}\r\n', Request(None, "state", {})),
    (b'{"id":null,"cmd":"timer.set","seconds":90}', Request(None, "timer.set", {"seconds": 90})),
    (
        '{"id":1,"cmd":"say","text":"Île brumeuse ☁"}'.encode(),
        Request(1, "say", {"text": "Île brumeuse ☁"}),
    ),
    (b'  {"id": 2 , "cmd" : "hello" }  ', Request(2, "hello", {})),
    (b'{"id":3,"cmd":"x","nested":{"a":[1,2]}}', Request(3, "x", {"nested": {"a": [1, 2]}})),
]


@pytest.mark.parametrize(("line", "expected"), PARSE_OK)
def test_parse_line_ok(line: bytes, expected: Request) -> None:
    request = parse_line(line)
    assert (request.id, request.cmd, dict(request.args)) == (
        expected.id,
        expected.cmd,
        dict(expected.args),
    )


def test_request_args_are_read_only() -> None:
    request = parse_line(b'{"id":1,"cmd":"press","button":"up"}')
    with pytest.raises(TypeError):
        request.args["button"] = "down"  # type: ignore[index]


PARSE_FAIL: list[tuple[bytes, ErrorCode, Any]] = [
    (b"not json", ErrorCode.BAD_JSON, None),
    (b"\xff\xfe{}", ErrorCode.BAD_JSON, None),
    (b"[1,2]", ErrorCode.BAD_JSON, None),
    (b'"hello"', ErrorCode.BAD_JSON, None),
    (b"null", ErrorCode.BAD_JSON, None),
    (b'{"id":1,"cmd":"x","v":NaN}', ErrorCode.BAD_JSON, None),
    (b'{"id":1,"cmd":"x"', ErrorCode.BAD_JSON, None),
    # too deep for the parser itself (no id then) or, where the interpreter's parser goes
    # deeper (3.13), for the box's own depth check (the id read): bad_json either way
    (b'{"id":1,"cmd":"x","v":' + b"[" * 1900 + b"]" * 1900 + b"}", ErrorCode.BAD_JSON,
     (None, 1)),
    (b'{"id":5}', ErrorCode.BAD_ARGS, 5),
    (b'{"id":"q","cmd":3}', ErrorCode.BAD_ARGS, "q"),
    (b'{"id":6,"cmd":""}', ErrorCode.BAD_ARGS, 6),
    (b'{"id":6,"cmd":null}', ErrorCode.BAD_ARGS, 6),
    (b'{"id":true,"cmd":"hello"}', ErrorCode.BAD_ARGS, None),
    (b'{"id":1.5,"cmd":"hello"}', ErrorCode.BAD_ARGS, None),
    (b'{"id":[1],"cmd":"hello"}', ErrorCode.BAD_ARGS, None),
    (b'{"id":1,"cmd":"x","pad":"' + b"a" * MAX_LINE_BYTES + b'"}', ErrorCode.TOO_LONG, None),
]


@pytest.mark.parametrize(("line", "code", "request_id"), PARSE_FAIL)
def test_parse_line_fail(line: bytes, code: ErrorCode, request_id: Any) -> None:
    with pytest.raises(LinkError) as caught:
        parse_line(line)
    ids = request_id if isinstance(request_id, tuple) else (request_id,)
    assert caught.value.code == code and caught.value.request_id in ids
    assert isinstance(caught.value, FogkeeperError)


def test_error_messages_never_echo_the_line() -> None:
    with pytest.raises(LinkError) as caught:
        parse_line(b'{"pin": "4711", oops')
    assert "4711" not in caught.value.message


def test_limit_counts_the_lf() -> None:
    body = b'{"cmd":"x","p":"'
    pad = MAX_LINE_BYTES - 1 - len(body) - 2
    fits = body + b"a" * pad + b'"}'
    assert len(fits + b"\n") == MAX_LINE_BYTES
    assert parse_line(fits + b"\n").cmd == "x"
    with pytest.raises(LinkError) as caught:
        parse_line(body + b"a" * (pad + 1) + b'"}\n')
    assert caught.value.code is ErrorCode.TOO_LONG


ENCODE_CASES: list[tuple[bytes, dict[str, Any]]] = [
    (encode_reply(7, {"name": "fogkeeper"}), {"id": 7, "ok": True, "name": "fogkeeper"}),
    (encode_reply("x", {}), {"id": "x", "ok": True}),
    (
        encode_error(None, ErrorCode.BAD_JSON, "line is not valid JSON"),
        {
            "id": None,
            "ok": False,
            "error": {"code": "bad_json", "message": "line is not valid JSON"},
        },
    ),
    (
        encode_error(3, ErrorCode.LOCKED, "enter the Guardian PIN"),
        {"id": 3, "ok": False, "error": {"code": "locked", "message": "enter the Guardian PIN"}},
    ),
    (
        encode_event("timer.warning", {"seconds_left": 10}),
        {"event": "timer.warning", "seconds_left": 10},
    ),
    (
        encode_request(4, "timer.start", {"seconds": 30}),
        {"id": 4, "cmd": "timer.start", "seconds": 30},
    ),
]


@pytest.mark.parametrize(("line", "decoded"), ENCODE_CASES)
def test_encoded_lines_are_one_compact_json_object(line: bytes, decoded: dict[str, Any]) -> None:
    assert line.endswith(b"\n")
    assert line.count(b"\n") == 1
    assert b'", "' not in line and b'": ' not in line  # compact separators
    assert json.loads(line) == decoded
    assert decode_object(line) == decoded


def test_encoding_is_compact_utf8() -> None:
    line = encode_event("screen", {"lines": ["Île ☁", "a b"]})
    assert line == '{"event":"screen","lines":["Île ☁","a b"]}\n'.encode()


def test_reply_round_trips_through_the_host_parser() -> None:
    request = parse_line(encode_request("r9", "press", {"button": "key1", "hold": True}))
    assert (request.id, request.cmd, dict(request.args)) == (
        "r9",
        "press",
        {"button": "key1", "hold": True},
    )


REPLY_BUGS: list[tuple[str, Any]] = [
    ("overlong reply", lambda: encode_reply(1, {"png": "A" * MAX_LINE_BYTES})),
    ("reply hides id", lambda: encode_reply(1, {"id": 2})),
    ("reply hides ok", lambda: encode_reply(1, {"ok": False})),
    ("NaN", lambda: encode_reply(1, {"v": float("nan")})),
    ("lone surrogate in a result", lambda: encode_reply(1, {"v": "\ud800"})),
    ("not JSON at all", lambda: encode_reply(1, {"v": object()})),
]
EVENT_BUGS: list[tuple[str, Any]] = [
    ("overlong event", lambda: encode_event("screen", {"png": "A" * MAX_LINE_BYTES})),
    ("event hides name", lambda: encode_event("a", {"event": "b"})),
    ("lone surrogate in an event", lambda: encode_event("a", {"v": "\udfff"})),
]


def _one_line(line: bytes) -> dict[str, Any]:
    assert line.endswith(b"\n") and line.count(b"\n") == 1 and len(line) <= MAX_LINE_BYTES
    decoded: dict[str, Any] = json.loads(line)
    return decoded


@pytest.mark.parametrize(("case", "encode"), REPLY_BUGS)
def test_a_reply_the_box_got_wrong_is_still_one_line_saying_internal(case: str,
                                                                    encode: Any) -> None:
    got = _one_line(encode())
    assert got["id"] == 1 and got["ok"] is False and got["error"]["code"] == "internal"


@pytest.mark.parametrize(("case", "encode"), EVENT_BUGS)
def test_an_event_the_box_got_wrong_is_still_one_line_naming_it(case: str, encode: Any) -> None:
    got = _one_line(encode())
    assert got["too_long"] is True and got["event"] in ("screen", "a")


@pytest.mark.parametrize("request_id", ["\ud800", "\udfff", "x" * 4000, 10**200, -(10**30)])
def test_an_id_that_cannot_be_echoed_is_refused_with_a_null_id(request_id: Any) -> None:
    line = json.dumps({"id": request_id, "cmd": "timer.start", "seconds": 45}).encode()
    with pytest.raises(LinkError) as refused:
        parse_line(line)
    assert refused.value.code is ErrorCode.BAD_REQUEST and refused.value.request_id is None
    got = _one_line(refused.value.to_line())
    assert got["id"] is None and got["error"]["code"] == "bad_request"


def test_a_lone_surrogate_anywhere_in_a_request_is_bad_json_before_any_handler() -> None:
    for line in (b'{"id":1,"cmd":"fogsite.setup","maze":"\\ud800"}',
                 b'{"id":1,"cmd":"press","\\udc00":1}'):
        with pytest.raises(LinkError) as refused:
            parse_line(line)
        assert refused.value.code is ErrorCode.BAD_JSON and refused.value.request_id == 1


def test_an_error_reply_with_an_unsendable_id_or_message_is_still_one_line() -> None:
    got = _one_line(encode_error("\ud800", ErrorCode.NOT_NOW, "why \udfff"))
    assert got["id"] is None and got["error"]["code"] == "not_now"


def test_link_error_with_id_and_line() -> None:
    refusal = LinkError(ErrorCode.NOT_NOW, "no timer is running").with_id(12)
    assert refusal.request_id == 12
    assert json.loads(refusal.to_line()) == {
        "id": 12,
        "ok": False,
        "error": {"code": "not_now", "message": "no timer is running"},
    }


def test_every_error_code_has_its_wire_name() -> None:
    assert {code.value for code in ErrorCode} == {
        "bad_json",
        "too_long",
        "unknown_cmd",
        "bad_args",
        "bad_request",
        "not_now",
        "locked",
        "busy",
        "not_saved",
        "internal",
    }


@pytest.mark.parametrize("message", ["x" * MAX_LINE_BYTES, 'é"\\' * MAX_LINE_BYTES])
def test_an_error_reply_never_grows_past_the_line_limit(message: str) -> None:
    line = encode_error("a-long-request-id", ErrorCode.UNKNOWN_CMD, message)
    assert len(line) <= MAX_LINE_BYTES
    sent = json.loads(line)["error"]["message"]
    assert sent.endswith("…") and message.startswith(sent[:-1]) and len(sent) > 1000


def test_a_request_nested_too_deep_is_refused_before_any_handler_sees_it() -> None:
    deep = b'{"id":1,"cmd":"fog.setup","v":' + b"[" * 17 + b"]" * 17 + b"}"
    with pytest.raises(LinkError, match="more than 16 deep") as refused:
        parse_line(deep)
    assert refused.value.code is ErrorCode.BAD_JSON and refused.value.request_id == 1
    fits = b'{"id":1,"cmd":"fog.setup","v":' + b"[" * 15 + b"]" * 15 + b"}"
    assert parse_line(fits).cmd == "fog.setup"


class _Colour(StrEnum):
    RED = "red"
    BLUE = "blue"


ARGS = {"button": "up", "seconds": 30, "hold": True, "ratio": 0.5, "name": "Ann", "colour": "red"}

REQUIRE_OK: list[tuple[str, type, Any]] = [
    ("button", str, "up"),
    ("seconds", int, 30),
    ("seconds", float, 30.0),
    ("ratio", float, 0.5),
    ("hold", bool, True),
]


@pytest.mark.parametrize(("name", "kind", "expected"), REQUIRE_OK)
def test_require_ok(name: str, kind: type, expected: Any) -> None:
    value: Any = require(ARGS, name, kind)
    assert value == expected
    assert type(value) is kind


REQUIRE_FAIL: list[tuple[str, type, str]] = [
    ("missing", str, "missing argument 'missing'"),
    ("seconds", str, "argument 'seconds' must be a string"),
    ("hold", int, "argument 'hold' must be an integer"),
    ("hold", float, "argument 'hold' must be a number"),
    ("ratio", int, "argument 'ratio' must be an integer"),
    ("name", bool, "argument 'name' must be a boolean"),
]


@pytest.mark.parametrize(("name", "kind", "message"), REQUIRE_FAIL)
def test_require_fail_names_field_and_kind(name: str, kind: type, message: str) -> None:
    with pytest.raises(LinkError) as caught:
        require(ARGS, name, kind)
    assert (caught.value.code, caught.value.message) == (ErrorCode.BAD_ARGS, message)
    assert str(ARGS.get(name)) not in caught.value.message


def test_optional_uses_default_only_when_absent() -> None:
    assert optional(ARGS, "absent", int, 60) == 60
    assert optional(ARGS, "seconds", int, 60) == 30
    with pytest.raises(LinkError):
        optional(ARGS, "name", int, 60)


def test_choice() -> None:
    assert choice(ARGS, "colour", _Colour) is _Colour.RED
    with pytest.raises(LinkError) as caught:
        choice({"colour": "green"}, "colour", _Colour)
    assert caught.value.message == "argument 'colour' must be one of: red, blue"


def test_reject_unknown() -> None:
    reject_unknown({"button": "up"}, frozenset({"button", "hold"}))
    with pytest.raises(LinkError) as caught:
        reject_unknown({"button": "up", "zz": 1, "aa": 2}, frozenset({"button"}))
    assert caught.value.message == "unknown argument 'aa'"
