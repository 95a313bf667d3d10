"""A reply that stops inside a clause: the stream or the token limit cut it, and the client
passed on what came as if the turn had ended ("Hello! How can I", "... the actual number is
likely to be complex and variable, and", "Which of the following is a function of the").

An English sentence cannot end on an article, a possessive or a conjunction: what comes after
it was never written. A writer's line that ends without its stop still ends on a word that can
close it (a name, a noun, a preposition: "for" in "what I'm looking for", "of" in "what it is
made of"). Nothing in the words says a failure, so the prose before the cut outweighs every
other signal; this reading outweighs it back: whatever the partial answer said, it is no
answer. A text with a writer's markup (a code span, a link, a heading) is left alone: a person
wrote it, and a quote or an excerpt may cut it anywhere.

A model's prose cut at its token limit stops on any word ("... has been an incredible
experience", "... Additionally, I will"): the last word alone cannot tell it from a writer who
drops the final stop. The layout can (`stops_mid_sentence`): a reply of a token limit's length
(hundreds of tokens) whose every earlier line of prose ends on its stop, as a model writes them,
and whose last line is a sentence of its own that runs on into nothing, in lower case. A writer
who leaves the last stop out leaves others out too; a sign-off, a link, a heading, a quote or
code is no sentence cut (a list item is, when it runs on as one). Code cut at the limit stops
inside its fence, never closed, on a statement left open (`stops_mid_code`: "    snake.direction
=", "return b[i] + a[i] +").
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

from tether.reliability.lexicon import SHIPPED, Lexicon
from tether.reliability.notice_layout import LIST_ITEM
from tether.reliability.once import last_read
from tether.reliability.reply import Reply, Signal
from tether.reliability.text_shape import FENCED_BLOCK
from tether.reliability.words import CJK

# Words no English sentence ends on: what they open (a noun, a clause, an object) is missing.
_OPENING = frozenset(("the", "a", "an", "my", "your", "our", "their", "and", "or", "but"))
_OPENING |= frozenset(("because", "whose", "whether", "i"))
# ("of" is left out: a preposition may close a sentence, "what it is made of".)
# Words that tell an English tail from another language's, whose short words ("a", "i")
# end sentences ("Đợi đến ngày hôm sau và thử lại", "dejó de funcionar ... a").
_ENGLISH = frozenset(
    ("the", "a", "an", "is", "are", "was", "were", "of", "to", "in", "and", "that", "it", "for")
) | frozenset(("on", "with", "as", "be", "this", "you", "i", "how", "can", "so", "my", "we"))
# "better than I", "as well as I": "I" closes a comparison.
_CLOSES_AFTER_I = frozenset(("than", "as"))
# A writer's markup (a code span, a link, a heading): a text a person wrote, which a collector
# or a quote may have cut anywhere; a model cut by its token limit writes on in plain prose.
_WRITER_MARKUP = re.compile(r"`|https?://|^#+ ", re.M)
_WORD = re.compile(r"[^\W\d_]+(?:['\u2019][^\W\d_]+)?")
# The tail read: the last line's last words, where the cut is.
TAIL_CHARS = 200
_MIN_WORDS = 3


# A relative clause's start, its subject the relative word, stopped on its auxiliary ("People
# who are", "the files that were"): the verb or complement it takes never came.
_RELATIVE = frozenset(("who", "which", "that", "where", "when"))
_AUXILIARY = frozenset(("is", "are", "was", "were", "has", "have", "had"))
_AUXILIARY |= frozenset(("will", "can", "could", "would", "should", "must", "may", "might"))


# Other languages' words no sentence ends on ("und", "de", "que", "для"), and the common
# words that, with them, tell a tail of that language (`judge_signals.json`: `cut_words`).
_CUT_WORDS: Mapping[str, Any] = SHIPPED.get("cut_words", {})
_DANGLING: dict[str, frozenset[str]] = {
    language: frozenset(words) for language, words in _CUT_WORDS.get("dangling", {}).items()
}
_TELLING: dict[str, frozenset[str]] = {
    language: frozenset(words) | _DANGLING.get(language, frozenset())
    for language, words in _CUT_WORDS.get("telling", {}).items()
}
_DANGLING_ANY = frozenset().union(*_DANGLING.values())
# A Chinese or Japanese particle no sentence ends on ("和", "把", "を"), and the last
# characters they end on (the cheap test before `str.endswith`).
_UNSPACED_DANGLING = tuple(_CUT_WORDS.get("unspaced_dangling", ()))
_UNSPACED_ENDS = frozenset(word[-1] for word in _UNSPACED_DANGLING)
# A particle that closes a sentence in its place: after a predicate's end (the explanatory
# "の": "十分に速いの"; a casual request's "して": "結果を表示して"), or in a clause that
# holds a copula ("是…的": "答案是肯定的").
_CLOSING_AFTER: dict[str, frozenset[str]] = {
    particle: frozenset(ends)
    for particle, ends in _CUT_WORDS.get("unspaced_closing_after", {}).items()
}
_CLOSING_CLAUSE: dict[str, tuple[str, ...]] = {
    particle: tuple(words)
    for particle, words in _CUT_WORDS.get("unspaced_closing_clause", {}).items()
}
_UNSPACED_CLAUSE_BREAK = re.compile(r"[\u3002\uff01\uff1f\uff0c\u3001\uff1a,:]")
# A short request asking how a word is said or translated ("Wie sagt man 'and' auf Deutsch?"):
# the answer may end on that word ("und", "и"). Its words, or a single word it quotes.
_ASKS_FOR_WORD = tuple(_CUT_WORDS.get("asks_for_word", ()))
_QUOTED_WORD = re.compile(
    r"""(?:^|[\s(:])['"\u2018\u201c\u201e\u00ab][^\W\d_]+['"\u2019\u201d\u201c\u00bb]"""
)
WORD_QUESTION_WORDS = 12
# A list of words the last line ends on ("und, oder, aber, als", "和、与、以及、而"): its last
# item is a word listed, no clause cut. Its last items, each a word or two (a few characters
# in Chinese or Japanese, a title's marks aside), the last one word.
LIST_ITEMS = 3
LIST_ITEM_WORDS = 2
UNSPACED_ITEM_CHARS = 4
_TITLE_MARKS = "\u300a\u300b\u300c\u300d\u300e\u300f\u201c\u201d\"' "
_LABEL = re.compile(r"[:\uff1a]")


def ends_on_opening(text: str) -> bool:
    """Whether a text ends on a letter and its last word is one no sentence ends on (in English:
    `ends_on_english_opening`; in another language: `_DANGLING_ANY`, `_UNSPACED_DANGLING`), a
    cheap test of the last characters."""
    if not text or not text[-1].isalpha():
        return False
    if text[-1] in _UNSPACED_ENDS and text.endswith(_UNSPACED_DANGLING):
        return True
    if ends_on_english_opening(text):
        return True
    cut = text.rfind(" ", max(0, len(text) - 12))
    return cut >= 0 and text[cut + 1 :].lower() in _DANGLING_ANY


def ends_on_english_opening(text: str) -> bool:
    """Whether a text ends on a letter and its last word is one no English sentence ends on, or
    a relative word's auxiliary (a cheap test: the last twenty characters)."""
    if not text or not text[-1].isalpha():
        return False
    cut = text.rfind(" ", max(0, len(text) - 12))
    if cut < 0:
        return False
    word = text[cut + 1 :].lower()
    if word in _OPENING:
        return True
    if word not in _AUXILIARY:
        return False
    before = text.rfind(" ", max(0, cut - 8), cut)
    return before >= 0 and text[before + 1 : cut].lower() in _RELATIVE


def may_fire(text: str, low: str, lexicon: Lexicon) -> bool:
    """Whether the reply may stop inside a clause or a quotation (so that it is not cleared
    unread)."""
    return (
        ends_on_opening(text)
        or may_stop_mid_sentence(text)
        or _may_quote_open(text)
        or foreign_run_on(text) is not None  # (read whole: only when it reads a cut)
    )


# A quotation opened and never closed, the reply's end inside it ('Okay, I just said "This is a
# test', 'Llama stands for "Large Language'): words of letters only, two at least, after the
# opening mark, which follows a word (a sentence quotes). A quoted log's value ('request: "GET')
# is one word; a value after a key's colon ('"note": "the three files', a JSON object streamed
# and not yet whole) is data, not a sentence cut.
_OPEN_QUOTATION = re.compile(r'(?:^|(?<=[^\W\d_])\s)["\u201c]([^\W\d_][^"\u201c\u201d\n]*)$')
QUOTED_WORDS = 2


def _may_quote_open(text: str) -> bool:
    """A cheap test: the text ends on a letter, a quotation mark among its last characters."""
    if not text or not text[-1].isalpha():
        return False
    start = max(0, len(text) - TAIL_CHARS)
    return text.find('"', start) >= 0 or text.find("\u201c", start) >= 0


def open_quotation(text: str) -> str | None:
    """The words of a quotation the reply opened and stops inside, or None: its last line
    holds an odd number of quotation marks, the last one opening words (`QUOTED_WORDS` of
    letters at least) that run to the end."""
    if not _may_quote_open(text):
        return None
    last = _last_line(text)
    if (last.count('"') + last.count("\u201c") + last.count("\u201d")) % 2 == 0:
        return None
    found = _OPEN_QUOTATION.search(last[-TAIL_CHARS:])
    if found is None:
        return None
    quoted = found.group(1).split()
    if len(quoted) < QUOTED_WORDS or not all(w.replace("'", "").isalpha() for w in quoted):
        return None
    return found.group(1)


def _last_line(text: str) -> str:
    """The text's last line, stripped, its breaks real or written as escapes (code kept in a
    JSON string, "...\\n    return a": its last line is "return a", a statement, no clause)."""
    escaped = text.rfind("\\n")
    return text[max(text.rfind("\n") + 1, escaped + 2 if escaped >= 0 else 0) :].strip()


def asks_for_word(question: str) -> bool:
    """Whether a short request (`WORD_QUESTION_WORDS`) asks how a word is said or translated
    (`_ASKS_FOR_WORD`), or quotes a single word: the answer may end on the word asked for."""
    if not question or len(question.split()) > WORD_QUESTION_WORDS:
        return False
    return any(words in question for words in _ASKS_FOR_WORD) or (
        _QUOTED_WORD.search(question) is not None
    )


def _list_items(last: str, separator: str) -> list[str] | None:
    """The last line's last `LIST_ITEMS` items between `separator`s (the first read after a
    label's colon), or None when it holds fewer."""
    parts = last.rsplit(separator, LIST_ITEMS)
    if len(parts) < LIST_ITEMS:
        return None
    items = parts[-LIST_ITEMS:]
    if len(parts) == LIST_ITEMS:
        items[0] = _LABEL.split(items[0])[-1]
    return items


def ends_on_word_list(last: str) -> bool:
    """Whether a line ends on a list of words ("sono anche poche: di, a, da, in, con, per"):
    its last items a word or two each (`LIST_ITEM_WORDS`), the last one word."""
    items = _list_items(last, ",")
    if items is None:
        return False
    counts = [len(_WORD.findall(item)) for item in items]
    return counts[-1] == 1 and all(1 <= count <= LIST_ITEM_WORDS for count in counts)


def ends_on_unspaced_list(last: str) -> bool:
    """Whether a Chinese or Japanese line ends on a list joined by "、" ("和、与、以及、而",
    "《算法导论》、《编程珠玑》、《我的"): its last items a few characters each
    (`UNSPACED_ITEM_CHARS`)."""
    items = _list_items(last, "\u3001")
    return items is not None and all(
        0 < len(item.strip(_TITLE_MARKS)) <= UNSPACED_ITEM_CHARS for item in items
    )


def _particle_closes(last: str) -> bool:
    """Whether the particle a line ends on closes its sentence there: after a predicate's end
    (`_CLOSING_AFTER`), or in a clause that holds a copula (`_CLOSING_CLAUSE`)."""
    for particle, ends in _CLOSING_AFTER.items():
        if last.endswith(particle) and last[-len(particle) - 1 : -len(particle)] in ends:
            return True
    for particle, copulas in _CLOSING_CLAUSE.items():
        if last.endswith(particle):
            clause = _UNSPACED_CLAUSE_BREAK.split(last)[-1][: -len(particle)]
            if any(copula in clause for copula in copulas):
                return True
    return False


def cut_word(text: str) -> str | None:
    """The word a reply stops on inside an English clause, or None: its last line ends on an
    opening word (`_OPENING`) or a relative word's auxiliary ("who are") after a word or a
    comma (not "Answer: I", an option's letter, nor "-a", a flag), in lower case but "I", and
    the tail reads as English."""
    if not ends_on_english_opening(text) or _WRITER_MARKUP.search(text) is not None:
        return None
    last = _last_line(text)
    words: list[str] = _WORD.findall(last[-TAIL_CHARS:])
    if len(words) < _MIN_WORDS:
        return None
    word = words[-1]
    before = last[: -len(word)].rstrip()
    if not last.endswith(" " + word) or not (before[-1:].isalpha() or before.endswith(",")):
        return None
    if word != word.lower() and word != "I":
        return None
    if word == "I" and words[-2].lower() in _CLOSES_AFTER_I:
        return None
    if ends_on_word_list(last):
        return None
    tail = [w.lower() for w in _WORD.findall(text[-TAIL_CHARS:])]
    if sum(w in _ENGLISH for w in tail) < min(3, len(tail) // 2):
        return None
    return word


# A model's prose in another language, cut: a sentence closed before the cut, and this long.
# A person's short comment drops words and accents ("moi aussi sa me fait sa").
FOREIGN_LEAST_CHARS = 60


def foreign_cut_word(text: str) -> str | None:
    """The word a reply stops on inside a clause of another language, or None: its last line
    ends, after a word or a comma, on a lower-case word that language's sentences never end on
    (`_DANGLING`: "... la mejor opción para", "... и"), and its tail reads as that language
    (`_MIN_WORDS` of its common words at least, more than of English's, and of no other
    language more: Spanish's "no" closes a sentence, Portuguese's does not); the reply a
    model's prose, a sentence closed before the cut (`FOREIGN_LEAST_CHARS`). A writer's markup
    leaves the text alone, as in English (`cut_word`), and so does a list of words
    (`ends_on_word_list`)."""
    if len(text) < FOREIGN_LEAST_CHARS or not ends_on_opening(text):
        return None
    if _WRITER_MARKUP.search(text) is not None or _SENTENCE_END.search(text) is None:
        return None
    last = _last_line(text)
    words: list[str] = _WORD.findall(last[-TAIL_CHARS:])
    if len(words) < _MIN_WORDS or words[-1] != words[-1].lower():
        return None
    word = words[-1]
    before = last[: -len(word)].rstrip()
    if not last.endswith(" " + word) or not (before[-1:].isalpha() or before.endswith(",")):
        return None
    if word not in _DANGLING_ANY or ends_on_word_list(last):
        return None
    tail = [w.lower() for w in words]
    telling = {
        language: sum(w in _TELLING.get(language, dangling) for w in tail)
        for language, dangling in _DANGLING.items()
    }
    most = max(telling.values())
    if most < max(_MIN_WORDS, sum(w in _ENGLISH for w in tail) + 1):
        return None
    if any(word in _DANGLING[language] for language, n in telling.items() if n == most):
        return word
    return None


def ends_mid_clause(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """A reply that stops inside a clause, on a word no sentence ends on ("... How can I",
    "... und"), or inside a quotation it opened ('... I just said "This is a test'): the rest
    was cut off, and what came is no answer, whatever its prose. A short request for a word
    ("Wie sagt man 'and' auf Deutsch?": `asks_for_word`) is answered by that word, last."""
    word = cut_word(r.text) or foreign_cut_word(r.text)
    if word is not None and asks_for_word(r.question):
        word = None
    word = word or open_quotation(r.text)
    if word is None:
        return ()
    return (Signal("ends_mid_clause", w["ends_mid_clause"], r.text[-40:].strip()),)


# A token limit's length: a reply of a hundred tokens and more (the caps apps set: 150, 256,
# 500...); a shorter one without its stop is as often a line a person wrote.
LIMIT_CHARS = 600
# The last line read as a sentence run on: a few words of prose at least.
RUN_ON_WORDS = 6
# Sentences the reply closed before the cut: a model's prose, not a title or a line of notes.
CLOSED_SENTENCES = 2
# A line of prose above the last one (a sentence, not a heading or a label of a word or two).
PROSE_WORDS = 6
# How a line of prose may end when a model wrote it whole: a stop, a colon before a list or
# code, a closing bracket or quote, emphasis, a table's bar.
_CLOSED_LINE = re.compile(r"""[.!?:;)\]"'*`|}>\u2026\u201d\u2019\u00bb\u3002\uff01\uff1f]$""")
_SENTENCE_END = re.compile(r"[.!?](?:\s|$)")
# How a line of code left open ends: an assignment, an operator, an open bracket (code, not
# prose: a sentence may stop on none of them) ... or a comma, as prose may.
_CODE_OPERATORS = frozenset("=([+-*/%&")
_OPEN_CODE_ENDS = _CODE_OPERATORS | {","}
_OPEN_STATEMENT = re.compile(
    r"(?:[=(\[,+\-*/%]|&&|\|\||\b(?:and|or|not|return|in|import|from))\s*$"
)


# Words that take what follows them (an article, a preposition, an auxiliary, a conjunction): a
# line that stops on one was cut, wherever it stands in its paragraph.
_TAKES_MORE = _OPENING | frozenset(
    ("to", "of", "in", "with", "for", "on", "at", "by", "from", "into", "as", "than", "such")
)
_TAKES_MORE |= _AUXILIARY | frozenset(("be", "been"))
_TAKES_MORE |= frozenset(("that", "which", "who", "if", "when", "while", "although", "though"))
_TAKES_MORE |= frozenset(("very", "more", "most"))
# A last line that is not a sentence of the reply: a quote, a heading, a table's row, a link.
_NOT_A_SENTENCE = re.compile(r"^[>#|]|://")
# A title's line above the prose ("Subject: Resignation - Thank You for the Opportunity",
# "Title: Global Warming: An AI-driven Analysis of ..."): most of its longer words capitalized,
# no sentence closed in it. A title has no stop to leave out: it is no unclosed line of prose.
TITLE_WORD_CHARS = 4


def may_stop_mid_sentence(text: str) -> bool:
    """A cheap test: long enough, and it ends on a letter or a comma (or a code operator)."""
    end = text.rstrip()[-1:]
    return len(text) >= LIMIT_CHARS and (end.isalpha() or end in _OPEN_CODE_ENDS)


def _cut_word(last: str, words: list[str]) -> bool:
    """Whether the last line's last word is where a sentence was cut: a word in lower case (or
    a comma after it), "I", or a sentence's capitalized first word that takes more ("... on
    the issue. The"); a line of a few words only when it stops on a word that opens what
    follows ("I", "the", "and")."""
    word = words[-1]
    if len(words) < RUN_ON_WORDS:
        return word.lower() in _OPENING and (word.islower() or word == "I" or len(words) == 1)
    if word.islower() or word == "I" or last.endswith(","):
        return True
    return word.lower() in _TAKES_MORE and _SENTENCE_END.search(last[: -len(word)]) is not None


def run_on_line(text: str) -> str | None:
    """The last line of a model's prose cut at its token limit, or None (`stops_mid_sentence`):
    a sentence of the reply's own (not a quote, heading, table row or link; no code fence left
    open above it) that stops on a cut word (`_cut_word`), after every earlier line of prose
    closed and `CLOSED_SENTENCES` sentences (a title above is no line of prose left open:
    `_title_line`). The line runs on after a sentence it closed (a paragraph of the model's
    going on), or stops on a word that takes more (`_TAKES_MORE`): one sentence alone that
    ends on a noun may be a writer's line."""
    text = text.rstrip()
    if not may_stop_mid_sentence(text) or text.count("```") % 2 or text[-1] in _CODE_OPERATORS:
        return None
    at = text.rfind("\n") + 1
    last = text[at:].strip()
    words: list[str] = _WORD.findall(last)
    if not words or _NOT_A_SENTENCE.search(last) is not None or not last.isascii():
        return None
    if not _cut_word(last, words) or len(_SENTENCE_END.findall(text)) < CLOSED_SENTENCES:
        return None
    runs_on = _SENTENCE_END.search(last) is not None or last.endswith(",")
    if not runs_on and words[-1].lower() not in _TAKES_MORE:
        return None
    above = FENCED_BLOCK.sub("\n", text[:at]) if "```" in text else text[:at]  # code is shown
    for line in above.splitlines():
        line = line.strip()
        line_words: list[str] = _WORD.findall(line)
        if len(line_words) < PROSE_WORDS or _CLOSED_LINE.search(line) is not None:
            continue
        if not _title_line(line, line_words):
            return None
    return last


def _title_line(line: str, words: list[str]) -> bool:
    """Whether a line is a title (`TITLE_WORD_CHARS`): two thirds of its longer words
    capitalized, no sentence closed in it."""
    longer = [word for word in words if len(word) >= TITLE_WORD_CHARS]
    capitalized = sum(word[0].isupper() for word in longer)
    if len(longer) < 2 or 3 * capitalized < 2 * len(longer):
        return False
    return _SENTENCE_END.search(line) is None


# A Chinese or Japanese reply of a token limit's length: a character is a word or more (a
# limit of a hundred tokens writes this many), a line of prose a clause's characters.
UNSPACED_LIMIT_CHARS = 150
UNSPACED_PROSE_CHARS = 12
# Where a Chinese or Japanese line runs on: a stop or a comma it closed a clause with.
_UNSPACED_RUNS_ON = re.compile(r"[\u3002\uff01\uff1f\uff0c\u3001,]")
_UNSPACED_STOP = re.compile(r"[\u3002\uff01\uff1f]")
# How a Chinese or Japanese line of prose ends when a model wrote it whole (besides
# `_CLOSED_LINE`'s): a full-width colon or semicolon, a closing bracket or corner quote.
_UNSPACED_CLOSED_LINE = re.compile(r"[\uff1a\uff1b\uff09\u300d\u300f\u3011]$")
# An outline's line: a list item, a heading, a bold label ("**成本与规模化生产**").
_OUTLINE_LINE = re.compile(r"\s*(?:[-*+\u2022]\s|\d+[.)]\s|#|\*\*)")


def _closed_above(text: str, at: int) -> bool:
    """Whether the prose above the last line (from `at`) is a model's finished prose: enough
    sentences closed in the whole text, and every prose line above (code fences left out)
    closes. A cut last line counts only under prose that otherwise ends its sentences. Under
    a last line that is a paragraph, the list items and headings above are an outline's, not
    its prose (a model writes its items without their stop and its paragraphs with it)."""
    if len(_UNSPACED_STOP.findall(text)) + len(_SENTENCE_END.findall(text)) < CLOSED_SENTENCES:
        return False
    above = FENCED_BLOCK.sub("\n", text[:at]) if "```" in text else text[:at]
    paragraph = _OUTLINE_LINE.match(text[at:]) is None
    for line in above.splitlines():
        if paragraph and _OUTLINE_LINE.match(line) is not None:
            continue
        line = line.strip()
        if len(line) < UNSPACED_PROSE_CHARS or _CLOSED_LINE.search(line) is not None:
            continue
        if _UNSPACED_CLOSED_LINE.search(line) is None:
            return False
    return True


def unspaced_run_on(text: str) -> str | None:
    """The last line of a model's Chinese or Japanese prose cut at its token limit, or None
    (`stops_mid_sentence`): a reply of `UNSPACED_LIMIT_CHARS` at least, its sentences closed
    (`CLOSED_SENTENCES`) and every earlier line of prose with them, whose last line runs on
    after a stop or a comma and stops on a particle no sentence ends on (`_UNSPACED_DANGLING`:
    "... 使狗狗的头部跟随你的", "... 再帰的に呼ばれる前の"). A writer who leaves the last stop
    out ends on a word that closes ("... 欢迎补充反馈", "... 解消に向かいます")."""
    text = text.rstrip()
    if len(text) < UNSPACED_LIMIT_CHARS or text[-1] not in _UNSPACED_ENDS:
        return None
    if not text.endswith(_UNSPACED_DANGLING) or CJK.match(text[-1]) is None:
        return None
    if text.count("```") % 2:
        return None
    at = text.rfind("\n") + 1
    last = text[at:].strip()
    if _NOT_A_SENTENCE.search(last) is not None or _UNSPACED_RUNS_ON.search(last) is None:
        return None
    if _particle_closes(last) or ends_on_unspaced_list(last):
        return None
    return last if _closed_above(text, at) else None


# Where a model's prose in another script (Japanese, Korean, Chinese, Cyrillic, accented Latin)
# was cut mid-clause or mid-word: a reply this long (a person's forum answer that drops its
# last stop is shorter), whose last line runs on after a stop or a comma it closed.
FOREIGN_LIMIT_CHARS = 450
_SENTENCE_ENDS: dict[str, frozenset[str]] = {
    script: frozenset(ends) for script, ends in _CUT_WORDS.get("sentence_ends", {}).items()
}
_KANA_HAN = re.compile(r"[\u3040-\u30ff\u3400-\u9fff]")
_HANGUL = re.compile(r"[\uac00-\ud7af]")
_KATAKANA_NAME = re.compile(r"[\u30a0-\u30ff]+")
_FOREIGN_RUNS_ON = re.compile(r"[\u3002\uff01\uff1f\uff0c\u3001]|[.!?,](?:\s|$)")
_TRAILING_COMMAS = "\uff0c\u3001,"


# Open endings per script ("과", "고": `open_endings`, Korean only), and a Korean polite ending
# cut inside its word ("... 구합니", "... 있습니": the "다" of "-ㅂ니다" missing): its syllable
# before "니" ends on ㅂ (Hangul syllables: a block of 28 finals per vowel, ㅂ the 17th).
_OPEN_ENDINGS: dict[str, tuple[str, ...]] = {
    script: tuple(ends) for script, ends in _CUT_WORDS.get("open_endings", {}).items()
}
_HANGUL_BASE = 0xAC00
_FINALS = 28
_FINAL_B = 17


def _polite_ending_cut(text: str) -> bool:
    """Whether a Korean text stops inside a polite ending, on "니" after a syllable ending on
    ㅂ ("습니", "합니", "입니": a sentence's "-ㅂ니다" or "-ㅂ니까" never finished)."""
    if not text.endswith("\ub2c8") or len(text) < 2 or not _HANGUL.match(text[-2]):
        return False
    return (ord(text[-2]) - _HANGUL_BASE) % _FINALS == _FINAL_B


def may_run_on_unclosed(text: str) -> bool:
    """A cheap test: long enough, and it ends on a letter or a comma (a Korean polite ending
    cut inside its word: shorter)."""
    end = text.rstrip()[-1:]
    if len(text) < FOREIGN_LIMIT_CHARS:
        return len(text) >= UNSPACED_LIMIT_CHARS and _polite_ending_cut(text.rstrip())
    return end.isalpha() or (end != "" and end in _TRAILING_COMMAS)


def _clause_left_open(last: str) -> bool:
    """Whether a line of prose with no stop in it (a clause's characters at least) ends on a
    particle or a connective its clause runs on with in its script (`_OPEN_ENDINGS`: Korean), or
    inside a polite ending (`_polite_ending_cut`)."""
    if len(last) < UNSPACED_PROSE_CHARS:
        return False
    if _polite_ending_cut(last):
        return True
    end = last.rstrip(_TRAILING_COMMAS)[-1:]
    script = "ko" if _HANGUL.match(end) else "ja" if _KANA_HAN.match(end) else ""
    return last.endswith(_OPEN_ENDINGS.get(script, ()))


def _ends_unclosed(last: str) -> bool:
    """Whether a line of Japanese, Korean or Chinese ends on a character no sentence of its
    script ends on (`_SENTENCE_ENDS`), nor a particle that closes there (`_particle_closes`),
    nor a list of words, nor a name after its last stop ("ありがとうございました。ジョン・ドゥー");
    a line of a spaced script (no list's item), on a word of a cut sentence (`_cut_word`, six
    words at least)."""
    bare = last.rstrip(_TRAILING_COMMAS)
    end = bare[-1:]
    if _HANGUL.match(end):
        return end not in _SENTENCE_ENDS.get("ko", frozenset())
    if _KANA_HAN.match(end):
        if end in _SENTENCE_ENDS.get("ja", frozenset()) or end in _SENTENCE_ENDS.get(
            "zh", frozenset()
        ):
            return False
        if _particle_closes(last) or ends_on_unspaced_list(last):
            return False
        tail = _FOREIGN_RUNS_ON.split(bare)[-1].replace("\u30fb", "")
        return _KATAKANA_NAME.fullmatch(tail) is None or len(tail) > UNSPACED_ITEM_CHARS * 2
    if LIST_ITEM.match(last) is not None:
        return False  # (a list's item a writer leaves without its stop: "1. Pamēģiniet ...")
    words: list[str] = _WORD.findall(last)
    return len(words) >= RUN_ON_WORDS and _cut_word(last, words)


# A closing line of a spaced script shorter than this, after a blank line and with no sentence
# closed inside it, is a writer's sign-off ("Удачи в изучении Python, и не бойтесь ..."),
# not a paragraph the limit cut
SIGN_OFF_CHARS = 120
SIGN_OFF_WORD = 4  # letters of its last word at least: a cut stops on a fragment or "и", "в"


def _signs_off(text: str, at: int, last: str) -> bool:
    """Whether `last` (the line at `at` in `text`) is a short sign-off of a spaced script on a
    paragraph of its own (`SIGN_OFF_CHARS`)."""
    end = last.rstrip(_TRAILING_COMMAS)[-1:]
    if _HANGUL.match(end) or _KANA_HAN.match(end) or len(last) >= SIGN_OFF_CHARS:
        return False
    words: list[str] = _WORD.findall(last)
    if not words or len(words[-1]) < SIGN_OFF_WORD:
        return False  # (a word cut short, or one that takes more: "... и требует т", "... и")
    return text[: max(0, at - 1)].rstrip(" \t").endswith("\n") and not _SENTENCE_END.search(last)


@last_read  # (asked by `may_fire` and again by `stops_mid_sentence`)
def foreign_run_on(text: str) -> str | None:
    """The last line of a model's prose in another script cut at its token limit, or None
    (`stops_mid_sentence`): a reply of `FOREIGN_LIMIT_CHARS` at least, its sentences closed
    (`CLOSED_SENTENCES`) and every earlier line of prose with them, whose last line (not
    ASCII, no quote, heading or link) runs on after a stop or a comma and ends where no sentence
    ends (`_ends_unclosed`: "... 読者が", "... 젊은 세", "... 如何实现低成本", "...
    позволяя им больше времени уделять сло")."""
    text = text.rstrip()
    if not may_run_on_unclosed(text) or text.count("```") % 2:
        return None
    at = text.rfind("\n") + 1
    last = text[at:].strip()
    if last.isascii() or _NOT_A_SENTENCE.search(last) is not None:
        return None
    runs_on = _FOREIGN_RUNS_ON.search(last[:-1]) is not None
    if not (runs_on or _clause_left_open(last)) or not _ends_unclosed(last):
        return None
    if _signs_off(text, at, last):
        return None
    return last if _closed_above(text, at) else None


def stops_mid_sentence(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """A model's English prose cut at its token limit: every line closed but the last, which
    runs on into nothing ("... Please let me know how I can"). What came is no whole answer."""
    last = run_on_line(r.text)
    if last is None:
        return ()
    return (Signal("stops_mid_sentence", w["stops_mid_sentence"], last[-40:]),)


def stops_mid_script(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """A model's prose in another script cut at its token limit (`stops_mid_sentence`'s reading
    there: "... 使狗狗的头部跟随你的", "... 読者が", "... 젊은 세"), a signal of its own: its weight
    and the learned model's are not the English reading's, which fires on more answers."""
    last = unspaced_run_on(r.text) or foreign_run_on(r.text)
    if last is None:
        return ()
    return (Signal("stops_mid_script", w["stops_mid_script"], last[-40:]),)


def open_statement(text: str) -> str | None:
    """The last line of code cut at the token limit, or None (`stops_mid_code`): a reply of a
    token limit's length that ends inside a code fence it opened and never closed, on a
    statement left open (an assignment, an operator, an open bracket, a comma: "x =")."""
    text = text.rstrip()
    if not may_stop_mid_sentence(text) or text.count("```") % 2 == 0:
        return None
    last = text[text.rfind("\n") + 1 :]
    return last.strip() if _OPEN_STATEMENT.search(last) is not None else None


def stops_mid_code(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """Code cut at the token limit: the reply stops inside its open fence on a statement left
    open ("    lead_y_change ="). The program is not all there."""
    last = open_statement(r.text)
    if last is None:
        return ()
    return (Signal("stops_mid_code", w["stops_mid_code"], last[-40:]),)
