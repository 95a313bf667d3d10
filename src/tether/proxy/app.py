"""The proxy's HTTP app: OpenAI's and Anthropic's paths in front of judged failover chains.

Routes: `POST /v1/chat/completions` (and `/chat/completions`), `POST /v1/responses` (and
`/responses`), `POST /v1/completions` (legacy, and `/completions`), `POST /v1/messages`,
`POST /v1/messages/count_tokens` (proxy/count_tokens.py), `GET /v1/models` (and `/models`).

Every request is decoded into a neutral request (400 in the API's shape, no upstream touched,
when it does not decode), called through the chain of its model name, and answered in the
client's API. The HTTP status is decided only when the first byte is ready to go:

- not streamed: the whole judged turn, or a 502/503 (Retry-After when known) in the API's shape;
- streamed: the response starts with the first text the chain's holdback releases; before
  that, a chain that gives up is still a 502/503. Text is released once the judge is sure the
  held start (at least `holdback_chars`, 64; up to `holdback_max_chars`, 1,000, while it could
  still be a failure) is an answer's, so a turn the judge can reject only at its end
  (`unprocessed` needs the usage, a late error frame, a drop, silence, truncation)
  may have reached the client already. Then the chain does not fail over mid-answer: the
  client gets an in-stream error event and no end marker (`[DONE]`, `message_stop`), so its
  SDK raises instead of taking a partial answer as complete. Set `holdback_chars` high to hold
  whole turns (then no byte of a rejected turn is ever sent, at the cost of streaming).

A client that disconnects cancels the chain, which closes the upstream request. One exchange
record per client request goes to the log (`tether audit` reads it).
"""

from __future__ import annotations

import contextlib
import logging
import math
import os
import time
from collections.abc import AsyncIterator, Callable
from dataclasses import replace
from datetime import UTC, datetime
from itertools import count
from typing import Any

import anyio
import orjson
from anyio import CancelScope
from anyio.abc import TaskGroup
from starlette.applications import Starlette
from starlette.requests import Request as HTTPRequest
from starlette.responses import Response
from starlette.routing import Route
from starlette.types import Receive, Scope, Send

from tether.citations import Citations
from tether.errors import ConfigError, ModelCallFailed, WireError
from tether.exchange import ExchangeLog, reply_record, request_fields
from tether.messages import (
    ErrorFrame,
    Finish,
    NativeBlock,
    NativeDelta,
    ReasoningDelta,
    ReasoningPart,
    Request,
    StreamEnd,
    TextDelta,
    ToolCallDelta,
    Turn,
    UsageReport,
)
from tether.proxy import count_tokens
from tether.proxy.config import ProxyConfig
from tether.proxy.deadlines import client_deadline_s
from tether.proxy.export import SpanExport
from tether.proxy.forward import (
    Failure,
    Upstreams,
    failure_of,
    upstream_request,
)
from tether.reliability.chain import Answer, Chain
from tether.reliability.deadline import Deadline
from tether.reliability.judge import whole_limit_used
from tether.trace.otel import endpoint_from_env
from tether.trace.spans import Recorder
from tether.trace.store import TraceStore
from tether.wire.apis import (
    ANTHROPIC,
    COMPLETIONS,
    OLLAMA,
    OPENAI,
    RESPONSES,
    Api,
    ModelRow,
    StreamEncoder,
    api_named,
)

JSON = "application/json"
# The formats the proxy serves to clients (Ollama is spoken only to upstreams).
SERVED = (OPENAI, ANTHROPIC, RESPONSES, COMPLETIONS)
_COMPLETION_PATHS: dict[str, Api] = {path: api for api in SERVED for path in api.paths}
log = logging.getLogger("tether.proxy")


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds")


def _whole_body(api: Api, model: str, reply_id: str, turn: Turn, finish_raw: str) -> bytes:
    return orjson.dumps(api.whole(model, reply_id, turn, finish_raw))


def _span_export(configured: str | None) -> SpanExport | None:
    """The OTLP export the configuration asks for (an error without the otel extra), else the
    one the environment's OTEL_EXPORTER_OTLP_* variables ask for (without the extra: said once,
    and the proxy serves without it, as `ask` and `run` do)."""
    if configured:
        return SpanExport(configured)
    endpoint = endpoint_from_env()
    if endpoint is None:
        return None
    try:
        return SpanExport(endpoint)
    except ConfigError as exc:
        log.warning("no OTLP export: %s", exc)
        return None


class Proxy:
    """The guarding proxy: its upstreams, its exchange log and the ASGI app."""

    def __init__(self, config: ProxyConfig) -> None:
        self.config = config
        self.upstreams = Upstreams(config)
        self.log = ExchangeLog(config.proxy.log) if config.proxy.log else None
        # Spans are opt-in (`store`): one run per request, the chain's spans under it.
        self.traces = TraceStore(config.proxy.store) if config.proxy.store else None
        self.export = _span_export(config.proxy.otlp_endpoint)  # OTLP, in the background
        self._ids = count(1)
        self._id_prefix = os.urandom(4).hex()
        self.starlette = Starlette(
            routes=[
                *(
                    Route(path, self._endpoint(api), methods=["POST"])
                    for path, api in _COMPLETION_PATHS.items()
                ),
                Route("/v1/models", self._models, methods=["GET"]),
                Route("/models", self._models, methods=["GET"]),
                Route(count_tokens.PATH, self._count_tokens, methods=["POST"]),
            ],
            lifespan=self._lifespan,
        )
        self._fast_paths = dict(_COMPLETION_PATHS)
        self.watchers: _Watchers | None = None  # while the lifespan runs

    async def app(self, scope: Scope, receive: Receive, send: Send) -> None:
        """The ASGI app. The completion paths skip Starlette's router and request objects (on
        the path every request takes: bench/README.md, "hot paths"); everything else (model
        lists, lifespan, 404 and 405) is Starlette's."""
        api = self._fast_paths.get(scope["path"]) if scope["type"] == "http" else None
        if api is None or scope["method"] != "POST":
            await self.starlette(scope, receive, send)
            return
        started = time.perf_counter()
        chunks: list[bytes] = []
        more = True
        size, limit = 0, self.config.proxy.max_body_bytes
        while more:
            message = await receive()
            if message["type"] == "http.disconnect":
                return
            piece = message.get("body", b"")
            size += len(piece)
            if size > limit:  # refused as it arrives: a 100 MB body is never held whole
                await self._error(api, self._too_large())(scope, receive, send)
                return
            chunks.append(piece)
            more = message.get("more_body", False)
        response = self._handle(api, b"".join(chunks), started, scope["headers"])
        await response(scope, receive, send)

    @contextlib.asynccontextmanager
    async def _lifespan(self, app: Starlette) -> AsyncIterator[None]:
        async with anyio.create_task_group() as tg:
            self.watchers = _Watchers(tg)
            try:
                yield
            finally:
                self.watchers = None
                tg.cancel_scope.cancel()
        await self.aclose()

    async def aclose(self) -> None:
        await self.upstreams.aclose()
        if self.log is not None:
            self.log.close()
        if self.traces is not None:
            self.traces.close()
        if self.export is not None:
            self.export.close()

    def next_id(self, api: Api) -> str:
        return api.reply_id(next(self._ids), self._id_prefix)

    # ------------------------------------------------------------ models

    async def _models(self, request: HTTPRequest) -> Response:
        anthropic_shape = "anthropic-version" in request.headers
        names = self.config.model_names()
        if not names:  # the client's names pass through: the primary upstream's list is ours
            return await self._upstream_models(anthropic_shape)
        api = ANTHROPIC if anthropic_shape else OPENAI
        body = api.models_body([ModelRow(n) for n in names])
        return Response(orjson.dumps(body), media_type=JSON)

    async def _upstream_models(self, anthropic_shape: bool) -> Response:
        api = ANTHROPIC if anthropic_shape else OPENAI
        u = self.config.upstreams[0]
        url = u.base_url.rstrip("/") + api_named(u.api).client_models_path
        try:
            reply = await self.upstreams.http.get(
                url, headers=self.upstreams.auth_headers(0), timeout=u.first_byte_s
            )
        except Exception as exc:  # any transport failure is the upstream's, told as 502
            message = f"tether proxy: the model list of {url} could not be read: {exc}"
            return self._error(api, Failure(502, message))
        if reply.status_code >= 400:
            message = f"tether proxy: {url} answered HTTP {reply.status_code}"
            return self._error(api, Failure(502, message))
        with contextlib.suppress(orjson.JSONDecodeError):
            rows = OLLAMA.read_models(orjson.loads(reply.content))
            if rows is not None:  # Ollama's own list, told in the client's shape
                return Response(orjson.dumps(api.models_body(rows)), media_type=JSON)
        return Response(reply.content, media_type=JSON)

    # ------------------------------------------------------------ token counts

    async def _count_tokens(self, request: HTTPRequest) -> Response:
        """Anthropic's token count: the upstream's, else the estimate (proxy/count_tokens.py)."""
        raw = await self._body(request)
        if raw is None:
            return self._error(ANTHROPIC, self._too_large())
        try:
            body = orjson.loads(raw)
        except orjson.JSONDecodeError as exc:
            message = f"the request body is not valid JSON: {exc}"
            return self._error(ANTHROPIC, Failure(400, message))
        if not isinstance(body, dict):
            return self._error(ANTHROPIC, Failure(400, "the request body is not a JSON object"))
        counted = await count_tokens.from_upstream(self.upstreams, body)
        source = "upstream"
        if counted is None:
            try:
                counted = count_tokens.estimate(body)
            except WireError as exc:
                return self._error(ANTHROPIC, Failure(400, f"invalid request: {exc}"))
            source = "estimate"
        headers = {count_tokens.HEADER: source}
        return Response(orjson.dumps(counted), media_type=JSON, headers=headers)

    # ------------------------------------------------------------ completions

    def _endpoint(self, api: Api) -> Callable[[HTTPRequest], Any]:
        async def endpoint(request: HTTPRequest) -> Response:
            started = time.perf_counter()
            headers = request.scope["headers"]
            raw = await self._body(request)
            if raw is None:
                return self._error(api, self._too_large())
            return self._handle(api, raw, started, headers)

        return endpoint

    async def _body(self, request: HTTPRequest) -> bytes | None:
        """The request body, or None past `[proxy] max_body_bytes`: refused as it arrives
        (a 100 MB body is never held whole), whether or not it says its length."""
        limit = self.config.proxy.max_body_bytes
        declared = request.headers.get("content-length", "")
        if declared.isdigit() and int(declared) > limit:
            return None
        pieces: list[bytes] = []
        size = 0
        async for piece in request.stream():
            size += len(piece)
            if size > limit:
                return None
            pieces.append(piece)
        return b"".join(pieces)

    def _too_large(self) -> Failure:
        limit = self.config.proxy.max_body_bytes
        return Failure(
            413,
            f"the request body is over {limit:,} bytes, this proxy's limit; send less, or "
            "raise [proxy] max_body_bytes",
        )

    def _handle(
        self, api: Api, raw: bytes, started: float, headers: list[tuple[bytes, bytes]]
    ) -> Response:
        """A client request body: a 400 (no upstream touched) or the exchange that answers it."""
        try:
            body = orjson.loads(raw)
        except orjson.JSONDecodeError as exc:
            message = f"the request body is not valid JSON: {exc}"
            return self._refuse(api, request_fields(None, raw), message, started)
        logged = request_fields(body, raw)
        try:
            model, neutral = api.decode_request(body)
        except WireError as exc:
            return self._refuse(api, logged, f"invalid request: {exc}", started)
        if not any(m.role != "system" for m in neutral.messages):
            message = "invalid request: messages: at least one message is required"
            return self._refuse(api, logged, message, started)
        try:
            deadline_s = client_deadline_s(headers, self.config.proxy.client_timeout_s)
            passed = {
                k.decode("latin-1").lower(): v.decode("latin-1")
                for k, v in headers
                if k.decode("latin-1").lower() in api.passed_headers
            }
            neutral = replace(neutral, headers=passed)
            exchange = _Exchange(self, api, body, model, neutral, started, deadline_s)
            exchange.logged_request = logged
            return exchange
        except Exception as exc:  # a bug or a bad configuration: still in the client's shape
            log.exception("proxy error on %s", api.name)
            return self._error(api, Failure(500, f"tether proxy: {type(exc).__name__}: {exc}"))

    def _error(self, api: Api, failure: Failure) -> Response:
        headers = {}
        if failure.retry_after is not None:
            headers["retry-after"] = str(failure.retry_after)
        payload = api.error_body(failure.status, failure.message, None)
        return Response(orjson.dumps(payload), failure.status, headers, JSON)

    def _refuse(self, api: Api, logged: dict[str, Any], message: str, started: float) -> Response:
        """A request that cannot be forwarded: 400, and no upstream is touched. `logged`: the
        record's request fields (`exchange.request_fields`)."""
        failure = Failure(400, message)
        if self.log is not None:
            self.log.write(
                {
                    "api": api.name,
                    **logged,
                    "reply": None,
                    "status": 400,
                    "error": {"status": 400, "message": message},
                    "timing": {
                        "first_byte_s": 0.0,
                        "total_s": round(time.perf_counter() - started, 6),
                    },
                    "at": _now(),
                }
            )
        return self._error(api, failure)


class _Watchers:
    """The tasks that notice clients going away, kept from request to request: a task of its
    own per request would cost its spawn, cancel scope, event and teardown on every request's
    path, where handing the request to an idle watcher costs next to nothing (bench/README.md,
    "hot paths"). There are as many as requests were ever in flight at once."""

    def __init__(self, tg: TaskGroup) -> None:
        self._tg = tg
        self._idle = 0
        self._jobs_in, self._jobs_out = anyio.create_memory_object_stream[
            tuple[_Exchange, Receive, CancelScope]
        ](math.inf)

    def watch(self, exchange: _Exchange, receive: Receive, scope: CancelScope) -> None:
        if self._idle:
            self._idle -= 1
        else:
            self._tg.start_soon(self._worker)
        self._jobs_in.send_nowait((exchange, receive, scope))

    async def _worker(self) -> None:
        async for exchange, receive, scope in self._jobs_out:
            try:
                await exchange.watch(receive, scope)
            except Exception:  # a watcher must outlive any one request
                log.exception("proxy: watching a client failed")
            del exchange, receive, scope  # an idle watcher holds no finished request
            self._idle += 1


def _reasoning(enc: StreamEncoder, block: ReasoningPart) -> bytes:
    """One reasoning block as the client's API streams it: its text (or its redacted data),
    then its signature."""
    out = b""
    if block.text or not block.signature:
        out += enc.encode(ReasoningDelta(block.text, redacted=block.redacted))
    if block.signature:
        out += enc.encode(ReasoningDelta("", block.signature))
    return out


class _Exchange(Response):
    """One client request through the chain, written straight to the ASGI channel (the status
    is only known when the first byte is ready)."""

    def __init__(
        self,
        proxy: Proxy,
        api: Api,
        body: Any,
        model: str,
        request: Request,
        started: float,
        deadline_s: float | None = None,
    ) -> None:
        self.proxy, self.api, self.body_json, self.model = proxy, api, body, model
        self.logged_request: dict[str, Any] = {"request": body}  # what the log keeps of it
        self.deadline_s = deadline_s
        self.stream = request.stream
        self.upstreams = proxy.upstreams
        self.chain: Chain = proxy.upstreams.chain_for(model)
        self.request = upstream_request(api.name, body, request, proxy.upstreams.apis)
        self.started = started
        self.reply_id = proxy.next_id(api)
        self.encoder = api.encoder(model, self.reply_id)
        options = body.get("stream_options") if isinstance(body, dict) else None
        self.include_usage = api.usage_always or (
            isinstance(options, dict) and bool(options.get("include_usage"))
        )
        # keep-alives while nothing else goes out (a stream, in a format that has them)
        keepalive_s = proxy.config.proxy.keepalive_s
        self.keepalive_s = keepalive_s if self.stream and api.keepalive else None
        self.answer: Answer | None = None
        self.error: ModelCallFailed | None = None
        self.failure: Failure | None = None
        self.shown = False  # text went into the queue: the response is 200, come what may
        # Text from now on waits for the end, where it goes out in order after what came
        # before it: reasoning the client sends back (`Api.reasoning_returns`), or a block of
        # the provider's own tools in the client's API (Turn.pieces).
        self.text_waits = False
        self.sent_chars = 0  # characters of the reply's text streamed so far
        self.headers_sent = False  # 200 committed (text, or a keep-alive)
        self.done = False
        self.ended_early = False
        self.recorded = False
        self.first_byte: float | None = None
        self.called = False  # the chain has returned (or raised)
        self.over = False  # the ASGI call has returned
        self._tg: TaskGroup | None = None
        self._send: Send | None = None
        self._out: list[bytes] = []  # released text the pump has not sent yet
        self._more: anyio.Event | None = None  # set when _out grew or the chain returned

    # ------------------------------------------------------------ the flow

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        try:
            async with anyio.create_task_group() as tg:
                self._tg, self._send = tg, send
                watchers = self.proxy.watchers
                if watchers is not None:
                    watchers.watch(self, receive, tg.cancel_scope)
                else:  # no lifespan ran (an ASGI harness without one): a watcher of its own
                    tg.start_soon(self.watch, receive, tg.cancel_scope)
                if self.keepalive_s is not None:  # the pump sends keep-alives until text
                    self._more = anyio.Event()
                    tg.start_soon(self._pump, send)
                await self._call()
                if self._more is None:
                    await self._end(send)
                # Else the pump sends the rest. Either way the watcher returns by itself once
                # the response is complete (receive() then says http.disconnect, as ASGI
                # specifies), so the common path cancels nothing: a cancel costs ~0.1 ms.
        finally:
            self.over = True
            self._record()

    async def watch(self, receive: Receive, scope: CancelScope) -> None:
        """A client that goes away before the end cancels the chain and its upstream call."""
        while True:
            message = await receive()
            if message["type"] == "http.disconnect":
                if not self.done and not self.over:
                    self.ended_early = True
                    scope.cancel()
                return

    def _on_reasoning(self, text: str) -> None:
        """The client sends the reply's reasoning blocks back, signed and in order, so they
        must come before the text; they are whole only when the turn is."""
        if self.api.reasoning_returns and not self.shown:
            self.text_waits = True

    def _on_native(self, block: NativeDelta) -> None:
        """A server tool's call or result, a cited text: the client gets it at its place, so
        released text must not overtake it (a search's result before the text citing it).
        Another API's blocks are not sent on: nothing to wait for."""
        if block.api == self.api.name:
            self.text_waits = True

    def _on_text(self, text: str) -> None:
        """Text the holdback released: from the first piece on, the response is a 200 stream
        and a pump task sends the pieces as they come (a sync callback cannot send)."""
        if self.text_waits:  # the end sends it, in order after what came before it
            return
        if not self.shown and len(text) < self.chain.guard.holdback_chars:
            # Shorter than the holdback: the whole turn, released as the chain returns (the
            # holdback lets text go mid-stream only once it holds `holdback_chars`). The end
            # sends it from the turn, in one write, with no pump task.
            return
        if not self.shown:
            self.shown = True
            self._out.append(self.encoder.start(None))
            if self._more is None:
                self._more = anyio.Event()
                assert self._tg is not None
                assert self._send is not None
                self._tg.start_soon(self._pump, self._send)
        assert self._more is not None
        self._out.append(self.encoder.encode(TextDelta(text)))
        self.sent_chars += len(text)
        self._more.set()

    async def _call(self) -> None:
        on_text = self._on_text if self.stream else None
        recorder = None
        if self.proxy.traces is not None or self.proxy.export is not None:
            attrs = {"tether.api": self.api.name, "gen_ai.request.model": self.model}
            recorder = Recorder("proxy request", sink=self.proxy.traces, attrs=attrs)
        try:
            # A client that leaves while an attempt keeps it waiting counts against that upstream.
            deadline = Deadline.within(self.deadline_s, leaving_counts=True)
            self.answer = await self.chain.call(
                self.request,
                on_text=on_text,
                on_reasoning=self._on_reasoning if on_text is not None else None,
                on_native=self._on_native if on_text is not None else None,
                recorder=recorder,
                deadline=deadline,
            )
        except ModelCallFailed as exc:
            self.error = exc
            self.failure = failure_of(exc, self.chain)
        except WireError as exc:  # the client's body cannot be sent on (nested too deep)
            self.failure = Failure(400, f"invalid request: {exc}")
        except Exception as exc:  # a bug must still end as an honest HTTP error
            log.exception("proxy error on %s", self.api.name)
            self.failure = Failure(500, f"tether proxy: internal error: {type(exc).__name__}")
        finally:
            self.called = True
            if self._more is not None:
                self._more.set()
            if recorder is not None:  # closed on every path, a client gone included
                recorder.finish()
                if self.proxy.export is not None:
                    self.proxy.export.submit(recorder.to_json())

    def _finish(self, answer: Answer) -> Finish:
        """The finish the client gets: the upstream's own word when it speaks the client's API.
        A reply that used every token of the client's own limit but says it stopped (servers
        and relays that report a length stop as `stop` or `tool_calls`) passes, as the limit is
        the client's, but as the length stop it was, so a cut reply is not taken for whole."""
        turn = answer.turn
        if turn.finish_reason != "length" and whole_limit_used(turn, self.request):
            return Finish("length", "length")
        reason = turn.finish_reason or "stop"
        if self._upstream_api(answer) == self.api.name and turn.raw_finish_reason:
            return Finish(reason, turn.raw_finish_reason)
        return Finish(reason, reason)

    def _turn(self, answer: Answer) -> Turn:
        """The turn as the client gets it: from an upstream of another API, without the
        reasoning's seals (a signature of one API is noise to a client of another, and sent
        back to a provider of the client's API, a refusal)."""
        if self._upstream_api(answer) == self.api.name:
            return answer.turn
        return answer.turn.unsealed()

    def _tail(self, answer: Answer) -> bytes:
        """What follows the streamed text: reasoning (when no text preceded it), the text not
        streamed yet with the provider's own blocks at their place (a client of another API
        gets only the text), tool calls, finish, usage and the end marker. A client that sends
        the reasoning back gets each block where the provider made it, among those blocks."""
        turn = self._turn(answer)
        enc = self.encoder
        out = [b""] if self.shown else [enc.start(None)]
        in_place = self.api.reasoning_in_place(turn)
        if not in_place:
            out += [_reasoning(enc, block) for block in turn.reasoning_blocks]
        # held to the end: shorter than the holdback, or after a block of the provider's own
        start = self.sent_chars if self.text_waits else len(turn.content) if self.shown else 0
        for piece in turn.pieces(self.api.name, start, reasoning=in_place):
            if isinstance(piece, NativeBlock):
                out.append(enc.encode(NativeDelta(piece.api, piece.block, piece.text)))
            elif isinstance(piece, Citations):
                out.append(enc.encode(piece))
            elif isinstance(piece, ReasoningPart):
                out.append(_reasoning(enc, piece))
            else:
                out.append(enc.encode(TextDelta(piece)))
        for i, call in enumerate(turn.tool_calls):
            out.append(enc.encode(ToolCallDelta(i, call.arguments, call.id, call.name)))
        out.append(enc.encode(self._finish(answer)))
        if turn.usage is not None and self.include_usage:
            out.append(enc.encode(UsageReport(turn.usage)))
        out.append(enc.encode(StreamEnd()))
        return b"".join(out)

    async def _start(self, send: Send, status: int, media_type: str, extra: dict[str, str]) -> None:
        headers = [(b"content-type", media_type.encode())]
        if media_type != JSON:
            headers.append((b"cache-control", b"no-cache"))
        headers += [(k.encode(), v.encode()) for k, v in extra.items()]
        await send({"type": "http.response.start", "status": status, "headers": headers})
        self.headers_sent = True
        self.first_byte = time.perf_counter() - self.started

    async def _pump(self, send: Send) -> None:
        """Send streamed pieces as the chain releases them (what piled up meanwhile in one
        write), a keep-alive after `keepalive_s` of nothing to send, then the end."""
        assert self._more is not None
        while True:
            more = self._more
            if self.keepalive_s is None:
                await more.wait()
            else:
                with anyio.move_on_after(self.keepalive_s):
                    await more.wait()
            if self.called:  # the rest goes out with the end, in the same write
                break
            if not self.headers_sent:
                await self._start(send, 200, self.api.media_type, {})
            if not more.is_set():  # nothing to say yet: the client hears the proxy is there
                data = self.api.keepalive
            else:
                self._more = anyio.Event()
                data = b"".join(self._out)
                self._out.clear()
            await send({"type": "http.response.body", "body": data, "more_body": True})
        await self._end(send)

    async def _end(self, send: Send) -> None:
        """The end: the stream's tail, the whole reply, or the HTTP error (each recorded
        before the client can see it)."""
        answer, failure = self.answer, self.failure
        if self.headers_sent or self.shown or (self.stream and answer is not None):
            if answer is not None:
                tail = self._tail(answer)
            else:  # the stream was committed already: an in-stream error and no end marker
                message = failure.message if failure else "tether proxy: no answer"
                tail = self.encoder.encode(ErrorFrame(message))
                if not self.shown:  # only keep-alives went out: the stream's start first
                    tail = self.encoder.start(None) + tail
            last = b"".join([*self._out, tail])  # with the text the pump has not sent yet
            self._out.clear()
            if not self.headers_sent:
                await self._start(send, 200, self.api.media_type, {})
        elif answer is not None:
            last = _whole_body(
                self.api, self.model, self.reply_id, self._turn(answer), self._finish(answer).raw
            )
            extra = {"content-length": str(len(last)), "x-tether-upstream": answer.candidate}
            await self._start(send, 200, JSON, extra)
        else:
            failure = failure or Failure(502, "tether proxy: no answer")
            last = orjson.dumps(self.api.error_body(failure.status, failure.message, None))
            extra = {"content-length": str(len(last))}
            if failure.retry_after:
                extra["retry-after"] = str(failure.retry_after)
            await self._start(send, failure.status, JSON, extra)
        self.done = True
        self._record()
        await send({"type": "http.response.body", "body": last, "more_body": False})

    # ------------------------------------------------------------ the log

    def _upstream_api(self, answer: Answer) -> str:
        return answer.source.provider.api if answer.source is not None else self.api.name

    def _record(self) -> None:
        log = self.proxy.log
        if log is None or self.recorded:
            return
        self.recorded = True
        answer = self.answer
        attempts = (
            answer.attempts
            if answer is not None
            else self.error.attempts
            if self.error is not None
            else ()
        )
        request = self.request
        shape = {
            "messages": len(request.messages),
            "tools": len(request.tools),
            "chars": sum(len(m.text_content) for m in request.messages),
        }
        record: dict[str, Any] = {"api": self.api.name, "model": self.model}
        record.update(self.logged_request)
        record["shape"] = shape
        if answer is not None and not self.ended_early:
            turn = answer.turn
            usage = None
            if turn.usage is not None:
                same_api = self._upstream_api(answer) == self.api.name
                usage = turn.usage.raw if same_api and turn.usage.raw else None
                usage = usage or self.api.usage_to_raw(turn.usage)
            record["reply"] = reply_record(turn, usage, False)
            record["status"] = 200
            record["upstream"] = answer.candidate
            upstream_first = turn.first_byte_s
        else:
            record["reply"] = None
            status = self.failure.status if self.failure else 499  # 499: the client went away
            record["status"] = status
            message = self.failure.message if self.failure else "the client disconnected"
            record["error"] = {"status": status, "message": message}
            upstream_first = None
        record["timing"] = {
            "first_byte_s": None if self.first_byte is None else round(self.first_byte, 6),
            "total_s": round(time.perf_counter() - self.started, 6),
            "upstream_first_byte_s": None if upstream_first is None else round(upstream_first, 6),
        }
        record["attempts"] = [a.to_json() for a in attempts]
        record["verdicts"] = [a.verdict.kind for a in attempts if a.verdict is not None]
        record["stream"] = self.stream
        if self.deadline_s is not None:
            record["deadline_s"] = round(self.deadline_s, 3)
        record["ended_early"] = self.ended_early
        record["at"] = _now()
        log.write(record)
