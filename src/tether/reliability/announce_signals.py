"""An agent's turn that only announces the work: the core false "done".

An agent loop takes a turn with no tool call for the end of the task. A model that ends its
turn on the announcement of a step ("Now let me update the tests:", "I'll start by reading the
config file.", "Understood. I'm continuing now with that comparison", "Proceeding with the
matcher now; I'll regenerate after ...", "好的我去执行") has promised the work and done none
of it: signal announces_only. Every sentence opens with the work to come (the first person
future and a verb of the work, "now let me" or "let me first", a progressive "I'm running ...
now", "Would you like me to proceed?"), only acknowledges ("Understood.", "Approved.") or
says the work is not done or needed ("I haven't applied the fix yet."), and something says
the work is for this turn: a step word ("now", "first", "then"), a purpose of looking ("to
understand the codebase"), the steps listed, a colon or an ellipsis at the end.

Left alone: a finding, a report of done work or a question before or after the announcement
(a sentence that is none of these forms: "The pod restarted 3 times. Let me fetch the logs."),
a finding in its own sentence ("I'm running it now and the error is gone"), a person's promise
in a thread (a day, a release, thanks, closing the issue: "I'll fix it tomorrow", "I'll check
it out, thanks"; the thing talked of only "it": "Looking into it right now"), code, and a
request that asked for a plan or the steps. Tools offered or not: the corpus's requests carry
none, and a chat turn that says "Let me check the file:" and stops is as unfinished as an
agent's. "Let's ...", a bare "Let me check X:" and "Here is the table:" with nothing after
were tried and left out: on the check set they took as many answers as failures or more.
Words are data of `judge_signals.json` (`announced`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from tether.reliability.lexicon import SHIPPED, Lexicon, alternation
from tether.reliability.reply import Reply, Signal
from tether.reliability.text_shape import split_sentences

_DATA: Mapping[str, Any] = SHIPPED.get("announced", {})

# An announcement is a sentence or a few; a longer reply has room for a report.
ANNOUNCE_CHARS = 600
ANNOUNCE_SENTENCES = 5


def _words(key: str) -> str:
    return alternation(_DATA.get(key, ()))


_ACKS = _words("acknowledgements")
_VERBS = _words("work_verbs")
_GERUNDS = _words("work_gerunds")
# What may stand before the announcement in its sentence: acknowledgements and step words.
_LEAD = rf"(?:(?:{_ACKS}|now|next|first|then|so|and)[,.!:;\s\u2014-]+)*"
_WILL = (
    r"(?:['\u2019]ll| will| shall| am going to|['\u2019]m going to| are going to"
    r"|['\u2019]re going to)"
)
_STEP = r"(?: now| first| then| next| also| just| quickly| immediately| start by| begin by"
_STEP += r"| go ahead and| proceed to)*"
# A sentence that opens with the work to come (lower-cased, after `_LEAD`).
_ANNOUNCES = re.compile(
    rf"^\W*{_LEAD}(?:"
    rf"(?:now,? let me|let me (?:now|first)){_STEP} (?:{_VERBS}|get)\b"
    rf"|(?:i|we){_WILL}{_STEP} (?:{_VERBS})\b"
    rf"|(?:i|we)(?:['\u2019]m| am|['\u2019]re| are)(?: now| still)? (?:{_GERUNDS})\b.*\bnow\b"
    r"|(?:still )?in progress\b.*\bnow\b"
    r"|i (?:now )?proceed\b"
    rf"|(?:{_GERUNDS})\b.*\bnow\b"
    rf"|if you (?:want|like|prefer)\W+(?:i|we) can{_STEP} (?:{_VERBS})\b.*\bnow\b"
    r"|(?:would you like me to|shall i|do you want me to)"
    r" (?:proceed|continue|go ahead|start|begin)\b"
    r")"
)
# A sentence that may stand beside an announcement, which it does not make one: the work not
# done yet ("I haven't applied the fix yet."), the work needed ("I need to explore the repo").
_BESIDE = re.compile(
    r"^\W*(?:i|we) (?:haven['\u2019]t|have not)\b[^.]*\byet\b"
    rf"|^\W*(?:i|we) (?:need to|must|should){_STEP} (?:{_VERBS})\b"
)
# A finding said in the announcement's sentence: "I'm running it now and the error is gone."
_FINDING = re.compile(
    r"(?:\band\b|\bbut\b|,|;)\s+(?:[\w'\u2019-]+\s+){0,4}?(?:is|are|was|were|works|worked"
    r"|fails|failed|seems|shows|showed|returns|returned|got|has been|have been|isn['\u2019]t"
    r"|aren['\u2019]t|wasn['\u2019]t|doesn['\u2019]t|didn['\u2019]t)\b"
)
# ... in Chinese: "好的我去执行", "让我先检查一下", "我现在就去修改"
_ANNOUNCES_ZH = re.compile(
    r"^\W*(?:好的|好|收到|明白了?|了解|嗯|行)?\W*(?:我|让我)(?:现在|马上|这就|先|立即|立刻|接下来)?"
    r"就?(?:去|来|开始|将|会|要)?(?:执行|处理|修改|检查|查看|看看|看一下|运行|实现|编写|写|更新|修复"
    r"|创建|读取|分析|完成|做)"
)
# The thing talked of only "it": a person's "I'll check it out", "Looking into it right now".
_VAGUE = re.compile(
    r"^\W*(?:\S+\s+){1,5}?(?:into |on |at |over )?(?:it|this|that)(?: out| up)?"
    r"(?:\s*(?:right now|now|asap))?\s*(?:[,.!;]|$)"
)
_ACK_ONLY = re.compile(
    rf"^\W*(?:{_ACKS})\W*$|^\W*the user (?:has )?(?:approved|confirmed|agreed)\b"
)
# The work said to be for this turn: a step word, a purpose of looking, the steps listed ("I'll
# complete the matcher, regenerate the mesh, and ..."), a colon at the end.
_NOW = re.compile(
    r"\b(?:now|first|then|next|right away|immediately|before)\b"
    r"|\bstart(?:ing)? by\b|\bproceed|\bthe user (?:has )?approved"
    r"|\bto (?:understand|confirm|verify|ensure|identify|see|find|determine|get|check"
    r"|make sure)\b|(?:[:\u2026]|\.\.\.)\s*$"
    rf"|\b(?:{_VERBS})\b[^.,;]*, (?:and )?(?:then )?(?:{_VERBS})\b"
    r"|would you like me to|shall i|do you want me to"
    r"|现在|马上|这就|先|立即|立刻|接下来|去|开始|让我"
)
# A person's promise or a thread's talk (`later`), a name addressed, a smiley.
_LATER = re.compile(rf"(?<!\w)(?:{_words('later')})(?!\w)|@\w|:\)")
_ASKS_PLAN = re.compile(rf"(?<!\w)(?:{_words('asks_plan')})(?!\w)")
# Terminal wrapping: a line broken inside a sentence, its rest indented.
_WRAPPED = re.compile(r"\n[ \t]+(?=\S)")
# The words one of the forms needs, for the cheap test.
_MAY = re.compile(
    r"let me|['\u2019]ll\b|\bi will|\bwe will|going to|proceed|\bi['\u2019]m |\bi am |we['\u2019]re"
    r"|we are|in progress|:\s*$|would you like me|shall i|do you want me"
    r"|我(?:去|来|现在|马上|这就|先|开始|将|会|要)"
)


def may_fire(text: str, low: str, lexicon: Lexicon) -> bool:
    """Whether a reply may be an announcement of work alone (so that it is not cleared
    unread): short, and one of the forms' words in it."""
    return len(text) <= ANNOUNCE_CHARS and _MAY.search(low) is not None


def announced_steps(low: str) -> Sequence[str]:
    """The sentences of a reply (lower-cased) when every one announces the work to come or
    only acknowledges, one at least announces, and something says the work is for this turn;
    else ()."""
    if len(low) > ANNOUNCE_CHARS or "```" in low or _LATER.search(low) or not _NOW.search(low):
        return ()
    sentences = [s.strip() for s in split_sentences(_WRAPPED.sub(" ", low)) if s.strip()]
    if not sentences or len(sentences) > ANNOUNCE_SENTENCES:
        return ()
    announced = 0
    for sentence in sentences:
        if _ANNOUNCES_ZH.search(sentence) or (
            _ANNOUNCES.search(sentence)
            and _VAGUE.match(sentence) is None
            and _FINDING.search(sentence) is None
        ):
            announced += 1
        elif _ACK_ONLY.search(sentence) is None and _BESIDE.search(sentence) is None:
            return ()  # a finding, a report, a question: more than an announcement
    return sentences if announced else ()


def announces_only(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """The reply only announces or acknowledges the work, for this turn (`announced_steps`),
    to a request that did not ask for a plan or the steps."""
    if not may_fire(r.text, r.low, r.lexicon) or _ASKS_PLAN.search(r.question):
        return ()
    steps = announced_steps(r.low)
    if not steps:
        return ()
    return (Signal("announces_only", w["announces_only"], steps[-1][:60]),)
