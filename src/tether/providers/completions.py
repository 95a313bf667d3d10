"""The legacy completions adapter (`POST /v1/completions`): a prompt, its continuation; for
servers that still speak only this (no tools: `supports_tools` is False).

`base_url` follows the OpenAI SDK's convention: it ends in `/v1`.
"""

from __future__ import annotations

from typing import Any

from tether.messages import Request
from tether.providers.base import HTTPProvider, StreamDecoder
from tether.wire import completions as wire
from tether.wire.apis import COMPLETIONS


class CompletionsProvider(HTTPProvider):
    api = "completions"
    path = COMPLETIONS.client_path
    decode_whole = staticmethod(wire.decode_whole)

    def __init__(self, base_url: str, model: str, **options: Any) -> None:
        super().__init__(base_url, model, **{**options, "supports_tools": False})

    def encode(self, request: Request) -> dict[str, Any]:
        return wire.encode_request(request, self.model)

    def decoder(self) -> StreamDecoder:
        return wire.StreamDecoder()
