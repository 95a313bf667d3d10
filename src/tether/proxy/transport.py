"""A lean HTTP/1.1 keep-alive transport for the proxy's upstream calls (asyncio + httptools).

Why: every client request through the proxy is one upstream request, so the upstream client is
the proxy's hot path. httpx2's default transport (httpcore2 with h11, pure Python) spends ~1.3 ms
of CPU per streamed completion on this project's bench machine; this one ~0.2 ms. It plugs in
under `httpx2.AsyncClient(transport=...)`, so the adapters, `post_stream` and its phase timeouts
are unchanged: it honours the request's `timeout` extension (connect; read, looked up at every
read, because `post_stream` switches it from first-byte to silence) and raises httpx2's own
errors (ConnectError, ConnectTimeout, ReadTimeout, RemoteProtocolError, ReadError).

Scope: HTTP/1.1 only (TLS through the given context), bodies sent from memory, asyncio only
(`tether proxy` runs under uvicorn; an app served on trio uses httpx2's client instead:
`Upstreams._upstream` in forward.py). A connection is reused only after a complete, keep-alive
reply; a reply closed early (a cancelled call, a client gone) closes its connection, which is
how the upstream learns that the call was cancelled.
"""

from __future__ import annotations

import asyncio
import collections
import functools
import ssl
import urllib.parse
from collections.abc import AsyncIterator
from typing import Any, cast

import httptools
import httpx2
from anyio.lowlevel import checkpoint_if_cancelled

# Above this many unread bytes the socket stops being read (the consumer is slower).
HIGH_WATER = 1 << 20
# A reply's status line and headers larger than this are refused (httpcore's h11 limit is
# 100 KiB): an endless header block must not be held.
MAX_HEAD_BYTES = 64 * 1024
MAX_IDLE_PER_HOST = 256
# A reply's body looks for a cancellation of its own every this many reads (see _Body).
CANCEL_CHECK_READS = 16

_Key = tuple[str, str, int]


class _Connection(asyncio.Protocol):
    """One socket and the parser of the reply being read on it."""

    def __init__(self) -> None:
        self.transport: asyncio.Transport | None = None
        self.closed = False
        self.error: Exception | None = None
        self._waiter: asyncio.Future[None] | None = None
        self._paused = False
        self.reset()

    def reset(self) -> None:
        self.parser = httptools.HttpResponseParser(self)
        self.status = 0
        self.headers: list[tuple[bytes, bytes]] = []
        self.headers_done = False
        self.complete = False
        self.keep_alive = False
        self.received = False  # any byte of this reply arrived
        self.head_bytes = 0  # bytes read before the headers were complete
        self.chunks: collections.deque[bytes] = collections.deque()
        self.buffered = 0

    # -------------------------------------------------------- asyncio.Protocol

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = cast(asyncio.Transport, transport)  # uvloop's is not a subclass

    def data_received(self, data: bytes) -> None:
        self.received = True
        try:
            self.parser.feed_data(data)
        except httptools.HttpParserError as exc:
            self.error = exc
            self._wake()
        if not self.headers_done:  # still in the head after this read: an endless one?
            self.head_bytes += len(data)
            if self.head_bytes > MAX_HEAD_BYTES:
                self.error = ValueError(f"reply headers larger than {MAX_HEAD_BYTES >> 10} KiB")
                self.close()
                self._wake()
                return
        if self.buffered > HIGH_WATER and not self._paused and self.transport is not None:
            self._paused = True
            self.transport.pause_reading()

    def connection_lost(self, exc: Exception | None) -> None:
        self.closed = True
        if self.headers_done and not self.complete:
            names = {name.lower() for name, _ in self.headers}
            if b"content-length" not in names and b"transfer-encoding" not in names:
                self.complete = True  # a body delimited by the end of the connection
        self._wake()

    # -------------------------------------------------------- httptools callbacks

    def on_header(self, name: bytes, value: bytes) -> None:
        self.headers.append((name, value))

    def on_headers_complete(self) -> None:
        self.status = self.parser.get_status_code()
        self.headers_done = True
        self._wake()

    def on_body(self, body: bytes) -> None:
        self.chunks.append(body)
        self.buffered += len(body)
        self._wake()

    def on_message_complete(self) -> None:
        self.complete = True
        self.keep_alive = self.parser.should_keep_alive()  # read here: the parser resets after
        self._wake()

    # -------------------------------------------------------- waiting

    def _wake(self) -> None:
        if self._waiter is not None and not self._waiter.done():
            self._waiter.set_result(None)

    async def wait(self, limit_s: float | None) -> None:
        """Until the protocol reports anything (data, end, close, error); TimeoutError after
        `limit_s` seconds (a timer on the waiter: a fifth of asyncio.timeout's cost)."""
        loop = asyncio.get_running_loop()
        waiter = loop.create_future()
        self._waiter = waiter
        timer = None if limit_s is None else loop.call_later(limit_s, _expire, waiter)
        try:
            await waiter
        finally:
            self._waiter = None
            if timer is not None:
                timer.cancel()

    def take(self) -> bytes:
        chunk = self.chunks.popleft()
        self.buffered -= len(chunk)
        if self._paused and self.buffered <= HIGH_WATER // 2 and self.transport is not None:
            self._paused = False
            self.transport.resume_reading()
        return chunk

    def close(self) -> None:
        if self.transport is not None:
            self.transport.close()
        self.closed = True


def _expire(waiter: asyncio.Future[None]) -> None:
    if not waiter.done():
        waiter.set_exception(TimeoutError())


_Timeouts = dict[str, Any]  # httpx2's timeout extension: connect / read / write / pool


class _Body(httpx2.AsyncByteStream):
    def __init__(self, owner: FastTransport, key: _Key, conn: _Connection, timeouts: _Timeouts):
        self._owner, self._key, self._conn, self._timeouts = owner, key, conn, timeouts
        self._done = False

    async def __aiter__(self) -> AsyncIterator[bytes]:
        conn = self._conn
        reads = 0
        while True:
            if conn.chunks:
                yield conn.take()
                continue
            if conn.complete:
                return
            if conn.error is not None:
                raise httpx2.RemoteProtocolError(f"malformed reply: {conn.error}")
            if conn.closed:
                raise httpx2.RemoteProtocolError(
                    "peer closed connection without sending complete message body"
                )
            # An upstream that writes as fast as it can keeps the waiter done before anyio's
            # cancel scope looks at it, so a cancellation (a client gone) is never delivered
            # there: asked for here, every CANCEL_CHECK_READS reads (~5 us each: a short
            # reply pays nothing).
            reads += 1
            if reads % CANCEL_CHECK_READS == 0:
                await checkpoint_if_cancelled()
            try:  # the read limit is looked up at every read: post_stream changes it
                await conn.wait(self._timeouts.get("read"))
            except TimeoutError:
                raise httpx2.ReadTimeout("timed out reading the reply body") from None

    async def aclose(self) -> None:
        if self._done:
            return
        self._done = True
        conn = self._conn
        reusable = (
            conn.complete
            and not conn.closed
            and conn.error is None
            and not conn.chunks
            and conn.keep_alive
        )
        if reusable:
            self._owner.release(self._key, conn)
        else:
            conn.close()


class FastTransport(httpx2.AsyncBaseTransport):
    """Keep-alive HTTP/1.1 over asyncio with the httptools parser (see the module docstring)."""

    def __init__(self, tls: ssl.SSLContext | None = None) -> None:
        self._tls = tls
        self._idle: dict[_Key, list[_Connection]] = {}

    def release(self, key: _Key, conn: _Connection) -> None:
        idle = self._idle.setdefault(key, [])
        if len(idle) < MAX_IDLE_PER_HOST:
            conn.reset()
            idle.append(conn)
        else:
            conn.close()

    def _reuse(self, key: _Key) -> _Connection | None:
        idle = self._idle.get(key)
        while idle:
            conn = idle.pop()
            if not conn.closed and conn.transport is not None and not conn.transport.is_closing():
                return conn
        return None

    async def _connect(self, key: _Key, timeouts: _Timeouts) -> _Connection:
        scheme, host, port = key
        loop = asyncio.get_running_loop()
        tls: Any = None
        if scheme == "https":
            tls = self._tls or ssl.create_default_context()
        try:
            async with asyncio.timeout(timeouts.get("connect")):
                _, conn = await loop.create_connection(
                    _Connection, host, port, ssl=tls, server_hostname=host if tls else None
                )
        except TimeoutError:
            raise httpx2.ConnectTimeout(f"connecting to {host}:{port} timed out") from None
        except OSError as exc:
            raise httpx2.ConnectError(str(exc) or type(exc).__name__) from None
        return conn

    async def exchange(
        self, key: _Key, message: bytes, timeouts: _Timeouts
    ) -> tuple[int, list[tuple[bytes, bytes]], _Body]:
        """Send one whole request; the reply's status, headers and body stream."""
        for attempt in range(2):
            conn = self._reuse(key)
            reused = conn is not None
            if conn is None:
                conn = await self._connect(key, timeouts)
            assert conn.transport is not None
            conn.transport.write(message)
            try:
                while not conn.headers_done:
                    if conn.error is not None:
                        conn.close()
                        raise httpx2.RemoteProtocolError(f"malformed reply: {conn.error}")
                    if conn.closed:
                        break
                    await conn.wait(timeouts.get("read"))
            except TimeoutError:
                conn.close()
                raise httpx2.ReadTimeout("timed out waiting for the reply") from None
            except BaseException:  # cancelled: the upstream must see the connection go
                conn.close()
                raise
            if conn.headers_done:
                return conn.status, conn.headers, _Body(self, key, conn, timeouts)
            conn.close()
            # A kept-alive connection the server closed meanwhile: once more on a fresh one.
            if not (reused and not conn.received and attempt == 0):
                break
        raise httpx2.RemoteProtocolError("server disconnected without sending a response")

    async def handle_async_request(self, request: httpx2.Request) -> httpx2.Response:
        url = request.url
        scheme = url.scheme
        key: _Key = (scheme, url.host, url.port or (443 if scheme == "https" else 80))
        body = await request.aread()
        head = [request.method.encode(), b" ", url.raw_path, b" HTTP/1.1\r\n"]
        for name, value in request.headers.raw:
            head += [name, b": ", value, b"\r\n"]
        head.append(b"\r\n")
        timeouts = request.extensions.get("timeout") or {}
        status, headers, stream = await self.exchange(key, b"".join(head) + body, timeouts)
        return httpx2.Response(
            status, headers=headers, stream=stream, extensions={"http_version": b"HTTP/1.1"}
        )

    async def aclose(self) -> None:
        for idle in self._idle.values():
            for conn in idle:
                conn.close()
        self._idle.clear()


# ---------------------------------------------------------------- the lean client


@functools.lru_cache(maxsize=1024)
def _target(url: str) -> tuple[_Key, bytes, bytes]:
    """(scheme, host, port), the request target and the Host header of a URL."""
    parts = urllib.parse.urlsplit(url)
    scheme = parts.scheme
    default = 443 if scheme == "https" else 80
    host = parts.hostname or ""
    port = parts.port or default
    target = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
    netloc = f"[{host}]" if ":" in host else host
    host_header = netloc if port == default else f"{netloc}:{port}"
    return (scheme, host, port), target.encode(), host_header.encode()


class LeanRequest:
    __slots__ = ("content", "extensions", "headers", "method", "url")

    def __init__(
        self, method: str, url: str, content: bytes, headers: dict[str, str], timeouts: _Timeouts
    ) -> None:
        self.method, self.url, self.content, self.headers = method, url, content, headers
        self.extensions: dict[str, Any] = {"timeout": timeouts}


class LeanResponse:
    """The part of httpx2.Response the adapters read."""

    def __init__(self, status: int, headers: list[tuple[bytes, bytes]], stream: _Body) -> None:
        self.status_code = status
        self.headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in headers}
        self._stream = stream

    def aiter_bytes(self) -> AsyncIterator[bytes]:
        return self._stream.__aiter__()

    async def aread(self) -> bytes:
        return b"".join([chunk async for chunk in self._stream])

    async def aclose(self) -> None:
        await self._stream.aclose()


class LeanClient:
    """The part of httpx2.AsyncClient that `providers.base.post_stream` uses (`build_request`,
    `send(stream=True)`), straight over FastTransport: the httpx2 client layer (URL model,
    header model, auth and redirect machinery, content decoding) is CPU the proxy would pay on
    every request (bench/README.md, "hot paths"). It sends no Accept-Encoding, so replies come
    uncompressed, and raises httpx2's own errors, so the adapters' error handling is unchanged."""

    def __init__(self, tls: ssl.SSLContext | None = None) -> None:
        self.transport = FastTransport(tls)

    def build_request(
        self,
        method: str,
        url: str,
        *,
        content: bytes,
        headers: dict[str, str],
        timeout: httpx2.Timeout,
    ) -> LeanRequest:
        return LeanRequest(method, url, content, headers, timeout.as_dict())

    async def send(self, request: LeanRequest, *, stream: bool = True) -> LeanResponse:
        key, target, host = _target(request.url)
        head = [request.method.encode(), b" ", target, b" HTTP/1.1\r\nhost: ", host]
        head += [b"\r\ncontent-length: ", str(len(request.content)).encode()]
        head.append(b"\r\nuser-agent: tether-proxy")
        for name, value in request.headers.items():
            head += [b"\r\n", name.encode("latin-1"), b": ", value.encode("latin-1")]
        head.append(b"\r\n\r\n")
        timeouts = request.extensions["timeout"]
        status, headers, body = await self.transport.exchange(
            key, b"".join(head) + request.content, timeouts
        )
        return LeanResponse(status, headers, body)

    async def aclose(self) -> None:
        await self.transport.aclose()
