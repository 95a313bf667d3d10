"""The Anthropic messages adapter.

`base_url` follows the Anthropic SDK's convention: the host root, without `/v1`.
"""

from __future__ import annotations

from typing import Any

from tether.messages import Request
from tether.providers.base import COUNT_PATH, HTTPProvider, StreamDecoder
from tether.wire import anthropic as wire
from tether.wire.apis import ANTHROPIC


class AnthropicProvider(HTTPProvider):
    api = "anthropic"
    path = ANTHROPIC.client_path
    decode_whole = staticmethod(wire.decode_whole)

    @property
    def count_url(self) -> str:
        return self.base_url + COUNT_PATH

    def auth_headers(self, api_key: str | None) -> dict[str, str]:
        headers = {"anthropic-version": wire.VERSION}
        if api_key:
            headers["x-api-key"] = api_key
        return headers

    def encode(self, request: Request) -> dict[str, Any]:
        return wire.encode_request(request, self.model)

    def decoder(self) -> StreamDecoder:
        return wire.StreamDecoder()
