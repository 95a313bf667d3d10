"""A grader's reply without its verdict.

An LLM judge (MT-Bench, Arena-Hard, AlpacaEval, JudgeBench...) is sent another assistant's
answer framed for judgment ("[The Start of Assistant's Answer] ... [The End of Assistant's
Answer]", "<|The Start of Assistant A's Conversation with User|>") and told to end with its
verdict in a set form ("Rating: [[5]]", "[[A>B]]", "final verdict"). What comes back counts
only with that verdict: a rationale that stops before it, a summary of the judged answer, a
continuation of the judged transcript ("### User: ..."), "Confidence: 90%" or "To\\nBoth" is
stored as an error score by the benchmark, however well it reads.

A real judgment carries a verdict in some form: the demanded brackets, a "Rating:" or
"Score:" field, a "7/10", a JSON "score". Any of them clears the reply (a judge that wrote
"Score: 8" where "[[8]]" was asked gave its verdict all the same), unless the pairwise form is
broken ("[[A=]]") or a short reply gives two of them ("[[A>B]] ... [[B>A]]"): verdict_malformed.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from functools import lru_cache
from itertools import pairwise
from typing import Any

from tether.messages import Request
from tether.reliability.asked import last_user_text
from tether.reliability.lexicon import SHIPPED, Lexicon, field_alternation
from tether.reliability.once import last_asked
from tether.reliability.reply import QUESTION_CHARS, Reply, Signal

# The words of a grader's request and of its verdict (`grader` in judge_signals.json).
_DATA: Mapping[str, Any] = SHIPPED.get("grader", {})


def _words(field: str) -> str:
    """The words of `field` as an alternation."""
    return field_alternation(_DATA, field)


_WORKS = _words("graded_works")
# The request frames an answer for judgment, or demands a judge's verdict form.
_GRADING = re.compile(
    r"[\[<]\|?the (?:start|end) of (?:the )?(?:assistant(?: [ab12])?|reference)['\u2019]?s? "
    r"(?:answer|response|conversation)|"
    rf"\bact as an? (?:{_words('judge_manners')}) (?:{_words('judge_roles')})\b|"
    r"\[\[(?:rating|score|a|b|c|a>b|a=b|true|false)\]\]|"
    r"\b(?:output|give|provide|state) your final verdict\b|"
    r"\brate the (?:response|answer)s? on a scale\b|"
    # a grader of students' work: "You are a grader for a tenth-grade exam", "assign a score
    # to the student's response", "rate the response according to the scoring rubric"
    r"\byou are an? (?:[\w-]+ ){0,3}grader\b|"
    r"\bassign an? (?:score|grade) to the (?:student['\u2019]?s['\u2019]? )?"
    rf"(?:{_WORKS})|"
    rf"\b(?:rate|grade|score) the (?:student['\u2019]?s['\u2019]? )?(?:{_WORKS})s? "
    r"(?:according to|using|based on|against) the (?:scoring |grading )?rubric\b",
    re.IGNORECASE,
)

# A verdict in any form a judge writes it (a ranker's "FINAL RANKING:" over its list too).
_VERDICT = re.compile(
    r"\[\[[^\[\]\n]{1,16}\]\]|"
    rf"\b(?:{_words('verdict_labels')})\b"
    r"[\"'*\]\s]*[:=]|"
    # a heading over the verdict: "# Rating\n\n2"
    r"^#+[ \t]*(?:rating|score|grade)[ \t]*\n\s*\d|"
    r"\b\d{1,3}(?:\.\d+)?\s*/\s*10{1,2}\b|"
    # a mark out of a maximum ("8 out of 10", "seven out of ten"); not a scale named alone
    # ("the ratings are out of 10", a summary of the judged answer's own ratings)
    rf"\b(?:\d{{1,3}}(?:\.\d+)?|{_words('count_words')})\W{{0,3}}"
    rf"out of (?:{_words('out_of')})\b|" + _words("verdict_words"),
    re.IGNORECASE | re.MULTILINE,
)


# A verdict's label followed by nothing of its own: blanks to fill ("Rating: $______$"), the
# end, or on a later line the next field's label, itself unfilled, or a remark of the form
# ("Score:\n\n\nRationale:", "Rating: \n\n(Please provide just the score ...)"): the form
# echoed unfilled. A word with its reason on the next line is the verdict given ("Verdict:\n
# Correct: the student names both causes").
_BLANK = r"[ \t$*]*(?:_{2,}[ \t$*]*)?"
_BLANK_VALUE = re.compile(
    rf"{_BLANK}(?:\n\s*(?:(?:#+[ \t]*)?[A-Za-z][\w ]{{0,20}}:{_BLANK}$|\()|\s*\Z)", re.M
)


def verdict_of(text: str) -> str | None:
    """How a grader's text gives its verdict: "given" (one of its forms, a label's value
    filled in), "blank" (its labels only, their values left blank: the form echoed), or None
    (no verdict's form at all)."""
    blank = False
    for found in _VERDICT.finditer(text):
        if not found.group().endswith((":", "=")) or not _BLANK_VALUE.match(text, found.end()):
            return "given"
        blank = True
    return "blank" if blank else None


@lru_cache(maxsize=64)
def _grading(system: str, question: str) -> bool:
    """Whether the system prompt or the question frames a judgment (read once per request:
    every attempt at one request, and every reply cleared unread, asks again)."""
    return _GRADING.search(system[:QUESTION_CHARS]) is not None or (
        _GRADING.search(question[:QUESTION_CHARS]) is not None
    )


# (kept for the last request read: gathering its prompts cost a 2 KB answer's clearing a sixth
# more, and every attempt at one request asks again)
@last_asked
def grading_request(request: Request | None) -> bool:
    """Whether the request is a judge's: it frames an assistant's answer for judgment or
    demands a verdict's form (a long reply to it is read, not cleared unread)."""
    assert request is not None  # (`last_asked` reads None as False)
    system = " ".join(m.text_content for m in request.messages if m.role == "system")
    question = last_user_text(request)
    return _grading(system, question)


def unrated_judgment(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """A reply to a judge's request that carries no verdict in any form: the judgment was
    not delivered (whatever the rationale, summary or continuation in its place says). A
    reply that writes the answer form out with its verdict's field blank ("Score:\\n\\n
    Rationale:" after the student's answer written on) says so the more plainly
    (verdict_left_blank)."""
    if not r.question or not _grading(r.system, r.raw_question):
        return ()
    verdict = verdict_of(r.text)
    if verdict == "given":
        return ()
    if verdict == "blank":  # the answer form written out, its verdict's field left empty
        return (Signal("verdict_left_blank", w["verdict_left_blank"], f"{len(r.text)} chars"),)
    return (Signal("unrated_judgment", w["unrated_judgment"], f"{len(r.text)} chars, no verdict"),)


# The two answers a pairwise judge compares, named as it names them ("Assistant A",
# "Response B", "어시스턴트 A", "助手A").
_SIDE_NAMES = tuple(str(name) for name in _DATA.get("sides", ()))


def _side_names(side: str) -> tuple[str, ...]:
    return tuple(name + side for name in _SIDE_NAMES)


_SIDES = (_side_names("A"), _side_names("B"))
_SIDE_MENTIONS = 3  # a judgment speaks of the sides again and again, not in a passing name
# How a finished text ends: a sentence's stop, a closing bracket, quote or markup.
_FINISHED = ".!?\u3002\uff01\uff1f\u2026)]}\"'*`>|\u300d\u300f\uff09"


def compares_sides(text: str) -> bool:
    """Whether a text is a pairwise judge's: it names both sides (A and B) again and again.
    (Counted as substrings: a pattern of every name before a letter costs ~200 us on 2 KB.)"""
    if " B" not in text and "助手B" not in text:
        return False  # (cheap: most texts name no side B)
    counts = [sum(text.count(name) for name in names) for names in _SIDES]
    return min(counts) >= 1 and sum(counts) >= _SIDE_MENTIONS


def unfinished_judgment(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """A pairwise judge's rationale that breaks off inside a sentence, no verdict given
    ("... Assistant A says: False. Assistant B says: True. Both are wrong. However,"): the
    token limit cut it before the judgment, whatever its reasoning said."""
    text = r.text.rstrip()
    if not may_fire(text, r.low, r.lexicon) or _VERDICT.search(text) is not None:
        return ()
    return (Signal("unfinished_judgment", w["unfinished_judgment"], f"...{text[-30:]!r}"),)


def may_fire(text: str, low: str, lexicon: Lexicon) -> bool:
    """Whether a reply may be a pairwise judgment broken off (so that it is not cleared
    unread): it ends inside a sentence and names both sides."""
    end = text.rstrip()[-1:]
    return bool(end) and end not in _FINISHED and compares_sides(text) and not _names_winner(text)


# Words of a last line that names the side it prefers ("Overall: Assistant A", "Winner: B").
_WINNER_CUE = re.compile(rf"\b(?:{_words('winner_cues')})\b", re.IGNORECASE)


def _names_winner(text: str) -> bool:
    """Whether a text ends on a line that names a side as the better one ("Overall Assistant
    A", "Winner: **Assistant B**"): the verdict said in words, not a rationale broken off
    ("Let's re-check Assistant B")."""
    tail = text.rstrip(" \t\n*_")
    if not any(tail.endswith(name) for names in _SIDES for name in names):
        return False
    return _WINNER_CUE.search(tail[tail.rfind("\n") + 1 :]) is not None


# A pairwise verdict in the arena form: "[[A>>B]]", "[[A=B]]", "[[B>A]]" (spaced: "[[A = B]]").
_PAIR_VERDICT = re.compile(r"\[\[ ?([AB]) ?(>>|>|=|<|<<) ?([AB]) ?\]\]")
# The form with a side missing: "[[A=]]", "[[>B]]", "[[A = ]]".
_PAIR_BROKEN = re.compile(r"\[\[ ?(?:[AB] ?(?:>>|>|=|<|<<)|(?:>>|>|=|<|<<) ?[AB]) ?\]\]")
# Words between two verdicts that set one aside ("[[A>B]] rather than [[A>>B]]"): one verdict.
_SET_ASIDE = re.compile(rf"\b(?:{_words('verdicts_set_aside')})\b", re.IGNORECASE)
# A judge's reply this short is its verdict with a line of reasons at most: two verdicts in it
# contradict each other (a longer judgment may quote the form's options).
VERDICTS_CHARS = 200
# Marks that quote what they hold: a verdict inside them is talked about, not given.
_QUOTES = "`'\"\u2018\u2019\u201c\u201d"


def _quoted(text: str, start: int, end: int) -> bool:
    """Whether the span is set in quotes or backticks ("`[[A=]]` has no right-hand side")."""
    before, after = text[start - 1 : start], text[end : end + 1]
    return bool(before and before in _QUOTES) or bool(after and after in _QUOTES)


def _talks_of_verdicts(r: Reply) -> bool:
    """Whether the request speaks of verdicts without asking for one in the bracketed form or
    framing a judgment ("List the verdict labels the judge prompt allows"): the reply names
    them, it gives none."""
    if "[[" in r.instructions or _grading(r.system, r.raw_question):
        return False
    return _VERDICT_WORD.search(r.instructions) is not None


_VERDICT_WORD = re.compile(rf"\b(?:{_words('verdict_labels')})", re.IGNORECASE)


def verdict_malformed(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """A pairwise judge's verdict the benchmark cannot score: the bracketed form with a side
    missing ("my verdict: [[A=]]") and no whole verdict beside it, or a short reply that gives
    two different verdicts ("[[A>B]] ... [[B>A]]"): it is stored as an error, not a win. Not
    read to a request that speaks of verdicts without asking one, nor a broken form quoted (in
    quotes, or as the request wrote it), nor two verdicts of which one is set aside."""
    text = r.text
    if "[[" not in text or _talks_of_verdicts(r):
        return ()
    found = list(_PAIR_VERDICT.finditer(text))
    verdicts = {m.group(0).replace(" ", "") for m in found}
    if not verdicts:
        for broken in _PAIR_BROKEN.finditer(text):
            form = broken.group(0)
            if not _quoted(text, broken.start(), broken.end()) and form not in r.raw_question:
                return (Signal("verdict_malformed", w["verdict_malformed"], form),)
        return ()
    if len(verdicts) >= 2 and len(text.strip()) <= VERDICTS_CHARS:
        between = (text[a.end() : b.start()] for a, b in pairwise(found))
        if any(_SET_ASIDE.search(gap) for gap in between):
            return ()
        return (
            Signal("verdict_malformed", w["verdict_malformed"], " and ".join(sorted(verdicts))),
        )
    return ()
