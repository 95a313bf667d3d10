"""A reply that goes on to write the exam's next question.

Ask a model a multiple-choice question in a benchmark's form ("Question: ... A) ... B) ...
Answer with a single letter.") and a model that does not stop writes on in the same form: its
letter, then "Question: Which of the following ...?" and four options of a question nobody
asked, then another, to its token limit; or no answer at all, only "---\n\nQuestion: ..." items
of its own. The reply is long, fluent and on topic (its options read as a table, its
rationales as an explanation), but a scorer reads the wrong letter or none: the run went on
past its answer.

A question item is a "Question:" line with options under it ("A) ...", "(B) ...", "C. ...").
Two or more in a reply, or one after the reply's own answer ("Final Answer: C", a bare letter
opening it), are items written on. A request that asks for questions to be written ("Generate
five multiple-choice questions on ...") is answered by them.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from tether.reliability.lexicon import Lexicon
from tether.reliability.reply import Reply, Signal

# A question item: its "Question:" line (after a "---" rule, at most), then options among its
# next lines ("A) Miosis", "(B) no", "C. 4%").
_ITEM = re.compile(
    r"(?im)^(?:-{3,}[ \t]*\n\s*)?question[ \t]*\d*[ \t]*[:.][ \t]*\S[^\n]*\n"
    r"(?:[^\n]*\n){0,6}?[ \t]*\(?[a-e][).:][ \t]"
)
# The reply's own answer before the item: "Answer: C", "Final Answer: (B)", or a bare letter
# opening the reply.
_ANSWERED = re.compile(
    r"(?im)^(?:final answer|answer)[ \t]*:[ \t]*\(?[a-e]\)?[ \t]*$|\A\s*[a-e]\s*\n"
)
# A request that asks for questions to be written.
_ASKS_ITEMS = re.compile(
    r"\b(?:write|generate|create|make|compose|draft|prepare|design|give me|list)\b"
    r"[^.?!\n]{0,40}\b(?:questions?|quiz|quizzes|mcqs?|items?|exams?|tests?)\b"
)
# A reply that opens on its first item numbered one ("Question 1: ... Answer: A\n\nQuestion 2:"):
# a quiz written, each item with its answer, not a run writing on past its own answer; unless
# the request holds that item itself ("Question 1: What is ...? Answer:"): the reply echoes the
# item's label and the run writes on.
_QUIZ_OPENING = re.compile(r"\s*(?:\*\*)?question[ \t]*1[ \t]*[:.]", re.IGNORECASE)
_FIRST_ITEM = re.compile(r"\bquestion[ \t]*1[ \t]*[:.]")
# Items counted back against the prose and tables of the items written on.
ITEMS_COUNTED = 4


# How far into a reply its first item is looked for: a run goes on past its answer within a
# screen or two (a long answer is not scanned to its end: the judge's budget on a 50 KB answer
# is ~10 us).
ITEM_WITHIN = 4000


# A line that opens an item ("\nQuestion"): its letter is found first, a byte scan in C (a scan
# for the whole word cost ~1 us on a 2 KB answer, ~2 on a long one: the word's letters are
# everywhere in prose); past this many of them, the word itself is looked for.
_OPENS = ("\nQuestion", "\nquestion")
_LETTER_HITS = 8


def may_fire(text: str, low: str, lexicon: Lexicon) -> bool:
    """A reply with a line that opens "Question" near its start may write items on."""
    if text.startswith(("Question", "question")):
        return True
    for opens in _OPENS:
        letter = opens[1]
        at = text.find(letter, 1, ITEM_WITHIN - 7)
        hits = 0
        while at > 0:
            if text[at - 1] == "\n" and text.startswith(opens, at - 1, ITEM_WITHIN):
                return True
            hits += 1
            if hits == _LETTER_HITS:
                if text.find(opens, at, ITEM_WITHIN) >= 0:
                    return True
                break
            at = text.find(letter, at + 1, ITEM_WITHIN - 7)
    return False


def items_written_on(text: str) -> int:
    """How many question items `text` writes on past its answer (0 when none): two items or
    more, or one after the reply's own answer."""
    items = _ITEM.findall(text)
    if not items:
        return 0
    if len(items) >= 2:
        return len(items)
    first = _ITEM.search(text)
    before = text[: first.start() + 1] if first is not None and first.start() else ""
    return 1 if before and _ANSWERED.search(before) is not None else 0


def writes_next_items(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """A reply that writes the exam's next question items on past its answer (or instead of
    one): a run that did not stop, not an answer. Each item is counted back, up to
    `ITEMS_COUNTED`: its options and rationale read as a table and an explanation."""
    if not r.written or not may_fire(r.text, "", r.lexicon):
        return ()
    items = items_written_on(r.text)
    if not items or _ASKS_ITEMS.search(r.question) is not None:
        return ()
    if _QUIZ_OPENING.match(r.text) is not None and _FIRST_ITEM.search(r.question) is None:
        return ()  # (a quiz of numbered items, each answered: what a generator was asked)
    weight = w["writes_next_items"] + w["next_item"] * min(items, ITEMS_COUNTED)
    return (Signal("writes_next_items", weight, f"{items} question items written on"),)
