# ruff: noqa: RUF002  (Chinese examples use their own punctuation)
"""The signal of a rendering that ends asking for its text (`asks_text_at_end`).

A pipeline sends a document to a model chunk by chunk to translate (or summarise) and writes
every reply into the file. The reply to an empty chunk is the model's request for the text
("当然，请提供您需要翻译的文本。", "您没有提供需要翻译的文本。请提供…", "You did not provide any
text to translate."), and it stands at the file's end, after the rendering: the committed
artifact holds talk about the task where its text should be. `transform_meta` reads such a
line when it is the whole reply; here it is one of the last lines of a long one.

Read where a body comes before the line, the line is short, asks for the text or says none
was given and names the transform (`transform_signals.asks_for_text`), and little follows it
(an example the model offers: "例如：\n\nTranslate to Chinese: ..."). Left alone: a line a
writer introduced (the line before ends on a colon: "The tool then replies:"), quoted, listed
or in code, and a request that holds such a line itself (its rendering says it too).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from tether.reliability.lexicon import Lexicon
from tether.reliability.reply import Reply, Signal
from tether.reliability.transform_signals import asks_for_text, may_name_transform, meta_search

# The end of a reply read: its last lines, this many at most; the precheck reads this many
# characters of it (the request line, or the example after it, names the transform: a 2 KB
# answer's clearing reads them, ~1 us).
END_LINES = 3
END_CHARS = 80
# The request line is short ...
LINE_CHARS = 200
# ... and what follows it shorter (an example offered).
AFTER_CHARS = 200
# A rendering comes before it: this much text, in this many lines at least.
BODY_CHARS = 200
BODY_LINES = 2
# A line that is a quotation, an item, code or a field, not the model speaking in the file.
_SET_APART = re.compile(r"^\s*(?:[>|`\"'\u201c\u300c#*-]|\d+[.)]\s|[\w.-]+\s*[=:]\s*[\"'])")


def may_fire(text: str, low: str, lexicon: Lexicon) -> bool:
    """Whether the end of a reply may name a transform (so that it is not cleared unread);
    `low` is its lower case, or "" (then its end is lowered here)."""
    if not low:
        return may_name_transform(text[-END_CHARS:].lower())
    return may_name_transform(low, max(0, len(low) - END_CHARS))


def asked_at_end(text: str, question: str) -> str | None:
    """The words of one of a long reply's last lines that ask for the text to transform or say
    none was given, after a body, or None."""
    if not may_name_transform(text[-END_CHARS:].lower()):
        return None
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    if len(lines) <= BODY_LINES:
        return None
    for back in range(1, END_LINES + 1):
        line = lines[-back]
        if len(line) > LINE_CHARS or _SET_APART.match(line) is not None:
            continue
        words = asks_for_text(line)
        if words is None:
            continue
        body, after = lines[:-back], lines[len(lines) - back + 1 :]
        if sum(len(x) for x in after) > AFTER_CHARS or len(body) < BODY_LINES:
            return None
        if sum(len(x) for x in body) < BODY_CHARS or body[-1].endswith((":", "\uff1a")):
            return None  # (no rendering before it, or a writer introduced the line)
        if "```" in text and text.count("```", 0, text.rfind(line)) % 2 == 1:
            return None  # (inside a fence: code or its output)
        if question and meta_search(question[:4000]) is not None:
            return None  # (the text given says such a line itself)
        return words
    return None


def asks_text_at_end(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """A long reply ends on the model's request for the text it was to transform: a reply to
    an empty chunk written after the rendering."""
    found = asked_at_end(r.text, r.raw_question)
    if found is None:
        return ()
    return (Signal("asks_text_at_end", w["asks_text_at_end"], found[:60]),)
