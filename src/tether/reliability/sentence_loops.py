"""Sentence loops: a reply that says the same sentences again and again, not always word for word.

A weak or base model stuck in a loop does not always repeat one short unit (`loop_signals`): it
says a sentence or two over and over, each time with a word changed ("... and it is known for
the Eiffel Tower." / "..., and is known for ..."), or numbers a list whose items are all the
same sentence ("1. Go to bed early. 2. Go to bed early. ..."), in any script (Korean, Japanese
and Chinese loops have no spaces to count words by). Read by sentences: a sentence is a repeat
when it shares most of its pairs of characters with one of the sentences just before it; a loop
is a reply whose repeats are most of its text and whose loop says one sentence word for word
four times at least, or two sentences in a row again in the same order, numbers aside (a model
cut by a small token limit: "Step 1: What is the opposite of up? The opposite of up is down.
Step 2: ... Step 3: What is the opposite of up? The opposite of up is down."); a list of similar
steps, "Log in to server A ... B ... C", has neither.
Answers repeat on purpose too: a poem's refrain is a few lines of many, a table's rows and code
are not read, and a request that asks for a repetition gets it.
"""

from __future__ import annotations

import re
from collections import Counter
from itertools import pairwise

from tether.reliability.loop_signals import ASKS_REPEAT
from tether.reliability.reply import LETTER

# A sentence: up to its end sign (a Latin one before a space: not a name's dot, "G4FLLM._call";
# a CJK one anywhere) or its line's end. List markers are dropped before
# comparing ("1.", "-", "*", "a)").
_SENTENCE = re.compile(r".+?(?:[.!?]+(?=\s|$)|[\u3002\uff01\uff1f]+|$)")
_MARKER = re.compile(r"^\s*(?:[-*+\u2022]|\d{1,3}[.)]|[a-z][.)])\s+", re.I)
_FENCE = re.compile(r"```.*?(?:```|\Z)", re.S)
# Rows of a table, code and markup are a writer's layout: their lines are not read (an indented
# statement too: a ladder of cases, `if x == 1:` / `return False`, is `ladder_end`'s when it runs
# on to the limit, an answer's when it ends its own way).
_LAYOUT_LINE = re.compile(
    r"^\s*(?:\||<|#include|import |def |class |[{}\[\]])|[{};=]\s*$"
    r"|^[ \t]+(?:return|if|elif|else|for|while|try|except|raise|yield)\b"
)
# A sentence shorter than this is no loop's unit (a word, "Yes.", a list's label).
SENTENCE_CHARS = 12
# A sentence repeats one of the last this many sentences ...
LOOKBACK = 8
# ... when this share of its pairs of characters are in it (a word changed keeps most).
NEAR_SHARE = 0.7
# A loop: repeats make this share of the text read at least, and one sentence said word for
# word this many times, or two sentences in a row said again in order.
LOOP_SHARE = 0.7
EXACT_REPEATS = 4
_NUMBER = re.compile(r"\d+")
# ... or the loop is the text's tail: this share of the tail's text repeats, and the tail is
# this share of the text at least.
TAIL_SHARE = 0.9
TAIL_PART = 0.5
# The cheap test: a stretch of this many characters from the text's middle part comes again
# this many times (a loop fills most of the text, so one of the probes falls inside it).
PROBE_CHARS = 16
PROBE_AGAIN = 3
_PROBES = (0.4, 0.5, 0.6, 0.75)
# The most characters read, the text's last (a loop runs to the end; a long answer is not
# split whole).
READ_CHARS = 6000


def may_repeat_sentences(text: str) -> bool:
    """Whether `text` may be a sentence loop: a stretch taken from its middle part comes again
    and again. Cheap (a few counts); asked of replies up to `LONG_CHARS` only
    (`may_be_degenerate`), as `continuation_signals.may_continue` is."""
    n = len(text)
    if n < SENTENCE_CHARS * (EXACT_REPEATS + 1):
        return False
    for at in _PROBES:
        i = int(n * at)
        probe = text[i : i + PROBE_CHARS]
        if (
            len(probe) == PROBE_CHARS
            and LETTER.search(probe) is not None
            and text.count(probe) >= PROBE_AGAIN
        ):
            return True
    return False


def _pairs(sentence: str) -> frozenset[str]:
    """The sentence's pairs of characters, spaces and signs out (any script, no word split)."""
    s = "".join(c for c in sentence.lower() if c.isalnum())
    return frozenset(s[i : i + 2] for i in range(len(s) - 1))


def _sentences(text: str) -> list[str]:
    """The text's sentences, list markers dropped, fenced code and layout lines left out."""
    out: list[str] = []
    for line in _FENCE.sub("\n", text[-READ_CHARS:]).splitlines():
        if _LAYOUT_LINE.search(line) is not None:
            continue
        line = _MARKER.sub("", line)
        out.extend(s.strip() for s in _SENTENCE.findall(line) if s.strip())
    return out


def _repeats(sentences: list[str]) -> list[bool]:
    """For each sentence, whether it repeats one of the `LOOKBACK` sentences before it: most
    of its pairs of characters are in one of them (`NEAR_SHARE`)."""
    pairs = [_pairs(s) for s in sentences]
    return [
        bool(p)
        and any(
            q and len(p & q) >= NEAR_SHARE * max(len(p), len(q))
            for q in pairs[max(0, i - LOOKBACK) : i]
        )
        for i, p in enumerate(pairs)
    ]


def _loop_start(sentences: list[str], repeats: list[bool]) -> int | None:
    """Where the loop starts: 0 when repeats are `LOOP_SHARE` of the text, or the start of the
    longest tail whose sentences are repeats (`TAIL_SHARE` of it) when that tail is
    `TAIL_PART` of the text at least (a start, then the loop until the token limit)."""
    sizes = [len(s) for s in sentences]
    total = sum(sizes)
    if sum(n for n, again in zip(sizes, repeats, strict=True) if again) >= LOOP_SHARE * total:
        return 0
    start, read, said = None, 0, 0
    for i in range(len(sentences) - 1, -1, -1):
        read += sizes[i]
        said += sizes[i] if repeats[i] else 0
        if said >= TAIL_SHARE * read:
            start = i
    if start is None or sum(sizes[start:]) < TAIL_PART * total:
        return None
    return start


def sentence_loop(text: str, question: str) -> str | None:
    """The reply says its sentences again and again (`LOOP_SHARE` of it repeats, or its tail
    does), one of them word for word `EXACT_REPEATS` times, to a request (lower-cased) that
    asked for no repetition: a model looping by sentences. The sentence said most."""
    if not may_repeat_sentences(text):
        return None
    sentences = [s for s in _sentences(text) if len(s) >= SENTENCE_CHARS and LETTER.search(s)]
    if len(sentences) < EXACT_REPEATS + 1:
        return None
    start = _loop_start(sentences, _repeats(sentences))
    if start is None:
        return None
    looped = sentences[start:]
    exact = Counter(_said(s) for s in looped)
    most, times = exact.most_common(1)[0]
    said = most if times >= EXACT_REPEATS else _block_said_again(looped)
    if said is None:
        return None
    if question and ASKS_REPEAT.search(question) is not None:
        return None
    return said[:40]


def _said(sentence: str) -> str:
    """A sentence as compared word for word: lower case, spaces collapsed, its end sign off."""
    return " ".join(sentence.lower().split()).rstrip(".!?\u3002\uff01\uff1f ")


def _block_said_again(sentences: list[str]) -> str | None:
    """The first of two different sentences said in a row and again later in the same order,
    numbers aside ("Step 1: ..." and "Step 3: ..." are one step said again), or None: a loop
    of a few sentences that a small token limit cut before any said four times."""
    said = [_NUMBER.sub("#", _said(s)) for s in sentences]
    seen: set[tuple[str, str]] = set()
    for pair in pairwise(said):
        if pair[0] != pair[1] and pair in seen:
            return pair[0]
        seen.add(pair)
    return None
