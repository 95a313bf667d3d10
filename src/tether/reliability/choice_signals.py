"""A reply to a multiple-choice question that picks no option and says it cannot.

Benchmarks and quiz apps ask a question with its options laid out ("A) EDTA", "B: ...") and
read the option the reply picks. A reply that ends "Therefore, among A through D, the answer
is unknown." or opens "无法确定正确答案" (cannot tell the right answer) picked none: the
question was the task, and it went unanswered, whatever reasoning came before. An answer picks
a letter ("the answer is D", "Answer: C"), or says what the figure leaves open when that is
its finding ("the length of AB cannot be determined from the information given" is itself an
option of such quizzes): only a reply that says the answer, the option or the choice is
unknown or cannot be given counts.

A router or classifier is told the same way what it may answer ("respond with ONLY one word:
FAST, BALANCED, or DEEP", "Classify the messages as safe or unsafe"): a short reply that names
none of the offered words ("123456789", "BREAKFAST", "irrelevant") routed nowhere, where one
that names a word, with its reason around it ("I recommend FAST for this"), chose.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from tether.reliability.keyed import KeyGated
from tether.reliability.lexicon import Lexicon
from tether.reliability.question_signals import offered_labels
from tether.reliability.reply import QUESTION_CHARS, Reply, Signal

# The options laid out one a line: "A) ...", "(B) ...", "C: ...", "D. ...", "A、...".
_OPTION = re.compile(r"(?m)^[ \t]*\(?([a-e])(?:[).:\u3001\uff1a\uff0e]|\s*\))[ \t]*\S")
# A reply that says it picks none: the answer unknown, no option determinable (tried only where
# its keys are, `KeyGated`: " the answer", "answer is un", "无法确定" ...).
_NONE_PICKED = KeyGated(
    r"\bthe (?:correct |final |right )?answer (?:is|remains) (?:unknown|not known|uncertain|"
    r"unclear|indeterminate|undetermined|not determinable)\b"
    r"|\b(?:i )?(?:cannot|can't|can not|am unable to|unable to|could not|couldn't) "
    r"(?:determine|tell|say|identify|choose|select|pick) (?:the (?:correct |right )?"
    r"(?:answer|option|choice)|which (?:option|choice|answer|one))\b"
    # 无法 then 确定 回答 给出 判断 选择 (cannot tell, answer, give, judge, choose)
    r"|\u65e0\u6cd5(?:\u786e\u5b9a|\u56de\u7b54|\u7ed9\u51fa|\u5224\u65ad|\u9009\u62e9)",
    key_chars=12,
)
# An option picked: "the answer is D", "Answer: C", 答案 (answer) then A, a letter opening it.
_PICKED = re.compile(
    r"\b(?:answer|option|choice)\s*(?:is|:)?\s*\(?[a-e]\b(?![\w'])"
    # 答案 (answer), then "is", a colon or its bracket closed ("【答案】 B")
    r"|\u7b54\u6848[\u3011\]\u4e3a\u662f\uff1a:\s]*[a-e]\b"
    r"|^\W{0,3}[a-e](?:[).:\u3001\uff1a\u3002]|\s*$)"
)
# A reply that gives up on a choice says so in a paragraph's last sentence, or is short.
CLOSING_CHARS = 200
SHORT_CHARS = 300


def may_fire(text: str, low: str, lexicon: Lexicon) -> bool:
    """A reply that may say it picks no option: not cleared unread (the question is not read
    here: a precheck reads the reply alone)."""
    return _NONE_PICKED.search(low[-CLOSING_CHARS:] if len(low) > SHORT_CHARS else low) is not None


def offers_choices(question: str) -> bool:
    """The question lays out at least three lettered options, one a line ("A) ...")."""
    return len({m.group(1) for m in _OPTION.finditer(question)}) >= 3


def declines_choice(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """A reply to a multiple-choice question that picks no option and says the answer is
    unknown or cannot be given (in a short reply, or in a longer one's last lines)."""
    low = r.low.strip()
    m = _NONE_PICKED.search(low if len(low) <= SHORT_CHARS else low[-CLOSING_CHARS:])
    if m is None or _PICKED.search(low) is not None or not r.written or r.after_tools:
        return ()
    if not offers_choices(r.question):
        return ()
    return (Signal("declines_choice", w["declines_choice"], m.group(0)[:60]),)


# A request that demands one of its offered words, the words after it: "respond with ONLY one
# word: FAST, BALANCED, or DEEP", "one of", "classify ... as" (not "a single word or phrase"
# over a picture's OCR tokens: any word may answer that).
_ONE_DEMANDED = re.compile(
    r"\b(?:one|single) (?:word|label|category|option)[ \t]*[:(\-]|\bone of\b|\bclassify\b",
    re.IGNORECASE,
)
# A router's reply this short is its choice alone (a longer one is left to the other signals).
ROUTED_CHARS = 40


def _names_label(low: str, labels: Iterable[str]) -> bool:
    """Whether the lower-cased reply names one of the labels as a whole word ("FAST" in "I
    recommend FAST", not in "BREAKFAST")."""
    return any(re.search(rf"(?<![\w]){re.escape(label)}(?![\w])", low) for label in labels)


def routes_nowhere(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """A short reply to a request that demands one of the words it offers (a router's model
    names, a classifier's labels) that names none of them."""
    text = r.text.strip()
    if not text or len(text) > ROUTED_CHARS or "\n" in text or r.after_tools:
        return ()
    if not r.raw_question and not r.system:
        return ()
    system, question = r.system[:QUESTION_CHARS], r.raw_question[:QUESTION_CHARS]
    if _ONE_DEMANDED.search(system) is None and _ONE_DEMANDED.search(question) is None:
        return ()
    labels = [label for label, _ in offered_labels(r.system, r.raw_question)]
    if len(labels) < 2 or _names_label(r.low, labels):
        return ()
    return (Signal("routes_nowhere", w["routes_nowhere"], f"none of {', '.join(labels[:4])}"),)
