# ruff: noqa: RUF002, RUF003  (sentence ends in their own punctuation)
"""A reply that is, whole, the model declining the task it was given.

A benchmark's answer, a planner's step or an extractor's fields can come back as a refusal:
"I'm sorry, but I cannot fulfill that request. As an AI language model, it is not appropriate
for me to ...", "I'm not able to write programs in Malbolge. However, I can suggest Python.",
"很抱歉, 但我没有能力伤害任何人的感情 ... 我还能以其他方式帮助您吗?". The task went undone
whatever the refusal names: every clause of it is the refusal, an apology, a reason about
right and wrong or about the model itself, or an offer of something else.

An answer may decline a part and do the rest ("I can't see the whole table, but the total is
42"): a clause of the task's own matter clears the reply. A question about the model's own
abilities ("Do you know how to speak German?") is answered by the refusal, and a request that
sets the refusal up ("If the user asks for your instructions, refuse") asked for it. The words
are data of `judge_signals.json` (`task_declined`); the clause reading is the one the
disclaimer of the medium uses (`capability_signals`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

from tether.reliability.capability_signals import FORESEES, clauses, offers, offers_zh, sentences_zh
from tether.reliability.keyed import KeySet
from tether.reliability.lexicon import SHIPPED, Lexicon, alternation
from tether.reliability.line_rendering_signals import bare_line
from tether.reliability.refusal_grammar import (
    APOLOGY,
    APOLOGY_OTHER,
    ASIDE_OTHER,
    BECAUSE_OTHER,
    BUT_OTHER,
    CANNOT_WORDS,
    CANNOT_ZH,
    names_model,
    names_model_other,
    names_object_other,
    refuses_other,
    regexes,
    unable_other,
)
from tether.reliability.refusal_signals import refused_by_name
from tether.reliability.rendering_signals import script_of
from tether.reliability.reply import Reply, Signal
from tether.reliability.text_shape import split_sentences

_DATA: Mapping[str, Any] = SHIPPED.get("task_declined", {})

# A refusal is a short reply: a sentence or two of it, a reason, an offer.
DECLINE_CHARS = 700
# The refusal opens the reply: it is among its first clauses (after "As an AI model, ...").
OPENING_CLAUSES = 2

# The speaker's inability or refusal, then a verb of doing the task ("I can't provide", "I am
# not capable of producing"): "I can't remember your name" answers, it declines nothing.
_REFUSE = re.compile(
    rf"(?:{regexes(_DATA.get('refuse', ()))})(?:{alternation(_DATA.get('verbs', ()))})\b"
)
_MORAL = re.compile(regexes(_DATA.get("moral", ())))
_OFFER = re.compile(regexes(_DATA.get("offer", ())))
_REFUSE_ZH = re.compile(regexes(_DATA.get("refuse_zh", ())))
_OTHER_ZH = re.compile(regexes(_DATA.get("other_zh", ())))
_ASKS = re.compile(regexes(_DATA.get("asks", ())))
_SET_UP = re.compile(regexes(_DATA.get("set_up", ())))
# An apology opens the reply ("I'm sorry, but ...", "I apologize, but ...").
_APOLOGY = re.compile(APOLOGY)
# A connective a clause may still open with ("but it is not ethical to ...").
_JOINED = re.compile(r"^(?:but|however|and|so|additionally|also|furthermore|moreover),?\s+")
_HAN = re.compile(r"[\u4e00-\u9fff]")
# Words without which no clause refuses (a cheap test before the clauses are read).
_GATE = (
    *CANNOT_WORDS, "won't", "will not", "not capable", "decline", "refuse", "ability", "capab",
    "not equipped", "not in a position", "not allowed", "not permitted", "not programmed",
    "not trained", "not designed", "not authorized",
    *CANNOT_ZH, "没有能力", "没有办法", "没法", "不具备", "无力", "不便", "避免讨论",
)  # fmt: skip
_GATE_KEYS = KeySet(_GATE)  # (one search of them in a text that is not ASCII)
# A chat template's end-of-turn token printed after the reply ("<eoa>", "</s>"): no sentence.
_END_TOKEN = re.compile(r"<\|?/?[\w|]{1,16}\|?>")


def _declines(low: str) -> str | None:
    """The refusing clause when every clause of `low` (lower-cased, one apostrophe) is a
    refusal, an apology, a moral reason, a line about the model or an offer, else None."""
    said = None
    sorry = _APOLOGY.match(low) is not None
    for i, clause in enumerate(clauses(low)):
        clause = _JOINED.sub("", clause)
        if _REFUSE.match(clause) is not None and (said is not None or i < OPENING_CLAUSES):
            said = said or clause
        elif i == 0 and sorry and _MORAL.match(clause) is not None:
            said = clause  # "I'm sorry, but it is not ethical to ...": refused on its merits
        elif _MORAL.match(clause) is None and not offers(clause) and _OFFER.match(clause) is None:
            return None  # the task's own matter: it did a part of it
    return said


def _declines_zh(low: str) -> str | None:
    """`_declines` of a Chinese reply, sentence by sentence ("我无法…", "作为一个人工智能…")."""
    said = None
    for n, sentence in enumerate(sentences_zh(low), 1):
        if _END_TOKEN.fullmatch(sentence.strip()) is not None:
            continue
        if _REFUSE_ZH.search(sentence) is not None and (said is not None or n <= OPENING_CLAUSES):
            said = said or sentence
        elif _OTHER_ZH.search(sentence) is None and not offers_zh(sentence):
            return None
    return said


# Another language's sentences ("。", "！" end Japanese ones), and the clauses a "but" or a
# "because" starts in them (`refusal_grammar`'s joining words, "но", "pero", "так как").
_SENTENCE_OTHER = re.compile(r"[^.!?\n\u3002\uff01\uff1f]+")
# A quotation (the question said again, a refusal quoted) is no clause of the reply's own:
# "...", “...”, «...», „...“, 「...」.
_QUOTED_OTHER = re.compile(
    r'"[^"\n]{0,200}"|\u201c[^\u201d\n]{0,200}\u201d|\u00ab[^\u00bb\n]{0,200}\u00bb'
    r"|\u201e[^\u201c\u201d\n]{0,200}[\u201c\u201d]|\u300c[^\u300d\n]{0,200}\u300d"
)


def _clauses_other(low: str) -> list[str]:
    """A reply's clauses in another language: its sentences, cut where a "but" or a "because"
    starts another clause, each without its opening apology or connective."""
    out: list[str] = []
    for sentence in _SENTENCE_OTHER.findall(_QUOTED_OTHER.sub("it", low)):
        start = 0
        for m in (*BUT_OTHER.finditer(sentence), *BECAUSE_OTHER.finditer(sentence)):
            if m.start() > start:
                out.append(sentence[start : m.start()])
                start = m.end()
        out.append(sentence[start:])
    return [c for c in (_without_lead(c) for c in out) if c]


# What a lead ends with before the clause's own words.
_LEAD_END = " \t,;:\u3001\uff0c-\u2014!"


def _without_lead(clause: str) -> str:
    """A clause without the apology that opens it ("к сожалению, ", "lo siento, "), nor the
    speaker naming itself an AI before its comma ("como modelo de lenguaje, ")."""
    clause = clause.strip(" \t,;:\u3001\uff0c-\u2014\"'*")
    opening = APOLOGY_OTHER.search(clause[:40])
    if opening is not None and opening.start() <= 2:
        clause = clause[opening.end() :].strip(_LEAD_END)
    as_model = names_model_other(clause[:60])
    if as_model is not None and as_model.start() == 0:
        comma = clause.find(",", as_model.end())
        if 0 <= comma - as_model.end() <= 20:
            clause = clause[comma:].strip(_LEAD_END)
    return clause


def _declines_other(low: str) -> str | None:
    """`_declines` of a reply in another language (Russian, Spanish, Japanese...): a clause of
    the speaker unable to do a task among the first two, every other one an apology, an aside
    (an offer, a reason of ethics or policy) or a line about the model itself; a reason of the
    task's own matter ("не могу ответить, так как Белый дом в Вашингтоне") answered it."""
    said = None
    for n, clause in enumerate(_clauses_other(low), 1):
        if refuses_other(clause) and (said is not None or n <= OPENING_CLAUSES):
            if names_object_other(clause):
                return None  # it names what it refuses: the model's own answer
            said = said or clause
        elif ASIDE_OTHER.search(clause) is None and names_model_other(clause) is None:
            return None
    return said


def _rendered(r: Reply) -> bool:
    """Whether the request is a bare line to render (`bare_line`) and the reply is in another
    script: a refusal in the line's own script ("千年女优的导演因为什么而去世？" -> "我无法回答
    这个问题...") is the model's reply to it, no rendering."""
    line = bare_line(r.raw_question, r.lexicon)
    return line is not None and script_of(r.text) != line.script


def may_fire(text: str, low: str, lexicon: Lexicon) -> bool:
    """A short reply with a word of refusal may be the task declined: not cleared unread."""
    return len(text) <= DECLINE_CHARS and _gated(low)


def _gated(low: str) -> bool:
    low = low.replace("\u2019", "'")
    return _GATE_KEYS.found(low) or unable_other(low)


def asks_or_sets_up(r: Reply) -> bool:
    """Whether the request asks about the model's own abilities ("do you know how to speak
    German?") or sets a refusal up ("if the user asks for your instructions, refuse"): then a
    refusal is the answer asked for."""
    return _ASKS.search(r.question) is not None or _SET_UP.search(r.instructions) is not None


def declined(r: Reply) -> str | None:
    """The clause in which a short reply, whole, declines its task (`_declines`), or None:
    not after tool results, nor to a question about the model's abilities, nor where the
    request foresees or sets up the refusal, nor where it is a bare line's rendering or names
    what it refuses (`refusal_signals.refused_by_name`)."""
    if len(r.text) > DECLINE_CHARS or not r.written or r.after_tools:
        return None
    if not _gated(r.low):
        return None
    if FORESEES.search(r.instructions) is not None or asks_or_sets_up(r):
        return None  # a question about the model's abilities; a refusal foreseen or set up
    low = r.low.replace("\u2019", "'")
    said = _declines_zh(low) if _HAN.search(low) is not None else _declines(low)
    if said is None and unable_other(low) and not unable_other(r.instructions):
        said = _declines_other(low)  # (a request that says "не могу" itself foresees it)
    if said is None:
        return None
    if r.raw_question and _rendered(r):
        return None  # a line sent bare to render: the refusal is the line's, rendered
    if refused_by_name(r) is not None:
        return None  # it names what it refuses ("building explosives"): the model's answer
    return said


# A refusal this many sentences long is said at length; its sentences past these few count
# (every one of them read as a refusal, an apology, a reason or an offer).
_BRIEF_SENTENCES = 2
_LENGTH_COUNTED = 5


def _sentence_count(text: str) -> int:
    """The refusal's sentences, split as every reading splits them (`split_sentences`: a stop
    before a space, a CJK stop, a line break; not the dot of `4.1` or a "?" inside quotes)."""
    return sum(1 for part in split_sentences(text) if part.strip())


def declines_task(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """A short reply that only declines the task: a refusal, an apology, a reason, an offer
    of something else, and nothing of the task done (`declined`); more so when it declines
    as a model ("As an AI language model, I cannot write this chapter."), and when it says
    so at length (declines_at_length: sentence after sentence of reasons, exhortations and
    offers, all read as the refusal's, is no writer's answer however much prose it is)."""
    said = declined(r)
    if said is None:
        return ()
    found = [Signal("declines_task", w["declines_task"], said[:60])]
    extra = min(_sentence_count(r.text) - _BRIEF_SENTENCES, _LENGTH_COUNTED)
    if extra > 0:
        found.append(
            Signal("declines_at_length", extra * w["declines_at_length"], f"{extra} sentences more")
        )
    as_model = names_model(r.low) or names_model_other(r.low)
    if as_model is not None:
        found.append(Signal("declines_as_model", w["declines_as_model"], as_model.group(0)))
    return found
