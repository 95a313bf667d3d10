"""The signals of a line sent bare to a model to translate: a game's or an app's line in a script
other than the reply's (a translation tool's request: the line alone, its instruction elsewhere),
and the reply is that line rendered, or talks about it.

Rendered (`rendered_line`): the reply is in another script, about as long, keeps the line's
slots and numbers, and asks only where the line asks; its failure (or waiting) words are then
the line's own ("すみません、今はできません。" -> "I'm sorry, I can't do that right
now.", "エラー: 扉が開かない…" -> "Error: the door won't open..."), read only where the line says a
failure itself: an apology or a "cannot" only where the line says one, a machine's failure
(a rate limit, a quota) only where the line names it, and no assistant's words declining a
request ("I can't assist with that request").

Chatter (`line_chatter`): the reply speaks about the translation or the source line, after the
rendering ("Note: the original text is ambiguous ...", "(Translation note: ...)", "I hope this
helps!"), before it ("Here is the translation: ...") or in its place ("The text you provided
appears to be a name.", or in the line's own language: "この文は…という意味です"): a model's
words written into the translated file. Not where the line holds such a word itself (a line
with a note or a hope renders it; one that asks what a text means is answered so). The words
are data
(`judge_signals.json`: `line_rendering`).

Not `transform_signals`' question, though both read talk about a translation: there a transform
is asked and the reply speaks of the text in its place; here nothing is asked but the line
itself, and the reading is of scripts, sizes and slots (`rendering_signals`, which imports
`transform_signals`: the two could not share a module without a cycle), with an answer's
signal (`rendered_line`) beside the failure's.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import lru_cache

from tether.reliability.function_words import english_markers
from tether.reliability.keyed import KeyGated, KeySet
from tether.reliability.lexicon import SHIPPED, Lexicon
from tether.reliability.rendering_signals import (
    LEAST,
    MOST,
    SHORT_SIZE,
    script_of,
    size_of,
)
from tether.reliability.reply import HIT_WINDOW, Reply, Signal

_DATA = SHIPPED.get("line_rendering", {})
_CHATTER = {
    name: re.compile("|".join(f"(?:{p})" for p in patterns), re.IGNORECASE | re.MULTILINE)
    for name, patterns in _DATA.get("chatter", {}).items()
    if patterns
}
_OWN = {name: tuple(str(w).lower() for w in words) for name, words in _DATA.get("own", {}).items()}
# The longest phrase of a kind of chatter looked for before its pattern is tried.
CHATTER_KEY_CHARS = 40
# Cheap substrings one of which chatter holds (lowered): `may_fire` reads no regex without.
_KEY_WORDS = ("note", "n.b.", "t/n", "original", "source", "text you", "translat", "hope", "let me",
         "feel free", "japanese", "chinese", "korean", "russian", "in this context", "means",
         "here", "alternativ", "lit", "speaker", "this ", "english")  # fmt: skip
_KEYS = KeySet(_KEY_WORDS)  # (one search of them in a text that is not ASCII)
# Each kind of chatter tried only where one of its phrases is, whole (`KeyGated`, its keys not
# cut: "the " is in most answers): a pattern of a dozen branches that each open on a word's
# boundary, in any case, was tried at every position of an answer that holds one of `_KEYS`
# ("this ", "here"), ~300 us on 700 characters.
_CHATTER_GATES = tuple(
    KeyGated(p.pattern, p.flags, key_chars=CHATTER_KEY_CHARS) for p in _CHATTER.values()
)

# A bare line: at most this long and this many lines; its script is not the Latin one (a reply
# in the line's own language is no rendering of it, and a Latin line may be any message).
LINE_CHARS = 300
LINE_LINES = 3
_LINE_SCRIPTS = frozenset(("kana", "han", "hangul", "cyrillic", "thai", "arabic", "hebrew"))
# What a bare line is not: a message with a link, code, an instruction to translate.
_NOT_A_LINE = re.compile(r"https?://|`|翻译|翻譯|翻訳|번역|перевед|translat", re.IGNORECASE)
# A Latin word in a line of another script: a product's or an error's name ("API", "DeepSeek",
# "ERROR"), the mark of a user's message about software, not of a game's line ("HP", a slot).
_LATIN_WORD = re.compile(r"[A-Za-z]{3,}")
# A slot a program fills in, and a number (full-width digits read as digits).
_SLOT = re.compile(r"\{\{?[^{}\s]{0,40}\}\}?|%(?:\d\$)?[-+ #0]*\d*[sdif@]|\\[A-Za-z]+\[\d+\]|\d+")
_WIDE_DIGITS = str.maketrans({0xFF10 + i: str(i) for i in range(10)})
# How a line ends: asking, exclaiming, trailing off, or stating.
_END_MARKS = (
    ("ask", re.compile(r"[?\uff1f][\s\"'」』)\]\uff09]*$")),
    ("exclaim", re.compile(r"[!\uff01][\s\"'」』)\]\uff09]*$")),
    ("trail", re.compile(r"(?:\u2026|\.\.\.|\u22ef|\uff65{3}|\u30fb{3})[\s\"'」』)\]\uff09]*$")),
)
# A line's own words (lowered) of a failure or a wait ("扉が開かない", "少々お待ちください": the
# line's, not a stand-in), of a decline ("すまん", "無理": the vocabulary may not know them), and
# of a translation or a meaning (a line that asks what a text means).
_LINE_WORDS = _DATA.get("line_words", {})
_LINE_NEGATIVE = tuple(str(w).lower() for w in _LINE_WORDS.get("negative", ()))
_LINE_APOLOGY = tuple(str(w).lower() for w in _LINE_WORDS.get("apology", ()))
_LINE_INABILITY = tuple(str(w).lower() for w in _LINE_WORDS.get("inability", ()))
_LINE_ABOUT = tuple(str(w).lower() for w in _LINE_WORDS.get("about", ()))
# An assistant declining a request ("I can't assist with that", "this request", "content"):
# never a game's line rendered.
_ASSISTANT = re.compile(
    "|".join(f"(?:{p})" for ps in _DATA.get("assistant_words", {}).values() for p in ps) or "(?!)",
    re.IGNORECASE,
)
# The reply's saying it cannot: a rendering says it where the line does.
_CANNOT = re.compile(r"\b(?:can(?:no|'|\u2019)t|cannot|unable|not able)\b", re.IGNORECASE)
# The vocabulary's kinds of a machine's failure (a rate limit, a quota, an overload, a gateway,
# a key, a filter, a setup): a rendering says them only where the line's words do.
_MACHINE_KINDS = frozenset(
    ("rate_limit", "quota", "overload", "upstream", "auth", "filter", "setup")
)


@dataclass(frozen=True, slots=True)
class _Line:
    """What is read of a bare line alone."""

    text: str
    script: str
    size: float
    slots: frozenset[str]
    end: str
    classes: frozenset[str]  # the kinds of failure its words say (the vocabulary's)
    negative: bool  # it says something failed, is not, or waits, in any words
    apology: bool  # it apologises, in any words
    inability: bool  # it says it cannot, in any words


def _end_of(text: str) -> str:
    tail = text.rstrip()
    return next((name for name, p in _END_MARKS if p.search(tail)), "state")


def _slots(text: str) -> frozenset[str]:
    return frozenset(_SLOT.findall(text.translate(_WIDE_DIGITS)))


@lru_cache(maxsize=64)
def bare_line(question: str, lexicon: Lexicon) -> _Line | None:
    """The request as a bare line to render, or None: short, in a script other than the Latin
    one, with no link, code or instruction to translate (kept: every attempt at one request
    reads the same question)."""
    q = question.strip()
    if not q or len(q) > LINE_CHARS or q.count("\n") >= LINE_LINES:
        return None
    script = script_of(q)
    if script not in _LINE_SCRIPTS or _NOT_A_LINE.search(q) is not None:
        return None
    if _LATIN_WORD.search(_SLOT.sub(" ", q)) is not None:
        return None
    return _line(q, script, lexicon)


# A Latin line may be any message; one is read as a line to render only in a script of its own
# kind (`_LINE_SCRIPTS`) and when it is an app's string, not a message to the assistant: short,
# one line, no code, path or dotted name, and not opening as a person's request or question
# ("Failed to get image dimensions. %s", "Error 429: Quota Exceeded (Try later)").
LATIN_LINE_CHARS = 120
_CODE_OR_PATH = re.compile(r"[`<>=_|\\]|(?<!\w)/\w|\w\.\w")
_ADDRESSED = re.compile(
    r"(?:please|pls|can|could|would|will|why|how|what|when|where|which|who|is|are|do|does|did"
    r"|fix|help|write|tell|explain|make|create|add|give|show|i|i'm|my|we|you|hi|hello|hey)\b",
    re.IGNORECASE,
)


@lru_cache(maxsize=64)
def latin_line(question: str, lexicon: Lexicon) -> _Line | None:
    """The request as an app's Latin line to render (`LATIN_LINE_CHARS`), or None."""
    q = question.strip()
    if not q or len(q) > LATIN_LINE_CHARS or "\n" in q or script_of(q) != "latin":
        return None
    if _NOT_A_LINE.search(q) is not None or _CODE_OR_PATH.search(q) is not None:
        return None
    if _ADDRESSED.match(q) is not None:
        return None
    return _line(q, "latin", lexicon)


def _line(q: str, script: str, lexicon: Lexicon) -> _Line:
    """What is read of a bare line alone (`_Line`)."""
    low = q.lower()
    classes = frozenset(name for name, _, _, _ in lexicon.hits(low, HIT_WINDOW))
    return _Line(
        q,
        script,
        size_of(q),
        _slots(q),
        _end_of(q),
        classes,
        bool(classes) or any(w in low for w in _LINE_NEGATIVE + _LINE_APOLOGY),
        "apology" in classes or any(w in low for w in _LINE_APOLOGY),
        any(w in _without(low, _LINE_APOLOGY) for w in _LINE_INABILITY),
    )


def _without(low: str, words: tuple[str, ...]) -> str:
    """The line without these words ("申し訳ありません" says no "ません" of inability)."""
    for w in words:
        low = low.replace(w, " ")
    return low


def _renders(text: str, line: _Line, ends: bool = True) -> bool:
    """Whether `text` is the line rendered: in another script, about as long, with its slots and
    numbers and none of its own, a question where the line is one (with `ends`)."""
    script = script_of(text)
    if script is None or (script == "han" and line.script == "kana"):
        return False
    if script == line.script and not (script == "latin" and _another_latin_language(text, line)):
        return False
    size = size_of(text)
    if line.size >= SHORT_SIZE:
        if not LEAST * line.size <= size <= MOST * line.size:
            return False
    elif size > MOST * SHORT_SIZE:
        return False
    if _slots(text) != line.slots or _NOT_A_LINE.search(text) is not None:
        return False  # (numbers of its own; code, a link: an answer about the line)
    return not ends or (_end_of(text) == "ask") == (line.end == "ask")


_LETTERS = re.compile(r"[^\W\d_]{3,}")


def _another_latin_language(text: str, line: _Line) -> bool:
    """Whether a Latin text is an English line said in another Latin language: the line reads
    as English (an English small word, or a slot or a number to keep, which `_renders` asks be
    kept: "Fehler 429: Kontingent überschritten"; a bare "Seite nicht gefunden" may be any
    language's line), the text has letters with marks the line has none of, no English small
    word, and at most half of the line's words kept (a name, "error")."""
    if not line.text.isascii() or text.isascii():
        return False
    if not line.slots and english_markers(line.text.lower()) == 0:
        return False
    if english_markers(text.lower()) > 0:
        return False
    words = set(_LETTERS.findall(line.text.lower()))
    kept = words & set(_LETTERS.findall(text.lower()))
    return 2 * len(kept) <= len(words)


def rendered_line(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """The request is a bare line that says a failure itself, and the reply is that line
    rendered in another script: its failure words are the line's, declining only where the
    line declines."""
    question = r.raw_question
    if not question or len(r.text) > LINE_CHARS * 3:
        return ()
    line = bare_line(question, r.lexicon)
    if line is None and (script_of(r.text) in _LINE_SCRIPTS or not r.text.isascii()):
        line = latin_line(question, r.lexicon)  # (an app's Latin string, in another language)
    if line is None or not line.negative:
        return ()
    text = r.text.strip()
    if text.count("\n") > line.text.count("\n") or not _renders(text, line):
        return ()  # (a rendering has the line's lines)
    if line_chatter_words(text, line) is not None:
        return ()
    if _ASSISTANT.search(text) is not None:
        return ()  # (an assistant declining the request: "I'm sorry, I can't assist with that.")
    kinds = {name for name, _, _, _ in r.hits}
    if (kinds & _MACHINE_KINDS) - line.classes:
        return ()  # (a machine's failure the line does not name: "Error: rate limit exceeded")
    if ("apology" in kinds and not line.apology) or (_CANNOT.search(text) and not line.inability):
        return ()  # (an apology or a refusal where the line says none)
    said = f"{line.script} line -> {script_of(text)}, {line.end}"
    return (Signal("rendered_line", -w["rendered_line"], said),)


def line_chatter_words(text: str, line: _Line) -> str | None:
    """The words in which a reply to a bare line speaks about the translation or the line,
    after the rendering, before it or in its place; None where a class's words are the line's
    own."""
    low_line = line.text.lower()
    for name, pattern in _CHATTER.items():
        if any(w in low_line for w in _OWN.get(name, ())):
            continue  # (the line holds a note, a hope: its rendering says it)
        m = pattern.search(text)
        if m is None:
            continue
        before = text[: m.start()].strip().rstrip("([").strip()
        if before and script_of(before) == line.script and len(before) <= len(line.text) + 4:
            before = ""  # (the line quoted, then words about it: "「レイラ」 is a name")
        after = text[m.end() :].strip()
        if name == "lead_in":
            return m.group(0) if _renders(after, line, ends=False) else None
        if before and _renders(before, line, ends=False):
            return m.group(0).strip()
        if not before and name == "source" and len(text) <= LINE_CHARS * 2:
            return m.group(0)  # ("The text you provided appears to be a name.")
    return _about_in_line_language(text, line)


# Words in the line's own language about the line ("この文は…という意味です", "这句话的意思是").
_ABOUT_IN_LINE = re.compile(
    "|".join(f"(?:{p})" for ps in _DATA.get("in_line_language", {}).values() for p in ps) or "(?!)",
    re.IGNORECASE,
)


def _about_in_line_language(text: str, line: _Line) -> str | None:
    """A reply in the line's own script that speaks about the line instead of rendering it,
    to a line that asks nothing and says no such words itself."""
    if len(text) > LINE_CHARS * 2 or line.end == "ask" or script_of(text) != line.script:
        return None
    if any(w in line.text.lower() for w in _LINE_ABOUT) or _ABOUT_IN_LINE.search(line.text):
        return None  # (a line that asks what a text means, or speaks of one itself)
    m = _ABOUT_IN_LINE.search(text)
    return m.group(0) if m is not None else None


def may_fire(text: str, low: str, lexicon: Lexicon) -> bool:
    """Whether a reply may hold chatter about a translation (`quick_clear`): one of its words."""
    if len(text) > LINE_CHARS * 4:
        return False
    if not _KEYS.found(low):
        return _ABOUT_IN_LINE.search(text) is not None
    if any(
        gate.may_match(text, low) and gate.pattern.search(text) is not None
        for gate in _CHATTER_GATES
    ):
        return True
    return _ABOUT_IN_LINE.search(text) is not None


def line_chatter(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """The request is a bare line, and the reply speaks about the translation or the line
    (a translator's note, the original's words, a sign-off, a lead-in), beside the rendering or
    in its place: a model's words in the translated text."""
    question = r.raw_question
    if not question or len(r.text) > LINE_CHARS * 4:
        return ()
    line = bare_line(question, r.lexicon)
    if line is None:
        return ()
    found = line_chatter_words(r.text.strip(), line)
    if found is None:
        return ()
    return (Signal("line_chatter", w["line_chatter"], found[:60]),)
