"""A reply that is only the line announcing its answer: "Here is a sample blog post:", and
nothing after it.

A model that announces what it delivers ("Here is the table:", "三角形の面積は次の式で計算できます：",
"提供的有以下答案：") and stops there delivered nothing: the answer was cut, or never written.
A person's reply may end on a colon too, its screenshot or its log dropped ("The error
shows:"), and an agent's line before its tool call ("Let me run it again:") is followed by the
call: neither announces the answer as here, below or the following, which is what this reads.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from tether.reliability.lexicon import Lexicon
from tether.reliability.reply import Reply, Signal

# The announcing line is short: a sentence, not a paragraph that explains and then lists.
LEAD_IN_CHARS = 120
LEAD_IN_CJK_CHARS = 40
# "Here is ...:", "Below are ...:", "... as follows:", "The following ...:"
_ANNOUNCES = re.compile(
    r"\b(?:here(?:'s|\u2019s| is| are)|below (?:is|are)|as follows|the following)\b[^:\n]*:$",
    re.IGNORECASE,
)
# 以下 / 如下 / 下面 (Chinese), 次の / 以下 / 下記 (Japanese), then the colon
_ANNOUNCES_CJK = re.compile(r"(?:以下|如下|下面|次の|下記)[^:\uff1a\n]{0,20}[:\uff1a]$")
_CJK = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


def announced_only(text: str) -> str | None:
    """The line when `text` (stripped) is one short line that announces an answer and ends on
    its colon, else None."""
    if not text.endswith((":", "\uff1a")) or "\n" in text:
        return None
    if _CJK.search(text) is not None:
        if len(text) <= LEAD_IN_CJK_CHARS and _ANNOUNCES_CJK.search(text) is not None:
            return text
        return None
    if len(text) <= LEAD_IN_CHARS and _ANNOUNCES.search(text) is not None:
        return text
    return None


def may_fire(text: str, low: str, lexicon: Lexicon) -> bool:
    """A short reply that ends on a colon may be only its lead-in: not cleared unread."""
    return len(text) <= LEAD_IN_CHARS and text.endswith((":", "\uff1a"))


def lead_in_only(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """A reply that is only the line announcing its answer, the answer never written
    (`announced_only`); not after tool results (the model's next step follows them)."""
    if len(r.text) > LEAD_IN_CHARS or r.after_tools:
        return ()
    said = announced_only(r.text)
    return () if said is None else (Signal("lead_in_only", w["lead_in_only"], said[:60]),)
