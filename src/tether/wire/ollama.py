"""Ollama's native chat API (`POST /api/chat`).

Streams are newline-delimited JSON objects; each carries a piece of `message` (`content`,
`thinking`, whole `tool_calls` with arguments as objects) and `done: false`; the last has
`done: true`, `done_reason`, `prompt_eval_count` and `eval_count`. Errors are `{"error": ...}`.
Ollama reports `done_reason: "stop"` after tool calls; the decoder normalises that to
`tool_calls` and keeps the raw word.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import orjson

from tether.citations import Citations
from tether.errors import WireError
from tether.messages import (
    ErrorFrame,
    Event,
    Finish,
    FinishReason,
    ImagePart,
    Malformed,
    Message,
    NativeDelta,
    Part,
    ReasoningDelta,
    ReasoningPart,
    Request,
    StreamEnd,
    TextDelta,
    TextPart,
    ToolCall,
    ToolCallDelta,
    ToolResultPart,
    ToolSpec,
    Usage,
    UsageReport,
)
from tether.wire.framing import NDJSONDecoder
from tether.wire.shape import field, obj, opt_str, seq

_FINISH: dict[str, FinishReason] = {
    "stop": "stop",
    "length": "length",
    "load": "stop",
    "unload": "stop",
}


_USAGE_KEYS = ("prompt_eval_count", "eval_count", "prompt_eval_cached_count")


def usage_from_raw(raw: dict[str, Any]) -> Usage:
    return Usage(
        prompt_tokens=int(raw.get("prompt_eval_count") or 0),
        completion_tokens=int(raw.get("eval_count") or 0),
        cached_tokens=int(raw.get("prompt_eval_cached_count") or 0),  # within prompt_eval_count
        raw=raw,
    )


def usage_to_raw(usage: Usage) -> dict[str, Any]:
    raw = {"prompt_eval_count": usage.prompt_tokens, "eval_count": usage.completion_tokens}
    if usage.cached_tokens:
        raw["prompt_eval_cached_count"] = usage.cached_tokens
    return raw


def _arguments_object(arguments: str) -> Any:
    """Ollama sends arguments as an object; text that does not parse is sent as it is."""
    try:
        return orjson.loads(arguments or "{}")
    except orjson.JSONDecodeError:
        return arguments


# ---------------------------------------------------------------- requests


def encode_request(request: Request, model: str) -> dict[str, Any]:
    messages: list[dict[str, Any]] = []
    for m in request.messages:
        if m.role == "tool":
            for p in m.parts:
                if isinstance(p, ToolResultPart):
                    item = {"role": "tool", "content": p.content}
                    if p.name:
                        item["tool_name"] = p.name
                    messages.append(item)
            continue
        msg: dict[str, Any] = {"role": m.role, "content": m.text_content}
        images = [p.data for p in m.parts if isinstance(p, ImagePart) and p.data]
        if images:
            msg["images"] = images
        calls = m.tool_calls
        if calls:
            msg["tool_calls"] = [
                {"function": {"name": c.name, "arguments": _arguments_object(c.arguments)}}
                for c in calls
            ]
        messages.append(msg)
    body: dict[str, Any] = {"model": model, "messages": messages, "stream": request.stream}
    if request.tools:
        body["tools"] = [
            {
                "type": "function",
                "function": {
                    "name": t.name,
                    "description": t.description,
                    "parameters": t.parameters,
                },
            }
            for t in request.tools
        ]
    options: dict[str, Any] = {}
    if request.max_tokens is not None:
        options["num_predict"] = request.max_tokens
    if request.temperature is not None:
        options["temperature"] = request.temperature
    if options:
        body["options"] = options
    if request.reasoning_effort is not None:
        body["think"] = (
            request.reasoning_effort
            if request.reasoning_effort in ("low", "medium", "high")
            else True
        )
    body.update(request.extra)
    return body


def decode_request(body: Any) -> tuple[str, Request]:
    body = obj(body, "body")
    model = field(body, "model", str, "body")
    messages: list[Message] = []
    for i, raw in enumerate(seq(body.get("messages"), "messages")):
        where = f"messages[{i}]"
        raw = obj(raw, where)
        role = raw.get("role")
        content = opt_str(raw.get("content"), where + ".content")
        if role == "tool":
            name = opt_str(raw.get("tool_name") or raw.get("name"), where + ".tool_name")
            messages.append(Message("tool", (ToolResultPart(f"call_{i}", content, name),)))
            continue
        if role not in ("system", "user", "assistant"):
            raise WireError(f"{where}.role: expected system, user, assistant or tool, got {role!r}")
        parts: list[Part] = []
        thinking = raw.get("thinking")
        if isinstance(thinking, str) and thinking:
            parts.append(ReasoningPart(thinking))
        if content:
            parts.append(TextPart(content))
        for image in seq(raw.get("images") or [], where + ".images"):
            parts.append(ImagePart(data=str(image)))
        for j, call in enumerate(seq(raw.get("tool_calls") or [], where + ".tool_calls")):
            cw = f"{where}.tool_calls[{j}]"
            fn = obj(obj(call, cw).get("function"), cw + ".function")
            args = fn.get("arguments", {})
            parts.append(
                ToolCall(
                    id=f"call_{i}_{j}",
                    name=field(fn, "name", str, cw + ".function"),
                    arguments=args if isinstance(args, str) else orjson.dumps(args).decode(),
                )
            )
        messages.append(Message(role, tuple(parts)))
    tools = []
    for i, raw_tool in enumerate(seq(body.get("tools") or [], "tools")):
        tw = f"tools[{i}]"
        fn = obj(obj(raw_tool, tw).get("function"), tw + ".function")
        tools.append(
            ToolSpec(
                name=field(fn, "name", str, tw + ".function"),
                description=opt_str(fn.get("description"), tw + ".function.description"),
                parameters=obj(
                    fn.get("parameters") or {"type": "object"}, tw + ".function.parameters"
                ),
            )
        )
    options = body.get("options") or {}
    think = body.get("think")
    request = Request(
        messages=tuple(messages),
        tools=tuple(tools),
        max_tokens=options.get("num_predict") if isinstance(options, dict) else None,
        temperature=options.get("temperature") if isinstance(options, dict) else None,
        reasoning_effort=(think if isinstance(think, str) else "enabled") if think else None,
        stream=bool(body.get("stream", True)),
    )
    return model, request


# ---------------------------------------------------------------- streams: client side


class StreamDecoder:
    """NDJSON chat chunks to neutral events."""

    __slots__ = ("_calls", "_lines")

    def __init__(self) -> None:
        self._lines = NDJSONDecoder()
        self._calls = 0

    def feed(self, chunk: bytes) -> list[Event]:
        out: list[Event] = []
        for line in self._lines.feed(chunk):
            self._decode(line, out)
        return out

    def flush(self) -> list[Event]:
        out: list[Event] = []
        for line in self._lines.flush():
            self._decode(line, out)
        return out

    def _decode(self, line: bytes, out: list[Event]) -> None:
        try:
            body = orjson.loads(line)
        except orjson.JSONDecodeError as exc:
            out.append(Malformed(line[:500].decode("utf-8", "replace"), f"not JSON: {exc}"))
            return
        if not isinstance(body, dict):
            out.append(Malformed(line[:500].decode("utf-8", "replace"), "line is not an object"))
            return
        if "error" in body:
            out.append(ErrorFrame(str(body["error"])))
            return
        message = body.get("message") or {}
        thinking = message.get("thinking")
        if thinking:
            out.append(ReasoningDelta(thinking))
        content = message.get("content")
        if content:
            out.append(TextDelta(content))
        for call in message.get("tool_calls") or []:
            fn = call.get("function") or {}
            args = fn.get("arguments", {})
            index = self._calls
            self._calls += 1
            out.append(
                ToolCallDelta(
                    index=index,
                    arguments=args if isinstance(args, str) else orjson.dumps(args).decode(),
                    id=call.get("id") or f"call_{index}",
                    name=fn.get("name") or "",
                )
            )
        if body.get("done"):
            usage = {k: body[k] for k in _USAGE_KEYS if k in body}
            if usage:
                out.append(UsageReport(usage_from_raw(usage)))
            raw = body.get("done_reason") or "stop"
            reason: FinishReason = _FINISH.get(raw, "stop")
            if self._calls and reason == "stop":
                reason = "tool_calls"
            out.append(Finish(reason, raw))
            out.append(StreamEnd())


# ---------------------------------------------------------------- streams: server side


def _now() -> str:
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


class StreamEncoder:
    """Neutral events to Ollama NDJSON. Tool calls are sent whole, as Ollama does."""

    def __init__(self, model: str) -> None:
        self._model = model
        self._calls: dict[int, list[str]] = {}
        self._names: dict[int, str] = {}
        self._finish: Finish | None = None
        self._usage: Usage | None = None

    def _line(self, message: dict[str, Any], done: bool = False, **extra: Any) -> bytes:
        body: dict[str, Any] = {
            "model": self._model,
            "created_at": _now(),
            "message": message,
            "done": done,
        }
        body.update(extra)
        return orjson.dumps(body) + b"\n"

    def start(self, usage: Usage | None = None) -> bytes:
        return b""

    def _flush_calls(self) -> bytes:
        if not self._calls:
            return b""
        calls = [
            {
                "function": {
                    "name": self._names.get(i, ""),
                    "arguments": _arguments_object("".join(self._calls[i])),
                }
            }
            for i in sorted(self._calls)
        ]
        self._calls = {}
        return self._line({"role": "assistant", "content": "", "tool_calls": calls})

    def encode(self, event: Event) -> bytes:
        if isinstance(event, (NativeDelta, Citations)):  # this API has no such thing
            return b""
        if isinstance(event, TextDelta):
            return self._line({"role": "assistant", "content": event.text})
        if isinstance(event, ReasoningDelta):
            return self._line({"role": "assistant", "content": "", "thinking": event.text})
        if isinstance(event, ToolCallDelta):
            self._calls.setdefault(event.index, []).append(event.arguments)
            if event.name:
                self._names[event.index] = event.name
            return b""
        if isinstance(event, Finish):
            self._finish = event
            return self._flush_calls()
        if isinstance(event, UsageReport):
            self._usage = event.usage
            return b""
        if isinstance(event, ErrorFrame):
            return orjson.dumps({"error": event.message}) + b"\n"
        if isinstance(event, Malformed):
            return event.raw.encode() + b"\n"
        if self._finish is None:
            return self._flush_calls()
        reason = "length" if self._finish.reason == "length" else "stop"
        extra: dict[str, Any] = {"done_reason": reason, "total_duration": 0, "load_duration": 0}
        if self._usage is not None:
            extra.update(usage_to_raw(self._usage))
            extra.update(prompt_eval_duration=0, eval_duration=0)
        return self._flush_calls() + self._line({"role": "assistant", "content": ""}, True, **extra)


def chat_body(
    model: str,
    *,
    content: str,
    reasoning: tuple[ReasoningPart, ...],
    tool_calls: tuple[ToolCall, ...],
    finish_raw: str,
    usage: Usage | None,
) -> dict[str, Any]:
    """A whole (non-streamed) chat response."""
    message: dict[str, Any] = {"role": "assistant", "content": content}
    if reasoning:
        message["thinking"] = "".join(p.text for p in reasoning)
    if tool_calls:
        message["tool_calls"] = [
            {"function": {"name": c.name, "arguments": _arguments_object(c.arguments)}}
            for c in tool_calls
        ]
    body: dict[str, Any] = {
        "model": model,
        "created_at": _now(),
        "message": message,
        "done": True,
        "done_reason": "length" if finish_raw == "length" else "stop",
        "total_duration": 0,
        "load_duration": 0,
    }
    if usage is not None:
        body.update(usage_to_raw(usage))
        body.update(prompt_eval_duration=0, eval_duration=0)
    return body


def error_body(status: int, message: str, code: str | None = None) -> dict[str, Any]:
    """Ollama's error shape: `{"error": "..."}`."""
    return {"error": message}
