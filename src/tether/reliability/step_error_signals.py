"""A step's own error, met while it fetched or read its input, reported as the reply.

An agent or a notebook step asked to extract, fetch or summarise meets an error on the way
and writes that up where the result should be: "It seems there was an error while attempting
to extract the text from the image using OCR. ... I'm unable to extract the text from the
image as requested.", "It appears that I'm facing an issue retrieving data from Hacker News
... Unfortunately, I'm unable to provide the top article at this moment." Two parts make it,
in a short reply: an error met while doing the input's step (an error WHILE extracting,
retrieving, accessing), and the speaker unable to give the result. A person's report of an
error has the first part and says what they tried; an answer that explains an error speaks of
the reader's step, not of itself unable.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

from tether.reliability.lexicon import SHIPPED, field_alternation
from tether.reliability.reply import Reply, Signal
from tether.reliability.trie_patterns import term_pattern

# The words are data (`judge_signals.json`: `step_error`); the grammar that joins them is here.
_DATA: Mapping[str, Any] = SHIPPED.get("step_error", {})


def _words(field: str) -> str:
    """One field of the section as an alternation (`lexicon.field_alternation`)."""
    return field_alternation(_DATA, field)


# A step's report is short: the error and the plea, not a diagnosis.
STEP_ERROR_CHARS = 800
# The step that reads or fetches the input, as a verb's stem ("extract*", "retriev*").
_STEP = "(?:" + "|".join(term_pattern(stem) for stem in _DATA.get("steps", ())) + ")"
_TROUBLE = rf"(?:{_words('troubles')})s?"
_ATTEMPTING = rf"(?:(?:{_words('attempts')}) )?"
# An error met while doing it: "an error while attempting to extract", "facing an issue
# retrieving", "encountered a problem when trying to access".
_MET = re.compile(
    rf"\b(?:{_TROUBLE}\s+(?:occurred\s+)?(?:while|when)\s+{_ATTEMPTING}{_STEP}"
    rf"|(?:{_words('meeting')}) (?:an? |some )?(?:\w+ )?{_TROUBLE}\s+(?:while |when |with )?"
    rf"{_ATTEMPTING}{_STEP})"
)
# The verbs of giving the result (not "I'm unable to verify the new URL": a check of its own).
_RESULT = rf"(?:{_words('results')})\b"
# The speaker unable to give the result: "I'm unable to provide", "I couldn't extract" (read
# only in a text that holds "unable" or " i c", `step_error`'s cheap gate).
_UNABLE = re.compile(
    rf"\b(?:{_words('speakers')})\s+(?:(?:{_words('hedges')})\s+)?(?:{_words('unable')})\s+to\s+"
    rf"{_RESULT}|\bi (?:{_words('cannot')})\s+{_RESULT}"
)
# The asker's error, not the step's: "you encountered an error", "... the JSON you sent".
_ASKER_BEFORE = re.compile(r"\byou(?:r|'ve|'re)?\s+(?:\w+\s+)?$")
_ASKER_AFTER = re.compile(rf"\b(?:you (?:{_words('asker_gave')})|your)\b")
ASKER_CHARS = 30


def step_error(low: str) -> str | None:
    """The words of an error met while fetching or reading the input, in a short reply
    (`low`, lower-cased, one apostrophe) where the speaker also says it cannot give the
    result, else None."""
    if len(low) > STEP_ERROR_CHARS or ("unable" not in low and " i c" not in low):
        return None
    met = _MET.search(low)
    if met is None or _UNABLE.search(low) is None:
        return None
    if _ASKER_BEFORE.search(low, max(0, met.start() - ASKER_CHARS), met.start()) or (
        _ASKER_AFTER.search(low, met.end(), met.end() + ASKER_CHARS)
    ):
        return None  # the asker's error, or one in the asker's input: explained to them
    return met.group(0)


def step_failed(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """The reply reports the error its own step met and gives no result (`step_error`)."""
    if len(r.text) > STEP_ERROR_CHARS or not r.written:
        return ()
    found = step_error(r.low.replace("\u2019", "'"))
    if found is None:
        return ()
    return (Signal("step_failed", w["step_failed"], found[:60]),)
