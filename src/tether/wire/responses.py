"""OpenAI's Responses API (`POST /v1/responses`), as the OpenAI Agents SDK, Codex-style CLIs and
newer OpenAI clients speak it.

A request is `instructions` plus `input` items (messages, `function_call`s and their
`function_call_output`s); a stream is typed server-sent events (`response.created`,
`response.output_text.delta`, `response.function_call_arguments.delta`, ...) ending in one of
`response.completed`, `response.incomplete` (a length or filter stop) or `response.failed`
(an error: never a `completed` that carries one). Usage is always in the last event.
"""

from __future__ import annotations

import time
from typing import Any

import orjson

from tether.citations import Citations, responses_form
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
    NativePart,
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
from tether.wire.framing import SSEEventDecoder, json_event, sse
from tether.wire.openai import error_body
from tether.wire.shape import field, int_field, obj, opt_str, seq

__all__ = [
    "StreamDecoder",
    "StreamEncoder",
    "decode_request",
    "encode_request",
    "error_body",
    "response_body",
    "usage_from_raw",
    "usage_to_raw",
]

# An incomplete response's reason, as a neutral finish.
_INCOMPLETE: dict[str, FinishReason] = {
    "max_output_tokens": "length",
    "content_filter": "content_filter",
}


# ---------------------------------------------------------------- usage


def usage_from_raw(raw: dict[str, Any]) -> Usage:
    """`input_tokens` includes `input_tokens_details.cached_tokens` (as chat completions)."""
    details = raw.get("input_tokens_details") or {}
    out_details = raw.get("output_tokens_details") or {}
    return Usage(
        prompt_tokens=int(raw.get("input_tokens") or 0),
        completion_tokens=int(raw.get("output_tokens") or 0),
        cached_tokens=int(details.get("cached_tokens") or 0),
        cache_write_tokens=int(details.get("cache_write_tokens") or 0),
        reasoning_tokens=int(out_details.get("reasoning_tokens") or 0),
        raw=raw,
    )


def usage_to_raw(usage: Usage) -> dict[str, Any]:
    return {
        "input_tokens": usage.prompt_tokens,
        "input_tokens_details": {
            "cached_tokens": usage.cached_tokens,
            "cache_write_tokens": usage.cache_write_tokens,
        },
        "output_tokens": usage.completion_tokens,
        "output_tokens_details": {"reasoning_tokens": usage.reasoning_tokens},
        "total_tokens": usage.prompt_tokens + usage.completion_tokens,
    }


# ---------------------------------------------------------------- requests


def _message_content(m: Message) -> list[dict[str, Any]]:
    kind = "output_text" if m.role == "assistant" else "input_text"
    out: list[dict[str, Any]] = []
    for p in m.parts:
        if isinstance(p, TextPart) and p.text:
            out.append({"type": kind, "text": p.text})
        elif isinstance(p, ImagePart):
            url = p.url or f"data:{p.media_type};base64,{p.data}"
            out.append({"type": "input_image", "image_url": url})
        elif isinstance(p, NativePart) and _is_content(p.block):
            out.append(p.block)
    return out


def _is_content(block: dict[str, Any]) -> bool:
    """A part of a message's content (a file, audio, a refusal), not an item of its own."""
    return (
        str(block.get("type")).startswith(("input_", "output_")) or block.get("type") == "refusal"
    )


def stand_in(block: dict[str, Any]) -> str:
    """What a provider of another API is told of an item or part it cannot take."""
    kind = str(block.get("type"))
    if kind == "refusal" and isinstance(block.get("refusal"), str):
        return str(block["refusal"])
    if kind == "custom_tool_call_output" and isinstance(block.get("output"), str):
        return str(block["output"])
    name = block.get("filename") or block.get("name") or ""
    what = ("an " if kind[:1] in "aeiou" else "a ") + kind + (f" ({name})" if name else "")
    return f"[{what} was left out: this provider cannot take it]"


def _reasoning_item(p: ReasoningPart) -> dict[str, Any]:
    """A sealed reasoning item as the provider sent it (no id: with `store` off there is no
    stored item to name, and an id is refused)."""
    summary = [{"type": "summary_text", "text": p.text}] if p.text else []
    return {"type": "reasoning", "summary": summary, "encrypted_content": p.signature}


def encode_request(request: Request, model: str) -> dict[str, Any]:
    """The body of a Responses call for `request` (the leading system messages become
    `instructions`)."""
    items: list[dict[str, Any]] = []
    system, conversation = request.split_system()
    for m in conversation:  # a later system message keeps its place (an input item of its own)
        if m.role == "tool":
            items += [
                {"type": "function_call_output", "call_id": p.tool_call_id, "output": p.content}
                for p in m.parts
                if isinstance(p, ToolResultPart)
            ]
            continue
        for p in m.parts:  # in their order: a reasoning item must lead to the item it made
            if isinstance(p, ReasoningPart) and p.signature:
                items.append(_reasoning_item(p))
            elif isinstance(p, NativePart) and not _is_content(p.block):
                items.append(p.block)
        content = _message_content(m)
        if content:
            items.append({"type": "message", "role": m.role, "content": content})
        items += [
            {"type": "function_call", "call_id": c.id, "name": c.name, "arguments": c.arguments}
            for c in m.tool_calls
        ]
    body: dict[str, Any] = {"model": model, "input": items, "stream": request.stream}
    if system:
        body["instructions"] = system
    tools = [
        {
            "type": "function",
            "name": t.name,
            "description": t.description,
            "parameters": t.parameters,
        }
        for t in request.tools
    ]
    if tools or request.hosted_tools:
        body["tools"] = [*tools, *request.hosted_tools]
    if request.max_tokens is not None:
        body["max_output_tokens"] = request.max_tokens
    if request.temperature is not None:
        body["temperature"] = request.temperature
    if request.reasoning_effort is not None:
        body["reasoning"] = {"effort": request.reasoning_effort}
    body["store"] = False  # tether keeps the conversation: nothing is left on the server
    body.update(request.extra)
    return body


def _parts(content: Any, where: str) -> list[Part]:
    if isinstance(content, str):
        return [TextPart(content)] if content else []
    parts: list[Part] = []
    for i, raw in enumerate(seq(content, where)):
        item = obj(raw, f"{where}[{i}]")
        kind = item.get("type")
        if kind in ("input_text", "output_text", "text"):
            text = item.get("text")
            if not isinstance(text, str):
                raise WireError(f"{where}[{i}].text: expected a string")
            parts.append(TextPart(text))
        elif kind == "input_image":
            url = item.get("image_url")
            if isinstance(url, str):
                parts.append(ImagePart(url=url))
        elif isinstance(kind, str):  # a file, audio, an earlier refusal, ...
            parts.append(NativePart("responses", item, stand_in(item)))
        else:
            raise WireError(f"{where}[{i}].type: expected a content type, got {kind!r}")
    return parts


def decode_request(body: Any) -> tuple[str, Request]:
    """The model name and neutral request of a Responses body (server side)."""
    body = obj(body, "body")
    model = field(body, "model", str, "body")
    messages: list[Message] = []
    instructions = body.get("instructions")
    if isinstance(instructions, str) and instructions:
        messages.append(Message.text("system", instructions))
    raw_input = body.get("input")
    if isinstance(raw_input, str):
        raw_input = [{"type": "message", "role": "user", "content": raw_input}]
    pending: list[Part] = []  # an assistant's text and calls, joined into one message

    def flush() -> None:
        if pending:
            messages.append(Message("assistant", tuple(pending)))
            pending.clear()

    for i, raw in enumerate(seq(raw_input, "input")):
        where = f"input[{i}]"
        item = obj(raw, where)
        kind = item.get("type", "message")
        if kind == "message":
            role = item.get("role")
            parts = _parts(item.get("content"), where + ".content")
            if role == "assistant":
                pending.extend(parts)
                continue
            flush()
            if role in ("system", "developer"):
                messages.append(Message("system", tuple(parts)))
            elif role == "user":
                messages.append(Message("user", tuple(parts)))
            else:
                raise WireError(f"{where}.role: expected user, assistant, system or developer")
        elif kind == "function_call":
            arguments = item.get("arguments", "")
            if not isinstance(arguments, str):
                arguments = orjson.dumps(arguments).decode()
            call_id = opt_str(item.get("call_id"), where + ".call_id") or f"call_{i}"
            pending.append(ToolCall(call_id, field(item, "name", str, where), arguments))
        elif kind == "function_call_output":
            flush()
            output = item.get("output", "")
            text = output if isinstance(output, str) else orjson.dumps(output).decode()
            call_id = field(item, "call_id", str, where)
            messages.append(Message("tool", (ToolResultPart(call_id, text),)))
        elif kind == "reasoning":
            summary = item.get("summary") or []
            text = "".join(s.get("text", "") for s in summary if isinstance(s, dict))
            sealed = opt_str(item.get("encrypted_content"), where + ".encrypted_content")
            if text or sealed:
                pending.append(ReasoningPart(text, sealed))
        elif isinstance(kind, str):  # a hosted tool's call, a custom tool's, a reference, ...
            pending.append(NativePart("responses", item, stand_in(item)))
        else:
            raise WireError(f"{where}.type: expected an item type, got {kind!r}")
    flush()
    tools: list[ToolSpec] = []
    hosted: list[dict[str, Any]] = []
    for i, raw_tool in enumerate(seq(body.get("tools") or [], "tools")):
        tool = obj(raw_tool, f"tools[{i}]")
        if tool.get("type") != "function":
            hosted.append(tool)  # web search, file search, namespaces: not tether's to run
            continue
        params = tool.get("parameters") or {"type": "object", "properties": {}}
        tools.append(
            ToolSpec(
                name=field(tool, "name", str, f"tools[{i}]"),
                description=opt_str(tool.get("description"), f"tools[{i}].description"),
                parameters=obj(params, f"tools[{i}].parameters"),
            )
        )
    reasoning = body.get("reasoning")
    effort = reasoning.get("effort") if isinstance(reasoning, dict) else None
    request = Request(
        messages=tuple(messages),
        tools=tuple(tools),
        hosted_tools=tuple(hosted),
        max_tokens=int_field(body.get("max_output_tokens"), "max_output_tokens"),
        temperature=body.get("temperature"),
        reasoning_effort=effort if isinstance(effort, str) else None,
        stream=bool(body.get("stream", False)),
    )
    return model, request


# ---------------------------------------------------------------- streams: client side


class StreamDecoder(SSEEventDecoder):
    """Responses events (SSE bytes) to neutral events."""

    __slots__ = ("_calls", "_refused")

    def __init__(self) -> None:
        super().__init__()
        self._calls: dict[int, int] = {}  # output index -> tool call index
        self._refused = False  # the model refused (`response.refusal.delta`)

    def _decode(self, event: str, data: bytes, out: list[Event]) -> None:
        body = json_event(event, data, out)
        if body is None:
            return
        kind = body.get("type") or event
        if kind == "response.output_text.delta":
            out.append(TextDelta(str(body.get("delta") or "")))
        elif kind == "response.refusal.delta":
            self._refused = True
            out.append(TextDelta(str(body.get("delta") or "")))
        elif kind in ("response.reasoning_summary_text.delta", "response.reasoning_text.delta"):
            out.append(ReasoningDelta(str(body.get("delta") or "")))
        elif kind == "response.output_item.added":
            item = body.get("item") or {}
            if isinstance(item, dict) and item.get("type") == "function_call":
                index = self._calls.setdefault(int(body.get("output_index", 0)), len(self._calls))
                out.append(
                    ToolCallDelta(
                        index, str(item.get("arguments") or ""), str(item.get("call_id") or ""),
                        str(item.get("name") or ""),
                    )
                )  # fmt: skip
        elif kind == "response.output_item.done":
            item = body.get("item") or {}
            item = item if isinstance(item, dict) else {}
            sealed = item.get("encrypted_content")
            item_kind = item.get("type")
            if item_kind == "reasoning":
                if isinstance(sealed, str) and sealed:
                    out.append(ReasoningDelta("", sealed))  # the item's proof: back as is
            elif item_kind == "message":
                native = _cited_message(item)
                if native is not None:
                    out.append(native)
            elif isinstance(item_kind, str) and item_kind != "function_call":
                out.append(NativeDelta("responses", item))  # a hosted tool's call, ...
        elif kind == "response.function_call_arguments.delta":
            position = int(body.get("output_index", 0))
            index = self._calls.setdefault(position, len(self._calls))
            out.append(ToolCallDelta(index, str(body.get("delta") or "")))
        elif kind in ("response.completed", "response.incomplete"):
            self._end(body.get("response") or {}, out)
        elif kind == "response.failed":
            response = body.get("response") or {}
            error = response.get("error") if isinstance(response, dict) else None
            out.append(_error_frame(error or {"message": "the response failed"}))
        elif kind == "error":
            out.append(_error_frame(body.get("error") or body))

    def _end(self, response: Any, out: list[Event]) -> None:
        response = response if isinstance(response, dict) else {}
        status = str(response.get("status") or "completed")
        if status == "incomplete":
            details = response.get("incomplete_details") or {}
            raw = str(details.get("reason") or "incomplete") if isinstance(details, dict) else ""
            out.append(Finish(_INCOMPLETE.get(raw, "length"), raw))
        elif self._refused:
            out.append(Finish("content_filter", "refusal"))
        else:
            calls = bool(self._calls)
            out.append(Finish("tool_calls" if calls else "stop", status))
        usage = response.get("usage")
        if isinstance(usage, dict):
            out.append(UsageReport(usage_from_raw(usage)))
        out.append(StreamEnd())


def _cited_message(item: dict[str, Any]) -> NativeDelta | None:
    """A message whose text carries annotations (a web search's `url_citation`s), whole:
    its text came as TextDelta already, the annotations only here."""
    parts = [p for p in item.get("content") or [] if isinstance(p, dict)]
    if not any(p.get("annotations") for p in parts):
        return None
    text = "".join(
        str(p.get("text") or "") if p.get("type") == "output_text" else str(p.get("refusal") or "")
        for p in parts
    )
    return NativeDelta("responses", item, text)


def _error_frame(error: Any) -> ErrorFrame:
    if isinstance(error, dict):
        code = error.get("code") or error.get("type") or ""
        return ErrorFrame(str(error.get("message", "")), str(code))
    return ErrorFrame(str(error))


# ---------------------------------------------------------------- streams: server side


def _now() -> int:
    return int(time.time())


class StreamEncoder:
    """Neutral events to Responses events (SSE bytes), as OpenAI sends them: each output item
    is opened, filled and closed, and the end is one `completed`, `incomplete` or `failed`."""

    def __init__(self, model: str, response_id: str) -> None:
        self._model = model
        self._id = response_id
        self._created = _now()
        self._seq = 0
        self._output: list[dict[str, Any]] = []  # items as they stand
        self._open: dict[str, Any] | None = None  # the item being filled
        self._calls: dict[int, int] = {}  # tool call index -> output index
        self._usage: Usage | None = None
        self._chars = 0  # the turn's content so far
        self._part_start = 0  # where the open message's text begins in it
        self._finish: Finish | None = None

    def _event(self, kind: str, **fields: Any) -> bytes:
        body = {"type": kind, "sequence_number": self._seq, **fields}
        self._seq += 1
        return sse(orjson.dumps(body), kind)

    def _response(self, status: str, **extra: Any) -> dict[str, Any]:
        body: dict[str, Any] = {
            "id": self._id,
            "object": "response",
            "created_at": self._created,
            "model": self._model,
            "status": status,
            "output": self._output,
            "parallel_tool_calls": True,
            "tool_choice": "auto",
            "tools": [],
            "usage": usage_to_raw(self._usage) if self._usage is not None else None,
            "error": None,
            "incomplete_details": None,
        }
        body.update(extra)
        return body

    def start(self, usage: Usage | None = None) -> bytes:
        return self._event("response.created", response=self._response("in_progress")) + (
            self._event("response.in_progress", response=self._response("in_progress"))
        )

    def _close(self) -> bytes:
        item, self._open = self._open, None
        if item is None:
            return b""
        index = self._output.index(item)
        item["status"] = "completed"
        out = b""
        if item["type"] == "message":
            part = item["content"][0]
            out += self._event(
                "response.output_text.done", item_id=item["id"], output_index=index,
                content_index=0, text=part["text"], logprobs=[],
            )  # fmt: skip
            out += self._event(
                "response.content_part.done", item_id=item["id"], output_index=index,
                content_index=0, part=part,
            )  # fmt: skip
        elif item["type"] == "function_call":
            out += self._event(
                "response.function_call_arguments.done", item_id=item["id"],
                output_index=index, arguments=item["arguments"],
            )  # fmt: skip
        elif item["type"] == "reasoning":
            text = item["summary"][0]["text"]
            out += self._event(
                "response.reasoning_summary_text.done", item_id=item["id"], output_index=index,
                summary_index=0, text=text,
            )  # fmt: skip
        return out + self._event("response.output_item.done", output_index=index, item=item)

    def whole(self, finish_raw: str, usage: Usage | None) -> dict[str, Any]:
        """The response object for what was encoded, as a non-streamed reply carries it: a
        length or content-filter finish makes it `incomplete`, with the reason."""
        self._close()
        self._usage = usage
        if finish_raw not in ("length", "max_output_tokens", "content_filter"):
            return self._response("completed")
        reason = "content_filter" if finish_raw == "content_filter" else "max_output_tokens"
        return self._response("incomplete", incomplete_details={"reason": reason})

    def _add(self, item: dict[str, Any]) -> bytes:
        out = self._close()
        self._output.append(item)
        self._open = item
        index = len(self._output) - 1
        shown = {**item, "content": []} if item["type"] == "message" else item
        return out + self._event("response.output_item.added", output_index=index, item=shown)

    def _native(self, item: dict[str, Any]) -> bytes:
        """An output item of the provider's own (a hosted tool's call, a message with its
        annotations), added and done as it came; a message's text streams as a delta too."""
        out = self._close()
        index = len(self._output)
        self._output.append(item)
        if item.get("type") != "message":
            return (
                out
                + self._event("response.output_item.added", output_index=index, item=item)
                + self._event("response.output_item.done", output_index=index, item=item)
            )
        item_id = item.get("id") or f"msg_{self._id}_{index}"
        out += self._event(
            "response.output_item.added", output_index=index,
            item={**item, "status": "in_progress", "content": []},
        )  # fmt: skip
        for ci, part in enumerate(item.get("content") or []):
            text = str(part.get("text") or "") if isinstance(part, dict) else ""
            empty = {**part, "text": "", "annotations": []} if text else part
            out += self._event(
                "response.content_part.added", item_id=item_id, output_index=index,
                content_index=ci, part=empty,
            )  # fmt: skip
            if text:
                out += self._event(
                    "response.output_text.delta", item_id=item_id, output_index=index,
                    content_index=ci, delta=text, logprobs=[],
                )  # fmt: skip
                out += self._event(
                    "response.output_text.done", item_id=item_id, output_index=index,
                    content_index=ci, text=text, logprobs=[],
                )  # fmt: skip
            out += self._event(
                "response.content_part.done", item_id=item_id, output_index=index,
                content_index=ci, part=part,
            )  # fmt: skip
        return out + self._event("response.output_item.done", output_index=index, item=item)

    def _cite(self, event: Citations) -> bytes:
        """Another API's url citations, as annotations of the open message's text that they
        cite (announced one by one, as OpenAI does); a span outside it is not cited."""
        item = self._open
        if item is None or item["type"] != "message":
            return b""
        part = item["content"][0]
        out = b""
        for c in event.cites:
            annotation = responses_form(c, self._part_start, len(part["text"]))
            if annotation is None:
                continue
            part["annotations"].append(annotation)
            out += self._event(
                "response.output_text.annotation.added", item_id=item["id"],
                output_index=len(self._output) - 1, content_index=0,
                annotation_index=len(part["annotations"]) - 1, annotation=annotation,
            )  # fmt: skip
        return out

    def encode(self, event: Event) -> bytes:
        if isinstance(event, TextDelta):
            out = b""
            if self._open is None or self._open["type"] != "message":
                item = {
                    "type": "message", "id": f"msg_{self._id}_{len(self._output)}",
                    "role": "assistant", "status": "in_progress",
                    "content": [{"type": "output_text", "text": "", "annotations": []}],
                }  # fmt: skip
                out = self._add(item)
                self._part_start = self._chars
                out += self._event(
                    "response.content_part.added", item_id=item["id"],
                    output_index=len(self._output) - 1, content_index=0,
                    part={"type": "output_text", "text": "", "annotations": []},
                )  # fmt: skip
            assert self._open is not None
            self._open["content"][0]["text"] += event.text
            self._chars += len(event.text)
            return out + self._event(
                "response.output_text.delta", item_id=self._open["id"],
                output_index=len(self._output) - 1, content_index=0, delta=event.text,
                logprobs=[],
            )  # fmt: skip
        if isinstance(event, ReasoningDelta):
            out = b""
            if self._open is None or self._open["type"] != "reasoning":
                out = self._add(
                    {"type": "reasoning", "id": f"rs_{self._id}_{len(self._output)}",
                     "summary": [{"type": "summary_text", "text": ""}]}
                )  # fmt: skip
            assert self._open is not None
            if event.signature:  # sealed: the item ends with it (the next reasoning is another)
                self._open["encrypted_content"] = event.signature
                return out + self._close()
            self._open["summary"][0]["text"] += event.text
            return out + self._event(
                "response.reasoning_summary_text.delta", item_id=self._open["id"],
                output_index=len(self._output) - 1, summary_index=0, delta=event.text,
            )  # fmt: skip
        if isinstance(event, ToolCallDelta):
            out = b""
            if event.index not in self._calls:
                item = {
                    "type": "function_call", "id": f"fc_{self._id}_{len(self._output)}",
                    "call_id": event.id or f"call_{event.index}", "name": event.name,
                    "arguments": "", "status": "in_progress",
                }  # fmt: skip
                out = self._add(item)
                self._calls[event.index] = len(self._output) - 1
            index = self._calls[event.index]
            call = self._output[index]
            call["arguments"] += event.arguments
            if not event.arguments:
                return out
            return out + self._event(
                "response.function_call_arguments.delta", item_id=call["id"],
                output_index=index, delta=event.arguments,
            )  # fmt: skip
        if isinstance(event, NativeDelta):
            self._chars += len(event.text)
            return self._native(event.block)
        if isinstance(event, Citations):
            return self._cite(event)
        if isinstance(event, Finish):
            self._finish = event
            return b""
        if isinstance(event, UsageReport):
            self._usage = event.usage
            return b""
        if isinstance(event, ErrorFrame):
            error = {"code": event.code or "server_error", "message": event.message}
            return self._close() + self._event(
                "response.failed", response=self._response("failed", error=error)
            )
        if isinstance(event, Malformed):
            return sse(event.raw.encode())
        # the end of the stream: one closing event, after the last item is closed
        out = self._close()
        finish = self._finish
        if finish is not None and finish.reason in ("length", "content_filter"):
            reason = "max_output_tokens" if finish.reason == "length" else "content_filter"
            return out + self._event(
                "response.incomplete",
                response=self._response("incomplete", incomplete_details={"reason": reason}),
            )
        return out + self._event("response.completed", response=self._response("completed"))


def response_body(
    model: str,
    response_id: str,
    *,
    content: str,
    reasoning: tuple[ReasoningPart, ...],
    tool_calls: tuple[ToolCall, ...],
    finish_raw: str,
    usage: Usage | None,
    pieces: list[Piece] | None = None,
) -> dict[str, Any]:
    """A whole (non-streamed) response object; `pieces`, when given, stand for `content`: its
    text with the provider's own items at their place (Turn.pieces)."""
    encoder = StreamEncoder(model, response_id)
    for p in reasoning:
        encoder.encode(ReasoningDelta(p.text))
        if p.signature:
            encoder.encode(ReasoningDelta("", p.signature))
    for piece in [content] if pieces is None else pieces:
        if isinstance(piece, NativeBlock):
            encoder.encode(NativeDelta(piece.api, piece.block, piece.text))
        elif isinstance(piece, Citations):
            encoder.encode(piece)
        elif isinstance(piece, ReasoningPart):  # at its place (Turn.pieces with reasoning)
            encoder.encode(ReasoningDelta(piece.text))
            if piece.signature:
                encoder.encode(ReasoningDelta("", piece.signature))
        elif piece:
            encoder.encode(TextDelta(piece))
    for i, c in enumerate(tool_calls):
        encoder.encode(ToolCallDelta(i, c.arguments, c.id, c.name))
    return encoder.whole(finish_raw, usage)
