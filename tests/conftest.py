"""Shared fixtures: real stands on 127.0.0.1, started in a background thread; a real
redis-server for the breaker stores and for proxies that share one; a real OTLP/HTTP
receiver; the event loops (asyncio, trio) for the tests of what runs on both."""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, HTTPServer
from pathlib import Path
from typing import Any

import pytest

from tests.helpers import StandFactory
from tests.reliability.helpers import free_port, start_redis
from tether.stand import Script, StandThread, build_stand

# Asserts in the plain helpers modules fail with pytest's detailed messages, as in a test.
pytest.register_assert_rewrite("tests.proxy.helpers")


@pytest.fixture(autouse=True, scope="session")
def _private_trace_store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """Runs recorded by the tests (and the CLI processes they start) never touch the user's
    own trace store."""
    path = tmp_path_factory.mktemp("traces") / "traces.db"
    old = os.environ.get("TETHER_TRACE_STORE")
    os.environ["TETHER_TRACE_STORE"] = str(path)
    yield
    if old is None:
        os.environ.pop("TETHER_TRACE_STORE", None)
    else:
        os.environ["TETHER_TRACE_STORE"] = old


@pytest.fixture(autouse=True, scope="session")
def _no_sdk_base_urls() -> Iterator[None]:
    """`tether ask` honours OPENAI_BASE_URL / ANTHROPIC_BASE_URL as the SDKs do: a developer's
    own settings must not send the tests' questions to a real provider."""
    import os

    saved = {
        k: os.environ.pop(k) for k in ("OPENAI_BASE_URL", "ANTHROPIC_BASE_URL") if k in os.environ
    }
    yield
    os.environ.update(saved)


@pytest.fixture
def stand_factory() -> Iterator[StandFactory]:
    """Start stands: `url = stand_factory(script=..., faults=[...], log=path)`; all stopped after."""
    started: list[StandThread] = []

    def start(
        script: Script | dict[str, Any] | str | Path | None = None,
        faults: list[str] | None = None,
        log: str | Path | None = None,
        seed: int | None = None,
    ) -> str:
        if isinstance(script, dict):
            script = Script.model_validate(script)
        thread = StandThread(build_stand(script, faults, str(log) if log else None, seed))
        started.append(thread)
        return thread.start()

    yield start
    for thread in started:
        thread.stop()


@pytest.fixture
def stand_url(stand_factory: StandFactory) -> str:
    """A stand with the default models and no faults."""
    return stand_factory()


@pytest.fixture(scope="module", params=["asyncio", "trio"])
def anyio_backend(request: pytest.FixtureRequest) -> str:
    """The event loops tether's library runs on: a test that takes this fixture (or is marked
    `anyio`) runs once on each, passing it on as `anyio.run(..., backend=anyio_backend)`. Only
    the tests of what a user can run on trio take it (README, "Event loops"). trio comes with
    the dev extra: without it the trio variants fail rather than vanish."""
    if request.param == "trio" and importlib.util.find_spec("trio") is None:
        pytest.fail("trio is not installed: pip install -e '.[dev]' installs it")
    return str(request.param)


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


@pytest.fixture
def otlp_receiver() -> Iterator[tuple[str, list[object]]]:
    """A real OTLP/HTTP receiver on 127.0.0.1 that decodes the protobuf it is sent."""
    from opentelemetry.proto.collector.trace.v1.trace_service_pb2 import (
        ExportTraceServiceRequest,
        ExportTraceServiceResponse,
    )

    received: list[object] = []

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            request = ExportTraceServiceRequest()
            request.ParseFromString(self.rfile.read(int(self.headers["content-length"])))
            received.append(request)
            body = ExportTraceServiceResponse().SerializeToString()
            self.send_response(200)
            self.send_header("content-type", "application/x-protobuf")
            self.send_header("content-length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args: object) -> None:
            pass

    server = HTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}/v1/traces", received
    server.shutdown()
