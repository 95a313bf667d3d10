# ruff: noqa: RUF001, RUF002, RUF003  (Chinese lines use their own punctuation)
"""A reply that only accepts its task: "Sure, I can do that!", "Of course, I'd be happy to
help.", "好的，我来帮你写。" and nothing after.

A benchmark's recorded answer, a planner's step or a bot's turn can stop at the acceptance:
the model said it would do the task and the turn ended there. To a plain task (an email to
write, a list to make) that is no answer: the work it accepts was never written. To a question
("Can you help me?") or a request for a bare acknowledgement, the acceptance may be all that
was asked, so only a plain task is read (`Reply.plain_task`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from tether.reliability.lexicon import Lexicon
from tether.reliability.reply import Reply, Signal

# An acceptance is a line: a word of assent at most and a clause that it will do the task (a
# bare "OK" or "好的！" may be a person's word in a thread, not a model's turn).
ACCEPTANCE_CHARS = 80

_ASSENT = (
    r"(?:sure(?: thing)?|of course|certainly|absolutely|ok(?:ay)?|alright|all right|yes"
    r"|no problem|got it|will do)"
)
_WILL = (
    r"(?:i can do that|i can help(?: with that)?|i(?:'d| would) be (?:happy|glad) to(?: help)?"
    r"|i(?:'ll| will) do (?:it|that|my best)|let me do that|happy to help|here you go"
    r"|i(?:'m| am) on it)"
)
_ACCEPTS = re.compile(
    rf"(?:{_ASSENT}[,.!]*\s*)?{_WILL}[.!]*(?:\s*[\U0001F600-\U0001F64F\u263a])?",
    re.IGNORECASE,
)
_ACCEPTS_ZH = re.compile(
    r"(?:(?:好的|好|没问题|当然|可以)[，,！!。]?)?我(?:来|可以|会|这就)"
    r"(?:(?:帮你|为你|帮您|为您)(?:写|做|完成|处理)?|写|做|完成|处理)(?:一下)?[。！!~]?"
)


def may_fire(text: str, low: str, lexicon: Lexicon) -> bool:
    """Whether a short reply may be only an acceptance (so that it is not cleared unread)."""
    return len(text) <= ACCEPTANCE_CHARS and accepts(text.strip())


def accepts(text: str) -> bool:
    """Whether a line is only an acceptance of a task, nothing of the task itself."""
    return _ACCEPTS.fullmatch(text) is not None or _ACCEPTS_ZH.fullmatch(text) is not None


def accepts_only(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """A reply that is only its acceptance of a plain task: the work never came."""
    text = r.text.strip()
    if len(text) > ACCEPTANCE_CHARS or not accepts(text) or not r.plain_task:
        return ()
    return (Signal("accepts_only", w["accepts_only"], text[:60]),)
