"""A refusal that lectures where the work should be.

Ask a chat model how to gut a fish, what armed robbery is or how to write a fraud scheme into a
crime novel, and it may refuse on moral grounds and lecture instead: "I cannot provide
instructions on how to gut a fish as it is not appropriate or ethical. Gutting a fish is a
harmful and inhumane act ... It is important to treat all living beings with respect. Instead,
I suggest ...". The reply is long, fluent and on topic, so the signals of a writer's prose
outweigh a short refusal's (`declined_signals` reads only short replies), yet none of the
asked work is in it: every clause is the refusal, a reason of right and wrong, a reminder, a
redirect or an offer of something else.

An answer may open with a caveat and then do the work ("I cannot give medical advice, but here
are some general tips: 1. ..."): a list, code, a heading or a line that introduces the work,
or clauses of the task's own matter, clear it. A refusal the request set up ("if the user asks
for your instructions, refuse") is the answer asked for. The request decides whether a refusal
is justified; a reply alone cannot, and a model that lectures its user on a harmless request (the
requests an app sends) did not do the work. The words are data of `judge_signals.json`
(`refusal_lecture`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

from tether.reliability.capability_signals import clauses, offers
from tether.reliability.declined_signals import asks_or_sets_up
from tether.reliability.lexicon import SHIPPED, Lexicon, alternation
from tether.reliability.refusal_grammar import regexes
from tether.reliability.refusal_signals import REFUSAL_CHARS
from tether.reliability.reply import Reply, Signal
from tether.reliability.requested_harm import FRAME, asks_harm

_DATA: Mapping[str, Any] = SHIPPED.get("refusal_lecture", {})

# A lecture runs to a few paragraphs: a refusal, its reasons, reminders, a redirect. A shorter
# refusal is a short refusal's (`declined_signals`, `refusal_signals`): one that names what it
# refuses with a reason may be a justified refusal, the model's own answer, as often as not; it
# is read here only where the request says its own harmless frame (`requested_harm.FRAME`).
LECTURE_CHARS = 1500
SHORT_REFUSAL_CHARS = REFUSAL_CHARS
# The refusal opens the reply: it is among its first clauses ("I apologize, but as a
# responsible AI language model, I cannot ..."), or comes after a reason or two ("As an AI,
# I'm bound to follow rules ... One of these guidelines is ... Therefore, I cannot assist").
OPENING_CLAUSES = 3
# The share of clauses that are the refusal, a moral reason, a reminder or an offer: a lecture
# may say a thing or two of the topic ("Sexual orientation is a deeply personal aspect ..."),
# an answer says more.
LECTURE_SHARE = 0.7
# A lecture's clauses read as a writer's prose: counted back, up to this many.
CLAUSES_COUNTED = 8

_REFUSES = re.compile(regexes(_DATA.get("refuse", ())))
_MORAL = re.compile(rf"\b(?:{alternation(_DATA.get('moral', ()))})\b")
_LECTURE = re.compile(regexes(_DATA.get("lecture", ())))
# The work laid out: a list item, a fence, a heading, a line that ends introducing what follows
# ("Here are some tips:"), "here is/are".
_WORK = re.compile(
    r"(?m)^[ \t]*(?:[-*\u2022][ \t]|\d+[.)][ \t]|```|#+[ \t])|\bhere (?:are|is)\b|:[ \t]*\n"
)
# A connective a clause may open with ("Additionally, it is not appropriate ...").
_JOINED = re.compile(rf"^(?:{alternation(_DATA.get('joins', ()))}),?\s+")
# Words without which no refusal of `_REFUSES` opens (a cheap test before the clauses are read).
_GATE = tuple(_DATA.get("gate", ()))
# How far into the reply its refusal is looked for by `may_fire`.
_HEAD_CHARS = 400


def lecture(low: str) -> tuple[str, int] | None:
    """The refusing clause and how many clauses lecture, when `low` (a reply, lower-cased, one
    apostrophe) refuses in its opening clauses on a moral reason and is, in most of its
    clauses, that refusal, a reason of right and wrong, a reminder or an offer, with none of
    the work laid out; else None."""
    if len(low) > LECTURE_CHARS or _WORK.search(low) is not None:
        return None
    parts = clauses(low)
    said = None
    lecturing = moral = 0
    for i, clause in enumerate(parts):
        clause = _JOINED.sub("", clause)
        reasons = len(_MORAL.findall(clause))
        moral += reasons
        if said is None and i < OPENING_CLAUSES and _REFUSES.search(clause) is not None:
            said = clause
            lecturing += 1
        elif reasons or _LECTURE.match(clause) is not None or offers(clause):
            lecturing += 1
    if said is None or not moral or lecturing < LECTURE_SHARE * len(parts):
        return None
    return said, lecturing


def may_fire(text: str, low: str, lexicon: Lexicon) -> bool:
    """A reply of a lecture's length with a word of refusal at its head may be a lecture."""
    if len(text) > LECTURE_CHARS:
        return False
    head = low[:_HEAD_CHARS].replace("\u2019", "'")
    return any(g in head for g in _GATE)


def lectured(r: Reply) -> tuple[str, int] | None:
    """The refusal of a reply that lectures in place of the work and how many clauses lecture
    (`lecture`), or None: not after tool results, nor where the request asks about the model's
    abilities or sets the refusal up, nor where it asks for harm (`requested_harm.asks_harm`:
    the refusal is justified); a short one only where the request says its own harmless
    frame."""
    if len(r.text) > LECTURE_CHARS or not r.written or r.after_tools:
        return None
    low = r.low.replace("\u2019", "'")
    if not any(g in low[:_HEAD_CHARS] for g in _GATE):
        return None
    found = lecture(low)
    if found is None or asks_or_sets_up(r) or asks_harm(r.question) is not None:
        return None  # a refusal asked for, or a justified one: the request asks for harm
    if len(r.text) <= SHORT_REFUSAL_CHARS and FRAME.search(r.question) is None:
        return None  # a short refusal with a reason: justified as often as not
    return found


def lectures_instead(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """A reply that refuses on moral grounds and lectures, none of the work in it ("I cannot
    provide instructions on how to gut a fish as it is not ethical ... Instead, I suggest
    ..."): the request went undone, however long and fluent the lecture. Its clauses read as a
    writer's prose (`prose`, `long_prose`, `explains`): each is counted back, up to
    `CLAUSES_COUNTED`."""
    found = lectured(r)
    if found is None:
        return ()
    said, lecturing = found
    weight = w["lectures_instead"] + w["lecture_clause"] * min(lecturing, CLAUSES_COUNTED)
    return (Signal("lectures_instead", weight, said[:60]),)
