"""Proxies in front of real stands, both served by uvicorn on 127.0.0.1 in threads."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pytest

from tests.helpers import RawServer, RecordingReply, serving
from tests.proxy.helpers import ProxyFactory, SharedStand
from tether.proxy import Proxy, ProxyConfig, ProxyThread
from tether.stand import StandThread, build_stand
from tether.wire.apis import api_named


@pytest.fixture(scope="session")
def shared_stand() -> Iterator[SharedStand]:
    """`shared_stand("gateway-200")`: one stand per fault spec (none: healthy) for the whole
    session; replies depend only on the request, so tests can share them."""
    started: dict[str, StandThread] = {}

    def get(fault: str = "") -> str:
        if fault not in started:
            started[fault] = StandThread(build_stand(faults=[fault] if fault else []))
            started[fault].start()
        return started[fault].url

    yield get
    for thread in started.values():
        thread.stop()


@pytest.fixture
def proxy_factory(tmp_path: Path) -> Iterator[ProxyFactory]:
    """`url = proxy_factory([stand_url, ...], api="openai", log=path, breakers={...},
    upstream={...options of every upstream}, sections={"hedge": {...}}, **[proxy] options)`."""
    started: list[ProxyThread] = []

    def start(
        upstreams: list[str],
        api: str = "openai",
        log: Path | None = None,
        breakers: dict[str, Any] | None = None,
        upstream: dict[str, Any] | None = None,
        sections: dict[str, Any] | None = None,
        **options: Any,
    ) -> str:
        rows = [
            {"api": api, "base_url": url + api_named(api).sdk_base, **(upstream or {})}
            for url in upstreams
        ]
        section = {"log": str(log or tmp_path / "proxy.jsonl"), "backoff_s": 0.01, **options}
        config = ProxyConfig.model_validate(
            {"upstreams": rows, "proxy": section, "breakers": breakers or {}, **(sections or {})}
        )
        thread = ProxyThread(Proxy(config))
        started.append(thread)
        return thread.start()

    yield start
    for thread in started:
        thread.stop()


@pytest.fixture
def recorder() -> Iterator[Callable[[bytes], RawServer]]:
    """`upstream = recorder(reply)`: an upstream on 127.0.0.1 that keeps every request in
    `upstream.received` (headers, body) and answers each with the SSE bytes `reply`."""
    with ExitStack() as stack:

        def start(reply: bytes) -> RawServer:
            server = RawServer(RecordingReply, reply=(b"text/event-stream", reply), received=[])
            stack.enter_context(serving(server))
            return server

        yield start
