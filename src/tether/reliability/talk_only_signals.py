# ruff: noqa: RUF001, RUF002, RUF003  (Chinese lines use their own punctuation)
"""A turn that only talks about its work and does none: it accepts the task ("Sure, I can do
that!"), announces it ("Understood. Let me check the logs:") or offers more of it ("If you
want, I can also ..."), and stops there.

One home for the three readings, so that a word added once is read by each that reads it: the
words are one data section of `judge_signals.json` (`talk_only`), the forms (the first person
future, "let me", the progressive, the offer's question) and the sentence reader are here.

- accepts_only: a benchmark's recorded answer, a planner's step or a bot's turn that stopped at
  its acceptance ("Of course, I'd be happy to help.", "好的，我来帮你写。"). To a plain task (an
  email to write, a list to make) that is no answer; to a question ("Can you help me?") or a
  request for a bare acknowledgement it may be all that was asked, so only a plain task is read
  (`Reply.plain_task`).
- announces_only: an agent loop takes a turn with no tool call for the end of the task. A model
  that ends its turn on the announcement of a step ("Now let me update the tests:", "I'll start
  by reading the config file.", "Understood. I'm continuing now with that comparison",
  "Proceeding with the matcher now; I'll regenerate after ...", "好的我去执行", "변환해서 문서에
  삽입하겠습니다", "このまま結果を待ちます") has promised the
  work and done none of it: the core false "done". Every sentence opens with the work to come
  (the first person future and a verb of the work, "now let me" or "let me first", a
  progressive "I'm running ... now", "Would you like me to proceed?"), only acknowledges
  ("Understood.", "Approved.") or accepts ("Sure, I can do that!") or says the work is not
  done or needed ("I haven't applied the fix yet."), and something says the work is for this
  turn: a step word ("now", "first", "then"), a purpose of looking ("to understand the
  codebase"), the steps listed, a colon or an ellipsis at the end.
  Left alone: a finding, a report of done work or a question before or after the announcement
  (a sentence that is none of these forms: "The pod restarted 3 times. Let me fetch the
  logs."), a finding in its own sentence ("I'm running it now and the error is gone"), a
  person's promise in a thread (a day, a release, thanks, closing the issue: "I'll fix it
  tomorrow", "I'll check it out, thanks"; the thing talked of only "it": "Looking into it right
  now"), code, and a request that asked for a plan or the steps. Tools offered or not: the
  corpus's requests carry none, and a chat turn that says "Let me check the file:" and stops is
  as unfinished as an agent's. "Let's ...", a bare "Let me check X:" and "Here is the table:"
  with nothing after were tried and left out: on the check set they took as many answers as
  failures or more.
- ends_announcing: the same turn with a short report before the announcement ("Shrunk them to
  roughly crow-sized. Now let me write the creation process document."): one step reported,
  the next announced, and the run stops there. The announcement must be in an agent's
  narration form ("now let me", "let me first", "let me start by", "I'll now"): a person's
  "The pod restarted 3 times. Let me fetch the logs." stays an answer, and so does a report of
  the work done whose next step only checks it ("Now, I will run `npm run build` again to
  ensure ..."). A bare "let me" or
  "let's" and a verb before a colon that ends the reply ("... Let's modify the code to handle
  this properly:") was tried and left out (with `introduced` taking nothing back for it): on
  the check set it took 8 answers and caught none. To a plain task, `announces_only` needs no
  step word: the turn the task was given for is the time it is for.
- offers_only: tools that write a commit message, a README, a doc page or a post hand the
  model's reply on as the artefact. When the model stopped at its chat turn's closing offer of
  more work ("Would you like me to generate a sample `specification.md` next?", "If you want, I
  can also tighten this into a more newsroom tone."), the artefact is that offer, with nothing
  before it. Every sentence must be the offer: an answer that offers says something else too
  (what it found, what it changed). An offer is read only when it offers MORE ("also", "next",
  "another"): a clarifying question ("Would you like me to use TypeScript?") offers nothing
  more, and asks.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from tether.reliability.conditions import opens_with_condition
from tether.reliability.keyed import KeySet
from tether.reliability.lexicon import SHIPPED, Lexicon, field_alternation
from tether.reliability.once import kept
from tether.reliability.reply import Reply, Signal
from tether.reliability.text_shape import split_sentences

_DATA: Mapping[str, Any] = SHIPPED.get("talk_only", {})


def _words(key: str) -> str:
    return field_alternation(_DATA, key)


# ---------------------------------------------------------------- the words and forms they share

# An acknowledgement, before an acceptance ("Sure,", "No problem!", "好的，") or opening or
# making a sentence of an announcement ("Understood.", "Approved.", "收到").
_ACKS = _words("acknowledgements")
# An apostrophe, typed or typeset: "I'll", "I’ll".
APOSTROPHE = "['\u2019]"
# What an agent does to a task: "let me check", "I'll read", "I'm running ... now".
_VERBS = _words("work_verbs")
_GERUNDS = _words("work_gerunds")
# The first person future after "I" or "we": "I'll", "we will", "I'm going to".
_WILL = (
    rf"(?:{APOSTROPHE}ll| will| shall| am going to|{APOSTROPHE}m going to| are going to"
    rf"|{APOSTROPHE}re going to)"
)
# The step words that may stand between the future and the verb: "I'll now first read ...".
_STEP = r"(?: now| first| then| next| also| just| quickly| immediately| start by| begin by"
_STEP += r"| go ahead and| proceed to)*"
# Asking leave to do the work: "Would you like me to proceed?", "Shall I also add tests?".
_ASKS_TO = r"(?:would you like (?:me|us) to|do you want (?:me|us) to|shall (?:i|we))"
# Work offered on the user's word: "If you want, I can ...", "If you'd prefer, we could ...".
_IF_YOU_WANT = rf"if you(?:{APOSTROPHE}d)? (?:want|like|prefer|wish)"
# Terminal wrapping: a line broken inside a sentence, its rest indented.
_WRAPPED = re.compile(r"\n[ \t]+(?=\S)")


# Markdown's emphasis, a quote's mark, a heading's: "**Now let me check the logs:**".
_EMPHASIS = re.compile(r"[*_>#\s]+")


def _talk_sentences(low: str) -> list[str]:
    """The sentences of a short reply, its terminal wrapping undone, without their emphasis,
    stripped, the empty ones left out."""
    found = split_sentences(_WRAPPED.sub(" ", low))
    return [bare for s in found if (bare := _EMPHASIS.sub(" ", s).strip())]


# ---------------------------------------------------------------- accepts_only

# An acceptance is a line: a word of assent at most and a clause that it will do the task (a
# bare "OK" or "好的！" may be a person's word in a thread, not a model's turn).
ACCEPTANCE_CHARS = 80

_ACCEPTING = (
    rf"(?:i can do that|i can help(?: with that)?|i(?:{APOSTROPHE}d| would) be (?:happy|glad) to"
    rf"(?: help)?|i{_WILL} do (?:it|that|my best)|let me do that|happy to help|here you go"
    rf"|i(?:{APOSTROPHE}m| am) on it)"
)
_ACCEPTS = re.compile(
    rf"(?:(?:{_ACKS})[,.!]*\s*)?{_ACCEPTING}[.!]*(?:\s*[\U0001F600-\U0001F64F\u263a])?",
    re.IGNORECASE,
)
_ACCEPTS_ZH = re.compile(
    rf"(?:(?:{_ACKS})[，,！!。]?)?我(?:来|可以|会|这就)"
    r"(?:(?:帮你|为你|帮您|为您)(?:写|做|完成|处理)?|写|做|完成|处理)(?:一下)?[。！!~]?"
)


def may_accept(text: str, low: str, lexicon: Lexicon) -> bool:
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


# ---------------------------------------------------------------- announces_only

# An announcement is a sentence or a few; a longer reply has room for a report.
ANNOUNCE_CHARS = 600
ANNOUNCE_SENTENCES = 5

# What may stand before the announcement in its sentence: acknowledgements and step words.
_LEAD = rf"(?:(?:{_ACKS}|now|next|first|then|so|and)[,.!:;\s\u2014-]+)*"
# A sentence that opens with the work to come (lower-cased, after `_LEAD`).
_ANNOUNCES = re.compile(
    rf"^\W*{_LEAD}(?:"
    rf"(?:now,? let me|let me (?:now|first)){_STEP} (?:{_VERBS}|get)\b"
    rf"|(?:i|we){_WILL}{_STEP} (?:{_VERBS})\b"
    rf"|(?:i|we)(?:['\u2019]m| am|['\u2019]re| are)(?: now| still)? (?:{_GERUNDS})\b.*\bnow\b"
    r"|(?:still )?in progress\b.*\bnow\b"
    r"|i (?:now )?proceed\b"
    rf"|(?:{_GERUNDS})\b.*\bnow\b"
    rf"|{_IF_YOU_WANT}\W+(?:i|we) (?:can|could){_STEP} (?:{_VERBS})\b.*\bnow\b"
    rf"|{_ASKS_TO} (?:proceed|continue|go ahead|start|begin)\b"
    r")"
)
# A sentence that may stand beside an announcement, which it does not make one: the work not
# done yet ("I haven't applied the fix yet."), the work needed ("I need to explore the repo").
# ... or that the looking is done and the work may start ("Now I have a complete understanding
# of the architecture.", "现在我已经收集了足够的信息。"): no finding of the task's.
_BESIDE = re.compile(
    r"^\W*(?:i|we) (?:haven['\u2019]t|have not)\b[^.]*\byet\b"
    rf"|^\W*(?:i|we) (?:need to|must|should){_STEP} (?:{_VERBS})\b"
    rf"|^\W*{_LEAD}(?:i|we)(?: now)? (?:have|['\u2019]ve)(?: now)? (?:gathered|collected"
    r"|(?:a |an )?(?:complete|clear|good|full|better|comprehensive|solid) (?:understanding"
    r"|picture|overview|view)|all the (?:context|information|info|details)"
    r"|enough (?:information|context|details))\b(?![^.]*\b(?:is|are|was|were|shows|fails)\b)"
    r"|^\W*(?:现在|好的)?\W*我(?:已经|已)(?:收集|了解|掌握|获取|获得|查阅)"
)
# A finding said in the announcement's sentence: "I'm running it now and the error is gone."
_FINDING = re.compile(
    r"(?:\band\b|\bbut\b|,|;)\s+(?:[\w'\u2019-]+\s+){0,4}?(?:is|are|was|were|works|worked"
    r"|fails|failed|seems|shows|showed|returns|returned|got|has been|have been|isn['\u2019]t"
    r"|aren['\u2019]t|wasn['\u2019]t|doesn['\u2019]t|didn['\u2019]t)\b"
)
# ... in Chinese: "好的我去执行", "让我先检查一下", "我现在就去修改"
# ("现在让我为您创建一个...示例：": a step word before "让我", the one served after it; "基于这些
# 资料，我将为您制定...": what the work rests on before it)
_ANNOUNCES_ZH = re.compile(
    rf"^\W*(?:{_ACKS})?\W*(?:现在|接下来|然后|首先|下面)?\W*(?:(?:基于|根据)[^，。,]{{1,30}}[，,]\s*)?"
    r"(?:我|让我)"
    r"(?:现在|马上|这就|先|立即|立刻|接下来|将|会|要)?就?(?:为您|为你|帮您|帮你)?"
    r"(?:去|来|开始|将|会|要)?(?:执行|处理|修改|检查|查看|看看|看一下|运行|实现|编写|写|更新|修复"
    r"|创建|读取|分析|完成|做|制定|整理|整合|生成|搜索|收集)"
)
# ... in Korean and Japanese: a verb of the work in the volitional future ("PNG 이미지로 변환해서
# 문서에 삽입하겠습니다", "확인해 보겠습니다", "このまま結果を待ちます", "ファイルを確認します").
_ANNOUNCES_KO_JA = re.compile(
    r"(?:확인|수정|진행|실행|작성|추가|변환|삽입|생성|업데이트|분석|구현|설치|시작|검토|적용|반영"
    r"|조사|점검|처리|변경|제거|삭제|정리|테스트|빌드|배포)(?:을|를)?\s?(?:해\s?)?(?:하|드리|보)겠습니다"
    r"|(?:살펴|찾아|읽어|알아|해|돌려|열어)\s?보겠습니다"
    r"|(?:確認|修正|実行|作成|追加|変換|更新|調査|実装|導入|検証|分析|対応|削除|変更)(?:を)?(?:し|いたし)ます"
    r"|(?:待ち|読み|調べ|進め|見てみ|試し|直し)ます"
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
    rf"|{_ASKS_TO}"
    r"|现在|马上|这就|先|立即|立刻|接下来|去|开始|让我"
    r"|먼저|우선|이제|지금|바로|대로|このまま|まず|今から|これから"
)
# A person's promise or a thread's talk (`later`), a name addressed, a smiley.
_LATER = re.compile(rf"(?<!\w)(?:{_words('later')})(?!\w)|@\w|:\)")
_ASKS_PLAN = re.compile(rf"(?<!\w)(?:{_words('asks_plan')})(?!\w)")
# The words one of the forms needs, for the cheap test: those that are plain substrings, each
# looked for by a scan in C (one alternation of them all, with no literal first character, was
# tried at every position: ~7 us on 600 characters), a reply ending on a colon, and the words
# that need a word's boundary, searched only when their letters are there.
_ANNOUNCE_WORDS = (
    "let me",
    "going to",
    "proceed",
    "we're",
    "we\u2019re",
    "we are",
    "in progress",
    "if you",
    *(f"{ask} {who} to" for ask in ("would you like", "do you want") for who in ("me", "us")),
    "shall i",
    "shall we",
    "让我",
    "겠습니다",
    "ます",
)
_ANNOUNCE_KEYS = KeySet(_ANNOUNCE_WORDS)  # (one search of them in a text that is not ASCII)
_BOUNDED_CORES = ("'ll", "\u2019ll", "i will", "we will", "i'm ", "i\u2019m ", "i am ")
_ANNOUNCE_BOUNDED = re.compile(rf"{APOSTROPHE}ll\b|\bi will|\bwe will|\bi{APOSTROPHE}m |\bi am ")
_ANNOUNCE_ZH = re.compile(r"我(?:去|来|现在|马上|这就|先|开始|将|会|要)")


def may_announce(text: str, low: str, lexicon: Lexicon) -> bool:
    """Whether a reply may be an announcement of work alone (so that it is not cleared
    unread): short, and one of the forms' words in it."""
    if len(text) > ANNOUNCE_CHARS:
        return False
    if _ANNOUNCE_KEYS.found(low) or low.rstrip().endswith(":"):
        return True  # (a colon and only spaces after it: the form's `:\s*$`)
    if any(core in low for core in _BOUNDED_CORES) and _ANNOUNCE_BOUNDED.search(low):
        return True
    return "我" in low and _ANNOUNCE_ZH.search(low) is not None


def announced_steps(low: str, to_task: bool = False) -> Sequence[str]:
    """The sentences of a reply (lower-cased) when every one announces the work to come or
    only acknowledges, one at least announces, and something says the work is for this turn
    (to a plain task, `to_task`, the turn is the time the task was given for: "I'll update the
    task specification with these additional requirements." and no more); else ()."""
    if len(low) > ANNOUNCE_CHARS or "```" in low or _LATER.search(low):
        return ()
    if not to_task and not _NOW.search(low):
        return ()
    sentences = _talk_sentences(low)
    if not sentences or len(sentences) > ANNOUNCE_SENTENCES:
        return ()
    if not _NOW.search(low) and any(opens_with_condition(s) for s in sentences):
        return ()  # a writer's "when the quota is exceeded, wait until the next day": a rule
    announced = 0
    for sentence in sentences:
        if (
            _ANNOUNCES_ZH.search(sentence)
            or _ANNOUNCES_KO_JA.search(sentence)
            or (
                _ANNOUNCES.search(sentence)
                and _VAGUE.match(sentence) is None
                and _FINDING.search(sentence) is None
            )
        ):
            announced += 1
        elif (
            _ACK_ONLY.search(sentence) is None
            and _BESIDE.search(sentence) is None
            and not accepts(sentence)
        ):
            return ()  # a finding, a report, a question: more than an announcement
    return sentences if announced else ()


def announces_only(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """The reply only announces or acknowledges the work, for this turn (`announced_steps`),
    to a request that did not ask for a plan or the steps."""
    if not may_announce(r.text, r.low, r.lexicon) or _ASKS_PLAN.search(r.question):
        return ()
    steps = announced_steps(r.low, r.plain_task)
    if not steps:
        return ()
    return (Signal("announces_only", w["announces_only"], steps[-1][:60]),)


# ---------------------------------------------------------------- ends_announcing

# The step forms an agent's narration uses and a person's thread talk does not: "Now let me
# write the document.", "Let me first explore the codebase", "Let me start by exploring ...",
# "I'll now run the tests".
_NEXT_STEP = re.compile(
    rf"^\W*(?:(?:{_ACKS})[,.!\s]+)?(?:"
    rf"now,? let me|let me (?:now|first|next)|let me (?:start|begin) by"
    rf"|(?:now|next),? (?:i|we){_WILL}|(?:i|we){_WILL} now"
    rf"){_STEP} (?:{_VERBS}|{_GERUNDS}|get)\b"
)


# A next step that checks the work done ("Now, I will run `npm run build` again to ensure this
# change hasn't introduced any new errors."): the report before it is the answer. ... or that
# shows what it found after its colon ("Now let me check: the error is gone after the reload").
_VERIFYING = re.compile(
    r"\bto (?:ensure|verify|confirm|make sure|double[- ]check|see (?:if|whether)|check (?:if|that"
    r"|whether))\b|\b(?:again|verify|confirm|double[- ]check)\b|:\s*\S"
)


def next_step_last(low: str) -> str | None:
    """The reply's last sentence when it announces the next step in an agent's narration form
    and the reply stops there (a short reply, no code, no thread talk); else None."""
    if len(low) > ANNOUNCE_CHARS or "```" in low or _LATER.search(low):
        return None
    sentences = _talk_sentences(low)
    if len(sentences) < 2 or len(sentences) > ANNOUNCE_SENTENCES:
        return None
    last = sentences[-1]
    if _NEXT_STEP.search(last) is None or _FINDING.search(last) or _VERIFYING.search(last):
        return None
    return last


def ends_announcing(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """A short reply that reports a step or a finding and ends on the announcement of the
    next ("Shrunk them to crow size. Now let me write the creation process document."), to a
    request that did not ask for a plan: with no tool call in the turn, the run stops where
    the rest of the work was to begin. (A reply that is only announcements is
    `announces_only`.)"""
    if not may_announce(r.text, r.low, r.lexicon) or _ASKS_PLAN.search(r.question):
        return ()
    last = next_step_last(r.low)
    if last is None or announced_steps(r.low, r.plain_task):
        return ()
    return (Signal("ends_announcing", w["ends_announcing"], last[:60]),)


# ---------------------------------------------------------------- under_way

# The notice is its reply's first paragraph: a coding agent's placeholder may quote the issue it
# took after it ("Original issue description: > ..."), which is no work of its own.
UNDER_WAY_CHARS = 400
# The work said started or under way ("started fixing the issue", "I'm starting to work on it",
# "The developer agent is working on implementing the audit trail page") ...
_STARTED = re.compile(
    r"\b(?:started|starting|begun|beginning) (?:to )?(?:work(?:ing)? on|fix|implement|address"
    rf"|{_GERUNDS})\b"
    rf"|\b(?:is|am|are|['’]m|['’]re) (?:now )?(?:still )?working on (?:{_GERUNDS})\b"
)
# ... and where its progress will be told instead ("You can monitor the progress here", "will
# keep this PR's description up to date as I ... make progress", "I'll check back on its
# progress shortly").
_PROGRESS = re.compile(
    r"\b(?:monitor|track|follow|watch|view|check (?:back )?on) (?:the |its |my |their )?progress\b"
    r"|\bkeep (?:this|the) (?:pr|pull request|issue|description)\S* (?:\w+ )?up to date\b"
)


def under_way(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """The reply's first paragraph says the work has started or is under way and where its
    progress will be shown ("OpenHands started fixing the issue! You can monitor the progress
    here.", "I'm starting to work on it and will keep this PR's description up to date as I form
    a plan", "The developer agent is working on implementing the page. I'll check back on its
    progress shortly."): a coding agent's placeholder where its result goes. A person's "We're
    working on it, will keep you posted" promises no place to watch, and is left alone."""
    if "progress" not in r.low and "up to date" not in r.low:
        return ()
    first = r.low.lstrip().split("\n\n", 1)[0]
    if len(first) > UNDER_WAY_CHARS or "```" in r.low:
        return ()
    started = _STARTED.search(first)
    if started is None or _PROGRESS.search(first) is None:
        return ()
    for sentence in _talk_sentences(first):
        if _THANKS.match(sentence) is not None or _PROGRESS.search(sentence) is not None:
            continue
        begun = _STARTED.search(sentence)
        if begun is None or _FINDING.search(sentence) or ":" in sentence[begun.end() :]:
            return ()  # a finding or a report beside it ("I started fixing X: the tests pass")
    found = Signal("under_way", w["under_way"], started.group(0)[:60])
    if _QUOTES_TASK.search(r.text, len(first)) is None:
        return (found,)
    # the rest only quotes the task: the answer signals read in it are not the agent's words
    return (found, Signal("under_way_quoting", w["under_way_quoting"], "the task quoted"))


# The task quoted after the placeholder, introduced by a line of its own ("Original issue
# description:" and the issue in a quote block): what it says is the asker's, not the agent's.
_QUOTES_TASK = re.compile(r"\n[^\n>]{1,60}:[ \t]*\n(?:[ \t]*\n)*[ \t]*>")


# A thanks for the task, the only other sentence a placeholder has ("Thanks for assigning
# this issue to me.").
_THANKS = re.compile(r"^\W*(?:thanks|thank you)\b")


# ---------------------------------------------------------------- offers_only

# An offer alone is two or three sentences.
OFFER_CHARS = 400
# ... and at most this many.
OFFER_SENTENCES = 3

# A sentence offering work: "Would you like me to", "If you want, I can", "Do you want me to".
_OFFER = re.compile(
    rf"(?:{_IF_YOU_WANT}[^.?!,]{{0,20}},?\s+(?:i|we) (?:can|could)|{_ASKS_TO}|want me to"
    rf"|let me know {_IF_YOU_WANT} (?:me|us) to|(?:i|we) (?:can|could) also)\b"
)
# ... of more work than was done.
_MORE = re.compile(r"\b(?:also|next|too|as well|another|further|additional(?:ly)?|even|more)\b")
# The words a reply must hold to be read at all (`may_offer`).
_OFFER_CUES = (
    "would you like",
    "if you",
    "want me to",
    "want us to",
    "shall ",
    "can also",
    "could also",
)


@kept
def _offer_sentences(r: Reply) -> list[str]:
    """The reply's sentences, lower-cased and without their emphasis, when it is short enough
    to be only talk and opens as an offer; else none."""
    low = r.low.strip()
    if len(low) > OFFER_CHARS or "```" in low:
        return []
    start = _EMPHASIS.sub(" ", low[:60]).lstrip()
    if _OFFER.match(start) is None or not r.written:
        return []
    found = _talk_sentences(low)
    return found if len(found) <= OFFER_SENTENCES else []


def may_be_under_way(text: str, low: str, lexicon: Lexicon) -> bool:
    """The reply may say its work is under way, its progress shown elsewhere: not cleared
    unread."""
    return ("progress" in low or "up to date" in low) and _STARTED.search(low[:1000]) is not None


def may_offer(text: str, low: str, lexicon: Lexicon) -> bool:
    """The reply may be an offer alone: not cleared unread."""
    return len(low) <= OFFER_CHARS and any(cue in low for cue in _OFFER_CUES)


def offers_only(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """Every sentence offers work, one of them more work ("If you want, I can also ...",
    "Would you like me to generate ... next?")."""
    found = _offer_sentences(r)
    if not found or not all(_OFFER.match(s) for s in found):
        return ()
    if not any(_MORE.search(s) for s in found):
        return ()
    return (Signal("offers_only", w["offers_only"], found[0][:80]),)
