"""Empty deltas without end are silence; keep-alives are not.

An upstream that streams empty content deltas slowly (one every 50 ms) never reaches a byte,
event or character bound and never falls silent: before, a call waited on it without end (the
soak in bench/soak.py saw clients wait past 120 s). Now a run of events that carry nothing as
long as the silence limit ends the stream with a silence timeout, while comments (`: ping`,
OpenRouter's processing notes) and Anthropic's `ping` events still keep a slow stream alive.
Real sockets on 127.0.0.1; time margins are wide (the limit is 0.5 s, a hang is 20 s).
"""

from __future__ import annotations

import socket
import socketserver
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import anyio
import pytest

from tests.helpers import RawServer, serving
from tether.messages import Message, Request, Turn, collect
from tether.providers import Timeouts, provider_at

pytestmark = pytest.mark.timeout(60)

HI = Request(messages=(Message.text("user", "hi"),))
LIMITS = Timeouts(first_byte=5, silence=0.5)
PACE_S = 0.05
HANG_S = 20.0  # the upstream stops here: a call still open by then had no bound

OPENAI_EMPTY = b'data: {"choices":[{"index":0,"delta":{"content":""}}]}\n\n'
OPENAI_END = (
    b'data: {"choices":[{"index":0,"delta":{"content":"Paris."}}]}\n\n'
    b'data: {"choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}\n\n'
    b"data: [DONE]\n\n"
)
ANTHROPIC_START = (
    b'event: message_start\ndata: {"type":"message_start","message":{"usage":{}}}\n\n'
    b"event: content_block_start\n"
    b'data: {"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}\n\n'
)
ANTHROPIC_EMPTY = (
    b"event: content_block_delta\n"
    b'data: {"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":""}}\n\n'
)
ANTHROPIC_END = (
    b"event: content_block_delta\n"
    b'data: {"type":"content_block_delta","index":0,'
    b'"delta":{"type":"text_delta","text":"Paris."}}\n\n'
    b'event: content_block_stop\ndata: {"type":"content_block_stop","index":0}\n\n'
    b'event: message_delta\ndata: {"type":"message_delta","delta":{"stop_reason":"end_turn"},'
    b'"usage":{"output_tokens":2}}\n\n'
    b'event: message_stop\ndata: {"type":"message_stop"}\n\n'
)


class _Handler(socketserver.BaseRequestHandler):
    server: Any  # a RawServer: its settings are attributes

    def handle(self) -> None:
        sock: socket.socket = self.request
        seen = b""
        while b"\r\n\r\n" not in seen:
            piece = sock.recv(65536)
            if not piece:
                return
            seen += piece
        head = b"HTTP/1.1 200 OK\r\ncontent-type: text/event-stream\r\nconnection: close\r\n\r\n"
        start, piece, pieces_s, end = self.server.plan
        try:
            sock.sendall(head + start)
            until = time.monotonic() + pieces_s
            while time.monotonic() < until:
                sock.sendall(piece)
                time.sleep(PACE_S)
            sock.sendall(end)
        except OSError:
            return  # the client left: what a bounded reader does
        finally:
            self.server.ended.set()


@contextmanager
def upstream(start: bytes, piece: bytes, pieces_s: float, end: bytes) -> Iterator[str]:
    """A server that sends `start`, then `piece` every 50 ms for `pieces_s`, then `end`."""
    plan = (start, piece, pieces_s, end)
    with serving(RawServer(_Handler, plan=plan, ended=threading.Event())) as url:
        yield url


def ask(api: str, url: str) -> Turn:
    async def main() -> Turn:
        provider = provider_at(api, url, "m", timeouts=LIMITS)
        try:
            return await collect(provider.stream(HI))
        finally:
            await provider.aclose()

    return anyio.run(main)


@pytest.mark.parametrize(
    ("api", "start", "empty"),
    [("openai", b"", OPENAI_EMPTY), ("anthropic", ANTHROPIC_START, ANTHROPIC_EMPTY)],
    ids=["openai", "anthropic"],
)
def test_slow_endless_empty_deltas_end_at_the_silence_limit(
    api: str, start: bytes, empty: bytes
) -> None:
    with upstream(start, empty, HANG_S, b"") as url:
        began = time.monotonic()
        turn = ask(api, url)
        took = time.monotonic() - began
    assert turn.termination == "timeout" and "only empty events" in turn.detail
    assert took < HANG_S / 2  # bounded, not the upstream's own end


@pytest.mark.parametrize(
    ("api", "start", "keepalive", "end"),
    [
        ("openai", b"", b": OPENROUTER PROCESSING\n\n", OPENAI_END),
        ("anthropic", ANTHROPIC_START, b'event: ping\ndata: {"type":"ping"}\n\n', ANTHROPIC_END),
    ],
    ids=["comments", "pings"],
)
def test_keepalives_longer_than_the_silence_limit_still_lead_to_the_answer(
    api: str, start: bytes, keepalive: bytes, end: bytes
) -> None:
    with upstream(start, keepalive, 1.5, end) as url:
        turn = ask(api, url)
    assert turn.content == "Paris." and turn.finish_reason == "stop"


def test_empty_deltas_between_pieces_of_text_are_no_silence() -> None:
    """Empty deltas mixed with text (some servers send them between tokens) are progress."""
    piece = OPENAI_EMPTY * 3 + b'data: {"choices":[{"index":0,"delta":{"content":"a"}}]}\n\n'
    with upstream(b"", piece, 1.5, OPENAI_END) as url:
        turn = ask("openai", url)
    assert turn.content.startswith("aaa") and turn.content.endswith("Paris.")
