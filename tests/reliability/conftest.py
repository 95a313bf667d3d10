"""A real redis-server on 127.0.0.1 for the breaker stores (skipped locally when missing)."""

from __future__ import annotations

import os
import shutil
import subprocess
from collections.abc import Iterator

import pytest

from tests.reliability.helpers import free_port, start_redis


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
        port = free_port()
        proc = start_redis(binary, port)
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
