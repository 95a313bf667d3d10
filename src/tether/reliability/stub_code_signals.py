"""A code body that does nothing, sent where the code was asked: a stub, not an answer.

A code model asked to complete a function sometimes hands back its skeleton: the signature and
docstring echoed, then only a comment that the code goes there ("# Your code here", "# TODO:
implement"), `pass`, `raise NotImplementedError()` or a default return (`return []`). Every line
of it is a placeholder for the work; no statement of it does any. A real answer may hold a TODO
comment too, among statements that compute something: one such statement and the reply is
code, no stub. A bare `pass` or a reply of comments only is a stub when the request demands code
(a function to complete, "write a function ..."); a request about stubs, skeletons or templates
is answered by one. Signal stub_code.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from functools import lru_cache
from typing import Any, NamedTuple

from tether.reliability.lexicon import SHIPPED, Lexicon, field_alternation
from tether.reliability.reply import Reply, Signal

# A stub is a skeleton: its echoed signature and docstring are a screen or two.
STUB_CHARS = 4000
# A comment of a placeholder for the code ("# Your code here", "// TODO: implement", "# Replace
# this for solution", "# Code implementation goes here...").
_PLACEHOLDER_COMMENT = re.compile(
    r"\b(?:your\s+code|code\s+here|todo\b|fixme\b|implement|(?:goes|go)\s+here|fill\s+(?:in|this)"
    # ("Content for the page would go here", "Add explicit instantiation for other types as
    # needed": the rest of the code left to the reader)
    r"|(?:would|will|should)\s+(?:be\s+)?go\s+here|\badd\b.{0,60}\bas\s+needed"
    r"|replace\s+(?:this|with)|write\s+(?:your|the)\s+code|insert\s+(?:your\s+)?code"
    r"|add\s+(?:your\s+)?code|your\s+(?:solution|implementation)|solution\s+here)",
    re.I,
)
# A statement that does nothing: `pass`, `...`, `raise NotImplementedError(...)`, `throw new
# Error("not implemented")`, Go's `panic("not implemented")`, `unimplemented!()`, `todo!()`.
_NOTHING = re.compile(
    r"pass|\.\.\.|raise\s+NotImplementedError\b.*|(?:throw\s+new\s+\w*(?:Error|Exception)|panic)"
    r"\(\s*[\"'][^\"']*implement[^\"']*[\"']\s*\);?|throw\s+new\s+NotImplementedException\(\);?"
    r"|(?:unimplemented|todo)!\(.*\);?",
    re.I,
)
# A default return, what a skeleton returns before it is written: `return`, `return []`,
# `return 0`, `return None`, `return ''`, `return False`.
_DEFAULT_RETURN = re.compile(
    r"return(?:\s+(?:None|null|nil|undefined|True|False|true|false|-?[01](?:\.0)?|\[\s*\]"
    r"|\{\s*\}|\(\s*\)|''|\"\"))?\s*;?"
)
# The lines of the skeleton around the body: a signature, a decorator, an import, a block's
# brace, a fence.
_FRAME = re.compile(
    r"(?:async\s+)?def\b.*|class\s+\w+.*:|@[\w.]+.*|import\s+[\w.]+.*|from\s+[\w.]+"
    r"\s+import\s+.*|(?:export\s+)?(?:async\s+)?function\s*\w*\s*\(.*\)\s*\{?"
    r"|(?:pub\s+)?fn\s+\w+.*\{?|func\s+\w+.*\{?|[{}]+;?|```\w*"
    # (a method's head in Java, C#, C++, TypeScript: `public int count(String s) {`)
    r"|(?:[\w<>\[\],?]+\s+)+\w+\s*\([^()=]*\)\s*(?:throws\s+[\w.,\s]+)?\{"
)
# A comment, or a placeholder in angle or square brackets where the code goes ("<complete
# function code goes here>", "[insert code here]": read as a comment, `_PLACEHOLDER_COMMENT`).
_COMMENT = re.compile(r"(?:#|//|/\*)\s*(.*)|<([^<>]{4,80})>|\[([^\[\]]{4,80})\]")
# The words of a request for code (`code_request` in judge_signals.json).
_DATA: Mapping[str, Any] = SHIPPED.get("code_request", {})


def _words(field: str) -> str:
    """The words of `field` as an alternation, a space between two words read as any spaces."""
    return field_alternation(_DATA, field).replace(r"\ ", r"\s+")


# A request that demands code (`demands_code`): a function to complete (its signature in the
# request), or to write one ("Write a python function ...", "Implement the method ...").
_DEMANDS_CODE = re.compile(
    r"^[ \t]*(?:async\s+)?def\s+\w+\s*\(|^[ \t]*(?:export\s+)?function\s+\w+\s*\("
    rf"|\b(?:{_words('demand_verbs')})\b[^.\n]{{0,40}}?\b(?:{_words('demand_nouns')})\b"
    # (code of a task, not code as a skill: "can you write code?" asks what the model can do)
    r"|\b(?:write|generate)\b[^.\n]{0,20}?\bcode\s+(?:that|to|for|which)\b",
    re.M | re.I,
)
# Where in the request its imperative is looked for (a code file quoted after it is long).
ASK_CHARS = 4000
# The imperative that asks for code: at a sentence's or a clause's start, or after a polite
# opening ("please", "can you"), a verb of making, then within four words its object: a program
# ("a python function", "the script", "Java code") or its tests ("a test file", "unit tests",
# "pytest tests for"). A bare "code" or "class" is not one ("Generate QR codes", "a class
# schedule"), nor a text about a program ("Write a docstring for the function", "a summary of
# the script", "a blog post about unit tests": no "of", "about", "on", "for" before the object).
_LANGUAGE = rf"(?:{_words('languages')})"
_ASKS_CODE = re.compile(
    r"(?:^|[.!?:,;]\s+|\n\s*|\b(?:please|kindly|can\s+you|could\s+you|would\s+you|now|then"
    r"|and)\s+)"
    rf"(?:{_words('make_verbs')})\b"
    rf"(?:\s+(?:me|us))?(?:\s+(?!(?:{_words('not_objects')})\b)[\w+#-]+){{0,4}}?\s+(?:"
    # its tests
    + _words("tests")
    # a program, with its article or its language
    + rf"|(?:a|an|the)\s+(?:{_LANGUAGE}\s+)?(?:{_words('programs')})"
    rf"|{_LANGUAGE}\s+(?:{_words('language_programs')})"
    r")\b",
    re.I,
)
# A request about the skeleton itself: a stub, a template, an abstract method, `pass`.
_ASKS_SKELETON = re.compile(rf"\b(?:{_words('skeleton')})", re.I)
_DOCSTRING = ('"""', "'''")
# A docstring's line this long, found in the request, is the request's docstring echoed.
ECHOED_LINE_CHARS = 20


@lru_cache(maxsize=64)
def demands_code(question: str) -> bool:
    """Whether the request (as written) demands code: a function to complete, whose signature
    it holds, or one to write ("Write a python function ...", "Implement the method ..."), or
    a program or its tests to write, in the imperative (`asks_code`). Read once per request
    (every reply to it asks again: ~10 us on a long request)."""
    return bool(question) and (
        _DEMANDS_CODE.search(question[:4000]) is not None or asks_code(question)
    )


@lru_cache(maxsize=64)
def asks_code(question: str) -> bool:
    """Whether the request tells the model, in the imperative, to write a program or its tests
    ("Write a python function ...", "provide a test file for this code")."""
    return bool(question) and _ASKS_CODE.search(question[:ASK_CHARS]) is not None


def asks_skeleton(question: str) -> bool:
    """Whether the request is about a skeleton itself (a stub, a template, an abstract
    method, `pass`): then one is its answer."""
    return bool(question) and _ASKS_SKELETON.search(question) is not None


def may_fire(text: str, low: str, lexicon: Lexicon) -> bool:
    """The reply may be a skeleton with its body unwritten (a comment, `pass`, a docstring
    echoed over a default return): not cleared unread."""
    return len(text) <= STUB_CHARS and (
        "#" in text
        or "//" in text
        or "pass" in text
        or "mplement" in text  # (`NotImplementedError`, "not implemented", `unimplemented!()`)
        or "todo!" in text
        or '"""' in text
        or "go here" in text  # (a bracketed placeholder: "<complete function code goes here>")
        or "goes here" in text
    )


class _Body(NamedTuple):
    """What a skeleton's body holds, its docstrings and frame left out."""

    comments: int  # comment lines
    nothing: int  # do-nothing statements (`pass`, `raise NotImplementedError()`)
    placeholder: bool  # a comment or a statement says the code is still to be written
    doc_line: str  # the longest line of its docstrings (the request's, when it was echoed)
    returns: int  # default returns (`return []`, `return False`)


def _body(text: str) -> _Body | None:
    """What the skeleton's body holds; None when a line does something (a statement that
    computes, a sentence of prose)."""
    comments = nothing = returns = 0
    doc_line = ""
    placeholder = False
    quote = ""
    after_class = False  # (`pass` under a class line is an empty class: `class E(Exception)`)
    for raw in text.splitlines():
        line = raw.strip()
        if quote:  # inside a docstring (one cut off at the reply's end is one too)
            if quote in line:
                quote = ""
            elif len(line) > len(doc_line):
                doc_line = line
            continue
        if not line:
            continue
        opened = next((q for q in _DOCSTRING if line.startswith(q)), "")
        if opened:
            if line.count(opened) == 1:
                quote = opened
            continue
        comment = _COMMENT.fullmatch(line)
        if comment is not None:
            comments += 1
            said = comment.group(1)
            if said is None:  # (a bracketed line is read only as a placeholder, not a comment)
                said = comment.group(2) or comment.group(3)
                if _PLACEHOLDER_COMMENT.search(said) is None:
                    return None
            placeholder = placeholder or _PLACEHOLDER_COMMENT.search(said) is not None
            continue
        if _NOTHING.fullmatch(line) is not None:
            nothing += 0 if after_class else 1
            placeholder = placeholder or "implement" in line.lower()
            continue
        if _DEFAULT_RETURN.fullmatch(line) is not None:
            returns += 1
            continue
        if _FRAME.fullmatch(line) is not None:
            after_class = line.startswith("class ")
            continue
        return None
    return _Body(comments, nothing, placeholder, doc_line, returns)


def stub_code(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """The reply is a skeleton whose body is unwritten: every line a signature, a docstring, a
    comment, a do-nothing statement or a default return, with a comment that the code goes
    there or `NotImplementedError`; or, to a request that demands code, a body of `pass` or of
    comments alone. Not to a request about stubs, templates or abstract methods."""
    text = r.text
    if len(text) > STUB_CHARS or not may_fire(text, "", r.lexicon):
        return ()
    body = _body(text)
    if body is None:
        return ()
    comments, nothing, placeholder, doc_line, returns = body
    question = r.raw_question[:4000]
    echoed = len(doc_line) >= ECHOED_LINE_CHARS and doc_line in question
    if not (comments or nothing or (returns and echoed)):
        return ()  # (a signature alone, or a default return of a function not the request's)
    if asks_skeleton(question):
        return ()
    if not placeholder and not demands_code(question):
        return ()
    what = "a placeholder for the code" if placeholder else "no statement that does anything"
    weight = w["stub_code"]
    if len(doc_line) >= ECHOED_LINE_CHARS:
        # a docstring says what the code is to do: its sentences read as the writer's prose,
        # its words as the task's (`prose`, `long_prose`, `on_topic`); counted back here
        weight *= 2
        what += ", the request's docstring echoed" if echoed else ", under a docstring"
    return (Signal("stub_code", weight, what),)
