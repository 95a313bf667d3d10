"""OpenAI's legacy completions (`POST /v1/completions`): a prompt in, its continuation out.

Still spoken by older clients and by inference servers (vLLM, llama.cpp's server). A prompt is
one user message to the neutral request; a reply's text is the `choices[0].text`. No tools, no
reasoning. Streams are SSE `text_completion` objects ending in `data: [DONE]`, usage in a last
chunk with empty `choices` when `stream_options.include_usage` is set. Usage and errors are
OpenAI's (wire/openai.py).
"""

from __future__ import annotations

import time
from typing import Any

import orjson

from tether.citations import Citations
from tether.errors import WireError
from tether.messages import (
    ErrorFrame,
    Event,
    Finish,
    Malformed,
    Message,
    NativeDelta,
    ReasoningPart,
    Request,
    StreamEnd,
    TextDelta,
    ToolCall,
    Usage,
    UsageReport,
)
from tether.wire.framing import SSEEventDecoder, json_body, json_event, sse
from tether.wire.openai import error_frame, finish_of, usage_from_raw, usage_to_raw
from tether.wire.shape import field, int_field, obj


def _prompt(value: Any) -> str:
    if isinstance(value, str):
        return value
    if isinstance(value, list) and len(value) == 1 and isinstance(value[0], str):
        return value[0]
    raise WireError("prompt: expected a string (one prompt per request)")


def decode_request(body: Any) -> tuple[str, Request]:
    """The model name and neutral request of a completions body (server side)."""
    body = obj(body, "body")
    model = field(body, "model", str, "body")
    prompt = _prompt(body.get("prompt"))
    request = Request(
        messages=(Message.text("user", prompt),) if prompt else (),
        max_tokens=int_field(body.get("max_tokens"), "max_tokens"),
        temperature=body.get("temperature"),
        stream=bool(body.get("stream", False)),
    )
    return model, request


def encode_request(request: Request, model: str) -> dict[str, Any]:
    """A completions body: the messages' text as one prompt (system text first)."""
    prompt = "\n\n".join(m.text_content for m in request.messages if m.text_content)
    body: dict[str, Any] = {"model": model, "prompt": prompt, "stream": request.stream}
    if request.stream:
        body["stream_options"] = {"include_usage": True}
    if request.max_tokens is not None:
        body["max_tokens"] = request.max_tokens
    if request.temperature is not None:
        body["temperature"] = request.temperature
    return body


def _decode(chunk: dict[str, Any], out: list[Event]) -> None:
    choices = chunk.get("choices")
    if choices and isinstance(choices[0], dict):
        text = choices[0].get("text")
        if text:
            out.append(TextDelta(text))
        finish = choices[0].get("finish_reason")
        if finish:
            out.append(Finish(finish_of(str(finish)), finish))
    usage = chunk.get("usage")
    if usage:
        out.append(UsageReport(usage_from_raw(usage)))


class StreamDecoder(SSEEventDecoder):
    """`text_completion` chunks (SSE bytes) to neutral events."""

    __slots__ = ()

    @staticmethod
    def _decode(event: str, data: bytes, out: list[Event]) -> None:
        if data == b"[DONE]":
            out.append(StreamEnd())
            return
        chunk = json_event(event, data, out, "chunk")
        if chunk is None:
            return
        if chunk.get("error") is not None:
            out.append(error_frame(chunk["error"]))
            return
        _decode(chunk, out)


def decode_whole(body: bytes) -> list[Event]:
    """A whole `text_completion` to the events its stream would have carried."""
    reply, problem = json_body(body)
    if reply is None:
        return [Malformed(body[:500].decode("utf-8", "replace"), problem)] if problem else []
    if reply.get("error") is not None:
        return [error_frame(reply["error"])]
    out: list[Event] = []
    _decode(reply, out)
    out.append(StreamEnd())
    return out


def _head(model: str, completion_id: str) -> dict[str, Any]:
    """What every `text_completion` object and chunk starts with."""
    return {
        "id": completion_id,
        "object": "text_completion",
        "created": int(time.time()),
        "model": model,
    }


def _choice(text: str, finish: str | None) -> dict[str, Any]:
    return {"index": 0, "text": text, "logprobs": None, "finish_reason": finish}


class StreamEncoder:
    """Neutral events to `text_completion` chunks (SSE bytes). Reasoning and tool calls have no
    place in this format and are left out."""

    def __init__(self, model: str, completion_id: str) -> None:
        self._head = _head(model, completion_id)

    def _chunk(self, text: str, finish: str | None = None) -> bytes:
        body = dict(self._head)
        body["choices"] = [_choice(text, finish)]
        return sse(orjson.dumps(body))

    def start(self, usage: Usage | None = None) -> bytes:
        return b""

    def encode(self, event: Event) -> bytes:
        if isinstance(event, (NativeDelta, Citations)):  # this API has no such thing
            return b""
        if isinstance(event, TextDelta):
            return self._chunk(event.text)
        if isinstance(event, Finish):
            return self._chunk("", event.raw or event.reason)
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
        if isinstance(event, StreamEnd):
            return sse(b"[DONE]")
        return b""  # reasoning, tool calls: not in this format


def completion_body(
    model: str,
    completion_id: str,
    *,
    content: str,
    reasoning: tuple[ReasoningPart, ...],
    tool_calls: tuple[ToolCall, ...],
    finish_raw: str,
    usage: Usage | None,
) -> dict[str, Any]:
    """A whole (non-streamed) `text_completion` object."""
    body = _head(model, completion_id)
    body["choices"] = [_choice(content, finish_raw)]
    if usage is not None:
        body["usage"] = usage_to_raw(usage)
    return body
