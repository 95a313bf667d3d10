"""Anthropic messages (`POST /v1/messages`).

Streams are server-sent events: `message_start`, then per content block
`content_block_start` / `content_block_delta` (`text_delta`, `thinking_delta`,
`signature_delta`, `input_json_delta`, `citations_delta`) / `content_block_stop`, then
`message_delta`
(stop_reason, output usage) and `message_stop`; `ping` may come anywhere, `error` reports an
in-stream failure. `input_tokens` excludes cache reads and cache writes.
"""

from __future__ import annotations

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
from tether.wire.framing import SSEEventDecoder, json_body, json_event, sse
from tether.wire.shape import field, int_field, obj, opt_str, seq, text_of

VERSION = "2023-06-01"
DEFAULT_MAX_TOKENS = 4096

_FINISH: dict[str, FinishReason] = {
    "end_turn": "stop",
    "stop_sequence": "stop",
    "pause_turn": "length",  # the server paused the turn: unfinished, never a clean stop
    "max_tokens": "length",
    "model_context_window_exceeded": "length",
    "tool_use": "tool_calls",
    "refusal": "content_filter",
}
_STOP_REASON: dict[str, str] = {
    "stop": "end_turn",
    "length": "max_tokens",
    "tool_calls": "tool_use",
    "content_filter": "refusal",
}


def stop_reason_for(reason: str) -> str:
    """Anthropic's stop_reason for a normalised (OpenAI) finish reason."""
    return _STOP_REASON.get(reason, reason)


# ---------------------------------------------------------------- usage


def usage_from_raw(raw: dict[str, Any]) -> Usage:
    """`prompt_tokens` = input + cache reads + cache writes (everything the model read)."""
    cache_read = int(raw.get("cache_read_input_tokens") or 0)
    cache_write = int(raw.get("cache_creation_input_tokens") or 0)
    return Usage(
        prompt_tokens=int(raw.get("input_tokens") or 0) + cache_read + cache_write,
        completion_tokens=int(raw.get("output_tokens") or 0),
        cached_tokens=cache_read,
        cache_write_tokens=cache_write,
        raw=raw,
    )


def usage_to_raw(usage: Usage) -> dict[str, Any]:
    return {
        "input_tokens": max(
            0, usage.prompt_tokens - usage.cached_tokens - usage.cache_write_tokens
        ),
        "cache_creation_input_tokens": usage.cache_write_tokens,
        "cache_read_input_tokens": usage.cached_tokens,
        "output_tokens": usage.completion_tokens,
    }


# ---------------------------------------------------------------- requests


def _image_block(p: ImagePart) -> dict[str, Any]:
    if p.url and not p.url.startswith("data:"):
        return {"type": "image", "source": {"type": "url", "url": p.url}}
    data, media_type = p.data, p.media_type
    if p.url.startswith("data:"):
        head, _, data = p.url.partition(",")
        media_type = head[5:].split(";")[0] or media_type
    return {"type": "image", "source": {"type": "base64", "media_type": media_type, "data": data}}


def _tool_input(arguments: str) -> dict[str, Any]:
    try:
        value = orjson.loads(arguments or "{}")
    except orjson.JSONDecodeError:
        return {"_unparsed_arguments": arguments}
    return value if isinstance(value, dict) else {"value": value}


EPHEMERAL: dict[str, str] = {"type": "ephemeral"}


def encode_request(request: Request, model: str) -> dict[str, Any]:
    """The body of a messages call; tool results become user turns of tool_result blocks.

    Prompt caching: two `cache_control` breakpoints, where the request has them. One at the end
    of the system prompt (sent as one text block): it covers the tools and the system prompt,
    the stable prefix, which stays cached when old history is trimmed. One on the last block of
    the last user message (in a tool loop, the latest tool results): the next step of the loop
    reads everything before it from the cache. The API orders a prompt tools, system, messages;
    the body is built in that order too, stable sections first.
    """
    messages: list[dict[str, Any]] = []

    def add(role: str, blocks: list[dict[str, Any]]) -> None:
        if messages and messages[-1]["role"] == role:
            messages[-1]["content"].extend(blocks)
        else:
            messages.append({"role": role, "content": blocks})

    system, conversation = request.split_system()
    for m in conversation:
        if m.role == "system" and not request.system_in_place:
            system = f"{system}\n\n{m.text_content}" if system else m.text_content
            continue
        blocks: list[dict[str, Any]] = []
        for p in m.parts:
            if isinstance(p, TextPart) and p.text:
                blocks.append({"type": "text", "text": p.text})
            elif isinstance(p, ImagePart):
                blocks.append(_image_block(p))
            elif isinstance(p, ToolCall):
                blocks.append(
                    {
                        "type": "tool_use",
                        "id": p.id,
                        "name": p.name,
                        "input": _tool_input(p.arguments),
                    }
                )
            elif isinstance(p, ToolResultPart):
                blocks.append(
                    {
                        "type": "tool_result",
                        "tool_use_id": p.tool_call_id,
                        "content": p.native.block["content"] if p.native else p.content,
                        "is_error": p.is_error,
                    }
                )
            elif isinstance(p, NativePart):  # another API's are text by now (Request.for_api)
                blocks.append(p.block)
            elif isinstance(p, ReasoningPart) and (p.signature or p.redacted):
                blocks.append(_reasoning_block(p))
        if blocks:
            add(m.role if m.role in ("assistant", "system") else "user", blocks)
    last_user = next((m for m in reversed(messages) if m["role"] == "user"), None)
    if last_user is not None and last_user["content"]:
        last_user["content"][-1] = {**last_user["content"][-1], "cache_control": EPHEMERAL}
    body: dict[str, Any] = {
        "model": model,
        "max_tokens": request.max_tokens or DEFAULT_MAX_TOKENS,
    }
    tools = [
        {"name": t.name, "description": t.description, "input_schema": t.parameters}
        for t in request.tools
    ]
    if tools or request.hosted_tools:
        body["tools"] = [*tools, *request.hosted_tools]
    if system:
        body["system"] = [{"type": "text", "text": system, "cache_control": EPHEMERAL}]
    body["messages"] = messages
    body["stream"] = request.stream
    if request.temperature is not None:
        body["temperature"] = request.temperature
    if request.reasoning_effort is not None:
        budget = {"low": 1024, "medium": 4096, "high": 16384}.get(request.reasoning_effort, 4096)
        body["thinking"] = {"type": "enabled", "budget_tokens": budget}
    body.update(request.extra)
    return body


def _text_blocks(content: Any, where: str) -> str:
    if isinstance(content, str):
        return content
    texts = []
    for i, block in enumerate(seq(content, where)):
        block = obj(block, f"{where}[{i}]")
        if block.get("type") == "text":
            texts.append(text_of(block.get("text"), f"{where}[{i}].text"))
    return "".join(texts)


def stand_in(block: dict[str, Any]) -> str:
    """What a provider of another API is told of a block it cannot take: the text it holds
    (a text document, a search result, a web search's pages), else what was left out."""
    kind = str(block.get("type"))
    title = block.get("title") or block.get("name") or ""
    source = block.get("source")
    if kind == "document" and isinstance(source, dict):
        if source.get("type") == "text" and isinstance(source.get("data"), str):
            return f"[document {title}]\n{source['data']}" if title else source["data"]
        if source.get("type") == "content":
            return _plain(source.get("content"))
    if kind == "search_result":
        return f"[{title}] ({block.get('source', '')})\n{_plain(block.get('content'))}"
    if kind == "server_tool_use":
        return f"[{title} ran on the provider: {orjson.dumps(block.get('input')).decode()}]"
    content = block.get("content")
    if kind.endswith("_tool_result") and isinstance(content, list):
        pages = [
            f"- {r.get('title', '')} {r.get('url', '')}".rstrip()
            for r in content
            if isinstance(r, dict) and (r.get("title") or r.get("url"))
        ]
        if pages:
            return "[results the provider's own tool found]\n" + "\n".join(pages)
    article = "an" if kind[:1] in "aeiou" else "a"
    what = f"{article} {kind} block" + (f" ({title})" if title else "")
    return f"[{what} was left out: this provider cannot take it]"


def _plain(content: Any) -> str:
    """The text of a string or of a list of text blocks."""
    if isinstance(content, str):
        return content
    if not isinstance(content, list):
        return ""
    return "\n".join(
        b["text"] for b in content if isinstance(b, dict) and isinstance(b.get("text"), str)
    )


def _left_out(content: Any) -> str:
    """The note a tool result's text carries for its blocks other than text."""
    return "".join(
        "\n" + stand_in(b)
        for b in content
        if isinstance(b, dict) and b.get("type") not in ("text", None)
    )


def decode_request(body: Any) -> tuple[str, Request]:
    """The model name and neutral request of a messages body (server side)."""
    body = obj(body, "body")
    model = field(body, "model", str, "body")
    max_tokens = int_field(body.get("max_tokens"), "max_tokens")
    if max_tokens is None:
        raise WireError("body.max_tokens: required")
    messages: list[Message] = []
    in_place = False
    system = body.get("system")
    if system:
        messages.append(Message.text("system", _text_blocks(system, "system")))
    for i, raw in enumerate(seq(body.get("messages"), "messages")):
        where = f"messages[{i}]"
        raw = obj(raw, where)
        role = raw.get("role")
        if role == "system":  # a mid-conversation system message: it keeps its place
            messages.append(
                Message.text("system", _text_blocks(raw.get("content"), where + ".content"))
            )
            in_place = True
            continue
        if role not in ("user", "assistant"):
            raise WireError(f"{where}.role: expected user, assistant or system, got {role!r}")
        content = raw.get("content")
        if isinstance(content, str):
            messages.append(Message.text(role, content))
            continue
        parts: list[Part] = []
        results: list[Part] = []
        for j, block in enumerate(seq(content, where + ".content")):
            bw = f"{where}.content[{j}]"
            block = obj(block, bw)
            kind = block.get("type")
            if kind == "text":
                text = text_of(block.get("text"), bw + ".text")
                if block.get("citations"):  # a reply's cited text, sent back with its sources
                    parts.append(NativePart("anthropic", block, text))
                else:
                    parts.append(TextPart(text))
            elif kind == "image":
                source = obj(block.get("source"), bw + ".source")
                parts.append(
                    ImagePart(
                        url=opt_str(source.get("url"), bw + ".source.url"),
                        data=opt_str(source.get("data"), bw + ".source.data"),
                        media_type=opt_str(source.get("media_type"), bw + ".source.media_type")
                        or "image/png",
                    )
                )
            elif kind == "tool_use":
                parts.append(
                    ToolCall(
                        id=field(block, "id", str, bw),
                        name=field(block, "name", str, bw),
                        arguments=orjson.dumps(block.get("input") or {}).decode(),
                    )
                )
            elif kind == "tool_result":
                content = block.get("content") or ""
                rich = not isinstance(content, str) and any(
                    isinstance(b, dict) and b.get("type") != "text" for b in content
                )
                results.append(
                    ToolResultPart(
                        tool_call_id=field(block, "tool_use_id", str, bw),
                        content=_text_blocks(content, bw + ".content")
                        + (_left_out(content) if rich else ""),
                        is_error=bool(block.get("is_error", False)),
                        native=NativePart("anthropic", {"content": content}) if rich else None,
                    )
                )
            elif kind == "thinking":
                parts.append(
                    ReasoningPart(
                        opt_str(block.get("thinking"), bw + ".thinking"),
                        opt_str(block.get("signature"), bw + ".signature"),
                    )
                )
            elif kind == "redacted_thinking":
                parts.append(ReasoningPart("", redacted=field(block, "data", str, bw)))
            elif isinstance(kind, str):  # a document, a server tool's call or result, ...
                parts.append(NativePart("anthropic", block, stand_in(block)))
            else:
                raise WireError(f"{bw}.type: expected a block type, got {kind!r}")
        if results:
            messages.append(Message("tool", tuple(results)))
        if parts or not results:
            messages.append(Message(role, tuple(parts)))
    tools: list[ToolSpec] = []
    hosted: list[dict[str, Any]] = []
    for i, raw_tool in enumerate(seq(body.get("tools") or [], "tools")):
        tw = f"tools[{i}]"
        raw_tool = obj(raw_tool, tw)
        if "input_schema" not in raw_tool:  # server tools (web search, ...) carry no schema
            hosted.append(raw_tool)
            continue
        tools.append(
            ToolSpec(
                name=field(raw_tool, "name", str, tw),
                description=opt_str(raw_tool.get("description"), tw + ".description"),
                parameters=obj(raw_tool.get("input_schema"), tw + ".input_schema"),
            )
        )
    thinking = body.get("thinking")
    effort = "enabled" if isinstance(thinking, dict) and thinking.get("type") == "enabled" else None
    request = Request(
        messages=tuple(messages),
        tools=tuple(tools),
        hosted_tools=tuple(hosted),
        max_tokens=max_tokens,
        temperature=body.get("temperature"),
        reasoning_effort=effort,
        stream=bool(body.get("stream", False)),
        system_in_place=in_place,
    )
    return model, request


# ---------------------------------------------------------------- streams: client side


class StreamDecoder(SSEEventDecoder):
    """Messages SSE bytes to neutral events.

    Content blocks are numbered across kinds; tool calls are renumbered from 0 in their
    order, so `ToolCallDelta.index` means the same as in OpenAI's format. Blocks of the
    provider's own tools (`server_tool_use`, `web_search_tool_result`, ...) are assembled
    whole and told as one NativeDelta at their end; a text block that cites its sources is
    told as TextDelta as it comes, and once more, whole with its citations, at its end.
    """

    __slots__ = ("_cites", "_native", "_native_json", "_text", "_tool_index", "_usage")

    def __init__(self) -> None:
        super().__init__()
        self._tool_index: dict[int, int] = {}
        self._usage: dict[str, Any] = {}
        self._native: dict[int, dict[str, Any]] = {}  # index -> a native block being assembled
        self._native_json: dict[int, list[str]] = {}  # its input, as it streams
        self._text: list[str] = []  # the open text block's text
        self._cites: list[Any] = []  # and its citations

    def _decode(self, event: str, data: bytes, out: list[Event]) -> None:
        body = json_event(event, data, out)
        if body is None:
            return
        kind = body.get("type") or event
        if kind == "content_block_delta":
            delta = body.get("delta") or {}
            dk = delta.get("type")
            if dk == "text_delta":
                text = delta.get("text") or ""
                self._text.append(text)
                out.append(TextDelta(text))
            elif dk == "input_json_delta":
                at = int(body.get("index", 0))
                if at in self._native:
                    self._native_json.setdefault(at, []).append(delta.get("partial_json") or "")
                    return
                index = self._tool_index.get(at, 0)
                out.append(ToolCallDelta(index, delta.get("partial_json") or ""))
            elif dk == "citations_delta":
                self._cites.append(delta.get("citation"))
            elif dk == "thinking_delta":
                out.append(ReasoningDelta(delta.get("thinking") or ""))
            elif dk == "signature_delta":
                out.append(ReasoningDelta("", delta.get("signature") or ""))
        elif kind == "content_block_start":
            block = body.get("content_block") or {}
            bk = block.get("type")
            if bk == "tool_use":
                index = len(self._tool_index)
                self._tool_index[int(body.get("index", 0))] = index
                out.append(ToolCallDelta(index, "", block.get("id") or "", block.get("name") or ""))
            elif bk == "text":
                self._text = [block["text"]] if block.get("text") else []
                self._cites = list(block.get("citations") or [])
                if block.get("text"):
                    out.append(TextDelta(block["text"]))
            elif bk == "thinking":
                if block.get("thinking") or block.get("signature"):
                    out.append(
                        ReasoningDelta(block.get("thinking") or "", block.get("signature") or "")
                    )
            elif bk == "redacted_thinking":
                if block.get("data"):
                    out.append(ReasoningDelta("", redacted=str(block["data"])))
            elif isinstance(bk, str):  # a server tool's call or result, ...: whole at its end
                self._native[int(body.get("index", 0))] = dict(block)
        elif kind == "content_block_stop":
            self._stop(int(body.get("index", 0)), out)
        elif kind == "message_start":
            message = body.get("message") or {}
            self._usage = dict(message.get("usage") or {})
        elif kind == "message_delta":
            usage = body.get("usage")
            if usage:
                self._usage.update({k: v for k, v in usage.items() if v is not None})
                out.append(UsageReport(usage_from_raw(dict(self._usage))))
            stop = (body.get("delta") or {}).get("stop_reason")
            if stop:
                out.append(Finish(_FINISH.get(stop, "stop"), stop))
        elif kind == "message_stop":
            out.append(StreamEnd())
        elif kind == "error":
            error = body.get("error") or {}
            out.append(ErrorFrame(str(error.get("message", "")), str(error.get("type", ""))))

    def _stop(self, index: int, out: list[Event]) -> None:
        """A block ended: a native one is told whole, a cited text block once more."""
        block = self._native.pop(index, None)
        if block is not None:
            pieces = self._native_json.pop(index, None)
            if pieces is not None:
                block["input"] = _tool_input("".join(pieces))
            out.append(NativeDelta("anthropic", block))
        elif self._cites:
            text = "".join(self._text)
            block = {"type": "text", "text": text, "citations": self._cites}
            out.append(NativeDelta("anthropic", block, text))
        self._text, self._cites = [], []


def decode_whole(body: bytes) -> list[Event]:
    """A whole (non-streamed) message to the events its stream would have carried; a body
    that is not one (an HTML page, nothing) is reported, never read as an answer."""
    message, problem = json_body(body)
    if message is None:
        return [Malformed(body[:500].decode("utf-8", "replace"), problem)] if problem else []
    if message.get("type") == "error":
        error = message.get("error") or {}
        return [ErrorFrame(str(error.get("message", "")), str(error.get("type", "")))]
    out: list[Event] = []
    calls = 0
    for block in message.get("content") or []:
        kind = block.get("type") if isinstance(block, dict) else None
        if kind == "text" and block.get("text"):
            out.append(TextDelta(block["text"]))
            if block.get("citations"):
                out.append(NativeDelta("anthropic", block, block["text"]))
        elif kind == "thinking" and (block.get("thinking") or block.get("signature")):
            out.append(ReasoningDelta(block.get("thinking") or "", block.get("signature") or ""))
        elif kind == "redacted_thinking" and block.get("data"):
            out.append(ReasoningDelta("", redacted=str(block["data"])))
        elif kind == "tool_use":
            arguments = orjson.dumps(block.get("input") or {}).decode()
            out.append(
                ToolCallDelta(calls, arguments, block.get("id") or "", block.get("name") or "")
            )
            calls += 1
        elif isinstance(kind, str) and kind not in ("text", "thinking", "redacted_thinking"):
            out.append(NativeDelta("anthropic", block))
    if message.get("usage"):
        out.append(UsageReport(usage_from_raw(dict(message["usage"]))))
    stop = message.get("stop_reason")
    if stop:
        out.append(Finish(_FINISH.get(stop, "stop"), stop))
    out.append(StreamEnd())
    return out


# ---------------------------------------------------------------- streams: server side


class StreamEncoder:
    """Neutral events to messages SSE bytes, in the order the API sends them.

    A `Finish` is held until the usage (or the end) arrives, because Anthropic sends both in
    one `message_delta`.
    """

    def __init__(self, model: str, message_id: str) -> None:
        self._model = model
        self._id = message_id
        self._block = -1
        self._block_kind = ""
        self._tool_blocks: dict[int, int] = {}
        self._finish: Finish | None = None
        self._delta_sent = False

    def start(self, usage: Usage | None = None) -> bytes:
        raw = usage_to_raw(usage) if usage else usage_to_raw(Usage())
        raw["output_tokens"] = 1 if usage else 0
        message: dict[str, Any] = {
            "id": self._id,
            "type": "message",
            "role": "assistant",
            "model": self._model,
            "content": [],
            "stop_reason": None,
            "stop_sequence": None,
            "usage": raw,
        }
        return sse(orjson.dumps({"type": "message_start", "message": message}), "message_start")

    def _open(self, kind: str, block: dict[str, Any]) -> bytes:
        out = self._close()
        self._block += 1
        self._block_kind = kind
        body = {"type": "content_block_start", "index": self._block, "content_block": block}
        return out + sse(orjson.dumps(body), "content_block_start")

    def _close(self) -> bytes:
        if not self._block_kind:
            return b""
        self._block_kind = ""
        body = {"type": "content_block_stop", "index": self._block}
        return sse(orjson.dumps(body), "content_block_stop")

    def _delta(self, delta: dict[str, Any]) -> bytes:
        body = {"type": "content_block_delta", "index": self._block, "delta": delta}
        return sse(orjson.dumps(body), "content_block_delta")

    def _message_delta(self, usage: Usage | None) -> bytes:
        self._delta_sent = True
        stop = self._finish.raw if self._finish else None
        if stop is not None and stop not in _FINISH:
            stop = stop_reason_for(stop)
        body: dict[str, Any] = {
            "type": "message_delta",
            "delta": {"stop_reason": stop, "stop_sequence": None},
        }
        if usage is not None:
            body["usage"] = usage_to_raw(usage)
        return self._close() + sse(orjson.dumps(body), "message_delta")

    def _native(self, block: dict[str, Any]) -> bytes:
        """A block of the provider's own, streamed as Anthropic streams it: a call's input as
        one `input_json_delta`, a cited text's citations as `citations_delta`s before its
        text, any other block whole in its start. Closed at once: what follows is another."""
        kind = block.get("type")
        if kind == "text":
            out = self._open("text", {"type": "text", "text": "", "citations": []})
            for citation in block.get("citations") or []:
                out += self._delta({"type": "citations_delta", "citation": citation})
            out += self._delta({"type": "text_delta", "text": block.get("text") or ""})
        elif "input" in block:
            out = self._open(str(kind), {**block, "input": {}})
            partial = orjson.dumps(block["input"]).decode()
            out += self._delta({"type": "input_json_delta", "partial_json": partial})
        else:
            out = self._open(str(kind), block)
        return out + self._close()

    def encode(self, event: Event) -> bytes:
        if isinstance(event, TextDelta):
            head = (
                b""
                if self._block_kind == "text"
                else self._open("text", {"type": "text", "text": ""})
            )
            return head + self._delta({"type": "text_delta", "text": event.text})
        if isinstance(event, ReasoningDelta):
            if event.redacted:  # a whole block: opened here, closed by what comes next
                return self._open(
                    "redacted_thinking", {"type": "redacted_thinking", "data": event.redacted}
                )
            head = b""
            if self._block_kind != "thinking":
                head = self._open("thinking", {"type": "thinking", "thinking": "", "signature": ""})
            if event.signature:
                return head + self._delta({"type": "signature_delta", "signature": event.signature})
            return head + self._delta({"type": "thinking_delta", "thinking": event.text})
        if isinstance(event, ToolCallDelta):
            head = b""
            if event.index not in self._tool_blocks:
                block = {"type": "tool_use", "id": event.id, "name": event.name, "input": {}}
                head = self._open("tool_use", block)
                self._tool_blocks[event.index] = self._block
            if not event.arguments:
                return head
            return head + self._delta({"type": "input_json_delta", "partial_json": event.arguments})
        if isinstance(event, NativeDelta):
            return self._native(event.block)
        if isinstance(event, Citations):  # its own form needs a search's sealed index
            return b""
        if isinstance(event, Finish):
            self._finish = event
            return b""
        if isinstance(event, UsageReport):
            return self._message_delta(event.usage)
        if isinstance(event, ErrorFrame):
            error = {"type": event.code or "api_error", "message": event.message}
            return sse(orjson.dumps({"type": "error", "error": error}), "error")
        if isinstance(event, Malformed):
            return sse(event.raw.encode(), "content_block_delta")
        head = b"" if self._delta_sent or self._finish is None else self._message_delta(None)
        return head + self._close() + sse(b'{"type":"message_stop"}', "message_stop")


def _reasoning_block(p: ReasoningPart) -> dict[str, Any]:
    """A reasoning block as Anthropic sends it (and must get it back: signature and all)."""
    if p.redacted:
        return {"type": "redacted_thinking", "data": p.redacted}
    return {"type": "thinking", "thinking": p.text, "signature": p.signature}


def ping() -> bytes:
    return sse(b'{"type": "ping"}', "ping")


def message_body(
    model: str,
    message_id: str,
    *,
    content: str,
    reasoning: tuple[ReasoningPart, ...],
    tool_calls: tuple[ToolCall, ...],
    finish_raw: str,
    usage: Usage | None,
    pieces: list[Piece] | None = None,
) -> dict[str, Any]:
    """A whole (non-streamed) message object; `pieces`, when given, stand for `content`: its
    text with the provider's own blocks at their place (Turn.pieces)."""
    blocks = [_reasoning_block(p) for p in reasoning]
    for piece in [content] if pieces is None else pieces:
        if isinstance(piece, NativeBlock):
            blocks.append(piece.block)
        elif isinstance(piece, ReasoningPart):  # at its place (Turn.pieces with reasoning)
            blocks.append(_reasoning_block(piece))
        elif isinstance(piece, str) and piece:
            blocks.append({"type": "text", "text": piece})
    for c in tool_calls:
        blocks.append(
            {"type": "tool_use", "id": c.id, "name": c.name, "input": _tool_input(c.arguments)}
        )
    stop = finish_raw if finish_raw in _FINISH else stop_reason_for(finish_raw)
    return {
        "id": message_id,
        "type": "message",
        "role": "assistant",
        "model": model,
        "content": blocks,
        "stop_reason": stop,
        "stop_sequence": None,
        "usage": usage_to_raw(usage) if usage is not None else usage_to_raw(Usage()),
    }


_ERROR_TYPES = {
    400: "invalid_request_error",
    401: "authentication_error",
    402: "billing_error",
    403: "permission_error",
    404: "not_found_error",
    413: "request_too_large",
    429: "rate_limit_error",
    500: "api_error",
    529: "overloaded_error",
}


def error_body(status: int, message: str, code: str | None = None) -> dict[str, Any]:
    """An error in Anthropic's shape: `{"type": "error", "error": {"type", "message"}}`."""
    kind = code or _ERROR_TYPES.get(status, "api_error")
    return {"type": "error", "error": {"type": kind, "message": message}}
