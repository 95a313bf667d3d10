"""A long config or code file cut at the token limit inside its open fence: not all there.

An infrastructure generator asked for a CloudFormation template, a Terraform module or a CDK
stack writes tens of thousands of characters of it, and the model's token limit cuts the file
where it stands: mid-key ("\\"width"), mid-value ("To: 65"), in a string never closed
("Description: 'URL of the"), on a block just opened ("value = {"), in a comment ("# In a
real"). The fence it opened is never closed. Such a line may read as a whole statement (a
YAML key and a number), so `unfinished_signals.stops_mid_code` (a statement left open) does
not see it; what tells the cut is the reply's length, the open fence, and a last line that
stops on a word, a number or an opener instead of a closing bracket or the fence.
A complete file closes its fence, or ends on its last bracket; a short reply left open is a
snippet, not a file the limit cut. Signal code_cut_open.

A completion model handed a file that stops on a block it opened (a test class's header,
`class SearchTest {`) writes the block's body; cut at its token limit (or looping until it), the
body stops inside a method it opened, and neither the method nor the class is ever closed. A
finished body closes what it opened and the request's block too (more `}` than `{`); a chat
reply that rewrites the whole file fences it. Signal completion_left_open.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from tether.reliability.reply import Reply, Signal

# A file of a token limit's length (a 2,048-token limit writes some 7,000 characters of code):
# shorter replies left open are snippets a writer never fenced off.
CUT_CODE_CHARS = 6000
# Where a cut line stops besides a word or a number: an opener, an operator, an open quote.
_OPEN_ENDS = frozenset("{[(=:,\"'")
FENCE_MARK = "```"
# A fence line: the mark at the start of its line (a "```" inside a string or named inline
# in prose is code or text, not a fence)
_FENCE_LINE = re.compile(r"^[ \t]*```", re.M)


def may_be_cut(text: str) -> bool:
    """Whether `text` is a reply of a token limit's length that stops inside the code fence it
    opened last (an odd count of fence lines), on a word, a number or an opener (a complete
    file closes its fence or ends on its closing bracket). Cheap: `clearing.quick_clear` asks
    it of every long reply."""
    text = text.rstrip()
    if len(text) < CUT_CODE_CHARS:
        return False
    end = text[-1]
    if not (end.isalnum() or end == "_" or end in _OPEN_ENDS):
        return False
    return FENCE_MARK in text and len(_FENCE_LINE.findall(text)) % 2 == 1


def code_cut_open(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """A long config or code file cut at the token limit inside its open fence (`may_be_cut`)."""
    if not may_be_cut(r.text):
        return ()
    text = r.text.rstrip()
    last = text[text.rfind("\n") + 1 :].strip()
    return (Signal("code_cut_open", w["code_cut_open"], last[-40:]),)


# A request that is code stopping on a block it opened: the reply is the block's body.
_OPENER_END = "{"
# What a program says rather than runs: a string or a char literal, a `//` comment (`"{"`,
# `'{'`, `// wrap('{') -> '{{'`): braces in them open no block. A literal's length is bounded
# (an unclosed quote's scan stays short).
_SAID_IN_CODE = re.compile(r'"(?:\\.|[^"\\\n]){0,200}"|\'(?:\\.|[^\'\\\n]){0,200}\'|//[^\n]*')


def _blocks_left_open(code: str) -> int:
    """How many more blocks `code` opens than it closes, its literals and comments dropped."""
    if '"' in code or "'" in code or "//" in code:
        code = _SAID_IN_CODE.sub(" ", code)
    return code.count("{") - code.count("}")


def completion_left_open(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """To a request that ends on a block it opened (`class SearchTest {`, a comment after it at
    most), a reply that opens more blocks than it closes: the body cut inside a block, the file
    never closed. A reply in a fence it closes is a chat's rewrite of the file, not its body;
    one whose fence never closes is the body cut."""
    question = r.raw_question
    tail = question[-200:].rstrip()
    if not tail.endswith(_OPENER_END) and not (
        "//" in tail
        and _SAID_IN_CODE.sub("", tail[tail.rfind("\n") + 1 :]).rstrip().endswith(_OPENER_END)
    ):
        return ()
    text = r.text
    if FENCE_MARK in text:
        if len(_FENCE_LINE.findall(text)) % 2 == 0:
            return ()
        text = _FENCE_LINE.sub(" ", text)
    if _blocks_left_open(text) <= 0 or _blocks_left_open(question) <= 0:
        return ()
    return (Signal("completion_left_open", w["completion_left_open"], r.text.rstrip()[-40:]),)
