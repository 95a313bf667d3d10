"""A refusal in place of the code the request demands: no code in it, and it opens by declining.

Asked to write a function, a code model sometimes answers with no code at all: "I'm sorry, but
the question you've asked is not related to computer science", "I apologize, but as a
responsible AI language model, I cannot provide a code that ...". The work asked for is code;
a reply with no line of it that declines, apologises or disclaims as an AI gave none of the
work (a reply that declines and then writes the code has its code: `source_code`). Signal
code_declined.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from tether.reliability.program_signals import program_lines
from tether.reliability.refusal_grammar import (
    APOLOGY,
    APOLOGY_OTHER,
    AS_MODEL,
    CANNOT,
    names_model_other,
    refuses_other,
    unable_other,
)
from tether.reliability.reply import Reply, Signal
from tether.reliability.stub_code_signals import demands_code

# A refusal is a paragraph or three; a longer reply has done some work.
DECLINED_CHARS = 1500
# Where a refusal says it declines: its opening, or a disclaimer as an AI further on.
OPENING_CHARS = 200
DISCLAIMER_CHARS = 1000
# An opening that declines: an apology, "unfortunately", the speaker unable.
_DECLINES = re.compile(
    rf"^\W*(?:{APOLOGY}|unfortunately)\b"
    rf"|\b(?:i|we)\s+(?:(?:am\s+)?{CANNOT}|must (?:politely |respectfully )?decline)\b"
)
# A disclaimer as an AI model, or a declining of the question, anywhere in the refusal.
_DISCLAIMS = re.compile(rf"{AS_MODEL.pattern}|\bdecline to (?:answer|provide|write)\b")


def code_declined(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """The request demands code and the reply has none (no fence, no statement) and declines:
    it opens with an apology or an inability, or disclaims as an AI model."""
    text = r.text
    if len(text) > DECLINED_CHARS or "```" in text or not demands_code(r.raw_question):
        return ()
    said = declines_code(r.low)
    if said is None or program_lines(text)[0]:
        return ()
    return (Signal("code_declined", w["code_declined"], said.strip()[:60]),)


def declines_code(low: str) -> str | None:
    """The words in which a reply (lower-cased) declines: its opening apologizes or is unable,
    or it disclaims as an AI model (in English or another language); None when it does not."""
    m = _DECLINES.search(low[:OPENING_CHARS]) or _DISCLAIMS.search(low[:DISCLAIMER_CHARS])
    return m.group(0) if m is not None else _declined_other(low)


def _declined_other(low: str) -> str | None:
    """`code_declined`'s reading in another language (`refusal_grammar`'s words): the opening
    apologizes or refuses ("申し訳ありませんが", "no puedo escribir"), or the reply disclaims as
    an AI model ("als KI-Sprachmodell")."""
    opening = low[:OPENING_CHARS]
    apology = APOLOGY_OTHER.search(opening)
    if apology is not None and apology.start() <= 2:
        return apology.group(0)
    if unable_other(opening) and refuses_other(opening):
        return opening
    model = names_model_other(low[:DISCLAIMER_CHARS])
    return model.group(0) if model is not None else None
