"""The signal of a reply that talks about the request instead of doing it: a tool asks a model to
translate, summarise, rewrite, correct or extract a text, and the reply is a line about that text
in place of the transform (`speaks_of_request`). It says the text is missing or empty ("There is
no text to summarize.", "您没有提供需要翻译的内容"), asks for it ("Please provide the text you
want me to translate.", "翻訳するテキストを入力してください"), says its state ("It seems your
message is incomplete", "Der Text ist bereits auf Englisch."), asks for context to do it ("I need
more context to translate this."), says what the tool only does ("Sorry, I can only translate
text."), or is a lead-in with nothing after it ("Here is the translation:").

The request is what makes it a failure: it is a transform (an imperative to translate, summarise,
rewrite, proofread, correct, extract ..., in any of a dozen languages, or a translation tool's
system prompt). A reply to a chat question that asks for more detail is an answer; so is a reply
to a request that itself holds such a line (a UI string "Please provide the text to translate"
given to be translated: its rendering says the same), and one to a request that names a UI
string, a label or an app's message to translate (its rendering may be such a line), unless the
string given holds no word about text ("Settings": its rendering is no such line). Where no
transform is asked, a reply that names the transform and states what the text is or needs
("This text does not require translation as it is in English.") is read all the same: a model's
reply to a translation call, committed or passed on as the rendering; one that asks for the text
is left (to a chat question, the right reply), unless the request is itself the text: a source
line or a page a pipeline sent with its instruction in a system prompt ("前言", "## Install"),
whose first line asks nothing and speaks to no one. A reply that asks the requester for a text
there, or says none was given, in a line or two ("Please provide the text you would like me to
translate.", "It seems you haven't pasted the Markdown content") asks for what it was given. No
request, no reading.

The words, of the reply and of the request, are data (`judge_signals.json`: `transform_meta`),
by language. The reply's words about the text are classes (`meta`), each naming its gate: the
substrings one of which every match holds, its patterns read only where the text holds one (or
its terms, phrases that are their own gate); a class added there, in a language the shipped data
lacks, is read with the others. Language names are `language_names`' one table.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from tether.reliability import keyed
from tether.reliability.language_names import LANGUAGE_NAMED, spaced
from tether.reliability.lexicon import SHIPPED, Lexicon, listed_group
from tether.reliability.once import kept
from tether.reliability.refusal_grammar import AS_MODEL_ANY
from tether.reliability.reply import HIT_WINDOW, Reply, Signal

_DATA: Mapping[str, Any] = SHIPPED.get("transform_meta", {})
# (never matches: a list left empty)
_NONE = "(?!)"


def _alternatives(by_language: Mapping[str, Iterable[str]]) -> str:
    """A list by language (`transform_meta`'s) as one alternation, its fragments in order."""
    return "|".join(str(w) for words in by_language.values() for w in words) or _NONE


def _words(by_language: Mapping[str, Iterable[str]]) -> str:
    """A list by language as one alternation: whole words where their script spaces words
    (`language_names.spaced`), the others (Chinese, Japanese, Korean) anywhere."""
    items = [str(w) for words in by_language.values() for w in words]
    wide = [w for w in items if spaced(w)]
    parts = [r"\b(?:" + "|".join(wide) + r")\b"] if wide else []
    return "|".join(parts + [w for w in items if not spaced(w)]) or _NONE


# A transform asked for: an imperative at a line's or a sentence's start, up to two polite words
# then its verb ("Translate this ...", "Please summarize ...", "Could you rewrite ...",
# "Übersetze ...", "Переведите ..."), or the Chinese, Japanese or Korean verb in its asking form
# ("翻译成英文", "请总结", "要約してください", "번역해 주세요").
_ASKS = re.compile(
    r"(?:^|[.!?:;]\s+)[\W\d_]{0,6}(?:(?:"
    + _alternatives(_DATA.get("asks", {}).get("polite", {}))
    + r")[,\s]+){0,2}(?:"
    + _alternatives(_DATA.get("asks", {}).get("verbs", {}))
    + r")\b|"
    + _alternatives(_DATA.get("asks", {}).get("forms", {})),
    re.IGNORECASE | re.MULTILINE,
)
# A system prompt of a translation or summary tool: the user's message is the text ("You are a
# translation engine. Translate the user's text into Chinese.").
_TOOL = re.compile(_words(_DATA.get("tool", {})), re.IGNORECASE)
# A request that names a UI string, a label or an app's message to render: its rendering may
# itself be a line about text ("Please enter the text to translate").
_APP_TEXT = re.compile(_words(_DATA.get("app_text", {})), re.IGNORECASE)


@dataclass(frozen=True)
class MetaClass:
    """A class of the reply's words about the text (`judge_signals.json`'s `transform_meta`,
    `meta`): read only where the lowered text holds one of its `gate` substrings."""

    name: str  # "<language>.<class>"
    gate: tuple[str, ...]
    pattern: re.Pattern[str]


def meta_classes(meta: Mapping[str, Mapping[str, Mapping[str, Any]]]) -> tuple[MetaClass, ...]:
    """The classes of `meta` (language -> class name -> its `gate` and `patterns`, or its
    `terms`), in their order. A class of regexes names its gate (substrings, lowered, one of
    which every match holds); a class of terms (phrases) is gated by its terms themselves."""
    classes = []
    for language, named in meta.items():
        for name, spec in named.items():
            terms = [str(t).lower() for t in spec.get("terms", ())]
            patterns = [str(p) for p in spec.get("patterns", ())]
            gate = [str(g).lower() for g in spec.get("gate", ())]
            if terms:
                patterns.append(
                    "|".join(
                        (r"\b" if t[:1].isascii() and t[:1].isalnum() else "") + re.escape(t)
                        for t in terms
                    )
                )
                gate += terms
            if not patterns:
                continue
            if not gate:
                raise ValueError(f"transform_meta class {language}.{name} names no gate")
            joined = "|".join(f"(?:{p})" for p in patterns)
            classes.append(
                MetaClass(
                    f"{language}.{name}",
                    tuple(gate),
                    re.compile(joined, re.IGNORECASE | re.MULTILINE),
                )
            )
    return tuple(classes)


def meta_keys(data: Mapping[str, Any]) -> tuple[str, ...]:
    """The substrings (lowered) one of which a reply about the text holds: the section's `keys`,
    and each class's own `keys`."""
    keys = [str(k).lower() for k in data.get("keys", ())]
    specs = [spec for named in data.get("meta", {}).values() for spec in named.values()]
    for spec in [data.get("speaks_as_ai", {}), *specs]:
        keys += [str(k).lower() for k in spec.get("keys", ()) if str(k).lower() not in keys]
    return tuple(keys)


def speaks_as_ai(spec: Mapping[str, Any]) -> tuple[MetaClass, ...]:
    """The class of a reply whose speaker names itself an AI ("As an AI language model, I cannot
    translate ..."): `refusal_grammar`'s words of it, every language's (one home for them:
    a word learned by a reader of refusals is learned here), read where the lowered text holds
    one of the section's `gate` substrings."""
    gate = tuple(str(g).lower() for g in spec.get("gate", ()))
    return (MetaClass("any.speaks_as_ai", gate, AS_MODEL_ANY),) if gate else ()


# The reply's words about the text in place of the transform, by language and class.
_ALL_CLASSES = meta_classes(_DATA.get("meta", {})) + speaks_as_ai(_DATA.get("speaks_as_ai", {}))
# The classes read only where the request is itself the text (`given_only`): their words ask
# for a text whatever it is named ("the Markdown chunk you'd like me to translate"), the right
# question where a request asks a transform and gives no text ("Write a summary of the meeting").
_GIVEN_ONLY = frozenset(str(n) for n in _DATA.get("given_only", ()))
_META_CLASSES = tuple(c for c in _ALL_CLASSES if c.name.split(".", 1)[1] not in _GIVEN_ONLY)
# The classes read where the request is itself the text to render (`given`): a line that asks
# the requester for the text or says none was given ("Please provide the text you would like me
# to translate.", "It seems you haven't pasted the Markdown content"), to a request that is a
# source line or a page, sent by a pipeline whose instruction was in a system prompt.
_GIVEN_NAMES = frozenset(str(n) for n in _DATA.get("given", ()))
_GIVEN_CLASSES = tuple(c for c in _ALL_CLASSES if c.name.split(".", 1)[1] in _GIVEN_NAMES)


# The classes read in one of the last lines of a long rendering (`appended_request_signals`): a
# line that asks for the text or says none was given ("请提供您需要翻译的文本", "You did not
# provide any text to translate"), not one that states what the text is (a rendering's own line).
_APPENDED_NAMES = frozenset(str(n) for n in _DATA.get("appended", ()))
_APPENDED_CLASSES = tuple(c for c in _ALL_CLASSES if c.name.split(".", 1)[1] in _APPENDED_NAMES)


def meta_search(text: str, classes: tuple[MetaClass, ...] = _META_CLASSES) -> re.Match[str] | None:
    """The first match in `text` of the words of `classes` (at one position, the first class's),
    each class read only where the text holds one of its gate substrings."""
    low = text.lower()
    best: re.Match[str] | None = None
    for cls in classes:
        for g in cls.gate:  # (a loop: most classes find none of their gates)
            if g in low:
                break
        else:
            continue
        m = cls.pattern.search(text)
        if m is not None and (best is None or m.start() < best.start()):
            best = m
    return best


# A lead-in to a transform with nothing after it: the whole reply ("Here is the translation:",
# "翻译如下\uff1a", "Voici la traduction :").
_LEAD_IN = re.compile(
    r"(?:(?:"
    + _alternatives(_DATA.get("lead_in", {}).get("ok", {}))
    + r")[!.,\uff0c、]?\s*)?(?:"
    + _alternatives(_DATA.get("lead_in", {}).get("phrases", {}))
    + r")\s*[:\uff1a]?\s*",
    re.IGNORECASE,
)
# A reply that only promises or offers the transform, and ends there ("Sure, I'd be happy to
# translate that for you!", "好的 我来帮你翻译", "Конечно, я переведу этот текст."): the whole
# reply, one sentence or two.
_PROMISE = re.compile(
    r"(?:(?:"
    + _alternatives(_DATA.get("promise", {}).get("ok", {}))
    + r")[!.,\uff0c\u3001\uff01\u3002\s]*)?(?:"
    + _alternatives(_DATA.get("promise", {}).get("phrases", {}))
    + r")[.!\u3002\uff01\s]*",
    re.IGNORECASE,
)
PROMISE_CHARS = 120
# The words of a line that says the transform failed or cannot be done.
_FAILED = re.compile(_alternatives(_DATA.get("failed", {})), re.IGNORECASE)
# A line saying the transform failed that goes on to do it after all ("I couldn't translate it
# word for word, but it means ...").
_GOES_ON = re.compile(_words(_DATA.get("goes_on", {})), re.IGNORECASE)
# A meta-reply is a short reply, and says so near its start.
META_CHARS = 320
META_AT = 200
LEAD_IN_CHARS = 16
# After a colon, this much text is the transform itself ("Here's the translation: ...").
RENDERED_AFTER = 12
# A line of a list (a step, an item): a reply of several is an answer, not a line about the text.
_STEP = re.compile(r"^\s*(?:\d{1,2}[.)]|[-*\u2022])\s+\S", re.MULTILINE)
STEPS = 2
_COLON_TAIL = re.compile(r"[:\uff1a]\s*(\S.*)$", re.DOTALL)
# Cheap substrings one of which a meta-reply holds (lowered): `may_fire` reads no regex without.
_KEYS = meta_keys(_DATA)


# A request that names a transform, as a verb or a noun, anywhere ("Help me translate this
# paragraph", "Text to translate: ...", "EN->ZH translation", "TL;DR of the post", "润色一下",
# "Übersetzung ins Deutsche"): read with a reply about the text, when the request reports no
# failure (a bug report names the transform it saw fail).
_NAMES = re.compile(_words(_DATA.get("names", {})), re.IGNORECASE)


def asks_for_text(line: str) -> str | None:
    """The words in which a line asks for the text to transform or says none was given, and
    names the transform ("请提供您需要翻译的文本", "You did not provide any text to
    translate."), or None: a model's reply to an empty request, wherever it was written."""
    m = meta_search(line, _APPENDED_CLASSES)
    if m is None or _FAILED.search(m.group(0)) is not None or _NAMES.search(line) is None:
        return None
    return m.group(0)


# The stems of `names` that are plain words (a fragment's trailing `\w*` left off: "translat",
# "翻译"): substring keys (`keyed.holds`), a cheap test of a lowered text before `_NAMES` (a
# regex of the ~40 literals cost ~1.2 us on a reply's last 80 characters, the scans ~0.5).
_STEMS = keyed.split_keys(
    tuple(
        sorted(
            {
                stem
                for words in _DATA.get("names", {}).values()
                for w in words
                if re.fullmatch(r"[^\\()\[\]?*+;|.]+", stem := str(w).removesuffix("\\w*"))
            }
        )
    )
)


def may_name_transform(low: str, start: int = 0) -> bool:
    """Whether a lowered text (from `start`) may name a transform ("translat", "翻译"): cheap,
    literals only; `asks_for_text` reads the words."""
    return keyed.holds(low[start:] if start else low, _STEMS)


@lru_cache(maxsize=64)
def transform_asked(question: str, system: str, lexicon: Lexicon | None = None) -> bool:
    """Whether the request asks for a given text transformed (translated, summarised, rewritten,
    corrected, extracted): an imperative in its last user message, or a transform named in a
    request that reports no failure (with `lexicon`), or a translation or summary tool's system
    prompt (the user's message is then the text). Kept: every attempt at one request reads the
    same question."""
    if question and _ASKS.search(question[:2000]) is not None:
        return True
    if (
        question
        and lexicon is not None
        and _NAMES.search(question[:1000]) is not None
        and not lexicon.hits(question[:1000].lower(), HIT_WINDOW)
    ):
        return True
    return bool(system) and _TOOL.search(system[:2000]) is not None


def meta_words(text: str) -> str | None:
    """The words in which a short reply speaks of the text it was to transform in place of
    transforming it (`meta_words_of` the classes read whatever the request)."""
    return meta_words_of(text, given=False)


# A short reply is read by `may_fire` (from `quick_clear`) and then by `speaks_of_request`: its
# words are read once, the second reading gets the first's answer (a few texts kept: one reply
# is read by both in a row).
@lru_cache(maxsize=16)
def meta_words_of(text: str, given: bool) -> str | None:
    """The words in which a short reply speaks of the text it was to transform in place of
    transforming it (missing, empty, incomplete, already in the language, asked for, a lead-in
    with nothing after it), or None; `given`: the words of the classes read where the request is
    itself the text (`_GIVEN_CLASSES`)."""
    text = text.strip()
    if not text or len(text) > META_CHARS:
        return None
    low = text.lower()
    if not any(k in low for k in _KEYS):
        return None
    if len(_STEP.findall(text)) >= STEPS:
        return None  # (steps or items: "1. Open DeepL. 2. Upload the document you'd like ...")
    if _LEAD_IN.fullmatch(text) is not None:
        # (a lead-in: with its colon, or said in words; not a bare noun, "Summary", which may
        # be the text rendered)
        return text if text[-1] in ":\uff1a" or len(text) >= LEAD_IN_CHARS else None
    if len(text) <= PROMISE_CHARS and _PROMISE.fullmatch(text) is not None:
        return text
    last = _last_sentence(text)
    if last is not None and _LEAD_IN.fullmatch(last) is not None:
        return last  # ("It seems you want it in French. Here's the translation:" and no more)
    m = meta_search(text[:META_AT], _GIVEN_CLASSES if given else _META_CLASSES)
    if m is None:
        return None
    if _FAILED.search(m.group(0)) is not None and _GOES_ON.search(text, m.end()) is not None:
        return None  # ("I couldn't translate it word for word, but it means ...")
    tail = _COLON_TAIL.search(text, m.end())
    if tail is not None and len(tail.group(1)) >= RENDERED_AFTER:
        return None  # ("The text is already in English; a smoother version: ...")
    return m.group(0)


# Where a reply's last sentence starts: after a sentence's end or a line break.
_SENTENCE_END = re.compile(r"(?:[.!?\u3002\uff01\uff1f]\s+|\n\s*)(?=\S)")


def _last_sentence(text: str) -> str | None:
    """The last sentence of a reply of several that ends on a colon (a lead-in, when it is one,
    with nothing after it: the artifact it announces is missing), or None."""
    if text[-1] not in ":\uff1a":
        return None
    ends = [m.end() for m in _SENTENCE_END.finditer(text)]
    return text[ends[-1] :] if ends else None


def may_fire(text: str, low: str, lexicon: Lexicon) -> bool:
    """Whether a short reply may be a line about the request's text (`quick_clear`): its words
    are read by `meta_words` (the request is read by the signal)."""
    return len(text) <= META_CHARS and meta_words(text) is not None


@kept
def speaks_of_request(r: Reply) -> str | None:
    """The reply's words about the text a transform request gave, said in place of the
    transform, or None (`transform_meta`; `rendering_signals.rendered` takes no such reply for
    the text rendered)."""
    return _speaks_of_request(r)


# The classes read where no transform is asked (`unasked`): a line that states what the text
# is or needs ("does not require translation", "already in English", "no text to translate"),
# not one that asks for it.
_UNASKED_NAMES = frozenset(str(n) for n in _DATA.get("unasked", ()))
_UNASKED = tuple(c for c in _META_CLASSES if c.name.split(".", 1)[1] in _UNASKED_NAMES)


# The classes read where the reply names no transform either, to a task of its own: what it
# says of a text (none there, empty, the input named, spoken as or made a chat topic) is about
# a text no one gave here, a pipeline's call answered; not an AI's words of its limits, which a
# reply to any task may hold (on the check set, as many answers as failures), nor its "nothing
# to fix": with no transform named, a review's finding ("I reviewed the three changed files and
# found nothing to fix").
_UNNAMED = tuple(
    c for c in _UNASKED if c.name.split(".", 1)[1] not in ("speaks_as_ai", "nothing_to_transform")
)
# The classes but the speaker naming itself an AI ("As an AI, I can translate ..."): to a
# question put to the assistant ("Do you know how to speak German?": a question that
# addresses it, `_ASKS_ASSISTANT`), that is its answer; to one about a picture, no answer.
_NOT_AS_AI = tuple(c for c in _UNASKED if not c.name.endswith(".speaks_as_ai"))
_ASKS_ASSISTANT = re.compile(
    listed_group(SHIPPED.get("asked_of_assistant", {}), "words"), re.IGNORECASE
)
# A request that asks a question or for help: a reply may rightly ask it for the material.
_ASKS_HELP = re.compile(r"[?\uff1f]|\bhelp\b|帮", re.IGNORECASE)


def _unasked_meta(text: str, question: str) -> str | None:
    """A line about a transform where the request asks none: a model's reply to a translation
    or summary call, committed or passed on as the rendering ("This text does not require
    translation as it is in English.", "Here is the translation:"). Read where the line names
    the transform itself, states what the text is or needs or leads in to nothing, the request
    names none (a thread about a translator speaks of its translations), and the line is not a
    notice that it failed (a tool's error notice, read by the vocabulary). To a task of its own
    (no question, no plea for help), also a line that asks for the text to transform, naming
    it ("请提供您需要翻译的英文文本"), and one that names no transform but states what the
    text is (`_UNNAMED`): each answers another call, a pipeline's."""
    if _NAMES.search(question[:1000]) is not None:
        return None
    words = meta_words(text)
    if words is None or _FAILED.search(words) is not None:
        return None
    if _NAMES.search(text) is None:
        if _ASKS_HELP.search(question[:1000]) is not None:
            return None
        return words if meta_search(words, _UNNAMED) is not None else None
    if _LEAD_IN.fullmatch(words) is None and meta_search(words, _UNASKED) is None:
        # (it asks for the text or for detail: the right reply to a chat question or a plea for
        # help; to a task of its own, a request for the text to translate answers another call,
        # a pipeline's with no text, committed where the rendering should be)
        if _ASKS_HELP.search(question[:1000]) is not None:
            return None
        return asks_for_text(text)
    if (
        _LEAD_IN.fullmatch(words) is None
        and _ASKS_HELP.search(question[:1000]) is not None
        and _ASKS_ASSISTANT.search(question[:1000]) is not None
        and meta_search(words, _NOT_AS_AI) is None
    ):
        return None  # (a question put to the assistant: its words as an AI may answer it)
    return words


# The words by which a text speaks to its reader ("you", "please", "请", "ください").
_ADDRESSED = re.compile(_words(_DATA.get("addressed", {})), re.IGNORECASE)
# What a reply asks for, where the request is the text: a text by name ("the text", "the
# Markdown content", "文本"), or the transform itself ("to translate"), not a log or a message.
_GIVEN_OBJECT = re.compile(_words(_DATA.get("given_objects", {})), re.IGNORECASE)
# An instruction that points at a text it was to hold ("the given text", "给定的文本", "次の文章"):
# a task that lacks its text, where asking for it is the right reply ("Classify the given text
# as expository or narrative." -> "You have not provided the text.").
_POINTS_TO_TEXT = re.compile(
    "(?:"
    + _words(_DATA.get("points_to_text", {}))
    + r")[^\n.?!\u3002\uff1f\uff01]{0,16}?(?:"
    + _words(_DATA.get("given_objects", {}))
    + ")",
    re.IGNORECASE,
)
# The words by which a reply speaks as the assistant ("I", "我", "私").
_SPEAKER = re.compile(_words(_DATA.get("speaker", {})), re.IGNORECASE)
# A question, anywhere in a line.
_QUESTION = re.compile(r"[?\uff1f]")
# A reply that names a file, a command or a link speaks of a repository, not of a text.
_NAMES_A_THING = re.compile(r"`|https?://|\b[\w-]+\.(?:py|js|ts|json|html|md|ya?ml|txt|csv)\b")
# The request's first line, where a message to the assistant says what it asks.
GIVEN_LEAD = 200
# A reply of more lines than this holds more than a request for the text.
GIVEN_LINES = 4
# A request of at most this many words that ends in a colon is a label, not an announcement.
LABEL_WORDS = 3


def is_given_text(question: str) -> bool:
    """Whether the request is a text given to render, not a message to the assistant: its first
    line asks nothing and speaks to no one ("前言", "## Installation", "Welcome to our site"),
    it does not end announcing a text to follow ("Fix these failures:"), and it points at no
    text it was to hold ("Classify the given text ...": an instruction that lacks its text)."""
    q = question.strip()
    if not q or (q[-1] in ":\uff1a" and len(q.split()) > LABEL_WORDS):
        return False  # (a label ending in a colon, "跑出来:", "Usage:", is a text)
    first = q.split("\n", 1)[0][:GIVEN_LEAD]
    if _POINTS_TO_TEXT.search(first) is not None:
        return False  # (an instruction that lacks its text: "将给定的文本归类为说明文或叙述文。")
    return _QUESTION.search(first) is None and _ADDRESSED.search(first) is None


def _asks_for_given(text: str, question: str) -> str | None:
    """A reply that asks the requester for the text, or says they gave none, where the request
    is that text: it speaks to the requester, names no file, command or link, and is no notice
    that a transform failed; the text given says no such line itself."""
    words = meta_words_of(text, given=True)
    if words is None or _FAILED.search(words) is not None or _NAMES_A_THING.search(text):
        return None
    if sum(1 for line in text.splitlines() if line.strip()) > GIVEN_LINES:
        return None  # (a table, a letter: more than a line or two to the requester)
    if meta_search(text[:META_AT], _GIVEN_CLASSES) is None:
        return None  # (a lead-in or a promise alone is read where a transform was asked)
    if _GIVEN_OBJECT.search(text) is None and _NAMES.search(text) is None:
        return None  # ("Could you share the full message?": a log, an error, a detail)
    if _ADDRESSED.search(text) is None and _SPEAKER.search(text) is None:
        return None  # (a line of an answer: "这道题目没有给出具体的选项内容")
    if not is_given_text(question) or meta_search(question[:4000]) is not None:
        return None
    return words


# A reply that asks which language to render into ("Which language would you like it translated
# into?", "翻译成什么语言"), and a request that names one (`language_names.LANGUAGE_NAMED`): asked
# what it said, a failure; to a request that names none, the right question.
_ASKS_LANGUAGE = re.compile(_alternatives(_DATA.get("asks_language", {})), re.IGNORECASE)


# Where the text given to render starts: after the request's first colon or line break.
_GIVEN = re.compile(r"[:\uff1a\n]\s*(\S.*)", re.DOTALL)


def _may_speak_of_text(question: str) -> bool:
    """Whether the string a request gives to render holds a word a line about text holds
    (`keys`): without one ("Settings", "{"save": "Save"}"), its rendering is no such line, and
    a reply that is one speaks of the request."""
    given = _GIVEN.search(question[:2000])
    low = (given.group(1) if given is not None else question[:2000]).lower()
    return any(k in low for k in _KEYS)


def _speaks_of_request(r: Reply) -> str | None:
    question = r.raw_question
    if not question:
        return None
    if len(r.text) > META_CHARS + 40:
        return None
    if not transform_asked(question, r.system, r.lexicon):
        return _unasked_meta(r.text, question) or _asks_for_given(r.text, question)
    words = meta_words(r.text)
    if words is None:
        return None
    if meta_search(question[:4000]) is not None or _LEAD_IN.fullmatch(question.strip()):
        return None  # (the text given says such a line itself: its rendering says it too)
    if _APP_TEXT.search(question[:600]) is not None and _may_speak_of_text(question):
        return None  # (an app's string to render: its rendering may be such a line)
    if _ASKS_LANGUAGE.search(words) is not None and LANGUAGE_NAMED.search(question) is None:
        return None  # (which language, to a request that named none: the right question)
    return words


def transform_meta(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """The request asks for a text transformed (translate, summarise, rewrite, correct,
    extract), and the short reply talks about that text instead: it is missing or empty, it is
    incomplete, it is already in the language asked for, please provide it, more context is
    needed, only text can be translated, or "Here is the translation:" with nothing after it.
    A tool's stand-in (or a model's) in place of the transform."""
    found = speaks_of_request(r)
    if found is None:
        return ()
    return (Signal("transform_meta", w["transform_meta"], found[:60]),)
