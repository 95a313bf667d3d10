"""Plain helpers shared across test folders (fixtures live in conftest.py)."""

from __future__ import annotations

import socket
import socketserver
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

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
