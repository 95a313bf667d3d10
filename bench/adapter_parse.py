"""Adapter parsing cost: tether's full streaming path against bare httpx2 over the same bytes.

Target: parsing a 1,000-chunk stream through a tether adapter (post_stream with phase
timeouts, framing, orjson, neutral events and Turn assembly via `tether.messages.collect`)
takes at most 1.5x the bare httpx2 iteration over the same bytes (`httpx2.EventSource` for
SSE, `Response.aiter_lines()` for Ollama's NDJSON).

Both sides read the same bytes from an `httpx2.MockTransport`, cut in two realistic ways: one
piece per event (a slow, token-by-token provider) and 4 KiB pieces (a fast one, or a proxy that
buffers). Runs alternate baseline and candidate so both share the machine's noise; the table
shows medians.

    python bench/adapter_parse.py [--reps 40] [--chunks 1000]
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import statistics
import sys
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass

import httpx2
import orjson

from tether.messages import Message, Request, Turn, collect
from tether.providers import AnthropicProvider, HTTPProvider, OllamaProvider, OpenAIProvider

TARGET = 1.5
BASE = "http://bench.invalid"
MODEL = "bench-model"
PIECE_4K = 4096

# Token-sized deltas as models stream them: mostly a word with its leading space, some
# punctuation, some multi-byte characters (UTF-8 decoding is part of the work).
TOKENS = [
    " The",
    " quick",
    " brown",
    " fox",
    " jumps",
    " over",
    " the",
    " lazy",
    " dog",
    ".",
    " Caf\u00e9",
    " na\u00efve",
    " \u2014",
    " r\u00e9sum\u00e9",
    "\n\n",
    " `code`",
    ' {"k":',
    " 42}",
    " \u6f22\u5b57",
    " \U0001f642",
]


def tokens(n: int) -> list[str]:
    return [TOKENS[i % len(TOKENS)] for i in range(n)]


# ---------------------------------------------------------------- the bytes, per format


def _sse(data: bytes, event: str = "") -> bytes:
    head = f"event: {event}\n".encode() if event else b""
    return head + b"data: " + data + b"\n\n"


def openai_events(n: int) -> list[bytes]:
    """A chat.completions stream as OpenAI sends it with include_usage (usage: null each)."""
    head = {
        "id": "chatcmpl-BENCH0000000000000000000000",
        "object": "chat.completion.chunk",
        "created": 1767225600,
        "model": "gpt-4o-2024-08-06",
        "service_tier": "default",
        "system_fingerprint": "fp_0123456789",
    }

    def chunk(delta: dict[str, object], finish: str | None = None) -> bytes:
        choice = {"index": 0, "delta": delta, "logprobs": None, "finish_reason": finish}
        return _sse(orjson.dumps({**head, "choices": [choice], "usage": None}))

    out = [chunk({"role": "assistant", "content": "", "refusal": None})]
    out += [chunk({"content": t}) for t in tokens(n)]
    out.append(chunk({}, "stop"))
    usage = {
        "prompt_tokens": 12,
        "completion_tokens": n,
        "total_tokens": 12 + n,
        "prompt_tokens_details": {"cached_tokens": 0, "audio_tokens": 0},
        "completion_tokens_details": {"reasoning_tokens": 0, "audio_tokens": 0},
    }
    out.append(_sse(orjson.dumps({**head, "choices": [], "usage": usage})))
    out.append(_sse(b"[DONE]"))
    return out


def anthropic_events(n: int) -> list[bytes]:
    """A messages stream as Anthropic sends it (named events, one ping)."""
    message: dict[str, object] = {
        "id": "msg_01BENCH00000000000000000",
        "type": "message",
        "role": "assistant",
        "model": "claude-sonnet-4-5",
        "content": [],
        "stop_reason": None,
        "stop_sequence": None,
        "usage": {
            "input_tokens": 12,
            "cache_creation_input_tokens": 0,
            "cache_read_input_tokens": 0,
            "output_tokens": 1,
        },
    }
    out = [
        _sse(orjson.dumps({"type": "message_start", "message": message}), "message_start"),
        _sse(
            orjson.dumps(
                {
                    "type": "content_block_start",
                    "index": 0,
                    "content_block": {"type": "text", "text": ""},
                }
            ),
            "content_block_start",
        ),
        _sse(b'{"type": "ping"}', "ping"),
    ]
    for t in tokens(n):
        body = {
            "type": "content_block_delta",
            "index": 0,
            "delta": {"type": "text_delta", "text": t},
        }
        out.append(_sse(orjson.dumps(body), "content_block_delta"))
    out.append(_sse(orjson.dumps({"type": "content_block_stop", "index": 0}), "content_block_stop"))
    delta = {
        "type": "message_delta",
        "delta": {"stop_reason": "end_turn", "stop_sequence": None},
        "usage": {"output_tokens": n},
    }
    out.append(_sse(orjson.dumps(delta), "message_delta"))
    out.append(_sse(b'{"type":"message_stop"}', "message_stop"))
    return out


def ollama_events(n: int) -> list[bytes]:
    """An /api/chat stream as Ollama sends it (NDJSON, a final `done: true` line)."""
    out = []
    for i, t in enumerate(tokens(n)):
        line = {
            "model": "llama3.2",
            "created_at": f"2026-01-01T00:00:{i % 60:02d}.{i:06d}Z",
            "message": {"role": "assistant", "content": t},
            "done": False,
        }
        out.append(orjson.dumps(line) + b"\n")
    last = {
        "model": "llama3.2",
        "created_at": "2026-01-01T00:01:00.000000Z",
        "message": {"role": "assistant", "content": ""},
        "done_reason": "stop",
        "done": True,
        "total_duration": 4_000_000_000,
        "load_duration": 20_000_000,
        "prompt_eval_count": 12,
        "prompt_eval_duration": 10_000_000,
        "eval_count": n,
        "eval_duration": 3_900_000_000,
    }
    out.append(orjson.dumps(last) + b"\n")
    return out


def fixed_pieces(events: list[bytes], size: int) -> list[bytes]:
    data = b"".join(events)
    return [data[i : i + size] for i in range(0, len(data), size)]


# ---------------------------------------------------------------- the transport


class Pieces(httpx2.AsyncByteStream):
    """A reply body delivered in the given pieces, as a socket read would hand them over."""

    def __init__(self, pieces: list[bytes]) -> None:
        self._pieces = pieces

    async def __aiter__(self) -> AsyncIterator[bytes]:
        for piece in self._pieces:
            yield piece


def mock_client(pieces: list[bytes], media_type: str) -> httpx2.AsyncClient:
    def handler(request: httpx2.Request) -> httpx2.Response:
        return httpx2.Response(200, headers={"content-type": media_type}, stream=Pieces(pieces))

    return httpx2.AsyncClient(transport=httpx2.MockTransport(handler))


# ---------------------------------------------------------------- the two sides


async def baseline_sse(client: httpx2.AsyncClient, url: str) -> int:
    n = 0
    async with client.stream("POST", url) as r:
        async for _sse_event in httpx2.EventSource(r):
            n += 1
    return n


async def baseline_lines(client: httpx2.AsyncClient, url: str) -> int:
    n = 0
    async with client.stream("POST", url) as r:
        async for _line in r.aiter_lines():
            n += 1
    return n


# Reference only (not the target): the baseline plus `orjson.loads` of every payload, the least
# any client that reads the JSON must do. It shows how much of tether's time is JSON parsing.


async def reference_sse(client: httpx2.AsyncClient, url: str) -> int:
    n = 0
    loads = orjson.loads
    async with client.stream("POST", url) as r:
        async for sse_event in httpx2.EventSource(r):
            if sse_event.data != "[DONE]":
                loads(sse_event.data)
            n += 1
    return n


async def reference_lines(client: httpx2.AsyncClient, url: str) -> int:
    n = 0
    loads = orjson.loads
    async with client.stream("POST", url) as r:
        async for line in r.aiter_lines():
            loads(line)
            n += 1
    return n


REQUEST = Request(messages=(Message.text("user", "Write a thousand tokens."),), max_tokens=4096)


async def candidate(provider: HTTPProvider) -> Turn:
    return await collect(provider.stream(REQUEST))


@dataclass(frozen=True)
class Format:
    name: str
    media_type: str
    provider: type[HTTPProvider]
    events: Callable[[int], list[bytes]]
    baseline: Callable[[httpx2.AsyncClient, str], Awaitable[int]]
    reference: Callable[[httpx2.AsyncClient, str], Awaitable[int]]
    expected_items: Callable[[int], int]  # what the baseline must count


FORMATS = [
    Format(
        "openai",
        "text/event-stream",
        OpenAIProvider,
        openai_events,
        baseline_sse,
        reference_sse,
        lambda n: n + 4,
    ),
    Format(
        "anthropic",
        "text/event-stream",
        AnthropicProvider,
        anthropic_events,
        baseline_sse,
        reference_sse,
        lambda n: n + 6,
    ),
    Format(
        "ollama",
        "application/x-ndjson",
        OllamaProvider,
        ollama_events,
        baseline_lines,
        reference_lines,
        lambda n: n + 1,
    ),
]


@dataclass
class Row:
    fmt: str
    piece: str
    pieces: int
    size: int
    baseline_ms: float
    tether_ms: float
    reference_ms: float

    @property
    def ratio(self) -> float:
        return self.tether_ms / self.baseline_ms


def check(fmt: Format, turn: Turn, items: int, ref_items: int, n: int) -> None:
    expected = "".join(tokens(n))
    problems = []
    if items != fmt.expected_items(n) or ref_items != items:
        problems.append(f"baseline saw {items} items, expected {fmt.expected_items(n)}")
    if turn.content != expected:
        problems.append(f"content differs ({len(turn.content)} vs {len(expected)} chars)")
    if turn.finish_reason != "stop" or turn.termination != "stop":
        problems.append(f"finish {turn.finish_reason!r}, termination {turn.termination!r}")
    if turn.usage is None or turn.usage.completion_tokens != n:
        problems.append(f"usage {turn.usage!r}")
    if turn.errors or turn.malformed:
        problems.append(f"errors {turn.errors!r}, malformed {turn.malformed!r}")
    if problems:
        raise SystemExit(f"{fmt.name}: the stream did not parse as expected: {'; '.join(problems)}")


PIECES = {"event": "one piece per event", "4k": "4 KiB pieces"}


def cut(events: list[bytes], piece: str) -> list[bytes]:
    return events if piece == "event" else fixed_pieces(events, PIECE_4K)


async def measure(fmt: Format, piece: str, n: int, reps: int) -> Row:
    pieces = cut(fmt.events(n), piece)
    client = mock_client(pieces, fmt.media_type)
    provider = fmt.provider(BASE, MODEL, client=client)
    url = provider.url

    async def run_baseline() -> object:
        return await fmt.baseline(client, url)

    async def run_tether() -> object:
        return await candidate(provider)

    async def run_reference() -> object:
        return await fmt.reference(client, url)

    sides = [run_baseline, run_tether, run_reference]
    times: list[list[int]] = [[], [], []]
    try:
        # Warm up every path (imports, caches) and check that each reads the whole stream.
        for _ in range(3):
            items = await fmt.baseline(client, url)
            turn = await candidate(provider)
            ref_items = await fmt.reference(client, url)
        check(fmt, turn, items, ref_items, n)
        clock = time.perf_counter_ns
        for i in range(reps):
            # Rotate which side goes first, so none always runs right after a gc or on a
            # colder cache; all three share whatever else the machine is doing.
            for k in range(3):
                side = (i + k) % 3
                gc.collect()
                t0 = clock()
                await sides[side]()
                times[side].append(clock() - t0)
    finally:
        await provider.aclose()
        await client.aclose()
    base_ms, tether_ms, ref_ms = (statistics.median(t) / 1e6 for t in times)
    return Row(fmt.name, piece, len(pieces), sum(map(len, pieces)), base_ms, tether_ms, ref_ms)


async def run(n: int, reps: int, only: list[str]) -> list[Row]:
    rows = []
    for fmt in FORMATS:
        if only and fmt.name not in only:
            continue
        for piece in PIECES:
            rows.append(await measure(fmt, piece, n, reps))
    return rows


async def profile(name: str, piece: str, n: int, reps: int) -> None:
    """cProfile of tether's side only, sorted by own time."""
    import cProfile
    import pstats

    fmt = next(f for f in FORMATS if f.name == name)
    client = mock_client(cut(fmt.events(n), piece), fmt.media_type)
    provider = fmt.provider(BASE, MODEL, client=client)
    for _ in range(3):
        await candidate(provider)
    prof = cProfile.Profile()
    prof.enable()
    for _ in range(reps):
        await candidate(provider)
    prof.disable()
    await provider.aclose()
    await client.aclose()
    pstats.Stats(prof).sort_stats("tottime").print_stats(25)


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--chunks", type=int, default=1000, help="content deltas per stream")
    parser.add_argument("--reps", type=int, default=40, help="timed runs per side and case")
    parser.add_argument("--only", action="append", default=[], help="openai, anthropic, ollama")
    parser.add_argument(
        "--profile",
        metavar="FORMAT:PIECES",
        help="instead of the table, cProfile tether's side, e.g. ollama:4k or openai:event",
    )
    args = parser.parse_args()
    if args.profile:
        name, _, piece = args.profile.partition(":")
        if name not in {f.name for f in FORMATS} or piece not in PIECES:
            parser.error("--profile takes FORMAT:PIECES, e.g. openai:event or ollama:4k")
        asyncio.run(profile(name, piece, args.chunks, args.reps))
        return 0
    print(
        f"adapter_parse: {args.chunks}-chunk streams, {args.reps} rotating runs per side, "
        f"medians (python {sys.version.split()[0]}, httpx2 {httpx2.__version__})"
    )
    started = time.perf_counter()
    rows = asyncio.run(run(args.chunks, args.reps, args.only))
    header = (
        f"{'format':<10} {'pieces':<6} {'n':>5} {'bytes':>7} {'baseline ms':>12} "
        f"{'tether ms':>10} {'ratio':>6} {'target':>7}  {'result':<6}  "
        f"{'+json ms':>8} {'vs +json':>8}"
    )
    print(header)
    print("-" * len(header))
    failed = False
    for r in rows:
        ok = r.ratio <= TARGET
        failed |= not ok
        print(
            f"{r.fmt:<10} {r.piece:<6} {r.pieces:>5} {r.size:>7} {r.baseline_ms:>12.2f} "
            f"{r.tether_ms:>10.2f} {r.ratio:>6.2f} {'<= ' + format(TARGET, 'g'):>7}  "
            f"{'PASS' if ok else 'FAIL':<6}  {r.reference_ms:>8.2f} "
            f"{r.tether_ms / r.reference_ms:>8.2f}"
        )
    print(
        "baseline: httpx2.EventSource (SSE) or Response.aiter_lines (NDJSON), no JSON parsing; "
        "tether: collect(Provider.stream(request))\n"
        "+json (reference, not the target): the baseline plus orjson.loads of every payload; "
        f"n = pieces per stream; {time.perf_counter() - started:.0f}s"
    )
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
