"""Test doubles shared by the reliability tests."""

from __future__ import annotations

import socket
import subprocess
import time
from collections.abc import Iterator
from contextlib import contextmanager

T0 = 1_700_000_000.0


class FakeClock:
    """Wall-clock seconds that move only when a test says so."""

    def __init__(self, now: float = T0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


@contextmanager
def connect_that_hangs() -> Iterator[str]:
    """The URL of a port on 127.0.0.1 where a TCP connect never completes: its listening socket
    is never accepted from and its queue is full, so the kernel drops every new handshake."""
    with socket.socket() as listener:
        listener.bind(("127.0.0.1", 0))
        listener.listen(0)
        port = listener.getsockname()[1]
        queued = []
        try:
            for _ in range(3):  # a backlog of 0 still queues one; the rest fill what is left
                sock = socket.socket()
                sock.setblocking(False)
                sock.connect_ex(("127.0.0.1", port))
                queued.append(sock)
            yield f"http://127.0.0.1:{port}"
        finally:
            for sock in queued:
                sock.close()


def pings(port: int) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=0.2) as sock:
            sock.sendall(b"PING\r\n")
            return sock.recv(16).startswith(b"+PONG")
    except OSError:
        return False


def start_redis(binary: str, port: int) -> subprocess.Popen[bytes] | None:
    """Start redis-server on `port`; None when it exits at once (the port was taken)."""
    proc = subprocess.Popen(
        [binary, "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            return None
        if pings(port):
            return proc
        time.sleep(0.02)
    proc.kill()
    proc.wait()
    return None
