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
