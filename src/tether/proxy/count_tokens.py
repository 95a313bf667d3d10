"""Anthropic's `POST /v1/messages/count_tokens` (Claude Code asks it before long requests).

Answered by the first Anthropic upstream that knows the model (with that upstream's model
name and key); when there is none, or it cannot say, by tether's own estimate, marked as such:
`"estimated": true` in the body and `x-tether-token-count: estimate` (else `upstream`).
"""

from __future__ import annotations

import contextlib
from typing import Any

import orjson

from tether.context.tokens import count_request
from tether.proxy.forward import Upstreams
from tether.wire.apis import ANTHROPIC

PATH = "/v1/messages/count_tokens"
HEADER = "x-tether-token-count"


async def from_upstream(upstreams: Upstreams, body: dict[str, Any]) -> dict[str, Any] | None:
    """The count of the first Anthropic upstream that answers one, or None."""
    for i, there in upstreams.config.route(str(body.get("model", ""))):
        u = upstreams.config.upstreams[i]
        if u.api != ANTHROPIC.name:
            continue
        url = u.base_url.rstrip("/") + PATH
        sent = {**body, "model": there}
        with contextlib.suppress(Exception):  # any failure: the next one, or the estimate
            reply = await upstreams.http.post(
                url,
                content=orjson.dumps(sent),
                headers={"content-type": "application/json", **upstreams.auth_headers(i)},
                timeout=u.first_byte_s,
            )
            counted = orjson.loads(reply.content) if reply.status_code == 200 else None
            if isinstance(counted, dict) and isinstance(counted.get("input_tokens"), int):
                return counted
    return None


def estimate(body: dict[str, Any]) -> dict[str, Any]:
    """tether's own count of a messages body (a WireError when it is not one)."""
    _, request = ANTHROPIC.decode_request({"max_tokens": 1, **body})
    return {"input_tokens": count_request(request).total, "estimated": True}
