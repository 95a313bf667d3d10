# ruff: noqa: RUF002  (replies in their own scripts and punctuation)
"""A reply that declines the task because its speaker is an AI: "As an AI language model, I
cannot write this chapter.", "I'm a language model, I can't help with this", "对不起，我无法回答
这个问题，因为我是一个人工智能".

A model that says what it is to excuse itself from the work did none of it: the app shows the
stock cop-out of a chat model where the chapter, the summary or the answer should be. The
refusal names the task ("write this chapter"), so it reads like a refusal written for the
request (`refusal_signals.names_refused`), but its reason fits every request: the speaker is
an AI. An answer may say it is an AI and then do the work or say what it knows; a reply that
only cannot observe, feel or reciprocate (to a question about the model itself) declines no
task, and is left alone: the verbs read are those of doing a task (write, provide, answer ...).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from tether.reliability.capability_signals import QUOTED
from tether.reliability.keyed import KeyGated
from tether.reliability.lexicon import Lexicon
from tether.reliability.refusal_grammar import (
    BUT_OTHER,
    CANNOT,
    CANNOT_ZH,
    names_model,
    names_model_other,
    refuses_other,
    unable_other,
)
from tether.reliability.reply import Reply, Signal

# A cop-out is a short reply: the excuse, an apology, an offer.
EXCUSE_CHARS = 600
# The speaker declines a task: a verb of doing the work after "cannot", "unable to" ...
# (tried only where its keys are, `KeyGated`: most texts lack "cannot", "unable to" ...)
_DECLINES = KeyGated(
    rf"\b{CANNOT}\s+(?:\w+\s+)?"
    r"(?:write|provide|give|complete|fulfill|generate|create|help|assist|answer|access|"
    r"summari[sz]e|perform|produce|compose)\b"
    rf"|(?:{'|'.join(CANNOT_ZH)})(?:回答|提供|帮助|幫助|完成|生成|写|寫|总结|總結)",
    key_chars=12,
)

# What no model knows without a tool (the date, the weather, the news): declining it for being
# an AI is the honest answer to a question about it ("What's the current date?").
_UNKNOWABLE = KeyGated(
    r"\b(?:real[- ]time|current (?:date|time|weather|events|news)|today['\u2019]s date|"
    r"browse the (?:internet|web)|up[- ]to[- ]date)",
    key_chars=12,
)


def may_fire(text: str, low: str, lexicon: Lexicon) -> bool:
    """Whether a reply may decline for being an AI (so that it is not cleared unread)."""
    return len(low) <= EXCUSE_CHARS and names_model(low) is not None


def excuse(r: Reply) -> str | None:
    """The words that decline the task for being an AI, when a short reply says both, or None."""
    low = r.message
    if len(low) > EXCUSE_CHARS:
        return None
    if '"' in low or "\u201c" in low:  # (a writer quoting the cop-out: "as an AI language model")
        low = QUOTED.sub(" ", low)
    declined = _DECLINES.search(low)
    if declined is None:
        return _excuse_other(low)
    if names_model(low) is None or _UNKNOWABLE.search(low) is not None:
        return None
    return declined.group(0)


# A part of a sentence, between its commas (the refusal after "Как языковая модель, ").
_PART = re.compile(r"[^.!?\n,;\u3001\u3002\uff0c\uff01\uff1f]+")


def _excuse_other(low: str) -> str | None:
    """`excuse` in another language (`refusal_grammar`'s words): the speaker named an AI and
    a part of the reply that refuses the task ("Как языковая модель ИИ, я не могу писать
    стихи", "Als KI-Sprachmodell kann ich keine Gedichte schreiben"), and no "but" after it."""
    if not unable_other(low) or names_model_other(low) is None:
        return None
    for m in _PART.finditer(low):
        part = m.group(0).strip()
        if refuses_other(part):
            # "..., но вот четверостишие": it goes on to do the task after all
            return None if BUT_OTHER.search(low, m.end()) is not None else part
    return None


def declines_as_ai(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """A short reply that declines the task for being an AI ("As an AI language model, I
    cannot write marketing copy"): a chat model's stock cop-out, no answer."""
    if not r.written:
        return ()
    said = excuse(r)
    if said is None:
        return ()
    return (Signal("declines_as_ai", w["declines_as_ai"], said[:60]),)
