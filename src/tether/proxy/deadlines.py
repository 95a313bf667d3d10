"""The client's deadline: how long the client of one request will wait for its reply.

The SDKs say it in a header: Anthropic's sends `x-stainless-timeout`, OpenAI's
`x-stainless-read-timeout` (the read timeout, which is what runs out while the proxy holds the
reply back); any client can send `timeout` (seconds). Otherwise `[proxy] client_timeout_s`
applies, or no deadline at all. The chain must have answered (or failed) by `SHARE` of it and
`MARGIN_S` before its end (for a timeout that can spare it): the rest is the reply's way back
to the client.
"""

from __future__ import annotations

import math

HEADERS = (b"x-stainless-timeout", b"x-stainless-read-timeout", b"timeout")
SHARE = 0.9
MARGIN_S = 1.0


def _chain_s(timeout: float) -> float:
    return max(timeout / 2, min(timeout * SHARE, timeout - MARGIN_S))


def _seconds(raw: bytes) -> float | None:
    try:
        value = float(raw)
    except ValueError:
        return None
    return value if math.isfinite(value) and value > 0 else None


def client_deadline_s(headers: list[tuple[bytes, bytes]], default: float | None) -> float | None:
    """The seconds the chain has for this request: the client's own timeout where a header
    says it (a value that is not a positive number is ignored), else `default`; None: no
    deadline."""
    said: dict[bytes, float] = {}
    for name, value in headers:
        if name in HEADERS:
            seconds = _seconds(value)
            if seconds is not None:
                said[name] = seconds
    timeout = next((said[h] for h in HEADERS if h in said), default)
    return None if timeout is None else _chain_s(timeout)
