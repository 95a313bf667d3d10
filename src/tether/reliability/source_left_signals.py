"""Code left in its source form: a conversion that returned the code it was given, or a plan.

Asked to translate a program from one language to another, a code model sometimes hands the
source back: Java copied into a ```python fence ("import java.util.Scanner;", "public class
p03042 {"), or Python with Java's operators and calls spliced in (`if a && b:` over
`System.out.println(x);`). Neither is the asked program: it runs in neither language. Or it
writes a plan and fences that hold only comments ("```java\\n// Translated code snippet\\n```"):
the code is announced, none is written. Signals code_untranslated and code_comments_only.
Or it says the conversion or the patch cannot be made ("I cannot translate Python code to Java
code", "it is not possible to provide a direct translation", "I am unable to provide a valid
diff") and gives none: signal conversion_declined.
A program cut at the token limit, unfenced, is a cut file: its last line left open ("end = j
+"), a block's head with nothing under it ("if r0 != 1:"), or braces left open: signal
file_cut.
A fence with nothing in it but a stop token or one bare keyword ("```python\nimport", "```
<|endoftext|>"), or lines of bracketed tags alone ("[EXPECTED]\n[SKIP]\n[OUTPUT]"), is no file
at all: signals fence_unwritten and tags_only.
A text handed back as its escape codes ("\\u958b\\u3051\\u308d!" for "開けろ!") is a string's
source form too, never its rendering: signal escapes_only.

A real translation names the source's calls in its prose ("`System.out.println` becomes
`print()`"), never in a Python block's statements; an answer's code block holds code.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from functools import lru_cache
from typing import Any

from tether.reliability.lexicon import SHIPPED, Lexicon, alternation
from tether.reliability.program_signals import program_lines
from tether.reliability.refusal_grammar import CANNOT, CANNOT_WORDS, regexes
from tether.reliability.reply import Reply, Signal
from tether.reliability.stub_code_signals import demands_code

# The words are data (`judge_signals.json`: `source_left`); the code's syntax is here.
_DATA: Mapping[str, Any] = SHIPPED.get("source_left", {})


def _words(field: str) -> str:
    """One field of the section as one alternation: its plain words (`lexicon.alternation`)
    and its `re:` entries (`refusal_grammar.regexes`)."""
    terms = _DATA.get(field, ())
    plain, patterns = alternation(terms), regexes(terms)
    return "|".join(part for part in (plain, patterns) if part != "(?!)") or "(?!)"


def _listed(field: str) -> tuple[str, ...]:
    """One field of the section as it is listed."""
    return tuple(_DATA.get(field, ()))


# Past this size a reply is a program with its own parts, read by the program signals.
SOURCE_CHARS = 6000
# A fenced block with its label (an unclosed last one runs to the end).
# (its head stops at a backtick: a run of backticks with no newline is read once, not again
# from each of them)
_FENCE = re.compile(r"```([\w+#-]*)[^\n`]*\n(.*?)(?:```|\Z)", re.S)
# Fences of text, markup or settings: their `#` lines are headings and settings, not code.
_TEXT_LABELS = frozenset(_listed("text_labels"))
_PYTHON_LABELS = frozenset(_listed("python_labels"))
# Statements of Java or C++ that no Python program holds (Jython imports Java without `;`).
_C_FAMILY = re.compile(
    r"^[ \t]*import[ \t]+java\.[\w.*]+;|\bSystem\.(?:out|err)\.print\w*\(|\bSystem\.in\b"
    r"|\bpublic[ \t]+static[ \t]+void[ \t]+main\b|^[ \t]*(?:public[ \t]+)?class[ \t]+\w+[ \t]*\{"
    r"|^[ \t]*#include[ \t]*<|\busing[ \t]+namespace[ \t]+std;|\bstd::c(?:out|in)\b",
    re.M,
)
# Java's import of a package, with or without its `;`: one more sign beside another.
_JAVA_IMPORT = re.compile(r"^[ \t]*import[ \t]+java\.", re.M)
# A Python block's head: `if x:`, `for i in range(n):`, `else:` (no brace, no `;`).
_PYTHON_HEAD = re.compile(r"^[ \t]*(?:(?:if|elif|while|for)\b[^\n{};]*|else[ \t]*):[ \t]*$", re.M)
# Java's and C's operators and output call, which Python's syntax has not.
_C_SPLICE = re.compile(r"&&|\|\||System\.out\.print")
# A comment line of the languages code is fenced in (not a C preprocessor line, a shebang).
_COMMENT = re.compile(r"[ \t]*(?://|/\*|#(?!include|define|pragma|!|\[)|--[ \t]|<!--)")
# A source file's encoding line ("# -*- coding: utf-8 -*-"): a line the interpreter reads.
_CODING = re.compile(r"coding[:=]")
# A string literal, or a comment line (not `#include`): what a program says, not what it runs.
_QUOTED_OR_COMMENT = re.compile(r"\"[^\"\n]*\"|'[^'\n]*'|^[ \t]*(?:#(?!include\b)|//)[^\n]*", re.M)
# The prose's instruction about the fenced lines: they are the answer ("Uncomment the second").
_INSTRUCTS = re.compile(rf"\b(?:{_words('instructs')})\b")
# A request to write code in another language, or to change it ("Fix the failing test"),
# besides `demands_code`.
_ASKS_CONVERSION = re.compile(rf"\b(?:{_words('asks_conversion')})\b")


@lru_cache(maxsize=8)
def fences(text: str) -> tuple[tuple[str, str, int, int], ...]:
    """The fenced blocks of `text`: label, body, start, end (read once per reply: two signals
    and the program reading ask)."""
    if "```" not in text:
        return ()
    return tuple((m.group(1), m.group(2), m.start(), m.end()) for m in _FENCE.finditer(text))


def may_fire(text: str, low: str, lexicon: Lexicon) -> bool:
    """The reply may hold code left in its source form or fences of comments only: not
    cleared unread (literals only)."""
    return len(text) <= SOURCE_CHARS and (
        _may_be_untranslated(text)
        or ("```" in text and ("//" in text or "#" in text))
        or "\\u" in text
        or _may_be_tags(text)
        or may_be_cut(text)
        or (len(text) <= DECLINED_CHARS and _may_decline(low))
    )


def _may_be_untranslated(text: str) -> bool:
    """(literals of `untranslated_code`'s readings, cheap on any reply)"""
    return "System." in text or "import java" in text or "&&" in text or "||" in text


def untranslated_code(text: str, question: str = "") -> str | None:
    """What shows `text` to be code left in another language than its own: a Python-labelled
    fence holding Java or C++ statements, or Python block heads with Java's operators spliced
    in (read with strings and comment lines blanked: `"&&"` is data, `# Java: ...` a note);
    None when its code is written in one language. A request that holds `&&` or `||` is about
    them: its heads may test for them."""
    if len(text) > SOURCE_CHARS or not _may_be_untranslated(text):
        return None
    for label, raw, _, _ in fences(text):
        if label.lower() in _PYTHON_LABELS:
            body = _QUOTED_OR_COMMENT.sub('""', raw)
            found = [m.group(0).strip() for m in _C_FAMILY.finditer(body)]
            if _JAVA_IMPORT.search(body) is not None and not any(
                f.startswith("import") for f in found
            ):
                found.append("import java.")
            if len(found) >= 2:
                return "a python block in Java or C++: " + ", ".join(found[:3])
    if "&&" in question or "||" in question:
        return None
    text = _QUOTED_OR_COMMENT.sub('""', text)
    heads: list[str] = _PYTHON_HEAD.findall(text)
    if not heads:
        return None
    spliced = next((head.strip() for head in heads if _C_SPLICE.search(head)), None)
    if spliced is not None:
        return "a python head with a C operator: " + spliced[:60]
    if "{" not in text:
        call = next(
            (
                line.strip()
                for line in text.splitlines()
                if "System.out.print" in line and "`" not in line
            ),
            None,
        )
        if call is not None:
            return "python blocks printing with Java: " + call[:60]
    return None


def code_untranslated(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """The reply's code is in another language than its own (`untranslated_code`)."""
    said = untranslated_code(r.text, r.raw_question)
    return (Signal("code_untranslated", w["code_untranslated"], said),) if said else ()


def code_comments_only(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """Every fenced block of the reply holds comment lines only, and there is at least one:
    the code announced in its prose ("Here is the planned approach") was never written. Not
    when the request asks for no code or for a comment, when a fence is text or settings (a
    README's headings, an ini file's), or when the prose tells what to do with the lines
    ("Uncomment the second one", "Put that on the first line")."""
    text = r.text
    if len(text) > SOURCE_CHARS or "```" not in text:
        return ()
    blocks = fences(text)
    if not blocks:
        return ()
    comments = 0
    for label, body, _, _ in blocks:
        lines = [line for line in body.splitlines() if line.strip()]
        if (
            label.lower() in _TEXT_LABELS
            or not lines
            or not all(_COMMENT.match(line) and not _CODING.search(line) for line in lines)
        ):
            return ()
        comments += len(lines)
    # (without a request, the reply's own words say what was asked: "translate the given
    # Python code into Java")
    question = r.question or r.low
    if "comment" in r.question or not (
        _ASKS_CONVERSION.search(question) or demands_code(r.raw_question)
    ):
        return ()
    prose, last = [], 0
    for _, _, start, end in blocks:
        prose.append(r.low[last:start])
        last = end
    prose.append(r.low[last:])
    if _INSTRUCTS.search(" ".join(prose)):
        return ()
    said = f"{len(blocks)} code block(s) of {comments} comment line(s)"
    return (Signal("code_comments_only", w["code_comments_only"], said),)


# A string's escape codes ("\\u958b"), written out as text.
_ESCAPE = re.compile(r"\\u[0-9a-fA-F]{4}")
# Escape codes enough to spell a word.
MIN_ESCAPES = 3
# A request about escapes: then they are its answer.
_ASKS_ESCAPES = re.compile(_words("asks_escapes"))


def escapes_only(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """The reply is a string's escape codes and nothing else a reader could read: no letter
    outside them ("\\u30b5\\u30fc\\u30e2\\u30f3"), its text never decoded. Not when the request
    asks for the escapes ("What are the JSON escape codes for é?")."""
    text = r.text
    if len(text) > SOURCE_CHARS or "\\u" not in text:
        return ()
    escapes = _ESCAPE.findall(text)
    if len(escapes) < MIN_ESCAPES or any(c.isalpha() for c in _ESCAPE.sub("", text)):
        return ()
    if _ASKS_ESCAPES.search(r.question):
        return ()
    return (Signal("escapes_only", w["escapes_only"], f"{len(escapes)} escape codes"),)


# A refusal with its reasons and advice is a screen at most; a longer reply did some work.
DECLINED_CHARS = 2000
# Code in backticks: a call, a path, a statement (not a library's name, `javaparser-core`,
# `http.client`: the reason, not the fix).
_SPAN = re.compile(r"`([^`\n]+)`")
_CODE_MARK = re.compile(r"[(/= ]")
_CONVERSION_WORKS = _listed("conversion_works")
_UNABLE_WORDS = (*CANNOT_WORDS, *_listed("gate"))
# The speaker unable to make the conversion or the patch, or it said impossible: "I cannot
# translate Python code", "I am unable to provide a valid diff", "I don't have enough
# information to provide a diff", "it is not possible to provide a direct translation" (the
# thing made is a diff, a patch, a translation, code).
_DECLINES_CONVERSION = re.compile(
    rf"\b(?:i(?:['\u2019]m| am)?\s+{CANNOT}|{_words('frames')})"
    rf"\s+(?:\w+\s+){{0,3}}?(?:{_words('makes')})\s+"
    r"(?:you\s+)?(?:(?:a|an|the|any)\s+)?"
    rf"(?:(?:{_words('qualifiers')})\s+)*"
    rf"(?:{_words('things')})\b"
)


# A request opening as a question of how or why, not an imperative.
_QUESTION_OPENING = re.compile(rf"\s*(?:{_words('question_openings')})\b")


def _may_decline(low: str) -> bool:
    """(literals of `conversion_declined`'s reading)"""
    return any(w in low for w in _CONVERSION_WORKS) and any(w in low for w in _UNABLE_WORDS)


def conversion_declined(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """The reply says the conversion or the patch cannot be made and holds no code: a refusal
    and advice in place of the translated program or the diff. Not when it names code
    (`zlib.crc32(buf)`: the fix given after the reason), nor when the request is a question
    ("How would I translate yield to Java?": that it is impossible is the answer)."""
    if len(r.text) > DECLINED_CHARS or "```" in r.text or not _may_decline(r.low):
        return ()
    if _QUESTION_OPENING.match(r.question) or any(
        _CODE_MARK.search(span) for span in _SPAN.findall(r.text)
    ):
        return ()
    said = _DECLINES_CONVERSION.search(r.low)
    if said is None or program_lines(r.text)[0]:
        return ()
    return (Signal("conversion_declined", w["conversion_declined"], said.group(0)[:60]),)


# A fence's marks, its label, and the stop tokens a server left after it.
_FENCE_MARKS = re.compile(r"```[\w+#-]*|<\|[a-z_]+\|>|</s>")
# A file's first keyword, the whole of what came ("import", "#include"): the file cut at once.
_BARE_KEYWORDS = frozenset(_listed("bare_keywords"))
# An unwritten fence is a line or two.
UNWRITTEN_CHARS = 60


def fence_unwritten(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """The reply is a code fence's marks with nothing in them but a stop token or one bare
    keyword: the file was never written."""
    text = r.text
    if len(text) > UNWRITTEN_CHARS or "```" not in text:
        return ()
    left = _FENCE_MARKS.sub(" ", text).strip()
    if left and left not in _BARE_KEYWORDS:
        return ()
    return (Signal("fence_unwritten", w["fence_unwritten"], text.strip()[:40]),)


# Tags are a line each; a reply of them is a screen or two.
TAGS_CHARS = 6000
MIN_TAGS = 3
# A bracketed tag on its own line, maybe behind a comment mark ("[SKIP]", "// [OUTPUT]"); the
# last may be cut ("// [").
_TAG_LINE = re.compile(r"(?://|#)?[ \t]*\[/?[A-Z][A-Z0-9_]*\]")
_CUT_TAG_LINE = re.compile(r"(?://|#)?[ \t]*\[/?[A-Z0-9_]*")


def _may_be_tags(text: str) -> bool:
    """(`tags_only`'s first test: a tag in capitals opens the reply)"""
    head = text[:8].lstrip("/# \t")
    return len(text) <= TAGS_CHARS and head[:1] == "[" and head[1:2].isupper()


# A request for names of the kind: then a list of them is its answer.
_ASKS_NAMES = re.compile(rf"\b(?:{_words('asks_names')})")


def _asks_names(question: str, lines: list[str]) -> bool:
    """Whether the request asks for bracketed names (their kind, or one of them named)."""
    if _ASKS_NAMES.search(question):
        return True
    names = (line.strip("/#[] \t").lower() for line in lines)
    return any(len(n) > 1 and re.search(rf"\b{re.escape(n)}\b", question) for n in names)


def tags_only(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """Every line of the reply is a bracketed tag in capitals ("[EXPECTED]", "[SKIP]"): a code
    model's made-up markup, no line of the asked work."""
    text = r.text
    if not _may_be_tags(text):
        return ()
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    if len(lines) < MIN_TAGS or not all(_TAG_LINE.fullmatch(line) for line in lines[:-1]):
        return ()
    if _TAG_LINE.fullmatch(lines[-1]) is None and _CUT_TAG_LINE.fullmatch(lines[-1]) is None:
        return ()
    if _asks_names(r.question, lines):
        return ()
    return (Signal("tags_only", w["tags_only"], f"{len(lines)} tag lines"),)


# A file cut at the token limit is a screen long at least.
CUT_CHARS = 1000
# A program's first line: an import, an include, a definition, a comment.
_PROGRAM_HEAD = re.compile(
    r"(?:import |from \w|#include|package |using |def |class |public |#!|//|/\*)"
)
# The last line's ends that leave a statement open, or a block's head with nothing under it.
_CUT_ENDS = frozenset("=([,+-*/%:;|&")
_OPEN_LAST = re.compile(
    r"(?:[=(\[,+\-*/%]|&&|\|\||\b(?:and|or|not|return|in|import|from))[ \t]*$"
    r"|^[ \t]*(?:if|elif|else|for|while|def|class|try|except|with)\b.*:[ \t]*$"
)
# Braces left open at the end (a function and its class at least).
OPEN_BRACES = 2


def may_be_cut(text: str) -> bool:
    """(`file_cut`'s first test, cheap on a long reply: a program's head, an open end)"""
    end = text.rstrip()[-1:]
    return (
        len(text) >= CUT_CHARS
        and end in _CUT_ENDS
        and _PROGRAM_HEAD.match(text.lstrip()[:12]) is not None
    )


def cut_program(text: str) -> str | None:
    """The end that shows `text` a program, unfenced, stopped mid-file: its last line left
    open or a block's head with nothing under it, or, in a language of braces, braces left
    open after a statement; None when it ends whole."""
    text = text.rstrip()
    if "```" in text or not may_be_cut(text):
        return None
    last = text[text.rfind("\n") + 1 :]
    if _OPEN_LAST.search(last) is not None:
        return last.strip()[-40:]
    depth = text.count("{") - text.count("}")
    if depth >= OPEN_BRACES and last.endswith(";"):
        return f"{depth} braces open after {last.strip()[-30:]}"
    return None


def file_cut(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """The reply is a program, unfenced, cut mid-file (`cut_program`)."""
    said = cut_program(r.text)
    return (Signal("file_cut", w["file_cut"], said),) if said else ()


def unwritten_program(text: str) -> str | None:
    """What shows the code of `text` no program written whole in its language: left in
    another language (`untranslated_code`) or cut mid-file (`cut_program`); None otherwise."""
    return untranslated_code(text) or cut_program(text)
