"""A tool call typed as text: the agent wrote its call out and ran nothing.

An agent that has lost its tools (a chat mode without them, a client that does not parse its
markup) may still write its calls, in the form its prompt showed them: a tag of the tool's name
around the call's arguments as a JSON object, on lines of their own ("<run_terminal_cmd>\\n{
"command": "npm run dev", ...}\\n</run_terminal_cmd>"), and go on as if they had run ("I've
started both servers in the background"). The client shows the markup as text and nothing ran:
whatever the reply reports after it is not done. A writer who shows a call's format sets it in a
code fence; a fenced call is left alone. (A call in a model's own call markup, `<tool_call>` and
its kind, is `tool_markup.lost_tool_call`'s, which knows whether the request offered tools.)
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

import orjson

from tether.reliability.lexicon import Lexicon
from tether.reliability.reply import Reply, Signal
from tether.reliability.text_shape import FENCED_BLOCK
from tether.reliability.tool_markup import MARKUP_TAGS

# A call's arguments are a few lines, not a document.
CALL_BODY_CHARS = 3000
# A tag of a tool's name (snake_case: `run_terminal_cmd`, `read_file`) on its own line, a JSON
# object on the lines under it, and the same tag closed on its own line.
_TYPED_CALL = re.compile(
    rf"^[ \t]*<([a-z]+(?:_[a-z]+)+)>[ \t]*\n([ \t]*\{{.{{0,{CALL_BODY_CHARS}}}?\}})[ \t]*\n"
    r"[ \t]*</\1>[ \t]*$",
    re.M | re.S,
)


def may_fire(text: str, low: str, lexicon: Lexicon) -> bool:
    """A closing tag over a JSON object may be in the reply: not cleared unread."""
    return "}\n" in text and "</" in text and _TYPED_CALL.search(text) is not None


def typed_call(text: str) -> str | None:
    """The name of the first tool whose call is typed as text outside a code fence (its
    arguments a JSON object; not a call markup's own tag, `MARKUP_TAGS`), or None."""
    if "}\n" not in text or "</" not in text:
        return None
    bare = FENCED_BLOCK.sub("\n", text) if "```" in text else text
    for m in _TYPED_CALL.finditer(bare):
        if m.group(1) in MARKUP_TAGS:
            continue
        try:
            arguments = orjson.loads(m.group(2))
        except orjson.JSONDecodeError:
            continue
        if isinstance(arguments, dict) and arguments:
            return m.group(1)
    return None


def typed_tool_call(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """The reply writes a tool's call out as text (`typed_call`): the call never ran, and the
    turn's report of its work is no report."""
    name = typed_call(r.text)
    if name is None:
        return ()
    return (Signal("typed_tool_call", w["typed_tool_call"], f"<{name}>"),)
