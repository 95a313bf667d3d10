"""A refusal that names what it refuses: the model's own answer, not a filter's stock line.

A content filter, a guardrail or a relay that replaces the answer says a stock line that fits
every request: "I'm sorry, I can't assist with that.", "I cannot process this request.",
"I can not answer this question." A model that declines writes its refusal for the request in
front of it, and names the thing it will not do: "I can't help with making weapons", "I cannot
provide instructions on how to pick a lock". The named object is the request's own matter,
which no stock line can know. The refusing phrases and the words that name nothing ("that",
"this request", "your question") are data of `judge_signals.json` (`refusal_named`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

from tether.reliability.ai_excuse_signals import excuse
from tether.reliability.capability_signals import medium_disclaimer
from tether.reliability.lexicon import SHIPPED, alternation, typographic
from tether.reliability.limits_signals import pleaded
from tether.reliability.reply import STOP, Reply, Signal
from tether.reliability.words import CONTENT_WORD

# A refusal is a short reply, and refuses in its first sentences; a longer text has its own
# answer evidence.
REFUSAL_CHARS = 600
OBJECT_CHARS = 80  # the thing refused: a phrase, not the rest of the reply

_DATA: Mapping[str, Any] = SHIPPED.get("refusal_named", {})


def _alternation(key: str) -> str:
    return alternation(typographic(_DATA.get(key, ())))


# "I <cannot> <provide>" and then the object, up to the end of the clause or its reason: the
# speaker's own refusal ("Cannot create property ..." is a runtime's error, "You can't ..." a
# bot's rule)
_REFUSAL = re.compile(
    r"\b(?:i|we|i'm|i\u2019m|i am|we're|we\u2019re|we are)\s+"
    rf"(?:{_alternation('cannot')})\s+(?:{_alternation('verbs')})\b"
    rf"(?P<object>[^.,;:!?\n]{{1,{OBJECT_CHARS}}}?)"
    r"(?=[.,;:!?\n]|$|\s(?:as|because|since|but|due|unless|without)\s)"
)
_GENERIC = frozenset(t.lower() for t in _DATA.get("generic", ()))
_GATE = ("can", "won", "will not", "unable", "not able", "decline", "refuse")


def named_object(r: Reply) -> str | None:
    """The thing a short refusal names, when it names one: a content word of its object that
    is neither a stop word nor a word that fits every request, and no filter's words."""
    low = r.message
    if len(low) > REFUSAL_CHARS or not any(g in low for g in _GATE):
        return None
    filtered = [(a, b) for name, a, b, _ in r.hits if name == "filter"]
    for m in _REFUSAL.finditer(low):
        a, b = m.span("object")
        if any(x < b and a < y for x, y in filtered):
            continue  # ("cannot provide medical advice": a filter's own stock line)
        words = [w for w in CONTENT_WORD.findall(m.group("object")) if w not in STOP]
        named = [w for w in words if w not in _GENERIC]
        if named:
            return m.group(0).strip()[:60]
    return None


def refused_by_name(r: Reply) -> str | None:
    """The refusal with the thing it names (`named_object`), when the reply declines this
    request in its own words; None for a disclaimer of the image it was given or of being an
    AI, and for a plea of limits: they name no matter."""
    if (
        not r.written
        or medium_disclaimer(r) is not None
        or excuse(r) is not None
        or pleaded(r) is not None
    ):
        return None
    return named_object(r)


def names_refused(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """A short refusal that names what it refuses ("I can't help with making weapons"): the
    model declined this request in its own words. A filter's stock line names nothing
    ("I can't assist with that", "I cannot process this request")."""
    said = refused_by_name(r)
    if said is None:
        return ()
    return (Signal("names_refused", -w["names_refused"], said),)
