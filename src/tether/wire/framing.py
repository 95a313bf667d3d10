"""Byte framing shared by the formats: server-sent events and newline-delimited JSON."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
from typing import Any

import orjson

from tether.messages import ErrorFrame, Malformed, ReasoningDelta, TextDelta, ToolCallDelta

# A single event larger than this is not a model stream any more: report it, drop the buffer.
MAX_EVENT_BYTES = 8 * 1024 * 1024

OVERSIZE = "!oversize"
# How much of a body is kept until its first event, to say what a body that had none was.
HEAD_BYTES = 4096


class SSEDecoder:
    """Splits a byte stream into `(event, data)` pairs.

    Written for speed on the hot path: splits on blank lines in bytes and hands `data` to
    orjson as bytes. Handles CRLF, comments (`: ping`), multi-line data and chunks that split
    anywhere, including inside a CRLF.
    """

    __slots__ = ("_buf", "keepalives")

    def __init__(self) -> None:
        self._buf = b""
        self.keepalives = 0  # blocks without data or an event name (comments: `: ping`)

    def feed(self, chunk: bytes) -> list[tuple[str, bytes]]:
        buf = self._buf + chunk if self._buf else chunk
        if b"\r" in buf:
            held = buf.endswith(b"\r")
            if held:
                buf = buf[:-1]
            buf = buf.replace(b"\r\n", b"\n").replace(b"\r", b"\n")
            if held:
                buf += b"\r"
        if b"\n\n" not in buf:
            if len(buf) > MAX_EVENT_BYTES:
                self._buf = b""
                return [(OVERSIZE, buf[:200])]
            self._buf = buf
            return []
        blocks = buf.split(b"\n\n")
        self._buf = blocks.pop()
        out: list[tuple[str, bytes]] = []
        for block in blocks:
            item = _parse_block(block)
            if item is not None:
                out.append(item)
            else:
                self.keepalives += 1
        return out

    def flush(self) -> list[tuple[str, bytes]]:
        """Whatever a stream left without its final blank line."""
        rest, self._buf = self._buf.rstrip(b"\r\n"), b""
        item = _parse_block(rest) if rest else None
        return [item] if item is not None else []


class SSEEventDecoder(ABC):
    """The client side of an SSE wire format: bytes in, neutral events out. A format says
    what one event means (`_decode`); the framing, the feeding and the flushing are here.

    `blank_events` counts the data events in a row that meant nothing (empty deltas): an
    upstream that keeps a stream alive with them makes no progress, unlike one that sends
    keep-alives (comments, `ping` events), which reset the count. `said` tells whether the last
    chunk fed carried any event that said something: keep-alives alone keep a stream from
    being silent, not from being stuck (a relay that pings while its own upstream hangs)."""

    __slots__ = ("_head", "_sse", "blank_events", "said")

    def __init__(self) -> None:
        self._sse = SSEDecoder()
        self.blank_events = 0
        self.said = False
        # The bytes before the first event (None once one came): a body that never was an event
        # stream (a JSON error, a plain-text page sent with HTTP 200) is told as what it said.
        self._head: bytes | None = b""

    def feed(self, chunk: bytes) -> list[Any]:
        out: list[Any] = []
        sse = self._sse
        keepalives = sse.keepalives
        said_any = False
        pairs = sse.feed(chunk)
        if self._head is not None:
            self._head = None if pairs else (self._head + chunk)[:HEAD_BYTES]
        for event, data in pairs:
            before = len(out)
            self._decode(event, data, out)
            # the usual case first: one text delta; then any event that says something, then pings
            if (len(out) > before and not _blank(out[-1])) or any(
                not _blank(e) for e in out[before:]
            ):
                said_any = True
                self.blank_events = 0
            elif event == "ping":
                self.blank_events = 0
            else:
                self.blank_events += 1
        if sse.keepalives != keepalives:
            self.blank_events = 0
        self.said = said_any
        return out

    def flush(self) -> list[Any]:
        out: list[Any] = []
        pairs = self._sse.flush()
        for event, data in pairs:
            self._decode(event, data, out)
        if not pairs and self._head and self._head.strip() and not self._sse.keepalives:
            out.append(not_a_stream(self._head))
        return out

    @abstractmethod
    def _decode(self, event: str, data: bytes, out: list[Any]) -> None:
        """Append the events one `(event, data)` pair means to `out`."""


def _blank(event: Any) -> bool:
    """An event that carries nothing: an empty text, reasoning or tool-call delta."""
    kind = type(event)
    if kind is TextDelta:
        return not event.text
    if kind is ReasoningDelta:
        return not (event.text or event.signature)
    if kind is ToolCallDelta:
        return not (event.arguments or event.id or event.name)
    return False


def not_a_stream(head: bytes) -> Any:
    """What a body that was no event stream said: the error of a JSON error object, else the
    body's start as a `Malformed` event (never silence: the reader learns what came back)."""
    text = head.strip()
    try:
        body = orjson.loads(text)
    except orjson.JSONDecodeError:
        body = None
    error = body.get("error") if isinstance(body, dict) else None
    if error:
        if isinstance(error, dict):
            code = error.get("code") or error.get("type") or ""
            return ErrorFrame(str(error.get("message") or error), str(code))
        return ErrorFrame(str(error))
    start = text[:300].decode("utf-8", "replace")
    return Malformed(
        text[:500].decode("utf-8", "replace"), f"the reply is not an event stream: {start}"
    )


def json_event(
    event: str, data: bytes, out: list[Any], what: str = "event"
) -> dict[str, Any] | None:
    """An SSE event's JSON object; or None, with the `Malformed` that says why appended to
    `out` (too large, not JSON, not an object). `what` names the thing in that message."""
    if event == OVERSIZE:
        out.append(Malformed(data.decode("utf-8", "replace"), "event larger than 8 MiB"))
        return None
    try:
        body = orjson.loads(data)
    except orjson.JSONDecodeError as exc:
        out.append(Malformed(data[:500].decode("utf-8", "replace"), f"not JSON: {exc}"))
        return None
    if not isinstance(body, dict):
        out.append(Malformed(data[:500].decode("utf-8", "replace"), f"{what} is not an object"))
        return None
    return body


def _parse_block(block: bytes) -> tuple[str, bytes] | None:
    if block.startswith(b"data: ") and b"\n" not in block:  # the common case: one data line
        return "", block[6:]
    event = ""
    data: list[bytes] = []
    for line in block.split(b"\n"):
        if line.startswith(b"data:"):
            value = line[5:]
            data.append(value[1:] if value.startswith(b" ") else value)
        elif line.startswith(b"event:"):
            event = line[6:].strip().decode("utf-8", "replace")
    if not data and not event:
        return None
    return event, b"\n".join(data)


def sse(data: bytes, event: str = "") -> bytes:
    """One server-sent event."""
    if event:
        return b"event: " + event.encode() + b"\ndata: " + data + b"\n\n"
    return b"data: " + data + b"\n\n"


# A whole (unstreamed) reply larger than this is not a model's reply: it is not kept.
MAX_WHOLE_BYTES = 4 * MAX_EVENT_BYTES


class WholeBodyDecoder:
    """A reply that is not streamed: the bytes gathered, then the whole body decoded at once
    (`decode_body`: a format's body to the events its stream would have carried). Past
    MAX_WHOLE_BYTES nothing more is kept: each further chunk is a `Malformed`, so the guard
    drops an endless body as a flood of them."""

    __slots__ = ("_decode", "_parts", "_size")

    def __init__(self, decode_body: Callable[[bytes], list[Any]]) -> None:
        self._decode = decode_body
        self._parts: list[bytes] = []
        self._size = 0

    def feed(self, chunk: bytes) -> list[Any]:
        self._size += len(chunk)
        if self._size > MAX_WHOLE_BYTES:
            self._parts = []
            problem = f"a whole reply larger than {MAX_WHOLE_BYTES >> 20} MiB"
            return [Malformed(chunk[:200].decode("utf-8", "replace"), problem)]
        self._parts.append(chunk)
        return []

    def flush(self) -> list[Any]:
        body, self._parts = b"".join(self._parts), []
        if self._size > MAX_WHOLE_BYTES:
            return []
        return self._decode(body)


def json_body(body: bytes) -> tuple[Any, str]:
    """A whole reply's JSON object, or None and what is wrong with it ("" for no body at all:
    the judge finds nothing in it)."""
    if not body.strip():
        return None, ""
    try:
        value = orjson.loads(body)
    except orjson.JSONDecodeError as exc:
        return None, f"the body is not JSON: {exc}"
    if not isinstance(value, dict):
        return None, "the body is not a JSON object"
    return value, ""


class NDJSONDecoder:
    """Splits a byte stream into lines (Ollama's native streaming format)."""

    __slots__ = ("_buf",)

    def __init__(self) -> None:
        self._buf = b""

    def feed(self, chunk: bytes) -> list[bytes]:
        buf = self._buf + chunk if self._buf else chunk
        newline = buf.find(b"\n")
        if 0 <= newline == len(buf) - 1:  # the common case: exactly one whole line
            self._buf = b""
            line = buf[:-1]
            return [line] if line.strip() else []
        if newline < 0:
            if len(buf) > MAX_EVENT_BYTES:
                self._buf = b""
                return [buf[:200]]
            self._buf = buf
            return []
        lines = buf.split(b"\n")
        self._buf = lines.pop()
        return [line for line in lines if line.strip()]

    def flush(self) -> list[bytes]:
        rest, self._buf = self._buf.strip(), b""
        return [rest] if rest else []
