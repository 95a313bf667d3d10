"""A whole reply that is one clause of inability, framed by its language's grammar.

Vietnamese and Thai say "could not <verb>" with a frame around the verb: "không dịch được",
"ไม่สามารถสรุปได้". Clients in those languages put such a clause, after a warning sign, where
the model's answer should be ("⚠️ Không soạn được."). The frames are data of
`judge_signals.json` (`inability_alone`); the clause must be the whole reply: an answer that
says it could not do something goes on to say why or what it did instead.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

from tether.reliability.lexicon import SHIPPED, Lexicon
from tether.reliability.reply import Reply, Signal

# The verb and its object: a few words, never a sentence of the task's.
CLAUSE_CHARS = 40


def _frames(data: Mapping[str, Any]) -> re.Pattern[str]:
    """One pattern: a whole text made of a warning sign at most and one framed clause."""
    inner = "|".join(
        re.escape(str(start).lower())
        + rf"[^\W\d_][^.!?\n]{{0,{CLAUSE_CHARS}}}?"
        + re.escape(str(end).lower())
        for start, end in data.get("frames", ())
    )
    return re.compile(r"[^\w]{0,4}(?:" + (inner or "(?!)") + r")[\s.!\u3002]*")


_ALONE = _frames(SHIPPED.get("inability_alone", {}))


def may_be_inability(low: str) -> bool:
    """Whether `low` (a reply, lower-cased) may be an inability clause alone: a reading must
    not clear it on its missing failure words."""
    return len(low) <= CLAUSE_CHARS + 20 and _ALONE.fullmatch(low.strip()) is not None


def may_fire(text: str, low: str, lexicon: Lexicon) -> bool:
    """The reply may be one clause of inability (`may_be_inability`): not cleared unread."""
    return may_be_inability(low)


def inability_alone(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """The whole reply is one clause saying it could not do something, and nothing else."""
    if not may_be_inability(r.low) or not r.written:
        return ()
    return (Signal("inability_alone", w["inability_alone"], r.text.strip()[:60]),)
