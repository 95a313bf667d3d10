"""Slow, silent and too many clients: what the proxy's HTTP server does about them.

uvicorn closes a kept-alive connection idle after a response (`idle_timeout_s`), but nothing
bounds a connection that never finishes its request head: a client that opens a socket and
sends nothing, or dribbles a header a byte at a time, holds a descriptor for as long as it
likes, and enough of them exhaust the process's descriptors so that normal requests fail. This
protocol (uvicorn's httptools one, with three limits) adds:

- a **header deadline**: a request's head (request line and headers) must be complete within
  `header_timeout_s` of the connection opening, or of the request's first byte on a kept-alive
  connection; else 408 and the connection is closed (dribbling does not extend it);
- a **head size limit**: a head over `MAX_HEAD_BYTES` is answered 431 and closed;
- a **connection limit**: past `max_connections` open connections, a new one is answered 503
  at once (a JSON error that both OpenAI's and Anthropic's SDKs read, `Retry-After: 1`), so
  the refusal is clean instead of a descriptor error deep in a request.

Each of these answers, then shuts its side of the connection and drops what still arrives
until the client closes (at most `LINGER_S`): closing with unread data would make the kernel
reset the connection and the client would never read why.
"""

from __future__ import annotations

import asyncio
import resource
from typing import Any

import orjson
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

MAX_HEAD_BYTES = 64 * 1024
# Descriptors kept for everything but client connections: upstream connections (one per
# request in flight), the log, the trace store, the breaker store.
RESERVED_DESCRIPTORS = 64
LINGER_S = 2.0


def default_max_connections() -> int:
    """Half the descriptors this process may open (the other half for upstream connections,
    one per request in flight), less a reserve; at least 16."""
    soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == resource.RLIM_INFINITY:
        soft = 65536
    return max(16, soft // 2 - RESERVED_DESCRIPTORS)


def _reply(status: bytes, message: str, retry_after: bool = False) -> bytes:
    kind = "overloaded_error" if retry_after else "invalid_request_error"
    body = orjson.dumps(
        {"type": "error", "error": {"type": kind, "message": message, "param": None, "code": None}}
    )
    head = [
        b"HTTP/1.1 " + status,
        b"content-type: application/json",
        b"content-length: " + str(len(body)).encode(),
        b"connection: close",
    ]
    if retry_after:
        head.append(b"retry-after: 1")
    return b"\r\n".join(head) + b"\r\n\r\n" + body


class GuardedProtocol(HttpToolsProtocol):
    """uvicorn's httptools protocol with a header deadline, a head size limit and a connection
    limit (see the module docstring); `guarded_protocol` sets the limits."""

    header_timeout_s = 10.0
    max_connections = 1024

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._head_timer: asyncio.TimerHandle | None = None
        self._head_bytes = 0
        self._in_head = True  # reading a request's head (a new connection starts in one)
        self._draining = False  # answered and shut: what arrives is dropped

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        over = len(self.connections) >= self.max_connections
        super().connection_made(transport)
        self._arm()
        if over:
            message = (
                f"tether proxy: over {self.max_connections:,} open connections; retry shortly, "
                "or raise [proxy] max_connections"
            )
            self._close_with(_reply(b"503 Service Unavailable", message, retry_after=True))

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        if self._draining:
            return
        if self._in_head:
            self._head_bytes += len(data)
        super().data_received(data)
        if self._in_head and self._head_bytes > MAX_HEAD_BYTES and not self._draining:
            message = f"tether proxy: request headers over {MAX_HEAD_BYTES >> 10} KiB"
            self._close_with(_reply(b"431 Request Header Fields Too Large", message))

    def on_message_begin(self) -> None:
        super().on_message_begin()
        if not self._in_head:  # the next request on a kept-alive connection
            self._in_head, self._head_bytes = True, 0
            self._arm()

    def on_headers_complete(self) -> None:
        self._in_head = False
        self._disarm()
        super().on_headers_complete()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        self._head_bytes = 0  # the next request's head starts at its first byte

    def _arm(self) -> None:
        self._disarm()
        self._head_timer = self.loop.call_later(self.header_timeout_s, self._head_timeout)

    def _disarm(self) -> None:
        if self._head_timer is not None:
            self._head_timer.cancel()
            self._head_timer = None

    def _head_timeout(self) -> None:
        self._head_timer = None
        if self._in_head and not self._draining and not self.transport.is_closing():
            message = (
                f"tether proxy: the request's headers did not arrive within "
                f"{self.header_timeout_s:g}s ([proxy] header_timeout_s)"
            )
            self._close_with(_reply(b"408 Request Timeout", message))

    def _close_with(self, reply: bytes) -> None:
        """Answer, shut this side, drop what still arrives, close within LINGER_S."""
        self._draining = True
        self.transport.write(reply)
        if self.transport.can_write_eof():
            self.transport.write_eof()
        self._disarm()
        self._head_timer = self.loop.call_later(LINGER_S, self.transport.close)


def guarded_protocol(header_timeout_s: float, max_connections: int) -> type[GuardedProtocol]:
    """The protocol class uvicorn builds per connection, with these limits."""
    return type(
        "GuardedProtocol",
        (GuardedProtocol,),
        {"header_timeout_s": header_timeout_s, "max_connections": max_connections},
    )
