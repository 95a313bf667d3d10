"""A function left with its docstring alone: a completion that wrote no code under the head.

A code model asked to complete a function (the request ends on its signature and docstring)
sometimes writes no body: it echoes the head, then goes on to other functions' heads and
docstrings, wanders into another file of its training data (a path, then SQL or C), or stops.
Python's layout says where a body is: the lines under a `def` indented deeper than it. When
all there is a docstring, the function does nothing. A reply whose asked function is such a one,
or which holds several of them (heads piled up, no code), is no answer. Methods are left out
(a protocol's or an abstract class's are documented heads by design), and so is a request
about stubs or skeletons. Signal bodyless_function.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping

from tether.reliability.lexicon import Lexicon
from tether.reliability.reply import Reply, Signal
from tether.reliability.stub_code_signals import asks_skeleton, demands_code

# A reply this long is read at most (a completion's heads are a few screens).
BODYLESS_CHARS = 12000
# Functions with a docstring alone, not the asked one: this many make a pile of heads.
PILED_HEADS = 2
# A top-level function's head (its name), its parameters possibly over several lines.
_DEF = re.compile(r"^(?:async[ \t]+)?def[ \t]+(\w+)[ \t]*\(", re.M)
# A docstring's opening quote, a prefix allowed (`r"""`).
_DOC_OPEN = re.compile(r"[rRuU]?(\"\"\"|''')")


def may_fire(text: str, low: str, lexicon: Lexicon) -> bool:
    """The reply may hold a function with a docstring alone: not cleared unread."""
    return len(text) <= BODYLESS_CHARS and ('"""' in text or "'''" in text) and "def " in text


def _body_lines(lines: list[str], head: int) -> Iterator[str]:
    """The lines of the body of the function whose `def` is `lines[head]` (at column 0): from
    the line after its head's colon, every line blank or indented, to the first that is not."""
    at = head
    while at < len(lines) and not lines[at].split("#", 1)[0].rstrip().endswith(":"):
        at += 1  # (parameters over several lines)
    for line in lines[at + 1 :]:
        if line.strip() and not line[:1].isspace():
            return
        yield line


def docstring_only(lines: list[str], head: int) -> bool:
    """Whether the function at `lines[head]` has a docstring and nothing else in its body
    (a docstring the reply's end cut is not read as one: the body may have come)."""
    body = [x.strip() for x in _body_lines(lines, head) if x.strip()]
    opened = _DOC_OPEN.match(body[0]) if body else None
    if opened is None:
        return False
    quote = opened.group(1)
    if quote in body[0][opened.end() :]:
        return len(body) == 1
    closes = next((i for i, x in enumerate(body[1:], 1) if quote in x), -1)
    return closes == len(body) - 1


def bodyless(text: str) -> set[str]:
    """The names of the reply's top-level functions whose body is a docstring alone, and not
    written again with a body (a head echoed, then the function written under it again)."""
    lines = text.splitlines()
    heads = [(m.group(1), i) for i, line in enumerate(lines) if (m := _DEF.match(line))]
    empty = {name for name, i in heads if docstring_only(lines, i)}
    return empty - {name for name, i in heads if name in empty and not docstring_only(lines, i)}


def _asked(question: str) -> str | None:
    """The name of the last top-level function in the request (the one to complete)."""
    names = _DEF.findall(question)
    return names[-1] if names else None


def bodyless_function(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """The function the request asks to complete has a docstring alone in the reply, or the
    reply holds `PILED_HEADS` such functions, to a request that demands code and asks for no
    stub."""
    text = r.text
    if not may_fire(text, "", r.lexicon):
        return ()
    names = bodyless(text)
    if not names:
        return ()
    question = r.raw_question[:4000]
    asked = _asked(question)
    if asked not in names and len(names) < PILED_HEADS:
        return ()
    if not demands_code(question) or asks_skeleton(question):
        return ()
    what = f"`{asked}` has a docstring and no code" if asked in names else "heads, no code"
    return (Signal("bodyless_function", w["bodyless_function"], what),)
