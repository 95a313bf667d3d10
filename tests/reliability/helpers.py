"""Test doubles shared by the reliability tests."""

from __future__ import annotations

import socket
import subprocess
import time

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
