"""An agent loop that ran out of its budget of steps, as the framework's notice says it.

Agent frameworks stop a loop at a cap on its iterations, steps, turns or recursion, and many
put a notice of it where the model's answer should be: "Agent stopped due to iteration limit",
"Recursion limit of 25 reached", "已达到最大迭代次数". The notice names three things in its
first clause: a limit, the loop's steps, and that the limit was reached. The words are data of
`judge_signals.json` (`step_limit`), in the corpus's languages.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

from tether.reliability.lexicon import SHIPPED, Lexicon
from tether.reliability.reply import Reply, Signal
from tether.reliability.trie_patterns import Boundary, Words

# A notice is a line or two; a paragraph about a step limit is someone's explanation.
NOTICE_CHARS = 300
# The first clause is read: where a notice says what happened.
CLAUSE_CHARS = 140
_CLAUSE_END = re.compile(r"[.!?](?:\s|$)|[\n\u3002\uff01\uff1f]")
# A condition or the writer opens an answer about the limit, not a notice of it.
_OPENER = re.compile(
    r"(?:if|when|whenever|once|unless|i|i'm|i've|we|we've|you|your|to|set|raise|increase"
    r"|si|cuando|quand|wenn|falls|quando|если|когда|如果|当|若|もし|만약)\b",
    re.IGNORECASE,
)


# A Latin word of a list starts a word ("limit", not in "unlimited"); it may end inside one
# ("iteration" in "iterations"), as may a word of another script.
_AT_START = Boundary(before="a-z")


def _words(data: Mapping[str, Any], key: str) -> Words:
    """The words of `key`, each a Latin one at a word's start (`_AT_START`)."""
    return Words((str(t).lower() for t in data.get(key, ())), _AT_START)


_DATA: Mapping[str, Any] = SHIPPED.get("step_limit", {})
_LIMIT = _words(_DATA, "limit")
_STEPS = _words(_DATA, "steps")
_REACHED = _words(_DATA, "reached")


def _first_clause(text: str) -> str:
    head = text[:CLAUSE_CHARS]
    end = _CLAUSE_END.search(head)
    return head[: end.start()] if end is not None else head


def may_be_step_limit(low: str) -> bool:
    """Whether `low` (a reply, lower-cased) may be a loop's cap reached: a reading must not
    clear it on its missing failure words."""
    return (
        len(low) <= NOTICE_CHARS
        and _LIMIT.search(low) is not None  # the rarer first
        and _REACHED.search(low) is not None
    )


def may_fire(text: str, low: str, lexicon: Lexicon) -> bool:
    """A loop's cap reached may be said (`may_be_step_limit`): not cleared unread."""
    return may_be_step_limit(low)


def step_limit(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """A short reply that opens with a loop's cap reached: a limit, its steps, and reached."""
    if len(r.text) > NOTICE_CHARS or not r.written:
        return ()
    clause = _first_clause(r.text.strip()).lower().replace("_", " ")
    if _OPENER.match(clause.lstrip("*#>-` ")) is not None:
        return ()
    if not all(p.search(clause) for p in (_LIMIT, _REACHED, _STEPS)):  # the rarest first
        return ()
    return (Signal("step_limit", w["step_limit"], clause[:80]),)
