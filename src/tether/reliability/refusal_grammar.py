# ruff: noqa: RUF002, RUF003  (refusals quoted in their own scripts and punctuation)
"""The grammar every reader of a refusal shares: one home for its words.

Several readers ask whether a short reply declines its task (`declined_signals`,
`ai_excuse_signals`, `code_declined_signals`, `limits_signals`, `capability_signals`,
`refusal_signals`). They read the same few parts of a refusal: the speaker naming itself an AI
("As an AI language model", "我是一个人工智能"), an apology opening it ("I'm sorry, but"), the
speaker unable ("I can't", "I'm unable to", "我无法"). Each part is said here once, so that a
word learned by one reader is learned by all, and their vocabularies cannot drift apart.

English and Chinese are said here in patterns; the other languages (Russian, German, French,
Spanish, Japanese, Korean...: "К сожалению, я не могу помочь", "Als KI-Sprachmodell kann ich
nicht", "申し訳ありませんが、お手伝いできません") are data, words per language in
`judge_signals.json` (`refusal_grammar`), read here into one search per part of a refusal.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

from tether.reliability.keyed import holds, split_keys
from tether.reliability.lexicon import SHIPPED, listed_group, near_pair, typographic
from tether.reliability.terms import Terms


def regexes(terms: Iterable[str]) -> str:
    """One alternation of the `re:` entries of a list of terms (the plain ones are others')."""
    return "|".join(f"(?:{str(t)[3:]})" for t in terms if str(t).startswith("re:")) or "(?!)"


# The English and Chinese words of a refusal's parts (`judge_signals.json`'s
# `refusal_grammar_words`), said once for every reader.
_WORDS: Mapping[str, Any] = SHIPPED.get("refusal_grammar_words", {})


def _listed(key: str) -> tuple[str, ...]:
    return tuple(str(t) for t in _WORDS.get(key, ()))


# What an AI calls itself after "as a" or "I am a" ("language model", "chatbot").
_MODEL_NOUN = listed_group(_WORDS, "model_nouns")
# The speaker names itself a model, in a word or three ("As an AI language model", "I'm only a
# text-based AI", "as a responsible and ethical AI", "作为一个人工智能"): no person's reply
# declines so.
_AS_MODEL_EN = (
    r"\b(?:as|i['\u2019]m|i am|being)\s+(?:just\s+|only\s+|simply\s+|merely\s+)?an?\s+"
    r"(?:[\w-]+\s+){0,3}?"
    rf"{_MODEL_NOUN}\b"
)
# The Chinese naming's lead ("作为", "我是"), a measure word at most, and its noun.
_MODEL_LEADS_ZH = _listed("model_leads_zh")
AS_MODEL = re.compile(
    rf"{_AS_MODEL_EN}|{listed_group(_WORDS, 'model_leads_zh')}一?[个個名]?大?"
    rf"{listed_group(_WORDS, 'model_nouns_zh')}"
)
# One of them is in every text `AS_MODEL` matches but its "ai" (which follows a space there,
# `_ai_after_space`: "ai" alone is in "failed", "wait", "again") and its Chinese leads (in a
# text that is not ASCII): a cheap test before the pattern.
_MODEL_NOUNS = _listed("model_keys")


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
CANNOT = listed_group(_WORDS, "cannot")
# Their cheap words, one of which every English refusal holds (a test before a regex).
CANNOT_WORDS = _listed("cannot_words")
# Chinese says it in a word before the verb ("我无法回答", "不能提供").
CANNOT_ZH = _listed("cannot_zh")
# An apology ("I'm so sorry", "my apologies", "I apologise"), as a refusal opens.
APOLOGY = (
    r"(?:(?:i['\u2019]m|i am|we['\u2019]re)\s+)?(?:(?:so|very|really)\s+)?sorry\b"
    r"|(?:my\s+)?apologies|i\s+apologi[sz]e"
)
# A chat template's role name printed before the reply's words, once or twice
# ("assistant\n\nI'm sorry, ...", "assistantassistant\tI can't ..."): no words of the reply's.
ROLE_LEAKED = r"(?:assistant)+"


# The other languages' words of a refusal, per language (`judge_signals.json`'s
# `refusal_grammar`), each part merged over the languages into one search: a reply is in one
# language, and a word of one is no word of another's refusal.
_LANGUAGES: Mapping[str, Mapping[str, Any]] = SHIPPED.get("refusal_grammar", {}).get(
    "languages", {}
)


def _words(part: str) -> list[str]:
    return [str(t) for words in _LANGUAGES.values() for t in words.get(part, ())]


def _terms(part: str) -> Terms:
    """A part's words over every language, as one search (`re:` entries as regexes)."""
    words = typographic(_words(part))
    plain = (t.lower() for t in words if not t.startswith("re:"))
    return Terms(plain, [t[3:] for t in words if t.startswith("re:")])


# Japanese and Korean (kana, Hangul, kanji): words with no spaces or word breaks around them.
_UNSPACED = re.compile(r"[\u3040-\u30ff\uac00-\ud7af\u4e00-\u9fff]")


def _joins(part: str) -> re.Pattern[str]:
    """A clause's joining words ("но", "pero", "しかし") before the clause they start: whole
    words where the script has them, anywhere in Japanese and Korean."""
    spelled = sorted({w.lower() for w in _words(part)}, key=len, reverse=True)
    alternatives = [re.escape(w) if _UNSPACED.match(w) else rf"\b{re.escape(w)}\b" for w in spelled]
    return re.compile("|".join(alternatives) or "(?!)")


# The speaker apologizing, as a refusal opens ("Извините", "Lo siento", "申し訳ありませんが").
APOLOGY_OTHER = _terms("apology")
# The speaker unable ("я не могу", "no puedo", "je ne peux pas", "ich kann ... nicht").
UNABLE_OTHER = _terms("unable")
# A verb of doing a task ("помочь", "responder", "お手伝い"), near `UNABLE_OTHER` in a refusal.
TASK_VERBS_OTHER = _terms("verbs")
# Both at once, in a language that says them in one word ("yardımcı olamam").
REFUSES_OTHER = _terms("refuses")
# A clause that stands beside a refusal and does none of the task: an offer of other help, a
# reason of ethics or policy, thanks for understanding.
ASIDE_OTHER = _terms("aside")
# The speaker naming itself an AI ("как языковая модель", "als KI-Sprachmodell"): each
# language's patterns, tried only where one of its nouns is ("model_keys": all of them tried at
# every position cost ~250 us on 600 characters).
AS_MODEL_OTHER = tuple(
    (split_keys(tuple(words.get("model_keys", ()))), re.compile(regexes(words["as_model"])))
    for words in _LANGUAGES.values()
    if words.get("as_model")
)


# The speaker naming itself an AI in any language, read in a text as it was written (not lowered):
# `AS_MODEL` and every language's `as_model`, one pattern (`transform_signals` reads it in a
# short reply to a transform: "As an AI language model, I cannot translate ...").
AS_MODEL_ANY = re.compile(
    "|".join([AS_MODEL.pattern, *(p.pattern for _, p in AS_MODEL_OTHER)]),
    re.IGNORECASE | re.MULTILINE,
)


def names_model_other(low: str) -> re.Match[str] | None:
    """Where a lower-cased text names its speaker an AI in another language, or None."""
    for keys, pattern in AS_MODEL_OTHER:
        if holds(low, keys):
            found = pattern.search(low)
            if found is not None:
                return found
    return None


# Where a refusal's clause ends and another begins ("но", "pero", "так как", "porque").
BUT_OTHER = _joins("but")
BECAUSE_OTHER = _joins("because")
# How far a verb of the task stands from the speaker's "unable" ("no puedo ayudarte con",
# "お手伝いすることはできません", "kann ich Ihnen leider nicht helfen").
_VERB_WITHIN = 24


def unable_other(low: str) -> bool:
    """Whether a lower-cased text holds the speaker unable in another language (a cheap test
    before its clauses are read)."""
    return UNABLE_OTHER.search(low) is not None or REFUSES_OTHER.search(low) is not None


# The stems of the words that name nothing a request asked ("эту просьбу", "esta solicitud"),
# and how many words besides them make a refusing clause name what it refuses.
GENERIC_OTHER = tuple(sorted({w.lower() for w in _words("generic")}))
_NAMED_WORDS = 2
# A word of a spaced language, four letters or more (shorter ones are its function words).
_WORD_OTHER = re.compile(r"[^\W\d_]{4,}")


def names_object_other(clause: str) -> bool:
    """Whether a refusing clause in another language names what it refuses: two words or
    more of its own, besides its "unable", its verbs, the speaker named an AI and the words
    that name nothing (`GENERIC_OTHER`): "no puedo ayudarte a fabricar explosivos" is the
    model declining this request in its own words, an answer; "no puedo procesar esta
    pregunta" a stock line.
    (Japanese and Korean, with no spaces, are not read so.)"""
    if _UNSPACED.search(clause) is not None:
        return False
    spans = [*UNABLE_OTHER.spans(clause), *TASK_VERBS_OTHER.spans(clause)]
    as_model = names_model_other(clause)
    if as_model is not None:
        spans.append(as_model.span())
    own = 0
    for m in _WORD_OTHER.finditer(clause):
        a, b = m.span()
        if m.group(0).startswith(GENERIC_OTHER) or any(x < b and a < y for x, y in spans):
            continue
        own += 1
        if own >= _NAMED_WORDS:
            return True
    return False


# How far into its clause a refusal starts (after a pronoun, an adverb: "я", "leider",
# "lamentablemente", "tôi"): "если я не могу войти, ..." is a condition, no refusal.
_OPENING_CHARS = 20


def refuses_other(clause: str) -> bool:
    """Whether a lower-cased clause opens with the speaker declining a task in another
    language: its "unable" near a verb of doing it ("не могу помочь", "no puedo responder",
    "お手伝いできません"), or one word of both ("yardımcı olamam"); "не могу найти" (cannot
    find) or "no puedo reproducir" declines no task."""
    whole = REFUSES_OTHER.search(clause)
    if whole is not None:
        return whole.start() <= _OPENING_CHARS
    found = near_pair(clause, UNABLE_OTHER, TASK_VERBS_OTHER, _VERB_WITHIN, ".!?\n")
    return found is not None and min(found[0][0], found[1][0]) <= _OPENING_CHARS
