"""A reply to a multiple-choice question that picks no option and says it cannot.

Benchmarks and quiz apps ask a question with its options laid out ("A) EDTA", "B: ...") and
read the option the reply picks. A reply that ends "Therefore, among A through D, the answer
is unknown." or opens "无法确定正确答案" (cannot tell the right answer) picked none: the
question was the task, and it went unanswered, whatever reasoning came before. An answer picks
a letter ("the answer is D", "Answer: C"), or says what the figure leaves open when that is
its finding ("the length of AB cannot be determined from the information given" is itself an
option of such quizzes): only a reply that says the answer, the option or the choice is
unknown or cannot be given counts.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from tether.reliability.keyed import KeyGated
from tether.reliability.lexicon import Lexicon
from tether.reliability.reply import Reply, Signal

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
