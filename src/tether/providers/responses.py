"""The Responses API adapter (`POST /v1/responses`): OpenAI's newer API, and servers that
speak it.

`base_url` follows the OpenAI SDK's convention: it ends in `/v1`.
"""

from __future__ import annotations

from typing import Any

from tether.messages import Request
from tether.providers.base import HTTPProvider, StreamDecoder
from tether.wire import responses as wire
from tether.wire.apis import RESPONSES


class ResponsesProvider(HTTPProvider):
    api = "responses"
    path = RESPONSES.client_path

    def encode(self, request: Request) -> dict[str, Any]:
        return wire.encode_request(request, self.model)

    def decoder(self) -> StreamDecoder:
        return wire.StreamDecoder()
