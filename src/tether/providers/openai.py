"""The OpenAI-compatible adapter: OpenAI, OpenRouter, vLLM, llama.cpp's server, Ollama's /v1.

`base_url` follows the OpenAI SDK's convention: it ends in `/v1` (e.g. `http://127.0.0.1:8000/v1`).
`reasoning_dialect` says how the server takes a reasoning level: "openai" (`reasoning_effort`),
"openrouter" (`reasoning.effort`) or "glm" (`thinking: {"type": "disabled"}`).
"""

from __future__ import annotations

from typing import Any

from tether.errors import ConfigError
from tether.messages import Request
from tether.providers.base import COUNT_PATH, HTTPProvider, StreamDecoder
from tether.wire import openai as wire
from tether.wire.apis import OPENAI


class OpenAIProvider(HTTPProvider):
    api = "openai"
    path = OPENAI.client_path
    decode_whole = staticmethod(wire.decode_whole)

    def __init__(
        self, base_url: str, model: str, *, reasoning_dialect: str = "openai", **options: Any
    ) -> None:
        if reasoning_dialect not in wire.REASONING_DIALECTS:
            raise ConfigError(
                f"unknown reasoning dialect {reasoning_dialect!r}: use one of "
                + ", ".join(wire.REASONING_DIALECTS)
            )
        super().__init__(base_url, model, **options)
        self.reasoning_dialect = reasoning_dialect

    @property
    def count_url(self) -> str:
        """llama.cpp's server counts at its root (the base URL without `/v1`); a server that
        has no such route answers 404 and the estimate stands."""
        return self.base_url.removesuffix("/v1") + COUNT_PATH

    def encode(self, request: Request) -> dict[str, Any]:
        return wire.encode_request(request, self.model, self.reasoning_dialect)

    def decoder(self) -> StreamDecoder:
        return wire.StreamDecoder()
