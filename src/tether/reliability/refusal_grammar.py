"""The grammar every reader of a refusal shares: one home for its words.

Several readers ask whether a short reply declines its task (`declined_signals`,
`ai_excuse_signals`, `code_declined_signals`, `limits_signals`, `capability_signals`,
`refusal_signals`). They read the same few parts of a refusal: the speaker naming itself an AI
("As an AI language model", "我是一个人工智能"), an apology opening it ("I'm sorry, but"), the
speaker unable ("I can't", "I'm unable to", "我无法"). Each part is said here once, so that a
word learned by one reader is learned by all, and their vocabularies cannot drift apart.
"""

from __future__ import annotations

import re
from collections.abc import Iterable


def regexes(terms: Iterable[str]) -> str:
    """One alternation of the `re:` entries of a list of terms (the plain ones are others')."""
    return "|".join(f"(?:{str(t)[3:]})" for t in terms if str(t).startswith("re:")) or "(?!)"


# What an AI calls itself after "as a" or "I am a" ("language model", "chatbot").
_MODEL_NOUN = r"(?:ai|artificial intelligence|language model|llm|chatbot|virtual assistant)"
# The speaker names itself a model, in a word or three ("As an AI language model", "I'm only a
# text-based AI", "as a responsible and ethical AI", "作为一个人工智能"): no person's reply
# declines so.
_AS_MODEL_EN = (
    r"\b(?:as|i['\u2019]m|i am|being)\s+(?:just\s+|only\s+|simply\s+)?an?\s+(?:[\w-]+\s+){0,3}?"
    rf"{_MODEL_NOUN}\b"
)
AS_MODEL = re.compile(
    rf"{_AS_MODEL_EN}|(?:作为|我是|我只是)一?[个名]?(?:ai|人工智能|语言模型|語言模型|文本生成)"
)
# One of them is in every text `AS_MODEL` matches but its "ai" (which follows a space there,
# `_ai_after_space`: "ai" alone is in "failed", "wait", "again") and its Chinese leads (in a
# text that is not ASCII): a cheap test before the pattern.
_MODEL_NOUNS = (
    "artificial",
    "language model",
    "llm",
    "chatbot",
    "virtual assistant",
    "人工智能",
    "语言模型",
    "語言模型",
    "文本生成",
)
_MODEL_LEADS_ZH = ("作为", "我是", "我只是")


def names_model(low: str) -> re.Match[str] | None:
    """Where a lower-cased text names its speaker an AI (`AS_MODEL`), after a cheap test."""
    if not (
        any(k in low for k in _MODEL_NOUNS)
        or _ai_after_space(low)
        or (not low.isascii() and any(k in low for k in _MODEL_LEADS_ZH))
    ):
        return None
    return AS_MODEL.search(low)


def _ai_after_space(low: str) -> bool:
    """Whether an "ai" in `low` follows a space (as `AS_MODEL`'s English "... an ai" does):
    the occurrences looked at one by one, in a fraction of a regex search's time."""
    at = low.find("ai", 1)
    while at > 0:
        if low[at - 1].isspace():
            return True
        at = low.find("ai", at + 2)
    return False


# The speaker unable, after its "I" or "we" ("cannot", "can't", "unable to", "not able to").
CANNOT = r"(?:cannot|can['\u2019]t|can not|unable to|not able to)"
# Their cheap words, one of which every English refusal holds (a test before a regex).
CANNOT_WORDS = ("can't", "cannot", "can not", "unable", "not able")
# Chinese says it in a word before the verb ("我无法回答", "不能提供").
CANNOT_ZH = ("无法", "無法", "不能")
# An apology ("I'm so sorry", "my apologies", "I apologise"), as a refusal opens.
APOLOGY = (
    r"(?:(?:i['\u2019]m|i am|we['\u2019]re)\s+)?(?:(?:so|very|really)\s+)?sorry\b"
    r"|(?:my\s+)?apologies|i\s+apologi[sz]e"
)
# A chat template's role name printed before the reply's words, once or twice
# ("assistant\n\nI'm sorry, ...", "assistantassistant\tI can't ..."): no words of the reply's.
ROLE_LEAKED = r"(?:assistant)+"
