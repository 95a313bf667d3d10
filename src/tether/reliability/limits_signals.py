"""A short reply that pleads the model's own limits where the answer should be.

Ask a law, a medicine or a chart question and a model may answer none of it: "I'm sorry, I
don't have access to real-time legal databases. I recommend consulting a lawyer.", "I'm not a
medical professional and can't interpret X-rays. Please consult your doctor.", "As of my last
training cut-off, I don't have the 2018 data. You might consider checking official sources.",
"无法确定, 因为您没有提供足够的信息。请提供更多信息". Every clause is the plea (a limit of the
model's means: no live data, a training cut-off, not a doctor, text only, "without the data"),
its refusal ("I can't provide ..."), a redirect to where the answer may be found or an offer:
the question went unanswered, whatever a refusal names.

An answer may plead a limit and then answer ("I'm not a doctor, but a fever over 39 °C ..."):
any clause of the task's own matter clears it. A question about the model's means ("can you
browse the web?") is answered by the plea; a request that foresees it ("if you don't know,
say so") asked for it. The words are data of `judge_signals.json` (`pleaded_limits`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

from tether.reliability.capability_signals import (
    clauses,
    disclaims,
    expected,
    offers,
    sentences_zh,
)
from tether.reliability.lexicon import SHIPPED, Lexicon, alternation
from tether.reliability.once import kept
from tether.reliability.refusal_grammar import CANNOT_WORDS, regexes
from tether.reliability.reply import Reply, Signal

_DATA: Mapping[str, Any] = SHIPPED.get("pleaded_limits", {})

# A plea is a short reply: a sentence or three, a refusal, a redirect.
PLEA_CHARS = 600

_LIMIT = re.compile(regexes(_DATA.get("limit", ())))
_REFUSE = re.compile(regexes(_DATA.get("refuse", ())))
_REDIRECT = re.compile(regexes(_DATA.get("redirect", ())))
_SOURCE = re.compile(regexes(_DATA.get("source", ())))
_ASKS = re.compile(regexes(_DATA.get("asks", ())))
# A question about now (the weather, today's news) is answered by a plea of no live data: a
# plea that speaks of time or of live means ("real-time", "my training", "browse").
_ASKS_NOW = re.compile(regexes(_DATA.get("asks_now", ())))
_DATED = re.compile(regexes(_DATA.get("dated", ())))
_REFUSE_ZH = re.compile(alternation(_DATA.get("refuse_zh", ())))
_LIMIT_ZH = re.compile(regexes(_DATA.get("limit_zh", ())))
_OFFER_ZH = re.compile(regexes(_DATA.get("offer_zh", ())))
# Cheap words one of which an English plea holds (`may_fire` reads no regex without one).
_GATE = (*CANNOT_WORDS, "don't", "do not", "not a")
# The stops of an abbreviation, which end no clause ("e.g.", "etc.").
_ABBREVIATION = re.compile(r"\b(?:e\.g\.|i\.e\.|etc\.(?=\s*[,)a-z]))")


def _unstopped(m: re.Match[str]) -> str:
    return m.group(0).replace(".", "")


# (the words of the Chinese refusal: one is in every Chinese plea `plea_zh` reads)
_GATE_ZH = tuple(_DATA.get("refuse_zh", ()))


def plea(low: str) -> str | None:
    """The limit pleaded when `low` (a short reply, lower-cased, one apostrophe) is made of
    limits, refusals, redirects and offers only, with a refusal and a limit (or a redirect to
    a source of the answer: a lawyer, official sources) among them, else None."""
    limit = refused = None
    for clause in clauses(_ABBREVIATION.sub(_unstopped, low)):
        pleads = _LIMIT.search(clause) is not None or disclaims(clause)
        refuses = _REFUSE.match(clause) is not None
        if pleads:
            limit = limit or clause
        if refuses:
            refused = refused or clause
        if pleads or refuses:
            continue
        if _REDIRECT.match(clause) is not None:
            if _SOURCE.search(clause) is not None:  # where the answer is: a lawyer, the sources
                limit = limit or clause
        elif not offers(clause):
            return None  # the task's own matter: it answered after all
    return limit if refused is not None else None


def plea_zh(text: str) -> str | None:
    """`plea` of a Chinese reply, sentence by sentence: each a refusal ("无法确定"), a limit
    ("我是基于训练数据进行回答的", "因为您没有提供足够的信息") or an offer ("请提供更多信息"),
    with a refusal and a limit among them (in one sentence or two), else None."""
    said = refused = None
    for sentence in sentences_zh(text):
        refuses = _REFUSE_ZH.search(sentence) is not None
        pleads = _LIMIT_ZH.search(sentence) is not None
        if pleads:
            said = said or sentence
        if refuses:
            refused = refused or sentence
        if not (pleads or refuses) and _OFFER_ZH.match(sentence) is None:
            return None
    return said if refused is not None else None


def may_fire(text: str, low: str, lexicon: Lexicon) -> bool:
    """A short reply with a word of inability and a limit (or a source to ask) may plead
    limits: not cleared unread."""
    if len(text) > PLEA_CHARS:
        return False
    if any(g in text for g in _GATE_ZH):
        return _LIMIT_ZH.search(text) is not None
    if not any(g in low for g in _GATE):
        return False
    low = low.replace("\u2019", "'")
    return _LIMIT.search(low) is not None or _SOURCE.search(low) is not None


@kept
def pleaded(r: Reply) -> str | None:
    """The limit a short reply pleads, whole, in place of its answer (`plea`), or None: not
    to a question about the model's means or about now, nor where the request expects it
    (`capability_signals.expected`). The reply is read first: the request only for a plea."""
    if len(r.text) > PLEA_CHARS:
        return None
    low = r.low.replace("\u2019", "'")
    if any(g in low for g in _GATE_ZH):
        said = plea_zh(low)
    else:
        said = plea(low) if any(g in low for g in _GATE) else None
    if said is None or not r.written or _ASKS.search(r.question) is not None or expected(r):
        return None  # a question about the model's means, a request that expects the plea
    if _ASKS_NOW.search(r.question) is not None and (
        _DATED.search(low) is not None or not low.isascii()
    ):
        return None  # a question about now, answered by a plea of no live data
    return said


def pleads_limits(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """A short reply that only pleads the model's limits (no live data, not a doctor, text
    only), refuses and points elsewhere: the question went unanswered (`pleaded`)."""
    said = pleaded(r)
    return () if said is None else (Signal("pleads_limits", w["pleads_limits"], said[:60]),)
