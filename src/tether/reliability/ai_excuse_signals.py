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
from tether.reliability.reply import Reply, Signal

# A cop-out is a short reply: the excuse, an apology, an offer.
EXCUSE_CHARS = 600
# The speaker names itself an AI ("as an AI language model", "I'm only a text-based AI",
# "作为一个人工智能", "我是一个AI").
_AS_AI = re.compile(
    r"\b(?:as|i['\u2019]m|i am|being)\s+(?:just\s+|only\s+)?an?\s+(?:[\w-]+\s+){0,2}?"
    r"(?:ai|artificial intelligence|language model|llm|chatbot)\b"
    r"|(?:作为|我是|我只是)一?个?(?:ai|人工智能|语言模型|語言模型)"
)
# One of them is in every text `_AS_AI` matches, but its "ai" after a space (`_ai_after_space`):
# the nouns, and the Chinese leads in a text that is not ASCII ("ai" alone is in "failed",
# "wait", "again": ~15 us of `_AS_AI` on most short answers with a failure word).
_AI_NOUNS = ("artificial", "language model", "llm", "chatbot")
_ZH_LEADS = ("作为", "我是", "我只是")
# The speaker declines a task: a verb of doing the work after "cannot", "unable to" ...
# (tried only where its keys are, `KeyGated`: most texts lack "cannot", "unable to" ...)
_DECLINES = KeyGated(
    r"\b(?:cannot|can['\u2019]t|can not|unable to|not able to)\s+(?:\w+\s+)?"
    r"(?:write|provide|give|complete|fulfill|generate|create|help|assist|answer|access|"
    r"summari[sz]e|perform|produce|compose)\b"
    r"|(?:无法|無法|不能)(?:回答|提供|帮助|幫助|完成|生成|写|寫|总结|總結)",
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
    return len(low) <= EXCUSE_CHARS and _names_ai(low)


def _names_ai(low: str) -> bool:
    """Whether a lower-cased text names itself an AI (`_AS_AI`, after cheap substring tests)."""
    return _may_name_ai(low) and _AS_AI.search(low) is not None


def _may_name_ai(low: str) -> bool:
    """Whether `low` holds what every text `_AS_AI` matches holds: a noun of an AI, an "ai"
    after a space, or a Chinese lead ("作为", "我是")."""
    if any(k in low for k in _AI_NOUNS) or _ai_after_space(low):
        return True
    return not low.isascii() and any(k in low for k in _ZH_LEADS)


def _ai_after_space(low: str) -> bool:
    """Whether an "ai" in `low` follows a space (as `_AS_AI`'s `\\s+...ai` does): the
    occurrences looked at one by one, in a fraction of a regex search's time."""
    at = low.find("ai", 1)
    while at > 0:
        if low[at - 1].isspace():
            return True
        at = low.find("ai", at + 2)
    return False


def excuse(r: Reply) -> str | None:
    """The words that decline the task for being an AI, when a short reply says both, or None."""
    low = r.message
    if len(low) > EXCUSE_CHARS:
        return None
    if '"' in low or "\u201c" in low:  # (a writer quoting the cop-out: "as an AI language model")
        low = QUOTED.sub(" ", low)
    declined = _DECLINES.search(low)
    if declined is None or not _names_ai(low) or _UNKNOWABLE.search(low) is not None:
        return None
    return declined.group(0)


def declines_as_ai(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """A short reply that declines the task for being an AI ("As an AI language model, I
    cannot write marketing copy"): a chat model's stock cop-out, no answer."""
    if not r.written:
        return ()
    said = excuse(r)
    if said is None:
        return ()
    return (Signal("declines_as_ai", w["declines_as_ai"], said[:60]),)
