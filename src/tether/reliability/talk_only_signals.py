"""A reply that only talks about the work: a plan of it or an offer of more, and no work.

Tools that write a commit message, a README, a doc page or a post hand the model's reply on as
the artefact. When the model stopped after its opening move, the artefact is that move: the
plan of work it meant to do ("I'll explore the repository structure to understand the codebase
and identify the relevant files.", "I need to explore ... Let me start by examining the
repository.": signal announces_only), or the chat turn's closing offer of more work ("Would you
like me to generate a sample `specification.md` next?", "If you want, I can also tighten this
into a more newsroom tone.": signal offers_only), with nothing before it.

Each reads the reply whole: every sentence must be the plan, or the offer. An answer that plans
or offers says something else too (what it found, what it changed). A person's promise on a
tracker ("I'll check it out.", "I'll investigate the errors. Let me start by checking the pod
status.") names no purpose of understanding: a plan is read only when one of its sentences
says it is to understand or identify something first ("to understand the codebase", "and see
if we can identify the issue"), the mark of a model that meant to read before writing. An
offer is read only when it offers MORE ("also", "next", "another"): a clarifying question
("Would you like me to use TypeScript?") offers nothing more, and asks.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from tether.reliability.lexicon import Lexicon
from tether.reliability.once import kept
from tether.reliability.reply import Reply, Signal
from tether.reliability.text_shape import split_sentences

# A plan or an offer alone is two or three sentences.
TALK_CHARS = 400
# ... and at most this many.
TALK_SENTENCES = 3

# Words a sentence may open with before its plan ("Got it, let's ...", "First, I'll ...").
_LEAD = r"(?:(?:ok(?:ay)?|got it|sure|alright|all right|great|now|first|next|then)[,.!]?\s+)*"
# A sentence of the speaker's own next move: "I'll explore", "Let me start by", "I need to".
_PLAN = re.compile(
    _LEAD + r"(?:i'll|i will|i'm going to|i am going to|let me|let's|let us|i need to"
    r"|i'd like to|i should|we'll|we will|we need to)\s"
)
# Its purpose: to understand or identify something before the work.
_PURPOSE = re.compile(
    r"\bto (?:understand|identify|determine|figure out|find out|get a sense|get an overview"
    r"|familiarize)\b|\band (?:see|check) (?:if|whether|what|how)\b|\band identify\b"
)
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
_CUES = ("i'll", "i will", "let me", "let's", "i need to", "going to", "we'll", "we will",
         "would you like", "if you", "want me to", "can also", "could also")  # fmt: skip


@kept
def _sentences(r: Reply) -> list[str]:
    """The reply's sentences, lower-cased and without their emphasis, when it is short enough
    to be only talk and opens as a plan or an offer; else none (read once for both signals)."""
    low = r.low.strip()
    if len(low) > TALK_CHARS or "```" in low:
        return []
    start = _EMPHASIS.sub(" ", low[:60]).lstrip()
    if (_PLAN.match(start) is None and _OFFER.match(start) is None) or not r.written:
        return []
    found = [_EMPHASIS.sub(" ", s).strip() for s in split_sentences(low)]
    found = [s for s in found if s]
    return found if len(found) <= TALK_SENTENCES else []


def may_fire(text: str, low: str, lexicon: Lexicon) -> bool:
    """The reply may be a plan or an offer alone: not cleared unread."""
    return len(low) <= TALK_CHARS and any(cue in low for cue in _CUES)


def announces_only(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """Every sentence is the speaker's plan of work, one of them to understand something
    first ("I'll explore the repository structure to understand the codebase ...")."""
    found = _sentences(r)
    if not found or not all(_PLAN.match(s) for s in found):
        return ()
    if not any(_PURPOSE.search(s) for s in found):
        return ()
    return (Signal("announces_only", w["announces_only"], found[0][:80]),)


def offers_only(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """Every sentence offers work, one of them more work ("If you want, I can also ...",
    "Would you like me to generate ... next?")."""
    found = _sentences(r)
    if not found or not all(_OFFER.match(s) for s in found):
        return ()
    if not any(_MORE.search(s) for s in found):
        return ()
    return (Signal("offers_only", w["offers_only"], found[0][:80]),)
