"""The signal of a reply in a language its request was not written in: a task written wholly in
Korean or Japanese ("SNS의 ... 해결 방안을 상세히 제시해 주세요", "太平洋戦争の経緯について述べて
ください") answered wholly in English prose. The asker reads the language they wrote; a model that
drops to English (a stock English refusal, an essay in English) has not produced the answer asked
for.

Not read where English is asked or allowed (the request or system prompt names English, a
translation, a language), nor to a reply that is code (a program answers in its own language),
nor to a request written mostly in Latin letters (a Korean line around an English passage), nor
to a reply about the request's size (a subtitle line rendered: "今日は天気がいいですね。" ->
"The weather is nice today, isn't it?").
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

from tether.reliability.function_words import english_markers
from tether.reliability.lexicon import SHIPPED, field_alternation
from tether.reliability.rendering_signals import MOST, script_counts, script_of, size_of
from tether.reliability.reply import Reply, Signal

_DATA: Mapping[str, Any] = SHIPPED.get("answer_language", {})

# The scripts of the requests read: no asker writes them expecting English back.
_READ_SCRIPTS = frozenset(("hangul", "kana"))
# The words of a request that allow a reply in English (English named, a translation asked).
_ALLOWS_ENGLISH = re.compile(field_alternation(_DATA, "allows_english"), re.IGNORECASE)
# A line of code: a keyword that opens it, or a brace or semicolon that ends it (anchored).
_CODE_LINE = re.compile(
    rf"```|^\s*(?:{field_alternation(_DATA, 'code_openings')})\b|[;{{]\s*$", re.MULTILINE
)
# The reply holds this many Latin letters at least (a paragraph: a line or two may be a
# request's line rendered) and this many English small words.
LATIN_LETTERS = 120
ENGLISH_WORDS = 2
# A reply may quote a term of the request in its script ("三位一体改革"): a letter in this many.
QUOTED_SHARE = 40
# How much of a request and a reply is read.
READ_CHARS = 4000


def wrong_language(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """A Korean or Japanese task answered in English prose, quoting at most a term of the
    request in its script."""
    question = r.raw_question[:READ_CHARS]
    if question.isascii():  # (most requests: no script to count)
        return ()
    script = script_of(question)
    if script not in _READ_SCRIPTS or r.after_tools:
        return ()
    asked = script_counts(question)
    if asked["hangul"] + asked["kana"] + asked["han"] < asked["latin"]:
        return ()
    head = r.text[:READ_CHARS]
    counts = script_counts(head)
    quoted = counts["hangul"] + counts["kana"] + counts["han"]
    if counts["latin"] < LATIN_LETTERS or quoted * QUOTED_SHARE > counts["latin"]:
        return ()
    if size_of(head) <= MOST * size_of(question):
        return ()  # (about the request's size: it may be the request rendered, as a subtitle is)
    if english_markers(head.lower()) < ENGLISH_WORDS or _CODE_LINE.search(head):
        return ()
    if _ALLOWS_ENGLISH.search(question) or _ALLOWS_ENGLISH.search(r.system[:READ_CHARS]):
        return ()
    evidence = f"{script} request: {head.strip()[:60]}"
    return (Signal("wrong_language", w["wrong_language"], evidence),)
