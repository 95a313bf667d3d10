"""Several proxies, one truth: two separate `tether proxy` processes (as two hosts behind a load
balancer would run them) share their breakers through one real Redis server. A primary that
fails under proxy A is skipped by proxy B's very next request: B goes straight to the backup."""

from __future__ import annotations

import shutil
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from tests.helpers import StandFactory
from tests.proxy.helpers import ask, client, read_log
from tests.reliability.helpers import free_port, start_redis


@contextmanager
def _proxy(config: Path, log: Path) -> Iterator[str]:
    command = [
        sys.executable, "-m", "tether", "proxy", "--config", str(config), "--port", "0",
        "--log", str(log),
    ]  # fmt: skip
    with subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    ) as process:
        try:
            assert process.stdout is not None
            url = process.stdout.readline().strip()
            assert url.startswith("http://127.0.0.1:"), (
                process.stderr.read() if process.stderr else ""
            )
            yield url
        finally:
            process.terminate()
            process.wait(timeout=30)


def test_two_proxies_share_one_redis_and_one_breaker(
    stand_factory: StandFactory, redis_url: str, tmp_path: Path
) -> None:
    primary = stand_factory(faults=["http:503"]) + "/v1"
    backup = stand_factory() + "/v1"
    config = tmp_path / "proxy.toml"
    config.write_text(
        f'[[upstreams]]\napi = "openai"\nbase_url = "{primary}"\n\n'
        f'[[upstreams]]\napi = "openai"\nbase_url = "{backup}"\n\n'
        f'[breakers]\nstore = "{redis_url}"\n'
    )
    log_a, log_b = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    with _proxy(config, log_a) as proxy_a, _proxy(config, log_b) as proxy_b:
        assert ask(client(proxy_a), False, "hi").startswith("Simulated reply")
        assert ask(client(proxy_b), False, "hi").startswith("Simulated reply")
    (at_a,) = read_log(log_a)
    (at_b,) = read_log(log_b)
    # A met the failing primary, opened its breaker (in Redis) and failed over
    assert [a["candidate"].split("|")[-1] for a in at_a["attempts"]] == [primary, backup]
    # B never called the primary: the breaker A opened was already open for B
    assert [a["candidate"].split("|")[-1] for a in at_b["attempts"]] == [backup]


def test_when_redis_goes_away_each_proxy_goes_on_with_its_own_breakers(
    stand_factory: StandFactory, tmp_path: Path
) -> None:
    """Redis stops while two proxies run: no request fails for it. Each proxy goes on with its
    own breakers (a primary that fails under a proxy opens that proxy's breaker in its memory, so
    its next request goes straight to the backup)."""
    binary = shutil.which("redis-server")
    if binary is None:
        pytest.skip("redis-server is not installed")
    port = free_port()
    server = start_redis(binary, port)
    assert server is not None
    primary = stand_factory(faults=["http:503"]) + "/v1"
    backup = stand_factory() + "/v1"
    config = tmp_path / "proxy.toml"
    config.write_text(
        f'[[upstreams]]\napi = "openai"\nbase_url = "{primary}"\n\n'
        f'[[upstreams]]\napi = "openai"\nbase_url = "{backup}"\n\n'
        f'[breakers]\nstore = "redis://127.0.0.1:{port}/0"\n'
    )
    logs = [tmp_path / "a.jsonl", tmp_path / "b.jsonl"]
    try:
        with _proxy(config, logs[0]) as proxy_a, _proxy(config, logs[1]) as proxy_b:
            server.terminate()
            server.wait(timeout=5)
            for url in (proxy_a, proxy_b, proxy_a, proxy_b):
                assert ask(client(url), False, "hi").startswith("Simulated reply")
    finally:
        if server.poll() is None:
            server.kill()
    for log in logs:
        first, second = read_log(log)
        assert [a["candidate"].split("|")[-1] for a in first["attempts"]] == [primary, backup]
        assert [a["candidate"].split("|")[-1] for a in second["attempts"]] == [backup]
        assert first["status"] == second["status"] == 200
