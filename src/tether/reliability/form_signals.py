"""A short reply that holds none of the form its request fixes.

Benchmarks, classifiers and routers fix the reply's form in the request: the labels it may be
("choose from the following two options: [yes, no]", "Answer with ONLY: OK or FLAG"), the
lettered options laid out one a line ("Choices:\\n(A) yes\\n(B) no"), a number alone ("Respond
only with a number and nothing else", "Respond with only the date"). The caller reads that
form and nothing else; a reply that holds none of it ("(C) can't tell\\n(D) don't know", an
upload's path and timestamp, "I'm DeepSeek-R1 ..." to "Respond with only the date") gave no
answer, whatever it says.

An answer gives the form, even with words around it ("No, the liver is not visible",
"The answer is (B), No.", "the length of AB cannot be determined from the information given"
for that option's text): any offered label named as a word, any offered letter or any option's
words, any digit where a number was asked clears it. Only short replies are read: a longer one
reasons, and may give its pick in words no reading here knows.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from functools import lru_cache

from tether.messages import Request
from tether.reliability.asked import last_user_text
from tether.reliability.once import last_asked
from tether.reliability.question_signals import offered_labels
from tether.reliability.reply import QUESTION_CHARS, Reply, Signal
from tether.reliability.words import content_words

# A reply that gives a fixed form is a line or two; longer, it reasons in words of its own.
FORM_CHARS = 300
# Options laid out one a line, lettered: "(A) yes", "B) 5", "C. None".
_LETTERED = re.compile(r"(?m)^[ \t]*\(?([A-H])[).][ \t]*(\S[^\n]{0,120})$")
# ... in a request that asks for one of them (not a list of steps, nor sub-questions to answer,
# that happens to be lettered).
_ASKS_OPTION = re.compile(r"\b(?:option|choice|choose|select|pick)", re.IGNORECASE)
# A number asked alone: "Respond only with a number", "only output the number", "with only the
# date", "provide the final value, e.g., 1, 2, 3".
_NUMBER_ONLY = re.compile(
    r"\bonly\b[^.\n]{0,20}?\b(?:a|the|one)\s+(?:single\s+)?(?:numeric(?:al)?\s+)?"
    r"(?:number|digit|integer|date|year)\b"
    r"|\b(?:number|digit|integer)\s+(?:and|with)\s+nothing\s+else\b"
    r"|\bfinal value, e\.g\., 1, 2, 3\b",
    re.IGNORECASE,
)
# A number of the reply's own: not a digit inside a name ("DeepSeek-R1", "GPT-4").
_NUMBER = re.compile(r"(?<![A-Za-z\-])\d")


def _letter_at(text: str, letter: str) -> bool:
    """Whether `text` (as written) holds the option letter as a token of its own."""
    return re.search(rf"(?<![A-Za-z]){letter}(?![A-Za-z'\u2019])", text) is not None


# Where a request demands one of its labels as the whole reply: "Answer with ONLY: OK or FLAG",
# "Respond with only one word: ...", "choose from the following two options: [yes, no]"; the
# labels are read in the words after it (`offered_labels`), not anywhere in the request (a
# request names labels of other things: headers, a code's examples, words it forbids).
_LABEL_DEMAND = re.compile(
    r"\b(?:answer|respond|reply|output)\w*\s+(?:(?:only|just)\s+)?(?:with|using)\s+"
    r"(?:(?:only|just|exactly|one\s+of)\b|(?:a\s+single|one)\s+word\b)"
    r"|\b(?:choose|pick|select)\s+(?:one\s+)?(?:from|between|among)\b",
    re.IGNORECASE,
)
LABELS_AFTER = 120


def _demanded_labels(question: str) -> dict[str, bool]:
    """The labels the request demands one of as the whole reply (`_LABEL_DEMAND`), each with
    whether it was written in capitals."""
    found: dict[str, bool] = {}
    for m in _LABEL_DEMAND.finditer(question):
        window = question[m.end() : m.end() + LABELS_AFTER].split("\n\n", 1)[0]
        found.update(offered_labels("", window))
    return found


@lru_cache(maxsize=64)
def capital_labels(question: str) -> frozenset[str]:
    """The demanded labels (`fixed_form`) the request wrote in capitals (`FAST, BALANCED, or
    DEEP`): a sentence names one only in capitals ("This requires deep thought" names none)."""
    found = _demanded_labels(question)
    return (
        frozenset(k for k, capitals in found.items() if capitals)
        if len(found) >= 2
        else frozenset()
    )


@lru_cache(maxsize=64)
def fixed_form(question: str) -> tuple[tuple[str, ...], tuple[str, ...], bool]:
    """The form the request fixes: (labels demanded, lettered options as "letter text",
    a number alone asked). Read once per request: every reply to it asks again."""
    labels = tuple(_demanded_labels(question))
    lettered: tuple[str, ...] = ()
    if "\n" in question and _ASKS_OPTION.search(question) is not None:
        found = {m.group(1): m.group(2).strip() for m in _LETTERED.finditer(question)}
        if len(found) >= 2:
            lettered = tuple(f"{k} {v}" for k, v in found.items())
    number = _NUMBER_ONLY.search(question) is not None
    return (labels if len(labels) >= 2 else ()), lettered, number


@last_asked
def form_request(request: Request | None) -> bool:
    """Whether the request fixes its reply's form (a reply to it is read, not cleared unread:
    a line without the form has no failure word)."""
    assert request is not None  # (`last_asked` reads None as False)
    question = last_user_text(request)
    return any(fixed_form(question[:QUESTION_CHARS]))


def _names_option(text: str, low: str, words: frozenset[str], option: str) -> bool:
    """Whether the reply picks a lettered option: its letter, or its text's words."""
    letter, _, said = option.partition(" ")
    if _letter_at(text, letter):
        return True
    wanted = frozenset(content_words(said.lower())) or frozenset(said.lower().split())
    if not wanted:
        return False
    return len(wanted & words) * 2 >= len(wanted) or (" " in said and said.lower() in low)


# A reply this many words long at most may give a label in any case ("fast", "Answer: deep").
CASUAL_LABEL_WORDS = 3
_FIRST_WORD = re.compile(r"[\W_]*([\w']+)")


def _names_label(
    low: str, words: frozenset[str], label: str, written: frozenset[str] | None = None
) -> bool:
    """Whether the reply names `label` as a word; with `written` (the reply's words as written,
    when it says more than a label), a label the request wrote in capitals only in capitals or
    as the reply's first word ("Safe. No harm ..."): a word of a sentence ("This requires deep
    thought") is no pick."""
    if written is not None and " " not in label:
        first = _FIRST_WORD.match(low)
        return label.upper() in written or (first is not None and first.group(1) == label)
    return label in words or ((" " in label or "_" in label) and label in low)


def missing_form(r: Reply) -> str | None:
    """What form the request fixed that a short reply holds none of, or None."""
    if len(r.text) > FORM_CHARS or not r.question or r.after_tools:
        return None
    labels, lettered, number = fixed_form(r.raw_question[:QUESTION_CHARS])
    if not (labels or lettered or number):
        return None
    low = r.low
    words = frozenset(re.findall(r"[\w']+", low))
    capitals = capital_labels(r.raw_question[:QUESTION_CHARS]) if labels else frozenset()
    written = (
        frozenset(re.findall(r"[\w']+", r.text))
        if capitals and len(low.split()) > CASUAL_LABEL_WORDS
        else None
    )
    if labels and not any(
        _names_label(low, words, label, written if label in capitals else None) for label in labels
    ):
        if not any(c.isascii() and c.isalpha() for c in low) and all(x.isascii() for x in labels):
            return None  # (another script than the labels': an answer in its own language)
        return "none of " + ", ".join(labels[:4])
    if (
        lettered
        and not labels
        and not any(_names_option(r.text, low, words, option) for option in lettered)
    ):
        return "no option of " + ", ".join(o.split(" ", 1)[0] for o in lettered)
    if number and not labels and not lettered and _NUMBER.search(r.text) is None:
        return "no number"
    return None


def form_missing(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """A short reply that holds none of the form its request fixes (`missing_form`): the
    caller that reads the label, the option or the number finds nothing to read."""
    said = missing_form(r)
    return () if said is None else (Signal("form_missing", w["form_missing"], said),)
