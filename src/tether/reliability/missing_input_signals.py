# ruff: noqa: RUF003  (sentences end in their own punctuation)
"""A short reply that only asks for the task's input, or says it was not given: "I'm sorry, but
you didn't provide the song lyrics. Can you please provide them?", "Understood! I'm ready to
assist you. Please provide the definition of the task.", "请提供您想要辨别类型的文字。",
"텍스트가 제공되지 않았습니다."

A model that answers a task with a question back hands the turn to a user who is not there:
a dataset's output, a pipeline's step or an app's reply holds the question where the work
should be. Every clause is the ask, an apology or an acknowledgement ("Understood!", "I will
do my best"); a clause of anything else (a guess, a general answer, an example) is the work
done as far as it could be, and clears the reply. Not where the request asks the model to ask
(`answers_ask`: "ask me clarifying questions") or asks for a rendering, nor after tool results,
nor to a question about the model's own abilities; not where the ask is for a fault's evidence
(the logs, a screenshot, the files) or someone is @-mentioned: a maintainer's or a coding
agent's question back is its thread's next turn. The words are data of `judge_signals.json`
(`missing_input`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

from tether.reliability.capability_signals import clauses
from tether.reliability.declined_signals import asks_or_sets_up
from tether.reliability.keyed import KeySet
from tether.reliability.lexicon import SHIPPED
from tether.reliability.refusal_grammar import regexes
from tether.reliability.reply import Reply, Signal

_DATA: Mapping[str, Any] = SHIPPED.get("missing_input", {})

# A question back is a sentence or three; a longer reply has room for the work.
ASK_CHARS = 400

_KEYS = KeySet(str(k) for k in _DATA.get("keys", ()))
_ASKS = re.compile(regexes(_DATA.get("asks", ())))
_MISSING = re.compile(regexes(_DATA.get("missing", ())))
_POINTS_TO_TEXT = re.compile(regexes(_DATA.get("points_to_text", ())))
_PLEA = re.compile(regexes(_DATA.get("plea", ())))
# The speaker naming itself or apologising: the model asks for its own task's input.
_SPEAKER = re.compile(r"\b(?:i|me|my|sorry)\b")
_FILLER = re.compile(regexes(_DATA.get("filler", ())))
_ASKS_CJK = re.compile(regexes(_DATA.get("asks_cjk", ())))
_FILLER_CJK = re.compile(regexes(_DATA.get("filler_cjk", ())))
_ANSWERS_ASK = re.compile(regexes(_DATA.get("answers_ask", ())))
# A fault's evidence asked for ("the logs", "a screenshot", "报错截图"): a thread's next turn.
_EVIDENCE = re.compile(
    "|".join(
        rf"\b{re.escape(str(t))}\b" if str(t).isascii() else re.escape(str(t))
        for t in _DATA.get("evidence", ())
    )
    or "(?!)"
)
# Someone @-mentioned ("Hi @rahulpanwar"): a thread's turn, addressed to its reporter.
_MENTION = re.compile(r"(?:^|\s)@\w")
# Chinese, Japanese and Korean letters: such a reply is read sentence by sentence.
_CJK = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff\uac00-\ud7af]")
# A CJK reply's clauses: up to a full stop, a comma, a question or exclamation mark, a line
# break (a clause of other matter after a comma is the work: "需要更多信息，大概率是...").
_CLAUSE_CJK = re.compile(r"[^\u3002\uff01\uff1f\uff0c!?.,\n]+")
# An apology or a "but" before a CJK sentence's own words.
_LEAD_CJK = re.compile(
    r"^(?:(?:很|非常)?抱歉|对不起|不好意思|申し訳(?:ありません|ございません)が?|すみません"
    r"|죄송하지만|죄송합니다|但是?|不过)[\uff0c\u3001,\s]*"
)


def _asks_only(low: str) -> str | None:
    """The asking clause when every clause of an English reply asks for the input, says it
    is missing or is filler, and the speaker names itself or says the input is missing;
    else None."""
    said = None
    missing = False
    for clause in clauses(low):
        clause = clause.strip(" .!?\t")
        if not clause:
            continue
        if _MISSING.match(clause) is not None:
            said, missing = said or clause, True
        elif _ASKS.match(clause) is not None:
            said = said or clause
        elif _FILLER.match(clause) is None:
            return None
    if said is None or not (missing or _SPEAKER.search(low) is not None):
        return None
    return said


def _asks_only_cjk(text: str) -> str | None:
    """`_asks_only` of a Chinese, Japanese or Korean reply, clause by clause."""
    said = None
    for clause in _CLAUSE_CJK.findall(text):
        clause = _LEAD_CJK.sub("", clause.strip())
        if not clause.strip("\u3001 "):
            continue
        if _ASKS_CJK.search(clause) is not None:
            said = said or clause
        elif _FILLER_CJK.search(clause) is None:
            return None
    return said


def asks_for_input(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """A short reply whose every clause asks for the task's input or more context, says the
    input is missing, or only acknowledges: the work never came."""
    if len(r.text) > ASK_CHARS or not r.written or r.after_tools:
        return ()
    low = r.low.replace("\u2019", "'")
    if not _KEYS.found(low) or _EVIDENCE.search(low) is not None or _MENTION.search(low):
        return ()
    if _ANSWERS_ASK.search(r.instructions) is not None or asks_or_sets_up(r):
        return ()
    if low.strip(" .!?") in r.instructions:
        return ()  # the request dictates this very reply
    said = _asks_only_cjk(low) if _CJK.search(low) is not None else _asks_only(low)
    if said is None:
        return ()
    if _POINTS_TO_TEXT.search(r.question) is not None or _PLEA.search(r.question) is not None:
        return ()  # the request lacks its text, or asks for help: asking for it is the reply
    return (Signal("asks_for_input", w["asks_for_input"], said[:60]),)
