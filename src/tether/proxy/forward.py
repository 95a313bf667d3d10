"""The proxy's upstream side: one failover chain per client model name, and what a failed
chain becomes for the client (an HTTP status, a message, a Retry-After).

The chains are the library's own `Chain` (judge, guard with holdback, breakers, retries,
re-fit per window, tool removal), so a client of the proxy gets exactly the protection of a
client of the library. They are built here rather than through `create_agent_runtime`: that
factory assembles a whole agent (tools, rules, workspace, trace store, loop) around ONE chain
with a fixed model, while the proxy needs one chain per client model name (model mapping),
all sharing one breaker store object and one connection pool per upstream.
"""

from __future__ import annotations

import asyncio
import functools
import math
import ssl
import time
from collections import OrderedDict
from dataclasses import dataclass, replace
from typing import Any, cast

import httpx2

from tether.context.budget import ContextBudget
from tether.errors import ModelCallFailed, RequestRejected
from tether.messages import Message, Request
from tether.messages import unsealed as unsealed_parts
from tether.providers import adapter_for
from tether.providers.base import Provider
from tether.proxy.config import ProxyConfig
from tether.proxy.transport import FastTransport, LeanClient
from tether.reliability.chain import Chain
from tether.reliability.guard import GuardConfig
from tether.wire.apis import api_named

# A client can name any model: the chains of the least recently used names are dropped past this.
MAX_CHAINS = 256
# Statuses that mean "busy, come back later" rather than "broken": all of them -> 503.
BUSY_STATUSES = frozenset({429, 503, 529})


@functools.cache
def _tls_context() -> ssl.SSLContext:
    return httpx2.create_ssl_context()


@dataclass(frozen=True, slots=True)
class Failure:
    """What the client gets when no upstream answered: status, message, Retry-After (s)."""

    status: int
    message: str
    retry_after: int | None = None


class Upstreams:
    """The upstreams of one proxy: chains per client model, shared breakers and pools."""

    def __init__(self, config: ProxyConfig) -> None:
        self.config = config
        self.store = config.breakers.open_store()
        self.policy = config.breakers.policy()
        p = config.proxy
        self.retry = p.policy()
        self.guard = GuardConfig(
            holdback_chars=p.holdback_chars,
            holdback_max_chars=max(p.holdback_max_chars, p.holdback_chars),
        )
        self.judge_config = config.judge.judge_config("proxy configuration")
        self.limits = config.concurrency.limits()
        self.hedge = config.hedge.policy()
        self._keys = [u.api_key() for u in config.upstreams]
        # One pool for every upstream (pools are per host inside it), with one TLS context per
        # process: making a context takes ~50 ms. "lean" and "fast": see proxy/transport.py.
        limits = httpx2.Limits(max_connections=1000, max_keepalive_connections=256)
        self.http = httpx2.AsyncClient(limits=limits, verify=_tls_context())  # model lists
        self._lean: LeanClient | None = None
        self.client = self.http
        if p.transport == "fast":
            self.client = httpx2.AsyncClient(transport=FastTransport(_tls_context()))
        elif p.transport == "lean":  # duck-types what the adapters use of an httpx2 client
            self._lean = LeanClient(_tls_context())
            self.client = cast(httpx2.AsyncClient, self._lean)
        self._chains: OrderedDict[str, Chain] = OrderedDict()

    @property
    def apis(self) -> set[str]:
        return {u.api for u in self.config.upstreams}

    def provider(self, i: int, model: str) -> Provider:
        """Upstream `i` calling `model` (its own name for it)."""
        return self.config.upstreams[i].provider(model, self._keys[i], client=self._upstream())

    def _upstream(self) -> httpx2.AsyncClient:
        """The configured upstream client, or httpx2's own when the app runs on an event loop
        other than asyncio's (an ASGI server on trio): the lean and fast transports are built on
        asyncio's protocols and would fail every request there."""
        if self.client is self.http:
            return self.client
        try:
            asyncio.get_running_loop()
        except RuntimeError:  # on another event loop (trio's), or outside of any
            return self.http
        return self.client

    def chain_for(self, model: str) -> Chain:
        """The failover chain for a client model name (made at its first request)."""
        chain = self._chains.get(model)
        if chain is not None:
            self._chains.move_to_end(model)
            return chain
        providers = [self.provider(i, there) for i, there in self.config.route(model)]
        chain = Chain(
            providers,
            store=self.store,
            breaker_policy=self.policy,
            retry=self.retry,
            guard=self.guard,
            judge_config=self.judge_config,
            fit=ContextBudget().fit,
            limits=self.limits,
            hedge=self.hedge,
        )
        self._chains[model] = chain
        if len(self._chains) > MAX_CHAINS:  # the providers share the pools: nothing to close
            self._chains.popitem(last=False)
        return chain

    def auth_headers(self, i: int) -> dict[str, str]:
        u = self.config.upstreams[i]
        return adapter_for(u.api)(u.base_url, "-", client=self.http).auth_headers(self._keys[i])

    async def aclose(self) -> None:
        if self.client is not self.http:
            await self.client.aclose()
        await self.http.aclose()


# Retry-After is sent only when this short: SDKs wait as told, and a client waiting a minute
# to learn what the proxy knew at once is worse off than one told "no answer" now.
RETRY_AFTER_SENT_MAX_S = 10


def failure_of(exc: ModelCallFailed, chain: Chain, now: float | None = None) -> Failure:
    """The HTTP answer for a chain that gave up.

    A request the upstream refused (400/401/403/404) keeps its status: the client must fix it.
    Otherwise 503 when every attempt met a busy upstream (429, 503, 529), else 502. Retry-After
    is known when every upstream's breaker is open: the seconds until the first one lets a
    probe through (an upstream's own Retry-After opens its breaker for that long).
    """
    if isinstance(exc, RequestRejected):
        return Failure(exc.status, str(exc))
    attempts = exc.attempts
    busy = bool(attempts) and all(a.status in BUSY_STATUSES for a in attempts)
    now = time.time() if now is None else now
    untils: list[float] = []
    for c in chain.candidates:
        assert c.breaker is not None
        record = c.breaker.record
        if record.state_at(now) != "open":
            untils = []
            break
        untils.append(record.until)
    retry_after = max(1, math.ceil(min(untils) - now)) if untils else None
    if retry_after is not None and retry_after > RETRY_AFTER_SENT_MAX_S:
        retry_after = None  # an SDK honours it as told: a long wait is worse than an answer now
    message = f"tether proxy: no upstream gave an answer: {exc}"
    return Failure(503 if busy else 502, message, retry_after)


def unsealed(messages: tuple[Message, ...]) -> tuple[Message, ...]:
    """The conversation without its reasoning's seals (`messages.unsealed`), for upstreams
    of another API than the client's."""
    out = []
    for m in messages:
        parts = unsealed_parts(m.parts)
        out.append(m if parts is m.parts else replace(m, parts=parts))
    return tuple(out)


# Fields of each API's body that the neutral Request carries; the others (tool_choice, stop,
# response_format, top_p, ...) are passed through when every upstream speaks the client's API.
def upstream_request(api: str, body: dict[str, Any], request: Request, apis: set[str]) -> Request:
    """The neutral request the chain sends: always streamed upstream (usage included), with the
    client's other fields and hosted tools when every upstream speaks its API."""
    extra: dict[str, Any] = {}
    hosted, headers, messages = request.hosted_tools, request.headers, request.messages
    if apis == {api}:
        known = api_named(api).known_fields
        extra = {k: v for k, v in body.items() if k not in known}
    else:  # another API has no such tools (and another provider may not run them)
        hosted, headers, messages = (), {}, unsealed(messages)
    # A limit the client set is theirs: a reply that stops at it is passed through as it is.
    own_limit = "max_tokens" in body or "max_completion_tokens" in body
    # An Anthropic client sends a paused turn back to continue it (its API's contract): the
    # pause is its to handle, relayed as it came; only an Anthropic upstream can pause.
    return replace(
        request,
        stream=True,
        extra=extra,
        length_is_answer=own_limit,
        messages=messages,
        hosted_tools=hosted,
        headers=headers,
        continues_paused=api == "anthropic",
    )
