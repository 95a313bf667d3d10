"""A stream ends at its end marker; keep-alives alone do not keep it going forever.

Two hangs seen in other agents' trackers, on real sockets here:
- a server that sends a whole answer and its end marker (`[DONE]`, `message_stop`) but keeps
  the body open: the reply was read as cut by silence after the silence limit (60 s by default)
  and retried, a finished answer thrown away. Now the marker ends the stream; the server gets a
  second to close the body, then the connection is dropped.
- a relay that sends keep-alive comments while its own upstream hangs: comments are not
  silence, so the call waited as long as the relay did (forever). Now keep-alives with nothing
  said for the `progress` limit end the stream with a timeout.
A normal server's connection is still reused after a stream (the body's end is read).
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

from tests.helpers import RawServer, read_head, serving
from tether.messages import Message, Request, Turn, collect
from tether.providers import Timeouts, provider_at

pytestmark = pytest.mark.timeout(60)

HI = Request(messages=(Message.text("user", "hi"),))
HOLD_S = 20.0  # how long the hostile server keeps the body open

OPENAI_ANSWER = (
    b'data: {"choices":[{"index":0,"delta":{"content":"Paris."}}]}\n\n'
    b'data: {"choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}\n\n'
    b"data: [DONE]\n\n"
)
ANTHROPIC_ANSWER = (
    b'event: message_start\ndata: {"type":"message_start","message":{"usage":{}}}\n\n'
    b"event: content_block_start\n"
    b'data: {"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}\n\n'
    b"event: content_block_delta\n"
    b'data: {"type":"content_block_delta","index":0,'
    b'"delta":{"type":"text_delta","text":"Paris."}}\n\n'
    b'event: content_block_stop\ndata: {"type":"content_block_stop","index":0}\n\n'
    b'event: message_delta\ndata: {"type":"message_delta","delta":{"stop_reason":"end_turn"},'
    b'"usage":{"output_tokens":2}}\n\n'
    b'event: message_stop\ndata: {"type":"message_stop"}\n\n'
)


def _chunk(data: bytes) -> bytes:
    return b"%x\r\n%s\r\n" % (len(data), data)


class _Handler(socketserver.BaseRequestHandler):
    """Serves every request on a connection (keep-alive) by `server.plan`:
    ("linger", body): the body, then the connection held open without the body's end;
    ("pings", piece): `piece` every 50 ms for HOLD_S; ("whole", body): the body and its end."""

    server: Any

    def handle(self) -> None:
        sock: socket.socket = self.request
        self.server.connections += 1
        while True:
            seen = read_head(sock)
            if seen is None:
                return
            head, _, rest = seen.partition(b"\r\n\r\n")
            length = next(
                (int(line.split(b":")[1]) for line in head.split(b"\r\n")
                 if line.lower().startswith(b"content-length:")),
                0,
            )  # fmt: skip
            while len(rest) < length:
                rest += sock.recv(65536)
            mode, body = self.server.plan
            try:
                sock.sendall(
                    b"HTTP/1.1 200 OK\r\ncontent-type: text/event-stream\r\n"
                    b"transfer-encoding: chunked\r\n\r\n"
                )
                if mode == "pings":
                    until = time.monotonic() + HOLD_S
                    while time.monotonic() < until:
                        sock.sendall(_chunk(body))
                        time.sleep(0.05)
                    return
                sock.sendall(_chunk(body))
                if mode == "linger":
                    time.sleep(HOLD_S)
                    return
                sock.sendall(b"0\r\n\r\n")
            except OSError:
                return  # the client left


@contextmanager
def upstream(mode: str, body: bytes) -> Iterator[tuple[str, Any]]:
    server = RawServer(_Handler, plan=(mode, body), connections=0, ended=threading.Event())
    with serving(server) as url:
        yield url, server


def ask(api: str, url: str, timeouts: Timeouts, times: int = 1) -> tuple[list[Turn], float]:
    async def main() -> list[Turn]:
        provider = provider_at(api, url, "m", timeouts=timeouts)
        try:
            return [await collect(provider.stream(HI)) for _ in range(times)]
        finally:
            await provider.aclose()

    began = time.monotonic()
    turns = anyio.run(main)
    return turns, time.monotonic() - began


@pytest.mark.parametrize(
    ("api", "body"),
    [("openai", OPENAI_ANSWER), ("anthropic", ANTHROPIC_ANSWER)],
    ids=["done", "message_stop"],
)
def test_an_answer_whose_body_stays_open_after_the_end_marker_counts_at_once(
    api: str, body: bytes
) -> None:
    limits = Timeouts(first_byte=15, silence=15)
    with upstream("linger", body) as (url, _):
        [turn], took = ask(api, url, limits)
    assert turn.content == "Paris." and turn.termination == "stop", turn.detail
    assert took < limits.silence  # not read as cut by silence


@pytest.mark.parametrize(
    ("api", "keepalive"),
    [
        ("openai", b": OPENROUTER PROCESSING\n\n"),
        ("anthropic", b'event: ping\ndata: {"type":"ping"}\n\n'),
    ],
    ids=["comments", "pings"],
)
def test_keepalives_with_nothing_said_end_at_the_progress_limit(api: str, keepalive: bytes) -> None:
    limits = Timeouts(first_byte=5, silence=5, progress=1.0)
    with upstream("pings", keepalive) as (url, _):
        [turn], took = ask(api, url, limits)
    assert turn.termination == "timeout" and "progress limit" in turn.detail, turn.detail
    assert took < HOLD_S / 2  # bounded by the limit, not by the relay


def test_a_normal_servers_connection_is_reused_after_a_stream() -> None:
    with upstream("whole", OPENAI_ANSWER) as (url, server):
        turns, _ = ask("openai", url, Timeouts(), times=3)
    assert [t.content for t in turns] == ["Paris."] * 3
    assert server.connections == 1


def test_the_progress_limit_is_a_setting_of_an_endpoint_and_of_ask() -> None:
    from tether.config.sections import EndpointConfig

    endpoint = EndpointConfig(base_url="http://127.0.0.1:1/v1", progress_s=42)
    assert endpoint.provider("m", None).timeouts.progress == 42
    with pytest.raises(ValueError, match="progress"):
        EndpointConfig(base_url="http://127.0.0.1:1/v1", progress_s=0)
