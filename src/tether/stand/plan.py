"""What the stand answers to one request: the scripted (or default) turn, with faults applied.

A plan is decided before a byte is sent, so every wire format replays the same reply and the
same faults, and the exchange log records exactly what was meant to happen.
"""

from __future__ import annotations

import hashlib
import random
import threading
from dataclasses import dataclass, field, replace
from functools import cache

import orjson

from tether.context.tokens import count_request, estimate_tokens
from tether.messages import FinishReason, Request, ToolCall, Usage
from tether.stand.faults import (
    CONCURRENCY_MESSAGE,
    GATEWAY_TEXT,
    HTML_ERROR_PAGE,
    TOOL_PREAMBLE,
    Fault,
    Latency,
    load_latencies,
    parse_fault,
)
from tether.stand.script import ModelSpec, Script, TurnSpec

CONVERSATION_HEADER = "x-stand-conversation"


@dataclass(frozen=True, slots=True)
class Refusal:
    """The request is refused with an HTTP error in the API's shape."""

    status: int
    message: str
    code: str | None = None
    retry_after: float | None = None


@dataclass(slots=True)
class Plan:
    model: str
    conversation: str
    turn: int
    text: str
    reasoning: str
    tool_calls: tuple[ToolCall, ...]
    finish: FinishReason
    usage: Usage | None
    faults: list[str] = field(default_factory=list)
    first_byte_delay: float = 0.0
    chunk_delay: float = 0.0
    stream_s: float = 0.0  # a latency fault's time from first byte to end, spread over events
    stall_after: int = -1
    stall_s: float = 0.0
    empty_hold: float | None = None
    endless: str = ""  # what never ends: reasoning, tool-args, errors, malformed, empty, 500
    drop: bool = False
    error_frame: bool = False
    malformed: bool = False
    raw_body: bytes | None = None  # sent with HTTP 200 instead of any reply (html-200, empty-body)
    raw_type: str = ""
    holds_slot: bool = False  # counted in its model's requests in flight (until released)

    @property
    def waits(self) -> bool:
        """Whether the reply sleeps or never ends (then client disconnects must be watched)."""
        return bool(
            self.first_byte_delay
            or self.chunk_delay
            or self.stream_s
            or self.stall_s
            or self.endless
            or self.empty_hold
        )


def _digest(*parts: str) -> str:
    return hashlib.blake2b("\x1f".join(parts).encode(), digest_size=8).hexdigest()


def conversation_key(model: str, request: Request, header: str | None) -> str:
    """Requests of one conversation share their opening; a header can name it instead."""
    if header:
        return header
    # The opening only: later system notes (a context summary, a tool-less note) and trimmed
    # history must not turn a conversation into a new one.
    first_system = next((m.text_content for m in request.messages if m.role == "system"), "")
    first_user = next((m.text_content for m in request.messages if m.role == "user"), "")
    return _digest(model, first_system, first_user)


def default_text(model: str, request: Request) -> str:
    last_user = next((m.text_content for m in reversed(request.messages) if m.role == "user"), "")
    snippet = " ".join(last_user.split())[:60]
    return (
        f"Simulated reply from {model}: received {len(request.messages)} messages and "
        f"{len(request.tools)} tools; the last user message ({len(last_user)} characters) "
        f'began "{snippet}".'
    )


class Planner:
    """Decides replies; keeps per-conversation positions and the seeded fault draws."""

    def __init__(
        self, script: Script, faults: list[str] | None = None, seed: int | None = None
    ) -> None:
        self.script = script
        self.faults = [parse_fault(s) for s in [*script.faults, *(faults or [])]]
        self._seed = script.seed if seed is None else seed
        self._rng = random.Random(self._seed)
        self._positions: dict[str, int] = {}
        self._serves: dict[tuple[str, int], int] = {}  # history positions: serves per turn
        self._model_faults = {  # each model's own faults, parsed once
            name: [parse_fault(f) for f in spec.faults] for name, spec in script.models.items()
        }
        self._latency: dict[str, list[Latency]] = {}
        self._latency_pos: dict[str, int] = {}
        self._in_flight: dict[str, int] = {}  # replies being written, per model
        self._lock = threading.Lock()
        for fault in self.faults:
            if fault.name == "latency":
                self._latency[fault.file] = load_latencies(fault.file)

    def model(self, name: str) -> ModelSpec | None:
        return self.script.models.get(name)

    def refusal(self, model: str, request: Request) -> Refusal | None:
        spec = self.model(model)
        if spec is None:
            known = ", ".join(sorted(self.script.models))
            return Refusal(
                404,
                f"The model `{model}` does not exist on this stand; it serves: {known}.",
                "model_not_found",
            )
        if request.tools and not spec.tools:
            return Refusal(400, f"{model} does not support tools", "tools_not_supported")
        counted = count_request(request).total
        if counted > spec.window:
            return Refusal(
                400,
                f"This model's maximum context length is {spec.window} tokens. However, your "
                f"messages resulted in {counted} tokens.",
                "context_length_exceeded",
            )
        return None

    def _next_turn(
        self, key: str, spec: ModelSpec, request: Request
    ) -> tuple[int, TurnSpec | None, int]:
        """The turn's index, the turn, and how many times this turn was served before."""
        if spec.position == "history":
            index = sum(1 for m in request.messages if m.role == "assistant")
            served = self._serves.get((key, index), 0)
            self._serves[(key, index)] = served + 1
        else:
            index = self._positions.get(key, 0)
            self._positions[key] = index + 1
            served = 0
        return index, spec.turns[index] if index < len(spec.turns) else None, served

    def _draw(self, model: str, turn: TurnSpec | None, served: int = 0) -> list[Fault]:
        every = [*self.faults, *self._model_faults[model]]
        chosen = [f for f in every if f.rate >= 1.0 or self._rng.random() < f.rate]
        if turn is not None and (turn.fault_attempts is None or served < turn.fault_attempts):
            chosen += [f for f in turn.faults if f.rate >= 1.0 or self._rng.random() < f.rate]
        return chosen

    def release(self, plan: Plan) -> None:
        """The reply of `plan` ended: its model takes one more request (the concurrency fault)."""
        if plan.holds_slot:
            with self._lock:
                self._in_flight[plan.model] -= 1
            plan.holds_slot = False

    def _latency_for(self, path: str) -> Latency:
        items = self._latency.get(path)
        if items is None:
            items = self._latency[path] = load_latencies(path)
        pos = self._latency_pos.get(path, 0)
        self._latency_pos[path] = pos + 1
        return items[pos % len(items)]

    def plan(self, model: str, request: Request, header: str | None = None) -> Plan | Refusal:
        """The reply to `request` (or the HTTP error to answer with)."""
        refused = self.refusal(model, request)
        if refused is not None:
            return refused
        spec = self.script.models[model]
        key = conversation_key(model, request, header)
        with self._lock:
            index, turn, served = self._next_turn(key, spec, request)
            faults = self._draw(model, turn, served)
            latency = [self._latency_for(f.file) for f in faults if f.name == "latency"]
            cap = min((int(f.args[0]) for f in faults if f.name == "concurrency"), default=None)
            if cap is not None:
                if self._in_flight.get(model, 0) >= cap:
                    message = CONCURRENCY_MESSAGE.format(model=model, n=cap)
                    return Refusal(429, message, "concurrency_limit_exceeded")
                self._in_flight[model] = self._in_flight.get(model, 0) + 1
        plan = self._base(model, request, key, index, turn)
        plan.holds_slot = cap is not None
        plan.chunk_delay = self.script.chunk_delay_s
        for lat in latency:
            plan.first_byte_delay += lat.ttfb
        for fault in faults:
            refusal = _apply(plan, fault, request, self._rng, self._seed)
            if refusal is not None:
                self.release(plan)
                return refusal
        if latency:
            plan.stream_s = sum(max(0.0, lat.total - lat.ttfb) for lat in latency)
        return plan

    def _base(
        self, model: str, request: Request, key: str, index: int, turn: TurnSpec | None
    ) -> Plan:
        if turn is None or not (turn.text or turn.tool_calls or turn.reasoning):
            text = default_text(model, request)
            reasoning = turn.reasoning if turn else ""
        else:
            text, reasoning = turn.text, turn.reasoning
        calls = tuple(
            ToolCall(
                id=c.id or f"call_{_digest(key, str(index), str(i))}",
                name=c.name,
                arguments=c.arguments
                if isinstance(c.arguments, str)
                else orjson.dumps(c.arguments).decode(),
            )
            for i, c in enumerate(turn.tool_calls if turn else [])
        )
        finish: FinishReason = (turn.finish_reason if turn and turn.finish_reason else None) or (
            "tool_calls" if calls else "stop"
        )
        counts = count_request(request)
        completion = (
            estimate_tokens(text)
            + estimate_tokens(reasoning)
            + sum(estimate_tokens(c.name) + estimate_tokens(c.arguments) for c in calls)
        )
        usage = Usage(
            prompt_tokens=counts.total,
            completion_tokens=max(1, completion),
            reasoning_tokens=estimate_tokens(reasoning),
        )
        if turn is not None and turn.usage is not None:
            o = turn.usage
            usage = replace(
                usage,
                prompt_tokens=usage.prompt_tokens if o.prompt_tokens is None else o.prompt_tokens,
                completion_tokens=usage.completion_tokens
                if o.completion_tokens is None
                else o.completion_tokens,
                cached_tokens=o.cached_tokens or 0,
                cache_write_tokens=o.cache_write_tokens or 0,
            )
        return Plan(model, key, index, text, reasoning, calls, finish, usage)


def _real_failure(*draw: str) -> str:
    """A real failure text from the test part of the judge's corpus (never tuned on), chosen by
    a digest of the seed, the conversation and its turn: the same run gets the same text however
    its requests interleave with other runs' (a shared draw made the lab's figures depend on the
    machine's load)."""
    texts = _test_failures()
    return texts[int(_digest(*draw), 16) % len(texts)]


@cache
def _test_failures() -> tuple[str, ...]:
    """The failures a text sent with finish `stop` and no tool call carries: not those whose
    failure was their recorded finish (a generation cut at `length`) or their tool calls."""
    from tether.reliability import corpus

    return tuple(
        s.text
        for s in corpus.samples("test", "failure")
        if corpus.turn_of(s).finish_reason == "stop" and not s.tool_calls
    )


def _a_call(plan: Plan, request: Request) -> tuple[ToolCall, ...]:
    """A call of the request's first tool, for a fault that needs one on a text turn."""
    name = request.tools[0].name if request.tools else "lookup"
    return (ToolCall(f"call_{_digest(plan.conversation, 'text')}", name, '{"query": "x"}'),)


def _apply(
    plan: Plan, fault: Fault, request: Request, rng: random.Random, seed: int
) -> Refusal | None:
    plan.faults.append(fault.spec or fault.name)
    name = fault.name
    if name == "gateway-real":
        text = _real_failure(str(seed), plan.conversation, str(plan.turn))
        plan.text, plan.reasoning, plan.tool_calls, plan.finish = text, "", (), "stop"
        if plan.usage is not None:
            plan.usage = replace(plan.usage, completion_tokens=estimate_tokens(text))
    if name == "http":
        status = int(fault.args[0])
        retry = fault.args[1] if len(fault.args) > 1 else None
        return Refusal(status, f"simulated HTTP {status} from the stand", None, retry)
    if name == "gateway-200":
        plan.text, plan.reasoning, plan.tool_calls, plan.finish = GATEWAY_TEXT, "", (), "stop"
        if plan.usage is not None:
            plan.usage = replace(plan.usage, completion_tokens=estimate_tokens(GATEWAY_TEXT))
    elif name == "empty-stream":
        plan.empty_hold = fault.arg(0, 0.0)
    elif name.startswith("endless-"):
        plan.endless = name.removeprefix("endless-")
    elif name == "unprocessed":
        if plan.usage is not None:
            low = max(1, count_request(request).text_total // 40)
            plan.usage = replace(
                plan.usage, prompt_tokens=low, cached_tokens=0, cache_write_tokens=0
            )
    elif name == "slow-first-byte":
        plan.first_byte_delay += fault.arg(0, 0.0)
    elif name == "stall":
        plan.stall_after, plan.stall_s = int(fault.arg(0, 0)), fault.arg(1, 0.0)
    elif name == "drop":
        plan.drop = True
    elif name == "error-frame":
        plan.error_frame = True
    elif name == "malformed-chunk":
        plan.malformed = True
    elif name == "truncated-tool-args":
        if not plan.tool_calls:
            plan.tool_calls = (
                ToolCall(f"call_{_digest(plan.conversation, 'cut')}", "lookup", '{"query": "x"}'),
            )
            plan.text = ""
        cut = tuple(
            ToolCall(c.id, c.name, c.arguments[: max(1, len(c.arguments) // 2)])
            for c in plan.tool_calls
        )
        plan.tool_calls, plan.finish = cut, "tool_calls"
    elif name == "tool-as-text":
        calls = plan.tool_calls or _a_call(plan, request)
        plan.text = "".join(
            f'<tool_call>\n{{"name": {orjson.dumps(c.name).decode()}, "arguments": '
            f"{c.arguments}}}\n</tool_call>"
            for c in calls
        )
        plan.tool_calls, plan.finish = (), "stop"
    elif name == "tool-calls-lost":
        plan.text = plan.text if plan.tool_calls and plan.text else TOOL_PREAMBLE
        plan.tool_calls, plan.finish = (), "tool_calls"
    elif name == "finish-length":
        plan.text = plan.text[: max(1, len(plan.text) // 2)]
        plan.tool_calls, plan.finish = (), "length"
    elif name == "no-usage":
        plan.usage = None
    elif name == "html-200":
        plan.raw_body, plan.raw_type = HTML_ERROR_PAGE, "text/html; charset=utf-8"
    elif name == "empty-body":
        plan.raw_body = b""
    return None
