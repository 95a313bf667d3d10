"""A tool call the model made that never arrived as one: the `lost_tool_call` verdict.

Two ways an agent loop takes a turn that asked for a tool for its final answer:

- **The finish reason says tool calls, and none came.** Some providers end a turn with
  `finish_reason: tool_calls` (`stop_reason: tool_use`) and an empty list of calls, leaving only
  the preamble ("I'll read the brief file first."): a loop that dispatches on the list ends the
  task there. A longer text is left alone: some servers say `tool_calls` on every reply, whole
  answers included, so only a preamble's length (`PREAMBLE_CHARS`) is read as a lost call.
- **The call came as text.** A server whose tool-call parser failed (a model's own markup it
  does not know, an envelope left unclosed) sends the model's raw call markup as the content,
  finished with `stop`: `<tool_call>{"name": ...}</tool_call>`, `[TOOL_CALLS]`, DeepSeek's and
  Kimi's special tokens, `<function=...>`, a bare `{"name": ..., "arguments": ...}`. It counts
  only when the request offered tools, the markup names one of them, and it ends the reply (an
  explanation of a call format goes on after its example).

Pure and cheap: a substring test on the reply before any parsing.
"""

from __future__ import annotations

import re

import orjson

from tether.messages import Request, Turn

# Longest text beside a tool_calls finish with no calls that is read as a preamble.
PREAMBLE_CHARS = 300
# Text allowed after the markup's end for it to end the reply (a closing remark, a stray tag).
AFTER_CHARS = 80
# How far after the markup's start a tool's name is looked for.
NAME_WINDOW = 400
# How far from a reply's end markup is looked for: a call closed near the end may have long
# arguments; an unclosed one (cut) is looked for in less, since no closer said it was there.
# Every turn of a request with tools passes here, long answers too: the tests are cheap first.
CLOSED_SCAN_CHARS = 8000
UNCLOSED_SCAN_CHARS = 1000
# The longest reply read as a bare call object.
BARE_CHARS = 4000

# Where a call's markup starts, as models and their chat templates write it (exact case: these
# are special tokens and template literals), grouped by their first character for a cheap test.
_OPENERS = (
    "<tool_call>",  # Hermes, Qwen 2.5 / 3, GLM 4.5
    "<function=",  # Qwen3-Coder, Llama 3 custom tools
    "<|python_tag|>",  # Llama 3.1
    "<\uff5ctool\u2581calls\u2581begin\uff5c>",  # DeepSeek V3 / R1 (full-width bars)
    "<\uff5ctool\u2581call\u2581begin\uff5c>",
    "<|tool_calls_section_begin|>",  # Kimi K2
    "<|tool_call_begin|>",
    "<function_calls>",  # XML tool use
    "<tool_use>",
    "<|action_start|>",  # InternLM
    "<functioncall",  # Glaive's function-calling format (`<functioncall> {"name": ...}`)
)
# The tags among them that are the markup's own name, not a tool's (`<tool_call>`): a call in
# one is read here, where the request's tools are known, not as a tool's call typed as text.
MARKUP_TAGS = frozenset(o[1:-1] for o in _OPENERS if re.fullmatch(r"<[a-z_]+>", o))
_OTHER_OPENERS = (
    "[TOOL_CALLS]",  # Mistral
    "to=functions.",  # gpt-oss (harmony)
    "\u273fFUNCTION\u273f",  # Qwen-Agent
    "```tool_code",  # Gemma
)
# ... each with a character of its own, looked for first (one character is found in a tenth
# of the time a longer string is: every turn of a request with tools is looked at)
_OTHER_OPENERS_SIGNS = tuple((o, "=" if o.startswith("to=") else o[0]) for o in _OTHER_OPENERS)
# Every opener: a reply that starts with one is a call written as text.
CALL_OPENERS = (*_OPENERS, *_OTHER_OPENERS)
_CLOSERS = (
    "</tool_call>",
    "</function>",
    "<\uff5ctool\u2581calls\u2581end\uff5c>",
    "<\uff5ctool\u2581call\u2581end\uff5c>",
    "<|tool_calls_section_end|>",
    "<|tool_call_end|>",
    "<|call|>",
    "</function_calls>",
    "</tool_use>",
    "<|action_end|>",
    "```",
)


def lost_tool_call(turn: Turn, text: str, request: Request | None) -> str | None:
    """Why `turn` (with `text`, its stripped content) is a tool call that never arrived as one;
    None when it is not."""
    if turn.tool_calls:
        return None
    if turn.finish_reason == "tool_calls" and len(text) <= PREAMBLE_CHARS:
        return f"the finish reason says tool calls ({turn.raw_finish_reason}) but none arrived" + (
            f"; only the preamble {text[:80]!r}" if text else ""
        )
    if request is None or not request.tools or not text:
        return None
    end = text[-(AFTER_CHARS + 32) :]
    # (every closer but a fence's starts with `<`: a reply's end without one is tested once)
    closed = ("<" in end and any(c in end for c in _CLOSERS)) or "```" in end
    found = _markup(text[-(CLOSED_SCAN_CHARS if closed else UNCLOSED_SCAN_CHARS) :], request)
    if found is None and len(text) <= BARE_CHARS and text[:1] in "{[`":
        found = _bare_call(text, {tool.name for tool in request.tools})
    return found


def may_be_call(head: str) -> bool:
    """Whether a reply that begins with `head` may be a call sent as text: call markup in it,
    or a call object at its start. Holdback keeps such a reply until the turn is judged, so a
    lost call's markup never reaches a client as the start of an answer."""
    if ("<" in head and any(o in head for o in _OPENERS)) or any(o in head for o in _OTHER_OPENERS):
        return True
    start = head.lstrip()
    if start.startswith("```"):
        start = start[3:].removeprefix("json").lstrip()
    return start.startswith(("{", "[")) and '"name"' in start[:200]


def _markup(tail: str, request: Request) -> str | None:
    starts = [tail.find(o) for o in _OPENERS] if "<" in tail else []
    found = [i for i in starts if i >= 0] + [
        i for o, sign in _OTHER_OPENERS_SIGNS if sign in tail and (i := tail.find(o)) >= 0
    ]
    if not found:
        return None
    start = min(found)
    markup = tail[start:]
    name = _named(markup[:NAME_WINDOW].lower(), {tool.name for tool in request.tools})
    if name is None:
        return None
    end = max((markup.rfind(c) + len(c) for c in _CLOSERS if markup.rfind(c) > 0), default=0)
    if end and len(markup[end:].strip()) > AFTER_CHARS:
        return None  # the markup is an example inside a longer reply
    head = markup[:40].strip()
    return f"a call of {name} came as text ({head!r}...): the server did not parse it"


def _named(window: str, names: set[str]) -> str | None:
    """The offered tool named in `window` as a whole word."""
    for name in names:
        low = name.lower()
        if low in window and re.search(rf"(?<![\w-]){re.escape(low)}(?![\w-])", window):
            return name
    return None


def _bare_call(text: str, names: set[str]) -> str | None:
    """A reply that is only a call object (`{"name": ..., "arguments": ...}`, or a list of
    them, maybe in a fence), as Llama-style templates write one without a wrapper."""
    body = text
    if body.startswith("```") and body.endswith("```"):
        body = body[3:-3].removeprefix("json").strip()
    if not body.startswith(("{", "[")) or '"name"' not in body:
        return None
    try:
        value = orjson.loads(body)
    except orjson.JSONDecodeError:
        return None
    calls = value if isinstance(value, list) else [value]
    for call in calls:
        if not (isinstance(call, dict) and call.get("name") in names):
            return None
        if not ({"arguments", "parameters"} & call.keys()) or len(call) > 3:
            return None
    return f"a call of {calls[0]['name']} came as a JSON text: the server did not parse it"
