"""A guard's verdict that the request asked for: a moderation or classifier prompt's answer.

A safety classifier, a moderation filter or a prompt-injection guard run as a prompt answers
with its verdict: "unsafe\\nS10", "BLOCKED", "Label: toxic", "[Answer] unsafe". Those words are
a filter's vocabulary, and where a chat answer was due they would be its notice; but when the
request itself asks for a safety assessment, a classification or a moderation decision, the
verdict is the answer it demanded. The words of such a request and the verdict words a reply
opens with are data of `judge_signals.json` (`guard_request`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

from tether.reliability.lexicon import SHIPPED, shipped_terms
from tether.reliability.question_signals import failure_after, offered_labels
from tether.reliability.reply import Reply, Signal

VERDICT_CHARS = 200  # a verdict and its category or a one-line reason, not a notice's paragraph

_DATA: Mapping[str, Any] = SHIPPED.get("guard_request", {})
_ASKS = shipped_terms("guard_request", "asks")
_VERDICTS = "|".join(
    re.escape(t.lower()) for t in sorted(_DATA.get("verdicts", ()), key=len, reverse=True)
)
# the reply opens with the verdict, after a label at most ("[Answer] unsafe", "Label: toxic")
_OPENS_WITH_VERDICT = re.compile(
    r"[\s\W]{0,4}(?:(?:answer|label|verdict|result|decision|classification|category|rating)"
    r"\s*[\]:=-]?\s*)?[\"'`*]*(?:" + (_VERDICTS or "(?!)") + r")(?![a-z])"
)


def asked_verdict(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """A short reply that opens with a guard's verdict ("unsafe", "BLOCKED", "flagged") to a
    request that asks for a safety assessment, a moderation decision or a classification:
    the verdict is the demanded answer, not a filter's notice in place of one."""
    q = r.instructions
    if not r.question or len(r.text) > VERDICT_CHARS:
        return ()
    low = r.low.lstrip()
    m = _OPENS_WITH_VERDICT.match(low)
    if m is None or failure_after(r, low, m.group(0)):
        return ()  # (a filter's notice opening on a verdict word: "BLOCKED due to SAFETY")
    asks = _ASKS.search(q)
    if asks is None or len(offered_labels(r.system, r.raw_question)) >= 2:
        # (a request that offers its labels, "Answer 'safe' or 'unsafe'", "INFO, WARN or
        # ERROR", is answered by one of them: `question_signals.asked_for` and `asked_label`
        # read that; a verdict word it does not offer, "BLOCKED", is no label of its answer)
        return ()
    said = f"{m.group(0).strip()!r} to a request for {asks.group(0).strip()!r}"
    return (Signal("asked_verdict", -w["asked_verdict"], said),)
