"""The Provider protocol and the one HTTP streaming path every adapter shares.

An adapter turns a neutral `Request` into its vendor's body, posts it, and turns the streamed
reply into neutral events. It decides nothing: whether a turn is an answer, whether to retry,
where to fail over, all of that is policy and lives in `tether.reliability`.

Timeouts are per phase, never one total limit on a flowing stream:

- `connect`: opening the connection;
- `first_byte`: from sending the request to the first byte of the reply body;
- `silence`: the longest gap between two reads once the reply has started; a run of SSE data
  events that carry nothing (empty deltas) that long is silence too;
- `progress`: the longest a stream may go on saying nothing while keep-alives (comments,
  `ping` events) keep it from being silent: a relay that pings while its own upstream hangs
  would otherwise hold the call forever. Generous, for models that think without streaming.

A stream ends at its format's end marker (`[DONE]`, `message_stop`, ...), not when the server
closes the body: a server that lingers after the marker gets `END_GRACE_S` to close, then the
connection is dropped and the reply counts, whole.
"""

from __future__ import annotations

import email.utils
import time
from collections.abc import AsyncGenerator, AsyncIterator, Callable
from dataclasses import dataclass, replace
from typing import Any, Protocol, runtime_checkable

import anyio
import httpx2
import orjson

from tether.errors import (
    ConfigError,
    FirstByteTimeout,
    ProviderConnectError,
    ProviderStatusError,
    ReplyTooLarge,
    SilenceTimeout,
    StreamDropped,
)
from tether.messages import Event, Request, StreamEnd
from tether.wire import anthropic as anthropic_wire
from tether.wire.framing import WholeBodyDecoder
from tether.wire.shape import unencodable

# The fields of a messages body that a count reads (a count takes no limit, stream or sampling).
COUNT_FIELDS = frozenset({"model", "messages", "system", "tools", "tool_choice", "thinking"})
COUNT_PATH = "/v1/messages/count_tokens"


@dataclass(frozen=True, slots=True)
class Timeouts:
    """Per-phase limits in seconds (see the module docstring)."""

    connect: float = 10.0
    first_byte: float = 60.0
    silence: float = 60.0
    write: float = 30.0
    progress: float = 300.0

    def __post_init__(self) -> None:
        for name in ("connect", "first_byte", "silence", "write", "progress"):
            value = getattr(self, name)
            if not value > 0:
                raise ConfigError(f"timeout {name}={value!r} must be a positive number of seconds")


@runtime_checkable
class Provider(Protocol):
    """One model behind one API: what it is called, what it can take, and its stream."""

    api: str
    model: str
    window: int
    supports_tools: bool
    omit_reasoning: bool  # the server refused the reasoning field once: do not send it

    def stream(self, request: Request) -> AsyncIterator[Event]:
        """The reply to `request` as neutral events, as they arrive."""
        ...

    async def aclose(self) -> None: ...


class StreamDecoder(Protocol):
    def feed(self, chunk: bytes) -> list[Event]: ...

    def flush(self) -> list[Event]: ...


def retry_after_seconds(value: str | None, now: Callable[[], float] = time.time) -> float | None:
    """Retry-After as seconds: either a number or an HTTP date."""
    if not value:
        return None
    value = value.strip()
    try:
        return max(0.0, float(value))
    except ValueError:
        pass
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    return max(0.0, when.timestamp() - now())


# A reply's bytes past this end it (ReplyTooLarge): the loop guard's 160,000 characters fit in
# far less even at one character per event, and events a format drops (empty deltas) are
# invisible to the guard.
MAX_REPLY_BYTES = 64 * 1024 * 1024
# How long a server may take to close a stream's body after its end marker.
END_GRACE_S = 1.0
# An error reply's body is read up to this much: its message is in the first bytes, and an
# endless body must not be held whole.
ERROR_BODY_MAX_BYTES = 64 * 1024


async def _error_body(response: httpx2.Response, limit_s: float) -> bytes:
    """The start of an HTTP error's body (at most ERROR_BODY_MAX_BYTES, read within
    `limit_s`); whatever arrived when the time or the limit is up."""
    parts: list[bytes] = []
    size = 0
    with anyio.move_on_after(limit_s):
        try:
            async for chunk in response.aiter_bytes():
                parts.append(chunk)
                size += len(chunk)
                if size >= ERROR_BODY_MAX_BYTES:
                    break
        except httpx2.TransportError:
            pass
    return b"".join(parts)[:ERROR_BODY_MAX_BYTES]


def _error_message(body: bytes) -> str:
    try:
        data = orjson.loads(body)
    except orjson.JSONDecodeError:
        return body[:300].decode("utf-8", "replace").strip()
    if isinstance(data, dict):
        error = data.get("error", data)
        if isinstance(error, dict):
            return str(error.get("message") or error)
        return str(error)
    return str(data)[:300]


async def post_stream(
    client: httpx2.AsyncClient,
    url: str,
    body: dict[str, Any],
    headers: dict[str, str],
    timeouts: Timeouts,
    provider: str = "",
) -> AsyncGenerator[bytes]:
    """POST `body` and yield the reply's bytes as they arrive, under the phase timeouts.

    Raises WireError when `body` cannot be encoded (nested too deep); ProviderConnectError,
    ProviderStatusError or FirstByteTimeout before the first byte; SilenceTimeout or
    StreamDropped after it.
    """
    first_byte_limit = timeouts.first_byte
    # The header read uses the larger limit. httpx fixes the read timeout of the whole body
    # when the body starts (from the per-request timeout dict), yet the body's first byte may
    # take the rest of the first-byte limit: when that rest fits in the silence limit, the dict
    # is switched to silence; otherwise each later read gets a silence cancel scope.
    timeout = httpx2.Timeout(
        connect=timeouts.connect,
        read=max(timeouts.first_byte, timeouts.silence),
        write=timeouts.write,
        pool=timeouts.connect,
    )
    try:
        content = orjson.dumps(body)
    except TypeError as exc:  # a client's field nested past what JSON encoders write
        raise unencodable(body, exc) from None
    request = client.build_request("POST", url, content=content, headers=headers, timeout=timeout)
    # Both waits before the first byte (the reply's head, then its body) share one deadline.
    # Plain cancel scopes rather than fail_after: the same limit, cheaper, on every call's path
    # (bench/README.md, "Why the hot paths look as they do").
    deadline = anyio.current_time() + first_byte_limit
    try:
        with anyio.CancelScope(deadline=deadline) as scope:
            response = await client.send(request, stream=True)
        if scope.cancelled_caught:
            raise TimeoutError
    except (TimeoutError, httpx2.ReadTimeout) as exc:
        raise FirstByteTimeout(
            f"no reply from {url} within {first_byte_limit:g}s (first-byte limit)",
            limit_s=first_byte_limit,
            provider=provider,
            url=url,
        ) from exc
    except httpx2.TransportError as exc:
        raise ProviderConnectError(
            f"could not reach {url}: {exc or type(exc).__name__}", provider=provider, url=url
        ) from exc
    try:
        if response.status_code >= 400:
            raw = await _error_body(response, timeouts.silence)
            raise ProviderStatusError(
                f"{url} answered HTTP {response.status_code}: {_error_message(raw)}",
                status=response.status_code,
                retry_after=retry_after_seconds(response.headers.get("retry-after")),
                body=raw[:2000].decode("utf-8", "replace"),
                provider=provider,
                url=url,
            )
        now = anyio.current_time()
        remaining = deadline - now
        scoped = timeouts.silence < remaining
        timeout_dict = request.extensions.get("timeout")
        if not scoped and isinstance(timeout_dict, dict):
            timeout_dict["read"] = timeouts.silence
        chunks = response.aiter_bytes()
        try:
            with anyio.CancelScope(deadline=now + max(remaining, 0.001)) as scope:
                first = await anext(chunks, b"")
            if scope.cancelled_caught:
                raise TimeoutError
        except (TimeoutError, httpx2.ReadTimeout) as exc:
            raise FirstByteTimeout(
                f"{url} sent headers but no body within {first_byte_limit:g}s (first-byte limit)",
                limit_s=first_byte_limit,
                provider=provider,
                url=url,
            ) from exc
        except httpx2.TransportError as exc:
            raise StreamDropped(
                f"{url} closed the stream: {exc}", provider=provider, url=url
            ) from exc
        if not first:
            return
        yield first
        while True:
            try:
                if scoped:
                    with anyio.fail_after(timeouts.silence):
                        chunk = await anext(chunks)
                else:
                    chunk = await anext(chunks)
            except StopAsyncIteration:
                return
            except (TimeoutError, httpx2.ReadTimeout) as exc:
                raise SilenceTimeout(
                    f"{url} went silent for {timeouts.silence:g}s in mid-stream (silence limit)",
                    limit_s=timeouts.silence,
                    provider=provider,
                    url=url,
                ) from exc
            except httpx2.TransportError as exc:
                raise StreamDropped(
                    f"{url} broke the stream off: {exc or type(exc).__name__}",
                    provider=provider,
                    url=url,
                ) from exc
            yield chunk
    finally:
        await response.aclose()


async def _drain(chunks: AsyncIterator[bytes], room: int) -> None:
    """Read what a server sends after its stream's end marker (normally nothing: the body's own
    end follows at once, and the connection can be reused) for at most `END_GRACE_S`; a server
    that lingers or sends more than `room` bytes is left (the connection is dropped)."""
    with anyio.move_on_after(END_GRACE_S):
        try:
            async for rest in chunks:
                room -= len(rest)
                if room < 0:
                    return
        except (SilenceTimeout, StreamDropped):
            return  # the reply was whole before the server went quiet or broke off


class HTTPProvider:
    """The shared body of the three adapters; each subclass names its wire format."""

    api = "openai"
    path = ""
    # A whole (non-streamed) reply body to events, for the formats that can be read unstreamed.
    decode_whole: Callable[[bytes], list[Event]] | None = None

    def __init__(
        self,
        base_url: str,
        model: str,
        *,
        api_key: str | None = None,
        window: int = 128_000,
        supports_tools: bool = True,
        timeouts: Timeouts | None = None,
        client: httpx2.AsyncClient | None = None,
        headers: dict[str, str] | None = None,
        streamed: bool = True,
        max_reply_bytes: int = MAX_REPLY_BYTES,
    ) -> None:
        if not base_url.startswith(("http://", "https://")):
            raise ConfigError(f"base URL {base_url!r} must start with http:// or https://")
        if not streamed and type(self).decode_whole is None:
            raise ConfigError(
                f"{base_url}: {self.api} upstreams are read as streams only; remove stream = false"
            )
        # False: asked for whole replies (for servers that stream badly); judged the same way.
        self.streamed = streamed
        if max_reply_bytes <= 0:
            raise ConfigError(f"max_reply_bytes={max_reply_bytes} must be a positive number")
        self.max_reply_bytes = max_reply_bytes
        if not model:
            raise ConfigError("a provider needs a model name")
        if window <= 0:
            raise ConfigError(f"window={window} must be a positive number of tokens")
        self.base_url = base_url.rstrip("/")
        self.model = model
        self.window = window
        self.supports_tools = supports_tools
        self.timeouts = timeouts or Timeouts()
        # Set when the server refused the reasoning field once: it is not sent again.
        self.omit_reasoning = False
        self._api_key = api_key
        self._extra_headers = headers or {}
        self._own_client = client is None
        # Made here, not at the first call: building a client (TLS context) takes tens of ms,
        # which must not be counted as the provider's first-byte time.
        self._client: httpx2.AsyncClient | None = client or self._new_client()

    @property
    def url(self) -> str:
        return self.base_url + self.path

    @property
    def count_url(self) -> str | None:
        """Where this provider counts a request's input tokens without running it, if anywhere
        (see `count_tokens`)."""
        return None

    def _headers(self) -> dict[str, str]:
        return {
            "content-type": "application/json",
            **self.auth_headers(self._api_key),
            **self._extra_headers,
        }

    async def count_tokens(self, request: Request, timeout_s: float = 10.0) -> int | None:
        """The provider's own count of what `request` would read, or None when it has no count
        endpoint or cannot say (the caller keeps its estimate). `POST /v1/messages/count_tokens`
        with a messages body: Anthropic's API, and llama.cpp's server for either format (it
        applies the model's chat template, so its count is the call's `prompt_tokens`)."""
        url = self.count_url
        if url is None:
            return None
        body = anthropic_wire.encode_request(request.for_api("anthropic"), self.model)
        body = {k: v for k, v in body.items() if k in COUNT_FIELDS}
        client = self._http()  # httpx2's, or the proxy's lean client: build and send only
        sent = client.build_request(
            "POST", url, content=orjson.dumps(body), headers=self._headers(),
            timeout=httpx2.Timeout(timeout_s),
        )  # fmt: skip
        try:
            reply = await client.send(sent, stream=True)
            try:
                content = await reply.aread()
            finally:
                await reply.aclose()
            counted = orjson.loads(content) if reply.status_code == 200 else None
        except (httpx2.HTTPError, orjson.JSONDecodeError):
            return None
        value = counted.get("input_tokens") if isinstance(counted, dict) else None
        return value if isinstance(value, int) and value > 0 else None

    def auth_headers(self, api_key: str | None) -> dict[str, str]:
        return {"authorization": f"Bearer {api_key}"} if api_key else {}

    def encode(self, request: Request) -> dict[str, Any]:
        raise NotImplementedError  # each adapter defines its format

    def decoder(self) -> StreamDecoder:
        raise NotImplementedError  # each adapter defines its format

    @staticmethod
    def _new_client() -> httpx2.AsyncClient:
        return httpx2.AsyncClient(
            limits=httpx2.Limits(max_connections=100, max_keepalive_connections=20)
        )

    def _http(self) -> httpx2.AsyncClient:
        if self._client is None:
            self._client = self._new_client()
        return self._client

    async def stream(self, request: Request) -> AsyncIterator[Event]:
        if self.omit_reasoning and request.reasoning_effort is not None:
            request = replace(request, reasoning_effort=None)
        body = self.encode(request.for_api(self.api))
        body["stream"] = self.streamed
        headers = {**request.headers, **self._headers()}
        decoder: StreamDecoder
        if self.streamed:
            decoder = self.decoder()
        else:
            decode_whole = type(self).decode_whole
            assert decode_whole is not None
            body.pop("stream_options", None)
            decoder = WholeBodyDecoder(decode_whole)
        chunks = post_stream(self._http(), self.url, body, headers, self.timeouts, self.api)
        received, limit = 0, self.max_reply_bytes
        timeouts = self.timeouts
        blank_since: float | None = None  # since when only empty events arrived
        said_at = anyio.current_time()  # when an event last said something
        try:
            async for chunk in chunks:
                received += len(chunk)
                if received > limit:
                    raise ReplyTooLarge(
                        f"{self.url} sent more than {limit:,} bytes in one reply",
                        provider=self.api,
                        url=self.url,
                    )
                events = decoder.feed(chunk)
                for event in events:
                    yield event
                if events and type(events[-1]) is StreamEnd:
                    await _drain(chunks, limit - received)
                    return
                if getattr(decoder, "said", True):
                    said_at = anyio.current_time()
                    blank_since = None
                    continue
                now = anyio.current_time()
                if now - said_at > timeouts.progress:
                    raise self._said_nothing(
                        "keep-alives and empty events", "progress", timeouts.progress
                    )
                # Empty deltas without end keep the bytes flowing but say nothing: as long as
                # the silence limit, they are silence (keep-alive comments and pings are not).
                if getattr(decoder, "blank_events", 0):
                    if blank_since is None:
                        blank_since = now
                    elif now - blank_since > timeouts.silence:
                        raise self._said_nothing("empty events", "silence", timeouts.silence)
                else:
                    blank_since = None
            for event in decoder.flush():
                yield event
        finally:
            await chunks.aclose()

    def _said_nothing(self, what: str, name: str, limit_s: float) -> SilenceTimeout:
        """A stream that kept sending `what` and nothing else for its `name` limit."""
        return SilenceTimeout(
            f"{self.url} sent only {what} for {limit_s:g}s ({name} limit)",
            limit_s=limit_s,
            provider=self.api,
            url=self.url,
        )

    async def aclose(self) -> None:
        if self._own_client and self._client is not None:
            await self._client.aclose()
            self._client = None

    async def __aenter__(self) -> HTTPProvider:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.aclose()

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.base_url!r}, {self.model!r})"
