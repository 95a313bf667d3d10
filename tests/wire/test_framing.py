"""SSE and NDJSON framing: any split of the bytes gives the same events."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from tether.wire.framing import OVERSIZE, NDJSONDecoder, SSEDecoder, sse

STREAM = (
    b": keep-alive comment\n\n"
    b'event: message_start\ndata: {"a": 1}\n\n'
    b'data: {"b": 2}\r\n\r\n'
    b"data: line one\ndata: line two\n\n"
    b'data:{"no_space": true}\n\n'
    b"data: [DONE]\n\n"
)
EXPECTED = [
    ("message_start", b'{"a": 1}'),
    ("", b'{"b": 2}'),
    ("", b"line one\nline two"),
    ("", b'{"no_space": true}'),
    ("", b"[DONE]"),
]


def feed_all(pieces: list[bytes]) -> list[tuple[str, bytes]]:
    decoder = SSEDecoder()
    out = []
    for piece in pieces:
        out += decoder.feed(piece)
    return out + decoder.flush()


def test_whole_stream() -> None:
    assert feed_all([STREAM]) == EXPECTED


@given(st.lists(st.integers(min_value=0, max_value=len(STREAM)), max_size=12))
def test_any_split_gives_the_same_events(cuts: list[int]) -> None:
    points = sorted(set(cuts))
    pieces, last = [], 0
    for p in points:
        pieces.append(STREAM[last:p])
        last = p
    pieces.append(STREAM[last:])
    assert feed_all(pieces) == EXPECTED


def test_crlf_split_between_cr_and_lf() -> None:
    assert feed_all([b"data: x\r", b"\n\r", b"\ndata: y\r\n\r\n"]) == [("", b"x"), ("", b"y")]


def test_unterminated_last_event_is_flushed() -> None:
    assert feed_all([b'data: {"tail": 1}']) == [("", b'{"tail": 1}')]


def test_oversized_event_is_reported_not_buffered_forever() -> None:
    decoder = SSEDecoder()
    out = decoder.feed(b"data: " + b"x" * (9 * 1024 * 1024))
    assert out and out[0][0] == OVERSIZE
    assert decoder.feed(b"\n\ndata: ok\n\n")[-1] == ("", b"ok")


def test_encoder_round_trip() -> None:
    assert feed_all([sse(b"{}", "ping"), sse(b"[DONE]")]) == [("ping", b"{}"), ("", b"[DONE]")]


@given(st.lists(st.integers(min_value=0, max_value=60), max_size=8))
def test_ndjson_any_split(cuts: list[int]) -> None:
    data = b'{"a": 1}\n\n{"b": 2}\n{"c": 3}'
    decoder = NDJSONDecoder()
    out: list[bytes] = []
    last = 0
    for p in sorted(set(c for c in cuts if c <= len(data))):
        out += decoder.feed(data[last:p])
        last = p
    out += decoder.feed(data[last:])
    out += decoder.flush()
    assert out == [b'{"a": 1}', b'{"b": 2}', b'{"c": 3}']


def test_a_whole_reply_past_the_limit_is_not_kept() -> None:
    from tether.messages import Malformed
    from tether.wire.framing import MAX_WHOLE_BYTES, WholeBodyDecoder

    decoded: list[bytes] = []
    decoder = WholeBodyDecoder(lambda body: decoded.append(body) or [])
    piece = b"x" * (1 << 20)
    out = [event for _ in range(MAX_WHOLE_BYTES // len(piece) + 3) for event in decoder.feed(piece)]
    assert len(out) == 3 and all(isinstance(e, Malformed) for e in out)
    assert "larger than 32 MiB" in out[0].problem
    assert decoder.flush() == [] and decoded == []  # nothing was kept to decode
