"""Host-link protocol: UTF-8 JSON objects, one per LF-terminated line; pure, no I/O."""

from __future__ import annotations

import json
import logging
from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum, StrEnum
from types import MappingProxyType
from typing import Any, TypeVar

from fogkeeper.errors import FogkeeperError

MAX_LINE_BYTES = 4096
"""Longest line either side may send, counting every byte up to and including the LF."""

_MAX_CONTENT_BYTES = MAX_LINE_BYTES - 1
# What a reply's result may take so that any id that can be echoed still fits (64
# characters, each at most 6 bytes escaped, and the reply's own keys): a command whose reply
# can grow pages it within this room (see ``fitting``).
RESULT_ROOM = MAX_LINE_BYTES - 1 - (2 + 6 * 64) - len('{"id":,"ok":true}')
_RESERVED_REQUEST_KEYS = frozenset({"id", "cmd"})
MAX_DEPTH = 16  # lists and objects in a request nest at most this deep (a key file needs 4)
MAX_ID_CHARS = 64  # a string id is echoed in the reply: it must leave room for the reply
MAX_ID_INT = 2**63  # an integer id is at most this big either way (a 64-bit host counter)

log = logging.getLogger(__name__)
RequestId = int | str | None
_T = TypeVar("_T")
_E = TypeVar("_E", bound=Enum)


class ErrorCode(StrEnum):
    """Why the box refused a line; sent as ``error.code`` in a failed reply."""

    BAD_JSON = "bad_json"
    TOO_LONG = "too_long"
    UNKNOWN_CMD = "unknown_cmd"
    BAD_ARGS = "bad_args"
    BAD_REQUEST = "bad_request"  # an id the box cannot echo: answered with "id": null
    NOT_NOW = "not_now"
    LOCKED = "locked"
    BUSY = "busy"          # the box has more requests waiting than it keeps; send again later
    NOT_SAVED = "not_saved"  # done, but the disk refused it: a pulled plug would lose it
    INTERNAL = "internal"


class LinkError(FogkeeperError):
    """A line or a command the box refuses; becomes one error reply on the link."""

    def __init__(self, code: ErrorCode, message: str, request_id: RequestId = None) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message
        self.request_id = request_id

    def with_id(self, request_id: RequestId) -> LinkError:
        """The same refusal addressed to ``request_id`` (handlers raise without knowing it)."""
        return LinkError(self.code, self.message, request_id)

    def to_line(self) -> bytes:
        """The error reply line for this refusal."""
        return encode_error(self.request_id, self.code, self.message)


@dataclass(frozen=True)
class Request:
    """One command from the host; ``args`` holds every key but ``id`` and ``cmd``."""

    id: RequestId
    cmd: str
    args: Mapping[str, Any]
    host: int = 0  # which connection sent it: a reply is never sent to a later host


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def decode_object(line: bytes) -> dict[str, Any]:
    """One line (LF or CR LF optional) as a JSON object, or LinkError bad_json / too_long."""
    content = line.removesuffix(b"\n").removesuffix(b"\r")
    if len(content) > _MAX_CONTENT_BYTES:
        raise LinkError(ErrorCode.TOO_LONG, f"line longer than {MAX_LINE_BYTES} bytes")
    try:
        value = json.loads(content.decode("utf-8"), parse_constant=_reject_constant)
    except UnicodeDecodeError:
        raise LinkError(ErrorCode.BAD_JSON, "line is not UTF-8") from None
    except (ValueError, RecursionError):
        # The message never echoes the line: it may hold a PIN or other private input.
        raise LinkError(ErrorCode.BAD_JSON, "line is not valid JSON") from None
    if not isinstance(value, dict):
        raise LinkError(ErrorCode.BAD_JSON, "line must be a JSON object")
    return value


def _is_text(value: str) -> bool:
    """Whether ``value`` is Unicode text that UTF-8 can carry (no lone surrogate, which
    JSON's ``\\ud800`` escapes can make): only such a string can be echoed or saved."""
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _shape_problem(value: object) -> str | None:
    """Why a decoded line cannot be taken (nested too deep, or a string that is not text),
    checked without recursion; None when it can."""
    stack: list[tuple[object, int]] = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, str):
            if not _is_text(item):
                return "line holds a string that is not Unicode text (a lone surrogate)"
            continue
        if isinstance(item, dict):
            children: list[object] = [*item.keys(), *item.values()]
        elif isinstance(item, list):
            children = item
        else:
            continue
        if depth > MAX_DEPTH:
            return f"line nests lists or objects more than {MAX_DEPTH} deep"
        stack.extend((child, depth + 1) for child in children)
    return None


def _is_request_id(value: object) -> bool:
    return (
        value is None
        or isinstance(value, str)
        or (isinstance(value, int) and not isinstance(value, bool))
    )


def _echoable(value: RequestId) -> bool:
    """Whether a reply can carry ``value`` back as its id."""
    if isinstance(value, str):
        return len(value) <= MAX_ID_CHARS and _is_text(value)
    return value is None or -MAX_ID_INT <= value <= MAX_ID_INT


def parse_line(line: bytes) -> Request:
    """Read one request line; raise LinkError carrying the id whenever it could be read."""
    obj = decode_object(line)
    request_id = obj.get("id")
    if not _is_request_id(request_id):
        raise LinkError(ErrorCode.BAD_ARGS, "'id' must be an integer, a string or null")
    if not _echoable(request_id):
        raise LinkError(ErrorCode.BAD_REQUEST, f"'id' cannot be echoed: a string id is "
                        f"Unicode text of at most {MAX_ID_CHARS} characters, an integer id "
                        f"at most 2^63 either way; nothing was done")
    problem = _shape_problem(obj)
    if problem is not None:
        raise LinkError(ErrorCode.BAD_JSON, problem, request_id)
    cmd = obj.get("cmd")
    if not isinstance(cmd, str) or not cmd:
        raise LinkError(ErrorCode.BAD_ARGS, "'cmd' must be a non-empty string", request_id)
    args = {key: value for key, value in obj.items() if key not in _RESERVED_REQUEST_KEYS}
    return Request(id=request_id, cmd=cmd, args=MappingProxyType(args))


# made once: json.dumps with options of its own makes a new encoder at every call, and a
# running clock's screen event is encoded every second
_LINE = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False, allow_nan=False)


def _encode(obj: Mapping[str, Any]) -> bytes:
    text = _LINE.encode(obj)
    line = text.encode("utf-8") + b"\n"
    if len(line) > MAX_LINE_BYTES:
        raise ValueError(f"encoded line is {len(line)} bytes, over the {MAX_LINE_BYTES} limit")
    return line


def _merge(head: dict[str, Any], body: Mapping[str, Any]) -> dict[str, Any]:
    clash = head.keys() & body.keys()
    if clash:
        raise ValueError(f"reserved keys in the body: {sorted(clash)}")
    return head | dict(body)


def result_bytes(result: Mapping[str, Any]) -> int:
    """How many bytes ``result`` takes in a reply line (without the id and ``ok``)."""
    return len(_LINE.encode(result).encode("utf-8", "replace"))


def fitting(result: Mapping[str, Any], entries: list[Any], put: Any,
            room: int = RESULT_ROOM) -> list[Any]:
    """The longest head of ``entries`` that ``put(result, head)`` keeps within ``room``
    bytes: a page of a growing list cut by bytes, so its reply always fits a line."""
    low, high = 0, len(entries)
    while low < high:  # the longest head that fits
        mid = (low + high + 1) // 2
        if result_bytes(put(result, entries[:mid])) <= room:
            low = mid
        else:
            high = mid - 1
    return entries[:low]


def encode_request(request_id: RequestId, cmd: str, args: Mapping[str, Any] | None = None) -> bytes:
    """A request line as the host sends it."""
    return _encode(_merge({"id": request_id, "cmd": cmd}, args or {}))


def encode_reply(request_id: RequestId, result: Mapping[str, Any]) -> bytes:
    """A successful reply line: ``{"id":…,"ok":true,…result}``. Never raises: a result that
    cannot be a line (over MAX_LINE_BYTES, not JSON) is a bug, logged and answered as
    ``internal``; the replies that can grow are paged or bounded by their commands."""
    request_id = request_id if _echoable(request_id) else None
    try:
        return _encode(_merge({"id": request_id, "ok": True}, result))
    except (ValueError, TypeError, UnicodeEncodeError, RecursionError) as exc:
        log.error("a reply could not be sent as a line: %s", str(exc)[:200])
        return encode_error(request_id, ErrorCode.INTERNAL,
                            "done, but the reply did not fit in a line (a fault in the box, "
                            "logged); ask for the state again")


def encode_error(request_id: RequestId, code: ErrorCode, message: str) -> bytes:
    """A failed reply line: ``{"id":…,"ok":false,"error":{"code":…,"message":…}}``. Never
    raises: an id that cannot be echoed becomes null, a message that does not fit is cut."""
    if not _echoable(request_id):
        request_id = None
    if not _is_text(message):
        message = message.encode("utf-8", "replace").decode("utf-8")
    head = {"id": request_id, "ok": False, "error": {"code": str(code), "message": ""}}
    room = MAX_LINE_BYTES - len(_encode(head))
    if len(json.dumps(message, ensure_ascii=False).encode("utf-8")) - 2 > room:
        message = _shorten(message, room)
    return _encode({**head, "error": {"code": str(code), "message": message}})


def _shorten(message: str, room: int) -> str:
    """``message`` cut so that, JSON-escaped, it fits ``room`` bytes, ending in an ellipsis."""
    low, high = 0, len(message)
    while low < high:  # the longest prefix that fits with the ellipsis
        mid = (low + high + 1) // 2
        cut = message[:mid] + "…"
        if len(json.dumps(cut, ensure_ascii=False).encode("utf-8")) - 2 <= room:
            low = mid
        else:
            high = mid - 1
    return message[:low] + "…"


def encode_event(name: str, payload: Mapping[str, Any]) -> bytes:
    """An unsolicited event line: ``{"event":name,…payload}``. Never raises: an event that
    cannot be a line is a bug, logged, and sent as ``{"event":name,"too_long":true}`` so the
    host still learns that it happened."""
    try:
        return _encode(_merge({"event": name}, payload))
    except (ValueError, TypeError, UnicodeEncodeError, RecursionError) as exc:
        log.error("event %s could not be sent as a line: %s", name[:64], str(exc)[:200])
        return _encode({"event": name[:64] if _is_text(name) else "?", "too_long": True})


class LineFramer:
    """Cuts a byte stream into lines, holding at most one partial line of bounded size."""

    def __init__(self) -> None:
        self._buffer = bytearray()
        self._discarding = False

    @property
    def buffered_bytes(self) -> int:
        """Bytes of the partial line held back until its LF arrives."""
        return len(self._buffer)

    def feed(self, data: bytes) -> list[bytes | LinkError]:
        """Complete lines (LF and one trailing CR removed, empty ones skipped) and overflows."""
        out: list[bytes | LinkError] = []
        start = 0
        while start < len(data):
            newline = data.find(b"\n", start)
            end = len(data) if newline < 0 else newline
            self._take(data[start:end], out)
            if newline < 0:
                break
            if not self._discarding:
                line = bytes(self._buffer).removesuffix(b"\r")
                if line:
                    out.append(line)
            self._buffer.clear()
            self._discarding = False
            start = newline + 1
        return out

    def _take(self, chunk: bytes, out: list[bytes | LinkError]) -> None:
        if self._discarding:
            return
        if len(self._buffer) + len(chunk) > _MAX_CONTENT_BYTES:
            # One error per overlong line; its tail up to the next LF is dropped unseen.
            out.append(LinkError(ErrorCode.TOO_LONG, f"line longer than {MAX_LINE_BYTES} bytes"))
            self._buffer.clear()
            self._discarding = True
            return
        self._buffer += chunk


# Argument checks for command handlers. Messages name the field and the expected kind,
# never the value received: arguments may carry a PIN.

_KIND_NAMES: dict[type, str] = {
    bool: "a boolean",
    int: "an integer",
    float: "a number",
    str: "a string",
    list: "a list",
    dict: "an object",
}


def _matches(value: object, kind: type) -> bool:
    if kind is float:
        return isinstance(value, int | float) and not isinstance(value, bool)
    if kind is int and isinstance(value, bool):
        return False
    return isinstance(value, kind)


def require(args: Mapping[str, Any], name: str, kind: type[_T]) -> _T:
    """The argument ``name`` as ``kind`` (an int is accepted as a float), else bad_args."""
    if name not in args:
        raise LinkError(ErrorCode.BAD_ARGS, f"missing argument '{name}'")
    value = args[name]
    if not _matches(value, kind):
        expected = _KIND_NAMES.get(kind, kind.__name__)
        raise LinkError(ErrorCode.BAD_ARGS, f"argument '{name}' must be {expected}")
    return kind(value) if kind is float else value  # type: ignore[call-arg]


def optional(args: Mapping[str, Any], name: str, kind: type[_T], default: _T) -> _T:
    """Like :func:`require`, but ``default`` when the argument is absent."""
    return require(args, name, kind) if name in args else default


def choice(args: Mapping[str, Any], name: str, options: type[_E]) -> _E:
    """The argument ``name`` as a member of the enum ``options`` (by value), else bad_args."""
    raw = require(args, name, str)
    for member in options:
        if member.value == raw:
            return member
    allowed = ", ".join(str(member.value) for member in options)
    raise LinkError(ErrorCode.BAD_ARGS, f"argument '{name}' must be one of: {allowed}")


def reject_unknown(args: Mapping[str, Any], allowed: frozenset[str]) -> None:
    """bad_args naming the first argument outside ``allowed``."""
    for name in sorted(args.keys() - allowed):
        raise LinkError(ErrorCode.BAD_ARGS, f"unknown argument '{name}'")
