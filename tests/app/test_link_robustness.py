"""Whatever arrives on the link, every line gets one reply and the box keeps answering."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fogkeeper.link.protocol import MAX_LINE_BYTES, LineFramer, LinkError, parse_line
from support.box import BoxHarness

COMMANDS = ["hello", "press", "screen", "state", "timer.start", "timer.pause", "timer.resume",
            "timer.reset", "timer.set", "timer.next", "session.resume", "session.discard",
            "game.start", "game.quit", "corps.state", "corps.guess", "nope", ""]
JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-10**6, 10**6) | st.floats(allow_nan=False)
    | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner,
                                                                max_size=3),
    max_leaves=8)
REQUESTS = st.builds(
    lambda i, cmd, args: json.dumps({"id": i, "cmd": cmd, **args}).encode(),
    st.one_of(st.integers(0, 99), st.text(max_size=5), st.none()),
    st.sampled_from(COMMANDS),
    st.dictionaries(st.sampled_from(["seconds", "players", "button", "hold", "game",
                                     "visual_only", "slot", "token"]), JSON_VALUES,
                    max_size=3))
GARBAGE = st.binary(max_size=300).map(lambda b: b.replace(b"\n", b""))
OVERLONG = st.integers(MAX_LINE_BYTES, MAX_LINE_BYTES + 3000).map(lambda n: b"x" * n)
LINES = st.lists(st.one_of(REQUESTS, GARBAGE, OVERLONG,
                           st.just(b'{"cmd": "hello"'), st.just(b"[1, 2]")), max_size=12)


def run_lines(h: BoxHarness, lines: list[bytes]) -> list[bytes | LinkError]:
    framer = LineFramer()
    items = framer.feed(b"".join(line + b"\n" for line in lines))
    for item in items:
        try:
            parsed: Any = item if isinstance(item, LinkError) else parse_line(item)
        except LinkError as exc:
            parsed = exc
        h.box.step(parsed)
    return items


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(lines=LINES)
def test_every_line_is_answered_and_the_box_still_answers(lines: list[bytes]) -> None:
    with tempfile.TemporaryDirectory() as folder:
        h = BoxHarness(Path(folder))
        items = run_lines(h, lines)
        replies = [line for line in h.link.lines if "event" not in line]
        assert len(replies) == len(items)
        assert all(isinstance(r["ok"], bool) for r in replies)
        assert all(r["error"]["code"] and r["error"]["message"]
                   for r in replies if not r["ok"])
        assert h.request("hello")["ok"] is True
        h.close()


def test_an_overlong_line_is_refused_once_and_the_next_line_served(tmp_path: Path) -> None:
    h = BoxHarness(tmp_path)
    run_lines(h, [b'{"id": 1, "cmd": "hello", "pad": "' + b"x" * 5000 + b'"}',
                  b'{"id": 2, "cmd": "hello"}'])
    codes = [line.get("error", {}).get("code") for line in h.link.lines if "event" not in line]
    assert codes == ["too_long", None]
