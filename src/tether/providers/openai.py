"""The OpenAI-compatible adapter: OpenAI, OpenRouter, vLLM, llama.cpp's server, Ollama's /v1.

`base_url` follows the OpenAI SDK's convention: it ends in `/v1` (e.g. `http://127.0.0.1:8000/v1`).
"""

from __future__ import annotations

from typing import Any

from tether.messages import Request
from tether.providers.base import HTTPProvider, StreamDecoder
from tether.wire import openai as wire


class OpenAIProvider(HTTPProvider):
    api = "openai"
    path = "/chat/completions"

    def encode(self, request: Request) -> dict[str, Any]:
        return wire.encode_request(request, self.model)

    def decoder(self) -> StreamDecoder:
        return wire.StreamDecoder()
