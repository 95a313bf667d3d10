"""A reply that opens with the speaker blocked by a failure: the work was not done.

An agent that writes a document or reviews code through tools meets a rate limit or an outage
and says so where the artefact should be: "I apologize, but I'm unable to access the
repository due to GitHub API rate limits. To generate ..., I need ...", "I'm experiencing
GitHub API rate limit issues that prevent me from accessing the repository files." What follows
is what it would need and would do: a list of files, a request for a token, a promise. The
opening says it all: the speaker cannot do the work BECAUSE of a failure (signal
blocked_by_failure). A person's report names a failure too, but as what they met ("I get a 429
when I call the API"), not as why they, the writer, cannot go on with the task; and an answer
that explains a limit ("You can't call it more than 5 times due to the rate limit") says it of
the reader, not of itself.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

from tether.reliability.lexicon import SHIPPED, Lexicon, field_alternation, listed_group
from tether.reliability.refusal_grammar import CANNOT
from tether.reliability.reply import Reply, Signal

# The opening read: the first sentence, after an apology at most.
OPENING_CHARS = 240

_BLOCKED_BY: Mapping[str, Any] = SHIPPED.get("blocked_by", {})
_FAILURE = r"(?:(?:github |the )?api )?" + listed_group(_BLOCKED_BY, "failures")
# "I'm (currently) unable to access the repository due to GitHub API rate limits"
_BLAMED = re.compile(
    r"^[^.!?\n]{0,40}?\bi(?:'m| am)? (?:currently |still |now )?"
    rf"{CANNOT}\s+[^.!?\n]{{0,80}}?"
    r"\b(?:due to|because of|owing to)\s+(?:the |a |an |some |ongoing |current )?"
    r"[^.!?\n]{0,30}?" + _FAILURE + r"\b"
)
# "I'm experiencing GitHub API rate limit issues that prevent me from accessing ..."
_PREVENTED = re.compile(
    r"^[^.!?\n]{0,80}?" + _FAILURE + r" (?:that |which )?(?:prevent|prevents|are preventing"
    r"|is preventing|keep|keeps) me from\b"
)
_CUES = tuple(str(cue) for cue in _BLOCKED_BY.get("cues", ()))
# A bare "issues"/"problems" after one of these words is a person's trouble ("due to unforeseen
# medical issues"): the writer of an excuse or a letter the request asked for, not an agent
# whose machinery failed.
_PERSONAL_TROUBLE = re.compile(
    rf"\b(?:{field_alternation(SHIPPED.get('blocked_personal_trouble', {}), 'terms')})"
    r" (?:issues?|problems?)\b"
)


def may_fire(text: str, low: str, lexicon: Lexicon) -> bool:
    """The reply may open blocked by a failure: not cleared unread."""
    head = low[:OPENING_CHARS]
    return any(cue in head for cue in _CUES)


def blocked_by_failure(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """The reply opens with the speaker unable to go on because of a failure it names."""
    head = r.low.lstrip()[:OPENING_CHARS]
    if not r.written or not any(cue in head for cue in _CUES):
        return ()
    found = _BLAMED.search(head) or _PREVENTED.search(head)
    if found is None or _PERSONAL_TROUBLE.search(found.group(0)):
        return ()
    return (Signal("blocked_by_failure", w["blocked_by_failure"], found.group(0)[:80]),)
