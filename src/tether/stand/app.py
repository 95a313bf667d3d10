"""The stand's HTTP app: four wire formats on their real paths, replies from the planner.

Routes: `POST /v1/chat/completions` (OpenAI), `POST /v1/responses` (OpenAI's Responses API),
`POST /v1/messages` (Anthropic) and its `/v1/messages/count_tokens`, `POST /api/chat`
(Ollama), `GET /v1/models` (OpenAI's shape, or Anthropic's when `anthropic-version` is sent),
`GET /api/tags` (Ollama) and `GET /` (what this stand is).

Replies with no waits are written in one piece (the stand must never be the bottleneck of a
benchmark); replies that wait (delays, stalls, holds, endless reasoning) are written event by
event while a watcher notices a client that went away, which ends the reply and is logged as
`cut`.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Iterator
from datetime import UTC, datetime
from itertools import count
from typing import Any

import anyio
import anyio.lowlevel
import orjson
from starlette.applications import Starlette
from starlette.requests import Request as HTTPRequest
from starlette.responses import Response
from starlette.routing import Route
from starlette.types import Receive, Scope, Send

from tether.context.tokens import count_request
from tether.errors import WireError
from tether.exchange import ExchangeLog, reply_record
from tether.messages import (
    ErrorFrame,
    Event,
    Finish,
    Malformed,
    ReasoningDelta,
    ReasoningPart,
    Request,
    StreamEnd,
    TextDelta,
    ToolCallDelta,
    Turn,
    TurnBuilder,
    UsageReport,
)
from tether.stand.cassette import Cassette, load_cassette
from tether.stand.plan import CONVERSATION_HEADER, Plan, Planner, Refusal
from tether.stand.thinking import sign, thinking_problem
from tether.wire.apis import ANTHROPIC, APIS, OLLAMA, OPENAI, Api, ModelRow

log = logging.getLogger("tether.stand")

ERROR_FRAME_TEXT = "The server had an error while processing your request. Sorry about that!"
MALFORMED_RAW = '{"id": "broken", "choices": [{"index": 0, "delta": {"content": "tru'
ENDLESS_PIECE = "Let me reconsider the problem once more from the beginning. " * 4
ENDLESS_CAP_EVENTS = 200_000  # 50 MB of reasoning: far past any guard, yet it ends
JSON = "application/json"


class _Abort(Exception):
    """Raised to break a connection off in mid-reply (the `drop` fault)."""


class _QuietAborts(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        exc = record.exc_info[1] if record.exc_info else None
        return not isinstance(exc, _Abort)


logging.getLogger("uvicorn.error").addFilter(_QuietAborts())


def _pieces(text: str, size: int) -> Iterator[str]:
    for i in range(0, len(text), size):
        yield text[i : i + size]


def plan_events(plan: Plan, chunk_chars: int, signed: bool = False) -> list[Event]:
    """The events of a planned reply, in wire order, with in-stream faults placed; `signed`:
    the reasoning ends with its signature (the API's clients send it back, checked)."""
    body: list[Event] = [ReasoningDelta(p) for p in _pieces(plan.reasoning, chunk_chars)]
    if signed and plan.reasoning:
        body.append(ReasoningDelta("", sign(plan.reasoning)))
    body += [TextDelta(p) for p in _pieces(plan.text, chunk_chars)]
    for i, call in enumerate(plan.tool_calls):
        body.append(ToolCallDelta(i, "", call.id, call.name))
        body += [ToolCallDelta(i, p) for p in _pieces(call.arguments, chunk_chars)]
    half = max(1, len(body) // 2)
    if plan.malformed:
        body.insert(half, Malformed(MALFORMED_RAW, "injected malformed chunk"))
    if plan.drop:
        return body[:half]
    if plan.error_frame:
        return [*body[:half], ErrorFrame(ERROR_FRAME_TEXT, "server_error")]
    tail: list[Event] = [Finish(plan.finish, plan.finish)]
    if plan.usage is not None:
        tail.append(UsageReport(plan.usage))
    return [*body, *tail, StreamEnd()]


def _endless(kind: str) -> Iterator[Event]:
    """The events of an `endless-*` fault, until a cap far past any guard's limit."""
    if kind == "tool-args":
        yield ToolCallDelta(0, "", "call_endless", "lookup")
    pieces: dict[str, Event] = {
        "reasoning": ReasoningDelta(ENDLESS_PIECE),
        "tool-args": ToolCallDelta(0, ENDLESS_PIECE),
        "errors": ErrorFrame(ERROR_FRAME_TEXT, "server_error"),
        "malformed": Malformed(MALFORMED_RAW, "injected malformed chunk"),
        "empty": TextDelta(""),
    }
    piece = pieces[kind]
    for _ in range(ENDLESS_CAP_EVENTS):
        yield piece


class Stand:
    """The simulated provider: a planner, an optional exchange log, and the ASGI app."""

    def __init__(self, planner: Planner, log_path: str | None = None) -> None:
        self.planner = planner
        # the signature of the thinking behind each tool call sent through Anthropic's API
        self.thoughts: dict[str, str] = {}
        self.log = ExchangeLog(log_path) if log_path else None
        self._ids = count(1)
        self.cassettes: dict[str, Cassette] = {  # read once, up front: a bad file fails here
            name: load_cassette(m.cassette)
            for name, m in planner.script.models.items()
            if m.cassette is not None
        }
        self.app = Starlette(
            routes=[
                *(
                    Route(path, self._endpoint(api), methods=["POST"])
                    for api in APIS.values()
                    for path in api.paths
                ),
                Route("/v1/models", self._models, methods=["GET"]),
                Route("/models", self._models, methods=["GET"]),
                Route(OLLAMA.models_path, self._tags, methods=["GET"]),
                Route("/v1/messages/count_tokens", self._count_tokens, methods=["POST"]),
                Route("/", self._root, methods=["GET"]),
            ]
        )

    # ------------------------------------------------------------ listing

    def _model_rows(self) -> list[ModelRow]:
        return [ModelRow(n, m.window, m.tools) for n, m in self.planner.script.models.items()]

    async def _models(self, request: HTTPRequest) -> Response:
        api = ANTHROPIC if "anthropic-version" in request.headers else OPENAI
        return Response(orjson.dumps(api.models_body(self._model_rows())), media_type=JSON)

    async def _tags(self, request: HTTPRequest) -> Response:
        return Response(orjson.dumps(OLLAMA.models_body(self._model_rows())), media_type=JSON)

    async def _root(self, request: HTTPRequest) -> Response:
        body = {
            "stand": "tether",
            "apis": {api.name: api.path for api in APIS.values()},
            "models": [
                {"id": r.id, "window": r.window, "tools": r.tools} for r in self._model_rows()
            ],
            "faults": [f.spec for f in self.planner.faults],
        }
        return Response(orjson.dumps(body), media_type="application/json")

    async def _count_tokens(self, request: HTTPRequest) -> Response:
        """Anthropic's token count, as the stand counts a request's prompt tokens."""
        try:
            body = orjson.loads(await request.body())
            model, neutral = ANTHROPIC.decode_request({"max_tokens": 1, **body})
        except (orjson.JSONDecodeError, WireError, TypeError) as exc:
            return self._refuse(ANTHROPIC, None, Refusal(400, f"invalid request: {exc}"))
        if model not in self.planner.script.models:
            return self._refuse(ANTHROPIC, body, Refusal(404, f"model {model!r} not found"))
        counted = {"input_tokens": count_request(neutral).total}
        return Response(orjson.dumps(counted), media_type=JSON)

    # ------------------------------------------------------------ completions

    def _endpoint(self, api: Api) -> Callable[[HTTPRequest], Any]:
        async def endpoint(request: HTTPRequest) -> Response:
            # The request's arrival: its head is in (the app is called once it is parsed), its
            # body not yet read. A reply's first-byte delay runs from here, so reading and
            # planning a big request eat into the delay instead of adding to it (the client's
            # first-byte clock has been running since it sent the request).
            arrived = time.perf_counter()
            raw = await request.body()
            try:
                body = orjson.loads(raw)
            except orjson.JSONDecodeError as exc:
                return self._refuse(
                    api, None, Refusal(400, f"the request body is not valid JSON: {exc}")
                )
            try:
                model, neutral = api.decode_request(body)
            except WireError as exc:
                return self._refuse(api, body, Refusal(400, f"invalid request: {exc}"))
            refused = thinking_problem(body, self.thoughts) if api is ANTHROPIC else None
            if refused is not None:
                return self._refuse(api, body, Refusal(400, refused))
            cassette = self.cassettes.get(model)
            if cassette is not None:
                return self._replay(api, body, model, neutral, cassette, arrived)
            planned = self.planner.plan(model, neutral, request.headers.get(CONVERSATION_HEADER))
            if isinstance(planned, Refusal):
                return self._refuse(api, body, planned, model)
            if api is ANTHROPIC and planned.reasoning:
                self.thoughts.update((c.id, sign(planned.reasoning)) for c in planned.tool_calls)
            return _Reply(self, api, body, planned, neutral.stream, arrived)

        return endpoint

    def _replay(
        self, api: Api, body: Any, model: str, request: Request, cassette: Cassette, arrived: float
    ) -> Response:
        """The recorded reply, byte for byte (refused when sent to another API's endpoint)."""
        refused = self.planner.refusal(model, request)
        if refused is None and cassette.api != api.name:
            refused = Refusal(
                400,
                f"{model} replays a recorded {cassette.api} reply ({cassette.path}); "
                f"call it through the {cassette.api} API",
            )
        if refused is not None:
            return self._refuse(api, body, refused, model)
        return _Replay(self, api, body, model, cassette, arrived)

    def _refuse(self, api: Api, body: Any, refusal: Refusal, model: str = "") -> Response:
        headers = {}
        if refusal.retry_after is not None:
            headers["retry-after"] = f"{refusal.retry_after:g}"
        if self.log is not None:
            self.log.write(
                {
                    "api": api.name,
                    "model": model,
                    "request": body,
                    "reply": None,
                    "status": refusal.status,
                    "error": {"status": refusal.status, "message": refusal.message},
                    "timing": {"first_byte_s": 0.0, "total_s": 0.0},
                    "at": _now(),
                }
            )
        payload = api.error_body(refusal.status, refusal.message, refusal.code)
        return Response(orjson.dumps(payload), refusal.status, headers, "application/json")

    def next_id(self, api: Api) -> str:
        return api.reply_id(next(self._ids))


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds")


class _Reply(Response):
    """A planned reply written straight to the ASGI channel (faults need byte-level control),
    timed from the request's arrival (`arrived`, a `time.perf_counter()` reading)."""

    def __init__(
        self, stand: Stand, api: Api, body: Any, plan: Plan, stream: bool, arrived: float
    ) -> None:
        self.stand, self.api, self.body_json, self.plan, self.stream = (
            stand,
            api,
            body,
            plan,
            stream,
        )
        self.sent = TurnBuilder()
        self.cut = False
        self.finished = False
        self.recorded = False
        self.first_byte: float | None = None
        self.status = 200
        self.started = arrived

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        try:
            if self.plan.waits:
                async with anyio.create_task_group() as tg:

                    async def watch() -> None:
                        while True:
                            message = await receive()
                            if message["type"] == "http.disconnect":
                                if not self.finished:
                                    self.cut = True
                                    tg.cancel_scope.cancel()
                                return

                    tg.start_soon(watch)
                    await self._write(send)
                    tg.cancel_scope.cancel()
            else:
                await self._write(send)
        except _Abort:
            self.cut = True
            raise
        finally:
            self.stand.planner.release(self.plan)
            self._record()

    async def _start(
        self, send: Send, media_type: str, length: int | None = None, status: int = 200
    ) -> None:
        headers = [(b"content-type", media_type.encode()), (b"cache-control", b"no-cache")]
        if length is not None:
            headers.append((b"content-length", str(length).encode()))
        await send({"type": "http.response.start", "status": status, "headers": headers})
        self.status = status
        self.first_byte = time.perf_counter() - self.started

    async def _write(self, send: Send) -> None:
        plan = self.plan
        if plan.first_byte_delay:  # what is left of it once the request was read and planned
            left = plan.first_byte_delay - (time.perf_counter() - self.started)
            if left > 0:
                await anyio.sleep(left)
        if plan.raw_body is not None:  # HTTP 200, and this instead of any reply
            media_type = plan.raw_type or (self.api.media_type if self.stream else JSON)
            await self._start(send, media_type, len(plan.raw_body))
            self.finished = True
            self._record()
            await send({"type": "http.response.body", "body": plan.raw_body, "more_body": False})
            return
        if plan.endless == "500":
            await self._endless_error(send)
            return
        if not self.stream:
            await self._write_whole(send)
            return
        await self._start(send, self.api.media_type)
        if plan.empty_hold is not None:
            await anyio.sleep(plan.empty_hold)
            await self._end(send)
            return
        reply_id = self.stand.next_id(self.api)
        encoder = self.api.encoder(plan.model, reply_id)
        events: Any = (
            _endless(plan.endless)
            if plan.endless
            else plan_events(
                plan, self.stand.planner.script.chunk_chars, signed=self.api is ANTHROPIC
            )
        )
        out = [encoder.start(plan.usage)]
        chars = 0
        stalled = plan.stall_after < 0
        delay = plan.chunk_delay
        if plan.stream_s and isinstance(events, list):  # one pause after each event sent
            delay += plan.stream_s / max(1, len(events))
        paced = bool(delay) or plan.endless
        for event in events:
            out.append(encoder.encode(event))
            self.sent.add(event)
            if isinstance(event, TextDelta | ReasoningDelta):
                chars += len(event.text)
            if not stalled and chars >= plan.stall_after:
                stalled = True
                await self._body(send, out)
                await anyio.sleep(plan.stall_s)
            elif paced:
                await self._body(send, out)
                await anyio.sleep(delay)
        await self._body(send, out)
        if plan.drop:
            raise _Abort("drop")
        await self._end(send)

    async def _endless_error(self, send: Send) -> None:
        """HTTP 500 with an error body that never ends (until the client goes away)."""
        await self._start(send, JSON, status=500)
        await send(
            {"type": "http.response.body", "body": b'{"error": {"message": "', "more_body": True}
        )
        piece = (ERROR_FRAME_TEXT + " ").encode() * 64
        for _ in range(ENDLESS_CAP_EVENTS):
            await send({"type": "http.response.body", "body": piece, "more_body": True})
            await anyio.lowlevel.checkpoint()
        await self._end(send)

    async def _body(self, send: Send, out: list[bytes]) -> None:
        data = b"".join(out)
        out.clear()
        if data:
            await send({"type": "http.response.body", "body": data, "more_body": True})

    async def _end(self, send: Send) -> None:
        self.finished = True
        self._record()  # on disk before the client sees the end of the reply
        self.stand.planner.release(self.plan)  # and room made for its next request
        await send({"type": "http.response.body", "body": b"", "more_body": False})

    async def _write_whole(self, send: Send) -> None:
        plan = self.plan
        if plan.stream_s:  # a whole reply arrives at the latency's total time
            await anyio.sleep(plan.stream_s)
        if plan.empty_hold is not None:
            await anyio.sleep(plan.empty_hold)
            plan.text, plan.reasoning, plan.tool_calls = "", "", ()
        if plan.endless:
            await anyio.sleep_forever()
        if plan.stall_s:
            await anyio.sleep(plan.stall_s)
        if plan.error_frame:
            data = orjson.dumps(self.api.error_body(500, ERROR_FRAME_TEXT, "server_error"))
            self.sent.add(ErrorFrame(ERROR_FRAME_TEXT, "server_error"))
        else:
            signature = sign(plan.reasoning) if self.api is ANTHROPIC and plan.reasoning else ""
            reply = Turn(
                plan.text, plan.reasoning, plan.tool_calls, plan.usage,
                reasoning_parts=(ReasoningPart(plan.reasoning, signature),) if signature else (),
            )  # fmt: skip
            data = orjson.dumps(
                self.api.whole(plan.model, self.stand.next_id(self.api), reply, plan.finish)
            )
            for event in plan_events(plan, 1 << 30, signed=self.api is ANTHROPIC):
                self.sent.add(event)
        if plan.malformed:
            data = data[: len(data) // 2]
        await self._start(send, "application/json", len(data))
        if plan.drop:
            await send(
                {"type": "http.response.body", "body": data[: len(data) // 2], "more_body": True}
            )
            raise _Abort("drop")
        self.finished = True
        self._record()
        self.stand.planner.release(self.plan)  # before the client can send its next request
        await send({"type": "http.response.body", "body": data, "more_body": False})

    def _record(self) -> None:
        log_file = self.stand.log
        if log_file is None or self.recorded:
            return
        self.recorded = True
        turn = self.sent.build()
        usage = self.api.usage_to_raw(turn.usage) if turn.usage is not None else None
        log_file.write(
            {
                "api": self.api.name,
                "model": self.plan.model,
                "request": self.body_json,
                "reply": reply_record(turn, usage, self.cut),
                "timing": {
                    "first_byte_s": None if self.first_byte is None else round(self.first_byte, 6),
                    "total_s": round(time.perf_counter() - self.started, 6),
                },
                "status": self.status,
                "faults": self.plan.faults,
                "conversation": self.plan.conversation,
                "turn": self.plan.turn,
                "ended_early": self.cut,
                "at": _now(),
            }
        )


class _Replay(Response):
    """A cassette sent as recorded: one write per chunk, its pauses kept, logged like a reply."""

    def __init__(
        self, stand: Stand, api: Api, body: Any, model: str, cassette: Cassette, arrived: float
    ) -> None:
        self.stand, self.api, self.body_json, self.model = stand, api, body, model
        self.cassette = cassette
        self.started = arrived

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        c = self.cassette
        headers = [(b"content-type", c.content_type.encode()), (b"cache-control", b"no-cache")]
        await send({"type": "http.response.start", "status": c.status, "headers": headers})
        first_byte = time.perf_counter() - self.started
        for chunk in c.chunks:
            if chunk.delay_s:
                await anyio.sleep(chunk.delay_s)
            await send({"type": "http.response.body", "body": chunk.data, "more_body": True})
        if self.stand.log is not None:
            turn = c.turn()
            usage = turn.usage.raw or self.api.usage_to_raw(turn.usage) if turn.usage else None
            self.stand.log.write(
                {
                    "api": self.api.name,
                    "model": self.model,
                    "request": self.body_json,
                    "reply": reply_record(turn, usage, False),
                    "timing": {
                        "first_byte_s": round(first_byte, 6),
                        "total_s": round(time.perf_counter() - self.started, 6),
                    },
                    "status": c.status,
                    "cassette": c.path,
                    "at": _now(),
                }
            )
        await send({"type": "http.response.body", "body": b"", "more_body": False})
