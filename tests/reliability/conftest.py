"""A real redis-server on 127.0.0.1 for the breaker stores (skipped locally when missing)."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import time
from collections.abc import Iterator

import pytest


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def _pings(port: int) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=0.2) as sock:
            sock.sendall(b"PING\r\n")
            return sock.recv(16).startswith(b"+PONG")
    except OSError:
        return False


def _start(binary: str, port: int) -> subprocess.Popen[bytes] | None:
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
        if _pings(port):
            return proc
        time.sleep(0.02)
    proc.kill()
    proc.wait()
    return None


@pytest.fixture(scope="session")
def redis_url() -> Iterator[str]:
    """The URL of a fresh redis-server (no persistence), stopped after the session."""
    binary = shutil.which("redis-server")
    if binary is None:
        message = "redis-server is not installed (apt-get install redis-server)"
        if os.environ.get("CI"):
            pytest.fail(f"CI must install it: {message}")
        pytest.skip(message)
    for _ in range(3):
        port = _free_port()
        proc = _start(binary, port)
        if proc is not None:
            break
    else:
        pytest.fail("redis-server did not start and answer PING")
    try:
        yield f"redis://127.0.0.1:{port}/0"
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
