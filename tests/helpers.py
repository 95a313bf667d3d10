"""Plain helpers shared across test folders (fixtures live in conftest.py)."""

from __future__ import annotations

import socket
import socketserver
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import orjson

# The `stand_factory` fixture (tests/conftest.py): `url = stand_factory(script=..., faults=[...])`.
StandFactory = Callable[..., str]


class RawServer(socketserver.ThreadingTCPServer):
    """A bare TCP server on 127.0.0.1 for upstreams that misbehave below HTTP (a handler
    reads its settings as attributes of `self.server`)."""

    daemon_threads = True
    allow_reuse_address = True

    def __init__(self, handler: type[socketserver.BaseRequestHandler], **settings: Any) -> None:
        super().__init__(("127.0.0.1", 0), handler)
        for name, value in settings.items():
            setattr(self, name, value)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server_address[1]}"


def read_head(sock: socket.socket) -> bytes | None:
    """Read an HTTP request up to the end of its head: the head and what came after it, or
    None when the client closed first."""
    seen = b""
    while b"\r\n\r\n" not in seen:
        piece = sock.recv(65536)
        if not piece:
            return None
        seen += piece
    return seen


class CannedReply(socketserver.BaseRequestHandler):
    """Answers every request with HTTP 200 and the server's `reply`, `(content_type, body)`,
    whole, then closes the connection; counts them in `server.requests` (when it has one)."""

    server: Any

    def handle(self) -> None:
        sock: socket.socket = self.request
        if read_head(sock) is None:
            return
        if hasattr(self.server, "requests"):
            self.server.requests += 1
        kind, body = self.server.reply
        sock.sendall(
            b"HTTP/1.1 200 OK\r\ncontent-type: %s\r\ncontent-length: %d\r\n"
            b"connection: close\r\n\r\n%s" % (kind, len(body), body)
        )


def read_request(sock: socket.socket) -> tuple[dict[str, str], bytes] | None:
    """Read a whole HTTP request with a content-length body: its headers (names lower-cased)
    and its body, or None when the client closed first."""
    seen = read_head(sock)
    if seen is None:
        return None
    head, _, body = seen.partition(b"\r\n\r\n")
    headers = {}
    for line in head.decode("latin-1").split("\r\n")[1:]:
        name, _, value = line.partition(":")
        headers[name.strip().lower()] = value.strip()
    while len(body) < int(headers.get("content-length", "0")):
        piece = sock.recv(65536)
        if not piece:
            return None
        body += piece
    return headers, body


class RecordingReply(socketserver.BaseRequestHandler):
    """Keeps every request, `(headers, body)`, in `server.received`, and answers each with
    HTTP 200 and the server's `reply`, `(content_type, body)`, then closes the connection."""

    server: Any

    def handle(self) -> None:
        sock: socket.socket = self.request
        request = read_request(sock)
        if request is None:
            return
        self.server.received.append(request)
        kind, body = self.server.reply
        sock.sendall(
            b"HTTP/1.1 200 OK\r\ncontent-type: %s\r\ncontent-length: %d\r\n"
            b"connection: close\r\n\r\n%s" % (kind, len(body), body)
        )


@contextmanager
def canned(kind: bytes, body: bytes) -> Iterator[RawServer]:
    """A server that answers every request with `body` (see CannedReply), served for the
    block: its `url`, and `requests` as counted so far."""
    server = RawServer(CannedReply, reply=(kind, body), requests=0)
    with serving(server):
        yield server


@contextmanager
def serving(server: RawServer) -> Iterator[str]:
    """Serve from a thread for the block: the base URL."""
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield server.url
    finally:
        server.shutdown()
        server.server_close()


def read_log(path: Path) -> list[dict[str, Any]]:
    """The records of a stand's or proxy's exchange log (JSON lines): whole lines only, since
    a record longer than the writer's buffer may be read half written."""
    if not path.exists():
        return []
    data = path.read_bytes()
    data = data[: data.rfind(b"\n") + 1]
    return [orjson.loads(line) for line in data.splitlines() if line.strip()]


def wait_for_log(path: Path, n: int = 1, within: float = 3.0) -> list[dict[str, Any]]:
    """The log's records once it holds `n` of them (a reply is logged when it ends, a cut one
    when the writer notices), or what it holds after `within` seconds."""
    deadline = time.monotonic() + within
    records = read_log(path)
    while len(records) < n and time.monotonic() < deadline:
        time.sleep(0.02)
        records = read_log(path)
    return records
