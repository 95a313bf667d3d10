"""A provider's or an SDK's error about the tool-call protocol, sent where the answer goes.

Tool calling and structured output have their own errors, and a relay, an agent loop or an
app passes them on as the model's reply (often with HTTP 200): the model has no tools ("...
does not support tools", "tool use is not supported by the provided model"), the model's call
was malformed (Groq's `tool_use_failed` and its `failed_generation`, Gemini's
`MALFORMED_FUNCTION_CALL`, gpt-oss's harmony parser: "unexpected tokens remaining in message
header"), the conversation's calls and results do not pair up ("Not the same number of
function calls and responses", "`tool_use` ids were found without `tool_result` blocks"), the
structured output did not come ("No object generated: response did not match schema"), or a
path into the request's tools broke a rule ("tools.12.custom.name: String should match
pattern ..."). Few of these words say "error", so the vocabulary does not read them; they are
data of `judge_signals.json` (`tool_protocol`).

A person who quotes such an error writes around it: a condition or the writer opens the
reply ("If the model does not support tools ...", "I get ..."), a mention or a question
addresses someone, or it says the cause and the fix. The error alone is short.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from tether.reliability.lexicon import SHIPPED, Lexicon, typographic
from tether.reliability.reply import Reply, Signal
from tether.reliability.terms import Terms

# An error line or two with its request id, not a paragraph about one.
TOOL_PROTOCOL_CHARS = 400
# Where the error says what went wrong: its head.
HEAD_CHARS = 300

_DATA = SHIPPED.get("tool_protocol", {})
_TERMS = Terms(
    (t.lower() for t in typographic(_DATA.get("terms", ()))),
    [str(p) for p in _DATA.get("patterns", ())],
)
# A condition, the writer, a guess or a reply to someone opens a person's words about the error.
_OPENER = re.compile(
    r"(?:if|when|whenever|unless|once|i|i'm|i've|i'd|we|we're|we've|you|you're|your|maybe"
    r"|perhaps|probably|seems|it seems|looks like|same|also|yes|no(?=[,!])|so|because|since|thanks"
    r"|hi|hey|hello|getting|got|still|fixed|fix|my|our)\b",
    re.I,
)
# The writer, the reader or a mention anywhere in it: a person telling of the error ("...
# doesn't support tools yet I'm afraid. You can ..."). (A provider's "adjust your prompt" is
# no person's.)
_PERSON = re.compile(
    r"\b(?:i|i'm|i've|i'd|me|my|we|we're|we've|our|us|you're|you can|you could|you'll"
    r"|you'd|you need|you should|you might|anyone|same here|thanks|yet)\b|@\w",
    re.I,
)


def may_be_tool_protocol(low: str) -> bool:
    """Whether `low` (a reply, lower-cased) may hold a tool-protocol error (`tool_protocol`):
    a reading must not clear it on its missing failure words."""
    return len(low) <= TOOL_PROTOCOL_CHARS + 40 and _TERMS.search(low[:HEAD_CHARS]) is not None


def may_fire(text: str, low: str, lexicon: Lexicon) -> bool:
    """A tool-protocol error may be said (`may_be_tool_protocol`): not cleared unread."""
    return may_be_tool_protocol(low)


def tool_protocol(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """A short reply whose head is a provider's or an SDK's error about tool calling or
    structured output (`_TERMS`), with no person around it: no opener of a person's words, no
    writer, reader or mention in it, no question, no cause and fix explained."""
    text = r.text.strip()
    if len(text) > TOOL_PROTOCOL_CHARS:
        return ()
    low = text.lower()
    m = _TERMS.search(low[:HEAD_CHARS])
    if m is None:
        return ()
    if _OPENER.match(low.lstrip("*#>-`\"' ")) is not None:
        return ()
    if _PERSON.search(low) is not None or "?" in low:
        return ()
    if r.explaining_words:
        return ()
    return (Signal("tool_protocol", w["tool_protocol"], m.group(0)[:60]),)
