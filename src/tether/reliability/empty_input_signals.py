"""An extraction step's reply that calls its input empty instead of giving what it holds.

A memory extractor, a scraper or an OCR model is asked for records, observations or the page's
text; when it answers in prose about its input ("The session response contains only metadata
about tool availability.", "There are no substantive observations to extract from this
session.", "I'm sorry, but the scanned page is blank."), that sentence is saved in place of the
output. An honest empty result keeps the demanded form (`{"facts": []}`, `[]`); a reply that
only describes its input as empty or unreadable gives nothing a caller can use. Where the request
makes an empty finding plausible, it is the answer: a question whether the document holds
something ("Does the contract contain a termination clause? Extract it if so."), or material
shown whole in a line or two ("user: hello\nassistant: hi") that the reply does not dismiss as
noise ("substantive", "only metadata": then the input had content). The words are data of
`judge_signals.json` (`input_said_empty`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

from tether.reliability.lexicon import SHIPPED
from tether.reliability.refusal_grammar import regexes
from tether.reliability.reply import Reply, Signal

_DATA: Mapping[str, Any] = SHIPPED.get("input_said_empty", {})
# Such a reply is a sentence or three about the input; a longer one is an answer that says more.
EMPTY_INPUT_CHARS = 400
# The input said empty or only noise, at the reply's opening: "The response does not contain
# any substantive observations", "There are no facts to extract".
_SAYS_EMPTY = re.compile(regexes(_DATA.get("says_empty", ())))
# The sheet said blank or unreadable, ending its clause: "The page is blank.", "The image is
# too blurred and rotated to produce a reliable transcription".
_SAYS_BLANK = re.compile(regexes(_DATA.get("says_blank", ())))
# An extractor's own terms ("extract", "observations", "visible text"): without one, "does not
# contain any" is a question's answer about a document, not an extraction's excuse.
_EXTRACT_WORDS = tuple(str(t) for t in _DATA.get("extract_words", ()))
# Cheap substrings one of which every phrase holds (`in`, before any regex).
_GATE = tuple(str(t) for t in _DATA.get("gate", ()))
# A request's first line that asks whether its document holds something ("?", "if so").
_ASKED_WHETHER = tuple(str(t) for t in _DATA.get("asked_whether", ()))
# A reply's words that dismiss its input as noise ("substantive", "only metadata"): the input
# had content, and calling it empty is the extraction's excuse.
_DISMISSED_AS_NOISE = tuple(str(t) for t in _DATA.get("dismissed_as_noise", ()))
# Material shown in the request under its first line, at most this long: a line or two, which
# may truly hold nothing to extract.
SHOWN_MATERIAL_CHARS = 80


def input_called_empty(text: str, question: str = "") -> str | None:
    """The words with which a short reply opens by calling its input empty, only noise, blank
    or unreadable (`input_said_empty`), else None; `question` (lower-cased, may be empty): the
    request, which may make an empty finding plausible (`_finds_nothing_plausibly`)."""
    if len(text) > EMPTY_INPUT_CHARS:
        return None
    low = text.strip().lower().replace("\u2019", "'")
    if not any(g in low for g in _GATE):
        return None
    blank = _SAYS_BLANK.search(low)
    if blank is not None:
        return blank.group(0)
    empty = _SAYS_EMPTY.search(low)
    if empty is None or not any(w in low for w in _EXTRACT_WORDS):
        return None
    return None if _finds_nothing_plausibly(question, low) else empty.group(0)


def _finds_nothing_plausibly(question: str, low: str) -> bool:
    """Whether the request makes an empty finding plausible: its first line asks whether its
    document holds something, or it shows its material in a line or two that the reply `low`
    does not dismiss as noise."""
    first, _, material = question.strip().partition("\n")
    if any(a in first for a in _ASKED_WHETHER):
        return True
    shown = len(material.strip())
    return 0 < shown <= SHOWN_MATERIAL_CHARS and not any(n in low for n in _DISMISSED_AS_NOISE)


def input_said_empty(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """The reply only says its input holds nothing to extract (`input_called_empty`): the
    extraction's excuse saved in place of its records, memories or text."""
    found = input_called_empty(r.text, r.question)
    if found is None:
        return ()
    return (Signal("input_said_empty", w["input_said_empty"], found[:60]),)
