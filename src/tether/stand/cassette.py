"""Cassettes: a provider's reply recorded as it came off the wire, replayed byte for byte.

A stand model with `cassette: FILE` answers every request with the recorded bytes instead of a
scripted turn, so tether's adapters can be tested on real, messy output (arguments split in
mid-token, keep-alive comments, reasoning between text, usage-only chunks, odd finish reasons).

The file is JSON Lines. The first line is the header, every other line one chunk as received:

    {"cassette": 1, "api": "openai", "note": "gpt-4o via a proxy, 2 parallel tool calls"}
    {"raw": "data: {\\"choices\\":[{\\"index\\":0,\\"delta\\":{\\"role\\":"}
    {"raw": "\\"assistant\\"}}]}\\n\\n"}
    {"raw": ": keep-alive\\n\\n", "delay_s": 0.02}
    {"b64": "ZGF0YTogW0RPTkVdCgo="}

Header keys: `cassette` (the format version, 1), `api` (`openai`, `anthropic` or `ollama`: the
endpoint that may replay it; another endpoint gets a 400 naming the right one), and optionally
`status` (HTTP status, default 200), `content_type` (default: the API's streaming type) and
`note`. Chunk keys: `raw` (text, sent as UTF-8) or `b64` (any bytes, base64), and optionally
`delay_s` (a pause before the chunk is sent). Lines that are blank or start with `#` are skipped.
Chunks are sent as separate writes, in order. A cassette model serves the same bytes to every
request: it takes no turns and no faults of its own, and the script's faults pass it by.
"""

from __future__ import annotations

import base64
import binascii
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import orjson

from tether.errors import ScriptError
from tether.messages import Turn, TurnBuilder

FORMAT_VERSION = 1
APIS = ("openai", "anthropic", "ollama")
MEDIA_TYPES = {
    "openai": "text/event-stream",
    "anthropic": "text/event-stream",
    "ollama": "application/x-ndjson",
}


@dataclass(frozen=True, slots=True)
class Chunk:
    data: bytes
    delay_s: float = 0.0


@dataclass(frozen=True, slots=True)
class Cassette:
    """One recorded reply: where it came from, its status, and its chunks in order."""

    path: str
    api: str
    status: int
    content_type: str
    chunks: tuple[Chunk, ...]
    note: str = ""

    @property
    def body(self) -> bytes:
        return b"".join(c.data for c in self.chunks)

    @property
    def waits(self) -> bool:
        return any(c.delay_s for c in self.chunks)

    def turn(self) -> Turn:
        """The reply as tether's own decoder for its API reads it (for the exchange log)."""
        from tether.wire import anthropic, ollama, openai

        decoders: dict[str, Any] = {
            "openai": openai.StreamDecoder,
            "anthropic": anthropic.StreamDecoder,
            "ollama": ollama.StreamDecoder,
        }
        decoder = decoders[self.api]()
        builder = TurnBuilder()
        for chunk in self.chunks:
            for event in decoder.feed(chunk.data):
                builder.add(event)
        for event in decoder.flush():
            builder.add(event)
        return builder.build()


def load_cassette(path: str | Path) -> Cassette:
    """Read and check a cassette; any problem is a ScriptError naming the file and the line."""
    name = str(path)
    try:
        lines = Path(path).read_text(encoding="utf-8").splitlines()
    except FileNotFoundError:
        raise ScriptError(
            name, "", "no such cassette file; give the path of a JSONL cassette"
        ) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise ScriptError(name, "", f"cannot be read: {exc}") from None
    items: list[tuple[int, dict[str, Any]]] = []
    for number, line in enumerate(lines, 1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        try:
            item = orjson.loads(line)
        except orjson.JSONDecodeError as exc:
            raise ScriptError(name, f"line {number}", f"invalid JSON: {exc}") from None
        if not isinstance(item, dict):
            raise ScriptError(name, f"line {number}", "each line is a JSON object")
        items.append((number, item))
    if not items:
        raise ScriptError(name, "", 'empty cassette: start with {"cassette": 1, "api": "openai"}')
    head_line, head = items[0]
    _check_header(name, head_line, head)
    chunks = tuple(_chunk(name, number, item) for number, item in items[1:])
    if not chunks:
        raise ScriptError(name, "", 'no chunks after the header: add lines like {"raw": "..."}')
    api = head["api"]
    return Cassette(
        path=name,
        api=api,
        status=int(head.get("status", 200)),
        content_type=str(head.get("content_type") or MEDIA_TYPES[api]),
        chunks=chunks,
        note=str(head.get("note", "")),
    )


def _check_header(name: str, number: int, head: dict[str, Any]) -> None:
    where = f"line {number}"
    if head.get("cassette") != FORMAT_VERSION:
        raise ScriptError(
            name, where, 'the first line is the header: {"cassette": 1, "api": "openai"}'
        )
    if head.get("api") not in APIS:
        raise ScriptError(name, f"{where} (api)", f"api must be one of {', '.join(APIS)}")
    status = head.get("status", 200)
    if not isinstance(status, int) or isinstance(status, bool) or not 100 <= status <= 599:
        raise ScriptError(name, f"{where} (status)", "status must be an HTTP status (100-599)")
    unknown = set(head) - {"cassette", "api", "status", "content_type", "note"}
    if unknown:
        raise ScriptError(
            name,
            f"{where} ({sorted(unknown)[0]})",
            "unknown header key; known: cassette, api, status, content_type, note",
        )


def _chunk(name: str, number: int, item: dict[str, Any]) -> Chunk:
    where = f"line {number}"
    unknown = set(item) - {"raw", "b64", "delay_s"}
    if unknown:
        raise ScriptError(
            name, f"{where} ({sorted(unknown)[0]})", "unknown chunk key; known: raw, b64, delay_s"
        )
    delay = item.get("delay_s", 0.0)
    if not isinstance(delay, int | float) or isinstance(delay, bool) or delay < 0:
        raise ScriptError(name, f"{where} (delay_s)", "delay_s is a number of seconds, 0 or more")
    raw, b64 = item.get("raw"), item.get("b64")
    if (raw is None) == (b64 is None):
        raise ScriptError(name, where, 'a chunk has exactly one of "raw" (text) or "b64" (bytes)')
    if raw is not None:
        if not isinstance(raw, str):
            raise ScriptError(name, f"{where} (raw)", "raw is a string (sent as UTF-8)")
        return Chunk(raw.encode("utf-8"), float(delay))
    if not isinstance(b64, str):
        raise ScriptError(name, f"{where} (b64)", "b64 is a base64 string")
    try:
        data = base64.b64decode(b64, validate=True)
    except (binascii.Error, ValueError):
        raise ScriptError(name, f"{where} (b64)", "b64 is not valid base64") from None
    return Chunk(data, float(delay))
