"""The Ollama native adapter (`/api/chat`, NDJSON).

`base_url` is the host root, e.g. `http://127.0.0.1:11434`.
"""

from __future__ import annotations

from typing import Any

from tether.messages import Request
from tether.providers.base import HTTPProvider, StreamDecoder
from tether.wire import ollama as wire
from tether.wire.apis import OLLAMA


class OllamaProvider(HTTPProvider):
    api = "ollama"
    path = OLLAMA.client_path

    def encode(self, request: Request) -> dict[str, Any]:
        return wire.encode_request(request, self.model)

    def decoder(self) -> StreamDecoder:
        return wire.StreamDecoder()
