"""No query where a text-to-SQL question's hints demanded one: prose, a number, a restated
question, a bare ";" or another language's code in place of the `SELECT`.

A text-to-SQL benchmark's question comes with the hints that map its words to the database:
"normal blood glucose refers to GLU < 180", "Female refers to gender = 'F'", "percentage refers
to DIVIDE(COUNT(hasContentWarning = 0), COUNT(ID))", "Eligible free rate = `Free Meal Count` /
`Enrollment`". Such hints name columns and operators for one purpose: the query the model is to
write. A reply to it that carries no query at all (no `SELECT ... FROM`, no statement, no fence)
has not done the work, whatever it says instead: the answer's number ("The number of patients is
**0**"), reasoning about the data, the question restated, a pandas script, a placeholder, a
lone ";", or off-topic text. A question without such hints may be answered in words; a reply
that carries a query, right or wrong, is not read here. Signal query_not_written.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from functools import lru_cache

from tether.reliability.lexicon import SHIPPED, listed_group
from tether.reliability.query_signals import CARRIES_QUERY
from tether.reliability.reply import Reply, Signal

# A hint that maps a phrase to a column and a condition: "refers to GLU < 180", "refers to
# availability like '%arena%'", "stands for A16 = ..."; or to an aggregate: "refers to
# DIVIDE(...)", "refers to MAX(...)".
_MAPPED_TO_COLUMN = re.compile(
    r"\b(?:refers?\s+to|stands?\s+for)\s+[`'\"]?[\w.]+[`'\"]?\s*(?:=|<|>|!=|\blike\b)"
    r"|\b(?:refers?\s+to|stands?\s+for)\s+(?:divide|subtract|multiply|sum|count|avg|max|min"
    r"|cast|iif)\s*\(",
    re.I,
)
# The benchmark's pseudo-SQL spelled in capitals: `DIVIDE(COUNT(bond_id), ...)`,
# `SUBTRACT(SUM(ViewCount where ...), ...)`.
_PSEUDO_SQL = re.compile(
    r"\b(?:DIVIDE|SUBTRACT|MULTIPLY)\s*\(\s*(?:SUM|COUNT|AVG|MAX|MIN|CAST)\s*\("
)
# A value's meaning ("element = 'cl' means Chlorine") or a formula over quoted columns
# ("= `Free Meal Count (K-12)` / `Enrollment (K-12)`").
_VALUE_MEANS = re.compile(r"=\s*'[^'\n]{0,40}'\s+means?\b|=\s*`[^`\n]{1,60}`\s*[-+/*]\s*`")
# A first line that asks what its words mean ("What does 'normal blood glucose' mean in this
# dataset?"): the hint after it is what it asks about, not the map for a query.
_ASKS_MEANING = re.compile(listed_group(SHIPPED.get("query_request", {}), "asks_meaning"), re.I)
# The hints follow the question, on its next lines.
_HINT_CHARS = 3000
# A query is written with this word (the cheap test before the full one).
_SELECT = re.compile(r"\bselect\b", re.I)


@lru_cache(maxsize=64)
def gives_query_hints(question: str) -> str:
    """The request's hint that maps its words to columns, on a line after the question's first
    (a text-to-SQL question's evidence); "" when it gives none, or when the first line asks
    what the words mean (the hint is then its subject). Read once per request."""
    start = question.find("\n")
    if start < 0 or _ASKS_MEANING.search(question[:start]) is not None:
        return ""
    hints = question[start : start + _HINT_CHARS]
    for pattern in (_MAPPED_TO_COLUMN, _PSEUDO_SQL, _VALUE_MEANS):
        m = pattern.search(hints)
        if m is not None:
            return m.group(0)
    return ""


def query_not_written(r: Reply, w: Mapping[str, float]) -> Iterable[Signal]:
    """The request is a text-to-SQL question with its column hints, and the reply carries no
    query: no `SELECT`, no statement, no fence."""
    hint = gives_query_hints(r.raw_question)
    if not hint or _SELECT.search(r.text) is not None or CARRIES_QUERY.search(r.text) is not None:
        return ()
    return (Signal("query_not_written", w["query_not_written"], hint[:60]),)
