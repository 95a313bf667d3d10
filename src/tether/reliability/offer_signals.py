"""A reply that only offers more work, and does none.

Tools that write a commit message, a README, a doc page or a post hand the model's reply on as
the artefact. When the model stopped at its chat turn's closing offer of more work ("Would you
like me to generate a sample `specification.md` next?", "If you want, I can also tighten this
into a more newsroom tone."), the artefact is that offer, with nothing before it (a reply that
only announces the work to come is `announce_signals`').

Every sentence must be the offer: an answer that offers says something else too (what it
found, what it changed). An offer is read only when it offers MORE ("also", "next",
"another"): a clarifying question ("Would you like me to use TypeScript?") offers nothing
more, and asks.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from tether.reliability.lexicon import Lexicon
from tether.reliability.once import kept
from tether.reliability.reply import Reply, Signal
from tether.reliability.text_shape import split_sentences

# An offer alone is two or three sentences.
TALK_CHARS = 400
# ... and at most this many.
TALK_SENTENCES = 3

# A sentence offering work: "Would you like me to", "If you want, I can", "Do you want me to".
_OFFER = re.compile(
    r"(?:if you(?:'d)? (?:want|like|prefer|wish)[^.?!,]{0,20},?\s+(?:i|we) (?:can|could)"
    r"|would you like (?:me|us) to|do you want (?:me|us) to|want me to"
    r"|let me know if you(?:'d)? (?:want|like) (?:me|us) to|(?:i|we) (?:can|could) also)\b"
)
# ... of more work than was done.
_MORE = re.compile(r"\b(?:also|next|too|as well|another|further|additional(?:ly)?|even|more)\b")
_EMPHASIS = re.compile(r"[*_>#\s]+")
# The words a reply must hold to be read at all (`may_fire`).
_CUES = ("would you like", "if you", "want me to", "can also", "could also")


@kept
def _sentences(r: Reply) -> list[str]:
    """The reply's sentences, lower-cased and without their emphasis, when it is short enough
    to be only talk and opens as an offer; else none."""
    low = r.low.strip()
    if len(low) > TALK_CHARS or "```" in low:
        return []
    start = _EMPHASIS.sub(" ", low[:60]).lstrip()
    if _OFFER.match(start) is None or not r.written:
        return []
    found = [_EMPHASIS.sub(" ", s).strip() for s in split_sentences(low)]
    found = [s for s in found if s]
    return found if len(found) <= TALK_SENTENCES else []


def may_fire(text: str, low: str, lexicon: Lexicon) -> bool:
    """The reply may be an offer alone: not cleared unread."""
    return len(low) <= TALK_CHARS and any(cue in low for cue in _CUES)


def offers_only(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """Every sentence offers work, one of them more work ("If you want, I can also ...",
    "Would you like me to generate ... next?")."""
    found = _sentences(r)
    if not found or not all(_OFFER.match(s) for s in found):
        return ()
    if not any(_MORE.search(s) for s in found):
        return ()
    return (Signal("offers_only", w["offers_only"], found[0][:80]),)
