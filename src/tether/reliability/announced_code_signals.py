"""Code announced and not given: a reply that speaks of its script as there, in prose alone.

Asked for a command or a function, a model sometimes writes the sentence that would introduce
its code and then goes on in prose instead: "1. The following is a bash script that will
generate an MD5 hash for any file you specify on the command line. This is useful if you want to
verify ...", and no line of a script follows. The reply says the code is there; none is: the
work was the code. Read only when every line of the reply is a sentence of words (a line of
code, a command, a query, an inline span or a fence carries the work, right or wrong), and not
when the request holds code itself (a reply that explains the user's script names it the same
way: "The following is a Python function that ..."). Signal code_announced.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from functools import lru_cache

from tether.reliability.lexicon import Lexicon
from tether.reliability.program_signals import program_lines
from tether.reliability.query_signals import CARRIES_QUERY
from tether.reliability.reply import Reply, Signal
from tether.reliability.text_shape import CODE_MARKS

# An announcement is a paragraph's opening; a reply of some paragraphs of prose at most.
ANNOUNCED_CHARS = 1500
# The code introduced as present: "here is a bash script", "the following is the Python code",
# "below is the command": a determiner, up to two words that qualify the noun (not a
# preposition's phrase: "here is my analysis of the code" introduces an analysis), the noun.
_ANNOUNCES_CODE = re.compile(
    r"(?:here\s+(?:is|are)|here['\u2019]s|the\s+following\s+(?:is|are)|below\s+(?:is|are))"
    r"\s+(?:(?:a|an|the|my|your|one|some)\s+)?"
    r"(?:(?!(?:of|for|about|on|to|in|with|from|that|which|how|what|why)\b)[\w-]+\s+){0,2}?"
    r"(?:script|code|command|query|function|program|snippet|one-liner|regex|implementation)s?\b",
    re.I,
)
# A word of a sentence: letters, an apostrophe or a hyphen inside, a comma or a stop after.
_WORD = re.compile(r"[A-Za-z][a-z'\u2019-]*[.,;:!?]?\)?|\(?[a-z]+|\d+[.)]?")
# A line of words, not of code or a command: this many tokens at least, most of them words.
PROSE_TOKENS = 5
PROSE_SHARE = 0.8


def _prose_line(line: str) -> bool:
    """Whether a line is a sentence of words: no mark of code, most tokens words."""
    if CODE_MARKS.search(line) is not None:
        return False
    tokens = line.split()
    if len(tokens) < PROSE_TOKENS:
        return False
    words = sum(1 for t in tokens if _WORD.fullmatch(t) is not None)
    return words >= PROSE_SHARE * len(tokens)


# A list's number or a bullet before the reply's first sentence ("1. The following is ...").
_LIST_MARK = re.compile(r"(?:\d+[.)]|[-*\u2022])\s+")


def _opening(text: str) -> int:
    """Where the reply's first sentence starts, a list's number or bullet left out."""
    m = _LIST_MARK.match(text)
    return m.end() if m is not None else 0


@lru_cache(maxsize=64)
def _request_holds_code(question: str) -> bool:
    """Whether the request holds code (a fence, statements): a reply may then describe it.
    Read once per request."""
    return "```" in question or program_lines(question[:4000])[0] >= 2


# What every announcement holds: its opening word, and a noun of code.
_OPENING_WORDS = ("here", "following", "below")
_CODE_NOUNS = (
    "script",
    "code",
    "command",
    "query",
    "function",
    "program",
    "snippet",
    "one-liner",
    "regex",
    "implementation",
)


def may_fire(text: str, low: str, lexicon: Lexicon) -> bool:
    """The reply may announce code it does not give: a short reply with no backtick that says
    "here is", "the following is" or "below is" and names code. Not cleared unread."""
    if len(text) > ANNOUNCED_CHARS or "`" in text:
        return False
    return any(w in low for w in _OPENING_WORDS) and any(n in low for n in _CODE_NOUNS)


def code_announced(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """The reply opens by introducing code as present ("The following is a bash script that
    will ...", "Here is the command") and every line of it is a sentence of words: no line of
    code, no command, no query, no inline span, no fence. Not when the request holds code of
    its own."""
    text = r.text
    if len(text) > ANNOUNCED_CHARS or "`" in text:
        return ()
    m = _ANNOUNCES_CODE.match(text, _opening(text))
    if m is None or CARRIES_QUERY.search(text) is not None:
        return ()
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    if not all(_prose_line(line) for line in lines):
        return ()
    if program_lines(text)[0] or _request_holds_code(r.raw_question):
        return ()
    return (Signal("code_announced", w["code_announced"], m.group(0)[:60]),)
