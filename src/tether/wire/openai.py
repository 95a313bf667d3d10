"""OpenAI chat completions (`POST /v1/chat/completions`), as OpenAI, OpenRouter, vLLM,
llama.cpp's server and Ollama's `/v1` speak it.

Streams are server-sent events of `chat.completion.chunk` objects ending in `data: [DONE]`;
usage arrives in a last chunk with empty `choices` when `stream_options.include_usage` is set.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any

import orjson

from tether.citations import Citations, chat_form
from tether.errors import WireError
from tether.messages import (
    ErrorFrame,
    Event,
    Finish,
    FinishReason,
    ImagePart,
    Malformed,
    Message,
    NativeBlock,
    NativeDelta,
    Part,
    Piece,
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
from tether.wire.framing import SSEEventDecoder, json_body, json_event, sse
from tether.wire.shape import field, int_field, obj, opt_str, seq, text_of

FINISH: dict[str, FinishReason] = {
    "stop": "stop",
    "length": "length",
    "tool_calls": "tool_calls",
    "function_call": "tool_calls",
    "content_filter": "content_filter",
    # other APIs' names, which gateways pass through as they came (Gemini's upper case
    # `MAX_TOKENS`: QwenLM/qwen-code#9882, Portkey-AI/gateway#1200; Anthropic's stop reasons)
    "max_tokens": "length",
    "max_output_tokens": "length",
    "model_context_window_exceeded": "length",
    "end_turn": "stop",
    "stop_sequence": "stop",
    "tool_use": "tool_calls",
}


def finish_of(raw: str) -> FinishReason:
    """The normalised finish of a chat (or legacy) completion's `finish_reason`, in any case;
    a name it does not know is a stop (the judge still reads the raw name)."""
    return FINISH.get(raw) or FINISH.get(raw.lower(), "stop")


# ---------------------------------------------------------------- usage


def usage_from_raw(raw: dict[str, Any]) -> Usage:
    """OpenAI's `prompt_tokens` already includes `prompt_tokens_details.cached_tokens`."""
    details = raw.get("prompt_tokens_details") or {}
    completion_details = raw.get("completion_tokens_details") or {}
    return Usage(
        prompt_tokens=int(raw.get("prompt_tokens") or 0),
        completion_tokens=int(raw.get("completion_tokens") or 0),
        cached_tokens=int(details.get("cached_tokens") or 0),
        reasoning_tokens=int(completion_details.get("reasoning_tokens") or 0),
        raw=raw,
    )


def usage_to_raw(usage: Usage) -> dict[str, Any]:
    return {
        "prompt_tokens": usage.prompt_tokens,
        "completion_tokens": usage.completion_tokens,
        "total_tokens": usage.prompt_tokens + usage.completion_tokens,
        "prompt_tokens_details": {"cached_tokens": usage.cached_tokens},
        "completion_tokens_details": {"reasoning_tokens": usage.reasoning_tokens},
    }


# ---------------------------------------------------------------- requests


def _content_to_wire(parts: tuple[Part, ...]) -> str | list[dict[str, Any]]:
    if all(isinstance(p, TextPart) for p in parts):
        return "".join(p.text for p in parts if isinstance(p, TextPart))
    out: list[dict[str, Any]] = []
    for p in parts:
        if isinstance(p, TextPart):
            out.append({"type": "text", "text": p.text})
        elif isinstance(p, ImagePart):
            url = p.url or f"data:{p.media_type};base64,{p.data}"
            out.append({"type": "image_url", "image_url": {"url": url}})
    return out


REASONING_DIALECTS = ("openai", "openrouter", "glm")


def _reasoning_fields(level: str, dialect: str) -> dict[str, Any]:
    """The reasoning level in a server's dialect: OpenAI's `reasoning_effort`, OpenRouter's
    `reasoning.effort`, or GLM-style `thinking` (on/off only: low levels turn it off)."""
    if dialect == "openrouter":
        return {"reasoning": {"effort": level}}
    if dialect == "glm":
        off = level in ("none", "minimal", "low", "disabled")
        return {"thinking": {"type": "disabled" if off else "enabled"}}
    return {"reasoning_effort": level}


def encode_request(request: Request, model: str, dialect: str = "openai") -> dict[str, Any]:
    """The body of a chat completions call for `request`."""
    messages: list[dict[str, Any]] = []
    for m in request.messages:
        if m.role == "tool":
            for p in m.parts:
                if isinstance(p, ToolResultPart):
                    messages.append(
                        {"role": "tool", "tool_call_id": p.tool_call_id, "content": p.content}
                    )
            continue
        if m.role == "assistant":
            item: dict[str, Any] = {"role": "assistant", "content": m.text_content or None}
            calls = m.tool_calls
            if calls:
                item["tool_calls"] = [
                    {
                        "id": c.id,
                        "type": "function",
                        "function": {"name": c.name, "arguments": c.arguments},
                    }
                    for c in calls
                ]
            messages.append(item)
            continue
        wire_parts = tuple(p for p in m.parts if isinstance(p, TextPart | ImagePart))
        messages.append({"role": m.role, "content": _content_to_wire(wire_parts)})
    body: dict[str, Any] = {"model": model, "messages": messages, "stream": request.stream}
    if request.stream:
        body["stream_options"] = {"include_usage": True}
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
    if request.max_tokens is not None:
        body["max_tokens"] = request.max_tokens
    if request.temperature is not None:
        body["temperature"] = request.temperature
    if request.reasoning_effort is not None:
        body.update(_reasoning_fields(request.reasoning_effort, dialect))
    body.update(request.extra)
    return body


def _parts_from_content(content: Any, where: str) -> list[Part]:
    if content is None:
        return []
    if isinstance(content, str):
        return [TextPart(content)] if content else []
    parts: list[Part] = []
    for i, item in enumerate(seq(content, where)):
        item = obj(item, f"{where}[{i}]")
        kind = item.get("type")
        if kind == "text":
            parts.append(TextPart(text_of(item.get("text"), f"{where}[{i}].text")))
        elif kind == "image_url":
            image = item.get("image_url")
            url = image.get("url", "") if isinstance(image, dict) else image
            if not isinstance(url, str):
                raise WireError(f"{where}[{i}].image_url.url: expected a string")
            parts.append(ImagePart(url=url))
        elif kind in ("input_audio", "file", "refusal"):
            continue
        else:
            raise WireError(f"{where}[{i}].type: unknown content part type {kind!r}")
    return parts


def decode_request(body: Any) -> tuple[str, Request]:
    """The model name and neutral request of a chat completions body (server side)."""
    body = obj(body, "body")
    model = field(body, "model", str, "body")
    messages: list[Message] = []
    for i, raw in enumerate(seq(body.get("messages"), "messages")):
        where = f"messages[{i}]"
        raw = obj(raw, where)
        role = raw.get("role")
        if role in ("system", "developer"):
            messages.append(
                Message(
                    "system", tuple(_parts_from_content(raw.get("content"), where + ".content"))
                )
            )
        elif role == "user":
            messages.append(
                Message("user", tuple(_parts_from_content(raw.get("content"), where + ".content")))
            )
        elif role == "assistant":
            parts = _parts_from_content(raw.get("content"), where + ".content")
            reasoning = raw.get("reasoning_content") or raw.get("reasoning")
            if isinstance(reasoning, str) and reasoning:
                parts.insert(0, ReasoningPart(reasoning))
            for j, call in enumerate(seq(raw.get("tool_calls") or [], where + ".tool_calls")):
                cw = f"{where}.tool_calls[{j}]"
                fn = obj(obj(call, cw).get("function"), cw + ".function")
                args = fn.get("arguments", "")
                if not isinstance(args, str):
                    args = orjson.dumps(args).decode()
                parts.append(
                    ToolCall(
                        id=opt_str(call.get("id"), cw + ".id") or f"call_{j}",
                        name=field(fn, "name", str, cw + ".function"),
                        arguments=args,
                    )
                )
            messages.append(Message("assistant", tuple(parts)))
        elif role == "tool":
            content = raw.get("content")
            text = (
                content
                if isinstance(content, str)
                else "".join(
                    p.text
                    for p in _parts_from_content(content, where + ".content")
                    if isinstance(p, TextPart)
                )
            )
            call_id = field(raw, "tool_call_id", str, where)
            messages.append(
                Message("tool", (ToolResultPart(call_id, text, raw.get("name") or ""),))
            )
        else:
            raise WireError(
                f"{where}.role: expected system, developer, user, assistant or tool, got {role!r}"
            )
    tools: list[ToolSpec] = []
    for i, raw_tool in enumerate(seq(body.get("tools") or [], "tools")):
        tw = f"tools[{i}]"
        fn = obj(obj(raw_tool, tw).get("function"), tw + ".function")
        params = fn.get("parameters") or {"type": "object", "properties": {}}
        tools.append(
            ToolSpec(
                name=field(fn, "name", str, tw + ".function"),
                description=opt_str(fn.get("description"), tw + ".function.description"),
                parameters=obj(params, tw + ".function.parameters"),
            )
        )
    max_tokens = body.get("max_completion_tokens", body.get("max_tokens"))
    effort = body.get("reasoning_effort")
    reasoning = body.get("reasoning")
    if effort is None and isinstance(reasoning, dict):
        effort = reasoning.get("effort")
    thinking = body.get("thinking")
    if effort is None and isinstance(thinking, dict) and thinking.get("type"):
        effort = "none" if thinking.get("type") == "disabled" else "enabled"
    request = Request(
        messages=tuple(messages),
        tools=tuple(tools),
        max_tokens=int_field(max_tokens, "max_tokens"),
        temperature=body.get("temperature"),
        reasoning_effort=effort if isinstance(effort, str) else None,
        stream=bool(body.get("stream", False)),
    )
    return model, request


# ---------------------------------------------------------------- streams: client side


class StreamDecoder(SSEEventDecoder):
    """Chat completion chunks (SSE bytes) to neutral events."""

    __slots__ = ("_refused",)

    def __init__(self) -> None:
        super().__init__()
        self._refused = False  # the model refused (`delta.refusal`): the finish says so

    def _decode(self, event: str, data: bytes, out: list[Event]) -> None:
        if data == b"[DONE]":
            out.append(StreamEnd())
            return
        chunk = json_event(event, data, out, "chunk")
        if chunk is None:
            return
        error = chunk.get("error")
        if error is not None:
            out.append(error_frame(error))
            return
        self._refused = decode_chunk(chunk, out, self._refused)


def error_frame(error: Any) -> ErrorFrame:
    if isinstance(error, dict):
        return ErrorFrame(
            str(error.get("message", "")), str(error.get("code") or error.get("type") or "")
        )
    return ErrorFrame(str(error))


def decode_chunk(chunk: dict[str, Any], out: list[Event], refused: bool = False) -> bool:
    """One parsed `chat.completion.chunk` to events (appended to `out`); whether the model has
    refused by now (`refused`: it had before). A refusal (`delta.refusal`, structured outputs)
    is text, and its finish is a refusal, whatever `finish_reason` says."""
    choices = chunk.get("choices")
    if choices:
        choice = choices[0]
        delta = choice.get("delta") or {}
        reasoning = delta.get("reasoning_content") or delta.get("reasoning")
        if reasoning:
            out.append(ReasoningDelta(reasoning))
        content = delta.get("content")
        if content:
            out.append(TextDelta(content))
        annotations = delta.get("annotations")
        if annotations and isinstance(annotations, list):
            # a search model's url citations (`gpt-4o-search-preview`): on the delta that
            # carries the cited text or, as OpenAI streams them, on a last delta of their own
            cited = [a for a in annotations if isinstance(a, dict)]
            if cited:
                out.append(NativeDelta("openai", {"annotations": cited}))
        refusal = delta.get("refusal")
        if refusal and isinstance(refusal, str):
            out.append(TextDelta(refusal))
            refused = True
        calls = delta.get("tool_calls")
        if calls:
            for call in calls:
                fn = call.get("function") or {}
                out.append(
                    ToolCallDelta(
                        index=int(call.get("index", 0)),
                        arguments=fn.get("arguments") or "",
                        id=call.get("id") or "",
                        name=fn.get("name") or "",
                    )
                )
        legacy = delta.get("function_call")
        if not calls and isinstance(legacy, dict):
            # the one call of the legacy `functions` API, which some servers send for a
            # request with `tools` (MeetKai/functionary#92), with `finish_reason: function_call`
            out.append(
                ToolCallDelta(
                    0, str(legacy.get("arguments") or ""), name=str(legacy.get("name") or "")
                )
            )
        finish = choice.get("finish_reason")
        if finish:
            out.append(
                Finish("content_filter", "refusal")
                if refused
                else Finish(finish_of(str(finish)), finish)
            )
    usage = chunk.get("usage")
    if usage:
        out.append(UsageReport(usage_from_raw(usage)))
    return refused


def decode_whole(body: bytes) -> list[Event]:
    """A whole (non-streamed) chat completion to the events its stream would have carried; a
    body that is not one (an HTML page, nothing) is reported, never read as an answer."""
    reply, problem = json_body(body)
    if reply is None:
        return [Malformed(body[:500].decode("utf-8", "replace"), problem)] if problem else []
    if reply.get("error") is not None:
        return [error_frame(reply["error"])]
    chunk: dict[str, Any] = {"usage": reply.get("usage")}
    choices = reply.get("choices")
    if isinstance(choices, list) and choices and isinstance(choices[0], dict):
        message = choices[0].get("message") or {}
        calls = [{**c, "index": i} for i, c in enumerate(message.get("tool_calls") or [])]
        delta = {**message, "tool_calls": calls}
        chunk["choices"] = [{"delta": delta, "finish_reason": choices[0].get("finish_reason")}]
    out: list[Event] = []
    decode_chunk(chunk, out)
    out.append(StreamEnd())
    return out


# ---------------------------------------------------------------- streams: server side


class StreamEncoder:
    """Neutral events to chat completion chunks (SSE bytes), as a provider sends them."""

    def __init__(self, model: str, completion_id: str, created: int | None = None) -> None:
        self._head = {
            "id": completion_id,
            "object": "chat.completion.chunk",
            "created": int(time.time()) if created is None else created,
            "model": model,
            "system_fingerprint": None,
        }
        self._sent_call_ids: set[int] = set()

    def _chunk(self, delta: dict[str, Any], finish: str | None = None) -> bytes:
        body = dict(self._head)
        body["choices"] = [{"index": 0, "delta": delta, "logprobs": None, "finish_reason": finish}]
        return sse(orjson.dumps(body))

    def start(self, usage: Usage | None = None) -> bytes:
        return self._chunk({"role": "assistant", "content": ""})

    def encode(self, event: Event) -> bytes:
        if isinstance(event, NativeDelta):  # url citations; another API's block has no place
            if event.api == "openai" and "annotations" in event.block:
                return self._chunk({"annotations": event.block["annotations"]})
            return b""
        if isinstance(event, Citations):  # another API's url citations, in this one's words
            return self._chunk({"annotations": [chat_form(c) for c in event.cites]})
        if isinstance(event, TextDelta):
            return self._chunk({"content": event.text})
        if isinstance(event, ReasoningDelta):
            return self._chunk({"reasoning_content": event.text})
        if isinstance(event, ToolCallDelta):
            call: dict[str, Any] = {
                "index": event.index,
                "function": {"arguments": event.arguments},
            }
            if event.index not in self._sent_call_ids:
                self._sent_call_ids.add(event.index)
                call["id"] = event.id
                call["type"] = "function"
                call["function"]["name"] = event.name
            return self._chunk({"tool_calls": [call]})
        if isinstance(event, Finish):
            return self._chunk({}, event.raw or event.reason)
        if isinstance(event, UsageReport):
            body = dict(self._head)
            body["choices"] = []
            body["usage"] = usage_to_raw(event.usage)
            return sse(orjson.dumps(body))
        if isinstance(event, ErrorFrame):
            error = {"message": event.message, "type": "server_error", "code": event.code or None}
            return sse(orjson.dumps({"error": error}))
        if isinstance(event, Malformed):
            return sse(event.raw.encode())
        return sse(b"[DONE]")


def completion_body(
    model: str,
    completion_id: str,
    *,
    content: str,
    reasoning: tuple[ReasoningPart, ...],
    tool_calls: tuple[ToolCall, ...],
    finish_raw: str,
    usage: Usage | None,
    created: int | None = None,
    pieces: Sequence[Piece] = (),
) -> dict[str, Any]:
    """A whole (non-streamed) `chat.completion` object, with the url citations the upstream sent
    (a search model's, or another API's in this one's words)."""
    message: dict[str, Any] = {
        "role": "assistant",
        "content": content if content or not tool_calls else None,
    }
    annotations = [
        a
        for p in pieces
        if isinstance(p, NativeBlock) and p.api == "openai"
        for a in p.block.get("annotations", ())
    ] + [chat_form(c) for p in pieces if isinstance(p, Citations) for c in p.cites]
    if annotations:
        message["annotations"] = annotations
    if reasoning:
        message["reasoning_content"] = "".join(p.text for p in reasoning)
    if tool_calls:
        message["tool_calls"] = [
            {"id": c.id, "type": "function", "function": {"name": c.name, "arguments": c.arguments}}
            for c in tool_calls
        ]
    body: dict[str, Any] = {
        "id": completion_id,
        "object": "chat.completion",
        "created": int(time.time()) if created is None else created,
        "model": model,
        "choices": [
            {"index": 0, "message": message, "logprobs": None, "finish_reason": finish_raw}
        ],
        "system_fingerprint": None,
    }
    if usage is not None:
        body["usage"] = usage_to_raw(usage)
    return body


_ERROR_TYPES = {
    400: "invalid_request_error",
    401: "authentication_error",
    402: "insufficient_quota",
    403: "permission_error",
    404: "not_found_error",
    429: "rate_limit_error",
}


def error_body(status: int, message: str, code: str | None = None) -> dict[str, Any]:
    """An error in OpenAI's shape: `{"error": {"message", "type", "param", "code"}}`."""
    kind = _ERROR_TYPES.get(status, "server_error" if status >= 500 else "invalid_request_error")
    return {"error": {"message": message, "type": kind, "param": None, "code": code}}
