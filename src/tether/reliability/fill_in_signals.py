"""Copy published with its fill-in slots left open: a writing template, not the text.

A model asked to write a product page, a post or a README sometimes gives back the template it
would fill: "This product can be used for [task 1], [task 2], and [task 3].", "Il nostro
[prodotto] ... [attività 1], [attività 2] e [attività 3]", or a generator's own stand-ins for
sections it never wrote ("► INSERT-TEXT-HERE", "Insert your product description here",
"lorem ipsum dolor sit amet"). Shops and READMEs published such texts as they came (signal
fill_in_left). Two marks tell it from a letter template a user asked for ("Dear [Customer
Name], ... [Your Name]", an answer): a NUMBERED series of the same slot ("[task 1], [task 2]"),
which lists things the writer was to name, and a fill-in instruction written as the text
itself, outside any bracket. Filler asked for by name (lorem ipsum, a placeholder) is an answer.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from tether.reliability.lexicon import Lexicon
from tether.reliability.reply import Reply, Signal

# A slot and its numbered sibling in the same sentence: "[task 1], [task 2]", "[tarefa 1] e
# [tarefa 2]" (letters only: `[i - 1]` is code).
_NUMBERED = re.compile(r"\[([^\W\d_][^\W\d_ ]*(?: [^\W\d_]+){0,2}) 1\][^\[\n]{0,30}\[\1 2\]")
# A generator's or a template's instruction standing as the text, not inside a bracket.
_INSTRUCTION = re.compile(
    r"insert[- _]text[- _]here|(?<!\[)\binsert (?:your|the) [\w ]{1,30} here\b|\blorem ipsum\b"
)
# A generator's stand-in said again section after section: each time after the first adds this
# much, up to `MORE_STAND_INS` times (a README whose every section says "INSERT-TEXT-HERE").
AGAIN_WEIGHT = 0.5
MORE_STAND_INS = 3
_STAND_IN = re.compile(r"insert[- _]text[- _]here")
# Filler the request asks for: then it is the answer.
_ASKED = re.compile(r"lorem|placeholder|template|dummy|filler")
_CUES = ("1]", "insert", "lorem")


def may_fire(text: str, low: str, lexicon: Lexicon) -> bool:
    """The reply may hold fill-in slots or a fill-in instruction: not cleared unread."""
    return any(cue in low for cue in _CUES)


def fill_in_left(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """A numbered series of fill-in slots, or a fill-in instruction, left in the text."""
    low = r.low
    if not any(cue in low for cue in _CUES) or "```" in low:
        return ()
    found = _NUMBERED.search(r.text) or _INSTRUCTION.search(low)
    if found is None or _ASKED.search(r.question) is not None:
        return ()
    again = min(MORE_STAND_INS, max(0, len(_STAND_IN.findall(low)) - 1))
    weight = w["fill_in_left"] + AGAIN_WEIGHT * again if w["fill_in_left"] else 0.0
    return (Signal("fill_in_left", weight, found.group(0)[:60]),)
