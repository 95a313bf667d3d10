"""Is the reply a wire envelope with no answer in it? A client or an agent loop that prints a
whole response object (an MCP tool result, a chat completion, a Gemini candidate list, an agent
CLI's result record) instead of taking the model's text out of it passes on no answer when the
text inside is empty, an error the envelope flags, or a tool call nobody ran; a tool's result
printed as the reply is the tool's output, never the model's answer to it. An envelope around
a real text answer is left alone (the model answered; the client only printed too much)."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from tether.reliability.once import kept
from tether.reliability.reply import Reply, Signal
from tether.reliability.reply_json import NOT_JSON, reply_json

# An envelope is a wire object of at most this size (a longer JSON reply is data).
ENVELOPE_CHARS = 8000
# How deep an envelope may sit (a record of `params` and `response`, a list of events).
_DEPTH = 5
# The MCP SDK's result types printed by Python (`CallToolResult(content=[TextContent(...`,
# pydantic's `meta=None content=[TextContent(...)] ... isError=True`): a tool's result.
_TOOL_RESULT_REPR = re.compile(
    r"(?:\[?(?:CallToolResult|TextContent|ImageContent|EmbeddedResource)\("
    r"|meta=None content=\[(?:TextContent|ImageContent|EmbeddedResource)\()"
)
# A request that asks for such an object (its format, an example, a schema) is answered by one.
_ASKS_OBJECT = re.compile(r"\b(?:example|sample|schema|format|payload|json|shape)\b", re.I)


def envelope(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """The reply is a response or tool-result envelope with no answer inside (`empty_inside`).
    Not when the request asks for such an object."""
    what = envelope_failure(r)
    if what is None or (r.question and _ASKS_OBJECT.search(r.question)):
        return ()
    return (Signal("envelope", w["envelope"], what),)


@kept
def envelope_failure(r: Reply) -> str | None:
    """What makes the reply an envelope with no answer in it, or None (read once a reply:
    `envelope` and `answer_signals.json_data` ask it)."""
    text = r.text
    if len(text) > ENVELOPE_CHARS or not text:
        return None
    if text[0] in "{[" and text[-1] in "}]":
        value = reply_json(r)
        return None if value is NOT_JSON else _empty_inside(value)
    if text[0] in "[CTIEm" and _TOOL_RESULT_REPR.match(text):
        return "a tool's result printed as the reply"
    return None


def _empty_inside(value: object) -> str | None:
    """Why an envelope parsed from JSON holds no answer, or None (no envelope, or an answer)."""
    found = _Found()
    _walk(value, _DEPTH, found)
    if not found.envelope:
        return None
    if found.tool_result:
        return "a tool's result printed as the reply"
    if found.flagged:
        return "an envelope flagged as an error"
    if found.tool_call:
        return "an envelope holding a tool call, no text"
    if not found.texts:
        return "an envelope with empty text"
    return None


class _Found:
    """What a walk through an object found."""

    __slots__ = ("envelope", "flagged", "texts", "tool_call", "tool_result")

    def __init__(self) -> None:
        self.envelope = self.flagged = self.tool_call = self.tool_result = self.texts = False


_TEXT_KEYS = ("text", "result", "output_text")
_CALL_KEYS = ("tool_calls", "function_call", "functionCall", "tool_use")
_ERROR_FLAGS = ("isError", "is_error")


# An MCP tool result's own keys, and the keys a result sits under (JSON-RPC's `result`, a
# client's record of `params` and `response`).
_RESULT_KEYS = frozenset(
    ("content", "isError", "is_error", "meta", "_meta", "structuredContent", "structured_content")
)
_RESULT_MARKS = _RESULT_KEYS - {"content"}
_RESULT_UNDER = ("result", "response", "toolResult", "tool_result")


def _walk(value: object, depth: int, found: _Found, under: str = "") -> None:
    if depth < 0:
        return
    if isinstance(value, list):
        for v in value[:20]:
            _walk(v, depth - 1, found, under)
        return
    if not isinstance(value, dict):
        return
    content = value.get("content")
    if (
        _typed_items(content)
        and value.keys() <= _RESULT_KEYS
        and (under in _RESULT_UNDER or not value.keys().isdisjoint(_RESULT_MARKS))
    ):
        found.envelope = found.tool_result = True  # MCP's `{"content": [{"type": "text", ...}]}`
    message = value.get("role") in ("assistant", "model") and "content" in value
    if message or _listed(value, ("choices", "candidates")):
        found.envelope = True  # a chat message, a completion's choices, Gemini's candidates
    if value.get("type") == "result" and "subtype" in value:
        found.envelope = True  # an agent CLI's result record
    if any(value.get(k) is True for k in _ERROR_FLAGS) or _error_field(value):
        found.flagged = True
    if any(value.get(k) for k in _CALL_KEYS):
        found.tool_call = True
    if isinstance(content, str) and content.strip():
        found.texts = True
    for key in _TEXT_KEYS:
        text = value.get(key)
        if isinstance(text, str) and text.strip():
            found.texts = True
            if text.lstrip().startswith("```tool_code"):
                found.tool_call = True  # a call written as code, never run
    for k, v in value.items():
        if isinstance(v, dict | list):
            _walk(v, depth - 1, found, k)


def _typed_items(value: object) -> bool:
    """A list of typed content items (`{"type": "text", "text": ...}`), as MCP results hold."""
    return (
        isinstance(value, list)
        and bool(value)
        and all(isinstance(v, dict) and isinstance(v.get("type"), str) for v in value)
        and any(isinstance(v, dict) and "text" in v for v in value)
    )


def _listed(value: dict[str, object], keys: tuple[str, ...]) -> bool:
    return any(isinstance(value.get(k), list) for k in keys)


def _error_field(value: dict[str, object]) -> bool:
    """An envelope's own error field set (`"error": "authentication_failed"`, a stop reason of
    `error`): the response says it failed."""
    error = value.get("error")
    if isinstance(error, str | dict) and error:
        return "role" in value or "type" in value or "message" in value
    return value.get("stopReason") == "error" or value.get("stop_reason") == "error"
