"""LineFramer: lines from any chunking of a stream, bounded buffer, one error per overlong line."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fogkeeper.link.protocol import MAX_LINE_BYTES, ErrorCode, LineFramer, LinkError, parse_line

Item = bytes | LinkError


def _describe(items: list[Item]) -> list[bytes | str]:
    return [item.code.value if isinstance(item, LinkError) else item for item in items]


FRAMER_CASES: list[tuple[str, list[bytes], list[bytes | str]]] = [
    ("one line", [b'{"cmd":"a"}\n'], [b'{"cmd":"a"}']),
    ("CR LF", [b"abc\r\n"], [b"abc"]),
    ("only one CR stripped", [b"abc\r\r\n"], [b"abc\r"]),
    ("empty lines ignored", [b"\n\r\n\nx\n\n"], [b"x"]),
    ("split across feeds", [b"ab", b"c\nde", b"f\n"], [b"abc", b"def"]),
    ("LF alone in a chunk", [b"abc", b"\n"], [b"abc"]),
    ("partial kept", [b"abc"], []),
    ("several in one chunk", [b"a\nb\nc\n"], [b"a", b"b", b"c"]),
    ("longest line fits", [b"x" * (MAX_LINE_BYTES - 1) + b"\n"], [b"x" * (MAX_LINE_BYTES - 1)]),
    (
        "longest CR LF line fits",
        [b"x" * (MAX_LINE_BYTES - 2) + b"\r\n"],
        [b"x" * (MAX_LINE_BYTES - 2)],
    ),
    ("one byte over", [b"x" * MAX_LINE_BYTES + b"\nok\n"], ["too_long", b"ok"]),
    (
        "overlong in pieces: one error, tail dropped",
        [b"y" * 3000, b"y" * 3000, b"y" * 3000, b"tail\nnext\n"],
        ["too_long", b"next"],
    ),
    ("overlong reported before its LF", [b"z" * (MAX_LINE_BYTES + 10)], ["too_long"]),
    (
        "two overlong lines",
        [b"a" * 5000 + b"\n" + b"b" * 5000 + b"\nc\n"],
        ["too_long", "too_long", b"c"],
    ),
]


@pytest.mark.parametrize(("case", "chunks", "expected"), FRAMER_CASES)
def test_framer(case: str, chunks: list[bytes], expected: list[bytes | str]) -> None:
    framer = LineFramer()
    out: list[Item] = []
    for chunk in chunks:
        out.extend(framer.feed(chunk))
        assert framer.buffered_bytes < MAX_LINE_BYTES
    assert _describe(out) == expected


def test_framer_recovers_after_overflow_mid_stream() -> None:
    framer = LineFramer()
    assert _describe(framer.feed(b"x" * 5000)) == ["too_long"]
    assert framer.feed(b"still the same line") == []
    assert framer.feed(b"\n") == []
    assert _describe(framer.feed(b'{"cmd":"hello"}\n')) == [b'{"cmd":"hello"}']


def _expected_count(stream: bytes) -> int:
    """What one complete pass should yield: one item per non-empty or overlong line."""
    *complete, partial = stream.split(b"\n")
    count = 0
    for segment in complete:
        if len(segment) + 1 > MAX_LINE_BYTES or segment.removesuffix(b"\r"):
            count += 1
    return count + (1 if len(partial) >= MAX_LINE_BYTES else 0)


_segments = st.one_of(
    st.binary(max_size=40),
    st.sampled_from([b"", b"\r", b'{"id":1,"cmd":"x"}', b"\xff\xfe", b"[1]", b"null"]),
    st.integers(min_value=MAX_LINE_BYTES - 3, max_value=2 * MAX_LINE_BYTES).map(lambda n: b"q" * n),
)
_streams = st.lists(_segments, max_size=12).map(b"\n".join)


@settings(max_examples=150, deadline=None)
@given(stream=_streams, cuts=st.lists(st.integers(min_value=0, max_value=20000), max_size=8))
def test_any_chunking_yields_one_item_per_line_with_bounded_buffer(
    stream: bytes, cuts: list[int]
) -> None:
    framer = LineFramer()
    out: list[Item] = []
    bounds = [0, *sorted(cut % (len(stream) + 1) for cut in cuts), len(stream)]
    for start, end in itertools.pairwise(bounds):
        out.extend(framer.feed(stream[start:end]))
        assert framer.buffered_bytes < MAX_LINE_BYTES
    assert len(out) == _expected_count(stream)
    assert _describe(out) == _describe(LineFramer().feed(stream))


@settings(max_examples=200, deadline=None)
@given(data=st.binary(max_size=9000))
def test_random_bytes_never_raise_and_every_line_parses_or_refuses(data: bytes) -> None:
    framer = LineFramer()
    for item in framer.feed(data):
        if isinstance(item, LinkError):
            assert item.code is ErrorCode.TOO_LONG
            continue
        try:
            request = parse_line(item)
        except LinkError as refusal:
            assert refusal.code in {ErrorCode.BAD_JSON, ErrorCode.BAD_ARGS, ErrorCode.TOO_LONG}
        else:
            assert isinstance(request.cmd, str)
    assert framer.buffered_bytes < MAX_LINE_BYTES
